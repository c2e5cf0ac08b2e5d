"""The start screen: resume the unfinished game, or start a new one."""

from __future__ import annotations

from datetime import UTC, datetime

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Button, Label, Static

from craits_core import GameRecord

from ..i18n import _
from ..widgets.footer import Footer
from .roomy import Roomy

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


def _ago(moment: datetime) -> str:
    seconds = (datetime.now(UTC) - moment).total_seconds()
    if seconds < 90:
        return _("just now")
    if seconds < 90 * 60:
        return _("{n} minutes ago").format(n=round(seconds / 60))
    if seconds < 36 * 3600:
        return _("{n} hours ago").format(n=round(seconds / 3600))
    return moment.astimezone().strftime("%Y-%m-%d")


class StartScreen(Roomy, Screen):
    """Resume, new game, past games, rules, quit."""

    BINDINGS = [
        Binding("r", "resume", _("Resume")),
        Binding("n", "app.new_game", _("New game")),
        Binding("p", "past", _("Past games")),
        Binding("o", "options", _("Options")),
        Binding("question_mark", "help", _("Rules & help"), key_display="?"),
        Binding("q", "app.quit", _("Quit")),
    ]

    def compose(self) -> ComposeResult:
        yield from self.compose_too_small()
        store = self.app.store  # type: ignore[attr-defined]
        self.unfinished = store.latest_unfinished() if store is not None else None
        with Vertical(id="start"):
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
            self.app.resume(self.unfinished.id)  # type: ignore[attr-defined]

    @on(Button.Pressed, "#new")
    def _new(self) -> None:
        self.app.action_new_game()  # type: ignore[attr-defined]

    @on(Button.Pressed, "#past")
    def action_past(self) -> None:
        from .history import HistoryScreen

        if self.app.store is not None:  # type: ignore[attr-defined]
            self.app.push_screen(HistoryScreen())

    @on(Button.Pressed, "#options")
    def action_options(self) -> None:
        from .options import OptionsScreen

        self.app.push_screen(OptionsScreen())

    @on(Button.Pressed, "#help")
    def action_help(self) -> None:
        from .help import HelpScreen

        self.app.push_screen(HelpScreen())

    @on(Button.Pressed, "#quit")
    def _quit(self) -> None:
        self.app.exit()
