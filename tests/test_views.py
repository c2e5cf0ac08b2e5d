"""What a seat may know: `game.view(seat)` and the redacted stream `game.events_for`."""

from __future__ import annotations

import random
from dataclasses import fields, replace
from typing import Any

import pytest

from craits_core import (
    CallIdiot,
    Card,
    ChooseSuit,
    Draw,
    DrawReason,
    Game,
    Play,
    RuleSet,
    Suit,
    event_to_dict,
)
from craits_core.events import (
    CardsDrawn,
    Event,
    GameStarted,
    RoundEnded,
    RoundStarted,
    StockReshuffled,
)
from tests.decks import cards, stacked_game
from tests.helpers import cards_in, kinds, of_type

NAMES = ["Ann", "Bob", "Cy", "Di", "Ed"]

# Dealer 0: seat 1 plays first. The stock's top cards are QC, JD, 10H.
HANDS = ["AH 5C 9D", "2D 7D JC", "KH QH 4S"]
STARTER = "KD"
STOCK = "QC JD 10H"


def table(**kwargs: Any) -> Game:
    return stacked_game(HANDS, STARTER, STOCK, **kwargs)


def card(code: str) -> Card:
    return Card.parse(code)


def random_game(
    seed: int, players: int = 4, until: type[Event] | None = None, steps: int = 300
) -> Game:
    """A game played at random for ``steps`` moves, or until an event of class ``until``."""
    game = Game.new(NAMES[:players], seed=seed)
    rnd = random.Random(seed)
    for _ in range(100_000 if until else steps):
        if until and any(isinstance(e, until) for e in game.events):
            break
        seat = game.state.current_player
        game.handle(rnd.choice(game.legal_moves(seat)))
    return game


# --- game.view -------------------------------------------------------------------------


def test_a_seat_sees_its_own_hand_and_only_the_sizes_of_the_others() -> None:
    game = table()
    view = game.view(0)
    assert view.seat == 0
    assert view.players == ("Ann", "Bob", "Cy")
    assert view.rules == RuleSet()
    assert view.hand == tuple(cards(HANDS[0]))
    assert view.hand_sizes == (3, 3, 3)
    assert view.discard == (card("KD"),)
    assert view.top_card == card("KD")
    assert view.active_suit is Suit.DIAMONDS
    assert view.crank == 0
    assert view.direction == 1
    assert view.current_player == 1
    assert view.choosing_suit is False
    assert view.dealer == 0
    assert view.round_number == 6  # Three cards each: round 6 of the schedule.
    assert view.hand_size == 3
    assert view.stock_size == 52 - 9 - 1
    assert view.announced == (False, False, False)
    assert view.window is None
    assert view.lost_turns == (0, 0, 0)
    assert view.round_scores == ()
    assert view.totals == (0, 0, 0)
    assert view.is_over is False
    assert view.winners == ()
    assert view.rounds == 15
    shown = set(cards_in(view))
    assert shown == set(cards(HANDS[0])) | {card("KD")}


@pytest.mark.parametrize("seat", [0, 1, 2, None])
def test_every_seat_sees_the_same_table_but_its_own_hand(seat: int | None) -> None:
    game = table()
    game.handle(Play(1, card("7D")))
    view, spectator = game.view(seat), game.view(None)
    for f in fields(view):
        if f.name not in ("seat", "hand"):
            assert getattr(view, f.name) == getattr(spectator, f.name), f.name
    assert view.seat == seat
    assert view.hand == (game.state.hands[seat] if seat is not None else ())


def test_a_spectator_sees_no_hand() -> None:
    game = table()
    view = game.view(None)
    assert view.seat is None
    assert view.hand == ()
    assert view.hand_sizes == (3, 3, 3)
    assert set(cards_in(view)) == {card("KD")}


@pytest.mark.parametrize("seat", [3, -1, 99, "0", 1.0])
def test_there_is_no_view_for_a_seat_not_at_the_table(seat: Any) -> None:
    with pytest.raises(ValueError):
        table().view(seat)


def test_the_view_follows_the_play() -> None:
    game = table()
    game.handle(Play(1, card("7D")))  # Cy draws one (QC) and then plays.
    for seat in (0, 1, 2, None):
        view = game.view(seat)
        assert view.hand_sizes == (3, 2, 4)
        assert view.discard == (card("KD"), card("7D"))
        assert view.stock_size == 41
        assert view.current_player == 2
        assert (card("QC") in set(cards_in(view))) is (seat == 2)
    assert game.view(2).hand == (*cards(HANDS[2]), card("QC"))
    assert game.view(1).hand == tuple(cards("2D JC"))


def test_the_whole_discard_pile_is_shown_bottom_first() -> None:
    game = table()
    game.handle(Play(1, card("7D")))
    game.handle(Draw(2))  # Cy (KH QH 4S QC) cannot follow the 7D.
    game.handle(Play(0, card("9D")))
    assert game.view(1).discard == (card("KD"), card("7D"), card("9D"))


def test_an_eight_names_the_active_suit() -> None:
    game = stacked_game(["AH 5C 9D", "8S 7D JC", "KH QH 4S"], STARTER, STOCK)
    game.handle(Play(1, card("8S"), Suit.HEARTS))
    view = game.view(0)
    assert view.top_card == card("8S")
    assert view.active_suit is Suit.HEARTS


def test_a_nine_can_switch_to_its_colour_mate() -> None:
    game = stacked_game(["AH 5C 7C", "9D 7D JC", "KH QH 4S"], STARTER, STOCK)
    game.handle(Play(1, card("9D"), Suit.HEARTS))
    assert game.view(2).active_suit is Suit.HEARTS
    assert game.view(2).top_card == card("9D")


def test_the_starter_eight_shows_the_dealer_choosing() -> None:
    game = stacked_game(HANDS, "8S", STOCK)
    view = game.view(2)
    assert view.choosing_suit is True
    assert view.current_player == 0
    game.handle(ChooseSuit(0, Suit.CLUBS))
    view = game.view(2)
    assert view.choosing_suit is False
    assert view.active_suit is Suit.CLUBS
    assert view.current_player == 1


def test_the_crank_shows_its_count() -> None:
    game = table()
    game.handle(Play(1, card("2D")))
    assert [game.view(seat).crank for seat in (0, 1, 2, None)] == [2, 2, 2, 2]
    assert game.view(0).current_player == 2
    game.handle(Draw(2))  # Cy has no ace or 2: draws 2.
    assert game.view(0).crank == 0
    assert game.view(0).hand_sizes == (3, 2, 5)


def test_a_ten_reverses_the_direction() -> None:
    game = stacked_game(["AH 5C 9D", "10D 7D JC", "KH QH 4S"], STARTER, STOCK)
    game.handle(Play(1, card("10D")))
    assert game.view(2).direction == -1
    assert game.view(2).current_player == 0


def test_the_last_card_window_and_an_announcement_are_shown() -> None:
    game = stacked_game(["KH 4C", "QD 5S", "JC 9H"], "KD", "2H 3H 4H 5H 6H")
    game.handle(Play(1, card("QD")))
    view = game.view(2)
    assert view.window == 1
    assert view.announced == (False, False, False)
    announced = stacked_game(["KH 4C", "QD 5S", "JC 9H"], "KD", "2H 3H 4H 5H 6H")
    announced.handle(Play(1, card("QD"), announce=True))
    assert announced.view(0).announced == (False, True, False)
    assert announced.view(None).announced == (False, True, False)


def test_an_idiot_call_shows_as_a_lost_turn_until_it_is_used() -> None:
    game = stacked_game(["KH 4C", "QD 5S", "JC 9H"], "KD", "2H 3H 4H 5H 6H")
    game.handle(Play(1, card("QD")))
    game.handle(CallIdiot(0, 1))
    view = game.view(2)
    assert view.lost_turns == (0, 1, 0)
    assert view.window is None
    assert view.hand_sizes == (2, 3, 2)
    assert game.view(1).hand == tuple(cards("5S 2H 3H"))
    game.handle(Draw(2))
    game.handle(Draw(0))  # Bob's turn is lost: Cy plays next.
    view = game.view(1)
    assert view.lost_turns == (0, 0, 0)
    assert view.current_player == 2


def test_scores_show_after_a_round() -> None:
    game = stacked_game(["KD", "QS", "5H"], "KS")  # One card each: round 8.
    game.handle(Play(1, card("QS")))
    view = game.view(0)
    assert view.round_scores == ((10, 0, 30),)
    assert view.totals == (10, 0, 30)
    assert view.round_number == 9
    assert view.hand_size == 2
    assert view.dealer == 1
    assert view.is_over is False
    assert view.winners == ()


def test_the_view_at_the_end_of_the_game() -> None:
    game = stacked_game(["KD", "QS", "5H"], "KS", rules=RuleSet(short_game=True))
    game.handle(Play(1, card("QS")))
    for seat in (0, 1, 2, None):
        view = game.view(seat)
        assert view.is_over is True
        assert view.winners == (1,)
        assert view.totals == (10, 0, 30)
        assert view.current_player is None
        assert view.rounds == 8


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_no_view_shows_a_hidden_card(seed: int) -> None:
    game = Game.new(NAMES[:4], seed=seed)
    rnd = random.Random(seed)
    for _ in range(250):
        state = game.state
        for seat in (0, 1, 2, 3, None):
            hidden = set(state.stock)
            hidden.update(
                c for other, hand in enumerate(state.hands) if other != seat for c in hand
            )
            assert not set(cards_in(game.view(seat))) & hidden
        game.handle(rnd.choice(game.legal_moves(state.current_player)))


# --- game.events_for ---------------------------------------------------------------------


def test_another_seats_draw_is_only_a_count() -> None:
    game = table()
    start = len(game.events)
    game.handle(Play(1, card("7D")))  # Cy draws the QC.
    full = of_type(game.events[start:], CardsDrawn)
    assert full == [CardsDrawn(2, (card("QC"),), DrawReason.SEVEN, 1)]
    for seat in (0, 1, None):
        drawn = of_type(game.events_for(seat, start), CardsDrawn)
        assert drawn == [CardsDrawn(2, None, DrawReason.SEVEN, 1)]
    own = of_type(game.events_for(2, start), CardsDrawn)
    assert own == full


def test_own_draws_are_visible_and_others_are_counts_for_every_reason() -> None:
    game = stacked_game(["KH 4C", "QD 5S", "JC 9H"], "KD", "2H 3H 4H 5H 6H")
    start = len(game.events)
    game.handle(Play(1, card("QD")))
    game.handle(CallIdiot(0, 1))  # Bob draws 2H 3H as a penalty.
    game.handle(Draw(2))  # Cy draws 4H on the turn.
    full = of_type(game.events[start:], CardsDrawn)
    assert full == [
        CardsDrawn(1, tuple(cards("2H 3H")), DrawReason.PENALTY, 2),
        CardsDrawn(2, tuple(cards("4H")), DrawReason.TURN, 1),
    ]
    for seat in (0, 1, 2, None):
        drawn = of_type(game.events_for(seat, start), CardsDrawn)
        for shown, event in zip(drawn, full, strict=True):
            assert event.cards is not None
            assert shown.count == len(event.cards)
            assert shown.cards == (event.cards if event.player == seat else None)
            assert (shown.player, shown.reason) == (event.player, event.reason)


def test_a_deal_shows_only_the_seats_own_hand_and_the_starter() -> None:
    game = table()
    deal = game.events[2]
    assert isinstance(deal, RoundStarted) and deal.deck is not None and len(deal.deck) == 52
    for seat in (0, 1, 2):
        shown = game.events_for(seat)[2]
        assert shown == RoundStarted(
            round_number=6,
            hand_size=3,
            dealer=0,
            deck=None,
            hand=tuple(cards(HANDS[seat])),
            starter=card(STARTER),
            stock_size=42,
        )
        assert set(cards_in(shown)) == set(cards(HANDS[seat])) | {card(STARTER)}
    spectator = game.events_for(None)[2]
    assert spectator == RoundStarted(6, 3, 0, None, None, card(STARTER), 42)
    assert set(cards_in(spectator)) == {card(STARTER)}


def test_a_later_deal_is_redacted_too() -> None:
    game = stacked_game(["KD", "QS", "5H"], "KS")
    start = len(game.events)
    game.handle(Play(1, card("QS")))  # Bob goes out: round 9 is dealt.
    state = game.state
    for seat in (0, 1, 2, None):
        deals = of_type(game.events_for(seat, start), RoundStarted)
        assert len(deals) == 1
        deal = deals[0]
        assert deal.deck is None
        assert deal.starter == state.pile[0]
        assert deal.stock_size == len(state.stock)
        assert deal.hand == (state.hands[seat] if seat is not None else None)


@pytest.mark.parametrize("seed", [5, "secret seed"])
def test_game_started_carries_no_seed(seed: int | str) -> None:
    game = Game.new(NAMES[:3], seed=seed)
    started = game.events[0]
    assert isinstance(started, GameStarted) and started.seed == seed
    for seat in (0, 1, 2, None):
        shown = game.events_for(seat)[0]
        assert shown == replace(started, seed=None)
        # Nor does its stored or sent form.
        assert "seed" not in event_to_dict(shown)


def test_a_reshuffle_shows_only_a_count() -> None:
    game = random_game(4, players=5, until=StockReshuffled)
    found = [e for e in game.events if isinstance(e, StockReshuffled)]
    assert found
    for seat in (0, 1, 2, 3, 4, None):
        stream = game.events_for(seat)
        for event in found:
            assert event.cards is not None and event.count == len(event.cards)
            assert stream[game.events.index(event)] == StockReshuffled(None, event.count)


@pytest.mark.parametrize("seed", [6, 7])
def test_public_events_pass_unchanged(seed: int) -> None:
    game = random_game(seed, players=3, until=RoundEnded)
    game.handle(game.legal_moves(game.state.current_player)[0])
    secret = (GameStarted, RoundStarted, CardsDrawn, StockReshuffled)
    for seat in (0, 1, 2, None):
        for shown, event in zip(game.events_for(seat), game.events, strict=True):
            if not isinstance(event, secret):
                assert shown == event
    ended = of_type(game.events_for(None), RoundEnded)
    assert ended and all(len(e.hands) == 3 for e in ended)


@pytest.mark.parametrize("seed", [8, 9, 10])
def test_a_redacted_stream_has_as_many_events_as_the_log(seed: int) -> None:
    game = Game.new(NAMES[: 2 + seed % 4], seed=seed, rules=RuleSet(short_game=True))
    rnd = random.Random(seed)
    players = len(game.state.players)
    for step in range(400):
        if game.state.is_over:
            break
        if step % 25 == 0:
            size = len(game.events)
            for seat in [*range(players), None]:
                stream = game.events_for(seat)
                assert len(stream) == size
                assert kinds(stream) == kinds(game.events)
                for since in (0, 3, size // 2, size - 1, size):
                    assert game.events_for(seat, since) == stream[since:]
        game.handle(rnd.choice(game.legal_moves(game.state.current_player)))


def test_events_for_leaves_the_log_alone() -> None:
    game = random_game(11, players=4, steps=200)
    before = game.to_json()
    for seat in (0, 1, 2, 3, None):
        game.events_for(seat)
    assert game.to_json() == before


@pytest.mark.parametrize("seat", [3, -1, 7])
def test_a_stream_for_a_seat_not_at_the_table_shows_no_hidden_card(seat: int) -> None:
    # Such a seat is refused (like `view`) or treated as a spectator; it never gets
    # somebody's hand.
    game = table()
    try:
        stream = game.events_for(seat)
    except ValueError:
        return
    hidden = {c for hand in game.state.hands for c in hand} | set(game.state.stock)
    assert not set(cards_in(stream)) & hidden, stream[2]
