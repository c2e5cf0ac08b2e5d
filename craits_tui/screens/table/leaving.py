"""Leaving the table: Esc for the start menu (the lobby online, the list in a lesson),
q to quit; an Esc that comes just after a dialog closed stays at the table.

Esc closes every dialog over the table too, and a player who presses it twice to
be sure the dialog went (or whose terminal sends it twice) did not mean to leave
the game: that second Esc does nothing.
"""

from __future__ import annotations

from ...i18n import _
from ...requests import ShowMenu
from .base import TableBase

ESCAPE_GRACE = 1.0
"""Seconds after a dialog over the table closed during which Esc does not leave."""


class Leaving(TableBase):
    """The part of the table screen that leaves it."""

    _covered = False  # a dialog (or any screen) is over the table
    _uncovered_at: float | None = None  # when the last one closed, by `clock`

    def on_screen_suspend(self) -> None:
        self._covered = True

    def on_screen_resume(self) -> None:
        # The table's first showing is a resume too: only a dialog's end counts.
        if self._covered:
            self._covered = False
            self._uncovered_at = self.clock()

    def action_leave_by_escape(self) -> None:
        """Esc: leave the table as `_leave_by_escape` does, unless a dialog closed
        less than `ESCAPE_GRACE` seconds ago."""
        closed = self._uncovered_at
        if closed is not None and self.clock() - closed < ESCAPE_GRACE:
            return
        self._leave_by_escape()

    def _leave_by_escape(self) -> None:
        """Where Esc takes the player: the start menu (a table elsewhere says its own)."""
        self.action_menu()

    def action_menu(self) -> None:
        """Back to the start menu; the game is saved as it goes, to resume there."""
        self.post_message(ShowMenu(self))

    def action_quit_game(self) -> None:
        # The game stays as the player left it: no bot moves on while the app ends
        # (the app drops the keys typed after this one).
        self.control.leaving = True
        self._stop_bots()
        if self.table.saved:
            self.app.exit(message=_("The game is saved: start craits-tui again to go on."))
        elif self.table.save_problem is not None:
            self.app.exit(
                message=_(
                    "Saving stopped partway through this game: start craits-tui again to "
                    "go on from the last move saved."
                )
            )
        else:  # played without a save file
            self.app.exit(message=_("This game was not saved, so it cannot be resumed."))
