"""The table's state without Textual: the feed of the shown seat, its turn and its
moves, and the hand on show to a watcher."""

from __future__ import annotations

from craits_core import Card, Game, Play
from craits_tui.seat import Seat
from craits_tui.table import LocalTable
from craits_tui.table_control import TableControl
from tests.decks import stacked_game

C = Card.parse


def ann_to_play() -> Game:
    return stacked_game(["7H KS 8C 2D QH", "3C 4C 5C 6C 9C"], "JH", dealer=1, names=["Ann", "Bob"])


def control_of(game: Game, seats: tuple[Seat, ...]) -> TableControl:
    table = LocalTable(game, seats)
    control = TableControl(table)
    control.feed.show_seat(control.seat)
    table.subscribe(control.feed.arrive)
    return control


def test_the_shown_seat_is_the_first_person_and_her_turn_waits_for_the_feed() -> None:
    game = ann_to_play()
    control = control_of(game, (Seat("Ann"), Seat("Bob", bot="normal")))
    assert control.seat == 0 and control.my_turn()
    assert Play(0, C("7H")) in control.moves()
    game.handle(Play(0, C("7H")))
    # Heard, not shown yet: the table is not caught up, and the turn is not hers.
    assert not control.caught_up and not control.my_turn()
    while control.feed.next() is not None:
        pass
    assert control.caught_up and not control.my_turn()
    assert control.moves() == ()


def test_moves_are_worked_out_again_after_the_game_moves_or_is_rewound() -> None:
    game = ann_to_play()
    control = control_of(game, (Seat("Ann"), Seat("Bob")))
    first = control.moves()
    assert control.moves() is first  # once an event
    control.forget_moves()
    assert control.moves() == first and control.moves() is not first


def test_a_watcher_sees_the_hand_of_the_player_to_move_unless_it_is_hidden() -> None:
    game = ann_to_play()
    control = control_of(game, (Seat("Ann", bot="easy"), Seat("Bob", bot="normal")))
    assert control.seat is None and control.moves() == () and not control.my_turn()
    shown = control.open_view()
    assert shown is not None and shown.hand == game.view(0).hand
    control.hand_hidden = True
    assert control.open_view() is None
