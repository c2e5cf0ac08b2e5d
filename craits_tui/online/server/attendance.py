"""Who really played a game: each person's share of their seat's moves, their
turns that ran out, and when they went away; and from that, whether the game is
rated and how its people place.

A rating is earned against people who played. So a game counts only where at
least two people each made at least half of their own seat's moves themselves
(a move being a card played, a draw or a suit named; a move a bot made for them,
standing in or when their clock ran out, is not theirs). Otherwise nobody is
rated: a player whose opponents leave at once, letting bots finish the game, gains
nothing from it. In a rated game, people who left (or whose clock ran out
`LEAVING_TIMEOUTS` times) place after those who stayed, the first to leave last.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from enum import Enum
from typing import Any

from craits_core import ChooseSuit, Command, Draw, Play

from .ratings import Placing

LEAVING_TIMEOUTS = 3
"""Turns of a game whose clock a person lets run out before they count as having
left it, for the ratings."""

DOZING_TIMEOUTS = 2
"""Turns in a row whose clock a person lets run out before a bot plays their seat
until they are back (a key pressed)."""


class Mover(Enum):
    """Who made a seat's move."""

    PERSON = "person"
    """The person at the seat, themselves."""
    BOT = "bot"
    """A bot: the seat's own, or one standing in for its person."""
    CLOCK = "clock"
    """A bot, for a person whose turn's clock ran out."""


def is_move(command: Command) -> bool:
    """Whether ``command`` is a seat's move (not a call: "last card", "idiot")."""
    return isinstance(command, Play | Draw | ChooseSuit)


@dataclass(frozen=True, slots=True)
class Attendance:
    """How one person has played their seat so far."""

    moves: int = 0
    """The seat's moves since the game began, whoever made them."""
    own: int = 0
    """Of those, the ones its person made."""
    timeouts: int = 0
    """Their turns whose clock ran out."""
    in_row: int = 0
    """Of those, how many in a row up to now."""
    gone_at: int | None = None
    """When they went away (the game's event count then); None while here."""
    quit_at: int | None = None
    """When their clock ran out for the `LEAVING_TIMEOUTS`-th time."""

    def moved(self, by: Mover, at: int) -> Attendance:
        """After one more move of the seat, made ``by``, at event count ``at``."""
        if by is Mover.PERSON:
            return replace(self, moves=self.moves + 1, own=self.own + 1, in_row=0)
        if by is Mover.CLOCK:
            timeouts = self.timeouts + 1
            quit_at = self.quit_at
            if quit_at is None and timeouts >= LEAVING_TIMEOUTS:
                quit_at = at
            return replace(
                self,
                moves=self.moves + 1,
                timeouts=timeouts,
                in_row=self.in_row + 1,
                quit_at=quit_at,
            )
        return replace(self, moves=self.moves + 1)

    @property
    def dozing(self) -> bool:
        """Whether their clock ran out too often in a row: a bot plays for them."""
        return self.in_row >= DOZING_TIMEOUTS

    @property
    def took_part(self) -> bool:
        """Whether they made at least half of their seat's moves themselves (a seat
        that had no move yet, in a game over at once, takes part)."""
        return 2 * self.own >= self.moves

    def away(self, at: int) -> Attendance:
        """They went away at event count ``at`` (the first time counts)."""
        return self if self.gone_at is not None else replace(self, gone_at=at)

    def back(self) -> Attendance:
        """They came back (or pressed a key after dozing)."""
        return replace(self, gone_at=None, in_row=0)

    def to_dict(self) -> dict[str, Any]:
        return {
            "moves": self.moves,
            "own": self.own,
            "timeouts": self.timeouts,
            "in_row": self.in_row,
            "gone_at": self.gone_at,
            "quit_at": self.quit_at,
        }

    @classmethod
    def from_dict(cls, data: Any) -> Attendance:
        """An attendance saved by `to_dict`; what does not read as one counts as
        none (``ValueError`` for what is not an object at all)."""
        if not isinstance(data, dict):
            raise ValueError("a saved attendance is an object")

        def count(name: str) -> int:
            value = data.get(name)
            return value if type(value) is int and value >= 0 else 0

        def moment(name: str) -> int | None:
            value = data.get(name)
            return value if type(value) is int and value >= 0 else None

        return cls(
            count("moves"),
            count("own"),
            count("timeouts"),
            count("in_row"),
            moment("gone_at"),
            moment("quit_at"),
        )


@dataclass(frozen=True, slots=True)
class Person:
    """One person of a game at its end (or when it is left to nobody)."""

    player: str
    """Their ledger player id."""
    name: str
    total: int
    here: bool
    """Whether they are still at the table (not away, not given up)."""
    attendance: Attendance


def placings(people: Sequence[Person], events: int) -> list[Placing]:
    """The ratings' placings of a game of ``people`` (``events``: the game's event
    count now), or none when fewer than two of them took part: a game won
    against people who did not play is rated for nobody, and so is a game all its
    people left at the same moment."""
    if sum(person.attendance.took_part for person in people) < 2:
        return []
    placed = [_placing(person, events) for person in people]
    if all(p.left for p in placed) and len({p.left_at for p in placed}) == 1:
        return []  # all gone at once (the server stopped): it tells nothing of anyone
    return placed


def _placing(person: Person, events: int) -> Placing:
    attendance = person.attendance
    moments = [m for m in (attendance.gone_at, attendance.quit_at) if m is not None]
    left = not person.here or attendance.quit_at is not None or not attendance.took_part
    return Placing(
        person.player, person.name, person.total, left, min(moments) if moments else events
    )


def attendance_by_seat(saved: Mapping[str, Any]) -> dict[int, Attendance]:
    """Attendances saved by seat (as `to_dict` and a table's meta keep them)."""
    return {
        int(seat): Attendance.from_dict(data)
        for seat, data in saved.items()
        if isinstance(seat, str) and seat.isdigit()
    }
