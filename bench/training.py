"""What averaging several play-outs per candidate gives the expert's training, for
the same CPU.

Self-play data can give each candidate move of a recorded decision the mean of K
play-outs instead of one: less noise in each row, but K times the cost, so K times
fewer decisions for the same time. This bench makes both kinds of data with the same
number of play-outs (``--rounds`` rounds with K=1, a K-th of them with
K=``--playouts``), trains a value network on each the same way,
and scores both on a *truth set*: decisions of other seeds whose candidates were
played out ``--truth`` times, so that their returns are close to the true means.
The figure is the points a decision the network's pick saves against a candidate
taken at random there (higher is better), with its 95% interval.

    python bench/training.py [--rounds 20000] [--playouts 4] [--truth 32] [--workers 1]

Everything it makes goes to a temporary folder, removed at the end.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

from craits_core.threads import limit_threads

limit_threads()

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

import numpy as np  # noqa: E402
from _stats import mean_ci  # noqa: E402
from expert_training import fitting  # noqa: E402
from expert_training.stages import Generation, make_data, read_parts  # noqa: E402

from craits_core.bots.nets import read_models  # noqa: E402


def made_data(root: Path, playouts: int, rounds: int, workers: int, seed: int) -> int:
    """Self-play of ``rounds`` rounds with ``playouts`` per candidate: the rows made."""
    generation = Generation(root, 1)
    make_data(generation, seed, rounds, max(10, rounds // 40), playouts, workers, 600)
    return sum(len(np.load(p)["returns"]) for p in generation.parts())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20000, help="self-play rounds with K=1")
    parser.add_argument("--playouts", type=int, default=4)
    parser.add_argument("--truth", type=int, default=32, help="play-outs in the truth set")
    parser.add_argument("--truth-rounds", type=int, default=200)
    parser.add_argument("--epochs", type=int, default=3)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        truth = Generation(root / "truth", 1)
        start = time.perf_counter()
        make_data(truth, 99, args.truth_rounds, 20, args.truth, args.workers, 600)
        print(f"truth set: {args.truth_rounds} rounds in {time.perf_counter() - start:.0f} s")
        truth_data = read_parts(truth.parts())
        gains = {}
        for k in (1, args.playouts):
            generation = Generation(root / f"k{k}", 1)
            rounds = args.rounds // k  # the same play-outs
            cpu = time.process_time()
            rows = made_data(generation.root, k, rounds, args.workers, seed=k)
            cpu = time.process_time() - cpu
            fitting.fit(generation, 0, 600, args.epochs, 1e-3)
            value = read_models(str(generation.best)).value
            gains[k] = fitting.pick_gains([[w, b] for w, b in value.layers], truth_data)
            gain = mean_ci(gains[k])
            print(
                f"{k} play-out{'s' if k > 1 else ''} a candidate: {rounds} rounds, {rows} rows"
                f" ({cpu:.0f} s of CPU with --workers 1); "
                f"on the truth set the pick saves {gain.mean:.2f} points "
                f"a decision ({gain.low:.2f} .. {gain.high:.2f})",
                flush=True,
            )
        more = mean_ci([a - b for a, b in zip(gains[args.playouts], gains[1], strict=True)])
        print(
            f"{args.playouts} play-outs a candidate less 1, decision by decision: "
            f"{more.mean:+.2f} ({more.low:+.2f} .. {more.high:+.2f}) points saved"
        )


if __name__ == "__main__":
    main()
