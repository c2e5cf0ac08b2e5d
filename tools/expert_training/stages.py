"""The stages of making the expert's weights, each resumable, for each generation.

Everything of generation ``g`` lives in ``DIR/gen-g/``: its data parts
(``part-NNNNN.npz``), the training's checkpoint and the best weights it reached
(``best.npz``). The data step makes the parts it lacks, ``workers`` at a time, and
a part is written whole or not at all (to a temporary name, then renamed), so a step
stopped at any moment goes on where it stopped when run again. Generation ``g`` > 1
plays by generation ``g - 1``'s best weights.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from craits_core.bots.nets import Models, read_models

from .selfplay import make_part


@dataclass(frozen=True)
class Generation:
    """Where one generation's files are."""

    root: Path
    number: int

    @property
    def folder(self) -> Path:
        return self.root / f"gen-{self.number}"

    @property
    def best(self) -> Path:
        """The best weights its training reached."""
        return self.folder / "best.npz"

    @property
    def checkpoint(self) -> Path:
        return self.folder / "checkpoint.npz"

    def part(self, index: int) -> Path:
        return self.folder / f"part-{index:05d}.npz"

    def parts(self) -> list[Path]:
        return sorted(self.folder.glob("part-?????.npz"))

    def previous(self) -> Generation | None:
        """The generation before this one, if any."""
        return Generation(self.root, self.number - 1) if self.number > 1 else None

    def player_models(self) -> Models | None:
        """The weights this generation plays by: none for the first (the quick
        player), else the previous generation's best."""
        before = self.previous()
        if before is None:
            return None
        if not before.best.exists():
            raise SystemExit(f"generation {before.number} has no weights: fit it first")
        return read_models(str(before.best))


def is_held_out(index: int) -> bool:
    """The parts held out from training, to measure it on: one in ten."""
    return index % 10 == 9


@dataclass(frozen=True)
class DataJob:
    """One part to make."""

    root: str
    generation: int
    seed: int
    index: int
    rounds: int
    playouts: int


def _make(job: DataJob) -> tuple[str, int, float]:
    """Make and save one part; its name, rows and seconds."""
    start = time.perf_counter()
    generation = Generation(Path(job.root), job.generation)
    arrays = make_part(
        job.seed, job.generation, job.index, job.rounds, job.playouts, _models_of(generation)
    )
    path = generation.part(job.index)
    # A name of its own: a worker left over from a stopped run may still be
    # writing the same part (the same rows: whichever is renamed last stays).
    tmp = path.with_suffix(f".{os.getpid()}.tmp.npz")
    np.savez_compressed(tmp, **arrays)
    tmp.rename(path)
    return path.name, len(arrays["returns"]), time.perf_counter() - start


_MODELS: dict[Path, Models | None] = {}


def _models_of(generation: Generation) -> Models | None:
    """The generation's player's weights, read once a process."""
    if generation.folder not in _MODELS:
        _MODELS[generation.folder] = generation.player_models()
    return _MODELS[generation.folder]


def make_data(
    generation: Generation,
    seed: int,
    rounds: int,
    part_rounds: int,
    playouts: int,
    workers: int,
    minutes: float,
) -> None:
    """Make the parts of ``rounds`` rounds that are not made yet, for at most
    ``minutes``, on ``workers`` processes."""
    generation.folder.mkdir(parents=True, exist_ok=True)
    generation.player_models()  # fail now, not in every worker
    count = (rounds + part_rounds - 1) // part_rounds
    todo = [
        DataJob(str(generation.root), generation.number, seed, i, part_rounds, playouts)
        for i in range(count)
        if not generation.part(i).exists()
    ]
    print(
        f"generation {generation.number}: {count - len(todo)} of {count} parts made, "
        f"{len(todo)} to make on {workers} workers",
        flush=True,
    )
    deadline = time.monotonic() + minutes * 60
    start = time.monotonic()
    rows = 0
    with contextlib.ExitStack() as stack:
        if workers > 1:
            pool = stack.enter_context(multiprocessing.Pool(workers))
            made_parts = pool.imap_unordered(_make, todo)
        else:
            made_parts = map(_make, todo)
        for done, (name, made, _seconds) in enumerate(made_parts, 1):
            rows += made
            rate = rows / (time.monotonic() - start)
            print(f"  {name}: {made} rows ({done}/{len(todo)}, {rate:.0f} rows/s)", flush=True)
            if time.monotonic() > deadline:
                print("time is up: run again to go on", flush=True)
                break


def read_parts(paths: list[Path]) -> dict[str, np.ndarray]:
    """Parts joined into one set, their moves and holders pointing into the joined
    decisions."""
    names = ("decisions", "moves", "returns", "holders_at", "labels")
    lists: dict[str, list[np.ndarray]] = {name: [] for name in names}
    offset = 0
    for path in paths:
        with np.load(path) as part:
            arrays = {name: part[name] for name in names}
        arrays["moves"]["decision"] += offset
        arrays["holders_at"] += offset
        offset += len(arrays["decisions"])
        for name in names:
            lists[name].append(arrays[name])
    return {name: np.concatenate(arrays) for name, arrays in lists.items()}


def split(generation: Generation) -> Iterator[tuple[str, list[Path]]]:
    """The training parts and the held-out ones."""
    parts = generation.parts()
    if not parts:
        raise SystemExit(f"no data in {generation.folder}: run the data step first")
    held = [p for p in parts if is_held_out(int(p.stem.split("-")[1]))]
    if not held or len(held) == len(parts):
        raise SystemExit(f"{generation.folder} needs parts to train on and to hold out")
    yield "train", [p for p in parts if p not in held]
    yield "held", held
