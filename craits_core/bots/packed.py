"""Situations and moves packed as small ints, and the networks' rows made from them
a batch at a time.

`features.encode` builds a row for each (situation, move) from `Situation` objects:
the plain definition, and what a decision in a game uses. Self-play makes tens of
millions of rows, and the expert's search thousands a decision, straight from a
`Sim`: for them a situation is packed into one record of `DECISION` (32 bytes,
against 336 for its part of a row as float16), a move into one of `MOVE`, and
`rows` expands a batch into exactly the matrix `encode` gives for it (a test holds
the two together).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ..commands import ChooseSuit, Command, Draw, Play
from ..sim.codes import ANNOUNCE, CHOOSE, DRAW, KIND_SHIFT, RANK, SUIT, hand_score
from ..sim.model import Sim
from . import features as f
from .masks import EIGHTS, INDEX, SUITS, mask_of

DECISION = np.dtype(
    [
        ("hand", "<u8"),
        ("pile", "<u8"),
        ("top", "i1"),  # the top card's rank, 0 with no pile
        ("suit", "i1"),  # the active suit, -1 for none
        ("crank", "i1"),
        ("direction", "i1"),
        ("stock", "i1"),
        ("deal", "i1"),
        ("choosing", "i1"),
        ("players", "i1"),
        ("sizes", "i1", (f.MAX_OTHERS,)),  # the others', in turn order from the seat
        ("flags", "u1", (f.MAX_OTHERS,)),  # theirs: ANNOUNCED, LOST, VOID << suit
    ]
)
"""One seat's situation (see `features.Situation`)."""

ANNOUNCED, LOST, VOID = 1, 2, 4

MOVE = np.dtype(
    [
        ("decision", "<i4"),  # the row of its situation in the decisions' array
        ("kind", "i1"),  # PLAYS, DRAWS or CHOOSES
        ("card", "i1"),
        ("leaves", "i1"),  # the suit it leaves active, -1 for a draw
        ("left", "i1"),  # cards left in the hand
        ("points", "<i2"),  # their score
        ("follow", "i1"),  # those of them that follow the suit left
    ]
)
"""One candidate move of a decision."""

PLAYS, DRAWS, CHOOSES = 0, 1, 2

_SUIT_BITS = tuple(((1 << 13) - 1) << (13 * s) for s in range(4))
_FULL = np.uint64((1 << 52) - 1)
_SHIFTS = np.arange(52, dtype=np.uint64)
_RANKS = np.array(RANK, dtype=np.int64)


def pack_sim(sim: Sim, seat: int, voids: Sequence[int]) -> tuple:
    """``seat``'s situation in ``sim``, with ``voids`` (per seat, a bit per suit it
    could not follow) as the seat knows them: a record of `DECISION`."""
    pile = 0
    for card in sim.pile:
        pile |= 1 << card
    n = sim.n
    step = sim.direction
    sizes = [0] * f.MAX_OTHERS
    flags = [0] * f.MAX_OTHERS
    for r in range(n - 1):
        other = (seat + (r + 1) * step) % n
        sizes[r] = sim.hands[other].bit_count()
        flags[r] = (
            (ANNOUNCED if sim.announced >> other & 1 else 0)
            | (LOST if sim.lost[other] else 0)
            | voids[other] * VOID
        )
    return (
        sim.hands[seat],
        pile,
        RANK[sim.pile[-1]] if sim.pile else 0,
        sim.suit,
        sim.crank,
        step,
        len(sim.stock),
        sim.hand_size,
        sim.choosing,
        n,
        sizes,
        flags,
    )


def pack_code(hand: int, code: int) -> tuple[int, int, int, int, int, int]:
    """A move's code (`sim.codes`) from ``hand``: a record of `MOVE` but its decision."""
    kind = code >> KIND_SHIFT
    if code < DRAW:
        card = code & 63
        named = code >> 6 & 7
        leaves = named - 1 if named else SUIT[card]
        left = hand & ~(1 << card)
        follow = left & (_SUIT_BITS[leaves] | EIGHTS)
        return PLAYS, card, leaves, left.bit_count(), hand_score(left), follow.bit_count()
    if kind == CHOOSE >> KIND_SHIFT:
        leaves = code - CHOOSE
        follow = hand & (_SUIT_BITS[leaves] | EIGHTS)
        return CHOOSES, -1, leaves, hand.bit_count(), hand_score(hand), follow.bit_count()
    if code == DRAW:
        return DRAWS, -1, -1, hand.bit_count(), hand_score(hand), 0
    raise ValueError(f"not a move the networks weigh: {code}")


def is_weighed(code: int) -> bool:
    """Whether the networks weigh move ``code``: a play, a draw or a suit chosen, not
    "last card" or "idiot"."""
    return code < ANNOUNCE


def pack_situation(sit: f.Situation) -> tuple:
    """`pack_sim` of a `Situation`."""
    n = len(sit.sizes)
    sizes = [0] * f.MAX_OTHERS
    flags = [0] * f.MAX_OTHERS
    for r, other in enumerate(sit.others()):
        sizes[r] = sit.sizes[other]
        voids = sum(1 << j for j, void in enumerate(sit.voids[other]) if void)
        flags[r] = (
            (ANNOUNCED if sit.announced[other] else 0)
            | (LOST if sit.lost_turns[other] else 0)
            | voids * VOID
        )
    return (
        mask_of(sit.hand),
        mask_of(sit.pile),
        sit.pile[-1].rank if sit.pile else 0,
        SUITS.index(sit.active_suit) if sit.active_suit is not None else -1,
        sit.crank,
        sit.direction,
        sit.stock_size,
        sit.hand_size,
        sit.choosing_suit,
        n,
        sizes,
        flags,
    )


def pack_command(sit: f.Situation, move: Command) -> tuple[int, int, int, int, int, int]:
    """`pack_code` of a command in ``sit``."""
    hand = mask_of(sit.hand)
    match move:
        case Play(card=card):
            suit = move.suit if move.suit is not None else card.suit
            code = INDEX[card] | (SUITS.index(suit) + 1) << 6
        case ChooseSuit(suit=suit):
            code = CHOOSE + SUITS.index(suit)
        case Draw():
            code = DRAW
        case _:
            raise ValueError(f"not a move the networks weigh: {move!r}")
    return pack_code(hand, code)


# --- Rows ---------------------------------------------------------------------------


def _bits(masks: np.ndarray) -> np.ndarray:
    return ((masks[:, None] >> _SHIFTS) & np.uint64(1)).astype(np.float32)


def situation_rows(decisions: np.ndarray, width: int = f.SITUATION_WIDTH) -> np.ndarray:
    """The situation part of `features.encode`'s rows, one a decision (float32,
    ``width`` columns, the rest zeros)."""
    k = len(decisions)
    out = np.zeros((k, width), dtype=np.float32)
    at = np.arange(k)
    hand = decisions["hand"]
    held = _bits(hand)
    out[:, f._HAND : f._HAND + 52] = held
    out[:, f._UNSEEN : f._UNSEEN + 52] = _bits(~(hand | decisions["pile"]) & _FULL)
    top = decisions["top"].astype(np.int64)
    has = top > 0
    out[at[has], f._TOP_RANK + top[has] - 1] = 1.0
    suit = decisions["suit"].astype(np.int64)
    has = suit >= 0
    out[at[has], f._ACTIVE + suit[has]] = 1.0
    crank = decisions["crank"].astype(np.float64)
    scalars = (
        crank > 0,
        crank / 4,
        decisions["direction"] > 0,
        decisions["stock"] / 40,
        decisions["deal"] / 8,
        held.sum(axis=1, dtype=np.float64) / 8,
        decisions["choosing"] != 0,
    )
    for column, values in enumerate(scalars):
        out[:, f._SCALARS + column] = values
    out[at, f._PLAYERS + decisions["players"].astype(np.int64) - 2] = 1.0
    sizes = decisions["sizes"].astype(np.float64)
    flags = decisions["flags"]
    for r in range(f.MAX_OTHERS):
        base = f._OTHER + r * f._OTHER_WIDTH
        size = sizes[:, r]
        out[:, base] = size / 8
        out[:, base + 1] = size == 1
        out[:, base + 2] = size == 2
        out[:, base + 3] = flags[:, r] & ANNOUNCED != 0
        out[:, base + 4] = flags[:, r] & LOST != 0
        for j in range(4):
            out[:, base + 5 + j] = flags[:, r] & (VOID << j) != 0
    return out


def rows(decisions: np.ndarray, moves: np.ndarray) -> np.ndarray:
    """`features.encode`'s rows of ``moves`` (records of `MOVE`, each with the row of
    its situation in ``decisions``): float32, `features.WIDTH` columns."""
    out = situation_rows(decisions[moves["decision"]], f.WIDTH)
    at = np.arange(len(moves))
    kind = moves["kind"]
    card = moves["card"].astype(np.int64)
    plays = kind == PLAYS
    out[at[plays], f._CARD + card[plays]] = 1.0
    out[at[plays], f._RANK + _RANKS[card[plays]] - 1] = 1.0
    leaves = moves["leaves"].astype(np.int64)
    has = leaves >= 0
    out[at[has], f._LEAVES + leaves[has]] = 1.0
    out[:, f._MOVE_SCALARS] = kind == DRAWS
    out[:, f._MOVE_SCALARS + 1] = kind == CHOOSES
    out[:, f._MOVE_SCALARS + 2] = moves["left"] / 8
    out[:, f._MOVE_SCALARS + 3] = moves["points"] / 50
    out[:, f._MOVE_SCALARS + 4] = moves["follow"] / 8
    return out


def _unpack(mask: int) -> np.ndarray:
    return np.unpackbits(np.array([mask], dtype="<u8").view(np.uint8), bitorder="little")[:52]


def decision_rows(decision: tuple, moves: Sequence[tuple]) -> np.ndarray:
    """`rows` of one decision (a `pack_sim` record) and its moves (`pack_code`
    records): the same matrix, some five times faster for so few rows."""
    hand, pile, top, suit, crank, direction, stock, deal, choosing, players, sizes, flags = decision
    row = np.zeros(f.WIDTH, dtype=np.float32)
    row[f._HAND : f._HAND + 52] = _unpack(hand)
    row[f._UNSEEN : f._UNSEEN + 52] = _unpack(~(hand | pile) & ((1 << 52) - 1))
    if top:
        row[f._TOP_RANK + top - 1] = 1.0
    if suit >= 0:
        row[f._ACTIVE + suit] = 1.0
    row[f._SCALARS : f._SCALARS + 7] = (
        crank > 0,
        crank / 4,
        direction > 0,
        stock / 40,
        deal / 8,
        hand.bit_count() / 8,
        bool(choosing),
    )
    row[f._PLAYERS + players - 2] = 1.0
    for r in range(players - 1):
        base = f._OTHER + r * f._OTHER_WIDTH
        size, flag = sizes[r], flags[r]
        row[base : base + f._OTHER_WIDTH] = (
            size / 8,
            size == 1,
            size == 2,
            flag & ANNOUNCED != 0,
            flag & LOST != 0,
            *(flag & (VOID << j) != 0 for j in range(4)),
        )
    out = np.tile(row, (len(moves), 1))
    for i, (kind, card, leaves, left, points, follow) in enumerate(moves):
        if kind == PLAYS:
            out[i, f._CARD + card] = 1.0
            out[i, f._RANK + RANK[card] - 1] = 1.0
        if leaves >= 0:
            out[i, f._LEAVES + leaves] = 1.0
        out[i, f._MOVE_SCALARS : f._MOVE_SCALARS + 5] = (
            kind == DRAWS,
            kind == CHOOSES,
            left / 8,
            points / 50,
            follow / 8,
        )
    return out
