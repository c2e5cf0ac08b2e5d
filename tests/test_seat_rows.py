"""The seats' rows, worked out from a view alike at the table and in a replay."""

from __future__ import annotations

from dataclasses import replace

from craits_tui.seat import Seat
from craits_tui.seat_rows import SeatInfo, seat_rows
from tests.decks import stacked_game

SEATS = (Seat("Ann"), Seat("Bob", "hard"), Seat("Cy", "easy"))


def test_a_row_says_what_the_view_knows_of_each_seat() -> None:
    game = stacked_game(["AH 5C 9D", "2D 7D JC", "KH QH 4S"], "KD", dealer=1)
    view = replace(game.view(0), announced=(False, False, True), lost_turns=(0, 2, 0))
    view = replace(view, totals=(5, -3, 40))
    rows = seat_rows(view, SEATS, shown=[1, 2], dealer=view.dealer, callable_seats={2})
    assert rows == (
        SeatInfo(seat=1, name="Bob", cards=3, bot="hard", dealer=True, lost_turns=2, total=-3),
        SeatInfo(
            seat=2,
            name="Cy",
            cards=3,
            bot="easy",
            turn=True,
            announced=True,
            total=40,
            callable=True,
        ),
    )


def test_every_seat_in_order_without_a_dealer_or_players_where_not_given() -> None:
    view = stacked_game(["AH 5C 9D", "2D 7D JC", "KH QH 4S"], "KD").view(None)
    rows = seat_rows(view, None, dealer=None)
    assert [row.seat for row in rows] == [0, 1, 2]
    assert not any(row.dealer or row.known or row.bot for row in rows)


def test_seats_that_do_not_fit_the_table_are_not_known() -> None:
    view = stacked_game(["AH 5C 9D", "2D 7D JC", "KH QH 4S"], "KD").view(None)
    rows = seat_rows(view, SEATS[:2], dealer=view.dealer)
    assert [(row.known, row.bot) for row in rows] == [(False, None)] * 3
