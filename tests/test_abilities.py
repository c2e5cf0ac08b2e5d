"""The abilities of the cards, one scenario per row of the rules' table.

Tables are stacked: seat 0 (Ann) deals, so with a plain starter Bob (seat 1) plays
first. Each test says who holds what and what the stock gives next.
"""

from __future__ import annotations

import pytest

from craits_core import Card, Draw, DrawReason, Game, Play, Suit
from craits_core.events import (
    CardPlayed,
    CardsDrawn,
    CrankRaised,
    DirectionReversed,
    PlayerSkipped,
    RoundStarted,
    TurnBegan,
)
from tests.decks import stacked_game

from .helpers import draws, held, kinds, refused

C = Card.parse


def four_players(
    bob: str,
    cy: str = "QS JS 10S",
    di: str = "7C 6C 4C",
    ann: str = "4S 3S KS",
    stock: str = "JC QC KC",
) -> Game:
    """Four players, three cards each, the king of hearts turned up; Bob plays first."""
    return stacked_game([ann, bob, cy, di], "KH", stock)


# --- A -----------------------------------------------------------------------------


def test_ace_outside_the_crank_is_an_ordinary_card():
    game = four_players("AH 3C 4D", cy="QH 5C 9S")
    events = game.handle(Play(1, C("AH")))
    assert kinds(events) == [CardPlayed, TurnBegan]
    assert game.state.crank == 0
    assert game.state.active_suit is Suit.HEARTS
    assert game.state.current_player == 2
    # Cy is not in a crank: an ordinary heart follows the ace.
    game.handle(Play(2, C("QH")))
    assert game.state.current_player == 3


def test_ace_matches_by_rank_like_any_card():
    game = four_players("AH 3C 4D", cy="AC 5C 9S")
    game.handle(Play(1, C("AH")))
    game.handle(Play(2, C("AC")))
    assert game.state.crank == 0
    assert game.state.active_suit is Suit.CLUBS


# --- 2 -----------------------------------------------------------------------------


def test_two_starts_the_crank_at_two():
    game = four_players("2H 3C 4D", cy="QH 5C 9S", stock="JC QC KC")
    events = game.handle(Play(1, C("2H")))
    assert kinds(events) == [CardPlayed, CrankRaised, TurnBegan]
    assert game.state.crank == 2
    assert game.state.current_player == 2
    # Cy holds a heart but no ace or 2: the crank, not the suit, decides.
    refused(game, Play(2, C("QH")), "crank-draw")
    game.handle(Draw(2))
    assert held(game, 2) == ["QH", "5C", "9S", "JC", "QC"]


# --- 4 -----------------------------------------------------------------------------


def test_four_skips_the_next_player():
    game = four_players("4H 3C 4D")
    events = game.handle(Play(1, C("4H")))
    assert kinds(events) == [CardPlayed, PlayerSkipped, TurnBegan]
    assert events[1] == PlayerSkipped(2)
    assert game.state.current_player == 3
    refused(game, Play(2, C("QS")), "not-your-turn")


def test_four_with_two_players_gives_the_same_player_another_turn():
    game = stacked_game(["QS JS 10S", "4H 3C QH"], "KH")
    events = game.handle(Play(1, C("4H")))
    assert events[1] == PlayerSkipped(0)
    assert game.state.current_player == 1
    game.handle(Play(1, C("QH")))
    assert game.state.current_player == 0


# --- 5 -----------------------------------------------------------------------------


def test_five_makes_every_other_player_draw_one_in_turn_order():
    game = four_players("5H 3C 4D", cy="QH 5C 9S", stock="JC QC KC")
    events = game.handle(Play(1, C("5H")))
    assert draws(events) == [(2, ["JC"]), (3, ["QC"]), (0, ["KC"])]
    assert {e.reason for e in events if isinstance(e, CardsDrawn)} == {DrawReason.FIVE}
    assert [len(h) for h in game.state.hands] == [4, 2, 4, 4]
    assert game.state.stock_size == 52 - 12 - 1 - 3


def test_after_a_five_the_next_player_plays_normally():
    game = four_players("5H 3C 4D", cy="QH 5C 9S", stock="JC QC KC")
    events = game.handle(Play(1, C("5H")))
    assert events[-1] == TurnBegan(2)
    refused(game, Draw(2), "must-play")
    game.handle(Play(2, C("QH")))
    assert game.state.current_player == 3


# --- 6 -----------------------------------------------------------------------------


def test_six_the_same_player_plays_again():
    game = four_players("6H QH 3C")
    events = game.handle(Play(1, C("6H")))
    assert events[-1] == TurnBegan(1)
    assert game.state.current_player == 1
    refused(game, Play(2, C("QS")), "not-your-turn")
    game.handle(Play(1, C("QH")))
    assert game.state.current_player == 2


def test_sixes_chain():
    game = stacked_game(
        ["4S 3S KS 2S AS", "6H 6S 6D QD 3C", "QS JS 10S 9S 8S", "7C 6C 5C 4C 2C"], "KH"
    )
    for six in ("6H", "6S", "6D"):
        game.handle(Play(1, C(six)))
        assert game.state.current_player == 1
    game.handle(Play(1, C("QD")))
    assert game.state.current_player == 2


def test_after_a_six_a_player_who_can_play_must_play():
    game = four_players("6H QH 3C")
    game.handle(Play(1, C("6H")))
    refused(game, Draw(1), "must-play")


def test_after_a_six_a_player_unable_to_play_draws_one_and_the_turn_ends():
    game = four_players("6H 3C 5D", stock="QH JC QC")
    game.handle(Play(1, C("6H")))
    refused(game, Play(1, C("3C")), "must-follow")
    events = game.handle(Draw(1))
    assert kinds(events) == [CardsDrawn, TurnBegan]
    assert events[0] == CardsDrawn(1, (C("QH"),), DrawReason.TURN, 1)
    # The drawn heart would match, but the turn is over.
    assert game.state.current_player == 2
    refused(game, Play(1, C("QH")), "not-your-turn")


# --- 7 -----------------------------------------------------------------------------


def test_seven_the_next_player_draws_one_then_plays():
    game = four_players("7H 3C 4D", cy="5C 9S 10C", stock="QH JC QC")
    events = game.handle(Play(1, C("7H")))
    assert kinds(events) == [CardPlayed, CardsDrawn, TurnBegan]
    assert events[1] == CardsDrawn(2, (C("QH"),), DrawReason.SEVEN, 1)
    assert game.state.current_player == 2
    # Cy still has the turn and may play the card just drawn.
    game.handle(Play(2, C("QH")))
    assert game.state.current_player == 3
    assert [len(h) for h in game.state.hands] == [3, 2, 3, 3]


# --- 8 -----------------------------------------------------------------------------


def test_eight_is_wild_and_names_the_suit_the_next_player_must_follow():
    game = four_players("8C 3C 4D", cy="QH 9D 5S")
    events = game.handle(Play(1, C("8C"), Suit.DIAMONDS))
    assert events[0] == CardPlayed(1, C("8C"), Suit.DIAMONDS)
    assert game.state.active_suit is Suit.DIAMONDS
    # Not hearts (the old suit) nor clubs (the 8's own suit): diamonds.
    refused(game, Play(2, C("QH")), "must-follow")
    game.handle(Play(2, C("9D")))
    assert game.state.current_player == 3


def test_after_an_eight_another_eight_may_be_played():
    game = four_players("8C 3C 4D", cy="QH 8H 5S")
    game.handle(Play(1, C("8C"), Suit.DIAMONDS))
    game.handle(Play(2, C("8H"), Suit.SPADES))
    assert game.state.active_suit is Suit.SPADES


def test_an_eight_needs_a_suit():
    game = four_players("8C 3C 4D")
    refused(game, Play(1, C("8C")), "suit-required")


def test_the_named_suit_lasts_until_the_next_play():
    game = four_players("8C 3C 4D", cy="QH 5S 9S", di="7D 6S 2S", stock="KD")
    game.handle(Play(1, C("8C"), Suit.DIAMONDS))
    game.handle(Draw(2))  # Cy has no diamond and no 8.
    assert game.state.active_suit is Suit.DIAMONDS
    game.handle(Play(3, C("7D")))


# --- 9 -----------------------------------------------------------------------------


def test_nine_keeps_its_suit():
    game = four_players("9H 3C 4D", cy="QH 9D 5S")
    events = game.handle(Play(1, C("9H")))
    assert events[0] == CardPlayed(1, C("9H"), Suit.HEARTS)
    assert game.state.active_suit is Suit.HEARTS
    game.handle(Play(2, C("QH")))


def test_nine_naming_its_own_suit_keeps_it():
    game = four_players("9H 3C 4D")
    game.handle(Play(1, C("9H"), Suit.HEARTS))
    assert game.state.active_suit is Suit.HEARTS


def test_nine_switches_to_its_colour_mate():
    game = four_players("9H 3C 4D", cy="QH JD 5S")
    events = game.handle(Play(1, C("9H"), Suit.DIAMONDS))
    assert events[0] == CardPlayed(1, C("9H"), Suit.DIAMONDS)
    assert game.state.active_suit is Suit.DIAMONDS
    refused(game, Play(2, C("QH")), "must-follow")
    game.handle(Play(2, C("JD")))


@pytest.mark.parametrize("suit", [Suit.CLUBS, Suit.SPADES])
def test_nine_cannot_switch_to_the_other_colour(suit):
    game = four_players("9H 3C 4D")
    refused(game, Play(1, C("9H"), suit), "nine-suit")


def test_nine_is_played_by_the_normal_matching_rule():
    game = four_players("9C 3C 4D")
    refused(game, Play(1, C("9C")), "must-follow")
    refused(game, Play(1, C("9C"), Suit.SPADES), "must-follow")


def test_a_suit_other_than_for_an_eight_or_nine_is_refused():
    game = four_players("QH 3C 4D")
    refused(game, Play(1, C("QH"), Suit.CLUBS), "no-suit")


# --- 10 ----------------------------------------------------------------------------


def test_ten_reverses_direction():
    game = four_players("10H 3C 4D", ann="QH 3S KS")
    events = game.handle(Play(1, C("10H")))
    assert kinds(events) == [CardPlayed, DirectionReversed, TurnBegan]
    assert game.state.direction == -1
    assert game.state.current_player == 0
    game.handle(Play(0, C("QH")))
    assert game.state.current_player == 3


def test_ten_with_two_players_the_other_player_is_still_next():
    game = stacked_game(["QH JS 10S", "10H 3C QD"], "KH")
    game.handle(Play(1, C("10H")))
    assert game.state.direction == -1
    assert game.state.current_player == 0
    game.handle(Play(0, C("QH")))
    assert game.state.current_player == 1


# --- 3, J, Q, K --------------------------------------------------------------------


@pytest.mark.parametrize("card", ["3H", "JH", "QH"])
def test_three_jack_queen_do_nothing(card):
    game = stacked_game(["4S 3S KS", f"{card} 3C 4D", "QS JS 10S", "9S 7S 6S"], "KH")
    before = game.state
    events = game.handle(Play(1, C(card)))
    assert kinds(events) == [CardPlayed, TurnBegan]
    assert game.state.current_player == 2
    assert game.state.direction == 1
    assert game.state.crank == 0
    assert game.state.active_suit is Suit.HEARTS
    assert game.state.stock == before.stock
    assert [len(h) for h in game.state.hands] == [3, 2, 3, 3]


def test_king_does_nothing():
    game = stacked_game(["4S 3S QS", "KD 3C 4D", "JS 10S 9S", "8S 7S 6S"], "QD")
    events = game.handle(Play(1, C("KD")))
    assert kinds(events) == [CardPlayed, TurnBegan]
    assert game.state.current_player == 2
    assert game.state.direction == 1


# --- Abilities after the direction changed -------------------------------------------
# Bob reverses with the 10 of hearts; Ann (the dealer, seat 0) plays next, and the
# next player from her is now Di (seat 3), then Cy (seat 2), then Bob.


def reversed_table(ann: str) -> Game:
    game = four_players("10H 3C 4D", ann=ann)
    game.handle(Play(1, C("10H")))
    assert game.state.current_player == 0
    return game


def test_four_after_a_reversal_skips_the_player_on_the_right():
    game = reversed_table("4H 3S KS")
    events = game.handle(Play(0, C("4H")))
    assert events[1] == PlayerSkipped(3)
    assert game.state.current_player == 2


def test_five_after_a_reversal_makes_players_draw_counter_clockwise():
    game = reversed_table("5H 3S KS")
    events = game.handle(Play(0, C("5H")))
    assert draws(events) == [(3, ["JC"]), (2, ["QC"]), (1, ["KC"])]
    assert game.state.current_player == 3


def test_six_after_a_reversal_the_same_player_plays_again():
    game = reversed_table("6H QH KS")
    game.handle(Play(0, C("6H")))
    assert game.state.current_player == 0
    game.handle(Play(0, C("QH")))
    assert game.state.current_player == 3


def test_seven_after_a_reversal_hits_the_player_on_the_right():
    game = reversed_table("7H 3S KS")
    events = game.handle(Play(0, C("7H")))
    assert events[1] == CardsDrawn(3, (C("JC"),), DrawReason.SEVEN, 1)
    assert game.state.current_player == 3


def test_two_after_a_reversal_cranks_the_player_on_the_right():
    game = reversed_table("2H 3S KS")
    game.handle(Play(0, C("2H")))
    assert game.state.crank == 2
    assert game.state.current_player == 3


def test_eight_after_a_reversal_binds_the_player_on_the_right():
    game = reversed_table("8H 3S KS")
    game.handle(Play(0, C("8H"), Suit.SPADES))
    assert game.state.current_player == 3
    assert game.state.active_suit is Suit.SPADES


def test_a_second_ten_turns_play_clockwise_again():
    game = reversed_table("10D 3S KS")
    game.handle(Play(0, C("10D")))
    assert game.state.direction == 1
    assert game.state.current_player == 1


# --- A named suit ends with the round ------------------------------------------------


@pytest.mark.parametrize("suit", list(Suit))
def test_a_suit_named_by_an_eight_does_not_leak_into_the_next_round(suit):
    # Round 8: one card each. Bob goes out with the 8, naming a suit.
    game = stacked_game(["KD", "8H"], "QH", "JC QC KC")
    events = game.handle(Play(1, C("8H"), suit))
    assert RoundStarted in kinds(events)
    state = game.state
    assert state.round_number == 9
    assert state.pile == (state.top_card,)
    # The new round starts from its own starter's suit (a starter 8 or 9 waits for
    # the dealer's choice with the starter's suit still showing).
    assert state.active_suit is state.top_card.suit


def test_a_nine_that_keeps_its_suit_names_none() -> None:
    """One normal form for a play, wherever it is made: a 9 played with its own suit
    is the 9 played without one (an 8 always names its suit, a 9 its colour mate)."""
    nine, eight = Card.parse("9H"), Card.parse("8H")
    assert Play(0, nine, Suit.HEARTS).normal() == Play(0, nine)
    assert Play(0, nine, Suit.DIAMONDS).named_suit is Suit.DIAMONDS
    assert Play(0, eight, Suit.HEARTS).named_suit is Suit.HEARTS
    assert Play(0, nine, Suit.HEARTS, announce=True).normal() == Play(0, nine, announce=True)
