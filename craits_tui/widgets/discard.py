"""The discard pile: its top card drawn large, and the suit to follow."""

from __future__ import annotations

from rich.text import Text
from textual.geometry import Size
from textual.reactive import reactive
from textual.strip import Strip

from craits_core import Card, Rank, Suit

from ..faces import suit_name
from ..i18n import _
from .box import Box
from .pile import Pile


class DiscardPile(Pile):
    """The top card drawn large, and the suit to follow when an 8 or a 9 named one
    on the line below it. The pile is the stock's size, beside it (the stylesheet's).

    A named suit shades the pile (its component class, drawn by the pile)."""

    DEFAULT_CSS = """
    DiscardPile > .discard-pile--named { background: $warning 15%; }
    """

    COMPONENT_CLASSES = {"discard-pile--named"}

    top: reactive[Card | None] = reactive(None, repaint=False)
    active_suit: reactive[Suit | None] = reactive(None, repaint=False)

    def show(self, top: Card | None, active_suit: Suit | None) -> None:
        """Show ``top`` and the suit to follow: both at once, drawn once."""
        if (top, active_suit) == (self.top, self.active_suit):
            return
        self.set_reactive(DiscardPile.top, top)
        self.set_reactive(DiscardPile.active_suit, active_suit)
        self.redraw()

    def watch_top(self) -> None:
        self.redraw()

    def watch_active_suit(self) -> None:
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

    def draw_pile(self, card: Size, width: int) -> tuple[Box, list[Strip], Strip]:
        named = self.named
        fill = self.component_style("discard-pile--named") if named else self.component_style()
        box = Box.plain(fill)
        top = self.top
        if top is None or card.width < 3 or card.height < 3:
            empty = self.words("empty", lambda: Text(_("(empty)"), style="dim"), fill)
            return box, [], empty
        lines = self.cached_lines(
            ("card", self.look, top, card),
            lambda: self.look.large(top, width=card.width, height=card.height),
            fill,
        )
        suit = self.active_suit
        key = ("suit", self.look, suit, top, width)
        words = self.words(key, lambda: self._suit_line(width), fill)
        return box, list(lines), words

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
