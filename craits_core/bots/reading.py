"""The bot's reading of its view: what it takes in once per decision, the seats in
turn, and what a play does to the other seats.

`read_table` gives a `TableReading`, the facts every candidate move is scored
against (see `terms`); `effect_of` says who draws and who acts next after a play.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..cards import FULL_DECK, Card, Rank, Suit
from ..rules import RuleSet
from ..scoring import score_hand
from ..view import PlayerView

THREAT: Mapping[int, float] = {0: 0.0, 1: 1.0, 2: 0.4, 3: 0.2}
"""How likely a player with this many cards is to go out soon (`FAR_THREAT` for more)."""
FAR_THREAT = 0.1


def threat(cards: int) -> float:
    """How much of a danger a player holding ``cards`` cards is."""
    return THREAT.get(cards, FAR_THREAT)


def unseen_cards(view: PlayerView) -> list[Card]:
    """The cards the view's seat has not seen: not in its hand, not on the pile."""
    seen = set(view.hand) | set(view.discard)
    return [c for c in FULL_DECK if c not in seen]


@dataclass(frozen=True, slots=True)
class TableReading:
    """What the bot reads off its view once per decision."""

    view: PlayerView
    seat: int
    hand: tuple[Card, ...]
    hand_score: int
    sizes: tuple[int, ...]
    answer_chance: float
    """Chance that one unseen card is an ace or a 2."""
    twos_unseen: int
    urgency: float
    voids: Mapping[int, frozenset[Suit]]

    @property
    def rules(self) -> RuleSet:
        return self.view.rules

    def name(self, seat: int) -> str:
        return self.view.players[seat]


def read_table(view: PlayerView, voids: Mapping[int, frozenset[Suit]]) -> TableReading:
    """The facts every candidate move is scored against."""
    seat = view.seat
    if seat is None:
        raise ValueError("a bot needs a seat's view, not a spectator's")
    hand = view.hand
    unseen = unseen_cards(view)
    answers = sum(1 for c in unseen if c.rank is Rank.ACE or c.rank is Rank.TWO)
    opponents = [size for s, size in enumerate(view.hand_sizes) if s != seat and size]
    return TableReading(
        view=view,
        seat=seat,
        hand=hand,
        hand_score=score_hand(hand),
        sizes=view.hand_sizes,
        answer_chance=answers / len(unseen) if unseen else 0.0,
        twos_unseen=sum(1 for c in unseen if c.rank is Rank.TWO),
        urgency=max((threat(size) for size in opponents), default=0.0),
        voids=voids,
    )


# --- Seats ------------------------------------------------------------------------------


def next_seat(sizes: Sequence[int], seat: int, direction: int) -> int:
    """The next seat in ``direction`` that holds cards (``seat`` itself if none does)."""
    n = len(sizes)
    nxt = (seat + direction) % n
    while not sizes[nxt] and nxt != seat:
        nxt = (nxt + direction) % n
    return nxt


def next_actor(reading: TableReading, sizes: Sequence[int], seat: int, direction: int) -> int:
    """Who plays after ``seat``: seats with a lost turn are passed over."""
    lost = reading.view.lost_turns
    nxt = next_seat(sizes, seat, direction)
    for _ in range(len(sizes)):
        if nxt == reading.seat or not lost[nxt]:
            break
        nxt = next_seat(sizes, nxt, direction)
    return nxt


@dataclass(frozen=True, slots=True)
class Effect:
    """What a play does to the other seats: who draws, who acts next, the crank."""

    draws: Mapping[int, int]
    actor: int
    crank_on: int | None = None


def effect_of(reading: TableReading, card: Card) -> Effect:
    """The draws and the next actor after ``card`` is played outside the crank."""
    view = reading.view
    me = reading.seat
    sizes = list(reading.sizes)
    sizes[me] -= 1
    direction = view.direction
    rank = card.rank
    first = next_seat(sizes, me, direction)
    if rank is Rank.TWO:
        target = next_actor(reading, sizes, me, direction)
        return Effect({}, target, crank_on=target)
    draws: dict[int, int] = {}
    if rank is Rank.SEVEN:
        draws[first] = 1
    elif rank is Rank.FIVE:
        draws = {s: 1 for s in range(len(sizes)) if s != me}
    if rank is Rank.SIX:
        return Effect(draws, me)
    if rank is Rank.TEN:
        direction = -direction
    skips = rank is Rank.FOUR or (rank is Rank.SEVEN and view.rules.seven_skips)
    start = first if skips else me
    return Effect(draws, next_actor(reading, sizes, start, direction))
