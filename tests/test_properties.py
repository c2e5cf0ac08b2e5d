"""Property tests over random games: 2-5 players, random rule variants, random
commands (legal and illegal), and the invariants that must hold after every step.

Each game is driven by a `random.Random` seeded from a number Hypothesis draws, so a
failure comes with everything needed to replay it: players, rules, the game's seed,
its first round, and the seed of the commands.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from contextlib import suppress
from dataclasses import replace
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import event as note_event
from hypothesis import strategies as st

from craits_core import (
    FULL_DECK,
    Announce,
    CallIdiot,
    Card,
    ChooseSuit,
    Command,
    Draw,
    DrawReason,
    Game,
    IllegalMove,
    Play,
    Rank,
    RuleSet,
    State,
    Suit,
    event_to_dict,
    evolve,
    initial_state,
    replay,
    score_hand,
)
from craits_core.events import (
    CardPlayed,
    CardsDrawn,
    Event,
    GameEnded,
    GameStarted,
    LastCardAnnounced,
    RoundEnded,
    RoundStarted,
    TurnLost,
)
from craits_core.rules import round_blocked
from tests.helpers import cards_in, kinds, of_type

NAMES = ("Ann", "Bob", "Cy", "Di", "Ed")
SUIT_CHOICES: tuple[Suit | None, ...] = (None, *Suit)

FAST = settings(
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

rulesets = st.builds(
    RuleSet,
    short_game=st.booleans(),
    colour_matching=st.booleans(),
    voluntary_draw=st.booleans(),
    seven_skips=st.booleans(),
    wild_nine=st.booleans(),
)
seeds = st.integers(min_value=0, max_value=2**63 - 1) | st.text(max_size=8)
scripts = st.integers(min_value=0, max_value=2**32 - 1)
"""Seeds of the random choices that drive a game (commands, legal or not)."""


@st.composite
def setups(draw: st.DrawFn) -> tuple[int, RuleSet, int | str, int]:
    """Players, rules, seed and first round of a random game."""
    players = draw(st.integers(min_value=2, max_value=5))
    rules = draw(rulesets)
    first_round = draw(st.integers(min_value=1, max_value=len(rules.schedule)))
    return players, rules, draw(seeds), first_round


def new_game(setup: tuple[int, RuleSet, int | str, int]) -> Game:
    players, rules, seed, first_round = setup
    return Game.new(NAMES[:players], seed=seed, rules=rules, first_round=first_round)


# --- Commands -----------------------------------------------------------------------


def normal_form(command: Any) -> Any:
    """The form `legal_moves` lists a command in: no announce flag, and a 9 that
    names its own suit written as keeping it (suit=None)."""
    if isinstance(command, Play) and isinstance(command.card, Card):
        suit = command.suit
        if command.card.rank is Rank.NINE and suit is command.card.suit:
            suit = None
        return Play(command.player, command.card, suit)
    return command


def is_listed(game: Game, command: Any) -> bool:
    seat = command.player
    if type(seat) is not int or not 0 <= seat < len(game.state.players):
        return False
    return normal_form(command) in game.legal_moves(seat)


def random_seat(rnd: random.Random, players: int) -> Any:
    if rnd.random() < 0.9:
        return rnd.randrange(players)
    return rnd.choice([-1, players, players + 3, None, "0"])


def random_illegalish(game: Game, rnd: random.Random) -> Any:
    """Any command at all: legal by chance, mostly not."""
    players = len(game.state.players)
    seat = random_seat(rnd, players)
    kind = rnd.random()
    if kind < 0.55:
        held = game.state.hands[seat] if type(seat) is int and 0 <= seat < players else ()
        if held and rnd.random() < 0.6:
            card: Any = rnd.choice(held)
        elif rnd.random() < 0.03:
            card = rnd.choice(["AS", None, 7])
        else:
            card = rnd.choice(FULL_DECK)
        suit: Any = rnd.choice(SUIT_CHOICES) if rnd.random() < 0.97 else "H"
        return Play(seat, card, suit, rnd.random() < 0.3)
    if kind < 0.7:
        return Draw(seat)
    if kind < 0.8:
        return ChooseSuit(seat, rnd.choice(list(Suit)))
    if kind < 0.88:
        return Announce(seat)
    return CallIdiot(seat, random_seat(rnd, players))


def random_legal(game: Game, rnd: random.Random, off_turn: float = 0.15) -> Command | None:
    """A legal move: mostly the seat to act, sometimes any seat (announce, idiot)."""
    state = game.state
    moves: list[Command] = []
    if state.current_player is not None and rnd.random() >= off_turn:
        moves = game.legal_moves(state.current_player)
    if not moves:
        moves = [m for seat in range(len(state.players)) for m in game.legal_moves(seat)]
    if not moves:
        return None
    move = rnd.choice(moves)
    if isinstance(move, Play) and rnd.random() < 0.5:
        move = replace(move, announce=True)
    return move


# --- Checks -------------------------------------------------------------------------


def hidden_from(state: State, seat: int | None) -> set[Card]:
    """The cards ``seat`` may not see: the other hands and the stock."""
    hidden = set(state.stock)
    for other, hand in enumerate(state.hands):
        if other != seat:
            hidden.update(hand)
    return hidden


def assert_all_cards_accounted(state: State) -> None:
    held = [c for hand in state.hands for c in hand]
    counted = Counter([*held, *state.stock, *state.pile])
    assert len(held) + len(state.stock) + len(state.pile) == 52, state
    assert counted == Counter(FULL_DECK), f"duplicates: {[c for c, k in counted.items() if k > 1]}"


def assert_view_hides(game: Game, seat: int | None) -> None:
    state = game.state
    seen = game.view(seat)
    assert seen.hand == (state.hands[seat] if seat is not None else ())
    leaked = set(cards_in(seen)) & hidden_from(state, seat)
    assert not leaked, f"the view of seat {seat} shows {sorted(map(str, leaked))}"


def assert_stream_hides(
    redacted: list[Event],
    full: list[Event],
    states: list[State],
    seat: int | None,
) -> None:
    """Each redacted event shows no card that is, right after it, in another hand or
    in the stock; the only exception is the hands a round-ended event reveals."""
    assert len(redacted) == len(full) == len(states)
    for shown, event, after in zip(redacted, full, states, strict=True):
        assert type(shown) is type(event)
        visible = replace(shown, hands=()) if isinstance(shown, RoundEnded) else shown
        leaked = set(cards_in(visible)) & hidden_from(after, seat)
        assert not leaked, f"seat {seat} sees {sorted(map(str, leaked))} in {shown}"
        if isinstance(event, CardsDrawn):
            assert isinstance(shown, CardsDrawn) and event.cards is not None
            assert shown.count == event.count == len(event.cards)
            assert shown.cards == (event.cards if event.player == seat else None)
        if isinstance(event, GameStarted):
            assert isinstance(shown, GameStarted) and shown.seed is None
            assert "seed" not in event_to_dict(shown)


def assert_scores_consistent(game: Game) -> None:
    state = game.state
    ended = of_type(game.events, RoundEnded)
    assert len(state.round_scores) == len(ended)
    assert [e.scores for e in ended] == list(state.round_scores)
    for event in ended:
        hands = event.hands
        assert event.scores == tuple(score_hand(h) if h else 0 for h in hands)
        assert event.went_out == tuple(seat for seat, hand in enumerate(hands) if not hand)
    columns = zip(*state.round_scores, strict=True) if state.round_scores else ()
    sums = [sum(col) for col in columns] or [0] * len(state.players)
    assert list(state.totals) == sums
    if state.is_over:
        low = min(state.totals)
        assert state.winners == tuple(s for s, t in enumerate(state.totals) if t == low)
        assert len(state.round_scores) == len(state.rules.schedule) - state.first_round + 1
        assert state.current_player is None
    else:
        assert state.winners == ()
        assert state.round_number == state.first_round + len(state.round_scores)


def assert_passes_consistent(state: State) -> None:
    """Who passed since the last card was played: only with nothing at all left to
    draw, only players who hold cards, and never everyone (the round would be over)."""
    if any(state.passed):
        assert state.stock_size == 0 and len(state.pile) == 1, state
        assert all(hand for hand, done in zip(state.hands, state.passed, strict=True) if done)
    if not state.is_over:
        assert not round_blocked(state.hands, state.passed), "a blocked round goes on"


def assert_blocked_rounds_exact(game: Game) -> None:
    """Read from the log alone, without the engine's bookkeeping: a round that ends
    with nobody out ends on the pass that completes the passes in their own turn
    (since the last card played) of every player who holds cards, and only then."""
    state = initial_state()
    passed: set[int] = set()
    due = False  # everyone holding cards has passed: the next event ends the round
    for event in game.events:
        if due:
            assert isinstance(event, RoundEnded) and not event.went_out, event
            due = False
        if isinstance(event, RoundEnded) and not event.went_out:
            holding = {seat for seat, hand in enumerate(state.hands) if hand}
            assert holding <= passed, f"blocked with {sorted(holding - passed)} yet to pass"
        state = evolve(state, event)
        if isinstance(event, CardPlayed | RoundStarted):
            passed = set()
        elif isinstance(event, CardsDrawn) and event.reason is DrawReason.TURN and not event.cards:
            passed.add(event.player)
            holding = {seat for seat, hand in enumerate(state.hands) if hand}
            due = holding <= passed and all(state.hands)
    assert not due


class Tracker:
    """Follows a game step by step and checks everything after each step."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.state = initial_state()
        self.seen = 0
        self.step()

    def step(self, produced: list[Event] | None = None) -> None:
        game = self.game
        state = game.state
        new = list(game.events[self.seen :])
        if produced is not None:
            assert produced == new, "handle returns exactly the events it logged"
        # The state is the fold of the log: incrementally, from scratch, and checked.
        states = []
        for event in new:
            self.state = evolve(self.state, event)
            states.append(self.state)
        assert self.state == state
        assert replay(game.events) == state
        assert Game.from_events(game.events).state == state
        assert_all_cards_accounted(state)
        players = len(state.players)
        for seat in [*range(players), None]:
            assert_view_hides(game, seat)
            assert_stream_hides(game.events_for(seat, self.seen), new, states, seat)
        assert_scores_consistent(game)
        assert_passes_consistent(state)
        if not state.is_over:
            assert state.current_player is not None
            assert game.legal_moves(state.current_player), "the seat to act has no move"
        else:
            assert all(game.legal_moves(seat) == [] for seat in range(players))
        for kind in set(kinds(new)):
            note_event(f"saw {kind.__name__}")
        self.seen = len(game.events)


def try_command(game: Game, command: Any) -> list[Event] | None:
    """Handle ``command``; check that it is accepted exactly when listed and that a
    refusal changes nothing. Returns the events, or None when refused."""
    listed = is_listed(game, command)
    state, events, size = game.state, game.events, len(game.events)
    try:
        produced = game.handle(command)
    except IllegalMove as err:
        assert not listed, f"{command} is listed but refused: {err}"
        assert str(err).strip(), f"refusal of {command} has no message"
        assert isinstance(err.code, str) and err.code, f"refusal of {command} has no code"
        assert isinstance(err.params, dict)
        assert game.state is state or game.state == state
        assert game.events == events and len(game.events) == size
        return None
    assert listed, f"{command} was accepted but legal_moves does not list it"
    assert produced, "an accepted command produces events"
    return produced


# --- The properties ------------------------------------------------------------------


@settings(FAST, max_examples=60)
@given(setup=setups(), script=scripts, steps=st.integers(100, 400))
def test_random_commands_keep_every_invariant(
    setup: tuple[int, RuleSet, int | str, int], script: int, steps: int
) -> None:
    rnd = random.Random(script)
    game = new_game(setup)
    tracker = Tracker(game)
    for _ in range(steps):
        if game.state.is_over:
            break
        legal = rnd.random() < 0.5
        command = random_legal(game, rnd) if legal else random_illegalish(game, rnd)
        produced = try_command(game, command)
        if produced is not None:
            tracker.step(produced)
    assert_blocked_rounds_exact(game)
    size = len(game.events)
    for seat in [*range(setup[0]), None]:
        whole = game.events_for(seat)
        assert len(whole) == size
        for since in (0, 1, size // 2, size):
            assert game.events_for(seat, since) == whole[since:]


@cache
def candidates(players: int, seat: Any) -> tuple[Any, ...]:
    """A broad sample of commands for ``seat``: every card with every suit choice,
    Draw, every ChooseSuit, Announce, and CallIdiot on every seat and beyond."""
    commands: list[Any] = [Play(seat, card, suit) for card in FULL_DECK for suit in SUIT_CHOICES]
    commands.append(Draw(seat))
    commands.extend(ChooseSuit(seat, suit) for suit in Suit)
    commands.append(Announce(seat))
    commands.extend(CallIdiot(seat, target) for target in range(-1, players + 1))
    return tuple(commands)


def assert_legal_moves_exact(game: Game) -> None:
    players = len(game.state.players)
    for seat in [*range(players), -1, players]:
        listed = game.legal_moves(seat)
        assert len(set(listed)) == len(listed), f"duplicates in {listed}"
        for move in listed:
            assert normal_form(move) == move, f"{move} is not in the normal form"
            assert move.player == seat
            game.clone().handle(move)
            if isinstance(move, Play):
                produced = game.clone().handle(replace(move, announce=True))
                if len(game.state.hands[seat]) == 2:
                    assert LastCardAnnounced(seat) in produced
        allowed = set(listed)
        state, size = game.state, len(game.events)
        for command in candidates(players, seat):
            if normal_form(command) in allowed:
                game.clone().handle(command)  # e.g. a 9 naming its own suit
                continue
            try:
                game.handle(command)
            except IllegalMove as err:
                assert err.code and str(err)
            else:
                raise AssertionError(f"{command} is not listed but was accepted")
            assert game.state is state and len(game.events) == size


@settings(FAST, max_examples=25)
@given(setup=setups(), script=scripts, steps=st.integers(20, 80))
def test_legal_moves_are_exactly_what_handle_accepts(
    setup: tuple[int, RuleSet, int | str, int], script: int, steps: int
) -> None:
    rnd = random.Random(script)
    game = new_game(setup)
    assert_legal_moves_exact(game)
    for _ in range(steps):
        command = random_legal(game, rnd, off_turn=0.3)
        if command is None:
            break
        game.handle(command)
        assert_legal_moves_exact(game)


@settings(FAST, max_examples=16)
@given(
    players=st.integers(min_value=2, max_value=5),
    rules=rulesets,
    seed=seeds,
    script=scripts,
)
def test_every_game_ends_and_is_scored(
    players: int, rules: RuleSet, seed: int | str, script: int
) -> None:
    rnd = random.Random(script)
    game = Game.new(NAMES[:players], seed=seed, rules=rules)
    bound = 400_000  # Random drawing (voluntary_draw) makes long games; none this long.
    steps = 0
    while not game.state.is_over:
        command = random_legal(game, rnd, off_turn=0.05)
        assert command is not None, "nobody can move, but the game is not over"
        game.handle(command)
        steps += 1
        assert steps < bound, "the game does not end"
    state = game.state
    assert len(state.round_scores) == len(rules.schedule)
    assert all(len(row) == players for row in state.round_scores)
    assert list(state.totals) == [sum(col) for col in zip(*state.round_scores, strict=True)]
    low = min(state.totals)
    assert state.winners == tuple(s for s in range(players) if state.totals[s] == low)
    assert state.winners
    assert_scores_consistent(game)
    assert_blocked_rounds_exact(game)
    assert game.events[-1] == GameEnded(state.totals, state.winners)
    assert Game.from_json(game.to_json()).state == state
    # Nothing more can happen.
    for seat in range(players):
        assert game.legal_moves(seat) == []
        for command in (Draw(seat), Announce(seat), ChooseSuit(seat, Suit.HEARTS)):
            try_command(game, command)


def shedder_or_hoarder_move(game: Game, shedder: int, rnd: random.Random) -> Command:
    """One seat plays whenever it can and never says "last card"; the others would
    rather draw, and call "idiot" when they may. Rounds then end blocked, often just
    after the shedder's penalty took the last card there was: with a turn to lose."""
    state = game.state
    seat = state.current_player
    assert seat is not None
    for other in range(len(state.players)):
        for move in game.legal_moves(other):
            if isinstance(move, CallIdiot) and rnd.random() < 0.9:
                return move
    moves = [m for m in game.legal_moves(seat) if not isinstance(m, Announce | CallIdiot)]
    plays = [m for m in moves if isinstance(m, Play)]
    if seat == shedder:
        if plays and rnd.random() < 0.9:
            return rnd.choice(plays)
    elif Draw(seat) in moves and rnd.random() < 0.95:
        return Draw(seat)
    return rnd.choice(moves)


def lost_turns_in_blocked_rounds(events: Sequence[Event]) -> int:
    """Turns lost after the last card played in rounds that ended blocked."""
    found = 0
    since_play = 0
    for event in events:
        match event:
            case CardPlayed() | RoundStarted():
                since_play = 0
            case TurnLost():
                since_play += 1
            case RoundEnded(went_out=()):
                found += since_play
    return found


@settings(FAST, max_examples=12)
@given(
    players=st.integers(min_value=2, max_value=5),
    rules=rulesets.map(lambda r: replace(r, voluntary_draw=True)),
    seed=seeds,
    script=scripts,
)
def test_rounds_where_players_would_rather_draw_end_blocked_exactly_when_all_passed(
    players: int, rules: RuleSet, seed: int | str, script: int
) -> None:
    rnd = random.Random(script)
    shedder = rnd.randrange(players)
    game = Game.new(NAMES[:players], seed=seed, rules=rules)
    for _ in range(100_000):
        if game.state.is_over:
            break
        game.handle(shedder_or_hoarder_move(game, shedder, rnd))
    else:
        raise AssertionError("the game does not end")
    assert len(game.state.round_scores) == len(rules.schedule)
    assert_scores_consistent(game)
    assert_blocked_rounds_exact(game)
    lost = lost_turns_in_blocked_rounds(game.events)
    note_event(f"lost turns in blocked rounds: {'none' if not lost else 'some'}")


@settings(FAST, max_examples=20)
@given(setup=setups(), script=scripts, steps=st.integers(0, 120))
def test_same_seed_and_commands_give_the_same_game(
    setup: tuple[int, RuleSet, int | str, int], script: int, steps: int
) -> None:
    rnd = random.Random(script)
    first = new_game(setup)
    commands = []
    for _ in range(steps):
        if first.state.is_over:
            break
        command = random_legal(first, rnd) if rnd.random() < 0.7 else None
        if command is None:
            command = random_illegalish(first, rnd)
        commands.append(command)
        with suppress(IllegalMove):
            first.handle(command)
    second = new_game(setup)
    for command in commands:
        with suppress(IllegalMove):
            second.handle(command)
    assert second.events == first.events
    assert second.state == first.state
    assert second.to_json() == first.to_json()


def test_the_leak_checks_catch_a_leak() -> None:
    """The checks above are not vacuous: an unredacted stream or a peek fails them."""
    game = Game.new(NAMES[:3], seed=2)
    rnd = random.Random(2)
    while CardsDrawn not in kinds(game.events[3:]):
        game.handle(random_legal(game, rnd, off_turn=0))
    states, state = [], initial_state()
    for event in game.events:
        state = evolve(state, event)
        states.append(state)
    for seat in (0, 1, 2, None):
        assert_stream_hides(game.events_for(seat), list(game.events), states, seat)
        with pytest.raises(AssertionError):
            assert_stream_hides(list(game.events), list(game.events), states, seat)
    peek = {"hand": game.state.hands[1], "stock": game.state.stock[:1]}
    assert set(cards_in(peek)) & hidden_from(game.state, 0)
