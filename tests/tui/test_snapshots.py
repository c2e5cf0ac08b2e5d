"""Each main screen drawn as stored in snapshots/, and the snapshot helper itself.

A missing snapshot, or any snapshot while CRAITS_UPDATE_SNAPSHOTS=1, is written
and its test is skipped rather than passed: nothing was compared, and a skip shows
in the summary line of every run, where a warning is easily scrolled past.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console

from craits_tui import i18n

from .snapshots import (
    SCENES,
    UPDATE_VARIABLE,
    Scene,
    check_snapshot,
    other_language,
    render,
    screen_lines,
)


@pytest.mark.parametrize("scene", SCENES, ids=[scene.name for scene in SCENES])
async def test_screen_looks_as_stored(scene: Scene, tmp_path: Path) -> None:
    language = other_language()
    if language is not None:
        pytest.skip(f"snapshots are in English; the environment selects {language}")
    outcome = check_snapshot(scene.name, await render(scene, tmp_path))
    if outcome.written:
        pytest.skip(f"{outcome.reason} snapshot written to {outcome.path.name}: look, then commit")


# --- The helper ---------------------------------------------------------------------------


def drawing(*lines: str) -> str:
    """A small SVG screenshot of ``lines``, as Rich exports a terminal."""
    console = Console(width=30, record=True, file=io.StringIO())
    for line in lines:
        console.print(line, highlight=False)
    return console.export_svg(title="test")


@pytest.fixture
def no_update(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(UPDATE_VARIABLE, raising=False)


def test_screen_lines_reads_the_text_back_in_its_columns() -> None:
    assert screen_lines(drawing("Ann   7♥ 10♣", "  Bob")) == ["Ann   7♥ 10♣", "  Bob"]


def test_a_missing_snapshot_is_written(tmp_path: Path, no_update: None) -> None:
    outcome = check_snapshot("scene", drawing("hello"), tmp_path)
    assert outcome.written and outcome.reason == "new"
    assert (tmp_path / "scene.svg").read_text(encoding="utf-8") == drawing("hello")


def test_a_mismatch_fails_with_the_changed_text_and_keeps_the_new_drawing(
    tmp_path: Path, no_update: None
) -> None:
    check_snapshot("scene", drawing("Your turn", "Bob 3 cards"), tmp_path)
    with pytest.raises(AssertionError) as failure:
        check_snapshot("scene", drawing("Your turn", "Bob 2 cards"), tmp_path)
    message = str(failure.value)
    assert "-Bob 3 cards" in message and "+Bob 2 cards" in message
    assert UPDATE_VARIABLE in message
    new = tmp_path / "scene.new.svg"
    assert new.read_text(encoding="utf-8") == drawing("Your turn", "Bob 2 cards")
    # Once the stored drawing matches again, the leftover goes.
    assert not check_snapshot("scene", drawing("Your turn", "Bob 3 cards"), tmp_path).written
    assert not new.exists()


def test_a_change_of_style_alone_is_told_as_such(tmp_path: Path, no_update: None) -> None:
    check_snapshot("scene", drawing("Your turn"), tmp_path)
    with pytest.raises(AssertionError, match="text is the same"):
        check_snapshot("scene", drawing("[bold]Your turn[/]"), tmp_path)


def test_the_update_variable_rewrites_a_snapshot(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(UPDATE_VARIABLE, raising=False)
    check_snapshot("scene", drawing("old"), tmp_path)
    monkeypatch.setenv(UPDATE_VARIABLE, "1")
    outcome = check_snapshot("scene", drawing("new"), tmp_path)
    assert outcome.written and outcome.reason == "updated"
    assert (tmp_path / "scene.svg").read_text(encoding="utf-8") == drawing("new")


def test_a_catalog_for_the_environment_language_is_noticed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    catalog = tmp_path / "xx" / "LC_MESSAGES" / f"{i18n.DOMAIN}.mo"
    catalog.parent.mkdir(parents=True)
    catalog.write_bytes(b"")
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    monkeypatch.setenv("LANGUAGE", "xx")
    assert other_language() == str(catalog)
