"""The stock: face down, with how many cards are left; click it to draw."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual.geometry import Region
from textual.message import Message
from textual.reactive import reactive

from ..faces import CardLook, card_width
from ..i18n import _, ngettext
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


class DrawPile(PlainWidget):
    """The stock, face down, with how many cards are left. Click it to draw.

    The card fills the widget's height but its last line, whatever the size the
    stylesheet gives it: a resize draws it again at the new size."""

    DEFAULT_CSS = """
    DrawPile.-can-draw {
        color: $text;
        background: $accent 15%;
    }
    """

    count: reactive[int] = reactive(0)
    can_draw: reactive[bool] = reactive(False)

    class Clicked(Message):
        """The player clicked the stock."""

    def __init__(self, look: CardLook, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.look = look

    @property
    def card_region(self) -> Region:
        """Where the stock's top card is on the screen: where a drawn card starts."""
        return pile_card(self.content_region)

    def watch_can_draw(self, can_draw: bool) -> None:
        self.set_class(can_draw, "-can-draw")

    def render(self) -> Text:
        card = pile_card(self.content_region)
        width, height = card.size
        if width < 3 or height < 3:
            return Text(str(self.count))
        tl, h, tr, v, bl, br = self.look.box
        if self.count:
            lines = self.look.large_back(width, height)
            words = ngettext("{n} card", "{n} cards", self.count).format(n=self.count)
            if cell_len(words) > width - 4:
                words = str(self.count)  # the number alone: the pile says what it counts
            lines[height // 2] = _across(v, f" {words} ", "#" if self.look.ascii else "░", width)
        else:
            # The place of the stock, drawn faint, with nothing on it.
            lines = [Text(tl + h * (width - 2) + tr, style="dim")]
            lines.extend(_across(v, "", " ", width, "dim") for _ in range(height - 2))
            lines.append(Text(bl + h * (width - 2) + br, style="dim"))
            lines[height // 2] = _across(v, _("empty"), " ", width, "dim")
        # The line is there, blank, when drawing is not allowed: the pile keeps
        # its height, so a turn to draw costs a repaint, not a new layout.
        lines.append(Text(_("draw (d)"), style="bold") if self.can_draw else Text(""))
        return centred(lines, card.x - self.content_region.x, self.content_size.width)

    def on_click(self) -> None:
        self.post_message(self.Clicked())


def centred(lines: list[Text], indent: int, width: int) -> Text:
    """A pile's lines, the card's moved in by ``indent`` columns and the words below
    set in the middle of ``width``."""
    *card, words = lines
    for line in card:
        line.pad_left(indent)
    words.align("center", width)
    return Text("\n").join([*card, words])


def _across(side: str, words: str, fill: str, width: int, frame: str = "") -> Text:
    """A line of a card ``width`` wide: ``words`` in its middle, ``fill`` around,
    ``side`` at each end in the ``frame`` style."""
    inner = width - 2
    words = words if cell_len(words) <= inner else words.strip()[:inner]
    left = (inner - cell_len(words)) // 2
    right = inner - cell_len(words) - left
    return Text.assemble(
        (side, frame), (fill * left, "dim"), (words, "bold"), (fill * right, "dim"), (side, frame)
    )
