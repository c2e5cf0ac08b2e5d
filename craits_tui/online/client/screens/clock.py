"""Countdowns at an online table: the turn clock's line, and the news that moves it.

The server says how many seconds a turn (or a rematch offer) has when it starts;
this side counts them down itself, once a second, so nothing more crosses the
line while a clock runs.
"""

from __future__ import annotations

from rich.text import Text
from textual.message import Message
from textual.reactive import reactive

from ....i18n import _
from ....widgets.plain import PlainWidget
from ... import protocol

HURRY = 10
"""Seconds left from which a clock stands out."""

TICK = 1.0
"""Seconds between two redrawings of a countdown."""


def whole_seconds(left: float) -> int:
    """Seconds left as shown: to the nearest, since the redrawing once a second
    lands just after a whole second has gone."""
    return max(0, int(left + 0.5))


class TableNews(Message, bubble=False):
    """A turn clock, a rating or a rematch offer arrived for the table a screen
    shows (`RemoteTable.subscribe_news`)."""

    def __init__(self, news: protocol.Message) -> None:
        super().__init__()
        self.news = news


class TurnClockLine(PlainWidget):
    """Whose timed turn it is and how long is left, e.g. "Your move: 23 s". In its
    last `HURRY` seconds it stands out, the more so on the player's own turn.

    Once a clock has run at the table the line keeps its place, empty between two
    clocks, and its looks are drawn, not styled by classes: a move that stops one
    clock and starts the next lays nothing out and restyles nothing."""

    DEFAULT_CSS = """
    TurnClockLine {
        height: 1;
        background: $panel;
        display: none;
    }
    TurnClockLine > .turn-clock--mine {
        text-style: bold;
    }
    TurnClockLine > .turn-clock--hurry {
        background: $warning 45%;
        text-style: bold;
    }
    TurnClockLine > .turn-clock--hurry-mine {
        background: $error;
        color: $text;
        text-style: bold;
    }
    """
    COMPONENT_CLASSES = {"turn-clock--mine", "turn-clock--hurry", "turn-clock--hurry-mine"}

    name_shown: reactive[str] = reactive("")
    """The player to move; "" for the player at this terminal."""
    left: reactive[int | None] = reactive(None)
    """Whole seconds left; None while no clock runs."""

    def watch_left(self, left: int | None) -> None:
        if left is not None:
            self.display = True  # and it stays: see the class's docstring

    @property
    def hurry(self) -> bool:
        """Whether the clock is in its last seconds."""
        return self.left is not None and self.left <= HURRY

    @property
    def mine(self) -> bool:
        """Whether the clock is the player's own."""
        return not self.name_shown

    def render(self) -> Text:
        if self.left is None:
            return Text("")
        if self.name_shown:
            line = _("{name} to move: {seconds} s").format(name=self.name_shown, seconds=self.left)
        else:
            line = _("Your move: {seconds} s").format(seconds=self.left)
        text = Text(f" {line} ", no_wrap=True, overflow="ellipsis")
        look = {
            (True, True): "turn-clock--hurry-mine",
            (True, False): "turn-clock--hurry",
            (False, True): "turn-clock--mine",
        }.get((self.hurry, self.mine))
        if look is not None:
            text.pad_right(max(0, self.size.width - text.cell_len))
            text.stylize(self.get_component_rich_style(look))
        return text
