"""Who is at an online table's seats, as a session follows it, and the line the
game's log says when that changes: a person drops, leaves, dozes, gives their
seat up or comes back, and a bot stands in.

The server tells a seat's state (`SeatChanged`); this side words the change
from the state before, once: the server may tell the same state again (a seat
given up is told as the bot takes it, and as it passes to the bot for good).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum

from ...i18n import _
from ..protocol import ListedSeat, SeatChanged


class Presence(Enum):
    """How a seat's player is at the table."""

    HERE = "here"
    """Its person plays it."""
    DROPPED = "dropped"
    """Its person's connection dropped: the game waits for them a while."""
    STAND_IN = "stand-in"
    """Its person is away: a bot plays for them until they come back."""
    LEFT = "left"
    """Its person left the table: a bot plays for them until they come back."""
    DOZING = "dozing"
    """Its person is here but let their clock run out: a bot plays until a key."""
    GIVEN_UP = "given-up"
    """Its person gave it up for good: a bot plays it to the end."""
    BOT = "bot"
    """A bot's seat from the start."""


def presence_of(change: SeatChanged) -> Presence:
    """The seat's state as ``change`` tells it."""
    if not change.person:
        return Presence.GIVEN_UP
    if change.dozing:
        return Presence.DOZING
    if change.connected:
        return Presence.HERE
    if change.bot is None:
        return Presence.DROPPED
    return Presence.LEFT if change.left else Presence.STAND_IN


def presence_in(seat: ListedSeat) -> Presence:
    """A seat's state as a table's listing tells it (with less said than a
    `SeatChanged`: a seat left reads as one a bot stands in for)."""
    if not seat.person:
        return Presence.BOT
    if seat.connected and seat.bot is not None:
        return Presence.DOZING
    if seat.connected or seat.name is None:
        return Presence.HERE  # a free seat: nobody to tell of
    return Presence.DROPPED if seat.bot is None else Presence.STAND_IN


@dataclass(frozen=True, slots=True)
class SeatNews:
    """A seat's player came, went or dozed: its new state."""

    seat: int
    presence: Presence
    grace: float | None = None
    """While its person is away and the game waits: the seconds it waits, if known."""


class SeatsFollowed:
    """How each seat's player is at a table, as the server last told it, and each
    change told so far (once: a state told again is no news)."""

    def __init__(self) -> None:
        self.states: list[Presence] = []
        self.news: list[tuple[int, SeatNews]] = []
        """Each change, with the number of the game's events received when it came
        (the log tells it after them)."""
        self._listeners: list[Callable[[SeatNews], object]] = []

    def listed(self, seats: Sequence[ListedSeat], started: bool = False) -> None:
        """The seats as a table's listing tells them (``started``: as the game
        starts, when a free seat gets a bot). Nothing to tell: the table's screen
        shows them."""
        self.states = [
            Presence.BOT if started and seat.free else presence_in(seat) for seat in seats
        ]

    def told(self, change: SeatChanged, events: int) -> SeatNews | None:
        """The server told a seat's state, ``events`` events into the game: the news,
        told to the listeners, or None when the seat was in that state already."""
        presence = presence_of(change)
        if not 0 <= change.seat < len(self.states) or self.states[change.seat] is presence:
            return None
        self.states[change.seat] = presence
        news = SeatNews(change.seat, presence, change.grace)
        self.news.append((events, news))
        for listener in list(self._listeners):
            listener(news)
        return news

    def dozing(self) -> frozenset[int]:
        """The seats whose person is here but let their clock run out twice in a
        row: a bot plays them until that person presses a key."""
        return frozenset(i for i, state in enumerate(self.states) if state is Presence.DOZING)

    def subscribe(self, listener: Callable[[SeatNews], object]) -> Callable[[], None]:
        """Call ``listener`` with each change as it is told; the function that stops it."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener) if listener in self._listeners else None


def wait_words(seconds: float) -> str:
    """How long the game waits for a player, as a turn timer is told: "45 s",
    "2 min" (whole minutes from two on)."""
    whole = max(1, round(seconds))
    if whole >= 120 and whole % 60 == 0:
        return _("{n} min").format(n=whole // 60)
    return _("{n} s").format(n=whole)


def seat_news_words(news: SeatNews, name: str, yours: bool = False) -> str | None:
    """The log's line for ``news`` of the seat of ``name`` (``yours``: the seat of
    this session's player); None where there is nothing to say."""
    match news.presence:
        case Presence.DOZING if yours:
            return _("You did not answer: a bot plays for you until you press a key.")
        case Presence.HERE if yours:
            return _("You play your seat again.")
        case _ if yours:
            return None  # the session is away: nobody here reads it
        case Presence.HERE:
            return _("{name} is back.").format(name=name)
        case Presence.DROPPED if news.grace is not None:
            return _("{name}'s connection dropped: the game waits up to {time} for them.").format(
                name=name, time=wait_words(news.grace)
            )
        case Presence.DROPPED:
            return _("{name}'s connection dropped: the game waits for them.").format(name=name)
        case Presence.STAND_IN:
            return _("A bot plays for {name} for now.").format(name=name)
        case Presence.LEFT:
            return _("{name} left the table: a bot plays for them until they come back.").format(
                name=name
            )
        case Presence.DOZING:
            return _("{name} does not answer: a bot plays for them for now.").format(name=name)
        case Presence.GIVEN_UP:
            return _("{name} gave up their seat: a bot plays it to the end.").format(name=name)
        case Presence.BOT:
            return None
