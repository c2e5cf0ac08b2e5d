"""Guessing the hidden cards: what a seat has learnt about them, and full states that
agree with it ("determinisations") for a search to play out.

A seat sees its own hand, the discard pile, and how many cards everyone holds. The
cards it has not seen (the 52 minus its hand and the pile; cards reshuffled from the
pile into the stock are unseen again) lie somewhere in the other hands or the stock.
Its event stream tells it a little more: a player who drew on their turn held no
card that fitted, and a player who drew a crank's count held no ace and no 2.
`Knowledge` keeps those facts, card slot by card slot; `Sampler` deals the unseen
cards into the other hands and the stock so that every slot gets a card it may hold.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ..cards import FULL_DECK, Card, Rank, Suit, card_from_code
from ..rules import RuleSet, matches
from ..state import State, initial_state
from ..view import PlayerView

BIT: dict[Card, int] = {card: 1 << i for i, card in enumerate(FULL_DECK)}
"""Each card as one bit of a 52-bit mask."""

CRANK_ANSWERS = sum(BIT[c] for c in FULL_DECK if c.rank is Rank.ACE or c.rank is Rank.TWO)
"""The aces and 2s: what a player who draws a crank's count does not hold."""

_FITS: dict[tuple[Card, Suit, RuleSet], int] = {}


def fitting(top: Card, suit: Suit, rules: RuleSet) -> int:
    """The mask of every card that may be played on ``top`` with ``suit`` active."""
    key = (top, suit, rules)
    mask = _FITS.get(key)
    if mask is None:
        mask = sum(BIT[c] for c in FULL_DECK if matches(c, top, suit, rules))
        _FITS[key] = mask
    return mask


class Knowledge:
    """What a seat's event stream says about the cards the other seats hold.

    Each seat's hand is a list of *slots*, one per card held, oldest first; a slot
    is the mask of the cards it cannot be. A draw on the turn rules out, for every
    card held at that moment, all that fitted then; the cards drawn come in as new,
    free slots. A play uses up a slot that allows the card: the most constrained
    such slot, so that what is learnt is never more than what was shown.
    """

    def __init__(self) -> None:
        self.rules: RuleSet | None = None
        self.round_number = 0
        self.hand_size = 0
        self.passes = 0
        """Turns in a row on which nothing could be drawn (as the state counts them)."""
        self._slots: dict[int, list[int]] = {}
        self._top: Card | None = None
        self._suit: Suit | None = None
        self._players = 0

    def note(self, event: Mapping[str, Any]) -> None:
        """Fold one event of the seat's stream (redacted or not) into what is known."""
        kind = event.get("type")
        if kind == "card-played":
            card = card_from_code(event["card"])
            self._played(event["player"], card)
            self._top = card
            self._suit = Suit(event["suit"])
            self.passes = 0
        elif kind == "cards-drawn":
            cards = event.get("cards")
            count = len(cards) if cards is not None else event["count"]
            self._drawn(event["player"], count, event["reason"])
        elif kind == "suit-chosen":
            self._suit = Suit(event["suit"])
        elif kind == "round-started":
            self.round_number = event["round_number"]
            self.hand_size = event["hand_size"]
            self._slots = {}
            self.passes = 0
            starter = event.get("starter")
            deck = event.get("deck")
            if starter is None and deck is not None and self._players:  # an unredacted deal
                starter = deck[self._players * self.hand_size]
            self._top = card_from_code(starter) if isinstance(starter, str) else None
            self._suit = self._top.suit if self._top is not None else None
        elif kind == "game-started":
            rules = event.get("rules")
            self.rules = RuleSet.from_dict(rules) if isinstance(rules, dict) else None
            self._players = len(event.get("players") or ())
            self.round_number = 0

    def slots(self, seat: int, size: int, round_number: int) -> list[int]:
        """The slots of ``seat``, who holds ``size`` cards, as far as they agree with
        the view; with no history that agrees, ``size`` free slots."""
        known = self._slots.get(seat) if round_number == self.round_number else None
        if known is None:
            known = [0] * self.hand_size if round_number == self.round_number else []
        if len(known) != size:
            return [0] * size
        return list(known)

    def _seat(self, seat: int) -> list[int]:
        slots = self._slots.get(seat)
        if slots is None:
            slots = self._slots[seat] = [0] * self.hand_size
        return slots

    def _played(self, seat: int, card: Card) -> None:
        slots = self._seat(seat)
        if not slots:
            return
        bit = BIT[card]
        best = -1
        for i, mask in enumerate(slots):
            if not mask & bit and (best < 0 or mask.bit_count() > slots[best].bit_count()):
                best = i
        if best < 0:
            # The card was ruled out everywhere: a guess was wrong; forget the guesses.
            slots[:] = [0] * len(slots)
            best = 0
        del slots[best]

    def _drawn(self, seat: int, count: int, reason: str) -> None:
        slots = self._seat(seat)
        if reason in ("turn", "crank"):
            self.passes = 0 if count else self.passes + 1
        rules = self.rules
        rule_out = 0
        if reason == "crank":
            rule_out = CRANK_ANSWERS
        elif (
            reason == "turn"
            and rules is not None
            and not rules.voluntary_draw
            and self._top is not None
            and self._suit is not None
        ):
            rule_out = fitting(self._top, self._suit, rules)
        if rule_out:
            slots[:] = [mask | rule_out for mask in slots]
        slots.extend([0] * count)


class Sampler:
    """Full states that agree with one view (and what the seat knows), for a search.

    The state is the view's, with the unseen cards dealt into the other hands and the
    stock at random (each hand's slots get cards they allow), a seed of the sampler's
    own for any reshuffle, and the round made the last of the game, so that playing
    it out stops at the end of this round instead of dealing the next.
    """

    def __init__(self, view: PlayerView, knowledge: Knowledge | None = None) -> None:
        seat = view.seat
        if seat is None:
            raise ValueError("a bot needs a seat's view, not a spectator's")
        self.seat = seat
        seen = set(view.hand) | set(view.discard)
        self.unseen: list[Card] = [c for c in FULL_DECK if c not in seen]
        knowledge = knowledge if knowledge is not None else Knowledge()
        if knowledge.rules is not None and knowledge.rules != view.rules:
            knowledge = Knowledge()
        # The most constrained slots are filled first: they have the fewest choices.
        slots: list[tuple[int, int]] = []
        free: list[int] = []
        for other, size in enumerate(view.hand_sizes):
            if other == seat:
                continue
            for mask in knowledge.slots(other, size, view.round_number):
                if mask:
                    slots.append((mask, other))
                else:
                    free.append(other)
        slots.sort(key=lambda slot: -slot[0].bit_count())
        self.constrained = slots
        self.free = free
        self.base = base_state(view, knowledge.passes)

    def sample(self, rng: random.Random) -> State:
        """One full state that agrees with everything the seat knows."""
        pool = self.unseen[:]
        rng.shuffle(pool)
        hands: list[list[Card]] = [[] for _ in self.base.hands]
        for mask, other in self.constrained:
            # The last card of the (shuffled) pool that the slot allows; any if none does.
            i = len(pool) - 1
            while i >= 0 and BIT[pool[i]] & mask:
                i -= 1
            hands[other].append(pool.pop(i if i >= 0 else len(pool) - 1))
        for other in self.free:
            hands[other].append(pool.pop())
        state = self.base.copy()
        own = state.hands[self.seat]
        state.hands = tuple(own if s == self.seat else tuple(h) for s, h in enumerate(hands))
        state.stock = tuple(pool)
        state.seed = rng.getrandbits(48)
        return state


def base_state(view: PlayerView, passes: int = 0) -> State:
    """The view as a full state, with the other hands empty and no stock (yet)."""
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
    state.passes = passes
    state.shuffles = 0
    state.round_scores = ()
    state.totals = (0,) * n
    state.is_over = False
    state.winners = ()
    return state


def unseen_cards(view: PlayerView) -> list[Card]:
    """The cards the view's seat has not seen: not in its hand, not on the pile."""
    seen = set(view.hand) | set(view.discard)
    return [c for c in FULL_DECK if c not in seen]


__all__: Sequence[str] = ["BIT", "Knowledge", "Sampler", "base_state", "fitting", "unseen_cards"]
