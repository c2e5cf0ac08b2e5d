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
from ...feed import Feed
from ...narrate import Narrator
from ...settings import Settings
from ...table import Table
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
        humans = table.humans
        self.feed = Feed(table, humans[0] if humans else None)
        self.narrator = Narrator(table.players, self.seat, self.look)
        self._at_terminal: int | None = None
        """With several people at this terminal: the seat whose person said they
        were ready, and so sees the hand."""
        self._adviser: Undisturbed | None = None  # an expert bot that knows what this seat knows
        self._paused = False  # the bots wait for a key (watching, or a test holding them)
        self._one_move = False  # paused: one bot move was asked for, and may land
        self._armed = False  # "last card" said ahead, to ride on the next play
        self._leaving = False  # the player quit: nothing more reaches the game
        self._hint: Command | None = None  # the move a hint on the screen (still) advises
        self._hand_hidden = False  # watching: the hand of the player to move is not shown
        self._moves_key: tuple[int, int] | None = None
        self._legal: tuple[Command, ...] = ()
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
        return self.feed.seat

    @property
    def view(self) -> PlayerView | None:
        """That seat's view of the game, as far as it has been shown."""
        return self.feed.view

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

    def _caught_up(self) -> bool:
        return self.feed.caught_up

    def _moves(self) -> tuple[Command, ...]:
        """The shown seat's legal moves, worked out once an event: the footer asks
        for them once a key, and a table that follows a server works them out from
        the view."""
        if self.seat is None:
            return ()
        key = (self.seat, self.table.event_count())
        if key != self._moves_key:
            self._moves_key = key
            self._legal = tuple(self.table.legal_moves(self.seat))
        return self._legal

    def _my_turn(self) -> bool:
        view = self.view
        return (
            view is not None
            and self.seat is not None
            and self._caught_up()
            and view.current_player == self.seat
        )

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
