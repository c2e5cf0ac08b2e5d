"""What the table shows of each seat, worked out from a view: the same at the table
and in a replay. No Textual here: the seats widget only draws these rows."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass

from craits_core import PlayerView

from .seat import Seat


@dataclass(frozen=True)
class SeatInfo:
    """What the table shows of one player."""

    seat: int
    name: str
    cards: int
    bot: str | None = None
    dealer: bool = False
    turn: bool = False
    announced: bool = False
    lost_turns: int = 0
    total: int = 0
    callable: bool = False
    """The player forgot "last card" and can be called an idiot now."""
    known: bool = True
    """Whether the table knows who plays the seat, a person or a bot (a replay fetched
    by its code does not): when not, the line under the fan says the points alone."""


def seat_rows(
    view: PlayerView,
    seats: Sequence[Seat] | None,
    *,
    shown: Iterable[int] | None = None,
    dealer: int | None,
    callable_seats: Collection[int] = (),
) -> tuple[SeatInfo, ...]:
    """A row for each seat in ``shown`` (every seat, in order, when None), as
    ``view`` has it. ``seats``: who plays each seat, a person or a bot (None, or a
    list that does not fit the table: not known); ``dealer``: the seat marked as
    the dealer (None: none); ``callable_seats``: the seats that can be called an idiot now."""
    players = view.players
    known = seats is not None and len(seats) == len(players)
    return tuple(
        SeatInfo(
            seat=seat,
            name=players[seat],
            cards=view.hand_sizes[seat],
            bot=seats[seat].bot if seats is not None and known else None,
            dealer=seat == dealer,
            turn=seat == view.current_player,
            announced=view.announced[seat],
            lost_turns=view.lost_turns[seat],
            total=view.totals[seat],
            callable=seat in callable_seats,
            known=known,
        )
        for seat in (range(len(players)) if shown is None else shown)
    )
