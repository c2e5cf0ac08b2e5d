"""The simulator's conversions: engine states, guessed deals and commands into its
terms and back; and its own play (self-play, play-outs) from them."""

from __future__ import annotations

import random

import numpy as np
import pytest

from craits_core import (
    FULL_DECK,
    Card,
    ChooseSuit,
    Draw,
    Game,
    Play,
    RuleSet,
    Suit,
)
from craits_core.decide import apply
from craits_core.legality import legal_moves as engine_moves
from craits_core.sim import (
    DRAW,
    Sim,
    from_guess,
    from_state,
    legal_moves,
    new_game,
    play,
    play_code,
    play_randomly,
    to_code,
    to_command,
    to_state,
)
from craits_core.sim.agreement import differences, move_differences
from craits_core.sim.codes import CARD_INDEX, SUIT_INDEX
from craits_core.sim.rounds import start_round

from .sim_positions import guess, random_games


def test_a_state_comes_back_from_the_simulator_as_it_went_in() -> None:
    for game in random_games(60):
        state = game.state
        back = to_state(from_state(state))
        assert differences(from_state(state), state) == []
        # Hands come back lowest card first: a set keeps no order.
        assert [sorted(hand) for hand in back.hands] == [sorted(h) for h in state.hands]
        assert back.stock == state.stock and back.pile == state.pile


def test_every_legal_command_has_a_code_and_comes_back() -> None:
    for game in random_games(60, seed=1):
        sim = from_state(game.state)
        for seat in range(len(game.state.players)):
            for command in engine_moves(game.state, seat):
                assert to_command(sim, to_code(command)) == command
                if isinstance(command, Play):
                    said = Play(command.player, command.card, command.suit, announce=True)
                    assert to_command(sim, to_code(said)) == said


def test_a_nine_naming_its_own_suit_names_none() -> None:
    nine = Card.parse("9H")
    assert (
        to_code(Play(0, nine, Suit.HEARTS)) == to_code(Play(0, nine)) == play_code(CARD_INDEX[nine])
    )
    assert to_code(Play(0, nine, Suit.DIAMONDS)) == play_code(
        CARD_INDEX[nine], SUIT_INDEX[Suit.DIAMONDS]
    )


def test_codes_of_the_other_moves() -> None:
    game = Game.new(["A", "B"], seed=1)
    sim = from_state(game.state)
    seat = game.state.current_player
    assert to_command(sim, DRAW) == Draw(seat)
    assert to_code(Draw(seat)) == DRAW
    choose = ChooseSuit(seat, Suit.SPADES)
    assert to_command(sim, to_code(choose)) == choose
    with pytest.raises(ValueError, match="not a command"):
        to_code("draw")  # type: ignore[arg-type]


def test_a_guessed_deal_is_the_samplers_state() -> None:
    for i, game in enumerate(random_games(40, seed=2)):
        if game.state.is_over:
            continue
        view, guessed, knowledge = guess(game, i)
        sim = from_guess(view, guessed.hands, guessed.stock, random.Random(i), knowledge.passed)
        guessed.seed = sim.seed  # the sampler's seed for the engine's reshuffles
        assert differences(sim, guessed) == []
        assert move_differences(sim, guessed) == []
        # Its own hand is the view's, whatever the guess says.
        blank = [() for _ in guessed.hands]
        mine = from_guess(view, blank, guessed.stock, random.Random(i), knowledge.passed)
        assert mine.hands[view.seat] == sim.hands[view.seat]


def test_a_guessed_deal_turned_into_an_engine_state_plays_on_in_the_engine() -> None:
    view, guessed, _ = guess(random_games(1, seed=3)[0], 3)
    state = to_state(from_guess(view, guessed.hands, guessed.stock, random.Random(3)))
    rng = random.Random(4)
    while not state.is_over:
        state = apply(state, rng.choice(engine_moves(state, state.current_player)))[1]
    assert len(state.round_scores) == 1  # the guessed round is the last


def test_a_play_out_ends_with_the_round_of_a_guessed_deal() -> None:
    for i, game in enumerate(random_games(20, seed=4)):
        if game.state.is_over:
            continue
        view, guessed, _ = guess(game, i)
        sim = from_guess(view, guessed.hands, guessed.stock, random.Random(i))
        play_randomly(sim, random.Random(i))
        assert sim.over and len(sim.round_scores) == 1
        assert sim.totals == list(sim.round_scores[0])


def test_self_play_is_the_same_from_the_same_seeds() -> None:
    def final(seed: int) -> tuple[list[int], int]:
        rng = random.Random(seed)
        sim = new_game(4, rng)
        moves = play_randomly(sim, rng)
        return sim.totals, moves

    assert final(7) == final(7)
    assert final(7) != final(8)


def test_a_copy_plays_on_alone() -> None:
    sim = from_state(random_games(1, seed=5)[0].state, random.Random(1))
    twin = sim.copy(np.random.default_rng(2))
    before = to_state(sim)
    play_randomly(twin, random.Random(3))
    assert twin.over
    assert differences(sim, before) == []


def test_play_randomly_stops_at_its_limit() -> None:
    rng = random.Random(1)
    sim = new_game(3, rng)
    assert play_randomly(sim, rng, limit=5) == 5
    assert not sim.over


def test_a_sim_following_the_engine_plays_whole_games_alike() -> None:
    # Following the engine's shuffles, the simulator deals the next rounds as the
    # engine does, to the end of the game.
    rng = random.Random(6)
    game = Game.new(["A", "B", "C"], seed=11, rules=RuleSet(short_game=True))
    sim = from_state(game.state)
    while not game.state.is_over:
        moves = legal_moves(sim)
        move = moves[rng.randrange(len(moves))]
        game.handle(to_command(sim, move))
        play(sim, move)
    assert differences(sim, game.state) == []
    assert sim.winners == game.state.winners


def test_a_stacked_deal_is_dealt_as_the_engine_deals_it() -> None:
    deck = list(FULL_DECK)
    random.Random(8).shuffle(deck)
    game = Game.new(["A", "B", "C"], seed=5, deck=deck, dealer=2, first_round=14)
    sim = Sim(game.state.players, game.state.rules)
    sim.seed = 5
    sim.first_round = 14
    start_round(sim, 14, 2, [CARD_INDEX[card] for card in deck])
    assert differences(sim, game.state) == []
    assert move_differences(sim, game.state) == []


def test_nobody_moves_once_the_game_is_over() -> None:
    rng = random.Random(2)
    sim = new_game(2, rng, RuleSet(short_game=True), first_round=8)
    play_randomly(sim, rng)
    assert sim.over and len(sim.round_scores) == 1
    assert [legal_moves(sim, seat) for seat in (-1, 0, 1)] == [(), (), ()]
