"""Choosing a suit after an 8 or a 9, or for the starter: clicks or keys."""

from __future__ import annotations

from collections.abc import Sequence

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label

from craits_core import Card, Rank, Suit

from ..faces import CardLook, suit_name
from ..i18n import N_, _
from ..widgets.footer import Footer


class SuitPicker(ModalScreen[Suit | None]):
    """Pick a suit with a click, its letter (c d h s), its number, or the arrows."""

    BINDINGS = [
        Binding("c", "pick('C')", N_("Clubs"), show=False),
        Binding("d", "pick('D')", N_("Diamonds"), show=False),
        Binding("h", "pick('H')", N_("Hearts"), show=False),
        Binding("s", "pick('S')", N_("Spades"), show=False),
        *[Binding(str(n), f"pick_number({n})", show=False) for n in range(1, 5)],
        Binding("left", "app.focus_previous", show=False),
        Binding("right", "app.focus_next", show=False),
        Binding("escape", "cancel", N_("Cancel")),
    ]

    def __init__(
        self,
        card: Card,
        suits: list[Suit],
        look: CardLook,
        starter: bool = False,
        hand: Sequence[Card] = (),
        advised: Suit | None = None,
    ) -> None:
        super().__init__()
        self.card = card
        self.suits = suits
        self.look = look
        self.starter = starter
        self.hand = hand
        """The cards the suit is for: the focus starts on the suit most of them follow."""
        self.advised = advised
        """The suit a hint advised for this card: the focus starts there, if given."""

    def compose(self) -> ComposeResult:
        if self.starter:
            question = _("The starter is {card}: which suit?")
        elif self.card.rank is Rank.EIGHT:
            question = _("You play {card}: name a suit.")
        else:
            question = _("You play {card}: keep its suit or switch?")
        with Vertical(id="picker"):
            yield Label(question.format(card=self.look.plain(self.card)), id="question")
            with Horizontal(id="suits"):
                for number, suit in enumerate(self.suits, start=1):
                    label = f"{number} {self.look.glyph(suit)} {suit_name(suit)}"
                    button = Button(
                        label, id=f"suit-{suit.value}", classes=f"suit-{suit.name.lower()}"
                    )
                    yield button
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(f"#suit-{self.likely_choice().value}", Button).focus()

    def likely_choice(self) -> Suit:
        """The suit a hint advised; else the suit held most after this card (8s left
        out: they follow anything), so that Enter alone makes the usual choice; the
        first suit on a tie."""
        if self.advised in self.suits:
            return self.advised
        rest = [c for c in self.hand if c != self.card and c.rank is not Rank.EIGHT]
        return max(self.suits, key=lambda suit: sum(c.suit is suit for c in rest))

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        assert event.button.id is not None
        self.dismiss(Suit(event.button.id.removeprefix("suit-")))

    def action_pick(self, letter: str) -> None:
        suit = Suit(letter)
        if suit in self.suits:
            self.dismiss(suit)
        else:
            self.notify(_("That suit is not a choice here."), severity="warning", timeout=2)

    def action_pick_number(self, number: int) -> None:
        if 1 <= number <= len(self.suits):
            self.dismiss(self.suits[number - 1])

    def action_cancel(self) -> None:
        self.dismiss(None)
