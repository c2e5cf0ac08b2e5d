"""The values the protocol's messages carry: a table and its seats as the lobby
lists them, the emotes, how ratings moved, a line of the leaderboard."""

from __future__ import annotations

import dataclasses

from craits_core import RuleSet


@dataclasses.dataclass(frozen=True, slots=True)
class ListedSeat:
    """One seat of a table, as the lobby and the waiting room show it."""

    name: str | None = None
    """Who sits there; None while the seat is free."""
    bot: str | None = None
    """The level of the bot that plays the seat: a bot's seat, or a stand-in."""
    connected: bool = False
    """Its player is here (a bot's seat: always)."""
    person: bool = True
    """The seat is a person's: free, taken, or kept while they are away."""
    player: str | None = None
    """The person's handle (the same as `ChatLine.sender`); None for a bot or a free seat."""

    @property
    def free(self) -> bool:
        return self.person and self.name is None and self.bot is None


@dataclasses.dataclass(frozen=True, slots=True)
class TableInfo:
    """A table as the lobby lists it."""

    code: str
    name: str
    seats: tuple[ListedSeat, ...]
    rules: RuleSet = dataclasses.field(default_factory=RuleSet)
    host: str | None = None
    """The host's name at the table; None once nobody hosts it."""
    host_seat: int | None = None
    started: bool = False
    over: bool = False
    spectators: int = 0
    quick: bool = False
    """A quick-match table: nobody hosts it, it starts by itself."""
    starts_in: float | None = None
    """Seconds before a quick-match table starts with bots in its empty seats."""
    turn_time: int | None = None
    """Seconds a person has for each move; None: no clock."""
    spectator_chat: bool = False
    """Whether spectators may write in the chat."""
    replay: str | None = None
    """The finished game's replay code."""

    @property
    def taken(self) -> int:
        return sum(not seat.free for seat in self.seats)

    @property
    def free(self) -> int:
        return len(self.seats) - self.taken


EMOTES = ("wave", "gg", "nice", "laugh", "wow", "oops", "thinking", "thanks")
"""The emotes a player may send (each session draws them its own way)."""

MAX_CHAT = 200
"""The longest chat line, in terminal cells."""


@dataclasses.dataclass(frozen=True, slots=True)
class RatingNews:
    """How one person's rating moved with the game just finished."""

    seat: int
    name: str
    place: int
    """Their place among the game's people (1: the best; ties share)."""
    before: int | None
    """The rating shown before; None while placing."""
    after: int | None
    games: int
    """Rated games played, this one included."""
    placement: int | None = None
    """Rated games before their rating is shown (None: `Rated.placement`)."""


@dataclasses.dataclass(frozen=True, slots=True)
class Standing:
    """One player on the leaderboard."""

    place: int | None
    """Their place among the rated players; None while placing."""
    name: str
    rating: int | None
    """The rating shown (cautious: it rises as it grows sure); None while placing."""
    games: int
