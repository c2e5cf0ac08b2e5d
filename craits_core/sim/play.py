"""The rules of play on a `Sim`: `legal_moves` and `play`, move by move, in place.

Each step mirrors the engine's `craits_core.decide` (and `legality` for the moves):
the same order of draws, the same turn passing, the same round end. The agreement
tests play both side by side and compare them after every move. Nothing here checks
a move: `play` trusts that it is one of `legal_moves`.
"""

from __future__ import annotations

import random

from ..rules import RuleSet
from .codes import (
    ANNOUNCE,
    ANNOUNCE_FLAG,
    CALL,
    CARD_PLAYS,
    CHOICES,
    CRANK_ADDS,
    CRANK_ANSWERS,
    DRAW,
    KIND_SHIFT,
    RANK,
    SUIT,
    hand_score,
)
from .model import Sim

_DRAW_KIND, _CHOOSE_KIND, _ANNOUNCE_KIND = 1, 2, 3


def legal_moves(sim: Sim, seat: int = -1) -> list[int]:
    """Every move ``seat`` (default: the seat to act) may make now, as codes, in the
    order `legality.legal_moves` lists them."""
    if sim.over:
        return []
    current = sim.current
    if seat < 0:
        seat = current
    moves: list[int] = []
    if seat == current and current >= 0:
        if sim.choosing:
            return list(CHOICES[sim.pile[-1]])
        hand = sim.hands[seat]
        if sim.crank:
            playable = hand & CRANK_ANSWERS
        else:
            playable = hand & sim.fit[sim.pile[-1] * 4 + sim.suit]
        if playable:
            # The hand's cards in the engine's order would be the order they were
            # dealt and drawn; the simulator keeps sets, so it lists lowest first.
            while playable:
                low = playable & -playable
                moves += CARD_PLAYS[low.bit_length() - 1]
                playable ^= low
            if sim.voluntary and not sim.crank:
                moves.append(DRAW)
        else:
            moves.append(DRAW)
    window = sim.window
    if window >= 0 and not sim.announced >> window & 1:
        held = sim.hands[window]
        if held and not held & (held - 1):
            moves.append(ANNOUNCE + seat if window == seat else CALL + seat * 8 + window)
    return moves


def play(sim: Sim, move: int) -> None:
    """Apply ``move`` (one of `legal_moves`; for "last card" and "idiot", of the seat
    the code names) to ``sim`` in place."""
    kind = move >> KIND_SHIFT
    if kind == 0:
        _play_card(sim, move)
    elif kind == _DRAW_KIND:
        _draw_turn(sim)
    elif kind == _CHOOSE_KIND:
        sim.suit = move & 3
        sim.choosing = False
        _pass_turn(sim, sim.current, False)
    elif kind == _ANNOUNCE_KIND:
        sim.announced |= 1 << (move & 7)
    else:
        target = move & 7
        sim.lost[target] += 1
        sim.window = -1
        _draw(sim, target, 2)


def _play_card(sim: Sim, move: int) -> None:
    seat = sim.current
    card = move & 63
    hands = sim.hands
    hand = hands[seat] ^ (1 << card)
    hands[seat] = hand
    sim.pile.append(card)
    named = move >> 6 & 7
    sim.suit = named - 1 if named else SUIT[card]
    sim.passed = 0
    if hand and not hand & (hand - 1):
        sim.window = seat
        if move & ANNOUNCE_FLAG:
            sim.announced |= 1 << seat
    else:
        sim.window = -1
    _card_acts(sim, seat, card, sim.crank)


def _card_acts(sim: Sim, seat: int, card: int, crank_before: int) -> None:
    """What ``card`` does once ``seat`` has played it (or it was turned as the
    starter): `decide._card_acts`."""
    rank = RANK[card]
    hands = sim.hands
    if rank == 2 or (crank_before and rank == 1):
        sim.crank = crank_before + CRANK_ADDS[card]
        if any(hands):
            _pass_turn(sim, seat, False)
        else:
            sim.crank = 0
            _end_round(sim)
        return
    if rank == 5:
        n, step = sim.n, sim.direction
        for i in range(1, n):
            _draw(sim, (seat + i * step) % n, 1)
    elif rank == 7:
        _draw(sim, _next_seat(sim, seat), 1)
    if not hands[seat]:
        _end_round(sim)
    elif rank == 4:
        _pass_turn(sim, seat, True)
    elif rank == 6:
        sim.current = seat
    elif rank == 7:
        _pass_turn(sim, seat, sim.seven_skips)
    elif rank == 10:
        sim.direction = -sim.direction
        _pass_turn(sim, seat, False)
    else:
        _pass_turn(sim, seat, False)


def _draw_turn(sim: Sim) -> None:
    """The seat to act draws: the crank's count, or one card on its own turn (which
    closes the last-card window, and is a pass when nothing comes)."""
    seat = sim.current
    crank = sim.crank
    if crank:
        _draw(sim, seat, crank)
        sim.crank = 0
    else:
        sim.window = -1
        if not _draw(sim, seat, 1):
            sim.passed |= 1 << seat
    hands = sim.hands
    if not all(hands) or _blocked(sim):
        _end_round(sim)
    else:
        _pass_turn(sim, seat, False)


def _blocked(sim: Sim) -> bool:
    """`rules.round_blocked`: everyone holding cards has passed since the last play."""
    passed = sim.passed
    if not passed:
        return False
    return all(passed >> seat & 1 or not hand for seat, hand in enumerate(sim.hands))


def _draw(sim: Sim, seat: int, count: int) -> int:
    """``seat`` draws up to ``count`` cards, the pile (but its top card) shuffled
    under the stock first when the stock runs short; returns how many came."""
    stock = sim.stock
    if len(stock) < count and len(sim.pile) > 1:
        _reshuffle(sim)
    hand = sim.hands[seat]
    taken = 0
    while taken < count and stock:
        hand |= 1 << stock.pop()
        taken += 1
    sim.hands[seat] = hand
    if sim.announced >> seat & 1 and hand & (hand - 1):
        sim.announced ^= 1 << seat  # an announcement is void with two cards or more
    return taken


def _reshuffle(sim: Sim) -> None:
    pile = sim.pile
    cards = pile[:-1]
    _shuffle(sim, cards)
    sim.shuffles += 1
    cards.reverse()  # the stock is kept next card last
    sim.stock[:0] = cards  # in place: a draw under way holds the list
    del pile[:-1]


def _shuffle(sim: Sim, cards: list[int]) -> None:
    """Shuffle as the engine would (its seed and shuffle count) or with ``sim.rng``."""
    rng = sim.rng
    if rng is None:
        rng = random.Random(f"{sim.seed}:{sim.shuffles}")
    rng.shuffle(cards)


def _next_seat(sim: Sim, seat: int) -> int:
    """The next seat in the direction of play that still holds cards."""
    n, step, hands = sim.n, sim.direction, sim.hands
    nxt = (seat + step) % n
    while not hands[nxt] and nxt != seat:
        nxt = (nxt + step) % n
    return nxt


def _pass_turn(sim: Sim, seat: int, skip: bool) -> None:
    """`decide._pass_turn`: a skip passes over the next seat without using up a lost
    turn; a seat with a lost turn is passed over and loses it."""
    nxt = _next_seat(sim, seat)
    if skip:
        nxt = _next_seat(sim, nxt)
    lost = sim.lost
    while lost[nxt]:
        lost[nxt] -= 1
        nxt = _next_seat(sim, nxt)
    sim.current = nxt


def _end_round(sim: Sim) -> None:
    """Score the round; deal the next one, or end the game after the last."""
    scores = tuple(hand_score(hand) if hand else 0 for hand in sim.hands)
    sim.round_scores.append(scores)
    totals = sim.totals
    for seat, score in enumerate(scores):
        totals[seat] += score
    sim.current = -1
    sim.crank = 0
    sim.window = -1
    if sim.round_number >= sim.rounds:
        sim.over = True
        best = min(totals)
        sim.winners = tuple(seat for seat, total in enumerate(totals) if total == best)
    else:
        start_round(sim, sim.round_number + 1, (sim.dealer + 1) % sim.n)


def start_round(sim: Sim, round_number: int, dealer: int, deck: list[int] | None = None) -> None:
    """Deal round ``round_number`` from ``deck`` (top first; None: freshly shuffled)
    and let the starter act as the dealer's first turn."""
    if deck is None:
        deck = list(range(52))
        _shuffle(sim, deck)
    sim.shuffles += 1  # a stacked deal counts as a shuffle too, as in the engine
    n = sim.n
    size = sim.rules.schedule[round_number - 1]
    dealt = n * size
    hands = [0] * n
    for offset in range(n):
        hand = 0
        for card in deck[offset:dealt:n]:
            hand |= 1 << card
        hands[(dealer + 1 + offset) % n] = hand
    starter = deck[dealt]
    sim.round_number = round_number
    sim.hand_size = size
    sim.dealer = dealer
    sim.hands = hands
    sim.pile = [starter]
    sim.stock = deck[:dealt:-1]
    sim.suit = SUIT[starter]
    sim.direction = 1
    sim.current = -1
    sim.choosing = False
    sim.crank = 0
    sim.announced = 0
    sim.window = -1
    sim.lost = [0] * n
    sim.passed = 0
    if CHOICES[starter]:
        sim.current = dealer
        sim.choosing = True
    else:
        _card_acts(sim, dealer, starter, 0)


def new_game(
    players: int | tuple[str, ...],
    rng: random.Random,
    rules: RuleSet | None = None,
    first_round: int = 1,
) -> Sim:
    """A new game for self-play, shuffled with ``rng``: a random first dealer (the
    engine's draw for dealer gives every seat the same chance), then the first deal."""
    names = players if isinstance(players, tuple) else tuple(f"P{i}" for i in range(players))
    sim = Sim(names, rules if rules is not None else RuleSet())
    sim.rng = rng
    sim.first_round = first_round
    start_round(sim, first_round, rng.randrange(sim.n))
    return sim

