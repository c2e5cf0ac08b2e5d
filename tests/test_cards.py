"""Cards: the short forms players type and read, how cards compare, suits and their mates."""

from __future__ import annotations

import itertools
import random
import re

import pytest

from craits_core import FULL_DECK, Card, ChooseSuit, IllegalMove, Play, Rank, Suit
from tests.decks import stacked_game

RANKS_ACE_LOW = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


# --- Card.parse -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("8H", Rank.EIGHT, Suit.HEARTS),
        ("10S", Rank.TEN, Suit.SPADES),
        ("TS", Rank.TEN, Suit.SPADES),
        ("AS", Rank.ACE, Suit.SPADES),
        ("QD", Rank.QUEEN, Suit.DIAMONDS),
        ("2C", Rank.TWO, Suit.CLUBS),
        ("JC", Rank.JACK, Suit.CLUBS),
        ("KH", Rank.KING, Suit.HEARTS),
        ("8♥", Rank.EIGHT, Suit.HEARTS),
        ("10♠", Rank.TEN, Suit.SPADES),
        ("A♣", Rank.ACE, Suit.CLUBS),
        ("Q♦", Rank.QUEEN, Suit.DIAMONDS),
        ("8h", Rank.EIGHT, Suit.HEARTS),
        ("10s", Rank.TEN, Suit.SPADES),
        ("ts", Rank.TEN, Suit.SPADES),
        ("as", Rank.ACE, Suit.SPADES),
        ("qd", Rank.QUEEN, Suit.DIAMONDS),
        ("kc", Rank.KING, Suit.CLUBS),
        ("j♦", Rank.JACK, Suit.DIAMONDS),
    ],
)
def test_parse_reads_every_documented_form(text: str, rank: Rank, suit: Suit) -> None:
    card = Card.parse(text)
    assert card.rank is rank
    assert card.suit is suit


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("8H", "8H"),
        ("10S", "10S"),
        ("TS", "10S"),
        ("ts", "10S"),
        ("10♠", "10S"),
        ("8♥", "8H"),
        ("as", "AS"),
        ("qd", "QD"),
        ("Q♦", "QD"),
        ("k♣", "KC"),
    ],
)
def test_str_is_the_canonical_short_form(text: str, canonical: str) -> None:
    assert str(Card.parse(text)) == canonical


def test_every_card_of_the_deck_round_trips_through_its_short_form() -> None:
    assert len(FULL_DECK) == 52
    codes = [str(card) for card in FULL_DECK]
    assert len(set(codes)) == 52
    for card, code in zip(FULL_DECK, codes, strict=True):
        assert re.fullmatch(r"(A|[2-9]|10|J|Q|K)[CDHS]", code), code
        assert Card.parse(code) == card
        assert Card.parse(code.lower()) == card


@pytest.mark.parametrize(
    "text",
    ["8X", "11H", "0S", "ZS", "H8", "8HH", "88H", "10", "8", "H", "Joker", "1OS", "9♥♥"],
)
def test_a_bad_string_raises_value_error_naming_it(text: str) -> None:
    with pytest.raises(ValueError) as info:
        Card.parse(text)
    assert text in str(info.value)


def test_an_empty_string_is_not_a_card() -> None:
    with pytest.raises(ValueError):
        Card.parse("")


# --- Comparing and hashing --------------------------------------------------------------


@pytest.mark.parametrize("suit", ["C", "D", "H", "S"])
def test_cards_of_a_suit_are_ordered_ace_low(suit: str) -> None:
    run = [Card.parse(rank + suit) for rank in RANKS_ACE_LOW]
    for low, high in itertools.pairwise(run):
        assert low < high
        assert high > low
        assert low <= high
        assert not high < low
    shuffled = run[:]
    random.Random(5).shuffle(shuffled)
    assert sorted(shuffled) == run


def test_card_ordering_is_a_total_order_consistent_with_equality() -> None:
    deck = list(FULL_DECK)
    for a in deck:
        for b in deck:
            if a == b:
                assert a <= b and a >= b and not a < b
            else:
                assert (a < b) != (b < a)
    forwards, backwards = deck[:], deck[::-1]
    random.Random(9).shuffle(forwards)
    assert sorted(forwards) == sorted(backwards)


def test_the_forms_of_one_card_are_equal_and_hash_alike() -> None:
    forms = [Card.parse(t) for t in ("10S", "TS", "ts", "10♠", "10s")]
    assert len(set(forms)) == 1
    assert len({hash(card) for card in forms}) == 1
    held = {Card.parse("10S"): "ten of spades"}
    assert held[Card.parse("T♠")] == "ten of spades"


def test_the_52_cards_are_distinct_as_set_members() -> None:
    assert len(set(FULL_DECK)) == 52
    assert len({Card.parse(str(c)) for c in FULL_DECK}) == 52
    assert Card.parse("8H") != Card.parse("8D")
    assert Card.parse("8H") != Card.parse("9H")


def test_a_card_is_immutable() -> None:
    card = Card.parse("8H")
    with pytest.raises(AttributeError):
        card.rank = Rank.ACE  # type: ignore[misc]
    with pytest.raises(AttributeError):
        card.suit = Suit.SPADES  # type: ignore[misc]
    assert card == Card.parse("8H")


# --- Suits ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "suit"),
    [
        ("C", Suit.CLUBS),
        ("D", Suit.DIAMONDS),
        ("H", Suit.HEARTS),
        ("S", Suit.SPADES),
        ("c", Suit.CLUBS),
        ("d", Suit.DIAMONDS),
        ("h", Suit.HEARTS),
        ("s", Suit.SPADES),
        ("♣", Suit.CLUBS),
        ("♦", Suit.DIAMONDS),
        ("♥", Suit.HEARTS),
        ("♠", Suit.SPADES),
    ],
)
def test_suit_parse_reads_letters_and_symbols(text: str, suit: Suit) -> None:
    assert Suit.parse(text) is suit


@pytest.mark.parametrize("text", ["X", "HH", "8", "", "Q"])
def test_suit_parse_refuses_a_bad_string(text: str) -> None:
    with pytest.raises(ValueError) as info:
        Suit.parse(text)
    if text:
        assert text in str(info.value)


def test_there_are_exactly_four_suits_and_thirteen_ranks() -> None:
    assert {s for s in Suit} == {Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES}
    assert len(list(Rank)) == 13
    assert {c.suit for c in FULL_DECK} == set(Suit)
    assert {c.rank for c in FULL_DECK} == set(Rank)


# --- Colour mates: hearts and diamonds, spades and clubs -------------------------------

MATES = [("H", "D"), ("D", "H"), ("S", "C"), ("C", "S")]


@pytest.mark.parametrize(("own", "mate"), MATES)
def test_a_played_nine_keeps_its_suit_or_switches_to_its_colour_mate(own: str, mate: str) -> None:
    nine = Card.parse("9" + own)
    others = [s for s in "CDHS" if s not in (own, mate)]
    # Seat 1 plays first; the starter is a king of the 9's suit.
    game = stacked_game(["2C 3C", f"9{own} 3D", "2D 3S"], "K" + own)
    choices = {m.suit for m in game.legal_moves(1) if isinstance(m, Play) and m.card == nine}
    assert choices == {None, Suit.parse(mate)}
    for other in others:
        before = game.state
        with pytest.raises(IllegalMove):
            game.handle(Play(1, nine, Suit.parse(other)))
        assert game.state == before
    game.handle(Play(1, nine, Suit.parse(mate)))
    assert game.state.active_suit is Suit.parse(mate)


@pytest.mark.parametrize(("own", "mate"), MATES)
def test_a_starter_nine_offers_the_dealer_its_suit_or_its_colour_mate(own: str, mate: str) -> None:
    game = stacked_game(["2C 3C", "2D 3D"], "9" + own)
    offered = {m.suit for m in game.legal_moves(0) if isinstance(m, ChooseSuit)}
    assert offered == {Suit.parse(own), Suit.parse(mate)}
