"""Make the expert level's networks: self-play data, then training, generation by
generation, each stage resumable.

    pip install '.[train]'
    python tools/train_expert.py data --generation 1 --rounds 720000 --workers 2
    python tools/train_expert.py fit --generation 1 --workers 2
    python tools/train_expert.py data --generation 2 ...       # plays by generation 1
    python tools/train_expert.py export --generation 2         # the shipped weights

Everything goes to ``train-data/`` (``--dir``), which is not part of the project.
Every step stops after ``--minutes`` and goes on where it stopped when run again:
``data`` makes the parts it lacks (each with seeds of its own), ``fit`` goes on
from its checkpoint. The same ``--seed`` gives the same data and, on the same
machine, the same weights. ``--workers N`` is the processes making data and the
threads of the training's matrix products. See `expert_training.selfplay` for the
data and `expert_training.fitting` for the training.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from craits_core.threads import limit_threads


def _threads(argv: Sequence[str]) -> int:
    """numpy's threads, read before it loads: one in each process making data,
    ``--workers`` for the training's large matrix products."""
    if argv[:1] != ["fit"]:
        return 1
    for i, arg in enumerate(argv):
        if arg == "--workers" and i + 1 < len(argv) and argv[i + 1].isdigit():
            return int(argv[i + 1])
        if arg.startswith("--workers=") and arg[10:].isdigit():
            return int(arg[10:])
    return 2


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    limit_threads(_threads(argv))

    from expert_training.fitting import export, fit
    from expert_training.stages import Generation, make_data

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("step", choices=("data", "fit", "export"))
    parser.add_argument("--dir", type=Path, default=Path("train-data"))
    parser.add_argument("--generation", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--rounds", type=int, default=720_000, help="data: rounds in all")
    parser.add_argument("--part-rounds", type=int, default=1000)
    parser.add_argument(
        "--playouts", type=int, default=1, help="data: play-outs averaged per candidate"
    )
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--minutes", type=float, default=60, help="stop after this long")
    parser.add_argument("--epochs", type=int, default=4, help="fit: epochs in all")
    parser.add_argument("--rate", type=float, default=1e-3, help="fit: Adam's step size")
    parser.add_argument(
        "--out",
        type=Path,
        default=Path(__file__).parent.parent / "craits_core/bots/models/expert.npz",
    )
    args = parser.parse_args(argv)
    if args.generation < 1:
        parser.error("generations count from 1")
    generation = Generation(args.dir, args.generation)
    if args.step == "data":
        make_data(
            generation,
            args.seed,
            args.rounds,
            args.part_rounds,
            args.playouts,
            args.workers,
            args.minutes,
        )
    elif args.step == "fit":
        fit(generation, args.seed, args.minutes, args.epochs, args.rate)
    else:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        export(generation, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
