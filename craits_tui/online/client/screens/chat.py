"""Chat at an online table: the keys that write, send an emote and mute, and the
small dialogs they open.

`Chat` is the part of a screen that chats (the table, the waiting room): its
keys' actions, and the `ChatPanel` it keeps up to date with the table's lines and the
session's mutes. Lines go to the server, which sends them back to everyone at
the table, this session too: a line shows when the server has taken it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from ....i18n import N_, _
from ....names import clean_text, cut
from ....widgets.footer import Footer
from ...protocol import (
    EMOTES,
    MAX_CHAT,
    Emote,
    Mute,
    MuteChanged,
    Muted,
    RefusalCode,
    Say,
    Welcome,
)
from ..connection import RemoteConnection
from ..emotes import emote_label, emote_picture
from ..messages import Listening, ServerSaid
from ..table import RemoteTable
from ..widgets.chat import ChatPanel
from ..words import refusal_text

CHAT_KEY, EMOTE_KEY, MUTE_KEY = "t", "e", "x"
"""The keys that write a line, send an emote and mute: free at the table and in
the waiting room."""

CHAT_BINDINGS: list[BindingType] = [
    Binding(CHAT_KEY, "chat", N_("Chat")),
    Binding(EMOTE_KEY, "emote", N_("Emote")),
    Binding(MUTE_KEY, "mute", N_("Mute")),
    # Where the player may not write (a spectator, where the host keeps the chat
    # to the players), the two above leave the footer, and their keys fall
    # through to these, which say why.
    Binding(CHAT_KEY, "chat_closed", show=False),
    Binding(EMOTE_KEY, "chat_closed", show=False),
]
"""The keys of `Chat`, for a screen's own bindings: after the screen's others,
in its footer."""

_PICTURE_CELLS = 4
"""The column an emote's name starts at in the picker, after its picture."""


# --- The dialogs ---------------------------------------------------------------------------


class ChatInput(ModalScreen[str | None]):
    """A line to say to the table: Enter sends it (as typed: the caller cleans
    it), Escape thinks better of it. At most `MAX_CHAT` cells."""

    CSS_PATH = "chat.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "send", N_("Send")),
        Binding("escape", "cancel", N_("Cancel")),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="chat-write"):
            with Horizontal(id="chat-write-top"):
                yield Label(_("Say to the table · Enter sends it"), id="chat-write-title")
                yield Static("", id="chat-write-count")
            # A character takes one cell or two: the cells are counted as typed.
            yield Input(
                placeholder=_("Type a line, then Enter"), max_length=MAX_CHAT, id="chat-write-line"
            )
        yield Footer()

    def on_mount(self) -> None:
        self._count("")

    @on(Input.Changed)
    def _changed(self, event: Input.Changed) -> None:
        if cell_len(event.value) > MAX_CHAT:
            event.input.value = cut(event.value, MAX_CHAT)
            return  # counted when the shortened value's change comes
        self._count(event.value)

    def _count(self, value: str) -> None:
        count = self.query_one("#chat-write-count", Static)
        count.update(f"{cell_len(value)}/{MAX_CHAT}")

    @on(Input.Submitted)
    def action_send(self) -> None:
        self.dismiss(self.query_one(Input).value)

    def action_cancel(self) -> None:
        self.dismiss(None)


class EmotePicker(ModalScreen[str | None]):
    """Pick an emote (`protocol.EMOTES`): its number, a click, or the arrows and
    Enter; Escape picks none."""

    CSS_PATH = "chat.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        *[Binding(str(n), f"pick({n})", show=False) for n in range(1, len(EMOTES) + 1)],
        Binding("escape", "cancel", N_("Cancel")),
    ]

    def __init__(self, ascii: bool = False) -> None:
        super().__init__()
        self.ascii = ascii

    def compose(self) -> ComposeResult:
        options = []
        for number, name in enumerate(EMOTES, start=1):
            picture = emote_picture(name, self.ascii)
            pad = " " * max(1, _PICTURE_CELLS - cell_len(picture))
            options.append(Option(Text(f"{number}  {picture}{pad}{emote_label(name)}"), id=name))
        with Vertical(id="emote-picker"):
            yield Label(_("Send an emote"), id="emote-title")
            yield OptionList(*options, id="emote-list")
        yield Footer()

    @on(OptionList.OptionSelected)
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

    def action_pick(self, number: int) -> None:
        if 1 <= number <= len(EMOTES):
            self.dismiss(EMOTES[number - 1])

    def action_cancel(self) -> None:
        self.dismiss(None)


class MuteList(Listening, ModalScreen[None]):
    """Whom the session hears: the people at the table and those who have written,
    each muted or not; Enter or a click mutes or hears them again. The marks
    follow the server's answer (`MuteChanged`), not the key."""

    CSS_PATH = "chat.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "close", N_("Close"))]

    def __init__(
        self, connection: RemoteConnection, table: RemoteTable, own_name: str | None = None
    ) -> None:
        super().__init__()
        self.connection = connection
        self.table = table
        self.own_name = own_name

    def compose(self) -> ComposeResult:
        with Vertical(id="mute-dialog"):
            yield Label(_("Mute"), id="mute-title")
            yield Label(
                _(
                    "Enter or a click mutes a player (you no longer see their lines), "
                    "or hears them again."
                ),
                id="mute-hint",
            )
            yield OptionList(id="mute-people")
            yield Label(_("Nobody here to mute yet."), id="mute-nobody")
        yield Footer()

    def on_mount(self) -> None:
        self.listen(self.connection)
        self._fill()

    def people(self) -> dict[str, str]:
        """Everyone the list offers, by handle, with their name: those here, then
        those muted elsewhere (by their handle, the only name known of them)."""
        people = self.table.chat_people(self.own_name)
        for handle in sorted(self.connection.muted - people.keys()):
            people[handle] = clean_text(handle, 24) or "?"
        return people

    def _fill(self) -> None:
        muted = self.connection.muted
        people = self.people()
        listed = self.query_one(OptionList)
        highlighted = listed.highlighted
        listed.clear_options()
        for handle, name in people.items():
            line = Text("[x] " if handle in muted else "[ ] ", style="bold")
            line.append(name)
            if handle in muted:
                line.append("  " + _("muted"), style="italic")
            listed.add_option(Option(line, id=handle))
        listed.display = bool(people)
        self.query_one("#mute-nobody").display = not people
        if people:
            listed.highlighted = min(highlighted or 0, len(people) - 1)
            listed.focus()

    def muted_marks(self) -> dict[str, bool]:
        """Each person listed, by handle: whether they show as muted."""
        return {handle: handle in self.connection.muted for handle in self.people()}

    @on(OptionList.OptionSelected)
    def _toggle(self, event: OptionList.OptionSelected) -> None:
        handle = event.option.id
        if handle is not None:
            self.connection.send(Mute(handle, handle not in self.connection.muted))

    @on(ServerSaid)
    def _server_said(self, said: ServerSaid) -> None:
        if isinstance(said.message, Muted | MuteChanged):
            self._fill()

    def action_close(self) -> None:
        self.dismiss(None)


# --- The screens that chat ---------------------------------------------------------------------


class Chat:
    """The chat of a screen that shows a table's (the table, the waiting room): the
    actions of its keys (`CHAT_BINDINGS`, which the screen lists among its own: t
    to chat, e for an emote, x to mute, each action a call of this part's), and
    its `ChatPanel`, kept up to date.

    A spectator at a table whose host keeps the chat to the players sees it, but
    the keys that write say why they cannot, instead of sending.
    """

    def __init__(
        self,
        screen: Screen[object],
        connection: RemoteConnection,
        table: RemoteTable,
        *,
        ascii: Callable[[], bool],
        notice: Callable[[str], None] | None = None,
    ) -> None:
        """``ascii``: whether emotes are drawn in letters now (the ASCII setting);
        ``notice``: how the screen tells the player why a chat key did nothing
        (by default, a notification)."""
        self.screen = screen
        self.connection = connection
        self.table = table
        self._ascii = ascii
        self._notice = notice
        self._stops: list[Callable[[], None]] = []

    def start(self) -> None:
        """Show the table's chat in the screen's panel, and follow it until `stop`."""
        if not self._stops:
            screen = self.screen
            self._stops = [
                self.table.subscribe_chat(lambda _line: screen.call_later(self.show)),
                self.connection.subscribe(lambda said: screen.call_later(self._heard, said)),
            ]
        self.show()

    def stop(self) -> None:
        """Follow the chat no more (the screen is going)."""
        for stop in self._stops:
            stop()
        self._stops = []

    def show(self) -> None:
        """Bring the panel in line with the table's chat, the mutes and the settings."""
        table = self.table
        for panel in self.screen.query(ChatPanel):
            panel.own_seat = table.seat
            panel.own_name = self.connection.welcome.name
            panel.ascii = self._ascii()
            panel.muted = self.connection.muted
            panel.lines = tuple(table.chat)
            if table.can_chat:
                panel.hint = _(
                    "Nobody has written yet: {chat} to chat, {emote} for an emote."
                ).format(chat=CHAT_KEY, emote=EMOTE_KEY)
            else:
                panel.hint = _("Only the players write here: you can read along.")

    def _heard(self, message: object) -> None:
        if isinstance(message, Muted | MuteChanged | Welcome) and self.screen.is_attached:
            self.show()

    def allowed(self, action: str) -> bool | None:
        """Whether the footer offers ``action``, if it is a chat key's (None: not one)."""
        if action in ("chat", "emote"):
            return self.table.can_chat
        return None

    def closed(self) -> None:
        """A writing key, where the player may only read."""
        text = refusal_text(RefusalCode.CHAT_CLOSED)
        if self._notice is not None:
            self._notice(text)
        else:
            self.screen.notify(text, severity="warning", timeout=4, markup=False)

    def _may_write(self) -> bool:
        if self.table.can_chat:
            return True
        self.closed()
        return False

    def write(self) -> None:
        """A line for the table, typed in a one-line dialog."""
        if self._may_write():
            self.screen.app.push_screen(ChatInput(), self._say)

    def _say(self, typed: str | None) -> None:
        text = clean_text(typed or "", MAX_CHAT)
        if text:
            self.connection.send(Say(text))

    def emote(self) -> None:
        """An emote for the table, from a picker."""
        if self._may_write():
            self.screen.app.push_screen(EmotePicker(self._ascii()), self._emote)

    def _emote(self, name: str | None) -> None:
        if name in EMOTES:
            self.connection.send(Emote(name))

    def mute(self) -> None:
        """The people one can mute, and hear again."""
        self.screen.app.push_screen(
            MuteList(self.connection, self.table, self.connection.welcome.name)
        )
