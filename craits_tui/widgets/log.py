"""The log: what happened, one line an event, newest at the bottom."""

from __future__ import annotations

from typing import NamedTuple

from rich.segment import Segment
from rich.text import Text
from textual import events
from textual.geometry import Region
from textual.reactive import reactive
from textual.strip import Strip

from ..i18n import _
from .plain import PlainWidget


class Place(NamedTuple):
    """A row of the log: the ``row``-th screen row of line ``line`` as wrapped now.
    ``Place(len(lines), 0)`` is the end, just below the last row."""

    line: int
    row: int


_CACHE_SLACK = 64
"""Wrapped lines kept beyond a few pages around the view, before the rest is dropped."""


class GameLog(PlainWidget):
    """A readable account of the whole game ("Bob played 7♠", "You drew a card").

    Every line is kept, as text; a line is wrapped to the width only when it is
    shown, and a few pages of wrapped lines are kept around the view.

    While the player reads the newest lines the log fills a page from the top, and
    when the page is full it turns: the last few lines move to the top and the page
    fills again. Scrolling would shift every row for each new line, and Textual
    repaints a scrolled panel whole (it has no use for the terminal's scroll
    regions): a terminal at the end of a slow link would be sent the whole panel
    again for every move, where a page sends only the new line.

    The wheel scrolls the log; so do the methods `scroll_page_up`,
    `scroll_page_down` and `scroll_to_end`, which the screen binds to keys (the log
    takes no focus: the hand keeps it). Scrolled up, the view stays where it is as
    lines come in, and a marker on the bottom row says there are new ones; back at
    the end the log follows again.
    """

    DEFAULT_CSS = """
    GameLog {
        overflow-x: hidden;
        /* The wheel still scrolls it; a visible scrollbar would move (and be sent
           down the wire again) with every line. */
        scrollbar-size-vertical: 0;
    }
    /* Scrolled up: newer lines wait below. */
    GameLog > .gamelog--marker { text-style: reverse; }
    """

    COMPONENT_CLASSES = {"gamelog--marker"}
    """The "new lines" marker on the bottom row, while the player reads older lines."""

    ascii: reactive[bool] = reactive(False)
    """Letters only: the marker's arrow is a "v"."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self._lines: list[Text] = []
        self._wrapped: dict[int, list[Strip]] = {}  # line -> rows, for `_width`
        self._width = 0
        self._fitted = (0, 0)  # the size the view was laid out for
        self._top = Place(0, 0)  # the first row shown
        self._view: list[Strip] | None = None  # the rows shown, from `_top`
        self._following = True
        self._unseen = False
        self._from_end = True  # the next drawing lays the page out from the last line

    # --- What callers see -------------------------------------------------------

    @property
    def lines(self) -> list[Text]:
        """Every line said so far, oldest first."""
        return list(self._lines)

    @property
    def following(self) -> bool:
        """Whether the newest line is in view, so that new lines show as they come."""
        return self._following

    @property
    def has_unseen(self) -> bool:
        """Whether lines came in below the view while the player read older ones."""
        return self._unseen

    @property
    def first_shown(self) -> int | None:
        """The line the view starts on (its first row may be the rest of a wrapped
        line), or None when the log is empty."""
        return self._top.line if self._top.line < len(self._lines) else None

    def say(self, line: str, style: str = "") -> None:
        """Add a line at the bottom."""
        text = Text(line, style=style)
        width, height = self.size
        if self._from_end or not width or not height or self._fitted != (width, height):
            self._lines.append(text)
            self._view = None
            self.refresh()
            return  # laid out with the rest when next drawn
        if self._view is None and self._following:
            self._view = self._rows_from(self._top, height)  # as drawn before this line
        self._lines.append(text)
        if not self._following:
            if not self._unseen:
                self._unseen = True
                self.refresh(Region(0, height - 1, width, 1))
            return
        assert self._view is not None
        new = self._rows_of(len(self._lines) - 1)
        first = len(self._view)
        if first + len(new) <= height:
            self._view.extend(new)
            self.refresh(Region(0, first, width, len(new)))
        else:
            # The page turns: the last quarter of the rows, the new line's last, on top;
            # the whole of the new line at least (a line cut at its top reads wrong).
            self._top = self._back(self._end, min(height, max(1, height // 4, len(new))))
            self._view = None
            self.refresh()

    def clear(self) -> None:
        """Forget every line. The lines said next, until the log is drawn, are laid
        out together then: a game told again is wrapped a page, not a line at a time."""
        self._lines.clear()
        self._wrapped.clear()
        self._top = Place(0, 0)
        self._view = None
        self._following = True
        self._unseen = False
        self._from_end = True
        self.refresh()

    def scroll_rows(self, rows: int) -> bool:
        """Scroll ``rows`` up (negative) or down (positive); False if it could not
        move. Down stops when the last line is at the bottom, and the log follows."""
        height = self.size.height
        if not height or not self._lines:
            return False
        self._fit()
        if rows < 0:
            top = self._back(self._top, -rows)
        else:
            # The last row at the bottom, unless the page already shows less.
            bottom = max(self._top, self._back(self._end, height))
            top = min(self._forward(self._top, rows), bottom)
        if top == self._top:
            return False
        self._top = top
        self._following = self._reaches_end(top, height)
        if self._following:
            self._unseen = False
        self._view = None
        self.refresh()
        return True

    def scroll_page_up(self) -> bool:
        """Scroll a page up, keeping a row of the page before in view."""
        return self.scroll_rows(-self._page())

    def scroll_page_down(self) -> bool:
        """Scroll a page down, keeping a row of the page before in view."""
        return self.scroll_rows(self._page())

    def scroll_to_end(self) -> bool:
        """Show the newest lines, and follow them again. False if it already did."""
        self._fit()
        if self._following:
            return False
        self._top = self._back(self._end, self.size.height)
        self._following = True
        self._unseen = False
        self._view = None
        self.refresh()
        return True

    # --- Input --------------------------------------------------------------------

    def _wheel_step(self) -> int:
        return max(1, round(self.app.scroll_sensitivity_y))

    def on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        event.stop()  # the table behind has nothing to scroll
        self.scroll_rows(-self._wheel_step())

    def on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        event.stop()
        self.scroll_rows(self._wheel_step())

    def on_click(self, event: events.Click) -> None:
        if self._unseen and event.y == self.size.height - 1:
            event.stop()
            self.scroll_to_end()

    def on_resize(self, event: events.Resize) -> None:
        self._fit()
        self.refresh()

    def watch_ascii(self) -> None:
        if self._unseen:
            self.refresh()

    # --- Drawing --------------------------------------------------------------------

    def render_line(self, y: int) -> Strip:
        self._fit()  # the first frame may be drawn before the first resize event
        width, height = self.size
        if self._unseen and y == height - 1:
            return self._marker(width)
        if self._view is None:
            self._view = self._rows_from(self._top, height)
        if y < len(self._view):
            return self._view[y].apply_style(self.rich_style)
        return Strip.blank(width, self.rich_style)

    def _marker(self, width: int) -> Strip:
        arrow = "v" if self.ascii else "▼"
        text = Text(_("{arrow} new lines").format(arrow=arrow), end="")
        text.truncate(width, pad=True)
        style = self.rich_style + self.get_component_rich_style("gamelog--marker")
        return Strip(list(text.render(self.app.console)), width).apply_style(style)

    def _fit(self) -> None:
        """Lay the view out again for a new size, or after `clear`: lines are wrapped
        afresh, and a log that follows ends its page on the last line."""
        width, height = self.size
        if self._fitted == (width, height) and not self._from_end:
            return
        self._fitted = (width, height)
        self._from_end = False
        if width != self._width:
            self._width = width
            self._wrapped.clear()
            line, row = self._top
            if line < len(self._lines):
                self._top = Place(line, min(row, len(self._rows_of(line)) - 1))
        if self._following:
            self._top = self._back(self._end, height)
        elif self._reaches_end(self._top, height):
            self._following, self._unseen = True, False
        self._view = None

    # --- Rows and places --------------------------------------------------------------

    @property
    def _end(self) -> Place:
        return Place(len(self._lines), 0)

    def _page(self) -> int:
        return max(1, self.size.height - 1)

    def _rows_of(self, line: int) -> list[Strip]:
        """Line ``line`` wrapped to the width (at least one row)."""
        rows = self._wrapped.get(line)
        if rows is None:
            rows = self._wrap(self._lines[line], self._width) or [Strip.blank(self._width)]
            self._wrapped[line] = rows
            if len(self._wrapped) > 4 * self.size.height + _CACHE_SLACK:
                self._forget_far_rows(line)
        return rows

    def _forget_far_rows(self, wanted: int) -> None:
        """Drop the wrapped lines far from the view and from the line ``wanted``
        now: a long game is kept as text."""
        span = 2 * self.size.height

        def near(line: int) -> bool:
            return abs(line - self._top.line) <= span or abs(line - wanted) <= span

        for line in [line for line in self._wrapped if not near(line)]:
            del self._wrapped[line]

    def _wrap(self, text: Text, width: int) -> list[Strip]:
        if not width:
            return []
        console = self.app.console
        if text.cell_len <= width and "\n" not in text.plain:
            # Most lines fit in a row: Rich's wrapping would cost ten times more.
            segments = Segment.apply_style(text.render(console), console.get_style(text.style))
            return [Strip(Segment.adjust_line_length(list(segments), width))]
        options = console.options.update_width(width)
        lines = console.render_lines(text, options, pad=False)
        return [Strip(Segment.adjust_line_length(line, width)) for line in lines]

    def _rows_from(self, place: Place, count: int) -> list[Strip]:
        """Up to ``count`` rows, from ``place`` down."""
        rows: list[Strip] = []
        line, skip = place
        while len(rows) < count and line < len(self._lines):
            rows.extend(self._rows_of(line)[skip : skip + count - len(rows)])
            line, skip = line + 1, 0
        return rows

    def _reaches_end(self, place: Place, height: int) -> bool:
        """Whether the view from ``place`` shows the last row."""
        return len(self._rows_from(place, height + 1)) <= height

    def _back(self, place: Place, rows: int) -> Place:
        """The place ``rows`` rows above ``place`` (or the very top)."""
        line, row = place
        while rows > 0:
            if row == 0:
                if line == 0:
                    break
                line -= 1
                row = len(self._rows_of(line))
            step = min(row, rows)
            row -= step
            rows -= step
        return Place(line, row)

    def _forward(self, place: Place, rows: int) -> Place:
        """The place ``rows`` rows below ``place`` (or the end)."""
        line, row = place
        while rows > 0 and line < len(self._lines):
            left = len(self._rows_of(line)) - row
            if rows < left:
                return Place(line, row + rows)
            rows -= left
            line, row = line + 1, 0
        return Place(line, row)
