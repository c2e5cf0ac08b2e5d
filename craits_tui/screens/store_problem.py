"""When the save file cannot be used: say why, and offer a way on without deleting it."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Button, Label, Static

from ..i18n import N_, _
from ..widgets.footer import Footer


class StoreProblem(Screen[str]):
    """Dismisses with "fresh" (a new save file beside the old one), "unsaved" or "quit"."""

    AUTO_FOCUS = "#fresh"
    BINDINGS = [
        Binding("q", "choose('quit')", N_("Quit")),
        Binding("escape", "choose('quit')", show=False),
    ]

    def __init__(self, problem: str) -> None:
        super().__init__()
        self.problem = problem

    def compose(self) -> ComposeResult:
        with Vertical(id="store-problem"):
            yield Label(_("Your saved games cannot be opened"), id="problem-title")
            yield Static(self.problem, id="problem")
            yield Static(
                _("The file is left exactly as it is, so nothing in it is lost. You can:"),
                id="problem-help",
            )
            yield Button(
                _("Start fresh with a new save file"),
                id="fresh",
                variant="primary",
                action="screen.choose('fresh')",
            )
            yield Button(_("Play without saving"), id="unsaved", action="screen.choose('unsaved')")
            yield Button(_("Quit"), id="quit", action="screen.choose('quit')")
        yield Footer()

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)
