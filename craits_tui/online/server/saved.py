"""A table as its saved game keeps it, so that a restart of the server finds it.

Each table's game is saved in the house's store as it is played; with it, in the
game's `SavedMeta` (its `TableMeta`), goes who sits where: the table's code and name, its host, who
opened it (for the quotas), its settings (quick match, turn time, spectators'
chat), the people who began the game and how each has played it (for the
ratings), and for each seat its name, its bot, the person it is kept for and its
reconnect code. Whatever else a table knows (who is connected, grace periods,
stand-ins) begins anew at a restart.

The ``seats`` list (name and bot) is the one every saved game has, so the past
games screen shows a server's games as it shows local ones.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from craits_core.bot_levels import DEFAULT_LEVEL
from craits_core.store import GameRecord

from ...saved_meta import KeptSeat, SavedMeta, TableMeta
from ...seat import Seat
from .attendance import Attendance
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


def table_meta(table: Saveable, *, closed: bool = False) -> SavedMeta:
    """What ``table`` keeps with its saved game (``closed``: for good)."""
    return SavedMeta(
        seats=tuple(
            Seat(slot.name or "", slot.bot if not slot.person else None) for slot in table.slots
        ),
        table=TableMeta(
            code=table.code,
            name=table.name,
            creator=table.creator,
            seats=tuple(KeptSeat(slot.person, slot.holder, slot.code) for slot in table.slots),
            host_seat=table.host_seat,
            address=table.address,
            closed=closed,
            quick=table.quick,
            turn_time=table.turn_time,
            spectator_chat=table.spectator_chat,
            people=tuple(table.people.items()),
            attendance=tuple(table.attendance.items()),
        ),
    )


@dataclass(frozen=True)
class SavedTable:
    """A table read back from its saved game's meta: the table as it was kept, and
    its seats as a table has them."""

    table: TableMeta
    slots: tuple[Slot, ...]

    @classmethod
    def of(cls, record: GameRecord) -> SavedTable | None:
        """The table saved with the game of ``record``; None when the game is not a
        server table's. Raises `ValueError` for a meta that makes no sense."""
        meta = SavedMeta.of(record, strict=True)
        table, seats, players = meta.table, meta.seats, record.players
        if table is None:
            return None
        if seats is None or not len(seats) == len(table.seats) == len(players):
            raise ValueError("a saved table has one seat per player")
        slots = tuple(
            Slot(
                name=player,
                bot=None if kept.person else (seat.bot or DEFAULT_LEVEL),
                person=kept.person,
                holder=kept.holder,
                code=kept.code,
            )
            for player, seat, kept in zip(players, seats, table.seats, strict=True)
        )
        return cls(table, slots)
