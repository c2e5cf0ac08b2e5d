"""The game log: it keeps the whole game, scrolls, and follows the newest lines."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.geometry import Region
from textual.pilot import Pilot
from textual.widgets import Static

from craits_tui.widgets.log import GameLog

from .conftest import click

HEIGHT = 10
WIDTH = 30


class LogApp(App[None]):
    """A log of ten rows beside something to hold the focus, as the hand does at the
    table, and the keys the table binds to the log's scrolling."""

    CSS = f"""
    #log {{ width: {WIDTH}; height: {HEIGHT}; }}
    GameLog > .gamelog--marker {{ text-style: reverse; }}
    """
    BINDINGS = [
        Binding("pageup", "log('page_up')"),
        Binding("pagedown", "log('page_down')"),
        Binding("end", "log('to_end')"),
    ]

    def compose(self) -> ComposeResult:
        yield GameLog(id="log")
        yield Static("the hand", id="hand")

    @property
    def log_widget(self) -> GameLog:
        return self.query_one(GameLog)

    def action_log(self, how: str) -> None:
        getattr(self.log_widget, f"scroll_{how}")()


def shown(log: GameLog) -> list[str]:
    """The log's rows as the terminal shows them, blanks stripped."""
    return [log.render_line(y).text.rstrip() for y in range(log.size.height)]


def say(log: GameLog, first: int, last: int) -> None:
    for number in range(first, last + 1):
        log.say(f"line {number}")


@asynccontextmanager
async def log_with(lines: int = 0) -> AsyncIterator[tuple[Pilot[None], GameLog]]:
    """The log of a `LogApp` running at 60x20, once it shows ``line 1`` to ``line N``
    said to it (none by default)."""
    app = LogApp()
    async with app.run_test(size=(60, 20)) as pilot:
        log = app.log_widget
        say(log, 1, lines)
        await pilot.pause()
        yield pilot, log


async def wheel(pilot: Pilot[None], log: GameLog, up: bool, times: int = 1) -> None:
    """Turn the mouse wheel over the log, a notch at a time."""
    event = events.MouseScrollUp if up else events.MouseScrollDown
    for _ in range(times):
        log.post_message(event(log, 1, 1, 0, 0, 0, False, False, False, screen_x=1, screen_y=1))
        await pilot.pause()


async def test_every_line_of_a_long_game_is_kept() -> None:
    async with log_with(1500) as (_, log):
        assert len(log.lines) == 1500
        assert log.lines[0].plain == "line 1"
        assert "line 1500" in shown(log)
        for _ in range(1500 // (HEIGHT - 1) + 2):
            log.scroll_page_up()
        assert shown(log)[0] == "line 1"
        # Only the lines near the view are kept wrapped; the rest stay text.
        assert len(log._wrapped) < 200


async def test_lines_beyond_the_height_turn_the_page_and_the_newest_shows() -> None:
    async with log_with(HEIGHT) as (pilot, log):
        assert shown(log) == [f"line {n}" for n in range(1, HEIGHT + 1)]
        log.say("line 11")
        await pilot.pause()
        rows = shown(log)
        # The last quarter of the page stays on top, the new line under it.
        assert rows[: rows.index("line 11") + 1] == ["line 10", "line 11"]
        assert log.following and not log.has_unseen


async def test_a_page_turned_by_a_long_line_shows_the_whole_of_it() -> None:
    async with log_with(HEIGHT) as (pilot, log):
        # Three rows, more than the quarter of the page that stays on top.
        log.say("Bob's connection dropped: the game waits up to 60 s for him to come back.")
        await pilot.pause()
        rows = shown(log)
        assert rows[0] == "Bob's connection dropped: the"
        assert "".join(rows[:3]).endswith("come back.") and not any(rows[3:])


async def test_a_long_line_wraps_and_the_wheel_scrolls_it_row_by_row() -> None:
    async with log_with() as (pilot, log):
        say(log, 1, 20)
        log.say("a line long enough to wrap over two rows at least")
        await pilot.pause()
        assert sum(1 for row in shown(log) if row) >= 3  # two rows of the long line
        assert any(row.startswith("a line long") for row in shown(log))


async def test_the_wheel_scrolls_up_and_new_lines_keep_the_view() -> None:
    async with log_with(40) as (pilot, log):
        assert "line 40" in shown(log)
        await wheel(pilot, log, up=True, times=HEIGHT)
        before = shown(log)
        assert "line 40" not in before
        assert not log.following
        say(log, 41, 45)
        await pilot.pause()
        after = shown(log)
        # What the player reads stays put; the bottom row says there is more.
        assert after[:-1] == before[:-1]
        assert "new lines" in after[-1]
        assert log.has_unseen


async def test_page_keys_scroll_while_another_widget_has_the_focus() -> None:
    async with log_with(60) as (pilot, log):
        assert not log.has_focus
        await pilot.press("pageup")
        first = log.first_shown
        assert first is not None and not log.following
        await pilot.press("pageup")
        assert log.first_shown == first - (HEIGHT - 1)  # a row of the page before kept
        await pilot.press("pagedown")
        assert log.first_shown == first
        await pilot.press("pagedown", "pagedown", "pagedown")
        assert log.following
        assert shown(log)[-1] == "line 60"


async def test_paging_up_reaches_the_first_line_of_the_game() -> None:
    async with log_with(500) as (pilot, log):
        for _ in range(500 // (HEIGHT - 1) + 2):
            log.scroll_page_up()
        await pilot.pause()
        assert log.first_shown == 0
        assert shown(log)[0] == "line 1"
        assert not log.scroll_page_up()  # nothing above the first line


async def test_back_to_the_end_follows_new_lines_again() -> None:
    async with log_with(40) as (pilot, log):
        await pilot.press("pageup")
        say(log, 41, 42)
        await pilot.pause()
        assert log.has_unseen
        await pilot.press("end")
        assert log.following and not log.has_unseen
        assert shown(log)[-1] == "line 42"
        log.say("line 43")
        await pilot.pause()
        assert "line 43" in shown(log)
        assert not any("new lines" in row for row in shown(log))


async def test_the_wheel_down_to_the_bottom_follows_again() -> None:
    async with log_with(40) as (pilot, log):
        await wheel(pilot, log, up=True, times=HEIGHT)
        assert not log.following
        log.say("line 41")
        await wheel(pilot, log, up=False, times=2 * HEIGHT)
        assert log.following and not log.has_unseen
        assert shown(log)[-1] == "line 41"


async def test_a_click_on_the_marker_goes_to_the_end() -> None:
    async with log_with(40) as (pilot, log):
        log.scroll_page_up()
        log.say("line 41")
        await pilot.pause()
        await click(pilot, GameLog, offset=(2, HEIGHT - 1))
        assert log.following
        assert shown(log)[-1] == "line 41"


async def test_a_new_line_at_the_bottom_repaints_only_its_rows() -> None:
    """The low-bytes page: while the page has room, a new line asks for its own
    rows to be drawn, not for the whole panel."""
    async with log_with(3) as (_, log):
        asked: list[tuple[Region, ...]] = []
        real = log.refresh

        def refresh(*regions: Region, **kwargs: Any) -> GameLog:
            asked.append(regions)
            return real(*regions, **kwargs)

        log.refresh = refresh  # type: ignore[method-assign]
        log.say("line 4")
        assert asked == [(Region(0, 3, WIDTH, 1),)]


async def test_clear_forgets_every_line_and_follows() -> None:
    async with log_with(40) as (pilot, log):
        log.scroll_page_up()
        log.clear()
        log.say("again")
        await pilot.pause()
        assert [line.plain for line in log.lines] == ["again"]
        assert log.following
        assert shown(log)[0] == "again"


async def test_a_game_told_again_after_clear_ends_on_its_last_line() -> None:
    async with log_with(5) as (pilot, log):
        log.clear()
        say(log, 1, 300)
        await pilot.pause()
        assert shown(log) == [f"line {n}" for n in range(291, 301)]


async def test_a_line_keeps_its_style() -> None:
    async with log_with() as (pilot, log):
        log.say("Round 2", style="bold")
        log.say("a long line in bold that has to wrap over rows", style="bold")
        await pilot.pause()
        for y in range(3):
            assert all(s.style and s.style.bold for s in log.render_line(y) if s.text.strip())


async def test_a_narrower_log_wraps_again_and_still_ends_on_the_newest_line() -> None:
    async with log_with() as (pilot, log):
        for number in range(1, 30):
            log.say(f"line {number} with a few words")
        await pilot.pause()
        log.styles.width = 12
        await pilot.pause()
        rows = shown(log)
        assert all(len(row) <= 12 for row in rows)
        assert rows[-2:] == ["line 29 with", "a few words"]
