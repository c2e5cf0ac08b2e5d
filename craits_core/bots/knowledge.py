"""What a seat's event stream says about the cards the other seats hold.

A seat sees its own hand, the discard pile, and how many cards everyone holds. Its
event stream tells it a little more: a player who drew on their turn held no card
that fitted, and a player who drew a crank's count held no ace and no 2; and the
plays the others made hint at what they kept (see `clues`). `Knowledge` keeps those
facts, card slot by card slot, for `sampling.Sampler` to deal the hidden cards by.
"""

from __future__ import annotations

from ..cards import FULL_DECK, Card, Suit
from ..events import (
    CardPlayed,
    CardsDrawn,
    DirectionReversed,
    DrawReason,
    Event,
    GameStarted,
    RoundStarted,
)
from ..rules import RuleSet
from .clues import Clue, make_clue
from .lead import Lead
from .masks import BIT, CRANK_ANSWERS, fitting


class Knowledge:
    """What a seat's event stream says about the cards the other seats hold.

    Each seat's hand is a list of *slots*, one per card held, oldest first; a slot
    is the mask of the cards it cannot be, and has a number of its own. A draw on
    the turn rules out, for every card held at that moment, all that fitted then;
    the cards drawn come in as new, free slots. A play uses up a slot that allows
    the card: the most constrained such slot, so that what is learnt is never more
    than what was shown. Each play outside the crank is also kept as a `Clue`, with
    the slots held when it was made, for the sampler to weigh its deals by.
    """

    def __init__(self) -> None:
        self.rules: RuleSet | None = None
        self.round_number = 0
        self.hand_size = 0
        self.passed: tuple[bool, ...] = ()
        """Per seat: passed in their own turn since the last card was played (as the
        state keeps it, for `rules.round_blocked`)."""
        self.clues: list[Clue] = []
        """The plays of this round, oldest first."""
        self.spent: dict[int, Card] = {}
        """The card each used-up slot turned out to be."""
        self._slots: dict[int, list[int]] = {}
        self._ids: dict[int, list[int]] = {}
        self._next_id = 0
        self._lead = Lead()
        self._direction = 1

    def note(self, event: Event) -> None:
        """Fold one event of the seat's stream (or the full one) into what is known."""
        players = self._lead.players
        match event:
            case CardPlayed(player=seat, card=card, suit=suit):
                self._played(seat, card, suit)
                self.passed = (False,) * players
            case CardsDrawn(player=seat, reason=reason, count=count):
                self._drawn(seat, count, reason)
            case DirectionReversed(direction=direction):
                self._direction = direction
            case RoundStarted():
                self.round_number = event.round_number
                self.hand_size = event.hand_size
                self._slots = {}
                self._ids = {}
                self.clues = []
                self.spent = {}
                self.passed = (False,) * players
                self._direction = 1
            case GameStarted(players=names, rules=rules):
                self.rules = rules
                self.passed = (False,) * len(names)
                self.round_number = 0
        self._lead.note(event)

    def slots(self, seat: int, size: int, round_number: int) -> list[tuple[int, int]]:
        """The slots of ``seat``, who holds ``size`` cards, as (mask, number) pairs, as
        far as they agree with the view; with no history that agrees, ``size`` free
        slots with numbers below zero, which no clue knows."""
        if round_number == self.round_number:
            masks = self._seat(seat)
            if len(masks) == size:
                return list(zip(masks, self._ids[seat], strict=True))
        return [(0, -1 - seat * len(FULL_DECK) - i) for i in range(size)]

    def _seat(self, seat: int) -> list[int]:
        slots = self._slots.get(seat)
        if slots is None:
            slots = self._slots[seat] = [0] * self.hand_size
            self._ids[seat] = self._new_ids(self.hand_size)
        return slots

    def _new_ids(self, count: int) -> list[int]:
        first = self._next_id
        self._next_id += count
        return list(range(first, first + count))

    def _played(self, seat: int, card: Card, suit: Suit) -> None:
        slots = self._seat(seat)
        if not slots:
            return
        ids = self._ids[seat]
        bit = BIT[card]
        best = -1
        for i, mask in enumerate(slots):
            if not mask & bit and (best < 0 or mask.bit_count() > slots[best].bit_count()):
                best = i
        if best < 0:
            # The card was ruled out everywhere: a guess was wrong; forget the guesses.
            slots[:] = [0] * len(slots)
            best = 0
        lead = self._lead
        if not lead.crank and self.rules is not None and lead.top is not None:
            sizes = [len(self._seat(s)) for s in range(lead.players)]
            self.clues.append(
                make_clue(
                    seat,
                    card,
                    suit,
                    lead.top,
                    lead.suit or lead.top.suit,
                    ids,
                    sizes,
                    self._direction,
                    self.rules,
                )
            )
        self.spent[ids[best]] = card
        del slots[best]
        del ids[best]

    def _drawn(self, seat: int, count: int, reason: DrawReason) -> None:
        slots = self._seat(seat)
        if reason.is_pass(count) and 0 <= seat < len(self.passed):
            self.passed = (*self.passed[:seat], True, *self.passed[seat + 1 :])
        rules, top, suit = self.rules, self._lead.top, self._lead.suit
        rule_out = 0
        if reason is DrawReason.CRANK:
            rule_out = CRANK_ANSWERS
        elif (
            reason is DrawReason.TURN
            and rules is not None
            and not rules.voluntary_draw
            and top is not None
            and suit is not None
        ):
            rule_out = fitting(top, suit, rules)
        if rule_out:
            slots[:] = [mask | rule_out for mask in slots]
        slots.extend([0] * count)
        self._ids[seat].extend(self._new_ids(count))
