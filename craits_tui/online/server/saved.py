"""A table as its saved game keeps it, so that a restart of the server finds it.

Each table's game is saved in the house's store as it is played; with it, in the
game's ``meta``, goes who sits where: the table's code and name, its host, who
opened it (for the quotas), its settings (quick match, turn time, spectators'
chat), the people who began the game and how each has played it (for the
ratings), and for each seat its name, its bot, the person it is kept for and its
reconnect code. Whatever else a table knows (who is connected, grace periods,
stand-ins) begins anew at a restart.

The ``seats`` list (name and bot) is the one every saved game has, so the past
games screen shows a server's games as it shows local ones.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from craits_core.bot_levels import DEFAULT_LEVEL

from .attendance import Attendance, attendance_by_seat
from .seats import Identity, Slot


class Saveable(Protocol):
    """What a table saves of itself."""

    code: str
    name: str
    host_seat: int | None
    creator: Identity
    address: str
    slots: list[Slot]
    quick: bool
    turn_time: int | None
    spectator_chat: bool
    people: dict[int, Identity]
    attendance: dict[int, Attendance]


def table_meta(table: Saveable, *, closed: bool = False) -> dict[str, Any]:
    """What ``table`` keeps with its saved game (``closed``: for good)."""
    return {
        "seats": [
            {"name": slot.name, "bot": slot.bot if not slot.person else None}
            for slot in table.slots
        ],
        "table": {
            "code": table.code,
            "name": table.name,
            "host_seat": table.host_seat,
            "creator": table.creator.to_dict(),
            "address": table.address,
            "seats": [
                {
                    "person": slot.person,
                    "holder": slot.holder.to_dict() if slot.holder is not None else None,
                    "code": slot.code,
                }
                for slot in table.slots
            ],
            "closed": closed,
            "quick": table.quick,
            "turn_time": table.turn_time,
            "spectator_chat": table.spectator_chat,
            "people": {str(seat): who.to_dict() for seat, who in table.people.items()},
            "attendance": {str(seat): a.to_dict() for seat, a in table.attendance.items()},
        },
    }


@dataclass(frozen=True)
class SavedTable:
    """A table read back from its saved game's meta."""

    code: str
    name: str
    host_seat: int | None
    creator: Identity
    address: str
    slots: tuple[Slot, ...]
    closed: bool
    quick: bool = False
    turn_time: int | None = None
    spectator_chat: bool = False
    people: tuple[tuple[int, Identity], ...] = ()
    attendance: tuple[tuple[int, Attendance], ...] = ()

    @classmethod
    def from_meta(cls, meta: Mapping[str, Any], players: Sequence[str]) -> SavedTable | None:
        """The table saved in ``meta`` for a game of ``players``; None when the game
        is not a server table's. Raises `ValueError` for a meta that makes no sense."""
        table = meta.get("table")
        if not isinstance(table, dict):
            return None
        seats, kinds = meta.get("seats"), table.get("seats")
        if not isinstance(seats, list) or not isinstance(kinds, list):
            raise ValueError("a saved table lists its seats")
        if not len(seats) == len(kinds) == len(players):
            raise ValueError("a saved table has one seat per player")
        code, name = table.get("code"), table.get("name")
        if not isinstance(code, str) or not isinstance(name, str):
            raise ValueError("a saved table has a code and a name")
        host_seat = table.get("host_seat")
        slots = []
        for player, seat, kind in zip(players, seats, kinds, strict=True):
            if not isinstance(seat, dict) or not isinstance(kind, dict):
                raise ValueError("a saved seat is an object")
            holder = kind.get("holder")
            person = kind.get("person") is True
            bot = seat.get("bot")
            code_of_seat = kind.get("code")
            slots.append(
                Slot(
                    name=player,
                    bot=None if person else (bot if isinstance(bot, str) else DEFAULT_LEVEL),
                    person=person,
                    holder=Identity.from_dict(holder) if holder is not None else None,
                    code=code_of_seat if isinstance(code_of_seat, str) else None,
                )
            )
        turn_time = table.get("turn_time")
        people = table.get("people") or {}
        attendance = table.get("attendance") or {}
        if not isinstance(people, dict) or not isinstance(attendance, dict):
            raise ValueError("a saved table's people and their attendance are objects")
        return cls(
            code=code,
            name=name,
            host_seat=host_seat if type(host_seat) is int else None,
            creator=Identity.from_dict(table.get("creator")),
            address=str(table.get("address", "")),
            slots=tuple(slots),
            closed=table.get("closed") is True,
            quick=table.get("quick") is True,
            turn_time=turn_time if type(turn_time) is int and turn_time > 0 else None,
            spectator_chat=table.get("spectator_chat") is True,
            people=tuple(
                (int(seat), Identity.from_dict(who))
                for seat, who in people.items()
                if seat.isdigit() and int(seat) < len(players)
            ),
            attendance=tuple(
                (seat, record)
                for seat, record in attendance_by_seat(attendance).items()
                if seat < len(players)
            ),
        )
