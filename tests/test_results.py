"""A finished game's result as the game over shows it: places (ties shared), each
round's points and running totals, each player's best and worst round. Worked
out without the UI."""

from __future__ import annotations

import subprocess
import sys

from craits_core import Game, RuleSet
from craits_tui.results import MarkedRound, RoundRow, game_results, results_of

from .helpers import play_out

FULL = RuleSet().schedule
SHORT = RuleSet(short_game=True).schedule


def test_each_round_has_its_hand_size_and_everyones_running_total() -> None:
    results = game_results(["Ann", "Bob"], FULL, 1, [(10, 0), (0, 25), (-50, 30)], winners=(0,))
    assert results.rounds == (
        RoundRow(1, 8, (10, 0), (10, 0)),
        RoundRow(2, 7, (0, 25), (10, 25)),
        RoundRow(3, 6, (-50, 30), (-40, 55)),
    )


def test_a_game_started_later_in_the_schedule_numbers_its_rounds_from_there() -> None:
    results = game_results(["Ann", "Bob"], FULL, 8, [(5, 0), (0, 20)], winners=(0,))
    assert [(r.number, r.hand_size) for r in results.rounds] == [(8, 1), (9, 2)]


def test_places_go_by_the_lowest_total_and_equal_totals_share_one() -> None:
    # Totals: Ann 30, Bob 10, Cy 30, Di 10, Ed 50.
    scores = [(30, 10, 30, 10, 50)]
    results = game_results(["Ann", "Bob", "Cy", "Di", "Ed"], FULL, 1, scores, winners=(1, 3))
    placed = [(p.name, p.place, p.total, p.tied_with) for p in results.placings]
    assert placed == [
        ("Bob", 1, 10, (3,)),
        ("Di", 1, 10, (1,)),
        ("Ann", 3, 30, (2,)),
        ("Cy", 3, 30, (0,)),
        ("Ed", 5, 50, ()),
    ]
    assert results.winners == (1, 3)
    assert results.placing(4).place == 5


def test_the_best_round_is_the_fewest_points_and_the_worst_the_most() -> None:
    scores = [(40, 0), (-50, 10), (120, 0), (0, 90)]
    results = game_results(["Ann", "Bob"], SHORT, 1, scores, winners=(1,))
    ann, bob = results.placing(0), results.placing(1)
    assert ann.best == MarkedRound(number=2, hand_size=7, points=-50)
    assert ann.worst == MarkedRound(number=3, hand_size=6, points=120)
    # Bob scored 0 in rounds 1 and 3: the earlier one is his best.
    assert bob.best == MarkedRound(number=1, hand_size=8, points=0)
    assert bob.worst == MarkedRound(number=4, hand_size=5, points=90)


def test_with_no_round_scored_there_is_no_best_or_worst_round() -> None:
    results = game_results(["Ann", "Bob"], FULL, 1, [], winners=(0, 1))
    assert results.rounds == ()
    assert [(p.total, p.place, p.best, p.worst) for p in results.placings] == [
        (0, 1, None, None),
        (0, 1, None, None),
    ]


def test_a_damaged_record_still_gives_a_result() -> None:
    # A round with a score missing, one with a score too many, a round past the
    # schedule's end, no winners named: shown as far as it goes, nothing raised.
    results = game_results(["Ann", "Bob"], SHORT, 8, [(5,), (1, 2, 3)], winners=())
    assert results.rounds == (
        RoundRow(8, 1, (5, 0), (5, 0)),
        RoundRow(9, 0, (1, 2), (6, 2)),
    )
    assert results.winners == (1,)  # the lowest total


def test_a_played_game_gives_the_totals_and_winners_the_engine_gave() -> None:
    game = Game.new(["Ann", "Bob", "Cy", "Di", "Ed"], seed=11)
    play_out(game, seed=11)
    view = game.view(2)
    results = results_of(view)
    assert len(results.rounds) == 15
    assert results.rounds[-1].totals == view.totals
    assert [r.points for r in results.rounds] == list(view.round_scores)
    assert {p.seat for p in results.placings if p.place == 1} == set(view.winners)
    assert results.winners == view.winners
    assert [p.total for p in results.placings] == sorted(view.totals)


def test_working_out_the_results_loads_no_ui_library() -> None:
    code = (
        "import sys, craits_tui.results\n"
        "ui = [m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')]\n"
        "print(','.join(ui))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == ""
