"""The rule variants, each tested both ways: off (the standard rule) and on."""

from __future__ import annotations

import dataclasses

import pytest

from craits_core import Card, Draw, Game, Play, RuleSet, Suit
from craits_core.events import RoundStarted
from tests.decks import stacked_game

from .helpers import draws, of_type, play_out, refused

STANDARD = RuleSet()


def card(code: str) -> Card:
    return Card.parse(code)


def three(
    seat1: str,
    starter: str = "KH",
    stock: str = "",
    rules: RuleSet = STANDARD,
    seat2: str = "2D 3D 5D 6C",
) -> Game:
    """Three players, dealer 0: seat 1 plays first."""
    return stacked_game(["2C 3C 5C 7C", seat1, seat2], starter, stock, rules=rules)


def test_the_default_rules_have_every_variant_off_and_are_frozen() -> None:
    rules = RuleSet()
    assert not rules.short_game
    assert not rules.colour_matching
    assert not rules.voluntary_draw
    assert not rules.seven_skips
    assert not rules.wild_nine
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.short_game = True  # type: ignore[misc]


# --- Short game -------------------------------------------------------------------------


@pytest.mark.parametrize("short", [False, True])
def test_short_game_ends_after_round_8_and_the_full_game_goes_on(short: bool) -> None:
    rules = RuleSet(short_game=short)
    game = stacked_game(["QH", "JH"], "KH", rules=rules)  # round 8: one card each
    assert game.state.round_number == 8
    game.handle(Play(1, card("JH")))  # seat 1 goes out
    assert len(game.state.round_scores) == 1
    if short:
        assert game.state.is_over
        assert game.state.winners == (1,)
        assert game.state.current_player is None
    else:
        assert not game.state.is_over
        assert game.state.winners == ()
        assert game.state.round_number == 9
        assert game.state.hand_size == 2


@pytest.mark.parametrize(("short", "rounds"), [(False, 15), (True, 8)])
def test_short_game_has_8_rounds_and_the_full_game_15(short: bool, rounds: int) -> None:
    game = Game.new(["Ann", "Bob", "Cy"], seed=3, rules=RuleSet(short_game=short))
    play_out(game, 3)
    starts = of_type(game.events, RoundStarted)
    assert [e.hand_size for e in starts] == [8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 8][:rounds]
    assert len(game.state.round_scores) == rounds


def test_a_short_game_cannot_start_after_its_last_round() -> None:
    Game.new(["Ann", "Bob"], seed=1, first_round=15)
    Game.new(["Ann", "Bob"], seed=1, first_round=8, rules=RuleSet(short_game=True))
    with pytest.raises(ValueError):
        Game.new(["Ann", "Bob"], seed=1, first_round=9, rules=RuleSet(short_game=True))
    with pytest.raises(ValueError):
        Game.new(["Ann", "Bob"], seed=1, first_round=16)


# --- Colour matching ------------------------------------------------------------------------


def test_standard_rules_a_card_of_the_same_colour_does_not_match() -> None:
    game = three("JD 2S 3S 5S")
    refused(game, Play(1, card("JD")), "must-follow")
    assert game.legal_moves(1) == [Draw(1)]


def test_colour_matching_a_card_of_the_same_colour_matches() -> None:
    game = three("JD 2S 3S 5S", rules=RuleSet(colour_matching=True))
    refused(game, Play(1, card("2S")), "must-follow")  # the other colour still does not
    refused(game, Draw(1), "must-play")
    game.handle(Play(1, card("JD")))
    assert game.state.top_card == card("JD")
    assert game.state.active_suit is Suit.DIAMONDS


@pytest.mark.parametrize("colour", [False, True])
def test_colour_matching_follows_the_colour_of_a_named_suit(colour: bool) -> None:
    rules = RuleSet(colour_matching=colour)
    game = three("8D 2H 3H 5H", rules=rules, seat2="JS 2D 3D 6D")
    game.handle(Play(1, card("8D"), Suit.CLUBS))
    if colour:
        game.handle(Play(2, card("JS")))  # black, like the named clubs
        assert game.state.top_card == card("JS")
    else:
        refused(game, Play(2, card("JS")), "must-follow")


# --- Voluntary draw -----------------------------------------------------------------------


def test_standard_rules_a_player_who_can_play_may_not_draw() -> None:
    game = three("QH 2S 3S 5S", stock="JC")
    refused(game, Draw(1), "must-play")
    assert Draw(1) not in game.legal_moves(1)


def test_voluntary_draw_a_player_who_can_play_may_draw_and_the_turn_ends() -> None:
    game = three("QH 2S 3S 5S", stock="JC", rules=RuleSet(voluntary_draw=True))
    assert Draw(1) in game.legal_moves(1)
    assert Play(1, card("QH")) in game.legal_moves(1)
    events = game.handle(Draw(1))
    assert draws(events) == [(1, ["JC"])]
    assert game.state.current_player == 2
    assert game.state.top_card == card("KH")


@pytest.mark.parametrize("voluntary", [False, True])
def test_voluntary_draw_does_not_allow_drawing_in_the_crank_with_an_ace_or_a_2(
    voluntary: bool,
) -> None:
    game = three("AS 4H 3S 5S", starter="2H", rules=RuleSet(voluntary_draw=voluntary))
    assert game.state.crank == 2
    refused(game, Draw(1))
    assert Draw(1) not in game.legal_moves(1)


# --- Seven skips ------------------------------------------------------------------------------


@pytest.mark.parametrize("skips", [False, True])
def test_seven_the_next_player_draws_one_and_plays_or_also_loses_the_turn(skips: bool) -> None:
    game = three("7H 2S 3S 5S", stock="AD", rules=RuleSet(seven_skips=skips))
    game.handle(Play(1, card("7H")))
    assert card("AD") in game.state.hands[2]
    assert len(game.state.hands[2]) == 5
    if skips:
        assert game.state.current_player == 0
    else:
        assert game.state.current_player == 2
    assert game.state.lost_turns == (0, 0, 0)  # nothing left pending


@pytest.mark.parametrize("skips", [False, True])
def test_seven_starter_the_player_left_of_the_dealer_draws_one_and_maybe_loses_the_turn(
    skips: bool,
) -> None:
    game = three("2S 3S 5S 6S", starter="7H", stock="AD", rules=RuleSet(seven_skips=skips))
    assert card("AD") in game.state.hands[1]
    assert game.state.current_player == (2 if skips else 1)


@pytest.mark.parametrize("skips", [False, True])
def test_seven_with_two_players_a_skip_gives_the_turn_back(skips: bool) -> None:
    game = stacked_game(["2C 3C", "7H QS"], "KH", "AD", rules=RuleSet(seven_skips=skips))
    game.handle(Play(1, card("7H")))
    assert card("AD") in game.state.hands[0]
    assert game.state.current_player == (1 if skips else 0)


# --- Wild nine --------------------------------------------------------------------------------


def test_standard_rules_a_nine_is_played_by_the_matching_rule() -> None:
    game = three("9D 9S 4H JH", starter="KS")
    refused(game, Play(1, card("9D")), "must-follow")
    refused(game, Play(1, card("9D"), Suit.HEARTS), "must-follow")
    suits = {m.suit for m in game.legal_moves(1) if isinstance(m, Play) and m.card == card("9S")}
    assert suits == {None, Suit.CLUBS}
    game.handle(Play(1, card("9S"), Suit.CLUBS))
    assert game.state.active_suit is Suit.CLUBS


@pytest.mark.parametrize(("suit", "active"), [(None, Suit.DIAMONDS), (Suit.HEARTS, Suit.HEARTS)])
def test_wild_nine_a_nine_is_wild_naming_its_suit_or_its_colour_mate(
    suit: Suit | None, active: Suit
) -> None:
    game = three("9D 2H 4H JH", starter="KS", rules=RuleSet(wild_nine=True))
    suits = {m.suit for m in game.legal_moves(1) if isinstance(m, Play) and m.card == card("9D")}
    assert suits == {None, Suit.HEARTS}
    refused(game, Play(1, card("9D"), Suit.SPADES))
    refused(game, Play(1, card("9D"), Suit.CLUBS))
    game.handle(Play(1, card("9D"), suit))
    assert game.state.top_card == card("9D")
    assert game.state.active_suit is active
    assert game.state.current_player == 2


def test_wild_nine_the_next_player_follows_the_named_suit_or_plays_a_nine_or_an_eight() -> None:
    game = three("9D 2H 4H JH", starter="KS", rules=RuleSet(wild_nine=True), seat2="QD 9C 2S 3S")
    game.handle(Play(1, card("9D"), Suit.HEARTS))
    refused(game, Play(2, card("QD")), "must-follow")  # the 9's own suit was switched away
    refused(game, Play(2, card("2S")), "must-follow")
    plays = {m.card for m in game.legal_moves(2) if isinstance(m, Play)}
    assert plays == {card("9C")}


@pytest.mark.parametrize("wild", [False, True])
def test_wild_nine_cannot_answer_the_crank(wild: bool) -> None:
    game = three("9D 9H 3S 5S", starter="2H", rules=RuleSet(wild_nine=wild))
    assert game.state.crank == 2
    refused(game, Play(1, card("9H")))
    assert game.legal_moves(1) == [Draw(1)]


@pytest.mark.parametrize("top", ["KS", "9S"])
def test_wild_nine_the_must_follow_refusal_mentions_that_a_9_can_be_played(top: str) -> None:
    # The starter is a KS, or a 9S played on it; seat 2 holds no spade, no 8, no 9.
    rules = RuleSet(wild_nine=True)
    if top == "KS":
        game = three("4D 2H 6H JH", starter="KS", rules=rules)
        seat, wrong = 1, "4D"
    else:
        game = three("9S 2H 6H JH", starter="KS", rules=rules, seat2="4D QD JD 2D")
        game.handle(Play(1, card("9S")))
        seat, wrong = 2, "4D"
    err = refused(game, Play(seat, card(wrong)), "must-follow")
    assert "9" in str(err)
    assert "8" in str(err)


# --- Every variant still ends every game --------------------------------------------------------


@pytest.mark.parametrize(
    "rules",
    [
        RuleSet(),
        RuleSet(short_game=True),
        RuleSet(colour_matching=True),
        RuleSet(voluntary_draw=True),
        RuleSet(seven_skips=True),
        RuleSet(wild_nine=True),
        RuleSet(True, True, True, True, True),
    ],
    ids=repr,
)
def test_random_legal_play_always_ends_the_game(rules: RuleSet) -> None:
    rounds = len(rules.schedule)
    for seed, players in ((1, 2), (2, 4), (3, 5)):
        first = rounds - 3  # the last four rounds: 5 to 8 cards (or 4 down to 1)
        game = Game.new(
            ["Ann", "Bob", "Cy", "Di", "Ed"][:players], seed=seed, rules=rules, first_round=first
        )
        play_out(game, seed)
        assert game.state.is_over
        assert len(game.state.round_scores) == 4
