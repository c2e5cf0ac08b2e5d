"""The end of a round: every hand, each card's points, what each 3 cancelled, scores."""

from __future__ import annotations

from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label, Static

from craits_core import Card, PlayerView, Rank, score_breakdown
from craits_core.events import RoundEnded

from ..faces import CardLook
from ..i18n import N_, _
from ..widgets.footer import Footer


class RoundSummary(ModalScreen[None]):
    """Shows how the round scored; Enter deals the next one (after the last round:
    shows the result)."""

    BINDINGS = [
        # Before the focused button's own Enter, so the footer shows what it does;
        # one of the two, as the button says it (`check_action`).
        Binding("enter", "next", N_("Next round"), priority=True),
        Binding("enter", "result", N_("See the result"), priority=True),
        Binding("escape", "close", show=False),
    ]

    def __init__(
        self,
        event: RoundEnded,
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
        out = event.went_out
        if out:
            names = ", ".join(self.view.players[s] for s in out)
            head = _("Round {n}: {names} went out.").format(n=event.round_number, names=names)
        else:
            head = _("Round {n} was blocked: nobody could play or draw.").format(
                n=event.round_number
            )
        last = self.last
        with Vertical(id="summary"):
            yield Label(head, id="summary-title")
            yield Static(self._table(), id="summary-table")
            yield Button(
                _("See the result (Enter)") if last else _("Next round (Enter)"),
                id="next",
                variant="primary",
            )
        yield Footer()

    @property
    def last(self) -> bool:
        """Whether this was the game's last round."""
        return self.view.is_over or self.event.round_number == len(self.view.rules.schedule)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "next":
            return not self.last
        if action == "result":
            return self.last
        return True

    def _table(self) -> Table:
        table = Table(expand=True, box=None, padding=(0, 1))
        table.add_column(_("Player"), style="bold")
        table.add_column(_("Cards left (points)"))
        table.add_column(_("Round"), justify="right")
        table.add_column(_("Total"), justify="right")
        for seat, name in enumerate(self.view.players):
            hand = list(self.event.hands[seat])
            table.add_row(
                name,
                self._cards(hand) if hand else Text(_("out"), style="bold green"),
                str(self.event.scores[seat]),
                str(self.view.totals[seat]),
            )
        return table

    def _cards(self, hand: list[Card]) -> CardFlow:
        """What counted (the dearest first), then what each 3 cancelled, then a 3
        with nothing to cancel: each card once."""
        rows = score_breakdown(hand)
        cancelled = {card for _three, _points, card in rows if card is not None}
        counted = [
            (card, points)
            for card, points, _card in rows
            if card.rank is not Rank.THREE and card not in cancelled
        ]
        entries = []
        for card, points in sorted(counted, key=lambda row: -row[1]):
            entry = Text()  # the card's colour stays on the card
            entry.append_text(self.look.short(card))
            entry.append(f" {points}", style="dim")
            entries.append(entry)
        for three, points, card in rows:
            if three.rank is not Rank.THREE:
                continue
            entry = Text()
            entry.append_text(self.look.short(three))
            if card is not None:
                # The cancelled card keeps its colour inside the translated phrase.
                before, _field, after = _("cancels {card}").partition("{card}")
                entry.append(" " + before, style="italic")
                entry.append_text(self.look.short(card))
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

    # The same close, under the names of what the footer says it does.
    action_result = action_close = action_next


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
