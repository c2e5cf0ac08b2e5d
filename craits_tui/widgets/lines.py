"""The base of the table's widgets that draw a line at a time (Textual's Line API).

A move changes a few lines of a few widgets. A widget that draws through `render`
has its whole text laid out again by Textual at every change, and repainted whole.
These keep their lines as strips put together from pieces cached by what they
depend on (a card face is built once for a look, a size and a style), compare the
lines of a change with those shown, and have Textual repaint only those that differ.

Their looks that come and go with the game (whose turn it is, a crank running, a
stock to draw from) are component classes of their CSS, which the widget reads once
and draws itself, border and padding included: a move changes no CSS class, so it
restyles nothing, and no widget's size, so it lays nothing out.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Hashable, Sequence
from typing import Any, ClassVar

from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.cache import LRUCache
from textual.containers import Horizontal, Vertical
from textual.geometry import Region, Size
from textual.strip import Strip

from .box import Box, edge
from .plain import KeptLines, PlainWidget


def wrapped(words: str, width: int) -> list[str]:
    """``words`` on as many lines of ``width`` cells as they need, broken between
    words (or after a hyphen): the table's own words are never cut short with an
    ellipsis. A word longer than a line (none of the game's, at the sizes it
    allows) is broken too."""
    return textwrap.wrap(words, max(1, width)) or [""]


def text_strip(text: Text, style: Style, console: Console) -> Strip:
    """``text`` as a strip, its styles laid over ``style`` (as Textual lays a
    widget's text over the widget's style)."""
    if text.style:
        # Rich leaves the text's own style out of text with no spans of style.
        style += console.get_style(text.style)
    segments = [
        Segment(part, style + part_style if part_style else style)
        for part, part_style, _control in text.render(console)
    ]
    return Strip(Segment.simplify(segments), text.cell_len)


class Row(Horizontal, KeptLines):
    """A horizontal container of the table, its lines kept (`KeptLines`)."""


class Column(Vertical, KeptLines):
    """A vertical container of the table, its lines kept (`KeptLines`)."""


_PIECES: dict[type, LRUCache[Hashable, Any]] = {}
"""The strips made for the widgets of each class, by what they depend on."""


class LineWidget(PlainWidget):
    """A widget of the game drawn a line at a time, from cached strips.

    A subclass draws its lines in `draw_lines`, and calls `redraw` when what it
    shows changes: the lines that differ from those shown are repainted. A plain
    `refresh` (a resize, a new language or look, new styles) draws it all again.
    """

    DRAWN_FROM: ClassVar[tuple[str, ...]] = ()
    """The reactives (declared with ``repaint=False``) that what the widget draws
    depends on: a change of one redraws the lines it changed."""

    PIECES_KEPT = 512
    """Strips kept for reuse by the widgets of a class (card faces, words), least
    recently used first out."""

    def __init__(self, **kwargs: object) -> None:
        self._lines: list[Strip] | None = None
        self._drawn = Size(0, 0)
        self._redraw_due = False
        self._styles: dict[str | None, Style] = {}
        self._boxes: dict[tuple[str, str | None], Box] = {}
        # Shared by the widgets of a class: the four seats draw the same fans.
        self._pieces = _PIECES.setdefault(type(self), LRUCache(self.PIECES_KEPT))
        super().__init__(**kwargs)  # type: ignore[arg-type]

    def on_mount(self) -> None:
        for name in self.DRAWN_FROM:
            self.watch(self, name, self.redraw, init=False)

    # --- What a subclass gives -------------------------------------------------------

    def draw_lines(self, size: Size) -> list[Strip]:
        """The widget's lines for content of ``size`` (missing ones are blank)."""
        raise NotImplementedError

    def text_region(self, size: Size) -> Region:
        """Where the words are in content of ``size``: what `render` gives back."""
        return size.region

    # --- Styles, read once -----------------------------------------------------------

    def component_style(self, name: str | None = None) -> Style:
        """The Rich style of a component class of the widget's CSS (None: of the
        widget itself), resolved once until the styles change."""
        style = self._styles.get(name)
        if style is None:
            if name is None:
                style = self.visual_style.rich_style
            else:
                style = self.get_component_rich_style(name)
            self._styles[name] = style
        return style

    def component_box(self, fill: str, border: str | None = None) -> Box:
        """The box a component class draws: ``fill``'s style inside it, the border
        of ``border``'s (``fill``'s if None) and ``fill``'s padding."""
        key = (fill, border)
        box = self._boxes.get(key)
        if box is None:
            styles = self.get_component_styles(border or fill)
            inside = self.component_style(fill)
            outside = self.background_colors[0]
            edges = [
                edge(kind, color, inside, outside)
                for kind, color in (
                    styles.border_top,
                    styles.border_right,
                    styles.border_bottom,
                    styles.border_left,
                )
            ]
            padding = self.get_component_styles(fill).padding
            box = Box(inside, *edges, padding=padding)
            self._boxes[key] = box
        return box

    def cached_strip(self, key: Hashable, text: Callable[[], Text], style: Style) -> Strip:
        """The strip of ``text()`` over ``style``, made once for ``key`` (which must
        say all that the text depends on; the style is added to it)."""
        key = ("strip", key, style)
        strip = self._pieces.get(key)
        if strip is None:
            strip = self.strip_of(text(), style)
            self._pieces.set(key, strip)
        return strip

    def cached_lines(
        self, key: Hashable, lines: Callable[[], list[Text]], style: Style
    ) -> tuple[Strip, ...]:
        """The strips of the lines of text ``lines()`` over ``style``, made once for
        ``key``, as `cached_strip`."""
        key = ("lines", key, style)
        strips = self._pieces.get(key)
        if strips is None:
            strips = tuple(self.strip_of(line, style) for line in lines())
            self._pieces.set(key, strips)
        return strips

    def strip_of(self, text: Text, style: Style) -> Strip:
        """``text`` as a strip, its styles laid over ``style``."""
        return text_strip(text, style, self.app.console)

    def _forget_styles(self) -> None:
        self._styles.clear()
        self._boxes.clear()
        self._pieces.clear()

    # --- Drawing ---------------------------------------------------------------------

    def _content(self) -> Size:
        """The size of the content (as `content_size`, without asking the screen
        where the widget is)."""
        width, height = self.outer_size
        gutter = self.styles.gutter
        return Size(max(0, width - gutter.width), max(0, height - gutter.height))

    def _current_lines(self) -> list[Strip]:
        size = self._content()
        if self._lines is None or size != self._drawn:
            self._lines = self.draw_lines(size) if size.area else []
            self._drawn = size
        return self._lines

    def redraw(self) -> None:
        """What the widget shows changed: draw it once the changes of the moment are
        all in (a move sets a widget's data a piece at a time), and repaint the
        lines that differ from those shown."""
        if not self._redraw_due:
            self._redraw_due = True
            self.call_later(self._redraw_now)

    def _redraw_now(self) -> None:
        if not self._redraw_due:
            return
        self._redraw_due = False
        size = self._content()
        if self._lines is None or size != self._drawn or not size.area:
            self.refresh()  # to be drawn whole: a repaint that may be on its way already
            return
        old, new = self._lines, self.draw_lines(size)
        self._lines = new
        blank = Strip.blank(size.width)
        changed = [
            y
            for y in range(max(len(old), len(new)))
            if (old[y] if y < len(old) else blank) != (new[y] if y < len(new) else blank)
        ]
        regions: list[Region] = []
        for y in changed:
            if regions and regions[-1].bottom == y:
                last = regions[-1]
                regions[-1] = Region(0, last.y, size.width, last.height + 1)
            else:
                regions.append(Region(0, y, size.width, 1))
        if regions:
            super().refresh(*regions)

    def render_line(self, y: int) -> Strip:
        lines = self._current_lines()
        if 0 <= y < len(lines):
            return lines[y]
        return Strip.blank(self._content().width, self.component_style())

    def drawn_whole(self) -> None:
        self._lines = None
        self._forget_styles()

    def render(self) -> Text:
        """The words shown, a line of text each line (without the trailing spaces,
        border or padding): what tests and tools read, up to date with the widget's
        data. Textual draws the widget by `render_line`."""
        self._redraw_now()
        lines = self._current_lines()
        area = self.text_region(self._drawn)
        shown = []
        for strip in lines[area.y : area.bottom]:
            part = strip.crop(area.x, area.right)
            line = Text.assemble(*((text, style) for text, style, _ in part))
            line.rstrip()
            shown.append(line)
        return Text("\n").join(shown)


class BoxedWidget(LineWidget):
    """A widget of the game drawn as one box, in the look of the moment (a component
    class, `component_box`), around rows of words: changing its look changes no CSS
    class of it."""

    @property
    def box(self) -> Box:
        """The box of the widget's look now."""
        raise NotImplementedError

    def draw_rows(self, box: Box, size: Size) -> Sequence[Strip]:
        """The rows inside ``box``, in room of ``size`` (missing ones are blank)."""
        raise NotImplementedError

    def text_region(self, size: Size) -> Region:
        box = self.box
        return Region(box.gutter.left, box.gutter.top, *box.inner(size))

    def draw_lines(self, size: Size) -> list[Strip]:
        box = self.box
        return box.frame(size, self.draw_rows(box, box.inner(size)))
