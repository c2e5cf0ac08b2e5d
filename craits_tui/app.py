"""The Craits app: opens the save file, then the start screen or a game.

The screens ask for what the player chose with the messages of `requests`; the
app decides what each one opens (`show_menu`, `action_new_game`, `open_table`
are there to be overridden, as the online app does).
"""

from __future__ import annotations

from pathlib import Path

from rich.console import RenderableType
from textual import events, on
from textual.app import App
from textual.binding import Binding
from textual.screen import Screen

from craits_core import Game, GameStore, StoreError
from craits_core.bot_levels import DEFAULT_LEVEL

from .i18n import _, use_language
from .launch import Launch, NewGame
from .learn.progress import ProgressFile, progress_path
from .requests import (
    ChangeSettings,
    Navigate,
    OpenLearn,
    OpenSetup,
    ResumeGame,
    ShowMenu,
    StartGame,
    StartLesson,
)
from .saved_meta import SavedMeta
from .settings import THEMES, Settings, save_settings
from .table import LocalTable, Seat, Table


class CraitsApp(App[str | None]):
    """Craits in the terminal."""

    CSS_PATH = "craits.tcss"
    TITLE = "Craits"
    keeps_settings = True
    """Whether changed settings are saved for the next session."""
    # Every action has its own key in the footer; the palette's hint would crowd
    # it out of an 80-column terminal.
    ENABLE_COMMAND_PALETTE = False

    quitting = False
    """Whether the app has begun to exit: from then on, input is dropped."""

    def __init__(
        self,
        launch: Launch | None = None,
        settings: Settings | None = None,
        store_path: Path | None = None,
        settings_file: Path | None = None,
    ) -> None:
        super().__init__()
        self.launch = launch or Launch()
        self.settings = settings or Settings()
        self.store_path = store_path
        self.settings_file = settings_file
        self.store: GameStore | None = None
        self.theme = THEMES[self.settings.theme]
        if not self.settings.animations:
            self.animation_level = "none"

    def on_mount(self) -> None:
        self.set_class(self.settings.ascii, "-ascii")
        try:
            self.store = GameStore(self.store_path)
        except StoreError as err:
            from .narrate import store_problem
            from .screens.store_problem import StoreProblem

            self.push_screen(StoreProblem(store_problem(err)), self._after_store_problem)
            return
        # After the mount: Textual draws nothing while the app mounts, so a screen
        # opened here would be laid out and drawn once for nothing.
        self.call_later(self._start)

    def _after_store_problem(self, choice: str | None) -> None:
        if choice == "fresh":
            self.store, path = _fresh_store(self.store_path)
            # Remember the new file; the damaged one stays where it is, untouched.
            self.change_settings(self.settings.but(save_file=str(path)))
            self.notify(_("Saving games in {path} from now on.").format(path=path), timeout=8)
        elif choice != "unsaved":
            self.exit()
            return
        self._start()

    def _start(self) -> None:
        launch = self.launch
        if launch.new_game is not None:
            self.start_game(launch.new_game)
        elif launch.learn:
            self.show_lessons()
        elif not (launch.resume and self.resume_latest()):
            first = not launch.resume and self._first_start()
            if first:
                # Kept as offered before any screen takes a copy of the settings:
                # the lessons are offered once, whatever the answer.
                self.change_settings(self.settings.but(lessons_offered=True))
            self.show_menu()
            if first:
                self.offer_lessons()

    def _first_start(self) -> bool:
        """Whether a newcomer starts the game: the lessons never offered nor begun,
        and no game saved."""
        if not self.keeps_settings or self.settings.lessons_offered or self.store is None:
            return False
        progress = self._lessons().load()
        if progress.done or progress.started:
            return False
        try:
            return not self.store.games()
        except StoreError:
            return False

    def offer_lessons(self) -> None:
        """Offer the lessons over the start menu; the first one opens if taken."""
        from .learn.lessons import LESSONS
        from .screens.first_start import FirstStartChoice, LessonsOffer

        def answered(choice: FirstStartChoice | None) -> None:
            if choice is FirstStartChoice.LEARN:
                self.open_lesson(LESSONS[0].id)

        self.push_screen(LessonsOffer(), answered)

    # --- Navigation -----------------------------------------------------------------

    def show_menu(self) -> None:
        """The start menu, in place of the screen shown."""
        from .screens.start import StartScreen

        self._switch(StartScreen(self.store, self.settings, keeps_settings=self.keeps_settings))

    def action_new_game(self) -> None:
        """The form for a new game, in place of the screen shown."""
        from .screens.setup import SetupScreen

        self._switch(SetupScreen(self.settings))

    def start_game(self, setup: NewGame) -> None:
        """Deal a new game and open its table."""
        names = [seat.name for seat in setup.seats]
        self.play(Game.new(names, seed=setup.seed, rules=setup.rules), setup.seats)

    def play(self, game: Game, seats: tuple[Seat, ...]) -> LocalTable:
        """Save a new game with its seating and open its table."""
        meta = SavedMeta(seats=seats).to_dict()
        store = self.store
        try:
            game_id = store.add(game, meta=meta) if store is not None else None
        except StoreError as err:  # a full disk, a file taken away: play all the same
            from .narrate import store_problem

            store = game_id = None
            self.notify(
                _("This game cannot be saved: {problem} It is played unsaved.").format(
                    problem=store_problem(err)
                ),
                severity="error",
                timeout=20,
            )
        table = LocalTable(game, seats, store=store, game_id=game_id)
        self.open_table(table)
        return table

    def resume(self, game_id: str) -> bool:
        """Open a saved game where it was left; False (and the player told why) if
        it cannot be (damaged, or open in another window)."""
        assert self.store is not None
        try:
            record = self.store.record(game_id)
            game = self.store.load(game_id)
        except StoreError as err:
            from .narrate import store_problem

            self.notify(store_problem(err), severity="error", timeout=8)
            return False
        seats = SavedMeta.of(record).seats_for(game.state.players)
        if seats is None:
            # A game saved without its seating (or one not readable here): everyone
            # but the first is a bot.
            seats = tuple(
                Seat(name, None if i == 0 else DEFAULT_LEVEL)
                for i, name in enumerate(game.state.players)
            )
        self.open_table(LocalTable(game, seats, store=self.store, game_id=game_id))
        return True

    def resume_latest(self) -> bool:
        """Open the latest unfinished game someone plays here, if there is one and
        it can be opened."""
        from .screens.start import game_to_resume

        record = game_to_resume(self.store) if self.store is not None else None
        return record is not None and self.resume(record.id)

    def open_table(self, table: Table) -> None:
        """The table of ``table``'s game, in place of the screen shown."""
        from .screens.table import TableScreen

        self._switch(TableScreen(table, self.settings, keeps_settings=self.keeps_settings))

    # --- Learn to play --------------------------------------------------------------
    # Lesson games are not saved (no store): a lesson left part way is taken up
    # again by replaying its beats, which the progress file counts.

    def _lessons(self) -> ProgressFile:
        """Where the lessons done are kept: beside the settings, when they are kept."""
        return ProgressFile(progress_path(self.settings_file) if self.keeps_settings else None)

    def show_lessons(self, lesson_id: str | None = None) -> None:
        """The list of lessons (``lesson_id`` chosen in it), in place of the screen shown."""
        from .screens.learn import LessonList

        self._switch(LessonList(self._lessons(), self.settings, chosen=lesson_id))

    def open_lesson(self, lesson_id: str) -> None:
        """Lesson ``lesson_id``'s table, where it was left, in place of the screen shown."""
        from .learn.lessons import OPPONENT
        from .names import BOT_NAMES, own_name
        from .screens.lesson import open_lesson

        name = own_name()
        opponent = next(n for n in (OPPONENT, *BOT_NAMES) if n.casefold() != name.casefold())
        screen = open_lesson(
            lesson_id,
            (name, opponent),
            self.settings,
            self._lessons(),
            keeps_settings=self.keeps_settings,
        )
        if screen is not None:
            self._switch(screen)

    def _switch(self, screen: Screen) -> None:
        # The start screen, the set-up and the table replace one another above the
        # app's default screen; dialogs stack on top of them and go with them.
        while len(self.screen_stack) > 2:
            self.pop_screen()
        if len(self.screen_stack) == 2:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    # --- What the screens ask for ---------------------------------------------------

    @on(Navigate)
    def _asked(self, request: Navigate) -> None:
        if request.screen is not self.screen:
            # A second key pressed before the first one's request was answered comes
            # from a screen that has gone since: it asks nothing more.
            return
        match request:
            case StartGame(new_game=new_game):
                self.start_game(new_game)
            case ResumeGame(game_id=game_id):
                # A game that cannot be opened is told of, and the screen that asked stays.
                self.resume(game_id)
            case OpenSetup():
                self.action_new_game()
            case ShowMenu():
                self.show_menu()
            case OpenLearn(lesson_id=lesson_id):
                self.show_lessons(lesson_id)
            case StartLesson(lesson_id=lesson_id):
                self.open_lesson(lesson_id)

    @on(ChangeSettings)
    def _settings_changed(self, request: ChangeSettings) -> None:
        self.change_settings(request.settings)

    def get_key_display(self, binding: Binding) -> str:
        if self.settings.ascii and binding.key_display is None:
            # Textual shows some keys as symbols ("⏎"); plain terminals get names.
            return binding.key.replace("_", " ").title() if len(binding.key) > 1 else binding.key
        return super().get_key_display(binding)

    # --- Settings -------------------------------------------------------------------

    def change_settings(self, settings: Settings) -> None:
        """Keep new settings for this session and the next ones; a new language is
        spoken at once, on every screen on show."""
        if settings.language != self.settings.language:
            from .screens.speaking import speak_all_again

            use_language(settings.language)
            speak_all_again(self.screen_stack)
        self.settings = settings
        self.theme = THEMES[settings.theme]
        self.animation_level = "full" if settings.animations else "none"
        self.set_class(settings.ascii, "-ascii")
        if not self.keeps_settings:
            return
        try:
            save_settings(settings, self.settings_file)
        except OSError as err:
            self.notify(_("Settings not saved: {error}").format(error=err), severity="warning")

    def exit(
        self,
        result: str | None = None,
        return_code: int = 0,
        message: RenderableType | None = None,
    ) -> None:
        """Exit as Textual does; the input still to come is dropped (`on_event`)."""
        self.quitting = True
        super().exit(result, return_code, message)

    async def on_event(self, event: events.Event) -> None:
        # Keys typed together with the one that quits ("qu") are already queued
        # when it acts, and the app ends only once they are handled: a take-back
        # or a move would land in the save after the player quit.
        if self.quitting and isinstance(event, events.InputEvent):
            return
        await super().on_event(event)

    def on_unmount(self) -> None:
        if self.store is not None:
            self.store.close()


def _fresh_store(damaged: Path | None) -> tuple[GameStore, Path]:
    """A usable save file beside a damaged one, which is left as it is."""
    from craits_core import default_store_path

    base = damaged or default_store_path()
    number = 2
    while True:
        candidate = base.with_name(f"{base.stem}-{number}{base.suffix}")
        try:
            return GameStore(candidate), candidate
        except StoreError:
            number += 1
