"""The bots at the table: each moves on a timer, at the player's pace.

A hard or expert bot searches for a while: it thinks in a thread, so a key pressed meanwhile
is answered at once. The other levels decide at once, on the event loop.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.timer import Timer

from craits_core import Announce, Command, Draw, Play

from ...pacing import THINKS_IN_A_THREAD, bot_delay

if TYPE_CHECKING:
    from .screen import TableScreen


class BotPacer:
    """Lets the bots at a table screen move, one at a time."""

    def __init__(self, screen: TableScreen) -> None:
        self.screen = screen
        self.timer: Timer | None = None
        """The next bot move's timer, while one is due."""

    def schedule(self) -> None:
        """Set the next bot move on its timer, if a bot is to move here and now."""
        self._stop_timer()
        screen = self.screen
        control = screen.control
        if control.leaving or not screen.table.bots_play_here:
            return  # no thread to start for a move that never comes
        view = control.view
        if control.paused or not control.caught_up or view is None or view.is_over:
            return
        delay = bot_delay(
            screen.settings.bot_delay,
            self.choices(),
            human_may_announce=self._human_may_announce(),
            motion=screen.motions.time_left(),
        )
        self.timer = screen.set_timer(delay, self.step)

    def stop(self) -> None:
        """Drop the bot move on its way, if any: due on the timer, or being thought out."""
        self._stop_timer()
        self.screen.workers.cancel_group(self.screen, "bots")

    def _stop_timer(self) -> None:
        if self.timer is not None:
            self.timer.stop()
            self.timer = None

    def choices(self) -> int | None:
        """How many moves the bot to play has (None: it is not a bot's turn)."""
        table = self.screen.table
        view = self.screen.view
        seat = view.current_player if view is not None else None
        if seat is None or not table.seats[seat].is_bot:
            return None
        return sum(isinstance(m, Play | Draw) for m in table.legal_moves(seat))

    def _human_may_announce(self) -> bool:
        table = self.screen.table
        return any(
            any(isinstance(m, Announce) for m in table.legal_moves(seat)) for seat in table.humans
        )

    def step(self) -> None:
        """The bot to move moves now (one that searches, in a thread)."""
        self.timer = None
        screen = self.screen
        if not screen.control.caught_up or screen.app.screen is not screen:
            return
        seen = self.screen.control.position()
        if self._thinks_long():
            screen.run_worker(lambda: self._think(seen), thread=True, exclusive=True, group="bots")
        else:
            self._decided(seen, screen.table.next_bot_move())

    def _thinks_long(self) -> bool:
        """Whether the bot about to move may search for a while."""
        table = self.screen.table
        levels = {seat.bot for seat in table.seats if seat.bot is not None}
        if not levels & THINKS_IN_A_THREAD:
            return False
        view = self.screen.view
        seat = view.current_player if view is not None else None
        level = table.seats[seat].bot if seat is not None else None
        # A person to play: the bot moving may be any, calling "Idiot!" on them.
        return level is None or level in THINKS_IN_A_THREAD

    def _think(self, seen: tuple[int, int]) -> None:
        move = self.screen.table.next_bot_move()
        self.screen.app.call_from_thread(self._decided, seen, move)

    def _decided(self, seen: tuple[int, int], move: Command | None) -> None:
        control = self.screen.control
        asked, control.one_move = control.one_move, False  # a move asked for by hand, paused
        if move is None:
            return
        if seen != control.position() or not control.caught_up or (control.paused and not asked):
            self.schedule()  # the game moved on, or the bots were paused, meanwhile
            return
        self.screen.submit(move)
