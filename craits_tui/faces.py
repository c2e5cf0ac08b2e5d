"""How cards look on a terminal: symbols or letters, two or four colours, box shapes."""

from __future__ import annotations

from dataclasses import dataclass

from rich.style import Style
from rich.text import Text

from craits_core import Card, Suit

from .i18n import _

# Suit colours. Black suits take the terminal's own foreground, so they read on
# light and dark themes alike; the four-colour deck adds blue diamonds and green
# clubs for players who cannot tell red from black.
_TWO_COLOURS = {Suit.HEARTS: "red", Suit.DIAMONDS: "red", Suit.CLUBS: "", Suit.SPADES: ""}
_FOUR_COLOURS = {Suit.HEARTS: "red", Suit.DIAMONDS: "blue", Suit.CLUBS: "green", Suit.SPADES: ""}

_ROUND_BOX = ("╭", "─", "╮", "│", "╰", "╯")
_ASCII_BOX = ("+", "-", "+", "|", "+", "+")


def suit_name(suit: Suit) -> str:
    """The suit's name, translated."""
    return {
        Suit.CLUBS: _("clubs"),
        Suit.DIAMONDS: _("diamonds"),
        Suit.HEARTS: _("hearts"),
        Suit.SPADES: _("spades"),
    }[suit]


def card_width(height: int) -> int:
    """The width of a card drawn ``height`` lines high, in the proportions of a real
    one on a terminal's cells (about twice as high as wide): odd, for a middle
    column, and at least 5."""
    return max(5, 2 * round((height * 1.3 - 1) / 2) + 1)


@dataclass(frozen=True)
class CardLook:
    """The player's choice of card faces."""

    ascii: bool = False
    four_colour: bool = False

    @property
    def box(self) -> tuple[str, str, str, str, str, str]:
        return _ASCII_BOX if self.ascii else _ROUND_BOX

    def glyph(self, suit: Suit) -> str:
        return suit.letter if self.ascii else suit.symbol

    def colour(self, suit: Suit) -> str:
        return (_FOUR_COLOURS if self.four_colour else _TWO_COLOURS)[suit]

    def suit(self, suit: Suit) -> Text:
        """The suit's symbol (or letter), in its colour."""
        return Text(self.glyph(suit), style=self.colour(suit))

    def short(self, card: Card) -> Text:
        """A card inline, as in the log: "7♠"."""
        return Text(f"{card.rank.label}{self.glyph(card.suit)}", style=self.colour(card.suit))

    def plain(self, card: Card) -> str:
        """A card as plain text, for messages: "7♠" (or "7S")."""
        return f"{card.rank.label}{self.glyph(card.suit)}"

    def small(self, card: Card, frame: Style | str = "") -> list[Text]:
        """A card three lines high and five wide, for the hand."""
        tl, h, tr, v, bl, br = self.box
        face = Text(f"{card.rank.label:>2}{self.glyph(card.suit)}", style=self.colour(card.suit))
        middle = Text(v, style=frame) + face + Text(v, style=frame)
        return [
            Text(f"{tl}{h * 3}{tr}", style=frame),
            middle,
            Text(f"{bl}{h * 3}{br}", style=frame),
        ]

    def medium(
        self, card: Card, frame: Style | str = "", width: int = 7, height: int = 5
    ) -> list[Text]:
        """A card five lines high and seven wide (or as given), for the hand on a
        big terminal: the rank in two corners, the suit in the middle."""
        tl, h, tr, v, bl, br = self.box
        colour = self.colour(card.suit)
        label = card.rank.label
        inner = width - 2
        side = Text(v, style=frame)
        body = [label.ljust(inner)]
        for i in range(1, height - 3):
            body.append((self.glyph(card.suit) if i == (height - 2) // 2 else "").center(inner))
        body.append(label.rjust(inner))
        return [
            Text(f"{tl}{h * inner}{tr}", style=frame),
            *(side + Text(line, style=colour) + side for line in body),
            Text(f"{bl}{h * inner}{br}", style=frame),
        ]

    def back(self, frame: Style | str = "") -> list[Text]:
        """The back of a card, three lines high."""
        tl, h, tr, v, bl, br = self.box
        fill = "###" if self.ascii else "░░░"
        return [
            Text(f"{tl}{h * 3}{tr}", style=frame),
            Text(f"{v}{fill}{v}", style=frame),
            Text(f"{bl}{h * 3}{br}", style=frame),
        ]

    def large_back(self, width: int = 9, height: int = 7) -> list[Text]:
        """The back of a card drawn large (the stock), as big as `large`."""
        tl, h, tr, v, bl, br = self.box
        fill = ("#" if self.ascii else "░") * (width - 2)
        rows = [Text(f"{tl}{h * (width - 2)}{tr}")]
        rows.extend(Text(f"{v}{fill}{v}", style="dim") for _ in range(height - 2))
        rows.append(Text(f"{bl}{h * (width - 2)}{br}"))
        return rows

    def large(self, card: Card, width: int = 9, height: int = 7) -> list[Text]:
        """A card drawn large (for the top of the discard pile)."""
        tl, h, tr, v, bl, br = self.box
        inner = width - 2
        colour = self.colour(card.suit)
        label = card.rank.label
        glyph = self.glyph(card.suit)
        # The whole card in its suit's colour: one run of text a line, which keeps
        # what is sent to the terminal for each play small.
        rows = [Text(f"{tl}{h * inner}{tr}", style=colour)]
        body = [label.ljust(inner)]
        for i in range(1, height - 3):
            body.append((glyph if i == (height - 2) // 2 else "").center(inner))
        body.append(label.rjust(inner))
        rows.extend(Text(f"{v}{line}{v}", style=colour) for line in body)
        rows.append(Text(f"{bl}{h * inner}{br}", style=colour))
        return rows
