"""Learn to play: the list of lessons, and a lesson's table with its coach (its
end's dialog is `LessonDone`).

The lesson table is the game table (`TableScreen`) with a coach beside it: every
move of yours goes to the coach first (`_submit`), which lets it through or says
why not; the game's events tell the coach how the lesson goes on.
"""

from __future__ import annotations

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.css.query import NoMatches
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Button, Label, OptionList, Static
from textual.widgets.option_list import Option

from craits_core import Command, Event, Play, redact
from craits_core.events import RoundEnded

from ..i18n import N_, _, ngettext
from ..learn.coach import Coach
from ..learn.format import YOU, Lesson
from ..learn.lessons import LESSONS, OPPONENT, lesson_by_id, next_lesson
from ..learn.progress import Progress, ProgressFile
from ..learn.table import LessonTable
from ..requests import OpenLearn, OpenSetup, ShowMenu, StartLesson
from ..settings import Settings
from ..widgets.coach_panel import CoachPanel
from ..widgets.footer import Footer
from ..widgets.hand import Hand
from .lesson_done import LessonDone
from .roomy import Roomy
from .round_summary import RoundSummary
from .table import TableScreen

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


class LessonRoundSummary(RoundSummary):
    """The scores of a lesson's round: its last, so Enter shows the lesson's result
    (the "Lesson complete!" dialog), not a next round."""

    @property
    def last(self) -> bool:
        return True


class LessonScreen(TableScreen):
    """A lesson's table: the game against the scripted opponent, with the coach."""

    CSS_PATH = "learn.tcss"

    BINDINGS = [Binding("escape", "leave_by_escape", N_("Lessons"), key_display="esc")]
    draws_for_player = False  # drawing is one of the things a lesson teaches

    def __init__(
        self,
        lesson: Lesson,
        table: LessonTable,
        settings: Settings,
        lessons: ProgressFile,
        *,
        keeps_settings: bool = True,
    ) -> None:
        super().__init__(table, settings, keeps_settings=keeps_settings)
        self.lesson = lesson
        self.lesson_table = table
        self.lessons = lessons
        self.coach = Coach(lesson, table.players, self.look, events=table.events_for(YOU))
        self._done_told = False  # the lesson's end has been taken in
        self._end_due = False  # the "lesson complete" dialog waits for the table to be on top
        self._stop_coaching = table.subscribe(self._coach_hears)

    class Heard(Message):
        """An event of the lesson's game, for the coach."""

        def __init__(self, event: Event) -> None:
            super().__init__()
            self.event = event

    def _coach_hears(self, _index: int, event: Event) -> None:
        self.post_message(self.Heard(redact(event, YOU, len(self.table.players))))

    def on_mount(self) -> None:
        # Beside the table, above the log, where the scores would be; a table
        # without that column has the panel docked at the screen's side.
        panel = CoachPanel(id="coach")
        try:
            self.query_one("#side").mount(panel, before=0)
        except NoMatches:
            panel.add_class("-docked")
            self.mount(panel)
        self._show_coach()
        if self.coach.done:  # taken up again at its very end
            self._finish()

    def on_unmount(self) -> None:
        self._stop_coaching()

    @on(Heard)
    def _heard(self, message: Heard) -> None:
        self.coach.heard(message.event)
        self._show_coach()
        if self.coach.done and not self._done_told:
            self._finish()

    def _finish(self) -> None:
        """The lesson is done: kept as done, and the dialog offered."""
        self._done_told = True
        self._keep(self.lessons.load().finished(self.lesson.id))
        self._end_due = True
        # After the table has shown the move (and any round summary it opens).
        self.call_later(self._offer_next)

    def _keep(self, progress: Progress) -> None:
        problem = self.lessons.save(progress)
        if problem is not None:
            self.notify(
                _("Your progress in the lessons cannot be kept: {problem}").format(problem=problem),
                severity="warning",
                timeout=8,
            )

    async def speak_again(self) -> None:
        await super().speak_again()
        self._show_coach()

    def _show_coach(self) -> None:
        self.coach.look = self.look  # the options may have changed the card faces
        self.query_one(CoachPanel).panel = self.coach.panel

    @on(events.ScreenResume)
    def _back_on_top(self) -> None:
        self._offer_next()

    def _offer_next(self) -> None:
        if not self._end_due or self.app.screen is not self:
            return  # a dialog is open (the round summary): once it closes
        self._end_due = False
        coach = self.coach
        panel = coach.panel
        self.app.push_screen(
            LessonDone(
                panel.title,
                "\n".join(panel.said),
                coach.words(self.lesson.outro),
                last=next_lesson(self.lesson) is None,
            ),
            self._after_lesson,
        )

    def _show_round_summary(self, event: RoundEnded) -> None:
        if not self.coach.done:  # a lesson written to go on past its round
            super()._show_round_summary(event)
            return
        assert self.view is not None
        # A lesson is one deal: the feed stays held for good, so the round the
        # engine has already dealt after it is never shown, and closing the scores
        # brings the lesson's end (`_back_on_top`).
        self.feed.held = True
        self.app.push_screen(LessonRoundSummary(event, self.view, self.look))

    def _after_lesson(self, choice: str | None) -> None:
        following = next_lesson(self.lesson)
        if choice == "next" and following is not None:
            self.post_message(StartLesson(self, following.id))
        elif choice == "play":
            self.post_message(OpenSetup(self))
        else:  # the list, the next lesson chosen in it
            self.post_message(OpenLearn(self, (following or self.lesson).id))

    # --- Your moves go to the coach first ---------------------------------------------

    def _submit(self, command: Command) -> bool:
        if command.player == YOU and not self.coach.done:
            verdict = self.coach.judge(command, self.view, self.lesson_table.refusal(command))
            if not verdict.made:
                self._show_coach()
                return False
        return super()._submit(command)

    def action_hint(self) -> None:
        """The coach's hint: the move the lesson asks for, and why; the hand's
        cursor on the card to play."""
        self.coach.hint(self.view)
        move = self.coach.intended(self.view)
        if isinstance(move, Play):
            hand = self.query_one(Hand)
            if move.card in hand.cards:
                hand.cursor = hand.cards.index(move.card)
        self._show_coach()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("scores", "take_back") or parameters == ("take_back",):
            # A lesson is not played for points, and a wrong move is never made:
            # nothing to take back, and room in the footer.
            return False
        if action == "hint":
            # Also off turn: the lesson may ask for an "Idiot!" call.
            return not self.coach.done or None
        return super().check_action(action, parameters)

    # --- Leaving -------------------------------------------------------------------------

    def _remember(self) -> None:
        if not self.coach.done:
            self._keep(self.lessons.load().left_at(self.lesson.id, self.coach.beats_done))

    def _leave_by_escape(self) -> None:
        self.action_leave()

    def action_leave(self) -> None:
        """Back to the list of lessons; this one goes on where it was left."""
        self._remember()
        self.post_message(OpenLearn(self, self.lesson.id))

    def action_quit_game(self) -> None:
        self._leaving = True  # as at any table: no bot moves on while the app ends
        self._stop_bots()
        self._remember()
        self.app.exit(
            message=_("Your lessons are remembered: craits-tui --learn goes on from there.")
        )


def open_lesson(
    lesson_id: str,
    names: tuple[str, str],
    settings: Settings,
    lessons: ProgressFile,
    *,
    keeps_settings: bool = True,
) -> LessonScreen | None:
    """The screen of lesson ``lesson_id``, where it was left (from the start if
    that cannot be replayed); None for a lesson that does not exist."""
    lesson = lesson_by_id(lesson_id)
    if lesson is None:
        return None
    beats = lessons.load().beats_done(lesson_id)
    try:
        table = LessonTable(lesson, names, beats=min(beats, len(lesson.beats)))
    except ValueError:  # an illegal move: the lesson changed since it was left
        table = LessonTable(lesson, names)
    return LessonScreen(lesson, table, settings, lessons, keeps_settings=keeps_settings)
