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
    """Whose timed turn it is and how long is left, e.g. "Your move: 23 s"; hidden
    while no clock runs. In its last `HURRY` seconds it stands out (``-hurry``),
    the more so on the player's own turn (``-mine``)."""

    name_shown: reactive[str] = reactive("")
    """The player to move; "" for the player at this terminal."""
    left: reactive[int | None] = reactive(None)
    """Whole seconds left; None while no clock runs."""

    def watch_left(self, left: int | None) -> None:
        self.display = left is not None
        self.set_class(left is not None and left <= HURRY, "-hurry")

    def watch_name_shown(self, name: str) -> None:
        self.set_class(not name, "-mine")

    def render(self) -> Text:
        if self.left is None:
            return Text("")
        if self.name_shown:
            line = _("{name} to move: {seconds} s").format(name=self.name_shown, seconds=self.left)
        else:
            line = _("Your move: {seconds} s").format(seconds=self.left)
        return Text(line, no_wrap=True, overflow="ellipsis")
