"""What the two piles share: a card as high as the pile but its line of words,
the words set below it."""

from __future__ import annotations

from rich.text import Text
from textual.geometry import Region

from ..faces import CardLook, card_width
from .plain import PlainWidget


def pile_card(region: Region) -> Region:
    """Where a pile's card is drawn in the pile's content ``region``: as high as all
    but the line of words below, as wide as a card that high (or as there is room
    for), in the middle. Both piles are of one size (the stylesheet's), so their cards
    are too, and stand level."""
    height = max(0, region.height - 1)
    width = min(region.width, card_width(height))
    # An odd column spare goes on the left: off whatever is beside the pile there.
    return Region(region.x + (region.width - width + 1) // 2, region.y, width, height)


class Pile(PlainWidget):
    """A pile of the table, its card drawn in ``look``.

    The card fills the widget's height but its last line, whatever the size the
    stylesheet gives it: a resize draws it again at the new size."""

    def __init__(self, look: CardLook, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.look = look

    @property
    def card_region(self) -> Region:
        """Where the pile's top card is on the screen: where a played card lands,
        and a drawn one starts."""
        return pile_card(self.content_region)

    def _centred(self, lines: list[Text]) -> Text:
        """The pile's lines as drawn: the card's moved in to `card_region`, the
        words below set in the middle of the pile."""
        content = self.content_region
        indent = self.card_region.x - content.x
        *card, words = lines
        for line in card:
            line.pad_left(indent)
        words.align("center", content.width)
        return Text("\n").join([*card, words])
