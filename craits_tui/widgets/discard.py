"""The discard pile: its top card drawn large, and the suit to follow."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive

from craits_core import Card, Rank, Suit

from ..faces import suit_name
from ..i18n import _
from .pile import Pile


class DiscardPile(Pile):
    """The top card drawn large, and the suit to follow when an 8 or a 9 named one
    on the line below it. The pile is the stock's size, beside it (the stylesheet's)."""

    DEFAULT_CSS = """
    DiscardPile.-named { background: $warning 15%; }
    """

    top: reactive[Card | None] = reactive(None)
    active_suit: reactive[Suit | None] = reactive(None)

    def show(self, top: Card | None, active_suit: Suit | None) -> None:
        """Show ``top`` and the suit to follow: both at once, so that the "-named"
        look is worked out once (a class that comes and goes between the two is a
        restyling each time)."""
        if (top, active_suit) == (self.top, self.active_suit):
            return
        self.set_reactive(DiscardPile.top, top)
        self.set_reactive(DiscardPile.active_suit, active_suit)
        self.set_class(self._named(), "-named")
        self.refresh()

    def watch_top(self) -> None:
        self.set_class(self._named(), "-named")

    def watch_active_suit(self) -> None:
        self.set_class(self._named(), "-named")

    def _named(self) -> bool:
        """Whether the suit to follow was named (by an 8, or a 9 that switched it)."""
        suit, top = self.active_suit, self.top
        return (
            suit is not None
            and top is not None
            and (suit is not top.suit or top.rank is Rank.EIGHT)
        )

    def render(self) -> Text:
        width, height = self.card_region.size
        if self.top is None or width < 3 or height < 3:
            return Text(_("(empty)"), style="dim")
        lines = self.look.large(self.top, width=width, height=height)
        lines.append(self._suit_line(self.content_size.width))
        return self._centred(lines)

    def _suit_line(self, width: int) -> Text:
        suit = self.active_suit
        if suit is None or self.top is None:
            return Text("")
        named = self._named()
        line = Text(_("follow ") if not named else _("now "), style="bold" if named else "dim")
        line.append_text(self.look.suit(suit))
        name = f" {suit_name(suit)}"
        if named and line.cell_len + len(name) <= width:  # the symbol says it, short of room
            line.append(name, style="bold")
        return line
