"""Who really played a game, and so who is rated and how people place."""

from __future__ import annotations

from craits_tui.online.server.attendance import (
    DOZING_TIMEOUTS,
    LEAVING_TIMEOUTS,
    Attendance,
    Mover,
    Person,
    placings,
)
from craits_tui.online.server.ratings import ranks


def played(*movers: Mover) -> Attendance:
    attendance = Attendance()
    for at, by in enumerate(movers):
        attendance = attendance.moved(by, at)
    return attendance


def person(name: str, total: int, attendance: Attendance, *, here: bool = True) -> Person:
    return Person(f"key:{name}", name, total, here, attendance)


P, B, C = Mover.PERSON, Mover.BOT, Mover.CLOCK


def test_half_of_ones_own_moves_is_taking_part() -> None:
    assert played(P, P, B, B).took_part
    assert not played(P, B, B).took_part
    assert played().took_part  # no move yet, in a game over at once
    assert not played(C, C, P).took_part  # a timed-out move is the bot's


def test_two_run_outs_in_a_row_doze_and_three_in_a_game_count_as_leaving() -> None:
    assert played(*[C] * DOZING_TIMEOUTS).dozing
    assert not played(C, P, C).dozing
    assert played(C, C).back().in_row == 0  # a key pressed: awake
    tired = played(C, P, C, P, P, C)
    assert tired.timeouts == LEAVING_TIMEOUTS and tired.quit_at == 5
    assert played(C, P, C).quit_at is None


def test_a_game_is_rated_only_where_two_people_took_part() -> None:
    farmer = person("farmer", 0, played(P, P, P))
    stooges = [person(f"s{i}", 90, played(B, B, B), here=False) for i in range(3)]
    assert placings([farmer, *stooges], 100) == []
    rival = person("rival", 40, played(P, P, B))
    rated = placings([farmer, rival, *stooges], 100)
    assert [p.left for p in rated] == [False, False, True, True, True]


def test_who_left_did_not_take_part_or_ran_out_three_times_places_after_who_stayed() -> None:
    went = Attendance(moves=4, own=4).away(30)
    people = [
        person("ann", 80, played(P, P, P, P)),
        person("bob", 0, played(C, P, C, P, C, P)),  # three run-outs: gone at the fifth
        person("cy", 10, went, here=False),
        person("di", 5, played(P, B, B, B)),  # here, but a bot played most of it
    ]
    rated = placings(people, 100)
    assert [(p.left, p.left_at) for p in rated] == [
        (False, 100),
        (True, 4),
        (True, 30),
        (True, 100),
    ]
    assert ranks(rated) == [1, 4, 3, 2]


def test_a_game_its_people_all_left_at_once_tells_nothing() -> None:
    gone = [person(n, 0, Attendance(moves=3, own=3).away(50), here=False) for n in "ab"]
    assert placings(gone, 60) == []
    apart = [
        person("a", 0, Attendance(moves=3, own=3).away(40), here=False),
        person("b", 0, Attendance(moves=3, own=3).away(50), here=False),
    ]
    assert ranks(placings(apart, 60)) == [2, 1]


def test_an_attendance_is_saved_and_read_back_and_nonsense_counts_as_none() -> None:
    attendance = played(P, C, B).away(7)
    assert Attendance.from_dict(attendance.to_dict()) == attendance
    assert Attendance.from_dict({"moves": -3, "own": "x", "gone_at": 2.5}) == Attendance()
