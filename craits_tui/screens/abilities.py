"""The cheat sheet: what each card does and scores, in this game (one key at the table)."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from craits_core import RuleSet

from ..abilities_text import KEY, abilities, notes, turn_lines
from ..faces import CardLook
from ..i18n import N_, _
from ..widgets.footer import Footer
from .roomy import Roomy


class AbilitiesScreen(Roomy, ModalScreen[None]):
    """Each rank's ability in a line, with its points, following the game's variants
    and drawn in the player's card look. Esc, the key that opened it, or a click
    outside the box closes it. The whole rules stay on the help screen."""

    CSS_PATH = "abilities.tcss"

    BINDINGS = [
        Binding("escape", "close", N_("Close")),
        Binding(KEY, "close", show=False),
        Binding("enter", "close", show=False),
    ]

    def __init__(self, rules: RuleSet, look: CardLook) -> None:
        super().__init__()
        self.rules = rules
        self.look = look

    def compose(self) -> ComposeResult:
        yield from self.compose_too_small()
        with Vertical(id="abilities"):
            yield Label(_("What the cards do"), id="abilities-title")
            yield Static("\n".join(turn_lines(self.rules)), id="abilities-turn")
            yield Static(self._table(), id="abilities-table")
            yield Static("\n".join(notes()), id="abilities-notes")
        yield Footer()

    def _table(self) -> Table:
        table = Table(box=None, padding=(0, 1), expand=True, show_edge=False)
        table.add_column(_("Card"), no_wrap=True, style="bold")
        table.add_column(_("What it does"), ratio=1)
        table.add_column(_("Points"), justify="right", no_wrap=True)
        for ability in abilities(self.rules, self.look):
            table.add_row(Text(ability.label), ability.words, ability.points)
        return table

    def on_click(self, event: events.Click) -> None:
        # A click on the dimmed table around the box, not in it.
        if event.widget is self:
            self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)
