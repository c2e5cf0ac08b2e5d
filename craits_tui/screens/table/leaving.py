"""Leaving the table by Esc: an Esc that comes just after a dialog closed stays at
the table.

Esc closes every dialog over the table too, and a player who presses it twice to
be sure the dialog went (or whose terminal sends it twice) did not mean to leave
the game: that second Esc does nothing. Where Esc and q take the player is the
table's policy's to say.
"""

from __future__ import annotations

import time
from collections.abc import Callable

ESCAPE_GRACE = 1.0
"""Seconds after a dialog over the table closed during which Esc does not leave."""


class EscapeGuard:
    """Tells an Esc meant for the table from one meant for a dialog just closed."""

    def __init__(self) -> None:
        self.clock: Callable[[], float] = time.monotonic
        """Seconds, for the grace (a test sets its own clock)."""
        self._covered = False  # a dialog (or any screen) is over the table
        self._uncovered_at: float | None = None  # when the last one closed, by `clock`

    def covered(self) -> None:
        """A screen came over the table."""
        self._covered = True

    def uncovered(self) -> None:
        """The table is on top again (its first showing counts only if covered before)."""
        if self._covered:
            self._covered = False
            self._uncovered_at = self.clock()

    def lets_escape(self) -> bool:
        """Whether an Esc now leaves the table: not within `ESCAPE_GRACE` seconds of
        a dialog's closing."""
        closed = self._uncovered_at
        return closed is None or self.clock() - closed >= ESCAPE_GRACE
