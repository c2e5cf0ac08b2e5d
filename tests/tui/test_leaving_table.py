"""Leaving the table: the footer says which key does it, and an Esc that comes
just after one closed a dialog (a double press, a repeat) does not.

The time that counts is the table's own clock, set by each test: nothing waits.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from craits_tui.online.client.screens.dialogs import ConfirmLeave
from craits_tui.screens.help import HelpScreen
from craits_tui.screens.scores import ScoresScreen
from craits_tui.screens.start import StartScreen
from craits_tui.screens.table import TableScreen
from craits_tui.screens.table.leaving import ESCAPE_GRACE
from craits_tui.widgets.footer import Footer

from .conftest import at_table, showing, until
from .test_remote import FakeServer, ann_first, connected, create_and_start, remote_app
from .test_remote import until as until_heard
from .test_table import ann_to_play


class Clock:
    """A clock that moves only when told to."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def stopped_clock(screen: TableScreen) -> Clock:
    clock = Clock()
    screen.escape.clock = clock
    return clock


def leave_key(screen: TableScreen) -> tuple[str, str]:
    """The key the footer offers for leaving, and its words."""
    (key,) = [k for k in screen.query_one(Footer).keys if k.action.startswith("leave_by_escape")]
    return key.label, key.description


@pytest.mark.parametrize(("opens", "dialog"), [("question_mark", HelpScreen), ("s", ScoresScreen)])
async def test_an_escape_just_after_closing_a_dialog_stays_at_the_table(
    opens: str, dialog: type, tmp_path: Path
) -> None:
    async with at_table(tmp_path, ann_to_play(), held=True) as (app, pilot, screen):
        clock = stopped_clock(screen)
        await pilot.press(opens)
        await until(pilot, lambda: showing(app, dialog), "the dialog")
        await pilot.press("escape")  # closes it
        await until(pilot, lambda: app.screen is screen, "the table again")
        await pilot.press("escape")  # again, at once: stays
        # A key after it still reaches the table: the Esc left nothing on its way.
        await pilot.press("s")
        await until(pilot, lambda: showing(app, ScoresScreen), "the scores")
        assert app.screen_stack[-2] is screen
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is screen, "the table again")
        clock.now += ESCAPE_GRACE / 2
        await pilot.press("escape")  # still too soon after the scores closed
        clock.now += ESCAPE_GRACE
        await pilot.press("escape")  # meant: the table is left for the menu
        await until(pilot, lambda: showing(app, StartScreen), "the start menu")


async def test_the_footer_says_which_key_leaves_at_every_width(tmp_path: Path) -> None:
    async with at_table(tmp_path, ann_to_play(), held=True) as (_, pilot, screen):
        assert leave_key(screen) == ("esc", "Leave")
        for size in ((80, 24), (100, 32), (140, 45)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            # Never left out for room, nor without its word.
            assert "esc Leave" in screen.query_one(Footer).render().plain, size


# --- Online: the lobby is the way out ------------------------------------------------------


@pytest.fixture
async def server(socket_path: str) -> AsyncIterator[FakeServer]:
    async with FakeServer(socket_path, ann_first) as fake:
        yield fake


async def test_online_an_escape_just_after_closing_a_dialog_does_not_ask_to_leave(
    server: FakeServer,
) -> None:
    app = remote_app(server.path)
    async with app.run_test(size=(100, 32)) as pilot:
        await connected(pilot)
        screen = await create_and_start(pilot, server)
        clock = stopped_clock(screen)
        await pilot.press("escape")  # asks first
        await until_heard(pilot, lambda: showing(app, ConfirmLeave))
        await pilot.press("escape")  # stay, after all
        await until_heard(pilot, lambda: app.screen is screen)
        await pilot.press("escape")  # the same Esc again: no question
        await pilot.press("s")
        await until_heard(pilot, lambda: showing(app, ScoresScreen))
        assert app.screen_stack[-2] is screen
        await pilot.press("escape")
        await until_heard(pilot, lambda: app.screen is screen)
        clock.now += 2 * ESCAPE_GRACE
        await pilot.press("escape")  # meant: asked again
        await until_heard(pilot, lambda: showing(app, ConfirmLeave))
        await pilot.press("escape")
        await until_heard(pilot, lambda: app.screen is screen)
        # The way out is in the footer online too (it was q, left out for room).
        assert leave_key(screen) == ("esc", "Leave")
