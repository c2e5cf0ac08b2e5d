"""Hints: what the expert bot would do in the player's place, and why."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from textual import work

from craits_core import Command, Event, Play, PlayerView

from ...i18n import _
from ...widgets.hand import Hand
from .base import TableBase

if TYPE_CHECKING:
    from craits_core.bots.reasons import Reason


class Hints(TableBase):
    """The part of the table screen that gives hints."""

    def action_hint(self) -> None:
        """What the expert bot would do in the player's place, and why."""
        if not self.control.my_turn() or self.seat is None or self.view is None:
            self._notice(_("A hint is for your turn."))
            return
        if self._adviser is None:
            from craits_core.bots import make_bot
            from craits_core.hosting import Undisturbed

            # Worked out in a thread, as the game goes on: undisturbed by its events.
            self._adviser = Undisturbed(make_bot("expert", seed=self.seat))
            for event in self.table.events_for(self.seat)[: self._shown]:
                self._adviser.observe(event)
        self.notify(_("Thinking…"), timeout=1)
        self._advise(self.view, self.control.moves())

    def _observed(self, event: Event) -> None:
        """The adviser, once asked for, follows the game as the seat sees it."""
        if self._adviser is not None:
            self._adviser.observe(event)

    @work(thread=True, exclusive=True, group="hint")
    def _advise(self, view: PlayerView, moves: Sequence[Command]) -> None:
        adviser = self._adviser
        if adviser is None or not moves:
            return
        move, reason = adviser.explain(view, moves)
        self.app.call_from_thread(self._show_hint, view, move, reason)

    def _show_hint(self, view: PlayerView, move: Command, reason: Reason) -> None:
        if view is not self.view:
            return  # the game moved on: the hint is stale
        if isinstance(move, Play):
            hand = self.query_one(Hand)
            if move.card in hand.cards:
                hand.cursor = hand.cards.index(move.card)
        # Translators: a hint, the move then why ("Play 2♦ — keep the 3♦: it cancels…").
        # A dash, because many reasons have a colon of their own.
        text = _("{advice} — {reason}").format(
            advice=self.narrator.advice(move, view.crank), reason=self.narrator.reason(reason)
        )
        self.notify(text, title=_("Hint"), timeout=8)
        self.control.hint = move
