"""How many threads numpy's matrix library may use: set before numpy loads.

The expert's networks multiply small matrices, a few rows at a time. Several
threads for such a product cost more in waking and waiting than they save, and on
a busy machine (a server runs an app for each player, a benchmark a worker for
each core) they fight each other for the cores: one thread each made the training's
self-play twice as fast and the expert's decisions some 15% quicker on a loaded
2-core machine. The training's fit step, with large batches, asks for more.
"""

from __future__ import annotations

import os

_VARIABLES = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")


def limit_threads(threads: int = 1) -> None:
    """Let numpy's matrix library use ``threads`` threads, unless the environment
    already says how many. Call it before anything imports numpy."""
    for name in _VARIABLES:
        os.environ.setdefault(name, str(threads))
