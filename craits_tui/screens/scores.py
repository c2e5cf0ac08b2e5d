"""The scoreboard on a screen of its own (the s key), at any terminal size."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label

from craits_core import PlayerView

from ..i18n import N_, _
from ..widgets.footer import Footer
from ..widgets.scoreboard import Scoreboard
from .roomy import Roomy


class ScoresScreen(Roomy, ModalScreen[None]):
    BINDINGS = [
        Binding("escape", "close", N_("Close")),
        Binding("s", "close", show=False),
        Binding("enter", "close", show=False),
    ]

    def __init__(self, view: PlayerView) -> None:
        super().__init__()
        self.view = view

    def compose(self) -> ComposeResult:
        yield from self.compose_too_small()
        with Vertical(id="scores"):
            yield Label(_("Scores (lowest total wins)"), id="scores-title")
            yield Scoreboard(id="full-scoreboard")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(Scoreboard).show(self.view)

    def action_close(self) -> None:
        self.dismiss(None)
