"""`SavedMeta`: what the program keeps with a saved game beside its log (the store's
`GameRecord.meta`, a JSON object to the store), read and written here alone.

Every saved game has its ``seats`` (each one's name and bot level, so the past
games screen tells people from bots) and how many times moves were taken back in
it. A server's game has its ``table`` too (`TableMeta`): the table's code and
name, its host, who opened it, its settings and, for each seat, the person it is
kept for, so that a restart of the server finds the table as it was.

Reading is tolerant of saves from other versions: a key missing or not known is
left to its default, and a part that cannot be read is read as not saved (or,
``strict``, raises `ValueError` saying which part and why), never a crash.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from .seat import Seat

if TYPE_CHECKING:
    from craits_core.store import GameRecord

    from .online.server.attendance import Attendance
    from .online.server.seats import Identity

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class KeptSeat:
    """What a server's table keeps of one of its seats."""

    person: bool = True
    """A person's seat (taken, or kept while they are away), not a bot's."""
    holder: Identity | None = None
    """The person it is kept for."""
    code: str | None = None
    """Its reconnect code, while a person holds it."""


@dataclass(frozen=True, slots=True)
class TableMeta:
    """A server's table, as its saved game keeps it."""

    code: str
    name: str
    creator: Identity
    """Who opened it (for the quotas)."""
    seats: tuple[KeptSeat, ...]
    host_seat: int | None = None
    address: str = ""
    """Where its creator connected from (for the quotas)."""
    closed: bool = False
    """Closed for good: a restart leaves it so."""
    quick: bool = False
    turn_time: int | None = None
    spectator_chat: bool = False
    people: tuple[tuple[int, Identity], ...] = ()
    """The people who began the game, by seat (for the ratings)."""
    attendance: tuple[tuple[int, Attendance], ...] = ()
    """How each of them has played it so far, by seat."""

    def to_dict(self) -> dict[str, Any]:
        """The JSON object kept under the meta's ``"table"``."""
        return {
            "code": self.code,
            "name": self.name,
            "host_seat": self.host_seat,
            "creator": self.creator.to_dict(),
            "address": self.address,
            "seats": [
                {
                    "person": seat.person,
                    "holder": seat.holder.to_dict() if seat.holder is not None else None,
                    "code": seat.code,
                }
                for seat in self.seats
            ],
            "closed": self.closed,
            "quick": self.quick,
            "turn_time": self.turn_time,
            "spectator_chat": self.spectator_chat,
            "people": {str(seat): who.to_dict() for seat, who in self.people},
            "attendance": {str(seat): a.to_dict() for seat, a in self.attendance},
        }

    @classmethod
    def from_dict(cls, data: object) -> TableMeta:
        """The table kept as `to_dict` keeps it; `ValueError` for one that makes no
        sense (no code, name, creator or seats). Settings that do not read as such
        are left to their defaults."""
        # Here, not at the top: the server's modules cost a local game's start-up.
        from .online.server.attendance import attendance_by_seat
        from .online.server.seats import Identity

        if not isinstance(data, Mapping):
            raise ValueError(f"a saved table is an object, not {data!r}")
        code, name, kept = data.get("code"), data.get("name"), data.get("seats")
        if not isinstance(code, str) or not isinstance(name, str):
            raise ValueError("a saved table has a code and a name")
        if not isinstance(kept, list) or not all(isinstance(seat, dict) for seat in kept):
            raise ValueError("a saved table lists its seats, each an object")
        people = data.get("people") or {}
        attendance = data.get("attendance") or {}
        if not isinstance(people, dict) or not isinstance(attendance, dict):
            raise ValueError("a saved table's people and their attendance are objects")
        host_seat, turn_time = data.get("host_seat"), data.get("turn_time")
        return cls(
            code=code,
            name=name,
            creator=Identity.from_dict(data.get("creator")),
            seats=tuple(
                KeptSeat(
                    person=seat.get("person") is True,
                    holder=None
                    if seat.get("holder") is None
                    else Identity.from_dict(seat["holder"]),
                    code=seat.get("code") if isinstance(seat.get("code"), str) else None,
                )
                for seat in kept
            ),
            host_seat=host_seat if type(host_seat) is int else None,
            address=str(data.get("address", "")),
            closed=data.get("closed") is True,
            quick=data.get("quick") is True,
            turn_time=turn_time if type(turn_time) is int and turn_time > 0 else None,
            spectator_chat=data.get("spectator_chat") is True,
            people=tuple(
                (int(seat), Identity.from_dict(who))
                for seat, who in people.items()
                if isinstance(seat, str) and seat.isdigit() and int(seat) < len(kept)
            ),
            attendance=tuple(
                (seat, record)
                for seat, record in attendance_by_seat(attendance).items()
                if seat < len(kept)
            ),
        )


@dataclass(frozen=True, slots=True)
class SavedMeta:
    """What is kept with a saved game beside its log (see the module's words)."""

    VERSION: ClassVar[int] = 1
    """The layout `to_dict` writes (saves before it have no ``"version"``: the same
    keys, read alike)."""

    seats: tuple[Seat, ...] | None = None
    """Who sat where, people or bots; None when the save does not say."""
    take_backs: int = 0
    """How many times moves were taken back (see `LocalTable.take_back`)."""
    table: TableMeta | None = None
    """The server's table, for a server's game; None for a game played here."""

    def to_dict(self) -> dict[str, Any]:
        """The JSON object for the store (`GameStore.add`, ``rewind``, ``update_meta``)."""
        data: dict[str, Any] = {"version": self.VERSION, "take_backs": self.take_backs}
        if self.seats is not None:
            data["seats"] = [seat.to_dict() for seat in self.seats]
        if self.table is not None:
            data["table"] = self.table.to_dict()
        return data

    @classmethod
    def from_dict(cls, data: object, *, strict: bool = False) -> SavedMeta:
        """The meta kept as `to_dict` keeps it (or as a save of another version
        does). A part that cannot be read is read as not saved; ``strict``: it
        raises `ValueError` instead."""
        if not isinstance(data, Mapping):
            if strict:
                raise ValueError(f"a game's meta is an object, not {data!r}")
            return cls()
        return cls(
            seats=_part(_seats, data.get("seats"), strict),
            take_backs=_part(_take_backs, data.get("take_backs"), strict) or 0,
            table=_part(TableMeta.from_dict, data.get("table"), strict),
        )

    @classmethod
    def of(cls, record: GameRecord, *, strict: bool = False) -> SavedMeta:
        """The meta of a saved game (as `from_dict` reads it)."""
        return cls.from_dict(record.meta, strict=strict)

    def seats_for(self, players: Sequence[str]) -> tuple[Seat, ...] | None:
        """The seats of a game of ``players``: None when the save does not say, or
        has another number of them."""
        if self.seats is None or len(self.seats) != len(players):
            return None
        return self.seats

    def with_take_backs(self, take_backs: int) -> SavedMeta:
        """This meta with ``take_backs`` moves taken back."""
        return replace(self, take_backs=take_backs)


def _part(read: Callable[[object], T], data: object, strict: bool) -> T | None:
    """``read(data)``, or None where ``data`` is missing (null), or cannot be read
    and ``strict`` is off."""
    if data is None:
        return None
    try:
        return read(data)
    except (ValueError, TypeError) as err:
        if strict:
            raise ValueError(f"a game's meta cannot be read: {err}") from err
        return None


def _seats(data: object) -> tuple[Seat, ...]:
    if not isinstance(data, list):
        raise ValueError(f"the seats are a list, not {data!r}")
    return tuple(Seat.from_dict(seat) for seat in data)


def _take_backs(data: object) -> int:
    if type(data) is not int or data < 0:
        raise ValueError(f"moves taken back are a count, not {data!r}")
    return data
