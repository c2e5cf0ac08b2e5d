"""Following the game: the events that came shown one at a time, the dialogs the
game asks for opened as it moves on (never from drawing), the bell when the turn
comes back."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from craits_core import Event
from craits_core.events import GameEnded, IdiotCalled, RoundEnded

from ...moves_shown import Movement, movements_for

if TYPE_CHECKING:
    from .screen import TableScreen


class Following:
    """Brings a table screen up to date with the game, event by event."""

    def __init__(self, screen: TableScreen) -> None:
        self.screen = screen
        self.control = screen.control
        self._due = False  # events came in: the table is to be brought up to date
        self.waiting_since = time.monotonic()
        """Since when the person here has waited: since the turn left, or a dialog
        closed."""

    def arrived(self, index: int, event: Event) -> None:
        """The log's ``index``-th event came: shown once the move's events are all in."""
        self.control.feed.arrive(index, event)
        # The events of a move come together: the table is brought up to date once
        # they are all in, not once an event.
        if not self._due:
            self._due = True
            self.screen.call_later(self._drain_if_due)

    def _drain_if_due(self) -> None:
        if self._due:
            self.drain()

    def drain(self) -> None:
        """Show queued events one by one, stopping at a round's end for its summary."""
        self._due = False
        screen, control = self.screen, self.control
        if screen.taken_down:
            return  # the events stay queued for nobody
        pile_before = screen.motions.pile_face()
        movements: list[Movement] = []
        drawn_for_you: str | None = None  # the notice of a draw made for the player
        while True:
            before = control.view
            event = control.feed.next()
            if event is None:
                break
            crank = before.crank if before is not None else 0
            movements.extend(movements_for(event, crank_before=crank))
            screen.clear_notice()  # the situation it spoke of has passed
            drawn_for_you = screen.auto_draw.notice_for(event) or drawn_for_you
            screen.hints.observed(event)
            screen.drawing.log_event(event)
            match event:
                case IdiotCalled(target=target) if target == control.seat:
                    self.ring()
                case RoundEnded():
                    screen.policy.round_summary(event)
                case GameEnded():
                    screen.policy.game_over()
        screen.refresh_table()
        self.open_due_dialogs()
        screen.motions.show(movements, pile_before)
        screen.bots.schedule()
        if drawn_for_you is not None:
            screen.notice(drawn_for_you)
        screen.auto_draw.consider()

    def open_due_dialogs(self) -> None:
        """Open what the game now asks of the people here: the terminal handed to
        the next person (hot-seat), or the starter's suit to name. Called as the
        game moves on, never from drawing."""
        screen, control = self.screen, self.control
        view = control.view
        if view is None or screen.taken_down or not control.caught_up:
            return
        if screen.policy.hand_over(view):
            return
        if view.choosing_suit and control.my_turn():
            screen.input.ask_starter_suit(view)

    def turn_changed(self, mine: bool) -> None:
        """Ring the bell when the turn comes back after others played (and, online,
        after a long wait: the policy's `bell_after`)."""
        now = time.monotonic()
        bell_after = self.screen.policy.bell_after
        if not mine:
            self.waiting_since = now
        elif bell_after is not None and now - self.waiting_since >= bell_after:
            self.ring()

    def ring(self) -> None:
        """The terminal's bell, if the person here wants it."""
        if self.screen.settings.bell:
            self.screen.app.bell()
