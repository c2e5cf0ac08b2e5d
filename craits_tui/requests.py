"""What a screen asks of the app, as Textual messages that bubble up to it.

A screen says what the player chose; the app (`CraitsApp`) decides what that
opens. That is how the online app puts its lobby where the start menu would be,
with the same screens, and why no screen imports the app.
"""

from __future__ import annotations

from typing import Any

from textual.message import Message
from textual.screen import Screen

from .launch import NewGame
from .settings import Settings


class Navigate(Message):
    """A request to leave ``screen`` for another.

    The app answers it only while ``screen`` is still on top: a key pressed twice
    before the first press was answered opens one table, not two.
    """

    def __init__(self, screen: Screen[Any]) -> None:
        super().__init__()
        self.screen = screen
        """The screen that asks."""


class StartGame(Navigate):
    """Deal ``new_game`` and open its table."""

    def __init__(self, screen: Screen[Any], new_game: NewGame) -> None:
        super().__init__(screen)
        self.new_game = new_game


class ResumeGame(Navigate):
    """Open the saved game ``game_id`` where it was left (or say why it cannot be)."""

    def __init__(self, screen: Screen[Any], game_id: str) -> None:
        super().__init__(screen)
        self.game_id = game_id


class OpenSetup(Navigate):
    """Open the form for a new game."""


class ShowMenu(Navigate):
    """Go back to the start menu."""


class OpenLearn(Navigate):
    """Open the list of lessons ("Learn to play"), ``lesson_id`` chosen in it (None:
    the first lesson not done yet)."""

    def __init__(self, screen: Screen[Any], lesson_id: str | None = None) -> None:
        super().__init__(screen)
        self.lesson_id = lesson_id


class StartLesson(Navigate):
    """Open the lesson ``lesson_id`` (where it was left, if it was left part way)."""

    def __init__(self, screen: Screen[Any], lesson_id: str) -> None:
        super().__init__(screen)
        self.lesson_id = lesson_id


class ChangeSettings(Message):
    """Use ``settings`` from now on (and keep them, where the app keeps settings)."""

    def __init__(self, settings: Settings) -> None:
        super().__init__()
        self.settings = settings
