"""The expert level's two small networks, and the weights they ship with.

- The *value* network reads a situation and a candidate move (see `features`) and
  predicts the seat's score for the round if it makes that move: lower is better,
  0 for going out.
- The *holders* network reads a situation and predicts, for every card the seat has
  not seen, where it is: in the stock or in the hand of the first, second, ...
  other player in turn order.

Both are plain multi-layer perceptrons (ReLU between layers), run with numpy. The
weights are made by ``tools/train_expert.py`` and kept in ``models/expert.npz``; they
are read once, when an expert first needs them.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from importlib import resources

import numpy as np

from .features import MAX_OTHERS, SITUATION_WIDTH, WIDTH

HOLDER_CLASSES = 1 + MAX_OTHERS
"""Where an unseen card may be: the stock (class 0), or the r-th other player's hand."""

WEIGHTS_FILE = "expert.npz"


@dataclass(frozen=True, slots=True)
class Network:
    """A multi-layer perceptron: ``layers`` of (weights, bias), ReLU between them."""

    layers: tuple[tuple[np.ndarray, np.ndarray], ...]

    def __call__(self, x: np.ndarray) -> np.ndarray:
        last = len(self.layers) - 1
        for i, (w, b) in enumerate(self.layers):
            x = x @ w + b
            if i < last:
                np.maximum(x, 0.0, out=x)
        return x

    @property
    def inputs(self) -> int:
        return self.layers[0][0].shape[0]

    @property
    def outputs(self) -> int:
        return self.layers[-1][0].shape[1]

    @property
    def size(self) -> int:
        """Its weights and biases, counted."""
        return sum(w.size + b.size for w, b in self.layers)

    @classmethod
    def from_arrays(cls, arrays: Mapping[str, np.ndarray], name: str) -> Network:
        """The network ``name`` of a weights file (``name/w0``, ``name/b0``, ...)."""
        layers = []
        while f"{name}/w{len(layers)}" in arrays:
            k = len(layers)
            w = np.asarray(arrays[f"{name}/w{k}"], dtype=np.float32)
            b = np.asarray(arrays[f"{name}/b{k}"], dtype=np.float32)
            layers.append((w, b))
        if not layers:
            raise ValueError(f"the weights file has no network {name!r}")
        return cls(tuple(layers))

    def arrays(self, name: str) -> dict[str, np.ndarray]:
        """Its weights as a weights file keeps them (see `from_arrays`)."""
        out: dict[str, np.ndarray] = {}
        for k, (w, b) in enumerate(self.layers):
            out[f"{name}/w{k}"] = w
            out[f"{name}/b{k}"] = b
        return out


@dataclass(frozen=True, slots=True)
class Models:
    """The two networks and the scale of the value network's output."""

    value: Network
    holders: Network
    score_scale: float
    """Points per unit of the value network's output."""

    def scores(self, rows: np.ndarray) -> np.ndarray:
        """The predicted round score of each row of `features.encode`."""
        return self.value(rows)[:, 0] * self.score_scale

    def holder_logs(self, rows: np.ndarray) -> np.ndarray:
        """Per row of situation parts: log-odds (52 cards x `HOLDER_CLASSES`)."""
        return self.holders(rows[:, :SITUATION_WIDTH]).reshape(-1, 52, HOLDER_CLASSES)

    def check(self) -> None:
        """Refuse weights made for other features than this code's."""
        if self.value.inputs != WIDTH or self.value.outputs != 1:
            raise ValueError(
                f"the value network reads {self.value.inputs} columns; the features have {WIDTH}"
            )
        if self.holders.inputs != SITUATION_WIDTH or self.holders.outputs != 52 * HOLDER_CLASSES:
            raise ValueError("the holders network does not fit the features")

    def arrays(self) -> dict[str, np.ndarray]:
        return {
            **self.value.arrays("value"),
            **self.holders.arrays("holders"),
            "score_scale": np.array(self.score_scale, dtype=np.float32),
        }


def read_models(path: str | None = None) -> Models:
    """The networks of a weights file (the shipped one by default)."""
    if path is None:
        with resources.files(__package__).joinpath("models", WEIGHTS_FILE).open("rb") as f:
            arrays = dict(np.load(f))
    else:
        with np.load(path) as data:
            arrays = dict(data)
    models = Models(
        value=Network.from_arrays(arrays, "value"),
        holders=Network.from_arrays(arrays, "holders"),
        score_scale=float(arrays["score_scale"]),
    )
    models.check()
    return models


@functools.cache
def shipped_models() -> Models:
    """The shipped networks, read once."""
    return read_models()


def save_models(models: Models, path: str) -> None:
    """Write ``models`` to ``path`` (compressed, as shipped)."""
    np.savez_compressed(path, **models.arrays())


def sizes(models: Models) -> Sequence[int]:
    """The weights of each network, counted (value, holders)."""
    return (models.value.size, models.holders.size)
