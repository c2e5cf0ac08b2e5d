"""The start screen: resume the unfinished game, or start a new one."""

from __future__ import annotations

from datetime import UTC, datetime

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Button, Label, Static

from craits_core import GameRecord, GameStore

from ..i18n import N_, _
from ..requests import OpenLearn, OpenSetup, ResumeGame
from ..saved_meta import SavedMeta
from ..settings import Settings
from ..widgets.footer import Footer
from .roomy import Roomy
from .speaking import Speaking

LOGO = """\
 ██████ ██████   █████  ██ ████████ ███████
██      ██   ██ ██   ██ ██    ██    ██
██      ██████  ███████ ██    ██    ███████
██      ██   ██ ██   ██ ██    ██         ██
 ██████ ██   ██ ██   ██ ██    ██    ███████"""


def describe_record(record: GameRecord) -> str:
    """One line about a saved game: players, round, when it was last played."""
    rounds = len(record.rules.schedule)
    return _("{players} · round {n} of {total} · {when}").format(
        players=", ".join(record.players),
        n=record.round_number,
        total=rounds,
        when=_ago(record.updated_at),
    )


def played_here(record: GameRecord) -> bool:
    """Whether someone plays the saved game from this terminal: a game of bots only
    is watched, and is not offered to resume (Past games still opens it)."""
    seats = SavedMeta.of(record).seats_for(record.players)
    if seats is None:
        return True  # saved without its seating: it resumes with a person at seat 0
    return any(not seat.bot for seat in seats)


def game_to_resume(store: GameStore) -> GameRecord | None:
    """The game the start menu offers to resume: the one last played of those not
    over that someone plays here."""
    return next((record for record in store.unfinished() if played_here(record)), None)


def _ago(moment: datetime) -> str:
    seconds = (datetime.now(UTC) - moment).total_seconds()
    if seconds < 90:
        return _("just now")
    if seconds < 90 * 60:
        return _("{n} minutes ago").format(n=round(seconds / 60))
    if seconds < 36 * 3600:
        return _("{n} hours ago").format(n=round(seconds / 3600))
    return moment.astimezone().strftime("%Y-%m-%d")


class StartScreen(Speaking, Roomy, Screen):
    """Resume, new game, past games, rules, quit."""

    BINDINGS = [
        Binding("r", "resume", N_("Resume")),
        Binding("n", "app.new_game", N_("New game")),
        Binding("l", "learn", N_("Learn to play")),
        Binding("p", "past", N_("Past games")),
        Binding("o", "options", N_("Options")),
        Binding("question_mark", "help", N_("Rules & help"), key_display="?"),
        Binding("q", "app.quit", N_("Quit")),
    ]

    def __init__(
        self, store: GameStore | None, settings: Settings, *, keeps_settings: bool = True
    ) -> None:
        super().__init__()
        self.store = store
        """The saved games (None: games are played unsaved)."""
        self.settings = settings
        """The settings as the options last left them."""
        self.keeps_settings = keeps_settings
        """Whether changed settings are kept for the next start."""
        self.unfinished: GameRecord | None = None

    def compose(self) -> ComposeResult:
        yield from self.compose_too_small()
        store = self.store
        self.unfinished = game_to_resume(store) if store is not None else None
        # With a game to resume, a short window draws the buttons a line high.
        with Vertical(id="start", classes="-resumable" if self.unfinished else ""):
            yield Static(LOGO, id="logo")
            # A short window has no room for the logo, but should still say whose start menu it is.
            yield Label("C R A I T S", id="short-logo")
            yield Label(_("A Crazy Eights relative for 2 to 5 players"), id="tagline")
            if self.unfinished is not None:
                yield Button(_("Resume your game (r)"), id="resume", variant="primary")
                yield Label(describe_record(self.unfinished), id="resume-what")
            yield Button(
                _("New game (n)"), id="new", variant="default" if self.unfinished else "primary"
            )
            yield Button(_("Learn to play (l)"), id="learn")
            yield Button(_("Past games (p)"), id="past", disabled=store is None)
            yield Button(_("Options (o)"), id="options")
            yield Button(_("Rules and help (?)"), id="help")
            yield Button(_("Quit (q)"), id="quit")
        yield Footer()

    def on_mount(self) -> None:
        self.query(Button).first().focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "resume":
            return self.unfinished is not None
        return True

    @on(Button.Pressed, "#resume")
    def action_resume(self) -> None:
        if self.unfinished is not None:
            self.post_message(ResumeGame(self, self.unfinished.id))

    @on(Button.Pressed, "#new")
    def _new(self) -> None:
        self.post_message(OpenSetup(self))

    @on(Button.Pressed, "#learn")
    def action_learn(self) -> None:
        self.post_message(OpenLearn(self))

    @on(Button.Pressed, "#past")
    def action_past(self) -> None:
        from .history import HistoryScreen

        if self.store is not None:
            self.app.push_screen(HistoryScreen(self.store, self.settings))

    @on(Button.Pressed, "#options")
    def action_options(self) -> None:
        from .options import OptionsScreen

        def closed(settings: Settings | None) -> None:
            if settings is not None:  # for the next time the options open
                self.settings = settings

        self.app.push_screen(
            OptionsScreen(self.settings, keeps_settings=self.keeps_settings), closed
        )

    @on(Button.Pressed, "#help")
    def action_help(self) -> None:
        from .help import HelpScreen

        self.app.push_screen(HelpScreen())

    @on(Button.Pressed, "#quit")
    def _quit(self) -> None:
        self.app.exit()
