"""The help screen, the hot-seat handover, and the rules text they and RULES.md share."""

from __future__ import annotations

import gettext
import re
from pathlib import Path

import pytest
from textual import events
from textual.app import App, ComposeResult
from textual.containers import VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Static, TabbedContent

import craits_tui
from craits_core import RuleSet
from craits_tui import i18n
from craits_tui.rules_text import SECTIONS, rules_markdown, sections
from craits_tui.screens.handover import HandoverScreen
from craits_tui.screens.help import CONTROLS, HelpPage, HelpScreen, controls_markdown

from .conftest import click

ROOT = Path(__file__).resolve().parents[2]
SECRET = "SECRET-HAND"
ABILITY_RANKS = ("A", "2", "4", "5", "6", "7", "8", "9", "10")
# Every row of the points table: the cards and what each scores.
POINTS = {
    "A": "1",
    "J, Q, K": "10",
    "4": "15",
    "2, 7": "20",
    "10": "25",
    "5, 6, 9": "30",
    "8": "50",
}


class ScreenApp(App[None]):
    """Something secret on the base screen, and one screen pushed over it."""

    CSS_PATH = Path(craits_tui.__file__).parent / "craits.tcss"

    def __init__(self, screen: Screen[object]) -> None:
        super().__init__()
        self.pushed = screen
        self.results: list[object] = []

    def compose(self) -> ComposeResult:
        yield Static(f"{SECRET} " * 300)

    def on_mount(self) -> None:
        self.push_screen(self.pushed, self.results.append)


def screen_text(app: App[object]) -> str:
    """What the terminal shows, as plain text (the SVG spells spaces as &#160;)."""
    return app.export_screenshot().replace("&#160;", " ")


# --- The help screen -----------------------------------------------------------------


async def test_help_opens_on_the_rules() -> None:
    app = ScreenApp(HelpScreen())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, HelpScreen)
        assert screen.query_one(TabbedContent).active == "rules"
        rules = screen.query_one("#rules-text", HelpPage).source
        headings = [line[3:] for line in rules.splitlines() if line.startswith("## ")]
        assert headings == [title for title, _blocks in SECTIONS]
        assert "Goal" in screen_text(app)
        assert SECRET not in screen_text(app)


async def test_help_at_a_table_says_its_rules_first() -> None:
    app = ScreenApp(HelpScreen(RuleSet(short_game=True, wild_nine=True)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "This game: short game, wild nine." in screen_text(app)
    app = ScreenApp(HelpScreen())  # from the menu: no game, no such line
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "This game" not in screen_text(app)


async def test_help_shows_the_controls() -> None:
    app = ScreenApp(HelpScreen())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("right")
        await pilot.pause()
        screen = app.screen
        assert screen.query_one(TabbedContent).active == "controls"
        controls = screen.query_one("#controls-text", HelpPage).source
        for needle in (
            "Enter",
            "click the stock",
            "Last card!",
            "Idiot!",
            "c d h s",
            "Esc",
            "craits-tui --help",
        ):
            assert needle in controls
        assert "At the table" in screen_text(app)
        await pilot.press("left")
        await pilot.pause()
        assert screen.query_one(TabbedContent).active == "rules"


async def test_help_tabs_answer_letters() -> None:
    app = ScreenApp(HelpScreen())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        tabs = app.screen.query_one(TabbedContent)
        await pilot.press("c")
        await pilot.pause()
        assert tabs.active == "controls"
        await pilot.press("r")
        await pilot.pause()
        assert tabs.active == "rules"


async def test_help_tabs_answer_clicks() -> None:
    app = ScreenApp(HelpScreen())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await click(pilot, "#--content-tab-controls")
        await pilot.pause()
        assert app.screen.query_one(TabbedContent).active == "controls"


async def test_help_scrolls_by_keys_and_wheel() -> None:
    app = ScreenApp(HelpScreen())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        scroll = app.screen.query_one("#rules-scroll", VerticalScroll)
        assert scroll.max_scroll_y > 0  # the rules are longer than one screen
        await pilot.press("pagedown")
        await pilot.wait_for_scheduled_animations()
        paged = scroll.scroll_y
        assert paged > 0
        await pilot.press("down")
        await pilot.wait_for_scheduled_animations()
        assert scroll.scroll_y > paged
        await pilot.press("end")
        await pilot.wait_for_scheduled_animations()
        assert scroll.scroll_y == scroll.max_scroll_y
        await pilot.press("home")
        await pilot.wait_for_scheduled_animations()
        assert scroll.scroll_y == 0
        scroll.post_message(events.MouseScrollDown(scroll, 5, 5, 0, 1, 0, False, False, False))
        await pilot.pause()
        assert scroll.scroll_y > 0


async def test_help_scrolls_when_the_tabs_have_the_focus() -> None:
    app = ScreenApp(HelpScreen())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.screen.query_one(TabbedContent).query_one("ContentTabs").focus()
        await pilot.press("pagedown")
        await pilot.wait_for_scheduled_animations()
        assert app.screen.query_one("#rules-scroll", VerticalScroll).scroll_y > 0


@pytest.mark.parametrize("key", ["escape", "q", "question_mark"])
async def test_help_closes(key: str) -> None:
    app = ScreenApp(HelpScreen())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press(key)
        await pilot.pause()
        assert not isinstance(app.screen, HelpScreen)
        assert app.results == [None]


async def test_help_asks_for_a_bigger_window() -> None:
    app = ScreenApp(HelpScreen())
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        assert app.screen.has_class("-too-small")
        assert "make the window bigger" in screen_text(app)


# --- The handover --------------------------------------------------------------------


async def test_handover_hides_the_table() -> None:
    app = ScreenApp(HandoverScreen("Bob"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, HandoverScreen)
        assert not isinstance(screen, ModalScreen)
        assert screen.styles.background.a == 1
        text = screen_text(app)
        assert SECRET not in text
        assert "Pass the terminal to Bob." in text
        assert "Press Enter when Bob is ready." in text
        assert not screen.query("#handover-announce")


async def test_handover_ready_on_enter() -> None:
    app = ScreenApp(HandoverScreen("Bob"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert app.results == ["ready"]


async def test_handover_ready_on_click() -> None:
    app = ScreenApp(HandoverScreen("Bob", announce_for="Ann"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await click(pilot, "#handover-ready")
        await pilot.pause()
        assert app.results == ["ready"]


async def test_handover_ignores_l_when_nobody_may_announce() -> None:
    app = ScreenApp(HandoverScreen("Bob"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, HandoverScreen)
        assert app.results == []
        await pilot.press("enter")
        await pilot.pause()
        assert app.results == ["ready"]


async def test_handover_announce_on_l() -> None:
    app = ScreenApp(HandoverScreen("Bob", announce_for="Ann"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "Ann: Last card! (l)" in screen_text(app)
        await pilot.press("l")
        await pilot.pause()
        assert app.results == ["announce"]


async def test_handover_announce_on_click() -> None:
    app = ScreenApp(HandoverScreen("Bob", announce_for="Ann"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await click(pilot, "#handover-announce")
        await pilot.pause()
        assert app.results == ["announce"]


async def test_handover_enter_means_ready_whatever_was_clicked_before() -> None:
    # No button may keep the focus: Enter on a focused "Last card!" would announce.
    app = ScreenApp(HandoverScreen("Bob", announce_for="Ann"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert not any(button.can_focus for button in app.screen.query(Button))
        await pilot.press("tab", "enter")
        await pilot.pause()
        assert app.results == ["ready"]


# --- The rules text ---------------------------------------------------------------------


def ability_rows(markdown: str) -> set[str]:
    """The first cells of the card abilities table."""
    table = markdown.split("| Card | Ability |", 1)[1].split("\n\n", 1)[0]
    return {cell.strip() for cell in re.findall(r"^\| ([^|]+) \|", table, re.MULTILINE)}


@pytest.mark.parametrize("source", ["RULES.md", "rules_text"])
def test_rules_give_every_ability_and_every_score(
    source: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(i18n, "_translation", gettext.NullTranslations())  # English
    text = (
        (ROOT / "RULES.md").read_text(encoding="utf-8")
        if source == "RULES.md"
        else rules_markdown()
    )
    rows = ability_rows(text)
    for rank in ABILITY_RANKS:
        assert rank in rows, rank
    for cards, points in POINTS.items():
        assert re.search(rf"^\| {re.escape(cards)} \| {points}\b", text, re.MULTILINE), cards
    assert "-50" in text
    for topic in (
        "crank",
        "Last card!",
        "Idiot!",
        "lost turn",
        "shuffled into a new stock",
        "blocked round",
        "share the win",
    ):
        assert topic in text, topic


def test_rules_md_is_the_rules_text_in_english(monkeypatch: pytest.MonkeyPatch) -> None:
    # RULES.md is written by `python -m craits_tui.rules_text > RULES.md`.
    monkeypatch.setattr(i18n, "_translation", gettext.NullTranslations())
    assert (ROOT / "RULES.md").read_text(encoding="utf-8") == rules_markdown()


class Shouting(gettext.NullTranslations):
    """A stand-in language that marks every message it translates."""

    def gettext(self, message: str) -> str:
        return "»" + message


def test_every_block_of_rules_and_controls_is_translated(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(i18n, "_translation", Shouting())
    for title, body in sections():
        assert title.startswith("»")
        assert body.startswith("»")
    assert rules_markdown().count("»") == 2 + sum(1 + len(blocks) for _t, blocks in SECTIONS)
    assert controls_markdown().count("»") == len(CONTROLS)
