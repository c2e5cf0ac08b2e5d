"""The online session's dialogs: a reconnect code or a replay's code asked for,
leaving a game under way, a seat that dozes, a replay on its way, and the
session's end."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Horizontal, Vertical
from textual.reactive import reactive
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Input, Label

from ....i18n import N_, _
from ....names import clean_name
from ....widgets.footer import Footer
from ..connection import KeptSeat
from ..messages import SeatsChanged
from ..table import RemoteTable
from .describe import kept_table_words, with_code


class CodePrompt(ModalScreen[str | None]):
    """Ask for the reconnect code that takes a seat back."""

    CSS_PATH = "dialogs.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", N_("Cancel"))]
    # What the dialog says, marked here and translated when it is drawn.
    heading = N_("Take your seat back")
    hint = N_("Type the last reconnect code you were shown for your seat.")
    placeholder = N_("reconnect code")
    go = N_("Reconnect")

    def compose(self) -> ComposeResult:
        with Vertical(id="prompt", classes="dialog"):
            yield Label(_(self.heading), classes="dialog-title")
            yield Label(_(self.hint), classes="dialog-hint")
            yield Input(placeholder=_(self.placeholder), max_length=40, id="prompt-code")
            with Horizontal(classes="dialog-buttons"):
                yield Button(_("Cancel"), id="prompt-cancel")
                yield Button(_(self.go), id="prompt-go", variant="primary")
        yield Footer()

    @on(Input.Submitted)
    @on(Button.Pressed, "#prompt-go")
    def _go(self) -> None:
        code = clean_name(self.query_one(Input).value).replace(" ", "")
        self.dismiss(code or None)

    @on(Button.Pressed, "#prompt-cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)


class ReplayPrompt(CodePrompt):
    """Ask for the code of a finished game to replay."""

    heading = N_("Watch a replay")
    hint = N_("Type the replay code of a finished game: every hand of every round, move by move.")
    placeholder = N_("replay code")
    go = N_("Replay")


class FetchingReplay(Screen[None]):
    """A session started to show one replay, while the replay is on its way."""

    CSS_PATH = "dialogs.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "app.quit", N_("Quit")),
        Binding("q", "app.quit", N_("Quit"), show=False),
    ]

    def __init__(self, code: str) -> None:
        super().__init__()
        self.code = code

    def compose(self) -> ComposeResult:
        with Vertical(id="fetching", classes="dialog"):
            yield Label(_("Replay {code}").format(code=self.code), classes="dialog-title")
            yield Label(_("Fetching the game from the server…"), classes="dialog-hint")
        yield Footer()


class ConfirmLeave(ModalScreen[bool]):
    """Make sure the player means to get up from a game under way, and tell them
    how to come back: ``code`` is their seat's reconnect code, if known."""

    CSS_PATH = "dialogs.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "stay", N_("Stay")),
        Binding("y", "leave", N_("Leave")),
    ]

    def __init__(self, code: str | None = None) -> None:
        super().__init__()
        self.code = code

    def compose(self) -> ComposeResult:
        if self.code is not None:
            back: str | Text = with_code(
                _(
                    "A bot plays for you while you are away. To take your seat back, join "
                    "this table again from the lobby, or type the reconnect code {code}."
                ).format(code=self.code),
                self.code,
            )
        else:
            back = _(
                "A bot plays for you while you are away. To take your seat back, join "
                "this table again from the lobby."
            )
        with Vertical(id="confirm-leave", classes="dialog"):
            yield Label(_("Leave this game?"), classes="dialog-title")
            yield Label(back, id="leave-back", classes="dialog-hint", markup=False)
            with Horizontal(classes="dialog-buttons"):
                yield Button(_("Stay (Esc)"), id="leave-stay", variant="primary")
                yield Button(_("Leave (y)"), id="leave-go")
        yield Footer()

    @on(Button.Pressed, "#leave-stay")
    def action_stay(self) -> None:
        self.dismiss(False)

    @on(Button.Pressed, "#leave-go")
    def action_leave(self) -> None:
        self.dismiss(True)


class DozingNote(ModalScreen[None]):
    """Over the table while the player's own seat dozes (their turn clock ran out
    twice in a row, so a bot plays for them): any key or click asks the server for
    the seat back (`RemoteTable.wake`), and does nothing else, so that the key
    that wakes the player plays no card. The note goes once the server says the
    seat is theirs again."""

    CSS_PATH = "dialogs.tcss"

    asked: reactive[bool] = reactive(False, init=False)
    """A key was pressed: the seat is asked back, and the server's answer awaited."""

    def __init__(self, table: RemoteTable) -> None:
        super().__init__()
        self.table = table
        self._stop: Callable[[], None] | None = None

    def compose(self) -> ComposeResult:
        with Vertical(id="dozing", classes="dialog"):
            yield Label(_("Are you there?"), classes="dialog-title")
            yield Label(self._words(), id="dozing-words", markup=False)
        # Its own footer, empty: the table's keys beneath play nothing now.
        yield Footer()

    def _words(self) -> str:
        if self.asked:
            return _("Taking your seat back…")
        return _(
            "Your time ran out twice in a row: a bot plays for you. Press any key to play again."
        )

    def on_mount(self) -> None:
        self._stop = self.table.subscribe_changes(lambda: self.post_message(SeatsChanged()))

    def on_unmount(self) -> None:
        if self._stop is not None:
            self._stop()
            self._stop = None

    def watch_asked(self) -> None:
        self.query_one("#dozing-words", Label).update(self._words())

    def on_key(self, event: events.Key) -> None:
        # Every key stops here, the one that wakes the seat and any pressed before
        # the server answers: none of them reaches the table's bindings.
        event.stop()
        event.prevent_default()
        self._wake()

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self._wake()

    def _wake(self) -> None:
        if self.table.wake():
            self.asked = True

    @on(SeatsChanged)
    def _seats_changed(self) -> None:
        self._go_if_awake()

    def on_screen_resume(self) -> None:
        # The seat may have come back while a dialog stood above this note.
        self._go_if_awake()

    def _go_if_awake(self) -> None:
        # Only from the top of the stack: dismissing pops whichever screen is there.
        if not self.table.dozes and self.is_active:
            self.dismiss()


class Disconnected(Screen[None]):
    """The session is over: why, the seat kept for the player (with its code), and
    a key to close it. It closes by itself after ``close_after`` seconds, if given.
    ``title``: its heading, when the session ends for another reason than a lost
    connection (a replay that cannot be shown)."""

    CSS_PATH = "dialogs.tcss"
    AUTO_FOCUS = "#gone-close"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "close", N_("Close")),
        Binding("q", "close", N_("Close"), show=False),
    ]

    def __init__(
        self,
        reason: str,
        close_after: float | None = None,
        kept: KeptSeat | None = None,
        *,
        title: str | None = None,
    ) -> None:
        super().__init__()
        self.reason = reason
        self.close_after = close_after
        self.kept = kept
        self.title_text = title

    def on_mount(self) -> None:
        if self.close_after is not None:
            self.set_timer(self.close_after, self.action_close)

    def compose(self) -> ComposeResult:
        with Vertical(id="gone", classes="dialog"):
            yield Label(self.title_text or _("Disconnected"), classes="dialog-title")
            yield Label(self.reason, id="gone-reason", markup=False)
            if self.kept is not None:
                sentence = _(
                    "Your seat at {table} is kept for you: connect again and join "
                    "the table, or type the reconnect code {code}."
                ).format(table=kept_table_words(self.kept), code=self.kept.code)
                yield Label(
                    with_code(sentence, self.kept.code),
                    id="gone-kept",
                    classes="dialog-hint",
                    markup=False,
                )
            with Center():
                yield Button(_("Close (Enter)"), id="gone-close", variant="primary")
        yield Footer()

    @on(Button.Pressed, "#gone-close")
    def action_close(self) -> None:
        self.dismiss(None)
