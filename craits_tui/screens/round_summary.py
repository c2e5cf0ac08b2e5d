"""The end of a round: every hand, each card's points, what each 3 cancelled, scores."""

from __future__ import annotations

from typing import Any

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label, Static

from craits_core import Card, PlayerView, score_breakdown

from ..faces import CardLook
from ..i18n import _


class RoundSummary(ModalScreen[None]):
    """Shows how the round scored; Enter deals the next one."""

    BINDINGS = [Binding("enter", "next", _("Next round")), Binding("escape", "next", show=False)]

    def __init__(
        self,
        event: dict[str, Any],
        view: PlayerView,
        look: CardLook,
        auto_close: float | None = None,
    ) -> None:
        """``auto_close``: seconds after which the next round starts by itself (for
        people watching bots); None waits for the player."""
        super().__init__()
        self.event = event
        self.view = view
        self.look = look
        self.auto_close = auto_close

    def compose(self) -> ComposeResult:
        event = self.event
        out = event["went_out"]
        if out:
            names = ", ".join(self.view.players[s] for s in out)
            head = _("Round {n}: {names} went out.").format(n=event["round_number"], names=names)
        else:
            head = _("Round {n} was blocked: nobody could play or draw.").format(
                n=event["round_number"]
            )
        last = self.view.is_over or event["round_number"] == len(self.view.rules.schedule)
        with Vertical(id="summary"):
            yield Label(head, id="summary-title")
            yield Static(self._table(), id="summary-table")
            yield Button(
                _("See the result") if last else _("Next round (Enter)"),
                id="next",
                variant="primary",
            )

    def _table(self) -> Table:
        table = Table(expand=True, box=None, padding=(0, 1))
        table.add_column(_("Player"), style="bold")
        table.add_column(_("Cards left (points)"))
        table.add_column(_("Round"), justify="right")
        table.add_column(_("Total"), justify="right")
        for seat, name in enumerate(self.view.players):
            hand = [Card.parse(c) for c in self.event["hands"][seat]]
            table.add_row(
                name,
                self._cards(hand) if hand else Text(_("out"), style="bold green"),
                str(self.event["scores"][seat]),
                str(self.view.totals[seat]),
            )
        return table

    def _cards(self, hand: list[Card]) -> Text:
        text = Text()
        for card, points, cancelled in score_breakdown(hand):
            if text:
                text.append("  ")
            text.append_text(self.look.short(card))
            if cancelled is not None:
                # The cancelled card keeps its colour inside the translated phrase.
                before, _field, after = _("cancels {card}").partition("{card}")
                text.append(" " + before, style="italic")
                text.append_text(self.look.short(cancelled))
                text.append(after, style="italic")
            else:
                text.append(f" {points}", style="dim")
        return text

    def on_mount(self) -> None:
        self.query_one("#next", Button).focus()
        if self.auto_close is not None:
            self.set_timer(self.auto_close, self.action_next)

    def on_button_pressed(self) -> None:
        self.dismiss(None)

    def action_next(self) -> None:
        self.dismiss(None)
