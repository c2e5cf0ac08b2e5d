"""The stock: face down, with how many cards are left; click it to draw."""

from __future__ import annotations

from functools import partial

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive

from ..faces import CardLook
from ..i18n import _, ngettext
from .pile import Drawn, Pile


class DrawPile(Pile):
    """The stock, face down, with how many cards are left. Click it to draw.

    Lit when the player may draw (its component class, drawn by the pile)."""

    DEFAULT_CSS = """
    DrawPile > .draw-pile--ready {
        color: $text;
        background: $accent 15%;
    }
    """

    COMPONENT_CLASSES = {"draw-pile--ready"}

    DRAWN_FROM = ("count", "can_draw")
    count: reactive[int] = reactive(0, repaint=False)
    can_draw: reactive[bool] = reactive(False, repaint=False)

    class Clicked(Message):
        """The player clicked the stock."""

    def pile_fill(self) -> Style:
        return self.component_style("draw-pile--ready" if self.can_draw else None)

    def card_text(self, card: Size) -> Drawn[list[Text]] | None:
        return ("pile", self.look, self.count), partial(_pile, self.look, self.count, card)

    def words_text(self, width: int, card: bool) -> Drawn[Text]:
        if not card:
            return ("count", self.count), partial(Text, str(self.count))
        # The line is there, blank, when drawing is not allowed: the pile keeps
        # its height, so a turn to draw costs a repaint, not a new layout.
        if not self.can_draw:
            return "no draw", Text
        return "draw", lambda: Text(_("draw (d)"), style="bold")

    def on_click(self) -> None:
        self.post_message(self.Clicked())


def _pile(look: CardLook, count: int, card: Size) -> list[Text]:
    """The stock's card: a back with the count across it, or its empty place."""
    width, height = card
    tl, h, tr, v, bl, br = look.box
    if count:
        lines = look.large_back(width, height)
        words = ngettext("{n} card", "{n} cards", count).format(n=count)
        if cell_len(words) > width - 4:
            words = str(count)  # the number alone: the pile says what it counts
        lines[height // 2] = _across(v, f" {words} ", "#" if look.ascii else "░", width)
        return lines
    # The place of the stock, drawn faint, with nothing on it.
    lines = [Text(tl + h * (width - 2) + tr, style="dim")]
    lines.extend(_across(v, "", " ", width, "dim") for _ in range(height - 2))
    lines.append(Text(bl + h * (width - 2) + br, style="dim"))
    lines[height // 2] = _across(v, _("empty"), " ", width, "dim")
    return lines


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
