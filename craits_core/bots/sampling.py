"""Guessing the hidden cards: full states that agree with what a seat has learnt
about them ("determinisations"), for a search to play out.

A seat sees its own hand, the discard pile, and how many cards everyone holds. The
cards it has not seen (the 52 minus its hand and the pile; cards reshuffled from the
pile into the stock are unseen again) lie somewhere in the other hands or the stock.
What its event stream told it about them, `knowledge.Knowledge` keeps card slot by
card slot; `Sampler` deals the unseen cards into the other hands and the stock so
that every slot gets a card it may hold.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from ..cards import FULL_DECK, Card
from ..state import State, initial_state
from ..view import PlayerView
from .clues import Clue, log_likelihood
from .knowledge import Knowledge
from .masks import INDEX, mask_of
from .reading import unseen_cards

STEPS = 16
"""Swaps the sampler tries between two deals it hands out (see `Sampler`): enough
for deals handed out in a row to differ, as the search takes each deal for news.
With 4 they were so alike that the search trusted too few truly different deals."""

BURN_IN = 64
"""Swaps it tries before the first: enough to leave behind the deal it started from."""


class Sampler:
    """Full states that agree with one view (and what the seat knows), for a search.

    The state is the view's, with the unseen cards dealt into the other hands and the
    stock (each hand's slots get cards they allow), a seed of the sampler's own for
    any reshuffle, and the round made the last of the game, so that playing it out
    stops at the end of this round instead of dealing the next.

    Where the others' plays say something about their hands (see `clues`), the deals
    follow them, by *swaps* (Metropolis sampling): two cards that both places allow
    trade places, between two slots or a slot and the stock. A swap to a deal that
    explains the plays better is kept; one to a deal that explains them ``r`` times
    less well is kept with chance ``r``. The deals handed out then come in proportion
    to how likely the others were to make their plays holding those cards. Each swap
    weighs again only the plays of the hands it changes: much less work than weighing
    whole new deals against each other.
    """

    def __init__(
        self,
        view: PlayerView,
        knowledge: Knowledge | None = None,
        steps: int = STEPS,
        prior: Sequence[Sequence[float]] | None = None,
    ) -> None:
        """``steps``: swaps tried between two deals handed out; 0 hands out fresh
        deals that agree with what is known but are not weighed by the plays.

        ``prior``: a guess at where each card is, weighed into the deals with the
        plays: ``prior[s][i]`` is the log chance that ``FULL_DECK[i]`` is in seat
        ``s``'s hand, and ``prior[len(players)][i]`` that it is in the stock."""
        seat = view.seat
        if seat is None:
            raise ValueError("a bot needs a seat's view, not a spectator's")
        self.seat = seat
        self.steps = steps
        self.unseen = unseen_cards(view)
        self._unseen = [INDEX[c] for c in self.unseen]
        knowledge = knowledge if knowledge is not None else Knowledge()
        if knowledge.rules is not None and knowledge.rules != view.rules:
            knowledge = Knowledge()
        # The most constrained slots are filled first: they have the fewest choices.
        slots: list[tuple[int, int, int]] = []
        free: list[tuple[int, int]] = []
        for other, size in enumerate(view.hand_sizes):
            if other == seat:
                continue
            for mask, number in knowledge.slots(other, size, view.round_number):
                if mask:
                    slots.append((mask, other, number))
                else:
                    free.append((other, number))
        slots.sort(key=lambda slot: -slot[0].bit_count())
        slots += [(0, other, number) for other, number in free]
        self.clues = _open_clues(knowledge, seat, slots)
        self.base = base_state(view, knowledge.passed)
        self._numbers = [number for _, _, number in slots]
        self._owner = {number: other for _, other, number in slots}
        self._mask = {number: mask for mask, _, number in slots}
        self._weighed: dict[int, set[int]] = {number: set() for number in self._numbers}
        for k, (_, _, numbers) in enumerate(self.clues):
            for number in numbers:
                self._weighed[number].add(k)
        self._deal: _Deal | None = None
        self._prior = prior
        self._stock_owner = len(view.players)

    def sample(self, rng: random.Random) -> State:
        """One full state that agrees with everything the seat knows."""
        if not (self.clues or self._prior) or not self.steps:
            deal = self._draft(rng)
            return self._state(deal.cards, deal.stock, rng.getrandbits(48))
        deal = self._deal
        if deal is None:
            deal = self._deal = self._draft(rng)
            deal.weights = [self._likelihood(k, deal.cards) for k in range(len(self.clues))]
            for _ in range(BURN_IN):
                self._swap(deal, rng)
        for _ in range(self.steps):
            self._swap(deal, rng)
        stock = deal.stock[:]
        rng.shuffle(stock)  # Nothing seen tells the stock's order.
        return self._state(deal.cards, stock, rng.getrandbits(48))

    def _draft(self, rng: random.Random) -> _Deal:
        """A deal that agrees with the slots."""
        pool = self._unseen[:]
        rng.shuffle(pool)
        cards: dict[int, int] = {}
        for number in self._numbers:
            # The last card of the (shuffled) pool that the slot allows; any if none does.
            mask = self._mask[number]
            i = len(pool) - 1
            while i >= 0 and mask >> pool[i] & 1:
                i -= 1
            cards[number] = 1 << pool.pop(i if i >= 0 else len(pool) - 1)
        return _Deal(cards, pool)

    def _swap(self, deal: _Deal, rng: random.Random) -> None:
        """One step of the chain: try a swap between two slots or a slot and the stock."""
        numbers, cards, stock, mask = self._numbers, deal.cards, deal.stock, self._mask
        a = numbers[rng.randrange(len(numbers))]
        card_a = cards[a]
        b: int | None = None
        if stock and rng.random() < 0.5:
            j = rng.randrange(len(stock))
            card_b = 1 << stock[j]
        else:
            b = numbers[rng.randrange(len(numbers))]
            card_b = cards[b]
            if b == a or mask[b] & card_a:
                return
        if mask[a] & card_b:
            return
        cards[a] = card_b
        weighed = self._weighed[a]
        if b is not None:
            cards[b] = card_a
            weighed = weighed | self._weighed[b]
        weights = deal.weights
        new = [(k, self._likelihood(k, cards)) for k in weighed]
        change = sum(weight - weights[k] for k, weight in new)
        prior = self._prior
        if prior is not None:
            owner_a = prior[self._owner[a]]
            owner_b = prior[self._owner[b] if b is not None else self._stock_owner]
            i_a, i_b = card_a.bit_length() - 1, card_b.bit_length() - 1
            change += owner_a[i_b] + owner_b[i_a] - owner_a[i_a] - owner_b[i_b]
        if change >= 0 or rng.random() < math.exp(change):
            for k, weight in new:
                weights[k] = weight
            if b is None:
                stock[j] = card_a.bit_length() - 1
        else:
            cards[a] = card_a
            if b is not None:
                cards[b] = card_b

    def _likelihood(self, k: int, cards: Mapping[int, int]) -> float:
        """The log likelihood of clue ``k`` with the hand its player held then: the
        cards played since, and the slots' cards as dealt."""
        clue, hand, numbers = self.clues[k]
        for number in numbers:
            hand |= cards[number]
        return log_likelihood(clue, hand)

    def _state(self, cards: Mapping[int, int], stock: Sequence[int], seed: int) -> State:
        """The full state of a deal: its slots' ``cards`` (as bits) and ``stock`` (as
        places in `FULL_DECK`)."""
        hands: list[list[Card]] = [[] for _ in self.base.hands]
        for number in self._numbers:
            hands[self._owner[number]].append(FULL_DECK[cards[number].bit_length() - 1])
        state = self.base.copy()
        own = state.hands[self.seat]
        state.hands = tuple(own if s == self.seat else tuple(h) for s, h in enumerate(hands))
        state.stock = tuple(FULL_DECK[i] for i in stock)
        state.seed = seed
        return state


@dataclass(slots=True)
class _Deal:
    """A deal being guessed: the card (as a bit) of each slot, by number, and the
    stock (as places in `FULL_DECK`); and, in a chain, each clue's log likelihood."""

    cards: dict[int, int]
    stock: list[int]
    weights: list[float] = field(default_factory=list)


def _open_clues(
    knowledge: Knowledge,
    seat: int,
    slots: Sequence[tuple[int, int, int]],
) -> list[tuple[Clue, int, tuple[int, ...]]]:
    """The other players' clues that a deal can explain better or worse: those made
    holding a card still in hand (``slots``: (mask, seat, number) of every slot held).
    Each with the mask of the cards since played from that hand and the numbers of
    the slots still held."""
    held = {number for _, _, number in slots}
    found = []
    for clue in knowledge.clues:
        if clue.seat == seat:
            continue
        numbers = tuple(n for n in clue.slots if n in held)
        if numbers:
            spent = mask_of(knowledge.spent[n] for n in clue.slots if n in knowledge.spent)
            found.append((clue, spent, numbers))
    return found


def base_state(view: PlayerView, passed: tuple[bool, ...] = ()) -> State:
    """The view as a full state, with the other hands empty and no stock (yet).

    ``passed``: who passed since the last card was played, as the seat's stream
    told it (see `Knowledge.passed`); nobody, if it does not fit the table."""
    seat = view.seat
    assert seat is not None
    n = len(view.players)
    state = initial_state()
    state.players = view.players
    state.rules = view.rules
    state.seed = 0
    state.first_round = view.first_round
    # The last round of the schedule: the end of this one then ends the game.
    state.round_number = len(view.rules.schedule)
    state.hand_size = view.hand_size
    state.dealer = view.dealer
    state.direction = view.direction
    state.current_player = view.current_player
    state.choosing_suit = view.choosing_suit
    state.hands = tuple(view.hand if s == seat else () for s in range(n))
    state.stock = ()
    state.pile = view.discard
    state.active_suit = view.active_suit
    state.crank = view.crank
    state.announced = view.announced
    state.window = view.window
    state.lost_turns = view.lost_turns
    state.passed = passed if len(passed) == n else (False,) * n
    state.shuffles = 0
    state.round_scores = ()
    state.totals = (0,) * n
    state.is_over = False
    state.winners = ()
    return state
