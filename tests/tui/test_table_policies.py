"""The table screen is one screen for every kind of table: what each kind does its
own way is a policy object handed to it, not a class of its own."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from craits_core import Game
from craits_tui.learn.lessons import LESSONS
from craits_tui.learn.progress import ProgressFile
from craits_tui.online.client.screens.table import OnlinePolicy, RemoteTableScreen
from craits_tui.screens.lesson import LessonPolicy, open_lesson
from craits_tui.screens.table import TableScreen
from craits_tui.screens.table.hotseat import HotSeatPolicy
from craits_tui.screens.table.policy import TablePolicy
from craits_tui.screens.table.screen import policy_for
from craits_tui.screens.table.watching import WatchingPolicy
from craits_tui.settings import Settings
from craits_tui.table import LocalTable, Seat

PARTS = Path(__file__).resolve().parents[2] / "craits_tui" / "screens" / "table"


@pytest.mark.parametrize(
    ("bots", "kind"),
    [
        ((None, "normal", "hard"), TablePolicy),
        ((None, None, "normal"), HotSeatPolicy),
        (("normal", "normal", "easy"), WatchingPolicy),
    ],
)
def test_a_table_here_gets_the_policy_of_the_people_at_it(
    bots: tuple[str | None, ...], kind: type[TablePolicy]
) -> None:
    game = Game.new(["Ann", "Bob", "Cy"], seed=1)
    table = LocalTable(game, [Seat(name, bot) for name, bot in zip("ABC", bots, strict=True)])
    policy = policy_for(table)
    assert type(policy) is kind
    screen = TableScreen(table, Settings())
    assert type(screen.policy) is kind and screen.policy.screen is screen


def test_a_lesson_is_the_table_screen_with_the_lessons_policy(tmp_path: Path) -> None:
    screen = open_lesson(LESSONS[0].id, ("Ann", "Ada"), Settings(), ProgressFile(tmp_path / "l"))
    assert type(screen) is TableScreen
    assert isinstance(screen.policy, LessonPolicy) and screen.policy.leaves_to == "lessons"
    assert not screen.policy.draws_for_player


def test_the_table_screen_is_composed_not_inherited() -> None:
    # The screen itself, and the classes of the project above it: Speaking and
    # Roomy (what every screen of the game shares), no part of the table.
    own = [c.__name__ for c in TableScreen.__mro__ if c.__module__.startswith("craits_tui")]
    assert own == ["TableScreen", "Speaking", "Roomy"]
    # Online adds its own widgets and keys (chat, clock), and its rules as a policy.
    online = [c for c in RemoteTableScreen.__mro__ if c.__module__.startswith("craits_tui")]
    assert len(online) <= len(own) + 3
    assert OnlinePolicy.leaves_to == "lobby" and not OnlinePolicy.deals_again
    # No part leaves a method for another to fill in.
    for path in PARTS.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Raise) and node.exc is not None:
                assert "NotImplementedError" not in ast.unparse(node.exc), path.name
