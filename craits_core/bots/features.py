"""What a seat knows, as numbers: the input of the expert level's networks.

A `Situation` is everything one seat may know at one moment: its hand, the pile,
every hand's size, the suits each other player could not follow, the crank, the
stock, the direction and the round. It is made from a seat's view in a game
(`situation_of_view`) or from a full state in a search's play-out
(`situation_of_state`), so the networks see the same thing in both.

`encode` turns situations, each with a candidate move, into the rows of a matrix:
the *situation part* (`SITUATION_WIDTH` columns, the input of the inference network
too) followed by the *move part* (`MOVE_WIDTH` columns). The others are placed by
turn order from the seat, so column "next player" is always the player to act after
it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ..cards import FULL_DECK, Card, Rank, Suit
from ..commands import ChooseSuit, Command, Draw, Play
from ..scoring import score_hand
from ..state import State
from ..view import PlayerView
from .masks import INDEX, SUITS
from .voids import Voids

_SUIT = {suit: j for j, suit in enumerate(SUITS)}

MAX_OTHERS = 4
"""The most other players at a table (five seats)."""


@dataclass(frozen=True, slots=True)
class Situation:
    """What one seat knows at one moment (see the module docstring)."""

    seat: int
    hand: tuple[Card, ...]
    pile: tuple[Card, ...]
    sizes: tuple[int, ...]
    active_suit: Suit | None
    crank: int
    direction: int
    stock_size: int
    hand_size: int
    """The round's deal: 8 down to 1 and back."""
    choosing_suit: bool
    announced: tuple[bool, ...]
    lost_turns: tuple[int, ...]
    voids: tuple[tuple[bool, ...], ...]
    """Per seat, `Voids.of` (the seat's own entry is not used)."""

    def others(self) -> list[int]:
        """The other seats in turn order from this one."""
        n = len(self.sizes)
        return [(self.seat + r * self.direction) % n for r in range(1, n)]


def situation_of_view(view: PlayerView, voids: Voids) -> Situation:
    """The situation of a seat's view, with what its stream told of the voids."""
    seat = view.seat
    if seat is None:
        raise ValueError("a spectator has no situation to weigh")
    n = len(view.players)
    return Situation(
        seat=seat,
        hand=view.hand,
        pile=view.discard,
        sizes=view.hand_sizes,
        active_suit=view.active_suit,
        crank=view.crank,
        direction=view.direction,
        stock_size=view.stock_size,
        hand_size=view.hand_size,
        choosing_suit=view.choosing_suit,
        announced=view.announced,
        lost_turns=view.lost_turns,
        voids=tuple(voids.of(s) for s in range(n)),
    )


def situation_of_state(state: State, seat: int, voids: Sequence[tuple[bool, ...]]) -> Situation:
    """The situation of ``seat`` in a full state (a play-out's), with ``voids``
    as the seat last knew them."""
    return Situation(
        seat=seat,
        hand=state.hands[seat],
        pile=state.pile,
        sizes=tuple(len(h) for h in state.hands),
        active_suit=state.active_suit,
        crank=state.crank,
        direction=state.direction,
        stock_size=len(state.stock),
        hand_size=state.hand_size,
        choosing_suit=state.choosing_suit,
        announced=state.announced,
        lost_turns=state.lost_turns,
        voids=tuple(voids),
    )


# --- Columns --------------------------------------------------------------------------

_HAND = 0
_UNSEEN = _HAND + 52
_TOP_RANK = _UNSEEN + 52
_ACTIVE = _TOP_RANK + 13
_SCALARS = _ACTIVE + 4
# crank flag, crank count, direction, stock, deal size, own size, choosing the suit
_PLAYERS = _SCALARS + 7
_OTHER = _PLAYERS + 4
_OTHER_WIDTH = 9
# size, holds one, holds two, announced, loses a turn, could not follow (4 suits)
SITUATION_WIDTH = _OTHER + MAX_OTHERS * _OTHER_WIDTH
"""Columns of the situation part."""

_CARD = SITUATION_WIDTH
_RANK = _CARD + 52
_LEAVES = _RANK + 13
_MOVE_SCALARS = _LEAVES + 4
# draws, names a suit at the start, cards left, points left, cards left that follow
MOVE_WIDTH = _MOVE_SCALARS + 5 - SITUATION_WIDTH
"""Columns of the move part."""

WIDTH = SITUATION_WIDTH + MOVE_WIDTH
"""Columns of a row of `encode`."""


def situation_columns(sit: Situation) -> tuple[list[int], list[float]]:
    """The columns of the situation part that are not zero, and their values."""
    cols: list[int] = []
    vals: list[float] = []
    seen = set(sit.hand)
    seen.update(sit.pile)
    for card in sit.hand:
        cols.append(_HAND + INDEX[card])
    for i, card in enumerate(FULL_DECK):
        if card not in seen:
            cols.append(_UNSEEN + i)
    vals.extend([1.0] * len(cols))
    if sit.pile:
        cols.append(_TOP_RANK + sit.pile[-1].rank - 1)
        vals.append(1.0)
    if sit.active_suit is not None:
        cols.append(_ACTIVE + _SUIT[sit.active_suit])
        vals.append(1.0)
    n = len(sit.sizes)
    scalars = (
        1.0 if sit.crank else 0.0,
        sit.crank / 4,
        1.0 if sit.direction > 0 else 0.0,
        sit.stock_size / 40,
        sit.hand_size / 8,
        len(sit.hand) / 8,
        1.0 if sit.choosing_suit else 0.0,
    )
    for k, value in enumerate(scalars):
        if value:
            cols.append(_SCALARS + k)
            vals.append(value)
    cols.append(_PLAYERS + n - 2)
    vals.append(1.0)
    for r, other in enumerate(sit.others()):
        base = _OTHER + r * _OTHER_WIDTH
        size = sit.sizes[other]
        row = [
            size / 8,
            1.0 if size == 1 else 0.0,
            1.0 if size == 2 else 0.0,
            1.0 if sit.announced[other] else 0.0,
            1.0 if sit.lost_turns[other] else 0.0,
            *(1.0 if v else 0.0 for v in sit.voids[other]),
        ]
        for k, value in enumerate(row):
            if value:
                cols.append(base + k)
                vals.append(value)
    return cols, vals


def move_columns(sit: Situation, move: Command) -> tuple[list[int], list[float]]:
    """The columns of the move part that are not zero, and their values."""
    if isinstance(move, Play):
        card = move.card
        leaves = move.suit if move.suit is not None else card.suit
        left = list(sit.hand)
        left.remove(card)
        cols = [_CARD + INDEX[card], _RANK + card.rank - 1, _LEAVES + _SUIT[leaves]]
        vals = [1.0, 1.0, 1.0]
        follow = sum(1 for c in left if c.suit is leaves or c.rank is Rank.EIGHT)
    elif isinstance(move, ChooseSuit):
        left = list(sit.hand)
        cols = [_LEAVES + _SUIT[move.suit], _MOVE_SCALARS + 1]
        vals = [1.0, 1.0]
        follow = sum(1 for c in left if c.suit is move.suit or c.rank is Rank.EIGHT)
    elif isinstance(move, Draw):
        left = list(sit.hand)
        cols = [_MOVE_SCALARS]
        vals = [1.0]
        follow = 0
    else:
        raise ValueError(f"not a move the networks weigh: {move!r}")
    for k, value in ((2, len(left) / 8), (3, score_hand(left) / 50), (4, follow / 8)):
        if value:
            cols.append(_MOVE_SCALARS + k)
            vals.append(value)
    return cols, vals


def encode(rows: Sequence[tuple[Situation, Command | None]]) -> np.ndarray:
    """One row per (situation, move): the situation part and, for a move, the move
    part (zeros for None). Float32, `WIDTH` columns."""
    out = np.zeros((len(rows), WIDTH), dtype=np.float32)
    all_rows: list[int] = []
    all_cols: list[int] = []
    all_vals: list[float] = []
    cache: dict[int, tuple[list[int], list[float]]] = {}
    for i, (sit, move) in enumerate(rows):
        key = id(sit)
        part = cache.get(key)
        if part is None:
            part = cache[key] = situation_columns(sit)
        cols, vals = part
        if move is not None:
            more_cols, more_vals = move_columns(sit, move)
            cols = cols + more_cols
            vals = vals + more_vals
        all_rows.extend([i] * len(cols))
        all_cols.extend(cols)
        all_vals.extend(vals)
    out[all_rows, all_cols] = all_vals
    return out
