"""What the two piles share: a card as high as the pile but its line of words,
the words set below it."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from functools import partial
from typing import TypeAlias, TypeVar

from rich.style import Style
from rich.text import Text
from textual.geometry import Region, Size
from textual.strip import Strip

from ..faces import CardLook, card_width
from .box import Box
from .lines import LineWidget

T = TypeVar("T")


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
    the pile's look, the card's lines and the words below; each is made once for
    what it depends on."""

    def __init__(self, look: CardLook, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.look = look

    @property
    def card_region(self) -> Region:
        """Where the pile's top card is on the screen: where a played card lands,
        and a drawn one starts."""
        return pile_card(self.content_region)

    def pile_fill(self) -> Style:
        """The pile's look now: the style of all of it."""
        raise NotImplementedError

    def card_text(self, card: Size) -> Drawn[list[Text]] | None:
        """The lines of the pile's card at ``card``'s size, and what they depend on
        (None: no card to draw)."""
        raise NotImplementedError

    def words_text(self, width: int, card: bool) -> Drawn[Text]:
        """The words below the card (or alone, with no ``card``), for a pile
        ``width`` wide, and what they depend on."""
        raise NotImplementedError

    def draw_lines(self, size: Size) -> list[Strip]:
        fill = self.pile_fill()
        box = Box.plain(fill)
        region = pile_card(size.region)
        drawn = self.card_text(region.size) if min(region.size) >= 3 else None
        key, words = self.words_text(size.width, drawn is not None)
        if drawn is None:
            return box.frame(size, [self.cached_strip(key, words, fill)])
        card_key, lines = drawn
        card = self.cached_lines((card_key, region), partial(_indented, lines, region.x), fill)
        below = self.cached_strip((key, size.width), partial(_centred, words, size.width), fill)
        return box.frame(size, [*card, below])


Drawn: TypeAlias = tuple[Hashable, Callable[[], T]]
"""What a pile draws, made by calling the second, and the key of what it depends on."""


def _indented(lines: Callable[[], list[Text]], indent: int) -> list[Text]:
    """A card's lines moved in to where the card is drawn."""
    drawn = lines()
    for line in drawn:
        line.pad_left(indent)
    return drawn


def _centred(words: Callable[[], Text], width: int) -> Text:
    """The words below the card, in the middle of the pile."""
    line = words()
    line.align("center", width)
    return line
