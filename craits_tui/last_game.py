"""The New game form as it last started a game: it opens that way the next time.

Kept with the settings (`Settings.last_game`), read back from a file a person may
have edited: anything malformed or unknown is left at its default, part by part
(the count, the seats, the rules), and never stops the game from starting.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from craits_core import RuleSet
from craits_core.bot_levels import LEVELS
from craits_core.rules import MAX_PLAYERS, MIN_PLAYERS

from .names import MAX_NAME, clean_name
from .table import Seat

DEFAULT_PLAYERS = 4
"""Players at a new game's table until the form has started one."""


@dataclass(frozen=True)
class LastGame:
    """How many played, who sat where and under which rules, in the last game the
    New game form started."""

    players: int = DEFAULT_PLAYERS
    seats: tuple[Seat, ...] = ()
    """The seats that played, one a player (none: the form's own first seating)."""
    rules: RuleSet = field(default_factory=RuleSet)

    def to_dict(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "seats": [seat.to_dict() for seat in self.seats],
            "rules": self.rules.to_dict(),
        }

    @classmethod
    def from_dict(cls, data: Any) -> LastGame:
        """The last game from saved data; each part malformed is left at its default."""
        if not isinstance(data, dict):
            return cls()
        players = data.get("players")
        if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            players = DEFAULT_PLAYERS
        seats = _seats(data.get("seats"))
        if len(seats) != players:
            seats = ()  # the count goes on; the seating is the form's own again
        return cls(players, seats, _rules(data.get("rules")))


def _seats(data: Any) -> tuple[Seat, ...]:
    """Seats from saved data: none unless every one is good (a person or a known
    bot level, a name as the form would take it, no two alike)."""
    if not isinstance(data, list):
        return ()
    seats = []
    for item in data:
        try:
            seat = Seat.from_dict(item)
        except ValueError:
            return ()
        name_taken = seat.name.casefold() in {s.name.casefold() for s in seats}
        good_name = clean_name(seat.name) == seat.name and 0 < len(seat.name) <= MAX_NAME
        if name_taken or not good_name or (seat.bot is not None and seat.bot not in LEVELS):
            return ()
        seats.append(seat)
    return tuple(seats)


def _rules(data: Any) -> RuleSet:
    """Rules from saved data: each variant known and true or false; the others off
    (a variant a later version knows, or a value mangled)."""
    if not isinstance(data, dict):
        return RuleSet()
    known = {f.name for f in fields(RuleSet)}
    return RuleSet(**{k: v for k, v in data.items() if k in known and isinstance(v, bool)})
