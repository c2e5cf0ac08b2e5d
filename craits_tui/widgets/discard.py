"""The discard pile: its top card drawn large, and the suit to follow."""

from __future__ import annotations

from functools import partial

from rich.style import Style
from rich.text import Text
from textual.geometry import Size
from textual.reactive import reactive

from craits_core import Card, Rank, Suit

from ..faces import suit_name
from ..i18n import _
from .pile import Drawn, Pile


class DiscardPile(Pile):
    """The top card drawn large, and the suit to follow when an 8 or a 9 named one
    on the line below it. The pile is the stock's size, beside it (the stylesheet's).

    A named suit shades the pile (its component class, drawn by the pile)."""

    DEFAULT_CSS = """
    DiscardPile > .discard-pile--named { background: $warning 15%; }
    """

    COMPONENT_CLASSES = {"discard-pile--named"}

    DRAWN_FROM = ("top", "active_suit")
    top: reactive[Card | None] = reactive(None, repaint=False)
    active_suit: reactive[Suit | None] = reactive(None, repaint=False)

    def show(self, top: Card | None, active_suit: Suit | None) -> None:
        """Show ``top`` and the suit to follow: both at once, drawn once."""
        if (top, active_suit) == (self.top, self.active_suit):
            return
        self.set_reactive(DiscardPile.top, top)
        self.set_reactive(DiscardPile.active_suit, active_suit)
        self.redraw()

    @property
    def named(self) -> bool:
        """Whether the suit to follow was named (by an 8, or a 9 that switched it)."""
        suit, top = self.active_suit, self.top
        return (
            suit is not None
            and top is not None
            and (suit is not top.suit or top.rank is Rank.EIGHT)
        )

    def pile_fill(self) -> Style:
        return self.component_style("discard-pile--named" if self.named else None)

    def card_text(self, card: Size) -> Drawn[list[Text]] | None:
        top = self.top
        if top is None:
            return None
        return ("card", self.look, top), partial(self.look.large, top, *card)

    def words_text(self, width: int, card: bool) -> Drawn[Text]:
        if not card:
            return "empty", lambda: Text(_("(empty)"), style="dim")
        key = ("suit", self.look, self.active_suit, self.top)
        return key, partial(self._suit_line, width)

    def _suit_line(self, width: int) -> Text:
        suit = self.active_suit
        if suit is None or self.top is None:
            return Text("")
        named = self.named
        line = Text(_("follow ") if not named else _("now "), style="bold" if named else "dim")
        line.append_text(self.look.suit(suit))
        name = f" {suit_name(suit)}"
        if named and line.cell_len + len(name) <= width:  # the symbol says it, short of room
            line.append(name, style="bold")
        return line
