"""The end of a round: every hand, each card's points, what each 3 cancelled, scores."""

from __future__ import annotations

from typing import Any

from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
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
from ..widgets.footer import Footer


class RoundSummary(ModalScreen[None]):
    """Shows how the round scored; Enter deals the next one."""

    BINDINGS = [
        # Before the focused button's own Enter, so the footer shows what it does.
        Binding("enter", "next", _("Next round"), priority=True),
        Binding("escape", "next", show=False),
    ]

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
        yield Footer()

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

    def _cards(self, hand: list[Card]) -> CardFlow:
        entries = []
        for card, points, cancelled in score_breakdown(hand):
            entry = Text()  # the card's colour stays on the card
            entry.append_text(self.look.short(card))
            if cancelled is not None:
                # The cancelled card keeps its colour inside the translated phrase.
                before, _field, after = _("cancels {card}").partition("{card}")
                entry.append(" " + before, style="italic")
                entry.append_text(self.look.short(cancelled))
                entry.append(after, style="italic")
            else:
                entry.append(f" {points}", style="dim")
            entries.append(entry)
        return CardFlow(entries)

    def on_mount(self) -> None:
        self.query_one("#next", Button).focus()
        if self.auto_close is not None:
            self.set_timer(self.auto_close, self.action_next)

    def on_button_pressed(self) -> None:
        self.dismiss(None)

    def action_next(self) -> None:
        self.dismiss(None)


class CardFlow:
    """Cards with their points, as many to a line as fit, two spaces apart. A line
    breaks only between cards: "6♥ 30" never ends one line and begins the next."""

    def __init__(self, entries: list[Text]) -> None:
        self.entries = entries

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        widths = [entry.cell_len for entry in self.entries]
        return Measurement(max(widths, default=0), sum(widths) + 2 * max(0, len(widths) - 1))

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        line = Text()
        for entry in self.entries:
            if line and line.cell_len + 2 + entry.cell_len > options.max_width:
                yield line
                line = Text()
            if line:
                line.append("  ")
            line.append_text(entry)
        yield line
