"""How fast the help opens: from the ? key to the rules on the screen, in a real
pseudo-terminal, at a table with three bots (as `bench/tui.py` runs the game).

    python bench/help.py [--opens 10] [--size 100x32]

Each open is timed from writing ``?`` to the arrival of the rules' first words; the
help is then closed with ``?`` and timed back to the table's footer. The first open
of a run is shown apart: it loads the help's code. Target: every open within 0.2 s.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
from pathlib import Path

from tui import compile_game, craits_args, terminal, terminal_env

TARGET = 0.2
"""Seconds from the key to the help on the screen, at most."""
HELP_SHOWN = b"52-card"
"""From the rules' first sentence: the help's page has been drawn."""
TABLE_SHOWN = b"Leave"
"""From the table's footer: the table is back."""
QUIET = 0.3


def wait_for(term, marker: bytes, since: int, deadline: float) -> float:
    """When ``marker`` arrived in what the program wrote after offset ``since``."""
    while (found := term.data.find(marker, since)) < 0:
        if term.closed or term.now() > deadline:
            raise RuntimeError(
                f"{marker!r} never came; the output ends {bytes(term.data[-300:])!r}"
            )
        term.read(deadline - term.now())
    return term.time_of(found + len(marker) - 1)


def measure(opens: int, size: tuple[int, int]) -> tuple[list[float], list[float]]:
    """Seconds each open and each close took."""
    opened: list[float] = []
    closed: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp)
        argv = craits_args(home, "--players", "4", "--seed", "7", "--pace", "slow")
        with terminal(argv, size, terminal_env(home, truecolor=False), answer_sync=True) as term:
            term.wait_for_marker(deadline=30.0)
            term.wait_for_quiet(QUIET, deadline=term.now() + 10.0)
            for _ in range(opens):
                for marker, times in ((HELP_SHOWN, opened), (TABLE_SHOWN, closed)):
                    since, sent = len(term.data), term.now()
                    os.write(term.master, b"?")
                    times.append(wait_for(term, marker, since, sent + 10.0) - sent)
                    term.wait_for_quiet(QUIET, deadline=term.now() + 5.0)
    return opened, closed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--opens", type=int, default=10)
    parser.add_argument("--size", default="100x32")
    args = parser.parse_args()
    cols, rows = (int(n) for n in args.size.split("x"))
    compile_game()
    opened, closed = measure(args.opens, (cols, rows))
    first, later = opened[0], opened[1:] or opened
    ms = lambda seconds: f"{seconds * 1000:.0f} ms"  # noqa: E731
    print(f"opens: {', '.join(ms(s) for s in opened)}")
    print(f"closes: {', '.join(ms(s) for s in closed)}")
    worst = max(opened)
    verdict = "met" if worst <= TARGET else "NOT met"
    print(
        f"help opens at {args.size}: first {ms(first)}, then median {ms(statistics.median(later))},"
        f" slowest {ms(worst)}; back to the table median {ms(statistics.median(closed))}"
        f" (target {ms(TARGET)}: {verdict})"
    )


if __name__ == "__main__":
    main()
