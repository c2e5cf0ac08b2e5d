"""The other players around the table: a seat each, with a fan of card backs.

Seen from the person at the terminal, the others sit as at a real table: the one
other player of a game of two faces them; three to five are spread over the left,
the top and the right, in the order of play (clockwise from the left). The piles are
in the middle. Every seat is a box of a fixed size, set by the stylesheet for the
terminal's size: what a seat shows changes every move, its size never, so a move is
only ever a repaint.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget

from ..faces import CardLook
from ..seat_rows import SeatInfo
from .badge import fan, mark_of, name_and_about
from .box import Box
from .lines import Column, LineWidget, Row


class Side(Enum):
    """Where a seat is, seen from the person at the terminal."""

    LEFT = "left"
    TOP = "top"
    RIGHT = "right"


def sides(count: int) -> tuple[Side, ...]:
    """Where ``count`` seats sit, in the order of play from the viewer's left.

    One faces the viewer; two sit left and right; more fill the top between them.
    (Five is a game of five watched: nobody sits at the bottom, where the hand of the
    player to move is shown.)
    """
    if count <= 0:
        return ()
    if count == 1:
        return (Side.TOP,)
    return (Side.LEFT, *[Side.TOP] * (count - 2), Side.RIGHT)


# --- A seat ----------------------------------------------------------------------------------


class Shade(Enum):
    """How a seat stands out: the component class of its background."""

    PLAIN = "seat-badge--plain"
    TURN = "seat-badge--turn"
    """Theirs is the turn."""
    LAST_CARD = "seat-badge--announced"
    """They said "Last card!"."""
    CALLABLE = "seat-badge--callable"
    """They forgot to: they can be called an idiot."""


class SeatBadge(LineWidget):
    """One other player: name, hand as a fan of backs, level, points and marks.

    Click it to call "Idiot!" when they forgot their last card. The badge draws its
    own background and left edge, in the looks of its component classes: whose turn
    it is, a last card, an idiot to call change no CSS class of it.
    """

    # Its rules for the screen's size classes (.-short, .-big, ...) and the app's
    # .-ascii start above the widget: Textual must not scope them to it.
    SCOPED_CSS = False
    DEFAULT_CSS = """
    /* A size for each size of the terminal (screens/roomy.py): a move is a
       repaint, and only a resize lays the table out again. */
    SeatBadge {
        width: 13;
        height: 7;
        margin: 0;
        padding: 0;
    }
    /* A line between the seats across the table and the piles below them. */
    SeatBadge.-top { margin: 0 2 1 2; }
    .-short SeatBadge { height: 6; }
    /* Short of height, the seats across the table leave their points out when
       they have a mark to show: the line is the last plays'. */
    .-short SeatBadge.-top { height: 5; }
    .-narrow SeatBadge { width: 12; }
    .-narrow SeatBadge.-top { margin: 0 1 1 1; }
    .-big SeatBadge {
        width: 18;
        height: 9;
        margin: 1 0;
    }
    .-big SeatBadge.-top { margin: 1 3; }
    .-huge SeatBadge {
        width: 26;
        height: 12;
        margin: 1 2;
    }
    .-huge SeatBadge.-top { margin: 1 4; }
    /* A table of three with room to spare (roomy.py's GRAND): its seats, in the
       felt's corners, have the height of the largest and a little more width. */
    .-grand SeatBadge {
        width: 20;
        height: 12;
    }
    /* Drawn by the badge (`Shade`): a move changes none of its classes. */
    SeatBadge > .seat-badge--plain { background: $surface 60%; }
    SeatBadge > .seat-badge--turn { background: $accent 20%; }
    SeatBadge > .seat-badge--announced { background: $warning 15%; }
    SeatBadge > .seat-badge--callable { background: $error 25%; }
    SeatBadge > .seat-badge--edge { border-left: tall $primary 30%; }
    SeatBadge > .seat-badge--edge-turn { border-left: tall $accent; }
    .-ascii SeatBadge > .seat-badge--edge { border-left: ascii $primary 30%; }
    .-ascii SeatBadge > .seat-badge--edge-turn { border-left: ascii $accent; }
    """

    COMPONENT_CLASSES = {
        *(shade.value for shade in Shade),
        "seat-badge--edge",
        "seat-badge--edge-turn",
    }

    DRAWN_FROM = ("info",)
    info: reactive[SeatInfo | None] = reactive(None, repaint=False)
    """What the seat shows; a new value equal to the old one draws nothing again."""
    look: reactive[CardLook] = reactive(CardLook)

    class IdiotClicked(Message):
        """The player clicked a seat whose player can be called an idiot."""

        def __init__(self, seat: int) -> None:
            super().__init__()
            self.seat = seat

    def __init__(self, look: CardLook | None = None, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        if look is not None:
            self.set_reactive(SeatBadge.look, look)

    @property
    def shade(self) -> Shade:
        """How the seat stands out now."""
        info = self.info
        if info is None:
            return Shade.PLAIN
        if info.callable:
            return Shade.CALLABLE
        if info.announced and info.cards > 0:
            return Shade.LAST_CARD
        return Shade.TURN if info.turn else Shade.PLAIN

    def _box(self) -> Box:
        turn = self.info is not None and self.info.turn
        edge = "seat-badge--edge-turn" if turn else "seat-badge--edge"
        return self.component_box(self.shade.value, edge)

    # Lines of text around the fan: the name above, the level and points and the
    # marks below (the marks take the level's line in a seat too short for both).
    @staticmethod
    def _fan_height(height: int) -> int:
        return height - 3 if height >= 6 else height - 2

    @property
    def words_region(self) -> Region:
        """Where the name, the fan and the marks are, on the screen: inside the
        badge's edge."""
        return self.content_region.shrink(self._box().gutter)

    def fan_region(self) -> Region:
        """Where the fan of backs is, on the screen (its full width, drawn or not)."""
        box = self.words_region
        return Region(box.x, box.y + 1, box.width, max(1, self._fan_height(box.height)))

    def text_region(self, size: Size) -> Region:
        gutter = self._box().gutter
        return Region(gutter.left, gutter.top, *self._box().inner(size))

    def draw_lines(self, size: Size) -> list[Strip]:
        box = self._box()
        info = self.info
        rows = [] if info is None else self._rows(info, box.inner(size), box.fill)
        return box.frame(size, rows)

    def _rows(self, info: SeatInfo, size: Size, style: Style) -> list[Strip]:
        """The name, the fan and what is below it, each made once for what it shows."""
        width, height = size
        fan_height = self._fan_height(height)

        def cut(*lines: Text) -> list[Text]:
            for line in lines:
                line.truncate(width, overflow="ellipsis")
            return list(lines)

        name, about = self.cached_lines(
            ("name", info.turn, info.name, info.known, info.bot, info.total, width),
            lambda: cut(*name_and_about(info, width)),
            style,
        )
        backs = self.cached_lines(
            ("fan", self.look, info.cards, width, fan_height),
            lambda: cut(*fan(self.look, info.cards, width, fan_height).lines),
            style,
        )
        marks = (info.callable, info.cards > 0, info.announced, info.lost_turns > 0, info.dealer)
        mark = self.cached_strip(
            ("mark", *marks, width), lambda: cut(mark_of(info, width))[0], style
        )
        below = [about, mark] if fan_height + 3 <= height else [mark if mark.cell_length else about]
        return [name, *backs, *below]

    def on_click(self) -> None:
        if self.info is not None and self.info.callable:
            self.post_message(self.IdiotClicked(self.info.seat))


# --- The table -------------------------------------------------------------------------------


class Seating(Column):
    """The table: the seats along the left, the top and the right, ``middle`` (the
    piles) between them.

    Seats are given in the order of play from the viewer's left; `sides` says
    where each goes. `place_of` says where a seat's hand is on the screen, for a card
    to fly from or to.
    """

    # Its rules for the screen's size classes (.-short, .-big, ...) and the app's
    # .-ascii start above the widget: Textual must not scope them to it.
    SCOPED_CSS = False
    DEFAULT_CSS = """
    /* The felt: the seats along its edges, the piles in its middle; edged where
       there is room to spare. */
    Seating {
        background: $success 8%;
        /* A cell between the seat on the right and the side column's edge. */
        padding: 0 1 0 0;
    }
    /* And between the seats and the felt's edge, where it has one. */
    .-wide Seating {
        border: round $success 30%;
        padding: 0 1;
    }
    .-wide.-short Seating { padding: 0 1 0 0; }
    .-wide.-short Seating { border: none; }
    Seating .seats-top {
        height: auto;
        align-horizontal: center;
    }
    Seating .seats-band { height: 1fr; }
    Seating .seats-left, Seating .seats-right {
        width: auto;
        height: 100%;
        align-vertical: middle;
    }
    /* Two others (and nobody across): they sit at the far corners, as around a
       table for three. */
    Seating.-seats-2 .seats-left, Seating.-seats-2 .seats-right {
        align-vertical: top;
        padding-top: 1;
    }
    /* (A short table has no room for corners: they sit level with the piles.) */
    .-short Seating.-seats-2 .seats-left, .-short Seating.-seats-2 .seats-right {
        align-vertical: middle;
        padding-top: 0;
    }
    .-ascii .-wide Seating { border: ascii $success 30%; }
    .-ascii .-wide.-short Seating { border: none; }
    """

    def __init__(
        self, seats: Sequence[int], middle: Widget, look: CardLook, **kwargs: object
    ) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.seats = tuple(seats)
        self._middle = middle
        self._look = look

    def compose(self) -> ComposeResult:
        # The seats are there from the first frame: mounting them later would lay
        # the table out again.
        self.set_class(True, f"-seats-{len(self.seats)}")
        placed = sides(len(self.seats))
        badges = [SeatBadge(self._look, classes=f"-{side.value}") for side in placed]
        top = [b for b, side in zip(badges, placed, strict=True) if side is Side.TOP]
        left = [b for b, side in zip(badges, placed, strict=True) if side is Side.LEFT]
        right = [b for b, side in zip(badges, placed, strict=True) if side is Side.RIGHT]
        self._badges = badges
        if top:
            yield Row(*top, classes="seats-top")
        with Row(classes="seats-band"):
            if left:
                yield Column(*left, classes="seats-left")
            yield self._middle
            if right:
                yield Column(*right, classes="seats-right")

    @property
    def badges(self) -> tuple[SeatBadge, ...]:
        """The seats' widgets, in the order of `seats`."""
        return tuple(self._badges)

    @property
    def look(self) -> CardLook:
        return self._look

    @look.setter
    def look(self, look: CardLook) -> None:
        self._look = look
        for badge in self._badges:
            badge.look = look

    def reseat(self, seats: Sequence[int]) -> None:
        """Show the same places taken by other seats, in this order (the table turned
        to another person at the terminal). The places stay: `show` fills them in."""
        seats = tuple(seats)
        if len(seats) != len(self.seats):
            raise ValueError(f"{len(self.seats)} places at this table, not {len(seats)}")
        self.seats = seats

    def show(self, infos: Sequence[SeatInfo]) -> None:
        """Fill in the seats, one an info, in the order of `seats`."""
        for badge, info in zip(self._badges, infos, strict=False):
            badge.info = info

    def badge_of(self, seat: int) -> SeatBadge:
        """The widget of ``seat`` (KeyError if it has no place at this table)."""
        try:
            return self._badges[self.seats.index(seat)]
        except ValueError:
            raise KeyError(seat) from None

    def place_of(self, seat: int) -> Region:
        """Where ``seat``'s hand is on the screen: the region of its fan of backs.

        A card played from that hand starts its flight at the region's centre, and a
        card drawn into it ends there. KeyError for a seat with no place at this
        table (the person at the terminal, whose hand is at the bottom).
        """
        return self.badge_of(seat).fan_region()
