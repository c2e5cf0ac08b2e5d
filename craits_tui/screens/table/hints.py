"""Hints: what the expert bot would do in the player's place, and why."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from craits_core import Command, Event, Play, PlayerView

from ...i18n import _

if TYPE_CHECKING:
    from craits_core.bots.reasons import Reason
    from craits_core.hosting import Undisturbed

    from .screen import TableScreen


class Hints:
    """Gives the person at a table screen the expert bot's advice."""

    def __init__(self, screen: TableScreen) -> None:
        self.screen = screen
        self._adviser: Undisturbed | None = None  # an expert bot that knows what the seat knows

    def forget(self) -> None:
        """The table is shown from another side, or rewound: the adviser knew too much."""
        self._adviser = None

    def give(self) -> None:
        """What the expert bot would do in the player's place, and why."""
        screen = self.screen
        control = screen.control
        seat, view = control.seat, control.view
        if not control.my_turn() or seat is None or view is None:
            screen.notice(_("A hint is for your turn."))
            return
        if self._adviser is None:
            from craits_core.bots import make_bot
            from craits_core.hosting import Undisturbed

            # Worked out in a thread, as the game goes on: undisturbed by its events.
            self._adviser = Undisturbed(make_bot("expert", seed=seat))
            for event in screen.table.events_for(seat)[: control.feed.shown]:
                self._adviser.observe(event)
        screen.notify(_("Thinking…"), timeout=1)
        moves = control.moves()
        screen.run_worker(
            lambda: self._advise(view, moves), thread=True, exclusive=True, group="hint"
        )

    def observed(self, event: Event) -> None:
        """The adviser, once asked for, follows the game as the seat sees it."""
        if self._adviser is not None:
            self._adviser.observe(event)

    def _advise(self, view: PlayerView, moves: Sequence[Command]) -> None:
        adviser = self._adviser
        if adviser is None or not moves:
            return
        move, reason = adviser.explain(view, moves)
        self.screen.app.call_from_thread(self._show, view, move, reason)

    def _show(self, view: PlayerView, move: Command, reason: Reason) -> None:
        screen = self.screen
        if view is not screen.view:
            return  # the game moved on: the hint is stale
        if isinstance(move, Play):
            screen.point_at(move.card)
        narrator = screen.narrator
        # Translators: a hint, the move then why ("Play 2♦ — keep the 3♦: it cancels…").
        # A dash, because many reasons have a colon of their own.
        text = _("{advice} — {reason}").format(
            advice=narrator.advice(move, view.crank), reason=narrator.reason(reason)
        )
        screen.notify(text, title=_("Hint"), timeout=8)
        screen.control.hint = move
