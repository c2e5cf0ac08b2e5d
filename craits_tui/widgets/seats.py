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
from dataclasses import dataclass
from enum import Enum

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.geometry import Region
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from ..faces import CardLook, card_width
from ..i18n import N_, _, ngettext
from ..seat_rows import SeatInfo
from .plain import PlainWidget

# Marked here, translated where shown: the language may change after import.
_BOT_KINDS = {
    "random": N_("random bot"),
    "easy": N_("easy bot"),
    "normal": N_("normal bot"),
    "hard": N_("hard bot"),
    "expert": N_("expert bot"),
}
_BOT_LEVELS = {
    "random": N_("random"),
    "easy": N_("easy"),
    "normal": N_("normal"),
    "hard": N_("hard"),
    "expert": N_("expert"),
}


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


# --- The fan -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Fan:
    """A hand of card backs as drawn: its lines, and how many backs they show."""

    lines: tuple[Text, ...]
    shown: int
    """Backs drawn: fewer than the cards when a count stands beside them."""
    width: int
    """The columns of the backs alone, without the count."""


def fan(look: CardLook, cards: int, width: int, height: int = 3) -> Fan:
    """``cards`` card backs overlapping from the left, in at most ``width`` columns
    and ``height`` lines (at least 3).

    Each back but the last shows its left edge: two columns apart when they fit,
    one when not. A hand too big for even that shows as many backs as fit, with the
    count beside them, on the middle line.
    """
    height = max(3, height)
    if cards <= 0:
        return Fan(tuple(Text() for _ in range(height)), 0, 0)
    back = card_width(height) if height > 3 else 4  # a three-line hand: narrow backs
    step = 2 if (cards - 1) * 2 + back <= width else 1
    count = ""
    shown = cards
    if (cards - 1) + back > width:
        count = f" {cards}"
        shown = max(1, width - cell_len(count) - back + 1)
    tl, h, tr, v, bl, br = look.box
    down, up = ("+", "+") if look.ascii else ("┬", "┴")
    fill = "#" if look.ascii else "░"
    edges = shown - 1
    top = Text(tl + (h * (step - 1) + down) * edges + h * (back - 2) + tr)
    bottom = Text(bl + (h * (step - 1) + up) * edges + h * (back - 2) + br)
    middle = Text(v)
    middle.append((fill * (step - 1) + v) * edges, style="dim")
    middle.append(fill * (back - 2), style="dim")
    middle.append(v)
    lines = [top, *(middle.copy() for _ in range(height - 2)), bottom]
    if count:
        lines[height // 2].append(count, style="bold")
    return Fan(tuple(lines), shown, top.cell_len)


# --- A seat ----------------------------------------------------------------------------------


class SeatBadge(PlainWidget):
    """One other player: name, hand as a fan of backs, level, points and marks.

    Click it to call "Idiot!" when they forgot their last card.
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
        background: $surface 60%;
        border-left: tall $primary 30%;
        text-wrap: nowrap;
        text-overflow: ellipsis;
    }
    SeatBadge.-top { margin: 0 2; }
    .-short SeatBadge { height: 6; }
    .-narrow SeatBadge { width: 12; }
    .-narrow SeatBadge.-top { margin: 0 1; }
    .-big SeatBadge {
        width: 18;
        height: 9;
        margin: 1 0;
    }
    .-big SeatBadge.-top { margin: 1 3; }
    .-huge SeatBadge {
        width: 30;
        height: 12;
        margin: 1 2;
    }
    .-huge SeatBadge.-top { margin: 1 4; }
    SeatBadge.-turn {
        background: $accent 20%;
        border-left: tall $accent;
    }
    SeatBadge.-announced { background: $warning 15%; }
    SeatBadge.-callable { background: $error 25%; }
    .-ascii SeatBadge { border-left: ascii $primary 30%; }
    .-ascii SeatBadge.-turn { border-left: ascii $accent; }
    """

    info: reactive[SeatInfo | None] = reactive(None)
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

    def watch_info(self, info: SeatInfo | None) -> None:
        if info is not None:
            self.set_class(info.turn, "-turn")
            self.set_class(info.callable, "-callable")
            self.set_class(info.announced and info.cards > 0, "-announced")

    # Lines of text around the fan: the name above, the level and points and the
    # marks below (the marks take the level's line in a seat too short for both).
    def _fan_height(self) -> int:
        height = self.content_size.height
        return height - 3 if height >= 6 else height - 2

    def fan_region(self) -> Region:
        """Where the fan of backs is, on the screen (its full width, drawn or not)."""
        box = self.content_region
        return Region(box.x, box.y + 1, box.width, max(1, self._fan_height()))

    def render(self) -> Text:
        info = self.info
        if info is None:
            return Text()
        width = self.content_size.width
        height = self._fan_height()
        name, about = self._name_and_about(info, width)
        backs = fan(self.look, info.cards, width, height)
        mark = self._mark(info, width)
        below = [about, mark] if height + 3 <= self.content_size.height else [mark or about]
        lines = [name, *backs.lines, *below]
        for line in lines:
            line.truncate(width, overflow="ellipsis")
        return Text("\n").join(lines)

    @staticmethod
    def _name_and_about(info: SeatInfo, width: int) -> tuple[Text, Text]:
        """The name line, and the line of who plays and their points: as much of it
        as fits ("normal bot · 12 pts", "normal · 12 pts"), or else the points alone
        and the bot's level at the end of the name line, if it fits there."""
        name = Text("▶ " if info.turn else "", style="bold")
        name.append(info.name, style="bold")
        points = Text(ngettext("{n} pt", "{n} pts", abs(info.total)).format(n=info.total))
        if not info.known:
            return name, points
        if not info.bot:
            kinds = [_("person")]
        else:
            kind = (
                _(_BOT_KINDS[info.bot])
                if info.bot in _BOT_KINDS
                else _("{level} bot").format(level=info.bot)
            )
            kinds = [kind, _(_BOT_LEVELS.get(info.bot, info.bot))]
        for kind in kinds:
            about = Text(kind, style="dim")
            about.append(" · ", style="dim")
            about.append_text(points)
            if about.cell_len <= width:
                return name, about
        level = kinds[-1]
        room = width - name.cell_len - cell_len(level)
        if room >= 1:
            name.append(" " * room)
            name.append(level, style="dim")
        return name, points

    @staticmethod
    def _mark(info: SeatInfo, width: int) -> Text:
        """What stands out about the player now, if anything."""
        if info.callable:
            # The key whole, rather than a cut-off "(i or cl…": the words go first.
            call = _("Idiot!")
            for mark, how in (
                (f" {call} ", _("(i or click)")),
                (f" {call} ", "(i)"),
                (call, "(i)"),
            ):
                if cell_len(mark) + 1 + cell_len(how) <= width:
                    break
            return Text.assemble((mark, "bold reverse"), " ", (how, "dim"))
        if not info.cards:  # the round is over, or a crank goes on without them
            return Text(_("went out"), style="bold")
        if info.announced:
            return Text(_("LAST CARD!"), style="bold reverse")
        if info.lost_turns:
            # Shorter where narrow, to the telegraphic, rather than cut off.
            for words in (_("loses the next turn"), _("loses a turn"), _("loses turn")):
                if cell_len(words) <= width:
                    break
            return Text(words, style="italic")
        if info.dealer:
            return Text(_("(dealer)"), style="dim")
        return Text()

    def on_click(self) -> None:
        if self.info is not None and self.info.callable:
            self.post_message(self.IdiotClicked(self.info.seat))


# --- The table -------------------------------------------------------------------------------


class Seating(Vertical):
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
    Seating { background: $success 8%; }
    .-wide Seating { border: round $success 30%; }
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
            yield Horizontal(*top, classes="seats-top")
        with Horizontal(classes="seats-band"):
            if left:
                yield Vertical(*left, classes="seats-left")
            yield self._middle
            if right:
                yield Vertical(*right, classes="seats-right")

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
