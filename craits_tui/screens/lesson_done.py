"""The dialog at a lesson's end: what it taught, and where to go from there."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label, Static

from ..i18n import N_, _
from ..widgets.footer import Footer


class LessonDone(ModalScreen[str]):
    """A lesson is done: what it taught, then the next lesson or the list. Dismisses
    with "next", "list" or "play" (a game of one's own, after the last lesson)."""

    CSS_PATH = "learn.tcss"

    # Enter presses the button with the focus (its label says so): no binding of
    # its own, which would take Enter from the other button.
    BINDINGS = [
        Binding("n", "choose('play')", N_("New game")),
        Binding("escape", "choose('list')", N_("Lessons")),
    ]

    def __init__(self, title: str, said: str, lesson_over: str, last: bool) -> None:
        super().__init__()
        self.title_text = title
        self.said = said
        self.lesson_over = lesson_over
        self.last = last
        """Whether it was the last lesson: then a game of one's own comes next."""

    def compose(self) -> ComposeResult:
        with Vertical(id="lesson-done"):
            yield Label(_("Lesson complete!"), id="lesson-done-title")
            yield Static(self.said, id="lesson-done-said")
            yield Static(self.lesson_over, id="lesson-done-rule")
            if self.last:
                yield Static(
                    _("That was the last lesson: you know the game. Have fun!"),
                    id="lesson-done-last",
                )
            with Horizontal(id="lesson-done-buttons"):
                if self.last:
                    yield Button(_("New game (n)"), id="done-play", variant="primary")
                else:
                    yield Button(_("Next lesson (Enter)"), id="done-next", variant="primary")
                yield Button(_("Lessons (Esc)"), id="done-list")
        yield Footer()

    def on_mount(self) -> None:
        self.query(Button).first().focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if parameters == ("play",):
            return self.last
        return True

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss((event.button.id or "done-list").removeprefix("done-"))

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)
