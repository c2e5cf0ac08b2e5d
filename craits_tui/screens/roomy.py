"""Screens that need room: below the minimum size they ask for a bigger window."""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.geometry import Size
from textual.widget import Widget
from textual.widgets import Static

from ..i18n import _
from ..widgets.hand import CardScale

MIN_WIDTH = 80
MIN_HEIGHT = 24
TALL = 32
"""From this height the table has room to show the scoreboard above the log."""
SHORT = 30
"""Below this height screens leave out decoration (the start screen's logo)."""
BIG = (125, 40)
"""From this size the table shows the hand's cards big: a hand of eight of them
fits on one row."""
NARROW = 100
"""Below this width the table's seats and piles take their narrowest sizes."""
WIDE = 125
"""From this width the table's seats are wider."""
HUGE = (170, 52)
"""From this size the table's seats, fans and piles take their largest sizes."""
GRAND = (150, 44)
"""From this size a table with nobody across it and one seat at either side (three
players) shows the hand's and the piles' cards at their largest sizes, and its seats
taller: its seats sit in the felt's top corners, beside the piles, so the felt has
the height the bigger cards need before a crowded table has."""


class Roomy:
    """Mixin for a Screen: shows a "make the window bigger" note instead of a
    squeezed layout when the terminal is smaller than the game needs, and gives
    the keyboard back to what had it once there is room again."""

    _had_focus: Widget | None = None
    """What had the keyboard at the last resize: a window too small hides the
    screen's widgets, and Textual takes the focus from a hidden widget and does
    not give it back."""

    def compose_too_small(self) -> ComposeResult:
        # Classes set before the first layout spare the whole screen a restyle when
        # the first resize event comes.
        self._fit(self.app.size)  # type: ignore[attr-defined]
        yield Static(
            _("Craits needs a window of at least {w}×{h}.\nPlease make the window bigger.").format(
                w=MIN_WIDTH, h=MIN_HEIGHT
            ),
            id="too-small",
        )

    def on_resize(self, event: events.Resize) -> None:
        self._fit(event.size)
        focused = self.focused  # type: ignore[attr-defined]
        if focused is not None:
            self._had_focus = focused
        # Once laid out at the new size: then the widgets are shown, if they have room.
        self.call_after_refresh(self._focus_again)  # type: ignore[attr-defined]

    def _focus_again(self) -> None:
        widget = self._had_focus
        screen = self  # a Screen, as this mixin's users are
        if (
            screen.focused is None  # type: ignore[attr-defined]
            and widget is not None
            and widget in screen.focus_chain  # type: ignore[attr-defined]
        ):
            screen.set_focus(widget, scroll_visible=False)  # type: ignore[attr-defined]

    def _fit(self, size: Size) -> None:
        small = size.width < MIN_WIDTH or size.height < MIN_HEIGHT
        self.set_class(small, "-too-small")  # type: ignore[attr-defined]
        self.set_class(size.height >= TALL, "-tall")  # type: ignore[attr-defined]
        self.set_class(size.height < SHORT, "-short")  # type: ignore[attr-defined]
        self.set_class(is_big(size), "-big")  # type: ignore[attr-defined]
        self.set_class(size.width < NARROW, "-narrow")  # type: ignore[attr-defined]
        self.set_class(size.width >= WIDE, "-wide")  # type: ignore[attr-defined]
        self.set_class(is_huge(size), "-huge")  # type: ignore[attr-defined]


def is_big(size: Size) -> bool:
    """Whether a terminal of ``size`` has room for big cards (see `BIG`)."""
    return size.width >= BIG[0] and size.height >= BIG[1]


def is_huge(size: Size) -> bool:
    """Whether a terminal of ``size`` has room for the largest cards (see `HUGE`)."""
    return size.width >= HUGE[0] and size.height >= HUGE[1]


def is_grand(size: Size, others: int) -> bool:
    """Whether a table with ``others`` seats around it has the room of `GRAND` on a
    terminal of ``size``, short of `HUGE`."""
    roomy = size.width >= GRAND[0] and size.height >= GRAND[1]
    return others == 2 and roomy and not is_huge(size)


def hand_scale(size: Size, others: int) -> CardScale:
    """How big the hand's cards are on a terminal of ``size``, at a table with
    ``others`` seats around it: they grow with the piles and the seats' fans, at
    the same sizes."""
    if is_huge(size) or is_grand(size, others):
        return CardScale.LARGE
    return CardScale.MEDIUM if is_big(size) else CardScale.SMALL
