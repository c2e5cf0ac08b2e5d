"""A hint's reason says what is true of the move, in words a player reads right."""

from __future__ import annotations

from craits_core import Card, Suit
from craits_core.bots.reasons import Reason
from craits_tui.faces import CardLook
from craits_tui.narrate import Narrator

NARRATOR = Narrator(["Ann", "Bob"], 0, CardLook())


def test_shedding_a_card_says_what_the_hand_saves_not_the_cards_face_value() -> None:
    # Two 3s and a 4: playing the 4 leaves a 3 with nothing to cancel, so the
    # hand's score drops by 50 while the 4 is worth 15.
    reason = Reason("shed", {"card": Card.parse("4H"), "points": 50})
    assert str(reason) == "get rid of the 4♥: your hand scores 50 less"
    assert NARRATOR.reason(reason) == str(reason)


def test_naming_a_suit_with_nothing_to_follow_says_no_count() -> None:
    # Going out with an 8: no card is left to follow with, whatever the suit.
    reason = Reason("name-suit", {"suit": Suit.CLUBS, "n": 0})
    assert str(reason) == "name clubs"
    assert NARRATOR.reason(reason) == "name clubs"
    two = Reason("name-suit", {"suit": Suit.CLUBS, "n": 2})
    assert NARRATOR.reason(two) == "name clubs: you hold 2 cards to follow with"


def test_the_queen_has_her_own_article_in_italian() -> None:
    from craits_tui import i18n
    from tests.decks import stacked_game

    game = stacked_game(["7H KS 8C 2D QH", "3C 4C 5C 6C 9C"], "QS", dealer=1, names=["Ann", "Bob"])
    try:
        i18n.use_language("it")
        status = Narrator(game.state.players, 0, CardLook()).status(
            game.view(0), game.legal_moves(0)
        )
    finally:
        i18n.use_language("C")
    assert "una Q" in status and "un Q" not in status
