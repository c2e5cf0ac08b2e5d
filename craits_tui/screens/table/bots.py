"""The bots at the table: each moves on a timer, at the player's pace.

A hard or expert bot searches for a while: it thinks in a thread, so a key pressed meanwhile
is answered at once. The other levels decide at once, on the event loop.
"""

from __future__ import annotations

from textual import work

from craits_core import Announce, Command, Draw, Play

from ...pacing import THINKS_IN_A_THREAD, bot_delay
from .base import TableBase


class BotPacing(TableBase):
    """The part of the table screen that lets the bots move, one at a time."""

    def _schedule_bots(self) -> None:
        if self._bot_timer is not None:
            self._bot_timer.stop()
            self._bot_timer = None
        if self.control.leaving or not self.table.bots_play_here:
            return  # no thread to start for a move that never comes
        view = self.view
        if self.control.paused or not self.control.caught_up or view is None or view.is_over:
            return
        delay = bot_delay(
            self.settings.bot_delay,
            self._bot_choices(),
            human_may_announce=self._human_may_announce(),
            motion=self._motion_left(),
        )
        self._bot_timer = self.set_timer(delay, self._bot_step)

    def _stop_bots(self) -> None:
        """Drop the bot move on its way, if any: due on the timer, or being thought out."""
        if self._bot_timer is not None:
            self._bot_timer.stop()
            self._bot_timer = None
        self.workers.cancel_group(self, "bots")

    def _bot_choices(self) -> int | None:
        """How many moves the bot to play has (None: it is not a bot's turn)."""
        seat = self.view.current_player if self.view is not None else None
        if seat is None or not self.table.seats[seat].is_bot:
            return None
        return sum(isinstance(m, Play | Draw) for m in self.table.legal_moves(seat))

    def _human_may_announce(self) -> bool:
        return any(
            any(isinstance(m, Announce) for m in self.table.legal_moves(seat))
            for seat in self.table.humans
        )

    def _bot_step(self) -> None:
        self._bot_timer = None
        if not self.control.caught_up or self.app.screen is not self:
            return
        seen = self._position()
        if self._thinks_long():
            self._think(seen)
        else:
            self._bot_decided(seen, self.table.next_bot_move())

    def _thinks_long(self) -> bool:
        """Whether the bot about to move may search for a while."""
        levels = {seat.bot for seat in self.table.seats if seat.bot is not None}
        if not levels & THINKS_IN_A_THREAD:
            return False
        seat = self.view.current_player if self.view is not None else None
        level = self.table.seats[seat].bot if seat is not None else None
        # A person to play: the bot moving may be any, calling "Idiot!" on them.
        return level is None or level in THINKS_IN_A_THREAD

    def _position(self) -> tuple[int, int]:
        """Where the game stands: a take-back makes the log shorter, and it may grow
        back to the same length by other moves."""
        return (self.table.take_backs, self.table.event_count())

    @work(thread=True, exclusive=True, group="bots")
    def _think(self, seen: tuple[int, int]) -> None:
        move = self.table.next_bot_move()
        self.app.call_from_thread(self._bot_decided, seen, move)

    def _bot_decided(self, seen: tuple[int, int], move: Command | None) -> None:
        asked, self.control.one_move = (
            self.control.one_move,
            False,
        )  # a move asked for by hand, paused
        if move is None:
            return
        if (
            seen != self._position()
            or not self.control.caught_up
            or (self.control.paused and not asked)
        ):
            self._schedule_bots()  # the game moved on, or the bots were paused, meanwhile
            return
        self._submit(move)
