"""The expert level: what its networks read, the weights it ships with, guesses
steered by the holders network, its budget, and the training that makes it."""

from __future__ import annotations

import random
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pytest

from craits_core import Card, Draw, Game, Play, RuleSet, Suit
from craits_core.bots import make_bot
from craits_core.bots.expert import ExpertBot
from craits_core.bots.features import (
    SITUATION_WIDTH,
    WIDTH,
    encode,
    situation_of_state,
    situation_of_view,
)
from craits_core.bots.knowledge import Knowledge
from craits_core.bots.masks import INDEX
from craits_core.bots.nets import Models, Network, read_models, shipped_models
from craits_core.bots.reasons import ENGLISH, Reason
from craits_core.bots.sampling import Sampler
from craits_core.bots.voids import Voids
from craits_core.events import CardPlayed, RoundStarted
from tests.decks import stacked_game
from tests.hosting import listen, step


def voids_of(game: Game, seat: int) -> Voids:
    voids = Voids()
    for event in game.events_for(seat):
        voids.note(event)
    return voids


# --- What the networks read ----------------------------------------------------------------


def test_a_seat_reads_the_same_in_its_view_and_in_a_play_out() -> None:
    game = Game.new(["Ann", "Bob", "Cy", "Di"], seed=11, first_round=3)
    bots = [make_bot("normal", seed=s) for s in range(4)]
    listen(game, bots)
    for _ in range(12):
        step(game, bots)
        for seat in range(4):
            voids = voids_of(game, seat)
            from_view = situation_of_view(game.view(seat), voids)
            from_state = situation_of_state(game.state, seat, [voids.of(s) for s in range(4)])
            assert from_view == from_state
            moves = [m for m in game.legal_moves(seat) if isinstance(m, Play | Draw)]
            for move in moves:
                rows = encode([(from_view, move), (from_state, move)])
                assert rows.shape == (2, WIDTH)
                assert (rows[0] == rows[1]).all()


def heard(game: Game) -> Voids:
    voids = Voids()
    for event in game.events:
        voids.note(event)
    game.subscribe(voids.note)
    return voids


SPADES_ONLY = (False, False, False, True)


def test_a_draw_on_the_turn_marks_the_suit_until_it_is_played() -> None:
    game = stacked_game(["QS 4C", "JS JD", "5D 6D"], "QH", dealer=2, stock="7S 7C 9C")
    voids = heard(game)
    game.handle(Play(0, Card.parse("QS")))  # spades now
    game.handle(Play(1, Card.parse("JS")))
    assert voids.of(2) == (False,) * 4
    game.handle(Draw(2))  # Cy has no spade, no jack and no 8
    assert voids.of(2) == SPADES_ONLY
    assert voids.of(0) == voids.of(1) == (False,) * 4
    voids.note(CardPlayed(2, Card.parse("7S"), Suit.SPADES))
    assert voids.of(2) == (False,) * 4  # the 7S drawn since


def test_a_new_round_forgets_the_marks() -> None:
    game = stacked_game(["QS 4C", "JS JD", "5D 6D"], "QH", dealer=2, stock="7S 7C 9C")
    voids = heard(game)
    for move in (Play(0, Card.parse("QS")), Play(1, Card.parse("JS")), Draw(2)):
        game.handle(move)
    voids.note(
        RoundStarted(
            round_number=2,
            hand_size=1,
            dealer=0,
            deck=None,
            hand=(Card.parse("KD"),),
            starter=Card.parse("5C"),
            stock_size=30,
        )
    )
    assert voids.of(2) == (False,) * 4


def test_a_crank_draw_says_nothing_of_the_suit() -> None:
    game = stacked_game(["2S 4C", "JD KD", "5D 6D"], "QS", dealer=2, stock="7C 9C 10C")
    voids = heard(game)
    game.handle(Play(0, Card.parse("2S")))
    game.handle(Draw(1))  # the crank's two cards
    assert voids.of(1) == (False,) * 4


def test_under_the_voluntary_draw_a_draw_says_nothing_of_the_suit() -> None:
    game = stacked_game(
        ["QS 4C", "JS JD", "5D 6D"],
        "QH",
        dealer=2,
        stock="7S 7C 9C",
        rules=RuleSet(voluntary_draw=True),
    )
    voids = heard(game)
    game.handle(Play(0, Card.parse("QS")))
    game.handle(Play(1, Card.parse("JS")))
    game.handle(Draw(2))
    assert voids.of(2) == (False,) * 4
    assert voids.suits() == {}


def test_the_normal_level_reads_the_marks_as_suits() -> None:
    game = stacked_game(["QS 4C", "JS JD", "5D 6D"], "QH", dealer=2, stock="7S 7C 9C")
    voids = heard(game)
    for move in (Play(0, Card.parse("QS")), Play(1, Card.parse("JS")), Draw(2)):
        game.handle(move)
    assert voids.suits() == {2: frozenset({Suit.SPADES})}


def test_the_holders_part_is_the_start_of_a_row() -> None:
    game = Game.new(["Ann", "Bob"], seed=3)
    seat = game.state.current_player
    sit = situation_of_view(game.view(seat), voids_of(game, seat))
    move = game.legal_moves(seat)[0]
    with_move, alone = encode([(sit, move), (sit, None)])
    assert (with_move[:SITUATION_WIDTH] == alone[:SITUATION_WIDTH]).all()
    assert not alone[SITUATION_WIDTH:].any()


# --- The weights -------------------------------------------------------------------------------


def test_the_shipped_weights_are_small_networks_under_two_megabytes() -> None:
    path = Path(__file__).parent.parent / "craits_core" / "bots" / "models" / "expert.npz"
    assert path.stat().st_size < 2 * 1024 * 1024
    models = shipped_models()
    assert 50_000 < models.value.size < 200_000
    assert 50_000 < models.holders.size < 200_000
    assert shipped_models() is models  # read once


def test_weights_made_for_other_features_are_refused(tmp_path: Path) -> None:
    models = shipped_models()
    wrong = Network(((np.zeros((WIDTH - 1, 1), np.float32), np.zeros(1, np.float32)),))
    np.savez(tmp_path / "wrong.npz", **Models(wrong, models.holders, 30.0).arrays())
    with pytest.raises(ValueError, match="reads 241 columns"):
        read_models(str(tmp_path / "wrong.npz"))


# --- Guesses steered by the holders network --------------------------------------------------


def test_the_prior_steers_where_a_card_is_guessed() -> None:
    game = Game.new(["Ann", "Bob", "Cy"], seed=5, first_round=4)
    view = game.view(0)
    unseen = [c for c in game.state.hands[1] + game.state.hands[2] + game.state.stock]
    card = unseen[0]
    prior = [[0.0] * 52 for _ in range(4)]
    for other in (0, 1, 3):  # not in seat 0 (ours), seat 1 or the stock: seat 2
        prior[other][INDEX[card]] = -20.0
    rng = random.Random(1)
    steered = Sampler(view, Knowledge(), prior=prior)
    plain = Sampler(view, Knowledge())
    in_two = [card in steered.sample(rng).hands[2] for _ in range(200)]
    by_chance = [card in plain.sample(rng).hands[2] for _ in range(200)]
    assert sum(in_two) > 190
    assert sum(by_chance) < 120
    for _ in range(20):  # and every deal still agrees with the view
        deal = steered.sample(rng)
        assert [len(h) for h in deal.hands] == list(view.hand_sizes)
        assert deal.hands[0] == view.hand


# --- Deciding -----------------------------------------------------------------------------------


def test_a_forced_move_is_made_at_once() -> None:
    game = stacked_game(["KS 4C", "JD 5D"], "QH", dealer=1)
    player = ExpertBot(seed=1)
    move = player.choose(game.view(0), game.legal_moves(0))
    assert move == Draw(0)
    assert player.last_search == [] and player.last_simulations == 0


def test_it_goes_out_when_it_can() -> None:
    game = stacked_game(["8C", "JD"], "QH", dealer=1)  # four ways to go out
    player = ExpertBot(seed=1)
    move = player.choose(game.view(0), game.legal_moves(0))
    assert isinstance(move, Play) and move.card == Card.parse("8C")
    assert player.last_search == []


def a_seat_with_a_choice() -> tuple[Game, int]:
    """Four players' first deal and the seat to play first; the test is skipped if its
    legal moves leave that seat no choice (nothing to search)."""
    game = Game.new(["Ann", "Bob", "Cy", "Di"], seed=2, first_round=1)
    seat = game.state.current_player
    assert seat is not None
    if len([m for m in game.legal_moves(seat) if isinstance(m, Play | Draw)]) < 2:
        pytest.skip("the deal gives the first player no choice")
    return game, seat


def test_the_time_limit_cuts_a_search_short_but_plays_one_deal() -> None:
    game, seat = a_seat_with_a_choice()
    legal = game.legal_moves(seat)
    player = ExpertBot(seed=1, simulations=500, time_limit=1e-9)
    for event in game.events_for(seat):
        player.observe(event)
    assert player.choose(game.view(seat), legal) in legal
    assert player.last_simulations == 1


def test_the_search_counts_deals_not_time() -> None:
    game, seat = a_seat_with_a_choice()
    legal = game.legal_moves(seat)
    player = ExpertBot(seed=1, simulations=12)
    player.choose(game.view(seat), legal)
    assert player.last_simulations == 12
    assert all(c.runs == 12 for c in player.last_search)


def test_searching_by_play_outs_counts_them_and_starts_from_the_networks_pick() -> None:
    game, seat = a_seat_with_a_choice()
    legal = game.legal_moves(seat)
    player = ExpertBot(seed=1, playouts=True, simulations=60)
    for event in game.events_for(seat):
        player.observe(event)
    move = player.choose(game.view(seat), legal)
    assert move in legal
    runs = sum(c.runs for c in player.last_search)
    assert runs == player.last_simulations
    assert abs(runs - 60) <= len(player.last_search)  # the budget, to the last deal
    again = ExpertBot(seed=1, playouts=True, simulations=60)
    for event in game.events_for(seat):
        again.observe(event)
    assert again.choose(game.view(seat), legal) == move  # counted: the same move


def test_its_hint_reads_as_a_reason() -> None:
    game = Game.new(["Ann", "Bob", "Cy"], seed=8, first_round=2)
    bots = [make_bot("normal", seed=s) for s in range(3)]
    listen(game, bots)
    explained = 0
    for _ in range(30):
        seat = game.state.current_player
        if seat is None:
            break
        legal = game.legal_moves(seat)
        player = ExpertBot(seed=seat, simulations=6)
        for event in game.events_for(seat):
            player.observe(event)
        move, reason = player.explain(game.view(seat), legal)
        assert move == player.choose(game.view(seat), legal)
        assert reason.code in ENGLISH
        str(reason)
        explained += 1
        step(game, bots)
    assert explained


def test_a_hint_for_another_suit_of_the_same_card_names_the_suit() -> None:
    # The expert names hearts for its 8C; were normal to name clubs, the hint would
    # not compare the 8C with itself: it says which suit and why.
    game = stacked_game(["8C 4C 5H 6H", "JD 5D 6D 7D"], "QS", dealer=1)
    legal = game.legal_moves(0)
    player = ExpertBot(seed=1, simulations=0)
    clubs = Play(0, Card.parse("8C"), Suit.CLUBS)
    normal = player._normal
    normal.rank = lambda view, moves: [SimpleNamespace(move=clubs)]  # type: ignore[method-assign]
    normal.explain = lambda view, moves: (clubs, Reason("name-suit", {"suit": Suit.CLUBS, "n": 1}))  # type: ignore[method-assign]
    move, reason = player.explain(game.view(0), legal)
    assert move == Play(0, Card.parse("8C"), Suit.HEARTS)
    assert reason == Reason("name-suit", {"suit": Suit.HEARTS, "n": 2})
