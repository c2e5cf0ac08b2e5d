"""A turn: what may be played, drawing, the empty stock, passes and the blocked round,
and refusals that change nothing."""

from __future__ import annotations

import pytest

from craits_core import (
    Announce,
    CallIdiot,
    Card,
    ChooseSuit,
    Draw,
    DrawReason,
    Game,
    Play,
    RuleSet,
    Suit,
    score_hand,
)
from craits_core.events import (
    CardPlayed,
    CardsDrawn,
    CrankEnded,
    RoundEnded,
    StockReshuffled,
    TurnBegan,
)
from craits_core.rules import round_blocked
from tests.decks import cards, stacked_game

from .helpers import codes, draws, kinds, of_type, refused, with_dry_stock


def card(code: str) -> Card:
    return Card.parse(code)


# Three players, dealer 0 (Ann): Bob (seat 1) plays first.


def three(seat1: str, starter: str = "KH", stock: str = "", seat2: str = "2D 3S 5D JC") -> Game:
    return stacked_game(["2C 3C 5C 7C", seat1, seat2], starter, stock)


# --- What may be played -------------------------------------------------------------------


def test_a_card_of_the_active_suit_can_be_played() -> None:
    game = three("QH 3D 5S 7S")
    events = game.handle(Play(1, card("QH")))
    assert kinds(events) == [CardPlayed, TurnBegan]
    assert game.state.top_card == card("QH")
    assert game.state.active_suit is Suit.HEARTS
    assert card("QH") not in game.state.hands[1]
    assert game.state.current_player == 2


def test_a_card_of_the_same_rank_can_be_played_and_its_suit_becomes_active() -> None:
    game = three("KS 3D 5S 7S")
    game.handle(Play(1, card("KS")))
    assert game.state.top_card == card("KS")
    assert game.state.active_suit is Suit.SPADES
    assert game.state.current_player == 2


def test_a_card_of_another_suit_and_rank_cannot_be_played() -> None:
    game = three("QH 3D 5S 7S")
    for code in ("3D", "5S", "7S"):
        refused(game, Play(1, card(code)), "must-follow")
    assert {m.card for m in game.legal_moves(1) if isinstance(m, Play)} == {card("QH")}


@pytest.mark.parametrize("suit", list(Suit))
def test_an_eight_can_always_be_played_and_names_any_suit(suit: Suit) -> None:
    game = three("8C 3D 5S 7S")  # nothing else matches the KH
    assert {m.suit for m in game.legal_moves(1) if isinstance(m, Play)} == set(Suit)
    game.handle(Play(1, card("8C"), suit))
    assert game.state.top_card == card("8C")
    assert game.state.active_suit is suit
    assert game.state.current_player == 2


def test_after_an_eight_the_next_player_must_follow_the_named_suit_or_play_an_eight() -> None:
    game = three("8C 3D 5S 7S", seat2="QC JS 8D 2H")
    game.handle(Play(1, card("8C"), Suit.SPADES))
    refused(game, Play(2, card("QC")), "must-follow")  # the 8's own suit does not count
    refused(game, Play(2, card("2H")), "must-follow")
    plays = {(m.card, m.suit) for m in game.legal_moves(2) if isinstance(m, Play)}
    assert {c for c, _ in plays} == {card("JS"), card("8D")}
    after_eight = game.clone()
    game.handle(Play(2, card("JS")))
    assert game.state.active_suit is Suit.SPADES
    after_eight.handle(Play(2, card("8D"), Suit.HEARTS))
    assert after_eight.state.active_suit is Suit.HEARTS


def test_an_eight_must_name_a_suit() -> None:
    game = three("8C 3D 5S 7S")
    refused(game, Play(1, card("8C")), "suit-required")


def test_after_a_nine_switches_suit_the_next_player_follows_the_colour_mate() -> None:
    game = three("9H 3D 5S 7S", seat2="QH JD 2S 3S")
    game.handle(Play(1, card("9H"), Suit.DIAMONDS))
    assert game.state.active_suit is Suit.DIAMONDS
    refused(game, Play(2, card("QH")), "must-follow")
    game.handle(Play(2, card("JD")))
    assert game.state.top_card == card("JD")


# --- The must-follow refusal -------------------------------------------------------------


@pytest.mark.parametrize(
    ("starter", "message"),
    [
        ("JH", "You must follow hearts or play a J or an 8."),
        ("QD", "You must follow diamonds or play a Q or an 8."),
        ("3S", "You must follow spades or play a 3 or an 8."),
        ("KC", "You must follow clubs or play a K or an 8."),
        ("AH", "You must follow hearts or play an A or an 8."),
    ],
)
def test_the_must_follow_refusal_says_what_may_be_played(starter: str, message: str) -> None:
    game = stacked_game(["3C 5C 9C QC", "4S 6D 7C 2H", "2D 4D 5D JC"], starter)
    wrong = next(
        c
        for c in game.state.hands[1]
        if c.suit is not card(starter).suit and c.rank is not card(starter).rank
    )
    err = refused(game, Play(1, wrong), "must-follow")
    assert str(err) == message


def test_the_must_follow_refusal_after_an_eight_names_the_chosen_suit() -> None:
    game = three("8C 3D 5S 7S", seat2="QC JS 5D 2H")
    game.handle(Play(1, card("8C"), Suit.SPADES))
    err = refused(game, Play(2, card("QC")), "must-follow")
    assert str(err) == "You must follow spades or play an 8."


# --- Drawing ------------------------------------------------------------------------------


def test_a_player_who_cannot_play_draws_one_card_and_the_turn_ends() -> None:
    game = three("2S 3D 5S 7S", stock="QH 4C")  # no heart, no king, no 8
    assert game.legal_moves(1) == [Draw(1)]
    events = game.handle(Draw(1))
    assert events == [CardsDrawn(1, (card("QH"),), DrawReason.TURN, 1), TurnBegan(2)]
    assert sorted(game.state.hands[1]) == sorted(cards("2S 3D 5S 7S QH"))
    assert game.state.current_player == 2
    assert game.state.top_card == card("KH")
    # The drawn card is playable but is not played this turn.
    assert game.legal_moves(1) == []
    refused(game, Play(1, card("QH")), "not-your-turn")


def test_a_drawn_eight_is_not_played_either() -> None:
    game = three("2S 3D 5S 7S", stock="8H 4C")
    game.handle(Draw(1))
    assert card("8H") in game.state.hands[1]
    assert game.state.top_card == card("KH")
    assert game.state.current_player == 2


@pytest.mark.parametrize("playable", ["QH", "KS", "8D"])
def test_a_player_who_can_play_may_not_draw(playable: str) -> None:
    game = three(f"{playable} 3D 5S 7S")
    err = refused(game, Draw(1), "must-play")
    assert str(err)
    assert Draw(1) not in game.legal_moves(1)


# --- The empty stock ----------------------------------------------------------------------
# Five players, dealer 0, eight cards each: the stock holds 11 cards. The starter 5H and
# two more 5s empty it; the first cards drawn go to the seats in turn order.

FIVE_HANDS = [
    "7D 9D 10D JD QD AD 2D AH",  # seat 0: no club, no king, no 8
    "5D AS 2S 4S 6S 7S 9S 10S",  # seat 1: no club, no king, no 8 (after its 5D)
    "5C 2C AC 3C 4C 6C 7C 9C",
    "3H 4H 6H 7H 9H 10H JH QH",  # seat 3: no club, no 5, no 8, no ace, no 2
    "KC QC 8C KH KD KS 8D 8H",
]
FIVE_STOCK = "JS 10C 3D 8S JC 4D 5S 2H 6D QS 3S"


def five_table() -> Game:
    game = stacked_game(FIVE_HANDS, "5H", FIVE_STOCK)
    assert game.state.stock_size == 7  # the starter 5 made seats 1-4 draw one each
    assert game.state.current_player == 1
    return game


def test_a_forced_draw_from_an_empty_stock_reshuffles_the_discard_pile_but_its_top() -> None:
    game = five_table()
    game.handle(Play(1, card("5D")))  # seats 2, 3, 4, 0 draw: 3 cards left
    assert game.state.stock_size == 3
    events = game.handle(Play(2, card("5C")))  # seats 3, 4, 0 take the last 3; seat 1...
    drawn = of_type(events, CardsDrawn)
    assert [e.player for e in drawn] == [3, 4, 0, 1]
    assert [codes(e.cards) for e in drawn[:3]] == [["6D"], ["QS"], ["3S"]]
    reshuffled = of_type(events, StockReshuffled)
    assert len(reshuffled) == 1
    assert sorted(codes(reshuffled[0].cards)) == ["5D", "5H"]
    assert reshuffled[0].count == 2
    # ...takes one of the pile's cards; the top card, the 5C, stays face up.
    assert codes(drawn[3].cards) in (["5D"], ["5H"])
    assert events.index(reshuffled[0]) < events.index(drawn[3])
    assert game.state.pile == (card("5C"),)
    assert game.state.stock_size == 1
    assert game.state.current_player == 3


def drained() -> Game:
    """Stock empty, the pile 5C KC, seat 0 to move with nothing to play."""
    game = five_table()
    game.handle(Play(1, card("5D")))
    game.handle(Play(2, card("5C")))
    game.handle(Draw(3))  # cannot follow the 5C: takes the last card of the stock
    game.handle(Play(4, card("KC")))
    assert game.state.stock_size == 0
    assert game.state.pile == tuple(cards("5C KC"))
    assert game.state.current_player == 0
    return game


def test_a_player_who_must_draw_from_an_empty_stock_draws_from_the_reshuffled_pile() -> None:
    game = drained()
    assert game.legal_moves(0) == [Draw(0)]
    before = len(game.state.hands[0])
    events = game.handle(Draw(0))
    assert events == [
        StockReshuffled((card("5C"),), 1),
        CardsDrawn(0, (card("5C"),), DrawReason.TURN, 1),
        TurnBegan(1),
    ]
    assert len(game.state.hands[0]) == before + 1
    assert game.state.pile == (card("KC"),)  # the top card stays
    assert game.state.top_card == card("KC")
    assert game.state.active_suit is Suit.CLUBS
    assert game.state.stock_size == 0
    assert game.state.current_player == 1


def test_with_nothing_at_all_to_draw_the_player_passes_and_play_goes_on() -> None:
    game = drained()
    game.handle(Draw(0))
    hand = game.state.hands[1]
    assert game.legal_moves(1) == [Draw(1)]
    events = game.handle(Draw(1))
    assert of_type(events, CardsDrawn) == [CardsDrawn(1, (), DrawReason.TURN, 0)]
    assert of_type(events, RoundEnded) == []
    assert game.state.hands[1] == hand
    assert game.state.current_player == 2
    assert game.state.round_number == 1
    assert game.state.round_scores == ()


def test_a_crank_draw_comes_up_short_when_the_cards_run_out() -> None:
    game = drained()
    game.handle(Draw(0))
    game.handle(Draw(1))  # a pass
    game.handle(Play(2, card("2C")))  # the crank at 2 against seat 3, who holds no A or 2
    assert game.state.crank == 2
    before = len(game.state.hands[3])
    events = game.handle(Draw(3))
    assert of_type(events, StockReshuffled) == [StockReshuffled((card("KC"),), 1)]
    assert draws(events) == [(3, ["KC"])]  # 1 card, not 2
    assert len(game.state.hands[3]) == before + 1
    assert of_type(events, CrankEnded)
    assert game.state.crank == 0
    assert game.state.pile == (card("2C"),)
    assert game.state.current_player == 4


# --- The blocked round --------------------------------------------------------------------
# With the standard rules somebody can always follow once the stock and the pile are
# used up (the active suit is then all in hand), so every player passing needs players
# allowed to draw instead of playing.


def test_when_every_player_passes_and_nothing_can_be_drawn_the_round_ends_as_it_stands() -> None:
    rules = RuleSet(voluntary_draw=True)
    game = stacked_game(["QH JH 2C 3C 4C 5C 6C 7C", "2D 3D 4D 5D 6D 7D 9D 10D"], "KH", rules=rules)
    assert game.state.current_player == 1
    while game.state.stock_size:
        game.handle(Draw(game.state.current_player))
    assert len(game.state.pile) == 1  # nothing to reshuffle
    first = game.state.current_player
    events = game.handle(Draw(first))
    assert draws(events) == [(first, [])]
    assert of_type(events, RoundEnded) == []  # the other player may still play
    hands = game.state.hands
    expected = [score_hand(h) for h in hands]
    events = game.handle(Draw(1 - first))
    ended = of_type(events, RoundEnded)
    assert len(ended) == 1
    assert ended[0].went_out == ()
    assert ended[0].scores == tuple(expected)
    assert [sorted(h) for h in ended[0].hands] == [sorted(h) for h in hands]
    assert game.state.round_scores == (tuple(expected),)
    assert game.state.totals == tuple(expected)
    # The game goes on with the next round.
    assert game.state.round_number == 2
    assert game.state.hand_size == 7
    assert game.state.dealer == 1


def test_a_blocked_round_needs_every_player_to_pass_in_turn() -> None:
    rules = RuleSet(voluntary_draw=True)
    game = stacked_game(["QH JH 2C 3C 4C 5C 6C 7C", "2D 3D 4D 5D 6D 7D 9D 10D"], "KH", rules=rules)
    while game.state.stock_size:
        game.handle(Draw(game.state.current_player))
    first = game.state.current_player
    game.handle(Draw(first))  # a pass
    other = 1 - first
    playable = next(
        m
        for m in game.legal_moves(other)
        if isinstance(m, Play) and m.card.rank.label not in ("2", "4", "5", "6", "7")
    )
    game.handle(playable)  # a play in between: the passes start again
    assert game.state.round_number == 1
    game.handle(Draw(first))  # a card comes from the reshuffled pile
    assert game.state.round_number == 1
    assert game.state.round_scores == ()


def test_a_round_is_blocked_once_everyone_holding_cards_has_passed() -> None:
    hands = (tuple(cards("2C")), (), tuple(cards("3D 4D")))
    assert round_blocked(hands, (True, False, True))  # the player who went out need not
    assert not round_blocked(hands, (True, False, False))
    assert not round_blocked(hands, (False, True, True))


@pytest.mark.parametrize(
    ("reason", "taken", "is_pass"),
    [
        (DrawReason.TURN, 0, True),
        (DrawReason.TURN, 1, False),
        (DrawReason.CRANK, 0, False),  # it only ends the crank
        (DrawReason.PENALTY, 0, False),
        (DrawReason.SEVEN, 0, False),
        (DrawReason.FIVE, 0, False),
    ],
)
def test_only_a_players_own_draw_that_brings_nothing_is_a_pass(
    reason: DrawReason, taken: int, is_pass: bool
) -> None:
    assert reason.is_pass(taken) is is_pass


def dry_table(bob: str, cy: str = "2D 3S") -> Game:
    """Three players with two cards each (round 7), voluntary draw, dealer Ann. The
    stock is gone (Ann holds it all) and the pile is the starter KH alone; Bob to play."""
    rules = RuleSet(voluntary_draw=True)
    return with_dry_stock(stacked_game(["2C 3C", bob, cy], "KH", rules=rules), 0)


def idiot_with_nothing_left(game: Game, card_down_to_one: str) -> None:
    """Bob plays ``card_down_to_one`` and does not announce; Ann calls him an idiot. His
    penalty takes the only card under the top (the starter, reshuffled): from then
    on nothing at all can be drawn, and Bob has a turn to lose."""
    game.handle(Play(1, card(card_down_to_one)))
    game.handle(CallIdiot(0, 1))
    assert game.state.stock_size == 0
    assert game.state.pile == (card(card_down_to_one),)
    assert game.state.lost_turns[1] == 1


def pass_round_to_bob(game: Game) -> dict[int, int]:
    """Everyone to play passes until it is Bob's turn; the round must go on meanwhile.
    Returns how many times each seat passed."""
    passes = {0: 0, 2: 0}
    while game.state.current_player != 1:
        seat = game.state.current_player
        assert seat is not None
        events = game.handle(Draw(seat))
        assert draws(events) == [(seat, [])]
        assert of_type(events, RoundEnded) == [], "the round ended before Bob passed"
        passes[seat] += 1
    return passes


@pytest.mark.parametrize(
    "card_down_to_one",
    [
        "QH",  # Cy then Ann pass; Bob is passed over; Cy and Ann pass again
        "4H",  # the same, but the 4 skips Cy first: Ann passes first
    ],
)
def test_a_player_passed_over_for_a_lost_turn_has_not_passed(card_down_to_one: str) -> None:
    game = dry_table(bob=f"{card_down_to_one} QS")
    idiot_with_nothing_left(game, card_down_to_one)
    passes = pass_round_to_bob(game)
    assert passes[0] >= 2 and passes[2] >= 1
    assert game.state.lost_turns[1] == 0  # used up on the way
    assert any(isinstance(m, Play) for m in game.legal_moves(1))  # Bob could still play
    events = game.handle(Draw(1))  # but he passes too: now everybody has
    ended = of_type(events, RoundEnded)
    assert len(ended) == 1
    assert ended[0].went_out == ()


def test_a_pass_that_only_ended_a_crank_is_not_a_pass_in_turn() -> None:
    # Nothing to draw in a crank takes an idiot's penalty on the player of its last
    # card (it alone can empty the pile under that card), and that player's lost turn
    # comes round before the crank's victim plays again: so this never ends a round
    # early on its own. The state still keeps it right.
    game = dry_table(bob="2H QS", cy="3S JC")
    idiot_with_nothing_left(game, "2H")
    assert game.state.crank == 2 and game.state.current_player == 2
    events = game.handle(Draw(2))  # Cy holds no ace or 2, and there is nothing to draw
    assert draws(events) == [(2, [])]
    assert of_type(events, CrankEnded)
    assert game.state.passed == (False, False, False)  # Cy may yet follow the 2H
    assert game.state.current_player == 0
    passes = pass_round_to_bob(game)  # Ann, Bob passed over, Cy, Ann
    assert passes == {0: 2, 2: 1}
    assert game.state.passed == (True, False, True)
    events = game.handle(Draw(1))
    assert len(of_type(events, RoundEnded)) == 1


def test_a_player_skipped_by_a_4_has_not_passed() -> None:
    game = dry_table(bob="4H QS")
    game.handle(Play(1, card("4H")))  # skips Cy
    assert game.state.current_player == 0
    game.handle(Draw(0))  # Ann takes the reshuffled starter: not a pass
    assert game.state.stock_size == 0 and len(game.state.pile) == 1
    game.handle(Draw(1))  # Bob passes
    assert game.state.passed == (False, True, False)
    assert game.state.current_player == 2
    events = game.handle(Draw(2))  # Cy passes: Ann has not passed yet
    assert of_type(events, RoundEnded) == []
    events = game.handle(Draw(0))
    assert len(of_type(events, RoundEnded)) == 1


# --- Refusals change nothing ----------------------------------------------------------------


def refusal_table() -> Game:
    # Bob (seat 1) to play on KH; he can play QH, the 8C or the 9H.
    return three("QH 8C 9H 3D", seat2="2D 3S 5D JC")


@pytest.mark.parametrize(
    "command",
    [
        Play(1, card("JS")),  # not in hand
        Play(1, card("3D")),  # does not follow
        Play(1, card("8C")),  # an 8 without a suit
        Play(1, card("9H"), Suit.SPADES),  # a 9 switches only to its colour mate
        Play(1, card("QH"), Suit.HEARTS),  # only an 8 or a 9 names a suit
        Play(2, card("2D")),  # not their turn
        Play(0, card("2C")),  # not their turn
        Draw(1),  # can play, may not draw
        Draw(2),  # not their turn
        ChooseSuit(1, Suit.HEARTS),  # no starter suit to decide
        Announce(1),  # four cards in hand
        CallIdiot(2, 1),  # wrong call: four cards
        CallIdiot(1, 1),  # calling oneself
        Play(7, card("QH")),  # no such seat
        Draw(-1),
    ],
    ids=repr,
)
def test_an_illegal_command_is_refused_and_changes_nothing(command: object) -> None:
    game = refusal_table()
    moves = game.legal_moves(1)
    refused(game, command)
    assert game.legal_moves(1) == moves
    game.handle(Play(1, card("QH")))  # the game goes on as if nothing happened
    assert game.state.current_player == 2


def test_a_player_out_of_turn_is_told_whose_turn_it_is() -> None:
    game = refusal_table()
    err = refused(game, Play(2, card("2D")), "not-your-turn")
    assert "Bob" in str(err)
    err = refused(game, Draw(0), "not-your-turn")
    assert "Bob" in str(err)


def test_a_player_cannot_play_twice_in_a_row() -> None:
    game = refusal_table()
    game.handle(Play(1, card("QH")))
    refused(game, Play(1, card("9H")), "not-your-turn")
    refused(game, Draw(1), "not-your-turn")
