"""Drawing for the player: with the "Draw for me" option on, a turn whose only move
is to draw (one card, the crank's count, or a pass from an empty stock) is made for
them after a beat, and a notice says so.

Only when drawing is all there is: never while a card could be played, a suit is
to be named, or "Last card!" or "Idiot!" could still be said (the draw would close
that window), and never under a dialog.
"""

from __future__ import annotations

from textual.timer import Timer

from craits_core import Draw, DrawReason, Event
from craits_core.events import CardPlayed, CardsDrawn
from craits_core.moves import command_for

from ...i18n import _, ngettext
from .base import TableBase

AUTO_DRAW_BEAT = 0.8
"""Seconds the player's turn shows before the draw is made for them: time to see
that it came, and why nothing else could be done."""


class AutoDraw(TableBase):
    """The part of the table screen that draws for the player who asked for it."""

    draws_for_player = True
    """Whether the option applies at this table (a lesson teaches drawing)."""

    _auto_timer: Timer | None = None
    _auto_position: tuple[int, int] | None = None
    """Where the game stood when the draw was last due: it is made once there."""
    _auto_sent = False  # a draw made for the player, whose event is still to be shown

    def _position_now(self) -> tuple[int, int]:
        return (self.table.take_backs, self.table.event_count())

    def _auto_draw_due(self) -> bool:
        """Whether drawing is the player's only move now, and theirs to be made for them."""
        view = self.view
        if (
            not self.settings.auto_draw
            or not self.draws_for_player
            or self.control.leaving
            or self.feed.held
            or view is None
            or view.is_over
            or not self.control.my_turn()
            or self.app.screen is not self
        ):
            return False
        moves = self.control.moves()
        return bool(moves) and all(isinstance(move, Draw) for move in moves)

    def _consider_auto_draw(self) -> None:
        """Set the draw on its way, after a beat, if it is due and not yet made here."""
        if not self._auto_draw_due():
            self._cancel_auto_draw()
            return
        position = self._position_now()
        if position == self._auto_position:
            return  # on its way, made already, or taken back to: once a position
        self._cancel_auto_draw()
        self._auto_position = position
        self._auto_timer = self.set_timer(AUTO_DRAW_BEAT, self._auto_draw)

    def _cancel_auto_draw(self) -> None:
        """Drop the draw on its way, if any: it is due again when next considered."""
        if self._auto_timer is not None:
            self._auto_timer.stop()
            self._auto_timer = None
            self._auto_position = None

    def _auto_draw(self) -> None:
        self._auto_timer = None
        seat = self.seat
        if seat is None or self._position_now() != self._auto_position:
            return  # the game moved on meanwhile
        if not self._auto_draw_due():
            # A dialog opened during the beat, say: the draw waits for it to close.
            self._auto_position = None
            return
        if self._submit(Draw(seat)):
            self._auto_sent = True

    def _skip_auto_draw_here(self) -> None:
        """No draw for the player where the game stands now: they took their move
        back to make it themselves (or to go back further)."""
        self._cancel_auto_draw()
        self._auto_position = self._position_now()

    def _auto_draw_notice(self, event: Event) -> str | None:
        """The notice for ``event``, if it is the draw made for the player."""
        if not self._auto_sent:
            return None
        match event:
            case CardPlayed(player=player) if player == self.seat:
                self._auto_sent = False  # refused, and the player moved themselves
                return None
            case CardsDrawn(player=player) if player == self.seat and command_for([event], 0):
                pass  # the seat's own draw, not one the rules forced on it
            case _:
                return None
        self._auto_sent = False
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
