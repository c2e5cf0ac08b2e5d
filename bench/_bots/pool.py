"""Tasks spread over worker processes, their results handed back in order."""

from __future__ import annotations

import contextlib
import functools
import multiprocessing
from collections.abc import Callable, Iterator
from typing import TypeVar

T = TypeVar("T")


def _indexed(task: Callable[[int], T], index: int) -> tuple[int, T]:
    return index, task(index)


def in_order(task: Callable[[int], T], count: int, jobs: int) -> Iterator[T]:
    """``task(0) .. task(count - 1)``, run by ``jobs`` processes (``task`` must
    pickle: a module's function or a partial of one), in index order."""
    if jobs <= 1:
        for index in range(count):
            yield task(index)
        return
    chunk = max(1, count // (jobs * 20))
    with multiprocessing.Pool(jobs) as pool:
        indexed = functools.partial(_indexed, task)
        done = dict(pool.imap_unordered(indexed, range(count), chunksize=chunk))
    for index in range(count):
        yield done[index]


def spin() -> None:
    while True:
        pass


@contextlib.contextmanager
def busy(processes: int) -> Iterator[None]:
    """``processes`` processes that keep a core busy each, while the block runs."""
    spinners = [multiprocessing.Process(target=spin, daemon=True) for _ in range(processes)]
    for p in spinners:
        p.start()
    try:
        yield
    finally:
        for p in spinners:
            p.terminate()
            p.join()
