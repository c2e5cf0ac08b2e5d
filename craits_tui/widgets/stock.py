"""The stock: face down, with how many cards are left; click it to draw."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual.message import Message
from textual.reactive import reactive

from ..i18n import _, ngettext
from .pile import Pile


class DrawPile(Pile):
    """The stock, face down, with how many cards are left. Click it to draw."""

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

    def watch_can_draw(self, can_draw: bool) -> None:
        self.set_class(can_draw, "-can-draw")

    def render(self) -> Text:
        width, height = self.card_region.size
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
        return self._centred(lines)

    def on_click(self) -> None:
        self.post_message(self.Clicked())


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
