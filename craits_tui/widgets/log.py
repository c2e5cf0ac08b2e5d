"""The log: what happened, one line an event, newest at the bottom."""

from __future__ import annotations

from rich.segment import Segment
from rich.text import Text
from textual import events
from textual.geometry import Region
from textual.strip import Strip

from .plain import PlainWidget

MAX_LINES = 400


class GameLog(PlainWidget):
    """A readable account of the game ("Bob played 7♠", "You drew a card").

    It fills a page from the top; when the page is full it turns: the last few
    lines move to the top and the page fills again. A scrolling log would shift
    every row for each new line, and a terminal at the end of a slow link would be
    sent the whole panel again for every move; a page sends only the new line.
    """

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self._lines: list[Text] = []
        self._rows: list[Strip] = []  # the lines wrapped to the width, oldest first
        self._top = 0  # the first row shown
        self._fitted = (0, 0)  # the size the rows were wrapped for

    @property
    def lines(self) -> list[Text]:
        """Every line said so far (the last `MAX_LINES`)."""
        return list(self._lines)

    def say(self, line: str, style: str = "") -> None:
        """Add a line at the bottom."""
        text = Text(line, style=style)
        self._lines.append(text)
        if len(self._lines) > MAX_LINES:
            del self._lines[: len(self._lines) - MAX_LINES]
        width, height = self.size
        if not width or not height or self._fitted != (width, height):
            self.refresh()
            return  # wrapped with the rest when next drawn
        new = self._wrap(text, width)
        first = len(self._rows)
        self._rows.extend(new)
        if len(self._rows) - self._top > height:
            self._turn_page(height)
            self.refresh()
        else:
            self.refresh(Region(0, first - self._top, width, len(new)))

    def clear(self) -> None:
        self._lines.clear()
        self._rows.clear()
        self._top = 0
        self.refresh()

    def _turn_page(self, height: int) -> None:
        keep = max(1, height // 4)
        self._top = max(0, len(self._rows) - keep)
        # Rows above the page are never shown again: forget them.
        del self._rows[: self._top]
        self._top = 0

    def _wrap(self, text: Text, width: int) -> list[Strip]:
        console = self.app.console
        options = console.options.update_width(width)
        lines = console.render_lines(text, options, pad=False)
        return [Strip(Segment.adjust_line_length(line, width)) for line in lines]

    def on_resize(self, event: events.Resize) -> None:
        self._fit()
        self.refresh()

    def _fit(self) -> None:
        """Wrap every line to a new size, the page ending on the last line."""
        width, height = self.size
        if self._fitted == (width, height):
            return
        self._fitted = (width, height)
        self._rows = (
            [row for line in self._lines for row in self._wrap(line, width)] if width else []
        )
        self._top = max(0, len(self._rows) - height)
        del self._rows[: self._top]
        self._top = 0

    def render_line(self, y: int) -> Strip:
        self._fit()  # the first frame may be drawn before the first resize event
        index = self._top + y
        if 0 <= index < len(self._rows):
            return self._rows[index].apply_style(self.rich_style)
        return Strip.blank(self.size.width, self.rich_style)
