"""Learn to play: the list of lessons, and a lesson's table with its coach (its
end's dialog is `LessonDone`).

The lesson table is the game table (`TableScreen`) with a coach beside it: every
move of yours goes to the coach first (`_submit`), which lets it through or says
why not; the game's events tell the coach how the lesson goes on.
"""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Label, OptionList, Static
from textual.widgets.option_list import Option

from ..i18n import N_, _, ngettext
from ..learn.format import Lesson
from ..learn.lessons import LESSONS, OPPONENT
from ..learn.progress import ProgressFile
from ..requests import ShowMenu, StartLesson
from ..settings import Settings
from ..widgets.footer import Footer
from .roomy import Roomy

# --- The list of lessons --------------------------------------------------------------


class LessonList(Roomy, Screen):
    """The lessons, a tick by those done: Enter starts one (or goes on with one left
    part way), Esc goes back to the start menu."""

    CSS_PATH = ["menus.tcss", "learn.tcss"]

    BINDINGS = [
        # Before the list's own Enter, so that the footer shows what it does.
        Binding("enter", "start", N_("Start"), priority=True),
        Binding("r", "start_over", N_("Start over")),
        Binding("escape", "back", N_("Back")),
    ]

    def __init__(
        self, lessons: ProgressFile, settings: Settings, *, chosen: str | None = None
    ) -> None:
        super().__init__()
        self.lessons = lessons
        self.settings = settings
        self.progress = lessons.load()
        self.chosen = chosen
        """The lesson to choose first (None: the first one not done)."""

    def compose(self) -> ComposeResult:
        yield from self.compose_too_small()
        with Vertical(id="lessons"):
            yield Label(_("Learn to play"), classes="menu-title")
            yield Static(
                ngettext(
                    "{n} short deal against {them}, under a minute. Make the moves the "
                    "coach asks for: h gives a hint, and Esc leaves the lesson, which "
                    "goes on where you left it.",
                    "{n} short deals against {them}, under a minute each. Make the "
                    "moves the coach asks for: h gives a hint, and Esc leaves a lesson, "
                    "which goes on where you left it.",
                    len(LESSONS),
                ).format(n=len(LESSONS), them=OPPONENT),
                id="lessons-about",
            )
            yield OptionList(*self._options(), id="lessons-list")
            with Horizontal(classes="menu-buttons"):
                yield Button(_("Start (Enter)"), id="lessons-start", variant="primary")
                yield Button(_("Back (Esc)"), id="lessons-back")
        yield Footer()

    def _options(self) -> list[Option]:
        marks = _ASCII_MARKS if self.settings.ascii else _MARKS
        progress = self.progress
        options = []
        for number, lesson in enumerate(LESSONS, start=1):
            done, part_way = progress.is_done(lesson.id), progress.beats_done(lesson.id) > 0
            mark = marks[0] if done else marks[1] if part_way else marks[2]
            line = Text(f"{mark} {number}. ")
            line.append(_(lesson.title))
            if part_way and not done:
                line.append("  " + _("(left part way)"), style="italic")
            options.append(Option(line, id=lesson.id))
        return options

    def on_mount(self) -> None:
        options = self.query_one(OptionList)
        ids = [lesson.id for lesson in LESSONS]
        first = next((i for i, id_ in enumerate(ids) if not self.progress.is_done(id_)), 0)
        options.highlighted = ids.index(self.chosen) if self.chosen in ids else first
        options.focus()

    @on(OptionList.OptionHighlighted)
    def _highlighted(self) -> None:
        self.refresh_bindings()  # "start over" is for a lesson left part way

    def _chosen(self) -> Lesson | None:
        index = self.query_one(OptionList).highlighted
        return LESSONS[index] if index is not None else None

    def action_start(self) -> None:
        focused = self.focused
        if isinstance(focused, Button):  # Enter on "Back" goes back
            focused.press()
        else:
            self._start()

    @on(OptionList.OptionSelected)
    @on(Button.Pressed, "#lessons-start")
    def _start(self) -> None:
        lesson = self._chosen()
        if lesson is not None:
            self.post_message(StartLesson(self, lesson.id))

    def action_start_over(self) -> None:
        lesson = self._chosen()
        if lesson is None:
            return
        problem = self.lessons.save(self.lessons.load().left_at(lesson.id, 0))
        if problem is not None:  # it would go on where it was left
            self.notify(problem, severity="warning", timeout=8)
            return
        self.post_message(StartLesson(self, lesson.id))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "start_over":
            lesson = self._chosen()
            return True if lesson is not None and self.progress.beats_done(lesson.id) else None
        return True

    @on(Button.Pressed, "#lessons-back")
    def action_back(self) -> None:
        self.post_message(ShowMenu(self))


_MARKS = ("✓", "◐", "○")
"""By a lesson in the list: done, left part way, not begun."""
_ASCII_MARKS = ("[x]", "[~]", "[ ]")
