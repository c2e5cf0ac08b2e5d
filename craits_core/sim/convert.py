"""Between the engine and the simulator: states, guessed deals and moves.

`from_state` and `to_state` turn an engine `State` into a `Sim` and back; a hand
comes back lowest card first (a set keeps no order; no rule depends on it).
`from_guess` builds a `Sim` from what one seat sees and a guess at the hidden cards,
as the bots' sampler guesses them. `to_command` and `to_code` turn a move code into
an engine command and back.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import numpy as np

from ..cards import FULL_DECK, Card
from ..commands import Announce, CallIdiot, ChooseSuit, Command, Draw, Play
from ..state import State, initial_state
from ..view import PlayerView
from .codes import (
    ANNOUNCE,
    ANNOUNCE_FLAG,
    CALL,
    CARD_INDEX,
    CHOOSE,
    DRAW,
    KIND_SHIFT,
    SUIT_INDEX,
    SUITS,
    cards_of,
    play_code,
)
from .model import Sim
from .steps import shuffler


def hand_bits(cards: Sequence[Card]) -> int:
    """A set of cards as the simulator keeps a hand."""
    hand = 0
    for card in cards:
        hand |= 1 << CARD_INDEX[card]
    return hand


def _mask(flags: Sequence[bool]) -> int:
    return sum(1 << seat for seat, flag in enumerate(flags) if flag)


def _flags(mask: int, n: int) -> tuple[bool, ...]:
    return tuple(bool(mask >> seat & 1) for seat in range(n))


def from_state(state: State, rng: random.Random | np.random.Generator | None = None) -> Sim:
    """The simulator's copy of an engine state. With ``rng`` None it shuffles as the
    engine would from that state (the same seed and shuffle count), so both play on
    alike; with an ``rng`` it shuffles with a shuffler drawn from it (see
    `steps.shuffler`), for play-outs."""
    sim = _table(state, state.pile, state.stock)
    sim.round_number = state.round_number
    sim.hands = [hand_bits(hand) for hand in state.hands]
    sim.passed = _mask(state.passed)
    sim.seed = state.seed
    sim.shuffles = state.shuffles
    sim.rng = None if rng is None else shuffler(rng)
    sim.round_scores = list(state.round_scores)
    sim.totals = list(state.totals)
    sim.over = state.is_over
    sim.winners = state.winners
    return sim


def _table(position: State | PlayerView, pile: Sequence[Card], stock: Sequence[Card]) -> Sim:
    """A `Sim` of what a state and a view both tell: the table but the hands."""
    sim = Sim(position.players, position.rules)
    sim.first_round = position.first_round
    sim.hand_size = position.hand_size
    sim.dealer = position.dealer
    sim.direction = position.direction
    current = position.current_player
    sim.current = -1 if current is None else current
    sim.choosing = position.choosing_suit
    sim.pile = [CARD_INDEX[card] for card in pile]
    sim.stock = [CARD_INDEX[card] for card in reversed(stock)]
    suit = position.active_suit
    sim.suit = -1 if suit is None else SUIT_INDEX[suit]
    sim.table_set()
    sim.crank = position.crank
    sim.announced = _mask(position.announced)
    window = position.window
    sim.window = -1 if window is None else window
    sim.lost = list(position.lost_turns)
    return sim


def to_state(sim: Sim) -> State:
    """The engine state of ``sim``: the engine can take the game on from it (its
    shuffles then follow the state's seed, as the engine's always do)."""
    n = sim.n
    state = initial_state()
    state.players = sim.players
    state.rules = sim.rules
    state.seed = sim.seed
    state.first_round = sim.first_round
    state.round_number = sim.round_number
    state.hand_size = sim.hand_size
    state.dealer = sim.dealer
    state.direction = sim.direction
    state.current_player = None if sim.current < 0 else sim.current
    state.choosing_suit = sim.choosing
    state.hands = tuple(tuple(FULL_DECK[c] for c in cards_of(hand)) for hand in sim.hands)
    state.stock = tuple(FULL_DECK[c] for c in reversed(sim.stock))
    state.pile = tuple(FULL_DECK[c] for c in sim.pile)
    state.active_suit = None if sim.suit < 0 else SUITS[sim.suit]
    state.crank = sim.crank
    state.announced = _flags(sim.announced, n)
    state.window = None if sim.window < 0 else sim.window
    state.lost_turns = tuple(sim.lost)
    state.passed = _flags(sim.passed, n)
    state.shuffles = sim.shuffles
    state.round_scores = tuple(sim.round_scores)
    state.totals = tuple(sim.totals)
    state.is_over = sim.over
    state.winners = sim.winners
    return state


def from_guess(
    view: PlayerView,
    hands: Sequence[Sequence[Card]],
    stock: Sequence[Card],
    rng: random.Random | np.random.Generator,
    passed: Sequence[bool] = (),
) -> Sim:
    """A `Sim` of one seat's guessed deal: its ``view``, with ``hands`` for the other
    seats (the view's own seat keeps its own hand, whatever ``hands`` says there)
    and ``stock`` (next card first), shuffling with a shuffler drawn from ``rng``.

    As the bots' sampler makes its guessed states (`bots.sampling.base_state`), the
    round is made the last of the game, so a play-out stops at the end of this
    round; ``passed`` is who passed since the last card was played, as the seat saw
    it (nobody, if it does not fit the table).
    """
    seat = view.seat
    if seat is None:
        raise ValueError("a guessed deal is a seat's, not a spectator's")
    n = len(view.players)
    sim = _table(view, view.discard, stock)
    sim.round_number = sim.rounds
    sim.hands = [hand_bits(view.hand if s == seat else hands[s]) for s in range(n)]
    sim.passed = _mask(passed) if len(passed) == n else 0
    sim.rng = shuffler(rng)
    sim.over = view.is_over
    return sim


def to_command(sim: Sim, move: int) -> Command:
    """The engine command of ``move`` in ``sim`` (whose seat to act makes a play, a
    draw or a suit choice)."""
    kind = move >> KIND_SHIFT
    if kind == 0:
        named = move >> 6 & 7
        suit = SUITS[named - 1] if named else None
        return Play(sim.current, FULL_DECK[move & 63], suit, bool(move & ANNOUNCE_FLAG))
    if move == DRAW:
        return Draw(sim.current)
    if kind == CHOOSE >> KIND_SHIFT:
        return ChooseSuit(sim.current, SUITS[move & 3])
    if kind == ANNOUNCE >> KIND_SHIFT:
        return Announce(move & 7)
    return CallIdiot(move >> 3 & 7, move & 7)


def to_code(command: Command) -> int:
    """The move code of an engine ``command`` (a play in its normal form: a 9 naming
    its own suit names none)."""
    match command:
        case Play(card=card, announce=announce):
            named = command.named_suit
            suit = None if named is None else SUIT_INDEX[named]
            return play_code(CARD_INDEX[card], suit, announce)
        case Draw():
            return DRAW
        case ChooseSuit(suit=suit):
            return CHOOSE + SUIT_INDEX[suit]
        case Announce(player=player):
            return ANNOUNCE + player
        case CallIdiot(player=player, target=target):
            return CALL + player * 8 + target
    raise ValueError(f"not a command: {command!r}")
