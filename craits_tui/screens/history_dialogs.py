"""The history screen's two questions: what to do with an unfinished game, and
whether to delete one."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label

from craits_core import GameRecord

from ..i18n import N_, _
from ..widgets.footer import Footer


class UnfinishedChoice(ModalScreen[str | None]):
    """What to do with a game that is not over: resume it, or watch it so far.
    Dismisses with "resume", "replay" or None."""

    CSS_PATH = "menus.tcss"
    AUTO_FOCUS = "#choice-resume"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "choose", N_("Cancel")),
        Binding("r", "choose('resume')", N_("Resume")),
        Binding("v", "choose('replay')", N_("Replay")),
    ]

    def __init__(self, record: GameRecord) -> None:
        super().__init__()
        self.record = record

    def compose(self) -> ComposeResult:
        with Vertical(id="unfinished"):
            yield Label(_("This game is not finished."), id="unfinished-title")
            yield Label(", ".join(self.record.players), id="unfinished-players")
            yield Label(
                _("Round {n} of {total}, last played {when}.").format(
                    n=self.record.round_number,
                    total=len(self.record.rules.schedule),
                    when=self.record.updated_at.astimezone().strftime("%Y-%m-%d %H:%M"),
                ),
                id="unfinished-what",
            )
            with Horizontal(id="unfinished-buttons"):
                yield Button(
                    _("Resume (r)"),
                    id="choice-resume",
                    variant="primary",
                    action="screen.choose('resume')",
                )
                yield Button(
                    _("Replay so far (v)"), id="choice-replay", action="screen.choose('replay')"
                )
                yield Button(_("Cancel"), id="choice-cancel", action="screen.choose")
        yield Footer()

    def action_choose(self, choice: str | None = None) -> None:
        self.dismiss(choice)


class ConfirmDelete(ModalScreen[bool]):
    """Whether to delete a saved game for good. Dismisses with True (delete it) or
    False."""

    CSS_PATH = "menus.tcss"
    # The harmless choice has the focus: Enter pressed by habit deletes nothing.
    AUTO_FOCUS = "#delete-no"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,n", "choose(False)", N_("Keep it")),
        Binding("y", "choose(True)", N_("Delete")),
    ]

    def __init__(self, record: GameRecord) -> None:
        super().__init__()
        self.record = record

    def compose(self) -> ComposeResult:
        record = self.record
        when = record.updated_at.astimezone().strftime("%Y-%m-%d %H:%M")
        what = (
            _("Finished, last played {when}. Once deleted, it no longer counts in the records.")
            if record.finished
            else _("Round {n} of {total}, last played {when}. Once deleted, it cannot be resumed.")
        )
        with Vertical(id="delete"):
            yield Label(_("Delete this game for good?"), id="delete-title")
            yield Label(", ".join(record.players), id="delete-players")
            yield Label(
                what.format(n=record.round_number, total=len(record.rules.schedule), when=when),
                id="delete-what",
            )
            with Horizontal(id="delete-buttons"):
                yield Button(
                    _("Keep it (n)"),
                    id="delete-no",
                    variant="primary",
                    action="screen.choose(False)",
                )
                yield Button(
                    _("Delete (y)"), id="delete-yes", variant="error", action="screen.choose(True)"
                )
        yield Footer()

    def action_choose(self, delete: bool) -> None:
        self.dismiss(delete)
