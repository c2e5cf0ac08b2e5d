"""The bot tournament's bench (`python bench/bots.py`): the same-deals mode plays
every level on the same deals, and its differences are the paired figures'."""

from __future__ import annotations

import statistics
from types import ModuleType

import pytest

from tests.benches import bench_package


@pytest.fixture
def bench(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """The bench's `_bots` package, importable as the script imports it."""
    return bench_package(monkeypatch, "_bots", ("cli", "config", "ladder"))


def config(bench: ModuleType, measured: tuple[str, ...], **changes: object) -> object:
    options = {"deals": 4, "players": 4, "seed": 3, "hand_size": None, **changes}
    return bench.config.Config(measured=measured, baseline="random", **options)


def test_every_level_plays_the_same_deals_and_a_pairs_difference_is_the_figures(
    bench: ModuleType,
) -> None:
    ladder = bench.ladder.collect_ladder(config(bench, ("random", "easy")), jobs=1)
    decks = ladder.baseline_dealt
    assert len(set(decks)) == 4
    for figures in ladder.levels.values():
        assert [set(tables) for tables in figures.dealt] == [{deck} for deck in decks]
        assert len(figures.in_place) == 4
    easy, rand = ladder.levels["easy"].in_place, ladder.levels["random"].in_place
    assert rand == [0.0] * 4  # the baseline in its own place
    assert ladder.per_deal_difference("easy", "random") == [
        e - r for e, r in zip(easy, rand, strict=True)
    ]
    assert ladder.difference("easy", "random").mean == pytest.approx(
        statistics.fmean(easy) - statistics.fmean(rand)
    )


def test_the_deals_do_not_depend_on_the_levels(bench: ModuleType) -> None:
    make_deal = bench.config.make_deal
    assert [make_deal(config(bench, ("easy",)), i) for i in range(3)] == [
        make_deal(config(bench, ("expert", "hard")), i) for i in range(3)
    ]


def test_a_same_deals_run_prints_each_level_each_pair_and_the_ladder(
    bench: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["random,easy", "random", "--same-deals", "--rounds", "4", "--jobs", "1"]
    assert bench.cli.main("", argv) == 0
    out = capsys.readouterr().out
    assert "easy - random" in out
    assert "the ladder random < easy" in out


def test_whole_games_report_the_share_won_alone(
    bench: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    assert bench.cli.main("", ["easy", "random", "--games", "2", "--jobs", "1"]) == 0
    assert "lone easy won" in capsys.readouterr().out


def test_several_levels_need_the_same_deals(bench: ModuleType) -> None:
    with pytest.raises(SystemExit):
        bench.cli.parse_args("", ["random,easy", "random"])


def test_a_share_has_a_wilson_interval_within_zero_and_one(bench: ModuleType) -> None:
    from _stats import Proportion

    tenth = Proportion.of(10, 100)
    assert (round(tenth.low, 4), round(tenth.high, 4)) == (0.0552, 0.1744)
    none = Proportion.of(0, 6)
    assert none.low == pytest.approx(0) and 0 < none.high < 1
