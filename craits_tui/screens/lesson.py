"""A lesson's table: the game table with a coach beside it (its end's dialog is
`LessonDone`).

Every move of yours goes to the coach first, which lets it through or says why
not; the game's events tell the coach how the lesson goes on.
"""

from __future__ import annotations

from collections.abc import Callable

from textual.css.query import NoMatches

from craits_core import Command, Event, Play, redact
from craits_core.events import RoundEnded

from ..i18n import _
from ..learn.coach import Coach
from ..learn.format import YOU, Lesson
from ..learn.lessons import lesson_by_id, next_lesson
from ..learn.progress import Progress, ProgressFile
from ..learn.table import LessonTable
from ..requests import OpenLearn, OpenSetup, StartLesson
from ..settings import Settings
from ..widgets.coach_panel import CoachPanel
from .lesson_done import LessonDone
from .round_summary import RoundSummary
from .table import TableScreen
from .table.policy import TablePolicy


class LessonRoundSummary(RoundSummary):
    """The scores of a lesson's round: its last, so Enter shows the lesson's result
    (the "Lesson complete!" dialog), not a next round."""

    @property
    def last(self) -> bool:
        return True


class LessonPolicy(TablePolicy):
    """A lesson's table: the game against the scripted opponent, with the coach."""

    draws_for_player = False  # drawing is one of the things a lesson teaches
    leaves_to = "lessons"

    def __init__(self, lesson: Lesson, table: LessonTable, lessons: ProgressFile) -> None:
        self.lesson = lesson
        self.table = table
        self.lessons = lessons
        self._done_told = False  # the lesson's end has been taken in
        self._end_due = False  # the "lesson complete" dialog waits for the table to be on top
        self._stop_coaching: Callable[[], None] | None = None

    coach: Coach
    """The lesson's coach, once the policy is given its screen (whose card faces
    it speaks with)."""

    def attach(self, screen: TableScreen) -> None:
        super().attach(screen)
        self.coach = Coach(self.lesson, self.table.players, screen.look, self.table.events_for(YOU))
        self._stop_coaching = self.table.subscribe(self._coach_hears)

    def _coach_hears(self, _index: int, event: Event) -> None:
        # In the screen's turn, after the table's own news of the event.
        seen = redact(event, YOU, len(self.table.players))
        self.screen.call_later(self._heard, seen)

    def mounted(self) -> None:
        # Beside the table, above the log, where the scores would be; a table
        # without that column has the panel docked at the screen's side.
        screen = self.screen
        screen.add_class("-lesson")
        panel = CoachPanel(id="coach")
        try:
            screen.query_one("#side").mount(panel, before=0)
        except NoMatches:
            panel.add_class("-docked")
            screen.mount(panel)
        self._show_coach()
        if self.coach.done:  # taken up again at its very end
            self._finish()

    def unmounted(self) -> None:
        if self._stop_coaching is not None:
            self._stop_coaching()
            self._stop_coaching = None

    def _heard(self, event: Event) -> None:
        self.coach.heard(event)
        self._show_coach()
        if self.coach.done and not self._done_told:
            self._finish()

    def _finish(self) -> None:
        """The lesson is done: kept as done, and the dialog offered."""
        self._done_told = True
        self._keep(self.lessons.load().finished(self.lesson.id))
        self._end_due = True
        # After the table has shown the move (and any round summary it opens).
        self.screen.call_later(self._offer_next)

    def _keep(self, progress: Progress) -> None:
        problem = self.lessons.save(progress)
        if problem is not None:
            self.screen.notify(
                _("Your progress in the lessons cannot be kept: {problem}").format(problem=problem),
                severity="warning",
                timeout=8,
            )

    def spoke_again(self) -> None:
        self._show_coach()

    def settings_followed(self) -> None:
        self._show_coach()  # the card faces may have changed

    def _show_coach(self) -> None:
        self.coach.look = self.screen.look
        self.screen.query_one(CoachPanel).panel = self.coach.panel

    def resumed(self) -> None:
        self._offer_next()

    def _offer_next(self) -> None:
        screen = self.screen
        if not self._end_due or screen.app.screen is not screen:
            return  # a dialog is open (the round summary): once it closes
        self._end_due = False
        coach = self.coach
        panel = coach.panel
        screen.app.push_screen(
            LessonDone(
                panel.title,
                "\n".join(panel.said),
                coach.words(self.lesson.outro),
                last=next_lesson(self.lesson) is None,
            ),
            self._after_lesson,
        )

    def round_summary(self, event: RoundEnded) -> None:
        if not self.coach.done:  # a lesson written to go on past its round
            super().round_summary(event)
            return
        screen = self.screen
        assert screen.view is not None
        # A lesson is one deal: the feed stays held for good, so the round the
        # engine has already dealt after it is never shown, and closing the scores
        # brings the lesson's end (`resumed`).
        screen.feed.held = True
        screen.app.push_screen(LessonRoundSummary(event, screen.view, screen.look))

    def _after_lesson(self, choice: str | None) -> None:
        screen = self.screen
        following = next_lesson(self.lesson)
        if choice == "next" and following is not None:
            screen.post_message(StartLesson(screen, following.id))
        elif choice == "play":
            screen.post_message(OpenSetup(screen))
        else:  # the list, the next lesson chosen in it
            screen.post_message(OpenLearn(screen, (following or self.lesson).id))

    # --- Your moves go to the coach first ---------------------------------------------

    def lets_through(self, command: Command) -> bool:
        if command.player != YOU or self.coach.done:
            return True
        screen = self.screen
        verdict = self.coach.judge(command, screen.view, self.table.refusal(command))
        if not verdict.made:
            self._show_coach()
        return verdict.made

    def hint(self) -> bool:
        """The coach's hint: the move the lesson asks for, and why; the hand's
        cursor on the card to play."""
        view = self.screen.view
        self.coach.hint(view)
        move = self.coach.intended(view)
        if isinstance(move, Play):
            self.screen.point_at(move.card)
        self._show_coach()
        return True

    def allowed(
        self, action: str, parameters: tuple[object, ...], default: bool | None
    ) -> bool | None:
        if action in ("scores", "take_back") or parameters == ("take_back",):
            # A lesson is not played for points, and a wrong move is never made:
            # nothing to take back, and room in the footer.
            return False
        if action == "hint":
            # Also off turn: the lesson may ask for an "Idiot!" call.
            return not self.coach.done or None
        return default

    # --- Leaving -------------------------------------------------------------------------

    def _remember(self) -> None:
        if not self.coach.done:
            self._keep(self.lessons.load().left_at(self.lesson.id, self.coach.beats_done))

    def leave_by_escape(self) -> None:
        """Back to the list of lessons; this one goes on where it was left."""
        self._remember()
        self.screen.post_message(OpenLearn(self.screen, self.lesson.id))

    def quit_game(self) -> None:
        self.screen.stop_playing()
        self._remember()
        self.screen.app.exit(
            message=_("Your lessons are remembered: craits-tui --learn goes on from there.")
        )


def open_lesson(
    lesson_id: str,
    names: tuple[str, str],
    settings: Settings,
    lessons: ProgressFile,
    *,
    keeps_settings: bool = True,
) -> TableScreen | None:
    """The table of lesson ``lesson_id``, where it was left (from the start if
    that cannot be replayed); None for a lesson that does not exist."""
    lesson = lesson_by_id(lesson_id)
    if lesson is None:
        return None
    beats = lessons.load().beats_done(lesson_id)
    try:
        table = LessonTable(lesson, names, beats=min(beats, len(lesson.beats)))
    except ValueError:  # an illegal move: the lesson changed since it was left
        table = LessonTable(lesson, names)
    policy = LessonPolicy(lesson, table, lessons)
    return TableScreen(table, settings, keeps_settings=keeps_settings, policy=policy)
