"""Hot seat: a blank screen between two people's turns at the same terminal.

It covers the whole table, so the person taking over does not see the hand of the
one who just played, and that one does not see the next hand. If the person who
just played went down to one card, they may still say "Last card!" from here.
"""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button, Label

from ..i18n import N_, _
from ..widgets.footer import Footer


class HandoverScreen(Screen[str]):
    """Pass the terminal to ``name``; dismissed with "ready", or with "announce"
    when ``announce_for`` (the previous player) says "Last card!" first."""

    # A full Screen, not a ModalScreen: nothing of the table may show through.
    CSS_PATH = "help.tcss"
    # Nothing takes the focus: with a button focused, Enter would press whichever
    # button had it, and Enter must always mean "ready". The buttons answer clicks.
    AUTO_FOCUS = None

    BINDINGS = [
        Binding("enter", "ready", N_("Ready")),
        Binding("l", "announce", N_("Last card!")),
    ]

    def __init__(self, name: str, announce_for: str | None = None) -> None:
        super().__init__()
        self.player = name
        self.announce_for = announce_for

    def compose(self) -> ComposeResult:
        with Vertical(id="handover"):
            # Names are whatever the players typed: shown as text, never as markup.
            yield Label(
                _("Pass the terminal to {name}.").format(name=self.player),
                id="handover-title",
                markup=False,
            )
            yield Label(
                _("Press Enter when {name} is ready.").format(name=self.player),
                id="handover-hint",
                markup=False,
            )
            with Center():
                yield _click_only(
                    Button(_("Ready (Enter)"), id="handover-ready", variant="primary")
                )
            if self.announce_for is not None:
                yield Label(
                    _("{name} has one card left and may still say it:").format(
                        name=self.announce_for
                    ),
                    id="handover-announce-hint",
                    markup=False,
                )
                with Center():
                    yield _click_only(
                        Button(
                            Content(_("{name}: Last card! (l)").format(name=self.announce_for)),
                            id="handover-announce",
                            variant="warning",
                        )
                    )
        yield Footer()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "announce":
            return self.announce_for is not None
        return True

    @on(Button.Pressed, "#handover-ready")
    def action_ready(self) -> None:
        self.dismiss("ready")

    @on(Button.Pressed, "#handover-announce")
    def action_announce(self) -> None:
        if self.announce_for is not None:
            self.dismiss("announce")


def _click_only(button: Button) -> Button:
    """``button``, made unable to take the focus (see AUTO_FOCUS above)."""
    button.can_focus = False
    return button
