"""The cards' abilities, one key away at the table: every rank, this game's variants,
the player's card look, and the ways to close it."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.text import Text
from textual.app import App, ComposeResult
from textual.widgets import Static

import craits_tui
from craits_core import Rank, RuleSet
from craits_core.scoring import POINTS
from craits_tui.abilities_text import KEY, abilities, fill, turn_lines
from craits_tui.faces import CardLook
from craits_tui.screens.abilities import AbilitiesScreen

from .conftest import click

LABELS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J/Q/K"]
EVERY_VARIANT = RuleSet(
    short_game=True, colour_matching=True, voluntary_draw=True, seven_skips=True, wild_nine=True
)


class SheetApp(App[None]):
    """The sheet over a bare table; how it closed kept."""

    CSS_PATH = Path(craits_tui.__file__).parent / "craits.tcss"

    def __init__(self, rules: RuleSet | None = None, look: CardLook | None = None) -> None:
        super().__init__()
        self.rules = rules or RuleSet()
        self.look = look or CardLook()
        self.closed = 0

    def compose(self) -> ComposeResult:
        yield Static("the table " * 300)

    def on_mount(self) -> None:
        self.push_screen(AbilitiesScreen(self.rules, self.look), self._sheet_closed)

    def _sheet_closed(self, result: None) -> None:
        self.closed += 1


def shown(app: App[None]) -> str:
    """The sheet's text as the terminal shows it."""
    return "\n".join(
        widget.render_line(y).text
        for widget in app.screen.query(Static)
        for y in range(widget.size.height)
    )


def words(rules: RuleSet, look: CardLook | None = None) -> dict[str, str]:
    """Each line's words, by its label."""
    return {line.label: line.words.plain for line in abilities(rules, look or CardLook())}


# --- The lines --------------------------------------------------------------------------


def test_every_rank_has_a_line_in_order() -> None:
    lines = abilities(RuleSet(), CardLook())
    assert [line.label for line in lines] == LABELS
    assert sorted(rank for line in lines for rank in line.ranks) == sorted(Rank)
    assert all(line.words.plain for line in lines)


def test_the_points_are_the_engines() -> None:
    for line in abilities(RuleSet(), CardLook()):
        if line.ranks == (Rank.THREE,):
            assert "-50" in line.points
        else:
            assert {POINTS[rank] for rank in line.ranks} == {int(line.points)}


def test_seven_skips_is_told_on_the_seven() -> None:
    assert "misses" not in words(RuleSet())["7"]
    assert "misses" in words(RuleSet(seven_skips=True))["7"]
    assert words(RuleSet(seven_skips=True))["4"] == words(RuleSet())["4"]


def test_a_wild_nine_is_called_wild() -> None:
    assert not words(RuleSet())["9"].startswith("Wild")
    assert words(RuleSet(wild_nine=True))["9"].startswith("Wild")


def test_colour_matching_and_voluntary_draw_change_the_turn() -> None:
    standard = turn_lines(RuleSet())
    assert "colour" not in standard[0] and "colour" in turn_lines(RuleSet(colour_matching=True))[0]
    assert "cannot" in standard[1]
    assert "cannot" not in turn_lines(RuleSet(voluntary_draw=True))[1]


def test_the_nine_shows_the_suits_as_the_cards_do() -> None:
    assert "♥↔♦ ♣↔♠" in words(RuleSet(), CardLook())["9"]
    assert "H<->D C<->S" in words(RuleSet(), CardLook(ascii=True))["9"]
    four = next(
        line
        for line in abilities(RuleSet(), CardLook(four_colour=True))
        if line.ranks == (Rank.NINE,)
    )
    colours = {str(span.style) for span in four.words.spans}
    assert {"red", "blue", "green"} <= colours


def test_fill_keeps_the_styles_of_what_it_puts_in() -> None:
    text = fill("a {x} b {y}", x=Text("X", style="red"), y="Y")
    assert text.plain == "a X b Y"
    assert [(s.start, s.end, str(s.style)) for s in text.spans] == [(2, 3, "red")]


# --- The screen -------------------------------------------------------------------------


async def test_it_opens_and_lists_every_rank() -> None:
    app = SheetApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, AbilitiesScreen)
        rows = [line.split() for line in shown(app).splitlines()]
        firsts = [row[0] for row in rows if row]
        for label in LABELS:
            assert label in firsts, label


async def test_it_follows_the_games_variants() -> None:
    app = SheetApp(RuleSet(seven_skips=True, wild_nine=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = shown(app)
        assert words(RuleSet(seven_skips=True))["7"] in text
        assert words(RuleSet(wild_nine=True))["9"] in text
        assert words(RuleSet())["9"] not in text


async def test_it_follows_the_card_look() -> None:
    app = SheetApp(look=CardLook(ascii=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = shown(app)
        assert "H<->D" in text and "♥" not in text


async def test_everything_fits_at_80x24_with_every_variant() -> None:
    look = CardLook(ascii=True)
    app = SheetApp(EVERY_VARIANT, look)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        box = app.screen.query_one("#abilities")
        assert app.screen.region.contains_region(box.region)
        assert box.virtual_size.height <= box.scrollable_content_region.height  # no scrolling
        text = shown(app)
        for line in (*turn_lines(EVERY_VARIANT), *words(EVERY_VARIANT, look).values()):
            assert line in text, line  # whole, on one row


@pytest.mark.parametrize("key", ["escape", KEY])
async def test_esc_or_the_same_key_closes_it(key: str) -> None:
    app = SheetApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press(key)
        await pilot.pause()
        assert app.closed == 1
        assert not isinstance(app.screen, AbilitiesScreen)


async def test_a_click_outside_closes_it_and_one_inside_does_not() -> None:
    app = SheetApp()
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await click(pilot, "#abilities-table", offset=(3, 2))
        await pilot.pause()
        assert app.closed == 0
        await pilot.click(offset=(1, 1))
        await pilot.pause()
        assert app.closed == 1
