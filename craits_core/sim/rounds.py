"""A round on a `Sim`: the deal, what a card does once played (the starter too),
and the end of the round with its scores; and a new game for self-play.

Each mirrors the engine's step in `craits_core.decide` (`_start_round`,
`_card_acts`, `_end_round`).
"""

from __future__ import annotations

import random

from ..rules import RuleSet
from .codes import CHOICES, CRANK_ADDS, RANK, SUIT, hand_score
from .model import Sim
from .steps import draw, next_seat, pass_turn, shuffle, shuffler

_DECK = list(range(52))


def card_acts(sim: Sim, seat: int, card: int, crank_before: int) -> None:
    """What ``card`` does once ``seat`` has played it (a starter: as if the dealer
    had): its ability, then the round's end if ``seat`` went out, else the turn
    handed on."""
    rank = RANK[card]
    hands = sim.hands
    if rank == 2 or (crank_before and rank == 1):
        sim.crank = crank_before + CRANK_ADDS[card]
        if any(hands):  # the crank runs on among those who still hold cards
            pass_turn(sim, seat, False)
        else:
            sim.crank = 0
            end_round(sim)
        return
    if rank == 5:
        n, step = sim.n, sim.direction
        for i in range(1, n):
            draw(sim, (seat + i * step) % n, 1)
    elif rank == 7:
        draw(sim, next_seat(sim, seat), 1)
    if not hands[seat]:
        end_round(sim)  # going out: the card's draws were still made
    elif rank == 4:
        pass_turn(sim, seat, True)
    elif rank == 6:
        sim.current = seat
    elif rank == 7:
        pass_turn(sim, seat, sim.seven_skips)
    elif rank == 10:
        sim.direction = -sim.direction
        pass_turn(sim, seat, False)
    else:
        pass_turn(sim, seat, False)


def end_round(sim: Sim) -> None:
    """Score the round; deal the next one, or end the game after the last."""
    scores = tuple(map(hand_score, sim.hands))
    sim.round_scores.append(scores)
    sim.totals = totals = [total + score for total, score in zip(sim.totals, scores, strict=True)]
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
    """Deal round ``round_number`` from ``deck`` (cards, top first; None: freshly
    shuffled) and let the starter act as the dealer's first turn."""
    if deck is None:
        deck = _DECK[:]
        shuffle(sim, deck)
    sim.shuffles += 1  # a stacked deal counts as a shuffle too, as in the engine
    n = sim.n
    size = sim.schedule[round_number - 1]
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
    sim.table_set()
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
        card_acts(sim, dealer, starter, 0)


def new_game(
    players: int | tuple[str, ...],
    rng: random.Random,
    rules: RuleSet | None = None,
    first_round: int = 1,
) -> Sim:
    """A new game for self-play, shuffled by a shuffler drawn from ``rng``: a
    random first dealer (the engine's draw for dealer gives every seat the same
    chance), then the first deal."""
    names = players if isinstance(players, tuple) else tuple(f"P{i}" for i in range(players))
    sim = Sim(names, rules if rules is not None else RuleSet())
    sim.rng = shuffler(rng)
    sim.first_round = first_round
    start_round(sim, first_round, rng.randrange(sim.n))
    return sim
