"""Drawing for the player: with the "Draw for me" option on, a turn whose only move
is to draw (one card, the crank's count, or a pass from an empty stock) is made for
them after a beat, and a notice says so.

Only when drawing is all there is: never while a card could be played, a suit is
to be named, or "Last card!" or "Idiot!" could still be said (the draw would close
that window), and never under a dialog.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.timer import Timer

from craits_core import Draw, DrawReason, Event
from craits_core.events import CardPlayed, CardsDrawn
from craits_core.moves import command_for

from ...i18n import _, ngettext

if TYPE_CHECKING:
    from .screen import TableScreen

AUTO_DRAW_BEAT = 0.8
"""Seconds the player's turn shows before the draw is made for them: time to see
that it came, and why nothing else could be done."""


class AutoDraw:
    """Draws for the person at a table screen who asked for it."""

    def __init__(self, screen: TableScreen) -> None:
        self.screen = screen
        self.timer: Timer | None = None
        """The draw's timer, while one is on its way."""
        self._position: tuple[int, int] | None = None
        """Where the game stood when the draw was last due: it is made once there."""
        self._sent = False  # a draw made for the player, whose event is still to be shown

    def _due(self) -> bool:
        """Whether drawing is the player's only move now, and theirs to be made for them."""
        screen = self.screen
        control = screen.control
        view = control.view
        if (
            not screen.settings.auto_draw
            or not screen.policy.draws_for_player
            or control.leaving
            or control.feed.held
            or view is None
            or view.is_over
            or not control.my_turn()
            or screen.app.screen is not screen
        ):
            return False
        moves = control.moves()
        return bool(moves) and all(isinstance(move, Draw) for move in moves)

    def consider(self) -> None:
        """Set the draw on its way, after a beat, if it is due and not yet made here."""
        if not self._due():
            self.cancel()
            return
        position = self.screen.control.position()
        if position == self._position:
            return  # on its way, made already, or taken back to: once a position
        self.cancel()
        self._position = position
        self.timer = self.screen.set_timer(AUTO_DRAW_BEAT, self._draw)

    def cancel(self) -> None:
        """Drop the draw on its way, if any: it is due again when next considered."""
        if self.timer is not None:
            self.timer.stop()
            self.timer = None
            self._position = None

    def _draw(self) -> None:
        self.timer = None
        seat = self.screen.seat
        if seat is None or self.screen.control.position() != self._position:
            return  # the game moved on meanwhile
        if not self._due():
            # A dialog opened during the beat, say: the draw waits for it to close.
            self._position = None
            return
        if self.screen.submit(Draw(seat)):
            self._sent = True

    def skip_here(self) -> None:
        """No draw for the player where the game stands now: they took their move
        back to make it themselves (or to go back further)."""
        self.cancel()
        self._position = self.screen.control.position()

    def notice_for(self, event: Event) -> str | None:
        """The notice for ``event``, if it is the draw made for the player."""
        if not self._sent:
            return None
        seat = self.screen.seat
        match event:
            case CardPlayed(player=player) if player == seat:
                self._sent = False  # refused, and the player moved themselves
                return None
            case CardsDrawn(player=player) if player == seat and command_for([event], 0):
                pass  # the seat's own draw, not one the rules forced on it
            case _:
                return None
        self._sent = False
        count = event.count
        if event.reason is DrawReason.CRANK:
            return ngettext(
                "No ace or 2 for the crank: {n} card drawn for you.",
                "No ace or 2 for the crank: {n} cards drawn for you.",
                count,
            ).format(n=count)
        if count == 0:
            return _("No card to play and none left to draw: passed for you.")
        return _("No card to play: a card drawn for you.")
