"""Going out: the last card ends the round, its ability still acts, then scoring.

Most tables here are round 8 of the full game (one card each): Ann (seat 0) deals,
Bob (seat 1) plays first and goes out with his only card, Cy (seat 2) is next.
"""

from __future__ import annotations

import pytest

from craits_core import Card, Draw, Game, Play, Suit
from craits_core.events import (
    CardPlayed,
    CardsDrawn,
    CrankEnded,
    CrankRaised,
    Event,
    RoundEnded,
    RoundStarted,
    TurnBegan,
)
from tests.decks import stacked_game

from .helpers import codes, draws, kinds, refused

C = Card.parse


def ended(events: list[Event]) -> RoundEnded:
    """The round-ended event, which the next deal must follow at once."""
    types = kinds(events)
    at = types.index(RoundEnded)
    assert types[at + 1] is RoundStarted
    end = events[at]
    assert isinstance(end, RoundEnded)
    return end


def one_card_each(bob: str, cy: str = "5C", ann: str = "KD", stock: str = "KC QC JC 10C") -> Game:
    return stacked_game([ann, bob, cy], "JH", stock)


# --- The round ends -------------------------------------------------------------------


def test_playing_the_last_card_ends_the_round_and_the_next_is_dealt_at_once():
    game = one_card_each("QH")
    events = game.handle(Play(1, C("QH")))
    assert kinds(events)[:3] == [CardPlayed, RoundEnded, RoundStarted]
    end = ended(events)
    assert end.round_number == 8
    assert end.went_out == (1,)
    assert [codes(h) for h in end.hands] == [["KD"], [], ["5C"]]
    assert end.scores == (10, 0, 30)
    state = game.state
    assert state.round_scores == ((10, 0, 30),)
    assert state.totals == (10, 0, 30)
    # Round 9 deals two cards each; the deal passes to Bob.
    assert state.round_number == 9
    assert state.hand_size == 2
    assert state.dealer == 1
    assert state.current_player is not None


def test_the_round_is_scored_from_the_hands_left():
    # Bob goes out in one turn with two 6s and a queen.
    ann = "3C 2D 8S"  # The 3 cancels the 8: 20.
    bob = "6H 6S QS"
    cy = "3D 3H KC"  # One 3 cancels the king; the other scores -50.
    di = "5C 7D 10C"  # 30 + 20 + 25.
    game = stacked_game([ann, bob, cy, di], "JH")
    game.handle(Play(1, C("6H")))
    game.handle(Play(1, C("6S")))
    events = game.handle(Play(1, C("QS")))
    assert ended(events).scores == (20, 0, -50, 75)
    assert game.state.totals == (20, 0, -50, 75)


def test_two_threes_left_score_minus_one_hundred():
    game = stacked_game(["3C 3S", "6H QH", "KC 8D"], "JH")
    game.handle(Play(1, C("6H")))
    events = game.handle(Play(1, C("QH")))
    assert ended(events).scores == (-100, 0, 60)


# --- The last card's ability still acts ----------------------------------------------------


def test_a_seven_as_the_last_card_still_makes_the_next_player_draw_one():
    game = one_card_each("7H")
    events = game.handle(Play(1, C("7H")))
    assert kinds(events)[:4] == [CardPlayed, CardsDrawn, RoundEnded, RoundStarted]
    assert draws(events[1:2]) == [(2, ["KC"])]
    end = ended(events)
    assert codes(end.hands[2]) == ["5C", "KC"]
    assert end.scores == (10, 0, 40)


def test_a_five_as_the_last_card_still_makes_every_other_player_draw_one():
    game = one_card_each("5H", cy="4C")
    events = game.handle(Play(1, C("5H")))
    assert draws(events[: kinds(events).index(RoundEnded)]) == [(2, ["KC"]), (0, ["QC"])]
    assert ended(events).scores == (20, 0, 25)


@pytest.mark.parametrize("card", ["4H", "6H", "10H"])
def test_a_four_six_or_ten_as_the_last_card_does_nothing_more(card):
    game = one_card_each(card)
    events = game.handle(Play(1, C(card)))
    # No skip, no second turn for Bob, no reversal: the round is over.
    assert kinds(events)[:3] == [CardPlayed, RoundEnded, RoundStarted]
    assert ended(events).scores == (10, 0, 30)


def test_an_eight_as_the_last_card_still_names_its_suit():
    game = one_card_each("8C")
    refused(game, Play(1, C("8C")), "suit-required")
    events = game.handle(Play(1, C("8C"), Suit.SPADES))
    assert events[0] == CardPlayed(1, C("8C"), Suit.SPADES)
    assert kinds(events)[:3] == [CardPlayed, RoundEnded, RoundStarted]


def test_a_nine_as_the_last_card_still_names_its_suit():
    game = one_card_each("9H")
    refused(game, Play(1, C("9H"), Suit.CLUBS), "nine-suit")
    events = game.handle(Play(1, C("9H"), Suit.DIAMONDS))
    assert events[0] == CardPlayed(1, C("9H"), Suit.DIAMONDS)
    assert kinds(events)[:3] == [CardPlayed, RoundEnded, RoundStarted]


# --- A 2 as the last card: the crank goes on --------------------------------------------------


def test_a_two_as_the_last_card_keeps_the_crank_going_until_someone_draws():
    game = one_card_each("2H")
    events = game.handle(Play(1, C("2H")))
    assert kinds(events) == [CardPlayed, CrankRaised, TurnBegan]
    assert game.state.round_number == 8
    assert game.state.crank == 2
    assert game.state.current_player == 2
    refused(game, Play(2, C("5C")), "crank-draw")
    events = game.handle(Draw(2))
    assert draws(events[:1]) == [(2, ["KC", "QC"])]
    end = ended(events)
    assert end.went_out == (1,)
    assert codes(end.hands[2]) == ["5C", "KC", "QC"]
    assert end.scores == (10, 0, 50)


def test_the_crank_after_going_out_runs_among_the_players_still_holding_cards():
    ann = "2D QC"
    bob = "6H 2H"
    cy = "AS KC"
    game = stacked_game([ann, bob, cy], "JH", "10C 9C 7C 4C JD 5D")
    game.handle(Play(1, C("6H")))
    game.handle(Play(1, C("2H")))  # Out, with the crank at 2 against Cy.
    assert game.state.current_player == 2
    game.handle(Play(2, C("AS")))
    assert game.state.crank == 3
    assert game.state.current_player == 0
    game.handle(Play(0, C("2D")))
    # Bob has no cards: the crank comes back to Cy.
    assert game.state.crank == 5
    assert game.state.current_player == 2
    assert RoundEnded not in kinds(game.events)
    events = game.handle(Draw(2))
    assert draws(events[:1]) == [(2, ["10C", "9C", "7C", "4C", "JD"])]
    assert ended(events).scores == (10, 0, 10 + 25 + 30 + 20 + 15 + 10)


def test_a_player_who_plays_out_during_that_crank_also_scores_nothing():
    game = one_card_each("2H", cy="AH")
    game.handle(Play(1, C("2H")))
    game.handle(Play(2, C("AH")))  # Cy's last card, an ace: the count is 3.
    assert game.state.crank == 3
    assert game.state.current_player == 0
    events = game.handle(Draw(0))
    assert draws(events[:1]) == [(0, ["KC", "QC", "JC"])]
    end = ended(events)
    assert end.went_out == (1, 2)
    assert end.scores == (40, 0, 0)


def test_when_nobody_with_cards_is_left_the_crank_ends_with_no_draw():
    game = stacked_game(["AH", "2H"], "JH", "KC QC JC")
    game.handle(Play(1, C("2H")))
    events = game.handle(Play(0, C("AH")))
    before_end = kinds(events)[: kinds(events).index(RoundEnded)]
    assert CardsDrawn not in before_end
    assert CrankEnded in before_end
    end = ended(events)
    assert end.went_out == (0, 1)
    assert end.scores == (0, 0)
