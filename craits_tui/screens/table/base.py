"""What every part of the table screen shares: the table, the seat's feed, the
settings, and the moves the shown seat may make.

The table screen is put together from parts, one job each (drawing, input, bots,
hot-seat, hints, watching, drawing for the player, leaving); each part is a class on
this base, so what they share is declared once, here.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from textual.message import Message
from textual.screen import Screen
from textual.timer import Timer

from craits_core import Command, Event, PlayerView

from ...faces import CardLook
from ...narrate import Narrator
from ...settings import Settings
from ...table import Table
from ...table_control import TableControl
from ...widgets.status import StatusLine
from ..roomy import Roomy
from ..speaking import Speaking

if TYPE_CHECKING:
    from craits_core.hosting import Undisturbed


NOTICE_TIME = 5.0
"""Seconds a notice stays, at the most: less when the situation it speaks of passes."""


class TableBase(Speaking, Roomy, Screen):
    """The state of the table screen, and what each of its parts may ask of it."""

    def __init__(self, table: Table, settings: Settings, *, keeps_settings: bool = True) -> None:
        super().__init__()
        self.table = table
        self.settings = settings
        self.keeps_settings = keeps_settings
        """Whether changed settings are kept for the next start, for the options to
        say."""
        self.look = CardLook(ascii=settings.ascii, four_colour=settings.four_colour)
        self.control = TableControl(table)
        self.feed = self.control.feed
        self.narrator = Narrator(table.players, self.seat, self.look)
        self._adviser: Undisturbed | None = None  # an expert bot that knows what this seat knows
        self.clock: Callable[[], float] = time.monotonic
        """Seconds, for the table's own short waits (a test sets its own clock)."""
        self._waiting_since = time.monotonic()  # since the turn left, or a dialog closed
        self._notice_timer: Timer | None = None

    class GameEvent(Message):
        """An event of the game (the log's ``index``-th), handed to the screen."""

        def __init__(self, index: int, event: Event) -> None:
            super().__init__()
            self.index = index
            self.event = event

    @property
    def seat(self) -> int | None:
        """The seat whose side the table shows (None: watching bots)."""
        return self.control.seat

    @property
    def view(self) -> PlayerView | None:
        """That seat's view of the game, as far as it has been shown."""
        return self.control.view

    @property
    def _shown(self) -> int:
        return self.feed.shown

    def _notice(self, text: str) -> None:
        """Say ``text`` on the status line: why a key did nothing, or a move was
        refused. It goes after `NOTICE_TIME`, or sooner, with the next move shown."""
        self.query_one(StatusLine).notice = text
        if self._notice_timer is not None:
            self._notice_timer.stop()
        self._notice_timer = self.set_timer(NOTICE_TIME, self._clear_notice)

    def _clear_notice(self) -> None:
        if self._notice_timer is not None:
            self._notice_timer.stop()
            self._notice_timer = None
        self.query_one(StatusLine).notice = ""

    @property
    def _taken_down(self) -> bool:
        """Whether the screen is going (or the app ending): its widgets are being
        removed one by one, so a move that lands now is not drawn."""
        return not self.is_attached or self._pruning

    # Each part defines these; the others call them.

    def _refresh_table(self) -> None:
        raise NotImplementedError

    def _drain(self) -> None:
        raise NotImplementedError

    def _open_due_dialogs(self) -> None:
        raise NotImplementedError

    def _schedule_bots(self) -> None:
        raise NotImplementedError

    def _stop_bots(self) -> None:
        raise NotImplementedError

    def _submit(self, command: Command) -> bool:
        raise NotImplementedError

    def _show_seat(self, seat: int | None) -> None:
        raise NotImplementedError

    _bot_timer: Timer | None = None

    def _bot_step(self) -> None:
        raise NotImplementedError

    def _motion_left(self) -> float:
        raise NotImplementedError

    def _retell(self, stream: Sequence[Event]) -> None:
        raise NotImplementedError

    def _turn_changed(self, mine: bool) -> None:
        raise NotImplementedError

    def _hand_over(self, view: PlayerView) -> bool:
        raise NotImplementedError

    def _ask_starter_suit(self, view: PlayerView) -> None:
        raise NotImplementedError

    def _skip_auto_draw_here(self) -> None:
        raise NotImplementedError
