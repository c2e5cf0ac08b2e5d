"""The table: players, the schedule of rounds, the first dealer, the deal, and the
starter, which counts as the dealer's first turn."""

from __future__ import annotations

import random

import pytest

from craits_core import (
    FULL_DECK,
    Announce,
    CallIdiot,
    Card,
    ChooseSuit,
    Draw,
    Game,
    Play,
    Rank,
    RuleSet,
    Suit,
    evolve,
    initial_state,
)
from craits_core.events import (
    DealerChosen,
    Event,
    PlayerSkipped,
    RoundStarted,
    TurnBegan,
)
from tests.decks import cards, stacked_game

from .helpers import draws, kinds, of_type, play_out, refused

NAMES = ["Ann", "Bob", "Cy", "Di", "Ed"]
FULL_SCHEDULE = [8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 8]
ACE_LOW = {
    label: value
    for value, label in enumerate(
        ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    )
}


def card(code: str) -> Card:
    return Card.parse(code)


def types_after_deal(game: Game) -> list[type[Event]]:
    """Event classes that followed the last deal: what the starter did."""
    events = game.events
    start = max(i for i, e in enumerate(events) if isinstance(e, RoundStarted))
    return kinds(events[start + 1 :])


# --- Players ------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_two_to_five_players_each_get_eight_cards_in_the_first_round(players: int) -> None:
    held = [c for c in FULL_DECK if c.rank not in (Rank.FIVE, Rank.SEVEN, Rank.KING)]
    hands = [" ".join(str(c) for c in held[8 * seat : 8 * seat + 8]) for seat in range(players)]
    game = stacked_game(hands, "KH")
    state = game.state
    assert len(state.hands) == players
    assert [len(h) for h in state.hands] == [8] * players
    assert state.stock_size == 52 - 8 * players - 1
    assert state.pile == (card("KH"),)


@pytest.mark.parametrize("players", [0, 1, 6, 7])
def test_fewer_than_two_or_more_than_five_players_is_refused(players: int) -> None:
    with pytest.raises(ValueError):
        Game.new([f"P{i}" for i in range(players)], seed=1)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_new_game_starts_at_round_one_with_eight_cards(players: int) -> None:
    game = Game.new(NAMES[:players], seed=players)
    assert game.state.round_number == 1
    assert game.state.hand_size == 8
    assert game.state.round_scores == ()
    assert game.state.totals == (0,) * players


# --- The schedule -----------------------------------------------------------------------


def _round_starts(game: Game) -> list[RoundStarted]:
    return of_type(game.events, RoundStarted)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_full_game_is_fifteen_rounds_of_8_down_to_1_and_back_to_8(players: int) -> None:
    game = Game.new(NAMES[:players], seed=31 * players)
    play_out(game, players)
    starts = _round_starts(game)
    assert [e.round_number for e in starts] == list(range(1, 16))
    assert [e.hand_size for e in starts] == FULL_SCHEDULE
    assert len(game.state.round_scores) == 15
    assert game.state.is_over


@pytest.mark.parametrize("players", [2, 3, 5])
def test_the_short_game_is_the_first_eight_rounds(players: int) -> None:
    game = Game.new(NAMES[:players], seed=7 * players, rules=RuleSet(short_game=True))
    play_out(game, players)
    starts = _round_starts(game)
    assert [e.hand_size for e in starts] == [8, 7, 6, 5, 4, 3, 2, 1]
    assert len(game.state.round_scores) == 8
    assert game.state.is_over


def test_a_game_started_at_a_later_round_runs_to_the_end_of_the_schedule() -> None:
    game = Game.new(NAMES[:3], seed=4, first_round=8)
    assert game.state.hand_size == 1
    play_out(game, 4)
    starts = _round_starts(game)
    assert [e.hand_size for e in starts] == FULL_SCHEDULE[7:]
    assert len(game.state.round_scores) == 8


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_each_round_is_dealt_from_a_fresh_full_deck_and_the_deal_passes_clockwise(
    players: int,
) -> None:
    game = Game.new(NAMES[:players], seed=1000 + players)
    play_out(game, 77 + players)
    chosen = game.events[1]
    assert isinstance(chosen, DealerChosen)
    first_dealer = chosen.dealer
    starts = _round_starts(game)
    assert [e.dealer for e in starts] == [(first_dealer + i) % players for i in range(15)]
    full = sorted(FULL_DECK)
    for event in starts:
        assert event.deck is not None and sorted(event.deck) == full
    assert len({e.deck for e in starts}) == 15  # shuffled afresh each round
    # Right after each deal: everyone holds the round's hand, one card is face up,
    # the rest is the stock, play goes clockwise, no crank.
    state = initial_state()
    for event in game.events:
        state = evolve(state, event)
        if isinstance(event, RoundStarted):
            size = event.hand_size
            assert [len(h) for h in state.hands] == [size] * players
            assert len(state.pile) == 1
            assert state.stock_size == 52 - size * players - 1
            assert state.direction == 1
            assert state.crank == 0
            assert state.dealer == event.dealer


# --- The first dealer ---------------------------------------------------------------------


def _check_draw_for_dealer(game: Game, players: int) -> int:
    chosen = game.events[1]
    assert isinstance(chosen, DealerChosen)
    passes = chosen.draws
    assert passes, "a game without a given dealer draws for dealer"
    seen: list[Card] = []
    drawing = list(range(players))
    for i, draw in enumerate(passes):
        seats = [seat for seat, _ in draw]
        if i == 0:
            assert seats == list(range(players))  # everyone draws, seat 0 first
        else:
            assert sorted(seats) == drawing  # only the players tied for lowest draw again
        values = {seat: ACE_LOW[drawn.rank.label] for seat, drawn in draw}
        low = min(values.values())
        drawing = sorted(seat for seat, value in values.items() if value == low)
        seen += [drawn for _, drawn in draw]
        if i < len(passes) - 1:
            assert len(drawing) > 1, "the draw goes on only while there is a tie"
    assert len(drawing) == 1
    assert len(seen) == len(set(seen)), "the draws come from the same deck"
    assert chosen.dealer == drawing[0]
    assert game.state.dealer == drawing[0]
    assert _round_starts(game)[0].dealer == drawing[0]
    return len(passes)


def test_the_lowest_card_deals_ace_low_and_ties_draw_again() -> None:
    redraws = 0
    for seed in range(400):
        players = 2 + seed % 4
        game = Game.new(NAMES[:players], seed=seed)
        if _check_draw_for_dealer(game, players) > 1:
            redraws += 1
    assert redraws > 0, "some seed should have produced a tie"


def test_the_draw_for_dealer_is_reproducible_from_the_seed() -> None:
    a = Game.new(NAMES[:4], seed="same")
    b = Game.new(NAMES[:4], seed="same")
    assert a.events[1] == b.events[1]
    assert a.state.hands == b.state.hands


def test_a_given_dealer_skips_the_draw() -> None:
    game = Game.new(NAMES[:3], seed=1, dealer=2)
    assert game.state.dealer == 2
    assert _round_starts(game)[0].dealer == 2


# --- The deal -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "dealer"), [(2, 0), (2, 1), (3, 1), (3, 2), (4, 2), (5, 0), (5, 4)]
)
def test_cards_are_dealt_one_at_a_time_from_the_seat_after_the_dealer(
    players: int, dealer: int
) -> None:
    deck = list(FULL_DECK)
    random.Random(10 * players + dealer).shuffle(deck)
    size = 8
    at = players * size
    # Put a card without ability face up, so the starter does not touch the hands.
    plain = next(i for i in range(at, 52) if deck[i].rank in (Rank.JACK, Rank.QUEEN, Rank.KING))
    deck[at], deck[plain] = deck[plain], deck[at]
    game = Game.new(NAMES[:players], deck=deck, dealer=dealer)
    state = game.state
    for seat in range(players):
        first = (seat - dealer - 1) % players  # dealer + 1 takes deck[0]
        expected = [deck[first + k * players] for k in range(size)]
        assert sorted(state.hands[seat]) == sorted(expected)
    assert state.top_card == deck[at]
    assert state.pile == (deck[at],)
    assert state.active_suit is deck[at].suit
    assert state.stock_size == 52 - at - 1
    assert tuple(state.stock) == tuple(deck[at + 1 :])


def test_the_stock_is_drawn_in_the_order_of_the_deck() -> None:
    # Dealer 0; seats 1 and 2 cannot play on KH and draw, one card each, in stock order.
    game = stacked_game(["2C 3C", "2D 3D", "2S 3S"], "KH", "QH 4S 5S")
    assert game.state.current_player == 1
    assert draws(game.handle(Draw(1))) == [(1, ["QH"])]
    assert draws(game.handle(Draw(2))) == [(2, ["4S"])]
    assert game.state.stock[0] == card("5S")


def test_seats_are_clockwise_and_play_starts_clockwise() -> None:
    # Four players, dealer 2: seat 3 plays first, then 0, 1, 2.
    game = stacked_game(["AH 5C", "QH 5D", "7H 5S", "JH 2C"], "KH", dealer=2)
    assert game.state.direction == 1
    order = []
    for code in ["JH", "AH", "QH"]:
        seat = game.state.current_player
        order.append(seat)
        game.handle(Play(seat, card(code)))
    order.append(game.state.current_player)
    assert order == [3, 0, 1, 2]


# --- The starter counts as the dealer's first turn ------------------------------------------
# Four players, dealer 2: the player left of the dealer is seat 3, the one on the
# dealer's right is seat 1. No hand holds a heart; the starters are hearts.

HANDS4 = ["2C 3C 4C 5C 7C", "2D 3D 4D 5D 7D", "9S 10S JS QS KS", "9C 10C JC QC KC"]
DEALER, LEFT, AFTER_LEFT, RIGHT = 2, 3, 0, 1


def table4(starter: str, stock: str = "", **overrides: str) -> Game:
    hands = list(HANDS4)
    for name, seat in (("seat0", 0), ("seat1", 1), ("dealer", 2), ("left", 3)):
        if name in overrides:
            hands[seat] = overrides[name]
    return stacked_game(hands, starter, stock, dealer=DEALER)


def test_starter_2_starts_the_crank_at_2_against_the_player_left_of_the_dealer() -> None:
    game = table4("2H", "6D 8D AD")
    assert game.state.crank == 2
    assert game.state.current_player == LEFT
    assert game.legal_moves(LEFT) == [Draw(LEFT)]  # no ace or 2: they draw the count
    events = game.handle(Draw(LEFT))
    assert draws(events) == [(LEFT, ["6D", "8D"])]
    assert game.state.crank == 0
    assert game.state.current_player == AFTER_LEFT


def test_starter_2_the_player_left_of_the_dealer_must_answer_with_an_ace_or_a_2() -> None:
    game = table4("2H", left="AC 10C JC QC KC")
    assert game.state.crank == 2
    assert game.legal_moves(LEFT) == [Play(LEFT, card("AC"))]
    refused(game, Draw(LEFT))
    refused(game, Play(LEFT, card("KC")))
    game.handle(Play(LEFT, card("AC")))
    assert game.state.crank == 3
    assert game.state.current_player == AFTER_LEFT


def test_starter_4_skips_the_player_left_of_the_dealer() -> None:
    game = table4("4H")
    assert game.state.current_player == AFTER_LEFT
    assert types_after_deal(game) == [PlayerSkipped, TurnBegan]
    assert game.events[-2] == PlayerSkipped(LEFT)
    assert [len(h) for h in game.state.hands] == [5, 5, 5, 5]


def test_starter_5_makes_every_player_but_the_dealer_draw_one_in_turn_order() -> None:
    game = table4("5H", "AC 6C 8C")
    assert draws(game.events) == [
        (LEFT, ["AC"]),
        (AFTER_LEFT, ["6C"]),
        (RIGHT, ["8C"]),
    ]
    assert [len(h) for h in game.state.hands] == [6, 6, 5, 6]
    assert game.state.current_player == LEFT


def test_starter_6_the_dealer_plays_before_anyone_else() -> None:
    game = table4("6H", dealer="QH 10S JS QS KS")
    assert game.state.current_player == DEALER
    refused(game, Draw(DEALER))  # able to play, so may not draw
    refused(game, Play(LEFT, card("KC")))
    game.handle(Play(DEALER, card("QH")))
    assert game.state.top_card == card("QH")
    assert game.state.current_player == LEFT


def test_starter_6_a_dealer_unable_to_play_draws_one_and_the_turn_passes() -> None:
    game = table4("6H", "AD 6D")
    assert game.state.current_player == DEALER
    assert game.legal_moves(DEALER) == [Draw(DEALER)]
    game.handle(Draw(DEALER))
    assert card("AD") in game.state.hands[DEALER]
    assert len(game.state.hands[DEALER]) == 6
    assert game.state.top_card == card("6H")
    assert game.state.current_player == LEFT


def test_starter_7_makes_the_player_left_of_the_dealer_draw_one_then_play() -> None:
    game = table4("7H", "AD 6D")
    assert draws(game.events) == [(LEFT, ["AD"])]
    assert [len(h) for h in game.state.hands] == [5, 5, 5, 6]
    assert game.state.current_player == LEFT


@pytest.mark.parametrize("suit", list(Suit))
def test_starter_8_the_dealer_names_any_suit_before_play_starts(suit: Suit) -> None:
    game = table4("8H")
    assert game.state.current_player == DEALER
    assert {m.suit for m in game.legal_moves(DEALER)} == set(Suit)
    assert all(isinstance(m, ChooseSuit) for m in game.legal_moves(DEALER))
    game.handle(ChooseSuit(DEALER, suit))
    assert game.state.active_suit is suit
    assert game.state.current_player == LEFT
    # The player left of the dealer holds only clubs (and no 8).
    if suit is Suit.CLUBS:
        playable = {m.card for m in game.legal_moves(LEFT) if isinstance(m, Play)}
        assert playable == set(cards(HANDS4[LEFT]))
    else:
        assert game.legal_moves(LEFT) == [Draw(LEFT)]


def test_starter_9_the_dealer_keeps_its_suit_or_switches_to_the_colour_mate() -> None:
    game = table4("9H")
    assert game.state.current_player == DEALER
    assert {m.suit for m in game.legal_moves(DEALER)} == {Suit.HEARTS, Suit.DIAMONDS}
    refused(game, ChooseSuit(DEALER, Suit.SPADES))
    refused(game, ChooseSuit(DEALER, Suit.CLUBS))
    switched = game.clone()
    game.handle(ChooseSuit(DEALER, Suit.HEARTS))
    assert game.state.active_suit is Suit.HEARTS
    assert game.state.current_player == LEFT
    switched.handle(ChooseSuit(DEALER, Suit.DIAMONDS))
    assert switched.state.active_suit is Suit.DIAMONDS
    assert switched.state.current_player == LEFT


def test_starter_10_reverses_so_the_player_on_the_dealers_right_plays_first() -> None:
    game = table4("10H", "AS 6S")
    assert game.state.direction == -1
    assert game.state.current_player == RIGHT
    game.handle(Draw(RIGHT))  # no heart, no 10
    assert game.state.current_player == 0  # on counter-clockwise


@pytest.mark.parametrize("starter", ["AH", "3H", "JH", "QH", "KH"])
def test_starters_without_ability_let_the_player_left_of_the_dealer_play_first(
    starter: str,
) -> None:
    game = table4(starter)
    state = game.state
    assert types_after_deal(game) == [TurnBegan]
    assert state.current_player == LEFT
    assert state.direction == 1
    assert state.crank == 0
    assert state.active_suit is Suit.HEARTS
    assert [len(h) for h in state.hands] == [5, 5, 5, 5]
    assert state.stock_size == 52 - 20 - 1


# Two players: dealer and the other player.


@pytest.mark.parametrize("dealer", [0, 1])
def test_two_players_starter_4_skips_the_other_player_so_the_dealer_plays_first(
    dealer: int,
) -> None:
    game = stacked_game(["2C 3C", "2D 3D"], "4H", dealer=dealer)
    assert game.state.current_player == dealer
    assert of_type(game.events, PlayerSkipped) == [PlayerSkipped(1 - dealer)]


@pytest.mark.parametrize("dealer", [0, 1])
def test_two_players_starter_10_reverses_and_the_other_player_still_plays_first(
    dealer: int,
) -> None:
    game = stacked_game(["2C 3C", "2D 3D"], "10H", dealer=dealer)
    assert game.state.current_player == 1 - dealer
    assert game.state.direction == -1


@pytest.mark.parametrize(
    ("starter", "other_draws", "crank"),
    [("AH", 0, 0), ("KH", 0, 0), ("2H", 0, 2), ("5H", 1, 0), ("7H", 1, 0)],
)
def test_two_players_the_other_player_plays_first(
    starter: str, other_draws: int, crank: int
) -> None:
    game = stacked_game(["2C 3C", "2D 3D"], starter, dealer=0)
    assert game.state.current_player == 1
    assert game.state.crank == crank
    assert [len(h) for h in game.state.hands] == [2, 2 + other_draws]


def test_two_players_starter_6_the_dealer_plays_first() -> None:
    game = stacked_game(["2C 3C", "2D 3D"], "6H", dealer=1)
    assert game.state.current_player == 1


@pytest.mark.parametrize("starter", ["8H", "9H"])
def test_while_the_dealer_decides_the_starters_suit_nothing_else_can_be_done(starter: str) -> None:
    game = table4(starter)
    state = game.state
    assert state.current_player == DEALER
    assert all(isinstance(m, ChooseSuit) for m in game.legal_moves(DEALER))
    for seat in (0, 1, 3):
        assert game.legal_moves(seat) == []
        refused(game, Play(seat, state.hands[seat][0]))
        refused(game, Draw(seat))
        refused(game, Announce(seat))
        refused(game, CallIdiot(seat, DEALER))
        refused(game, ChooseSuit(seat, Suit.HEARTS))
    for held in state.hands[DEALER]:
        refused(game, Play(DEALER, held))
    refused(game, Play(DEALER, card("9S"), Suit.CLUBS))
    refused(game, Draw(DEALER))
    refused(game, Announce(DEALER))
    refused(game, CallIdiot(DEALER, LEFT))
    game.handle(ChooseSuit(DEALER, Suit.HEARTS))
    assert game.state.current_player == LEFT


def test_the_starter_is_the_bottom_of_the_discard_pile() -> None:
    game = stacked_game(["QH 2C", "JH 2D"], "KH")
    game.handle(Play(1, card("JH")))
    assert game.state.pile == tuple(cards("KH JH"))
