"""What the two piles share: a card as high as the pile but its line of words,
the words set below it."""

from __future__ import annotations

from collections.abc import Callable, Hashable

from rich.style import Style
from rich.text import Text
from textual.geometry import Region, Size
from textual.strip import Strip

from ..faces import CardLook, card_width
from .box import Box, joined
from .lines import LineWidget


def pile_card(region: Region) -> Region:
    """Where a pile's card is drawn in the pile's content ``region``: as high as all
    but the line of words below, as wide as a card that high (or as there is room
    for), in the middle. Both piles are of one size (the stylesheet's), so their cards
    are too, and stand level."""
    height = max(0, region.height - 1)
    width = min(region.width, card_width(height))
    # An odd column spare goes on the left: off whatever is beside the pile there.
    return Region(region.x + (region.width - width + 1) // 2, region.y, width, height)


class Pile(LineWidget):
    """A pile of the table, its card drawn in ``look``.

    The card fills the widget's height but its last line, whatever the size the
    stylesheet gives it: a resize draws it again at the new size. A subclass gives
    the card's lines, the words below and the pile's look (`draw_pile`)."""

    def __init__(self, look: CardLook, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.look = look

    @property
    def card_region(self) -> Region:
        """Where the pile's top card is on the screen: where a played card lands,
        and a drawn one starts."""
        return pile_card(self.content_region)

    def draw_pile(self, card: Size, width: int) -> tuple[Box, list[Strip], Strip]:
        """The pile's look, its card's lines for a card of size ``card`` (none for
        a pile too small to draw one: its words alone, then) and the words below,
        for a pile ``width`` wide."""
        raise NotImplementedError

    def draw_lines(self, size: Size) -> list[Strip]:
        card = pile_card(size.region)
        box, lines, words = self.draw_pile(card.size, size.width)
        if not lines:
            return box.frame(size, [words])
        indent = Strip.blank(card.x, box.fill)
        left = (size.width - words.cell_length) // 2
        centred = joined([Strip.blank(left, box.fill), words])
        return box.frame(size, [*(joined([indent, line]) for line in lines), centred])

    def words(self, key: Hashable, text: Callable[[], Text], style: Style) -> Strip:
        """A line of words, ``text()``, made once for ``key``."""
        return self.cached_strip(key, text, style)
