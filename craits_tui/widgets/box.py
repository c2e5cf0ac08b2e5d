"""The boxes the game's widgets draw themselves: a fill, a border and padding, as a
component class of a widget's CSS sets them (`LineWidget.component_box`), drawn
as Textual draws a widget's own border, so that a look that comes and goes with
the game (a crank running) is no CSS class toggled on the widget."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property

from rich.segment import Segment
from rich.style import Style
from textual.color import Color
from textual.geometry import Size, Spacing
from textual.strip import Strip


def joined(strips: Iterable[Strip]) -> Strip:
    """Strips side by side, as one: runs of one style made one (each run is a style
    sent to the terminal)."""
    return Strip.join(strips).simplify()


# The characters of the borders a widget of the game draws itself, as Textual draws
# them: (top left, top, top right), (left, right), (bottom left, bottom, bottom right).
_EDGES: dict[str, tuple[str, str, str]] = {
    "blank": ("   ", "  ", "   "),
    "ascii": ("+-+", "||", "+-+"),
    "round": ("╭─╮", "││", "╰─╯"),
    "heavy": ("┏━┓", "┃┃", "┗━┛"),
    "tall": ("▊▔▎", "▊▎", "▊▁▎"),
}
_NO_EDGE = frozenset({"", "none", "hidden"})

FRAMED_KEPT = 64
"""Rows a box keeps framed, for the next drawing."""


@dataclass(frozen=True)
class Edge:
    """One side of a drawn border: its characters' style by where they are (as
    Textual colours them: most with the background inside, the tall border's sides
    half with the background outside)."""

    kind: str
    inner: Style
    """Its characters on the background inside the border."""
    left: Style
    """The tall border's left side."""
    right: Style
    """The tall border's right side."""


@dataclass(frozen=True)
class Box:
    """A look a widget draws itself: the style inside it, its border and padding."""

    fill: Style
    top: Edge | None
    right: Edge | None
    bottom: Edge | None
    left: Edge | None
    padding: Spacing
    _framed: dict[tuple[int, int], tuple[Strip, Strip]] = field(
        default_factory=dict, compare=False, repr=False
    )
    """Rows framed lately, by the identity of the row (a cached strip) and width."""

    @cached_property
    def blank(self) -> Style:
        """The style of the box's blank cells (its padding, and past the end of its
        words): its background alone, as Textual pads a widget."""
        return Style(bgcolor=self.fill.bgcolor)

    @classmethod
    def plain(cls, fill: Style) -> Box:
        """A box of ``fill`` with no border or padding."""
        return cls(fill, None, None, None, None, Spacing())

    @property
    def gutter(self) -> Spacing:
        """The border and the padding, around what the box holds."""
        edges = Spacing(*(int(edge is not None) for edge in self.edges))
        return edges + self.padding

    @property
    def edges(self) -> tuple[Edge | None, Edge | None, Edge | None, Edge | None]:
        return (self.top, self.right, self.bottom, self.left)

    def inner(self, size: Size) -> Size:
        """The room inside the gutter of a box of ``size``."""
        gutter = self.gutter
        return Size(max(0, size.width - gutter.width), max(0, size.height - gutter.height))

    def frame(self, size: Size, rows: Iterable[Strip]) -> list[Strip]:
        """The lines of a box of ``size`` holding ``rows`` (strips cut or filled with
        the fill to the room inside, which has as many lines)."""
        width = size.width
        inner = self.inner(size)
        rows = list(rows)[: inner.height]
        if len(rows) < inner.height:
            rows += [Strip.blank(inner.width, self.blank)] * (inner.height - len(rows))
        body = [self._row(row, width, inner.width) for row in rows]
        pad = self.padding
        if pad.top or pad.bottom:
            blank = self._row(Strip.blank(inner.width, self.blank), width, inner.width)
            body = [blank] * pad.top + body + [blank] * pad.bottom
        if self.top is not None:
            body.insert(0, _across(self.top, 0, width, self.left, self.right))
        if self.bottom is not None:
            body.append(_across(self.bottom, 2, width, self.left, self.right))
        return body

    def _row(self, row: Strip, width: int, inside: int) -> Strip:
        """A row ``inside`` cells wide within the box's sides and padding."""
        if self.left is None and self.right is None and not self.padding.width:
            return row.crop_extend(0, inside, self.blank)
        key = (id(row), width)
        framed = self._framed.get(key)
        if framed is not None and framed[0] is row:
            return framed[1]
        blank = self.blank
        segments = _side(self.left, 0)
        segments.append(Segment(" " * self.padding.left, blank))
        segments.extend(row.crop_extend(0, inside, blank))
        segments.append(Segment(" " * self.padding.right, blank))
        segments.extend(_side(self.right, 1))
        # One strip made, not one a part: a seat's lines are framed on every move.
        line = Strip([segment for segment in Segment.simplify(segments) if segment.text], width)
        if len(self._framed) >= FRAMED_KEPT:
            self._framed.clear()
        self._framed[key] = (row, line)
        return line


def _side(edge: Edge | None, index: int) -> list[Segment]:
    if edge is None:
        return []
    char = _EDGES[edge.kind][1][index]
    if edge.kind == "tall":
        return [Segment(char, edge.left if index == 0 else edge.right)]
    return [Segment(char, edge.inner)]


def _across(edge: Edge, row: int, width: int, left: Edge | None, right: Edge | None) -> Strip:
    """A top (``row`` 0) or bottom (2) border ``width`` wide."""
    first, middle, last = _EDGES[edge.kind][row]
    tall = edge.kind == "tall"
    segments = []
    if left is not None:
        segments.append(Segment(first, edge.left if tall else edge.inner))
    inside = width - (left is not None) - (right is not None)
    segments.append(Segment(middle * max(0, inside), edge.inner))
    if right is not None:
        segments.append(Segment(last, edge.right if tall else edge.inner))
    return Strip(segments, width)


def edge(kind: str, color: Color, inside: Style, outside: Color) -> Edge | None:
    """The side of a border of ``kind`` and ``color`` around a box filled with
    ``inside``, on a background ``outside`` (None: no border there)."""
    if kind in _NO_EDGE:
        return None
    if kind not in _EDGES:
        kind = "blank"  # a border the game does not use: its room, kept
    ink = (outside + color).rich_color
    inner = Style(color=ink, bgcolor=inside.bgcolor)
    outer = outside.rich_color
    return Edge(
        kind,
        inner,
        left=Style(color=ink, bgcolor=outer, reverse=True),
        right=Style(color=ink, bgcolor=outer),
    )
