"""Scoring: the points table, the 3s, round scores, totals and the winners."""

from __future__ import annotations

import itertools

import pytest

from craits_core import Draw, Game, Play, RuleSet, score_hand
from craits_core.events import GameEnded, RoundEnded
from tests.decks import cards, stacked_game

from .helpers import of_type, play_out

SHORT = RuleSet(short_game=True)


# --- The points table -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rank", "points"),
    [
        ("A", 1),
        ("2", 20),
        ("4", 15),
        ("5", 30),
        ("6", 30),
        ("7", 20),
        ("8", 50),
        ("9", 30),
        ("10", 25),
        ("J", 10),
        ("Q", 10),
        ("K", 10),
    ],
)
@pytest.mark.parametrize("suit", ["C", "D", "H", "S"])
def test_each_card_left_in_hand_scores_its_row_of_the_table(
    rank: str, suit: str, points: int
) -> None:
    assert score_hand(cards(rank + suit)) == points


@pytest.mark.parametrize("suit", ["C", "D", "H", "S"])
def test_a_three_alone_scores_minus_fifty(suit: str) -> None:
    assert score_hand(cards("3" + suit)) == -50


def test_a_hand_without_threes_scores_the_sum_of_its_cards() -> None:
    assert score_hand(cards("AH 2H 4H 5H 6H 7H 8H 9H 10H JH QH KH")) == (
        1 + 20 + 15 + 30 + 30 + 20 + 50 + 30 + 25 + 10 + 10 + 10
    )
    assert score_hand(cards("KS QH")) == 20


def test_an_empty_hand_scores_zero() -> None:
    assert score_hand([]) == 0


# --- The 3s -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "score"),
    [
        ("3H 2C 8D", 20),  # the 3 cancels the 8
        ("3H 3D", -100),
        ("3H 3D KS", -50),  # one 3 cancels the king, the other is alone
        ("3H 3D 3S", -150),
        ("3C 3D 3H 3S", -200),
        ("3C 3D 3H QS", -100),
        ("3C AS", 0),  # even an ace is cancelled when it is the only card
        ("3C 8H 8S", 50),  # one 8 cancelled, the other counts
        ("3C 3D 8H 2S KC", 10),  # the 8 and the 2 cancelled, the king counts
        ("3C 5H 6S", 30),  # equal values: one of them is cancelled
        ("3S 10H 9C 4D", 40),  # the 9 (30) is the highest, not the 10 (25)
        ("3S 10H 4D AC", 16),  # the 10 cancelled, 15 + 1 left
        ("3D 3S 8C 8D 8H", 50),
        ("3H JH QH KH", 20),  # equal tens: one cancelled
        ("3C 3D 3H 3S 8C 8D 8H 8S", 0),  # four 3s cancel four 8s
        ("3C 3D 3H 3S 8C 8D 8H", -50),
        ("3C 2C", 0),
    ],
)
def test_each_three_cancels_the_highest_card_still_counted(hand: str, score: int) -> None:
    assert score_hand(cards(hand)) == score


@pytest.mark.parametrize("hand", ["3H 2C 8D", "3H 3D KS", "3C 3D 8H 2S KC", "3S 10H 9C 4D"])
def test_the_order_of_the_cards_in_hand_does_not_change_the_score(hand: str) -> None:
    held = cards(hand)
    scores = {score_hand(list(order)) for order in itertools.permutations(held)}
    assert len(scores) == 1


# --- Round scores in a game -------------------------------------------------------------


def test_the_player_who_went_out_scores_zero_and_the_others_their_hands() -> None:
    # Short game from round 8: one card each; this single round is the whole game.
    # Dealer 0; seat 1 plays first and goes out with its only card.
    game = stacked_game(["3C", "QH", "8S"], "KH", rules=SHORT)
    assert game.state.hand_size == 1
    events = game.handle(Play(1, cards("QH")[0]))
    ended = of_type(events, RoundEnded)
    assert len(ended) == 1
    assert ended[0].went_out == (1,)
    assert ended[0].scores == (-50, 0, 50)
    assert game.state.round_scores == ((-50, 0, 50),)
    assert game.state.totals == (-50, 0, 50)


def test_a_round_score_can_be_negative_and_the_lowest_total_wins_even_without_going_out() -> None:
    # Starter 6: the dealer (seat 0) plays first and goes out; seat 1 keeps a lone 3.
    game = stacked_game(["QH", "3C"], "6H", rules=SHORT)
    assert game.state.current_player == 0
    game.handle(Play(0, cards("QH")[0]))
    assert game.state.is_over
    assert game.state.totals == (0, -50)
    assert game.state.winners == (1,)


def test_equal_lowest_totals_share_the_win() -> None:
    # Seat 1 cannot play on KH and draws JD: 3C + JD scores 0. Seat 0 then goes out: 0.
    game = stacked_game(["QH", "3C"], "KH", "JD", rules=SHORT)
    assert game.state.current_player == 1
    game.handle(Draw(1))
    game.handle(Play(0, cards("QH")[0]))
    assert game.state.is_over
    assert game.state.round_scores == ((0, 0),)
    assert game.state.totals == (0, 0)
    assert set(game.state.winners) == {0, 1}


def test_a_single_lowest_total_is_the_only_winner() -> None:
    game = stacked_game(["QH", "KC", "2S"], "KH", rules=SHORT)
    game.handle(Play(1, cards("KC")[0]))  # rank match, seat 1 goes out
    assert game.state.is_over
    assert game.state.totals == (10, 0, 20)
    assert game.state.winners == (1,)


def test_the_game_is_not_over_and_has_no_winners_before_the_last_round_ends() -> None:
    game = stacked_game(["QH JH", "KC QC"], "KH", rules=SHORT)  # round 7 of the short game
    assert game.state.round_number == 7
    assert not game.state.is_over
    assert game.state.winners == ()


@pytest.mark.parametrize("seed", range(12))
def test_totals_are_the_sums_of_the_round_scores_and_the_lowest_win(seed: int) -> None:
    players = ["Ann", "Bob", "Cy", "Di", "Ed"][: 2 + seed % 4]
    game = Game.new(players, seed=seed, rules=SHORT, first_round=5 + seed % 4)
    play_out(game, seed)
    state = game.state
    assert state.is_over
    assert len(state.round_scores) == 8 - (5 + seed % 4) + 1
    sums = tuple(sum(scores[seat] for scores in state.round_scores) for seat in range(len(players)))
    assert state.totals == sums
    low = min(sums)
    assert set(state.winners) == {seat for seat, total in enumerate(sums) if total == low}
    ended = of_type(game.events, GameEnded)
    assert len(ended) == 1
    assert ended[0].totals == sums
    assert ended[0].winners == state.winners


@pytest.mark.parametrize("seed", range(6))
def test_every_round_is_scored_from_the_hands_left(seed: int) -> None:
    players = ["Ann", "Bob", "Cy", "Di"][: 2 + seed % 3]
    game = Game.new(players, seed=100 + seed, rules=SHORT)
    play_out(game, seed)
    ended = of_type(game.events, RoundEnded)
    assert len(ended) == 8
    for event, recorded in zip(ended, game.state.round_scores, strict=True):
        assert event.scores == recorded
        for seat, hand in enumerate(event.hands):
            if seat in event.went_out:
                assert hand == ()
                assert event.scores[seat] == 0
            else:
                assert event.scores[seat] == score_hand(hand)
