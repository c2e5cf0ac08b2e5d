"""The stock: face down, with how many cards are left; click it to draw."""

from __future__ import annotations

from rich.text import Text
from textual.message import Message
from textual.reactive import reactive

from ..faces import CardLook
from ..i18n import _, ngettext
from .plain import PlainWidget


class DrawPile(PlainWidget):
    """The stock, face down, with how many cards are left. Click it to draw."""

    count: reactive[int] = reactive(0)
    can_draw: reactive[bool] = reactive(False)

    class Clicked(Message):
        """The player clicked the stock."""

    def __init__(self, look: CardLook, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.look = look

    def watch_can_draw(self, can_draw: bool) -> None:
        self.set_class(can_draw, "-can-draw")

    def render(self) -> Text:
        compact = self.app.size.height < 30  # as the discard pile beside it
        width, height = (7, 5) if compact else (9, 7)
        if self.count:
            lines = self.look.large_back(width, height)
        else:
            lines = [Text(" " * width) for _ in range(height)]
            lines[height // 2] = Text(_("empty").center(width), style="dim")
        label = ngettext("{n} card", "{n} cards", self.count).format(n=self.count)
        lines.append(Text(label, style="dim"))
        # The line is there, blank, when drawing is not allowed: the pile keeps
        # its height, so a turn to draw costs a repaint, not a new layout.
        lines.append(Text(_("draw (d)"), style="bold") if self.can_draw else Text(""))
        return Text("\n").join(lines)

    def on_click(self) -> None:
        self.post_message(self.Clicked())
