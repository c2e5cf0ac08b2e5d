"""Training the expert's two networks on a generation's data, in numpy.

Plain mini-batch Adam. The value network's loss is the squared error of the score
plus, weighed more (`CENTRED`), that of each candidate's score against its
decision's mean: the candidates of a decision share the deal, so that comparison is
free of its luck, and it is what choosing a move rests on. The holders network's is
the cross-entropy over the places a card may be. The rows are kept packed
(`bots.packed`) and expanded a mini-batch at a time. After each epoch the report
says how many points the value network's pick saves on the held-out parts against
a candidate taken at random; the best epoch's weights are the generation's.
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from craits_core.bots.features import (
    _OTHER,
    _OTHER_WIDTH,
    _SCALARS,
    MAX_OTHERS,
    SITUATION_WIDTH,
    WIDTH,
)
from craits_core.bots.nets import HOLDER_CLASSES, Models, Network, read_models, save_models
from craits_core.bots.packed import rows, situation_rows

from .stages import Generation, read_parts, split

SCORE_SCALE = 30.0
"""Points per unit of the value network's output: it learns numbers near 1."""

CENTRED = 4.0
"""The weight of a candidate's score against its decision's mean, in the value loss."""

GROUPS = 128
"""Decisions in a mini-batch of the value network (some 500 rows)."""

BATCH = 512
"""Rows in a mini-batch of the holders network."""

VALUE_LAYERS = (WIDTH, 256, 128, 1)
HOLDER_LAYERS = (SITUATION_WIDTH, 192, 52 * HOLDER_CLASSES)

Layers = list[list[np.ndarray]]


def init_layers(sizes: Sequence[int], rng: np.random.Generator) -> Layers:
    return [
        [(rng.standard_normal((a, b)) * np.sqrt(2 / a)).astype(np.float32), np.zeros(b, np.float32)]
        for a, b in itertools.pairwise(sizes)
    ]


def forward(layers: Layers, x: np.ndarray) -> list[np.ndarray]:
    """Every layer's output, the input first."""
    outs = [x]
    for i, (w, b) in enumerate(layers):
        x = x @ w + b
        if i < len(layers) - 1:
            x = np.maximum(x, 0.0)
        outs.append(x)
    return outs


def backward(layers: Layers, outs: list[np.ndarray], grad: np.ndarray) -> Layers:
    grads: Layers = []
    for i in range(len(layers) - 1, -1, -1):
        w = layers[i][0]
        grads.append([outs[i].T @ grad, grad.sum(axis=0)])
        if i:
            grad = (grad @ w.T) * (outs[i] > 0)
    return grads[::-1]


class Adam:
    def __init__(self, layers: Layers, rate: float) -> None:
        self.rate = rate
        self.m = [[np.zeros_like(p) for p in layer] for layer in layers]
        self.v = [[np.zeros_like(p) for p in layer] for layer in layers]
        self.t = 0

    def step(self, layers: Layers, grads: Layers) -> None:
        self.t += 1
        b1, b2 = 0.9, 0.999
        fix1, fix2 = 1 - b1**self.t, 1 - b2**self.t
        for layer, grad, m, v in zip(layers, grads, self.m, self.v, strict=True):
            for k in range(2):
                m[k] = b1 * m[k] + (1 - b1) * grad[k]
                v[k] = b2 * v[k] + (1 - b2) * grad[k] ** 2
                layer[k] -= self.rate * (m[k] / fix1) / (np.sqrt(v[k] / fix2) + 1e-8)


# --- Losses ---------------------------------------------------------------------------


def decision_groups(moves: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Where each decision's candidates start among ``moves``, and how many there are
    (a decision's candidates are saved one after the other)."""
    decision = moves["decision"]
    new = np.ones(len(decision), dtype=bool)
    new[1:] = decision[1:] != decision[:-1]
    starts = np.flatnonzero(new)
    return starts, np.diff(np.append(starts, len(decision)))


def group_rows(starts: np.ndarray, sizes: np.ndarray, groups: np.ndarray) -> np.ndarray:
    """The rows of ``groups``, group after group."""
    counts = sizes[groups]
    first = np.repeat(starts[groups], counts)
    offsets = np.arange(counts.sum()) - np.repeat(np.cumsum(counts) - counts, counts)
    return first + offsets


def value_loss(layers: Layers, x: np.ndarray, y: np.ndarray, sizes: np.ndarray):
    """Squared error of the predicted score, plus `CENTRED` times the squared error
    of its difference from the decision's mean."""
    outs = forward(layers, x)
    diff = outs[-1][:, 0] - y / SCORE_SCALE
    gid = np.repeat(np.arange(len(sizes)), sizes)
    centred = diff - (np.bincount(gid, diff) / sizes)[gid]
    loss = float(np.mean(diff * diff) + CENTRED * np.mean(centred * centred))
    grad = (2 * diff + 2 * CENTRED * centred) / len(y)
    return loss, outs, grad[:, None].astype(np.float32)


def holder_mask(x: np.ndarray) -> np.ndarray:
    """Per row, the classes a card may be in: the stock when it has cards, and each
    other player who holds some (from the situation columns)."""
    mask = np.zeros((len(x), HOLDER_CLASSES), dtype=bool)
    mask[:, 0] = x[:, _SCALARS + 3] > 0
    for r in range(MAX_OTHERS):
        mask[:, r + 1] = x[:, _OTHER + r * _OTHER_WIDTH] > 0
    return mask


def holder_loss(layers: Layers, x: np.ndarray, y: np.ndarray):
    outs = forward(layers, x)
    logits = outs[-1].reshape(len(x), 52, HOLDER_CLASSES)
    logits = np.where(holder_mask(x)[:, None, :], logits, -1e9)
    logits = logits - logits.max(axis=2, keepdims=True)
    p = np.exp(logits)
    p /= p.sum(axis=2, keepdims=True)
    known = y >= 0
    count = max(1, int(known.sum()))
    where = np.maximum(y, 0)[..., None].astype(np.int64)
    picked = np.take_along_axis(p, where, axis=2)[..., 0]
    loss = float(-np.log(np.maximum(picked[known], 1e-9)).sum() / count)
    grad = p.copy()
    np.put_along_axis(grad, where, np.take_along_axis(grad, where, axis=2) - 1, axis=2)
    grad *= known[..., None] / count
    return loss, outs, grad.reshape(len(x), -1).astype(np.float32)


def pick_gains(layers: Layers, data: dict[str, np.ndarray]) -> list[float]:
    """Per decision with a choice: the points the value network's pick saves against
    a candidate taken at random, on the same play-outs."""
    moves, returns = data["moves"], data["returns"]
    predicted = np.concatenate(
        [
            forward(layers, rows(data["decisions"], moves[i : i + 8192]))[-1][:, 0]
            for i in range(0, len(moves), 8192)
        ]
    )
    return [
        returns[s : s + k].mean() - returns[s + int(np.argmin(predicted[s : s + k]))]
        for s, k in zip(*decision_groups(moves), strict=True)
        if k > 1
    ]


def held_holder_loss(layers: Layers, data: dict[str, np.ndarray]) -> float:
    at, labels = data["holders_at"], data["labels"]
    return float(
        np.mean(
            [
                holder_loss(
                    layers,
                    situation_rows(data["decisions"][at[i : i + 4096]]),
                    labels[i : i + 4096],
                )[0]
                for i in range(0, len(at), 4096)
            ]
        )
    )


# --- The stage ------------------------------------------------------------------------


def fit(generation: Generation, seed: int, minutes: float, epochs: int, rate: float) -> None:
    """Train both networks on ``generation``'s data, from its checkpoint, for at most
    ``epochs`` in all and ``minutes`` this time."""
    sets = {name: read_parts(paths) for name, paths in split(generation)}
    train, held = sets["train"], sets["held"]
    starts, sizes = decision_groups(train["moves"])
    print(
        f"value rows: {len(train['moves'])} to train ({len(starts)} decisions), "
        f"{len(held['moves'])} held out; holders rows: {len(train['labels'])} to train, "
        f"{len(held['labels'])} held out",
        flush=True,
    )
    rng = np.random.default_rng(seed)
    value, holders = init_layers(VALUE_LAYERS, rng), init_layers(HOLDER_LAYERS, rng)
    before = generation.previous()
    if before is not None and before.best.exists():
        # Policy iteration: a generation starts from the weights it played by.
        start = read_models(str(before.best))
        value = [[w.copy(), b.copy()] for w, b in start.value.layers]
        holders = [[w.copy(), b.copy()] for w, b in start.holders.layers]
    nets = {"value": (value, Adam(value, rate)), "holders": (holders, Adam(holders, rate))}
    epoch, best = 0, -math.inf
    if generation.checkpoint.exists():
        epoch, best = restore(generation.checkpoint, nets)
        print(f"resumed after epoch {epoch}", flush=True)
    deadline = time.monotonic() + minutes * 60
    while epoch < epochs and time.monotonic() < deadline:
        epoch_rng = np.random.default_rng([seed, epoch])
        order = epoch_rng.permutation(len(starts))
        for first in range(0, len(order) - GROUPS + 1, GROUPS):
            groups = order[first : first + GROUPS]
            picked = train["moves"][group_rows(starts, sizes, groups)]
            x = rows(train["decisions"], picked)
            y = train["returns"][group_rows(starts, sizes, groups)]
            _, outs, grad = value_loss(value, x, y, sizes[groups])
            nets["value"][1].step(value, backward(value, outs, grad))
        order = epoch_rng.permutation(len(train["labels"]))
        for first in range(0, len(order) - BATCH + 1, BATCH):
            pick = order[first : first + BATCH]
            x = situation_rows(train["decisions"][train["holders_at"][pick]])
            _, outs, grad = holder_loss(holders, x, train["labels"][pick])
            nets["holders"][1].step(holders, backward(holders, outs, grad))
        epoch += 1
        gain = float(np.mean(pick_gains(value, held)))
        if gain > best:
            best = gain
            save_models(models_of(nets), str(generation.best))
        save_checkpoint(generation.checkpoint, nets, epoch, best)
        print(
            f"epoch {epoch}: held out, the value network's pick saves {gain:.2f} points a "
            f"decision against one at random (best {best:.2f}); holders loss "
            f"{held_holder_loss(holders, held):.4f}",
            flush=True,
        )
    if epoch < epochs:
        print("time is up: run again to go on", flush=True)


def models_of(nets) -> Models:
    value, holders = nets["value"][0], nets["holders"][0]
    return Models(
        Network(tuple((w.copy(), b.copy()) for w, b in value)),
        Network(tuple((w.copy(), b.copy()) for w, b in holders)),
        SCORE_SCALE,
    )


def save_checkpoint(path: Path, nets, epoch: int, best: float) -> None:
    arrays: dict[str, np.ndarray] = {"epoch": np.array(epoch), "best": np.array(best)}
    for name, (layers, adam) in nets.items():
        arrays[f"{name}/t"] = np.array(adam.t)
        for i, layer in enumerate(layers):
            for k in range(2):
                arrays[f"{name}/{i}/{k}"] = layer[k]
                arrays[f"{name}/{i}/{k}/m"] = adam.m[i][k]
                arrays[f"{name}/{i}/{k}/v"] = adam.v[i][k]
    tmp = path.with_suffix(".tmp.npz")
    np.savez(tmp, **arrays)
    tmp.rename(path)


def restore(path: Path, nets) -> tuple[int, float]:
    with np.load(path) as data:
        for name, (layers, adam) in nets.items():
            adam.t = int(data[f"{name}/t"])
            for i, layer in enumerate(layers):
                for k in range(2):
                    layer[k] = data[f"{name}/{i}/{k}"]
                    adam.m[i][k] = data[f"{name}/{i}/{k}/m"]
                    adam.v[i][k] = data[f"{name}/{i}/{k}/v"]
        return int(data["epoch"]), float(data["best"])


def export(generation: Generation, out: Path) -> None:
    """Ship the best weights the generation's training reached."""
    if not generation.best.exists():
        raise SystemExit(f"no weights in {generation.folder}: run the fit step first")
    models = read_models(str(generation.best))
    save_models(models, str(out))
    print(
        f"wrote {out} ({out.stat().st_size / 1024:.0f} KiB; "
        f"{models.value.size} + {models.holders.size} weights)"
    )
