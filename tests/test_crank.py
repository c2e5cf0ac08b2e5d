"""The crank: 2s and aces pile up a count until someone holding neither draws it.

Tables are stacked: seat 0 (Ann) deals, so with a plain starter Bob (seat 1) plays
first, then Cy (2), then Di (3).
"""

from __future__ import annotations

from craits_core import (
    CallIdiot,
    Card,
    Draw,
    DrawReason,
    Game,
    Play,
    Suit,
)
from craits_core.events import (
    CardPlayed,
    CardsDrawn,
    CrankEnded,
    CrankRaised,
    TurnBegan,
    TurnLost,
)
from tests.decks import cards, stacked_game

from .helpers import draws, held, kinds, refused, with_dry_stock

C = Card.parse


def crank_table(bob: str, cy: str, di: str, ann: str, stock: str = "") -> Game:
    """Four players, three cards each, the king of hearts turned up."""
    return stacked_game([ann, bob, cy, di], "KH", stock)


# --- Answering the crank -------------------------------------------------------------


def test_during_the_crank_the_next_player_must_play_an_ace_or_a_two():
    game = crank_table("2H 3C 4D", cy="AS QH 8C", di="KS QS JS", ann="10S 9S 7S")
    game.handle(Play(1, C("2H")))
    assert game.state.crank == 2
    assert game.state.current_player == 2
    # A heart would match outside the crank; an 8 is wild outside the crank.
    refused(game, Play(2, C("QH")), "crank-answer")
    refused(game, Play(2, C("8C"), Suit.HEARTS), "crank-answer")
    # Holding an ace, Cy may not draw the count instead.
    refused(game, Draw(2), "crank-answer")
    assert game.legal_moves(2) == [Play(2, C("AS"))]
    events = game.handle(Play(2, C("AS")))
    assert kinds(events) == [CardPlayed, CrankRaised, TurnBegan]
    assert events[1] == CrankRaised(3)
    assert game.state.crank == 3
    assert game.state.current_player == 3


def test_an_ace_or_two_of_any_suit_answers_the_crank():
    game = crank_table("2H 3C 4D", cy="2C QH 8D", di="AS QS JS", ann="10S 9S 7S")
    game.handle(Play(1, C("2H")))
    game.handle(Play(2, C("2C")))  # Not a heart: any 2 answers.
    assert game.state.crank == 4
    game.handle(Play(3, C("AS")))
    assert game.state.crank == 5
    assert game.state.current_player == 0


def test_a_player_holding_an_eight_and_no_ace_or_two_still_draws():
    game = crank_table("2H 3C 4D", cy="8C QH 5S", di="KS QS JS", ann="10S 9S 7S", stock="JC QC")
    game.handle(Play(1, C("2H")))
    refused(game, Play(2, C("8C"), Suit.SPADES), "crank-draw")
    refused(game, Play(2, C("QH")), "crank-draw")
    assert game.legal_moves(2) == [Draw(2)]


# --- Drawing the count ---------------------------------------------------------------


def test_the_first_player_with_neither_draws_the_count_and_the_crank_ends():
    game = crank_table(
        "2H 3C 4D", cy="AS QH 8C", di="KS QD JS", ann="10S 9S 7S", stock="JC QC KC 10C"
    )
    game.handle(Play(1, C("2H")))
    game.handle(Play(2, C("AS")))
    events = game.handle(Draw(3))
    assert kinds(events) == [CardsDrawn, CrankEnded, TurnBegan]
    assert events[0] == CardsDrawn(3, tuple(cards("JC QC KC")), DrawReason.CRANK, 3)
    assert held(game, 3) == ["KS", "QD", "JS", "JC", "QC", "KC"]
    assert game.state.crank == 0
    # Di's turn is over; Ann plays next.
    assert game.state.current_player == 0
    refused(game, Play(3, C("KS")), "not-your-turn")


def test_after_the_crank_play_goes_on_normally_matching_the_last_ace_or_two():
    game = crank_table(
        "2H 3C 4D", cy="AS QH 8C", di="KD QD JD", ann="AD 10H 7S", stock="JC QC KC 10C"
    )
    game.handle(Play(1, C("2H")))
    game.handle(Play(2, C("AS")))  # The last card of the crank: the ace of spades.
    game.handle(Draw(3))
    assert game.state.active_suit is Suit.SPADES
    # Ann's heart matched the 2 but not the ace on top.
    refused(game, Play(0, C("10H")), "must-follow")
    # Her ace is no crank answer any more, just a card of the same rank.
    events = game.handle(Play(0, C("AD")))
    assert kinds(events) == [CardPlayed, TurnBegan]
    assert game.state.crank == 0


def test_two_ace_two_then_a_player_with_neither_draws_five():
    game = crank_table(
        "2H 3C 4D", cy="AH QC 8C", di="2S JD QD", ann="KD 10D 9D", stock="JC QH KC 10C 9C 7C"
    )
    game.handle(Play(1, C("2H")))
    game.handle(Play(2, C("AH")))
    game.handle(Play(3, C("2S")))
    assert game.state.crank == 5
    assert game.state.current_player == 0
    events = game.handle(Draw(0))
    assert draws(events) == [(0, ["JC", "QH", "KC", "10C", "9C"])]
    assert len(game.state.hands[0]) == 8
    assert game.state.crank == 0
    assert game.state.current_player == 1
    assert game.state.active_suit is Suit.SPADES


def test_the_crank_goes_round_to_the_player_who_started_it():
    game = stacked_game(["AH QS JS", "2H 2S 4D"], "KH", "JC QC KC 10C 9C 7C")
    game.handle(Play(1, C("2H")))
    game.handle(Play(0, C("AH")))
    assert game.state.current_player == 1
    refused(game, Draw(1), "crank-answer")
    game.handle(Play(1, C("2S")))
    assert game.state.crank == 5
    events = game.handle(Draw(0))
    assert isinstance(events[0], CardsDrawn) and events[0].count == 5
    assert events[0].cards is not None and len(events[0].cards) == 5
    assert game.state.current_player == 1


def test_a_two_after_the_crank_ended_starts_a_new_crank_at_two():
    game = crank_table(
        "2H 3C 4D", cy="AS QH 8C", di="KS QD JS", ann="2S 9S 7S", stock="JC QC KC 10C"
    )
    game.handle(Play(1, C("2H")))
    game.handle(Play(2, C("AS")))
    game.handle(Draw(3))
    game.handle(Play(0, C("2S")))
    assert game.state.crank == 2


# --- The stock runs out --------------------------------------------------------------


def drained_table() -> Game:
    """Five players, eight cards each. Bob, Cy, Di and Ed play the four 5s in a row;
    each 5 makes the other four draw, which takes the whole stock and the discard
    pile below the top card. Ed's 5 leaves the 5 of spades alone on the table."""
    ann = "2S AS 3S 4S 6S 7S 8S 9S"
    bob = "5C 3H 4H 6H 7H 9H 10H JH"
    cy = "5D AC 2C 3C 4C 6C 7C 8C"
    di = "5H AD 2D 3D 4D 6D 7D 8D"
    ed = "5S AH 2H 9C 10C JC QC 9D"
    stock = "10D JD QD KD QH KH 8H 10S JS QS KS"
    game = stacked_game([ann, bob, cy, di, ed], "KC", stock)
    for seat, five in ((1, "5C"), (2, "5D"), (3, "5H"), (4, "5S")):
        game.handle(Play(seat, C(five)))
    state = game.state
    assert state.stock_size == 0
    assert state.pile == (C("5S"),)
    assert state.current_player == 0
    return game


def test_a_crank_draw_comes_up_short_when_the_stock_runs_out():
    game = drained_table()
    game.handle(Play(0, C("2S")))
    assert game.state.crank == 2
    before = len(game.state.hands[1])
    events = game.handle(Draw(1))
    # Only the 5 of spades, shuffled back from under the 2, is there to draw.
    assert draws(events) == [(1, ["5S"])]
    assert len(game.state.hands[1]) == before + 1
    assert game.state.crank == 0
    assert game.state.pile == (C("2S"),)
    assert game.state.current_player == 2


def test_a_pass_still_ends_a_crank():
    # The starter 2 cranks Bob; by then nothing is left to draw.
    game = stacked_game(["QS JS 10S", "KD QD 3H", "KC AH 9D"], "2C")
    assert game.state.crank == 2
    game = with_dry_stock(game, 0)
    events = game.handle(Draw(1))
    assert kinds(events) == [CardsDrawn, CrankEnded, TurnBegan]
    assert events[0] == CardsDrawn(1, (), DrawReason.CRANK, 0)
    assert held(game, 1) == ["KD", "QD", "3H"]
    assert game.state.crank == 0
    assert game.state.current_player == 2
    # Cy plays normally on the 2 of clubs: his ace no longer answers anything.
    refused(game, Play(2, C("AH")), "must-follow")
    game.handle(Play(2, C("KC")))
    assert game.state.current_player == 0


# --- A lost turn inside the crank ----------------------------------------------------


def test_a_penalised_player_is_passed_over_in_the_crank_and_the_count_is_unchanged():
    # Cy deals: Ann plays first, then Bob, then Cy.
    ann = "KH 2H 5S"
    bob = "6H QH 9S"
    cy = "3H 7C 4D"
    game = stacked_game([ann, bob, cy], "JH", "AC 2C KS QS", dealer=2)
    game.handle(Play(0, C("KH")))
    game.handle(Play(1, C("6H")))
    game.handle(Play(1, C("QH")))  # One card left and no word said.
    game.handle(CallIdiot(2, 1))
    assert held(game, 1) == ["9S", "AC", "2C"]
    assert game.state.lost_turns[1] == 1
    game.handle(Play(2, C("3H")))
    events = game.handle(Play(0, C("2H"), announce=True))
    # Bob holds an ace and a 2 but loses this turn; Cy faces the same count.
    assert TurnLost(1) in events
    assert events[-1] == TurnBegan(2)
    assert game.state.lost_turns[1] == 0
    assert game.state.crank == 2
    refused(game, Play(1, C("AC")), "not-your-turn")
    events = game.handle(Draw(2))
    assert draws(events) == [(2, ["KS", "QS"])]
    assert game.state.crank == 0
    assert game.state.current_player == 0
