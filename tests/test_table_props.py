"""What the table shows, worked out without Textual: from a seat's view and its moves
to each widget's part."""

from __future__ import annotations

from craits_core import Card, Game, Play
from craits_tui.faces import CardLook
from craits_tui.narrate import Narrator
from craits_tui.seat import Seat
from craits_tui.table_props import Seen, TableProps, table_props
from tests.decks import stacked_game

C = Card.parse
SEATS = (Seat("Ann"), Seat("Bob", bot="normal"))


def ann_to_play(hand: str = "7H KS 8C 2D QH", bob: str = "3C 4C 5C 6C 9C") -> Game:
    return stacked_game([hand, bob], "JH", dealer=1, names=["Ann", "Bob"])


def props_of(game: Game, seat: int | None, **facts: object) -> TableProps:
    view = game.view(seat)
    moves = game.legal_moves(seat) if seat is not None else []
    seen = Seen(
        seat=seat,
        seats=SEATS,
        others=[1] if seat == 0 else [0, 1] if seat is None else [0],
        caught_up=bool(facts.pop("caught_up", True)),
        **facts,  # type: ignore[arg-type]
    )
    if not seen.caught_up:
        moves = []
    return table_props(view, moves, seen, Narrator(view.players, seat, CardLook()))


def test_on_her_turn_the_player_sees_her_hand_with_what_fits_bright() -> None:
    props = props_of(ann_to_play(), 0)
    assert props.mine and props.urgent
    assert props.hand is not None
    assert props.hand.cards == ann_to_play().view(0).hand
    assert props.hand.playable == {C("7H"), C("8C"), C("QH")}
    assert props.hand.my_turn
    assert props.top == C("JH")
    assert not props.can_draw  # a card fits: no draw


def test_with_nothing_that_fits_the_stock_is_offered() -> None:
    props = props_of(ann_to_play("2S 3S 4S 5S 6S"), 0)
    assert props.hand is not None and not props.hand.playable
    assert props.can_draw and props.mine
    assert [row.name for row in props.seats] == ["Bob"]
    assert props.title[2] == "you: 0 pts"


def test_on_the_others_turn_nothing_is_bright_and_nothing_is_asked() -> None:
    game = ann_to_play()
    game.handle(Play(0, C("7H")))
    props = props_of(game, 0)
    assert not props.mine and not props.urgent
    assert props.hand is not None and not props.hand.playable and not props.hand.my_turn
    assert not props.can_draw and not props.last_card_enabled


def test_while_the_table_catches_up_the_status_waits() -> None:
    props = props_of(ann_to_play(), 0, caught_up=False)
    assert props.status == "…"
    assert not props.mine and not props.can_draw
    assert props.hand is not None and not props.hand.playable


def test_last_card_said_ahead_shows_only_when_it_can_ride_on_a_play() -> None:
    two = ann_to_play("7H KS", "3C 4C")
    assert props_of(two, 0, armed=True).last_card_armed
    assert props_of(two, 0).last_card_enabled
    assert not props_of(ann_to_play(), 0, armed=True).last_card_armed  # five cards


def test_watching_shows_the_hand_of_the_player_to_move_when_asked() -> None:
    game = ann_to_play()
    assert props_of(game, None).hand is None
    open_view = game.view(0)
    props = props_of(game, None, open_view=open_view)
    assert props.hand is not None
    assert props.hand.cards == open_view.hand and props.hand.my_turn
    assert props.hand.playable == {C("7H"), C("8C"), C("QH")}
    assert props.title[2] == "watching"
    assert props_of(game, None, paused=True).title[2] == "watching, paused"


def test_at_a_shared_terminal_the_title_names_the_hand_on_show() -> None:
    props = props_of(ann_to_play(), 0, hot_seat=True)
    assert props.title[2] == "Ann's hand · you: 0 pts"
