"""The command line: options that start a game, and the terminal's abilities."""

from __future__ import annotations

from pathlib import Path

import pytest

from craits_core import RuleSet
from craits_tui import i18n
from craits_tui.cli import _launch, build_parser, main, needs_ascii
from craits_tui.screens.table import TableScreen
from craits_tui.settings import Settings, save_settings

from .conftest import make_app, showing, until


@pytest.mark.parametrize(
    ("environ", "ascii"),
    [
        ({}, False),
        ({"LANG": "en_GB.UTF-8"}, False),
        ({"LANG": "it_IT.utf8"}, False),
        ({"LANG": "C"}, True),
        ({"LANG": "POSIX"}, True),
        ({"LANG": "en_US.ISO-8859-1"}, True),
        ({"LANG": "en_US.UTF-8", "LC_ALL": "C"}, True),
        ({"LANG": "C", "LC_CTYPE": "C.UTF-8"}, True),
        ({"LC_CTYPE": "C.UTF-8"}, False),
        ({"LANG": "de_DE.UTF-8@euro"}, False),
    ],
)
def test_suit_symbols_only_on_a_utf8_terminal(environ: dict[str, str], ascii: bool) -> None:
    assert needs_ascii(environ) is ascii


def test_players_and_bots_from_the_command_line() -> None:
    args = build_parser().parse_args(["--players", "3", "--seed", "7", "--bots", "random,normal"])
    game = _launch(args).new_game
    assert game is not None and game.seed == "7"
    assert [s.bot for s in game.seats] == [None, "random", "normal"]


@pytest.mark.parametrize(
    ("argv", "names"),
    [
        ([], ["Bob", "Ada", "Cy"]),  # you by your login name; no bot takes it
        (["--names", ",Cy"], ["Bob", "Cy", "Ada"]),
        (["--names", "Ann,Cy"], ["Ann", "Cy", "Ada"]),
        (["--humans", "0"], ["Ada", "Bob", "Cy"]),
    ],
)
def test_seats_are_named_as_the_set_up_names_them(
    argv: list[str], names: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("getpass.getuser", lambda: "bob")
    game = _launch(build_parser().parse_args(["--players", "3", *argv])).new_game
    assert game is not None and [seat.name for seat in game.seats] == names


def test_watch_seats_only_bots() -> None:
    game = _launch(build_parser().parse_args(["--watch"])).new_game
    assert game is not None and all(seat.is_bot for seat in game.seats)


def test_variants_from_the_command_line() -> None:
    args = build_parser().parse_args(["--players", "2", "--short", "--wild-nine", "--seven-skips"])
    rules = _launch(args).new_game.rules  # type: ignore[union-attr]
    assert rules.short_game and rules.wild_nine and rules.seven_skips
    assert not rules.colour_matching and not rules.voluntary_draw


RULE_FLAGS = {
    "--short": "short_game",
    "--colour-matching": "colour_matching",
    "--voluntary-draw": "voluntary_draw",
    "--seven-skips": "seven_skips",
    "--wild-nine": "wild_nine",
}


@pytest.mark.parametrize("flag", list(RULE_FLAGS))
def test_a_rule_flag_alone_starts_a_game_under_that_rule(
    flag: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("getpass.getuser", lambda: "bob")
    game = _launch(build_parser().parse_args([flag])).new_game
    quick = _launch(build_parser().parse_args(["--seed", "x"])).new_game
    assert game is not None and quick is not None
    # Seated as a quick game (--seed alone) is: you and three normal bots.
    assert game.seats == quick.seats and game.seed is None
    assert game.rules == RuleSet(**{RULE_FLAGS[flag]: True})


def test_hot_seat_alone_starts_a_game() -> None:
    game = _launch(build_parser().parse_args(["--humans", "2"])).new_game
    assert game is not None and [s.is_bot for s in game.seats] == [False, False, True, True]


async def test_the_short_game_flags_open_a_table_playing_by_them(tmp_path: Path) -> None:
    """`craits-tui --short --wild-nine`, as the README shows it: the 8-round game."""
    launch = _launch(build_parser().parse_args(["--short", "--wild-nine"]))
    app = make_app(tmp_path, launch=launch)
    async with app.run_test(size=(100, 32)) as pilot:
        await until(pilot, lambda: showing(app, TableScreen), "the table")
        rules = app.screen.table.game.state.rules  # type: ignore[attr-defined]
        assert rules == RuleSet(short_game=True, wild_nine=True)
        assert len(rules.schedule) == 8


@pytest.mark.parametrize(
    "argv", [["--players", "6"], ["--players", "1"], ["--bots", "genius"], ["--names", "Ann,Ann"]]
)
def test_bad_options_are_refused_with_a_reason(argv: list[str]) -> None:
    with pytest.raises(ValueError):
        _launch(build_parser().parse_args(argv))


def test_help_documents_every_option(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        build_parser().parse_args(["--help"])
    text = capsys.readouterr().out
    for option in (
        "--players",
        "--seed",
        "--watch",
        "--bots",
        "--short",
        "--ascii",
        "--pace",
        "--resume",
    ):
        assert option in text


@pytest.mark.parametrize(
    ("argv", "saved"), [(["--lang", "it", "--help"], None), (["--help"], "it")]
)
def test_help_speaks_the_language_asked_for_or_saved(
    argv: list[str],
    saved: str | None,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(i18n, "_translation", i18n._translation)  # English again afterwards
    settings = tmp_path / "settings.json"
    save_settings(Settings(language=saved), settings)  # as the options left it
    with pytest.raises(SystemExit):
        main([*argv, "--settings", str(settings)])
    out = capsys.readouterr().out
    assert "Craits, il gioco di carte, nel tuo terminale." in out
    # argparse's own words too: the usage line and the help option.
    assert out.startswith("uso: craits-tui") and "mostra questo aiuto ed esci" in out


def test_an_online_session_takes_its_pace_from_the_servers_command_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The server (a benchmark's, say) names the pace; no settings file is read.
    ran: list[tuple[str, Settings]] = []
    monkeypatch.setattr(
        "craits_tui.online.client.app.run_remote",
        lambda socket, settings, replay=None: ran.append((socket, settings)),
    )
    main(["--remote", "the-socket", "--pace", "instant"])
    main(["--remote", "the-socket"])
    assert [(socket, s.pace) for socket, s in ran] == [
        ("the-socket", "instant"),
        ("the-socket", Settings().pace),
    ]
