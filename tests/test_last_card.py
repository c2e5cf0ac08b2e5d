"""Last card and "idiot": announcing, the window to do it, the call and its penalty.

Most tables here deal two cards each to Ann (seat 0, the dealer), Bob (1) and Cy (2),
so one play leaves a player with a last card. Bob plays first, then Cy, then Ann.
"""

from __future__ import annotations

from craits_core import (
    Announce,
    CallIdiot,
    Card,
    ChooseSuit,
    Draw,
    DrawReason,
    Game,
    Play,
    Suit,
)
from craits_core.events import (
    CardPlayed,
    CardsDrawn,
    IdiotCalled,
    LastCardAnnounced,
    PlayerSkipped,
    TurnBegan,
    TurnLost,
)
from tests.decks import cards, stacked_game

from .helpers import held, kinds, refused, with_dry_stock

C = Card.parse


def table(
    bob: str,
    cy: str = "KC 4D",
    ann: str = "10C 5S",
    stock: str = "JC QC KS QS",
    starter: str = "JH",
) -> Game:
    return stacked_game([ann, bob, cy], starter, stock)


def callable_on(game: Game, seat: int, target: int) -> bool:
    return CallIdiot(seat, target) in game.legal_moves(seat)


# --- Announcing ----------------------------------------------------------------------


def test_announcing_with_the_play():
    game = table("QH 3S")
    events = game.handle(Play(1, C("QH"), announce=True))
    assert kinds(events) == [CardPlayed, LastCardAnnounced, TurnBegan]
    assert game.state.announced[1]
    assert game.view(2).announced[1]
    err = refused(game, CallIdiot(2, 1), "already-announced")
    assert "Bob" in str(err) and "announced" in str(err)
    assert not callable_on(game, 2, 1)


def test_announcing_after_the_play_while_the_next_player_thinks():
    game = table("QH 3S")
    game.handle(Play(1, C("QH")))
    assert Announce(1) in game.legal_moves(1)
    events = game.handle(Announce(1))
    assert events == [LastCardAnnounced(1)]
    assert game.state.announced[1]
    assert game.state.current_player == 2
    refused(game, CallIdiot(0, 1), "already-announced")
    refused(game, Announce(1), "already-announced")


def test_an_announcement_does_not_close_the_window():
    game = table("QH 3S")
    game.handle(Play(1, C("QH")))
    game.handle(Announce(1))
    assert game.state.window == 1
    assert game.view(0).window == 1


def test_announcing_without_a_last_card_is_refused():
    game = table("QH 3S")
    refused(game, Announce(1), "not-last-card")
    refused(game, Announce(2), "not-last-card")


def test_the_next_play_closes_the_window():
    game = table("QH 3S", cy="KH 4D")
    game.handle(Play(1, C("QH")))
    game.handle(Play(2, C("KH")))
    refused(game, Announce(1), "no-window")
    refused(game, CallIdiot(0, 1), "no-window")
    assert Announce(1) not in game.legal_moves(1)
    assert not callable_on(game, 0, 1)


def test_the_next_draw_closes_the_window():
    game = table("QH 3S", cy="KC 4D")
    game.handle(Play(1, C("QH")))
    game.handle(Draw(2))  # Cy has no heart, no queen, no 8.
    refused(game, Announce(1), "no-window")
    refused(game, CallIdiot(0, 1), "no-window")


def test_a_pass_closes_the_window():
    # A starter 9 of diamonds turned to hearts; later the stock has run dry.
    game = table("7H KS", cy="QC JS", ann="10C 5S", stock="", starter="9D")
    game.handle(ChooseSuit(0, Suit.HEARTS))
    game = with_dry_stock(game, 0)
    game.handle(Play(1, C("7H")))
    # Cy's forced draw takes the 9 of diamonds, the only card under the 7.
    assert held(game, 2) == ["QC", "JS", "9D"]
    assert game.state.window == 1
    events = game.handle(Draw(2))  # Nothing to draw: a pass.
    assert events[0] == CardsDrawn(2, (), DrawReason.TURN, 0)
    refused(game, Announce(1), "no-window")
    refused(game, CallIdiot(0, 1), "no-window")


# --- Forced draws do not close the window --------------------------------------------


def test_the_draw_forced_by_a_seven_does_not_close_the_window():
    game = table("7H 3S", cy="KC 4D", stock="JC QC KS")
    game.handle(Play(1, C("7H")))
    assert held(game, 2) == ["KC", "4D", "JC"]
    events = game.handle(CallIdiot(0, 1))
    assert kinds(events) == [IdiotCalled, CardsDrawn]
    assert held(game, 1) == ["3S", "QC", "KS"]


def test_the_draws_forced_by_a_five_do_not_close_the_window():
    game = table("5H 3S", stock="JC QC KS QS")
    game.handle(Play(1, C("5H")))
    assert [len(h) for h in game.state.hands] == [3, 1, 3]
    game.handle(Announce(1))
    assert game.state.announced[1]


def test_a_crank_draw_does_not_close_the_window():
    game = table("2H 3S", cy="KC 4D", stock="JC QC KS QS")
    game.handle(Play(1, C("2H")))
    game.handle(Draw(2))  # Cy draws the count of 2.
    assert game.state.current_player == 0
    game.handle(CallIdiot(0, 1))
    assert held(game, 1) == ["3S", "KS", "QS"]


def test_a_wrong_call_does_not_close_the_window():
    game = table("QH 3S")
    game.handle(Play(1, C("QH")))
    refused(game, CallIdiot(2, 0), "not-last-card")
    game.handle(Announce(1))
    assert game.state.announced[1]


# --- After a 6 ------------------------------------------------------------------------


def test_after_a_six_opponents_may_call_before_the_player_acts_again():
    game = table("6H 3S")
    game.handle(Play(1, C("6H")))
    assert game.state.current_player == 1
    assert callable_on(game, 2, 1)
    game.handle(CallIdiot(2, 1))
    assert len(game.state.hands[1]) == 3


def test_after_a_six_the_players_own_next_action_closes_the_window():
    game = table("6H 3S", stock="5C QC KS QS")
    game.handle(Play(1, C("6H")))
    assert game.state.window == 1
    game.handle(Draw(1))  # The 3 of spades does not follow the 6 of hearts.
    assert game.state.window is None
    assert not callable_on(game, 2, 1)
    assert game.state.current_player == 2


# --- A single card dealt -----------------------------------------------------------------


def test_a_single_card_dealt_needs_no_announcement():
    # Round 8: one card each.
    game = stacked_game(["10C", "3S", "KC"], "JH", "QH 4D 5S")
    assert game.state.hand_size == 1
    for seat in range(3):
        assert not any(isinstance(m, CallIdiot) for m in game.legal_moves(seat))
    refused(game, CallIdiot(2, 1), None)
    refused(game, CallIdiot(1, 0), None)


def test_the_refusal_to_call_a_dealt_single_card_gives_the_true_reason():
    game = stacked_game(["10C", "3S", "KC"], "JH", "QH 4D 5S")
    err = refused(game, CallIdiot(2, 1), None)
    # Bob was dealt his card: no move has been made and he played nothing.
    assert "played" not in str(err)


def test_after_a_dealt_single_card_playing_down_to_one_again_must_be_announced():
    game = stacked_game(["10C", "3S", "KC"], "JH", "QH 4D 5S")
    game.handle(Draw(1))  # Bob takes the queen of hearts.
    game.handle(Draw(2))
    game.handle(Draw(0))
    game.handle(Play(1, C("QH")))
    assert held(game, 1) == ["3S"]
    game.handle(CallIdiot(2, 1))
    assert len(game.state.hands[1]) == 3


# --- The call ---------------------------------------------------------------------------


def test_a_right_call_makes_the_idiot_draw_two_and_lose_the_next_turn():
    game = table("QH 3S", cy="KH 4D", ann="10H 5S", stock="JC QC KS QS")
    game.handle(Play(1, C("QH")))
    events = game.handle(CallIdiot(2, 1))
    assert events == [
        IdiotCalled(2, 1),
        CardsDrawn(1, tuple(cards("JC QC")), DrawReason.PENALTY, 2),
    ]
    assert held(game, 1) == ["3S", "JC", "QC"]
    assert game.state.lost_turns[1] == 1
    assert game.view(0).lost_turns[1] == 1
    # The call takes no turn: Cy still plays.
    assert game.state.current_player == 2


def test_the_idiot_is_passed_over_the_next_time_the_turn_comes_to_them():
    game = table("QH 3S", cy="KH 4D", ann="JD QS", stock="JC QC KD 10D", starter="JS")
    game.handle(Play(1, C("3S")))  # One card left: the queen of hearts.
    game.handle(CallIdiot(0, 1))
    game.handle(Draw(2))  # Cy has no spade, no 3, no 8.
    events = game.handle(Play(0, C("QS")))
    assert events[1:] == [TurnLost(1), TurnBegan(2)]
    assert isinstance(events[0], CardPlayed)
    assert game.state.lost_turns[1] == 0
    refused(game, Play(1, C("QH")), "not-your-turn")


def test_with_two_players_the_idiots_opponent_plays_twice_in_a_row():
    game = stacked_game(["KH JH", "QH 3S"], "AH", "JC QC")
    game.handle(Play(1, C("QH")))
    game.handle(CallIdiot(0, 1))
    events = game.handle(Play(0, C("KH")))
    assert events[1:] == [TurnLost(1), TurnBegan(0)]
    assert isinstance(events[0], CardPlayed)
    game.handle(Play(0, C("JH")))  # Ann's last card: she goes out.
    assert game.state.round_scores[-1][0] == 0


def test_any_opponent_may_call_not_only_the_next_player():
    game = table("QH 3S")
    game.handle(Play(1, C("QH")))
    assert game.state.current_player == 2
    assert callable_on(game, 0, 1)
    game.handle(CallIdiot(0, 1))
    assert game.state.lost_turns[1] == 1


def test_calling_a_player_who_announced_is_refused_with_a_reason():
    game = table("QH 3S")
    game.handle(Play(1, C("QH"), announce=True))
    err = refused(game, CallIdiot(2, 1), "already-announced")
    assert str(err) == "Nobody to call: Bob announced their last card."


def test_calling_a_player_with_more_than_one_card_is_refused():
    game = table("QH 3S")
    game.handle(Play(1, C("QH")))
    err = refused(game, CallIdiot(1, 0), "not-last-card")
    assert "Ann" in str(err)
    assert err.params["cards"] == 2


def test_calling_after_the_window_closed_is_refused():
    game = table("QH 3S", cy="KH 4D")
    game.handle(Play(1, C("QH")))
    game.handle(Play(2, C("KH")))
    err = refused(game, CallIdiot(0, 1), "no-window")
    assert "Bob" in str(err)


def test_a_player_cannot_call_themselves():
    game = table("QH 3S")
    game.handle(Play(1, C("QH")))
    refused(game, CallIdiot(1, 1), "call-self")


def test_a_right_call_closes_the_window():
    game = table("QH 3S")
    game.handle(Play(1, C("QH")))
    game.handle(CallIdiot(2, 1))
    assert game.state.window is None
    assert game.view(1).window is None
    refused(game, CallIdiot(0, 1), "not-last-card")
    refused(game, Announce(1), "not-last-card")


# --- An announcement ends with the last card -----------------------------------------------


def test_an_announcement_is_void_once_the_player_holds_more_than_one_card():
    game = table("QH 3S", cy="KH 4D", ann="7H 10C", stock="9H 4C 5C")
    game.handle(Play(1, C("QH"), announce=True))
    game.handle(Play(2, C("KH")))
    game.handle(Play(0, C("7H")))  # Bob draws the 9 of hearts.
    assert held(game, 1) == ["3S", "9H"]
    assert not game.state.announced[1]
    game.handle(Play(1, C("9H")))  # Down to one card again, and silent this time.
    assert callable_on(game, 2, 1)
    game.handle(CallIdiot(2, 1))
    assert held(game, 1) == ["3S", "4C", "5C"]


# --- Lost turns and the 4 --------------------------------------------------------------------


def test_a_four_skip_does_not_use_up_a_lost_turn():
    # Cy deals: Ann plays first, then Bob, then Cy.
    ann = "KH 4H 5S"
    bob = "6H QH 9S"
    cy = "3H JH 7C"
    game = stacked_game([ann, bob, cy], "KS", "2C 9C QD", dealer=2)
    game.handle(Play(0, C("KH")))
    game.handle(Play(1, C("6H")))
    game.handle(Play(1, C("QH")))
    game.handle(CallIdiot(2, 1))
    game.handle(Play(2, C("3H")))
    events = game.handle(Play(0, C("4H")))
    assert kinds(events) == [CardPlayed, PlayerSkipped, TurnBegan]
    assert events[1] == PlayerSkipped(1)
    assert game.state.lost_turns[1] == 1  # The skip and the lost turn add up.
    assert game.state.current_player == 2
    game.handle(Play(2, C("JH")))
    events = game.handle(Draw(0))  # Ann's 5 of spades does not follow.
    assert TurnLost(1) in events
    assert game.state.lost_turns[1] == 0
    assert game.state.current_player == 2
