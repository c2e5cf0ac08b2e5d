"""Make the expert level's networks: self-play data, then training, in stages.

    pip install '.[train]'
    python tools/train_expert.py data --rounds 40000      # self-play, in parts
    python tools/train_expert.py fit --minutes 40         # train, from the checkpoint
    python tools/train_expert.py export                   # write the shipped weights

Everything goes to ``train-data/`` (``--dir``), which is not part of the project.
Each step resumes where the last one stopped: ``data`` skips the parts it has (a
part is ``--part-rounds`` rounds with seeds of its own), and ``fit`` goes on from its
checkpoint, so a step of at most an hour can be run again and again. The same
``--seed`` gives the same data and, on the same machine, the same weights.

**The data.** Rounds of 2-5 players with every hand size, played by the play-out
player of the hard level (`playout.playout_move`), with a random legal move one time
in eight so that moves a good player would not make are seen too. At a share of the
decisions with a choice, every candidate move is tried from the true state and the
round played out from there (the same play-out seed for each, so that they differ
only by the move): the seat's score at the end is the *Monte Carlo return* the value
network learns to predict from what the seat knew. The same decisions teach the
holders network where each card the seat had not seen really was.

**The training.** Plain mini-batch Adam in numpy. The value network's loss is the
squared error of the score plus, weighed more, that of each candidate's score
against its decision's mean: the candidates of a decision share the deal, so that
comparison is free of its luck, and it is what choosing a move rests on. The
holders network's is the cross-entropy over the places a card may be. A tenth of
the parts is held out; after each epoch the report says how many points the value
network's pick saves there against a candidate taken at random, and the best epoch's
weights are the ones exported.
"""

from __future__ import annotations

import argparse
import itertools
import math
import multiprocessing
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from craits_core import FULL_DECK, Game
from craits_core.bots.features import (
    MAX_OTHERS,
    SITUATION_WIDTH,
    WIDTH,
    Situation,
    Voids,
    encode,
    situation_of_state,
)
from craits_core.bots.nets import HOLDER_CLASSES, Models, Network, read_models, save_models
from craits_core.bots.playout import final_scores, play_out, playout_move
from craits_core.commands import Announce, CallIdiot, Command, Play
from craits_core.decide import apply, legal_moves
from craits_core.state import State

SCORE_SCALE = 30.0
"""Points per unit of the value network's output: it learns numbers near 1."""

EXPLORE = 1 / 8
RECORD = 0.5
"""The share of decisions with a choice whose candidates are all played out."""

CENTRED = 4.0
"""The weight of a candidate's score against its decision's mean, in the value loss."""

GROUPS = 128
"""Decisions in a mini-batch of the value network (some 500 rows)."""

BATCH = 512
"""Rows in a mini-batch of the holders network."""

VALUE_LAYERS = (WIDTH, 256, 128, 1)
HOLDER_LAYERS = (SITUATION_WIDTH, 192, 52 * HOLDER_CLASSES)


# --- Self-play -------------------------------------------------------------------------


def start_round(rng: random.Random) -> tuple[State, Voids]:
    """A fresh round with a random table, as the last of its game (so that playing it
    out stops at its end), and the voids of its deal."""
    players = rng.choice((2, 3, 4, 4, 4, 5))
    first_round = rng.randrange(1, 16)
    game = Game.new(
        [f"P{s}" for s in range(players)], seed=rng.getrandbits(48), first_round=first_round
    )
    voids = Voids()
    for event in game.events:
        voids.note(event)
    state = game.state.copy()
    state.round_number = len(state.rules.schedule)
    return state, voids


def candidates(state: State, seat: int) -> list[Command]:
    return [m for m in legal_moves(state, seat) if not isinstance(m, Announce | CallIdiot)]


def with_announce(state: State, seat: int, move: Command) -> Command:
    if isinstance(move, Play) and len(state.hands[seat]) == 2:
        return Play(move.player, move.card, move.suit, True)
    return move


def holder_labels(state: State, sit: Situation) -> np.ndarray:
    """Per card: where it is, as a class of the holders network, or -1 if seen."""
    labels = np.full(52, -1, dtype=np.int8)
    for r, other in enumerate(sit.others(), start=1):
        for card in state.hands[other]:
            labels[INDEX[card]] = r
    for card in state.stock:
        labels[INDEX[card]] = 0
    return labels


INDEX = {card: i for i, card in enumerate(FULL_DECK)}


def play_round(
    rng: random.Random,
) -> tuple[list[tuple[Situation, Command]], list[float], list[tuple[Situation, np.ndarray]]]:
    """One self-play round: the value rows (situation, move), their returns, and the
    holders rows (situation, labels)."""
    state, voids = start_round(rng)
    rows: list[tuple[Situation, Command]] = []
    returns: list[float] = []
    holders: list[tuple[Situation, np.ndarray]] = []
    for _ in range(2000):
        if state.is_over:
            break
        seat = state.current_player
        assert seat is not None
        moves = candidates(state, seat)
        if len(moves) > 1 and rng.random() < RECORD:
            sit = situation_of_state(state, seat, [voids.of(s) for s in range(len(state.hands))])
            seed = rng.getrandbits(32)
            for move in moves:
                after = apply(state, with_announce(state, seat, move))[1]
                end = play_out(after, random.Random(seed))
                rows.append((sit, move))
                returns.append(final_scores(end)[seat])
            holders.append((sit, holder_labels(state, sit)))
        if len(moves) > 1 and rng.random() < EXPLORE:
            move = with_announce(state, seat, rng.choice(moves))
        else:
            move = playout_move(state, seat, rng)
        events, state = apply(state, move)
        for event in events:
            voids.note(event)
    return rows, returns, holders


def make_part(args: tuple[int, int, int, str]) -> str:
    """Play part ``index`` of the data and save it; returns its file name."""
    seed, index, rounds, folder = args
    rng = random.Random(f"craits expert self-play {seed} {index}")
    rows: list[tuple[Situation, Command]] = []
    returns: list[float] = []
    holders: list[tuple[Situation, np.ndarray]] = []
    for _ in range(rounds):
        more_rows, more_returns, more_holders = play_round(rng)
        rows += more_rows
        returns += more_returns
        holders += more_holders
    path = Path(folder) / f"part-{index:05d}.npz"
    np.savez_compressed(
        path.with_suffix(".tmp.npz"),
        x=encode(rows).astype(np.float16),
        y=np.array(returns, dtype=np.float32),
        hx=encode([(sit, None) for sit, _ in holders])[:, :SITUATION_WIDTH].astype(np.float16),
        hy=np.stack([labels for _, labels in holders]) if holders else np.zeros((0, 52), np.int8),
    )
    path.with_suffix(".tmp.npz").rename(path)
    return path.name


def make_data(
    folder: Path, seed: int, rounds: int, part_rounds: int, jobs: int, minutes: float
) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    parts = [
        i
        for i in range((rounds + part_rounds - 1) // part_rounds)
        if not (folder / f"part-{i:05d}.npz").exists()
    ]
    print(f"{len(parts)} parts of {part_rounds} rounds to make", flush=True)
    deadline = time.monotonic() + minutes * 60
    start = time.monotonic()
    done = 0
    with multiprocessing.Pool(jobs) as pool:
        tasks = ((seed, i, part_rounds, str(folder)) for i in parts)
        for name in pool.imap_unordered(make_part, tasks):
            done += 1
            rate = done * part_rounds / (time.monotonic() - start)
            print(f"  {name} ({done}/{len(parts)}, {rate:.0f} rounds/s)", flush=True)
            if time.monotonic() > deadline:
                print("time is up: run again to go on", flush=True)
                pool.terminate()
                break


# --- Training ------------------------------------------------------------------------


def load_parts(folder: Path) -> dict[str, tuple[np.ndarray, ...]]:
    """The training and held-out sets: the parts numbered 9, 19, 29, ... are held out."""
    parts = sorted(folder.glob("part-?????.npz"))
    if not parts:
        raise SystemExit(f"no data in {folder}: run the data step first")
    sets: dict[str, list[list[np.ndarray]]] = {"train": [[], [], [], []], "held": [[], [], [], []]}
    for path in parts:
        number = int(path.stem.split("-")[1])
        with np.load(path) as data:
            target = sets["held" if number % 10 == 9 else "train"]
            for k, key in enumerate(("x", "y", "hx", "hy")):
                target[k].append(data[key])
    return {name: tuple(np.concatenate(arrays) for arrays in lists) for name, lists in sets.items()}


def init_layers(sizes: Sequence[int], rng: np.random.Generator) -> list[list[np.ndarray]]:
    return [
        [(rng.standard_normal((a, b)) * np.sqrt(2 / a)).astype(np.float32), np.zeros(b, np.float32)]
        for a, b in itertools.pairwise(sizes)
    ]


def forward(layers: list[list[np.ndarray]], x: np.ndarray) -> list[np.ndarray]:
    """Every layer's output, the input first."""
    outs = [x]
    for i, (w, b) in enumerate(layers):
        x = x @ w + b
        if i < len(layers) - 1:
            x = np.maximum(x, 0.0)
        outs.append(x)
    return outs


def backward(
    layers: list[list[np.ndarray]], outs: list[np.ndarray], grad: np.ndarray
) -> list[list[np.ndarray]]:
    grads: list[list[np.ndarray]] = []
    for i in range(len(layers) - 1, -1, -1):
        w = layers[i][0]
        grads.append([outs[i].T @ grad, grad.sum(axis=0)])
        if i:
            grad = (grad @ w.T) * (outs[i] > 0)
    return grads[::-1]


def holder_mask(x: np.ndarray) -> np.ndarray:
    """Per row, the classes a card may be in: the stock when it has cards, and each
    other player who holds some (from the situation columns)."""
    from craits_core.bots.features import _OTHER, _OTHER_WIDTH, _SCALARS

    mask = np.zeros((len(x), HOLDER_CLASSES), dtype=bool)
    mask[:, 0] = x[:, _SCALARS + 3] > 0
    for r in range(MAX_OTHERS):
        mask[:, r + 1] = x[:, _OTHER + r * _OTHER_WIDTH] > 0
    return mask


def decision_groups(x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Where each decision's rows start, and how many there are: a decision's
    candidates are saved one after the other, with the same situation part."""
    situation = x[:, :SITUATION_WIDTH]
    new = np.ones(len(x), dtype=bool)
    new[1:] = (situation[1:] != situation[:-1]).any(axis=1)
    starts = np.flatnonzero(new)
    return starts, np.diff(np.append(starts, len(x)))


def group_rows(starts: np.ndarray, sizes: np.ndarray, groups: np.ndarray) -> np.ndarray:
    """The rows of ``groups``, group after group."""
    counts = sizes[groups]
    first = np.repeat(starts[groups], counts)
    offsets = np.arange(counts.sum()) - np.repeat(np.cumsum(counts) - counts, counts)
    return first + offsets


def value_loss(layers, x, y, sizes):
    """Squared error of the predicted score, plus `CENTRED` times the squared error
    of its difference from the decision's mean: the comparison between candidates,
    where the luck of the deal cancels out."""
    outs = forward(layers, x)
    p = outs[-1][:, 0]
    diff = p - y / SCORE_SCALE
    gid = np.repeat(np.arange(len(sizes)), sizes)
    centred = diff - (np.bincount(gid, diff) / sizes)[gid]
    n = len(y)
    loss = float(np.mean(diff * diff) + CENTRED * np.mean(centred * centred))
    grad = (2 * diff + 2 * CENTRED * centred) / n
    return loss, outs, grad[:, None].astype(np.float32)


def pick_gain(layers, x, y, starts, sizes) -> float:
    """Points a decision's pick by the network saves against a candidate taken at
    random, on the same play-outs: the mean over the decisions."""
    p = np.concatenate(
        [
            forward(layers, x[i : i + 8192].astype(np.float32))[-1][:, 0]
            for i in range(0, len(x), 8192)
        ]
    )
    gains = []
    for start, size in zip(starts, sizes, strict=True):
        if size > 1:
            ys = y[start : start + size]
            gains.append(ys.mean() - ys[np.argmin(p[start : start + size])])
    return float(np.mean(gains))


def holder_loss(layers, x, y):
    outs = forward(layers, x)
    logits = outs[-1].reshape(len(x), 52, HOLDER_CLASSES)
    allowed = holder_mask(x)[:, None, :]
    logits = np.where(allowed, logits, -1e9)
    logits = logits - logits.max(axis=2, keepdims=True)
    p = np.exp(logits)
    p /= p.sum(axis=2, keepdims=True)
    known = y >= 0
    count = max(1, int(known.sum()))
    picked = np.take_along_axis(p, np.maximum(y, 0)[..., None].astype(np.int64), axis=2)[..., 0]
    loss = float(-np.log(np.maximum(picked[known], 1e-9)).sum() / count)
    grad = p.copy()
    np.put_along_axis(
        grad,
        np.maximum(y, 0)[..., None].astype(np.int64),
        np.take_along_axis(grad, np.maximum(y, 0)[..., None].astype(np.int64), axis=2) - 1,
        axis=2,
    )
    grad *= known[..., None] / count
    return loss, outs, grad.reshape(len(x), -1).astype(np.float32)


class Adam:
    def __init__(self, layers, rate: float) -> None:
        self.rate = rate
        self.m = [[np.zeros_like(p) for p in layer] for layer in layers]
        self.v = [[np.zeros_like(p) for p in layer] for layer in layers]
        self.t = 0

    def step(self, layers, grads) -> None:
        self.t += 1
        b1, b2 = 0.9, 0.999
        fix1, fix2 = 1 - b1**self.t, 1 - b2**self.t
        for layer, grad, m, v in zip(layers, grads, self.m, self.v, strict=True):
            for k in range(2):
                m[k] = b1 * m[k] + (1 - b1) * grad[k]
                v[k] = b2 * v[k] + (1 - b2) * grad[k] ** 2
                layer[k] -= self.rate * (m[k] / fix1) / (np.sqrt(v[k] / fix2) + 1e-8)


def fit(folder: Path, seed: int, minutes: float, epochs: int, rate: float) -> None:
    sets = load_parts(folder)
    x, y, hx, hy = sets["train"]
    vx, vy, vhx, vhy = sets["held"]
    starts, sizes = decision_groups(x)
    held_starts, held_sizes = decision_groups(vx)
    print(
        f"value rows: {len(y)} to train ({len(starts)} decisions), {len(vy)} held out; "
        f"holders rows: {len(hy)} to train, {len(vhy)} held out",
        flush=True,
    )
    checkpoint = folder / "checkpoint.npz"
    rng = np.random.default_rng(seed)
    value, holders = init_layers(VALUE_LAYERS, rng), init_layers(HOLDER_LAYERS, rng)
    nets = {"value": (value, Adam(value, rate)), "holders": (holders, Adam(holders, rate))}
    epoch, best = 0, -math.inf
    if checkpoint.exists():
        epoch, best = restore(checkpoint, nets)
        print(f"resumed after epoch {epoch}", flush=True)
    deadline = time.monotonic() + minutes * 60
    while epoch < epochs and time.monotonic() < deadline:
        epoch_rng = np.random.default_rng([seed, epoch])
        order = epoch_rng.permutation(len(starts))
        for first in range(0, len(order) - GROUPS + 1, GROUPS):
            groups = order[first : first + GROUPS]
            rows = group_rows(starts, sizes, groups)
            _, outs, grad = value_loss(value, x[rows].astype(np.float32), y[rows], sizes[groups])
            nets["value"][1].step(value, backward(value, outs, grad))
        order = epoch_rng.permutation(len(hy))
        for first in range(0, len(order) - BATCH + 1, BATCH):
            pick = order[first : first + BATCH]
            _, outs, grad = holder_loss(holders, hx[pick].astype(np.float32), hy[pick])
            nets["holders"][1].step(holders, backward(holders, outs, grad))
        epoch += 1
        gain = pick_gain(value, vx, vy, held_starts, held_sizes)
        held = np.mean(
            [
                holder_loss(holders, vhx[i : i + 4096].astype(np.float32), vhy[i : i + 4096])[0]
                for i in range(0, len(vhy), 4096)
            ]
        )
        if gain > best:
            best = gain
            save_models(models_of(nets), str(folder / "best.npz"))
        save_checkpoint(checkpoint, nets, epoch, best)
        print(
            f"epoch {epoch}: held out, the value network's pick saves {gain:.2f} points a "
            f"decision against one at random (best {best:.2f}); holders loss {held:.4f}",
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
    for name, (layers, adam, *_rest) in nets.items():
        arrays[f"{name}/t"] = np.array(adam.t)
        for i, layer in enumerate(layers):
            for k in range(2):
                arrays[f"{name}/{i}/{k}"] = layer[k]
                arrays[f"{name}/{i}/{k}/m"] = adam.m[i][k]
                arrays[f"{name}/{i}/{k}/v"] = adam.v[i][k]
    tmp = path.with_suffix(".tmp.npz")
    np.savez(tmp, **arrays)
    tmp.rename(path)


def restore(path: Path, nets) -> int:
    with np.load(path) as data:
        for name, (layers, adam, *_rest) in nets.items():
            adam.t = int(data[f"{name}/t"])
            for i, layer in enumerate(layers):
                for k in range(2):
                    layer[k] = data[f"{name}/{i}/{k}"]
                    adam.m[i][k] = data[f"{name}/{i}/{k}/m"]
                    adam.v[i][k] = data[f"{name}/{i}/{k}/v"]
        return int(data["epoch"]), float(data["best"])


def export(folder: Path, out: Path) -> None:
    """Ship the best weights the training reached (by the held-out pick's saving)."""
    best = folder / "best.npz"
    if not best.exists():
        raise SystemExit(f"no weights in {folder}: run the fit step first")
    models = read_models(str(best))
    save_models(models, str(out))
    print(
        f"wrote {out} ({out.stat().st_size / 1024:.0f} KiB; "
        f"{models.value.size} + {models.holders.size} weights)"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("step", choices=("data", "fit", "export"))
    parser.add_argument("--dir", type=Path, default=Path("train-data"))
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--rounds", type=int, default=40_000, help="data: rounds in all")
    parser.add_argument("--part-rounds", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--minutes", type=float, default=60, help="stop after this long")
    parser.add_argument("--epochs", type=int, default=12, help="fit: epochs in all")
    parser.add_argument("--rate", type=float, default=1e-3, help="fit: Adam's step size")
    parser.add_argument(
        "--out",
        type=Path,
        default=Path(__file__).parent.parent / "craits_core/bots/models/expert.npz",
    )
    args = parser.parse_args(argv)
    if args.step == "data":
        make_data(args.dir, args.seed, args.rounds, args.part_rounds, args.jobs, args.minutes)
    elif args.step == "fit":
        fit(args.dir, args.seed, args.minutes, args.epochs, args.rate)
    else:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        export(args.dir, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
