"""The waiting room: a table before its game, and while a joined game catches up."""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.css.query import NoMatches
from textual.screen import Screen
from textual.widgets import Button, Label, Select, Static

from craits_core.rules import MAX_PLAYERS

from ....i18n import N_, _, ngettext
from ....narrate import describe_rules
from ....screens.roomy import Roomy
from ....screens.setup import PERSON, kind_options
from ....widgets.footer import Footer
from ...protocol import FillSeat, StartTable, TableInfo, Welcome
from ..connection import RemoteConnection
from ..messages import Listening, OpenTable, QuitTable, SeatsChanged, ServerSaid, TableMoved
from ..table import RemoteTable
from ..widgets.chat import ChatPanel
from .chat import CHAT_BINDINGS, Chat
from .describe import level_name, table_name, table_options, with_code

MAX_REDRAWS = 100
"""Times the room is drawn again while its widgets are still mounting (see `_show`)."""

FREE = "free"
"""The waiting room's choice for a seat left to a person (the others are bot levels)."""


def link_words(link: str) -> Text:
    """The table's link, to send to those invited (the waiting room's line)."""
    return with_code(_("The table's link, to send: {link}").format(link=link), link)


def reconnect_words(code: str) -> Text:
    """The seat's reconnect code, told to its holder (the waiting room's line)."""
    sentence = _(
        "Your reconnect code: {code}. Keep it to yourself: it takes your seat back "
        "if your connection drops."
    ).format(code=code)
    return with_code(sentence, code)


class WaitingRoom(Listening, Roomy, Screen):
    """A table before its game: who sits where; the host fills seats and starts.

    When the game's events arrive it asks for the table, once the game so far has
    arrived (a player who joins a game under way sees where it stands, without
    reliving every round). The table's chat shows under the seats.
    """

    CSS_PATH = ["../../../screens/menus.tcss", "waiting.tcss", "chat.tcss"]
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "leave", N_("Leave")),
        Binding("ctrl+s", "start", N_("Start game")),
        *CHAT_BINDINGS,
    ]

    def __init__(
        self, connection: RemoteConnection, table: RemoteTable, link: str | None = None
    ) -> None:
        """``link``: the table's link on the server's web page, if it serves one."""
        super().__init__()
        self.connection = connection
        self.table = table
        self.link = link
        self._opened = False
        self._moving = False
        self._unsubscribe: list[Callable[[], None]] = []
        self._starts_at: float | None = None
        """When a quick-match table starts by itself (`time.monotonic`), as last told."""
        self._counted: TableInfo | None = None
        """The table's news the count-down was last set from."""
        self._redraws = 0
        self.chat = Chat(self, connection, table, ascii=self._ascii)

    @property
    def is_host(self) -> bool:
        # Nobody hosts a quick-match table: it starts by itself.
        if self.table.info.quick:
            return False
        return self.table.seat is not None and self.table.is_host(self.connection.welcome.name)

    def compose(self) -> ComposeResult:
        yield from self.compose_too_small()
        options = [(_("Free: for a person"), FREE)] + [
            (label, value) for label, value in kind_options() if value != PERSON
        ]
        with Vertical(id="room"):
            yield Static("", id="room-title", classes="menu-title", markup=False)
            yield Static("", id="room-hint", markup=False)
            if self.link is not None:
                yield Static(link_words(self.link), id="room-link", markup=False)
            yield Static("", id="room-code", markup=False)
            with Vertical(id="room-seats"):
                for i in range(MAX_PLAYERS):
                    with Horizontal(classes="room-seat", id=f"room-seat-{i}"):
                        yield Label(str(i + 1), classes="room-number")
                        yield Label("", classes="room-name", markup=False)
                        yield Label("", classes="room-kind")
                        yield Select(
                            options,
                            value=FREE,
                            allow_blank=False,
                            compact=True,
                            id=f"room-fill-{i}",
                            classes="room-fill",
                        )
            yield Static("", id="room-rules")
            yield ChatPanel(id="room-chat")
            with Horizontal(classes="menu-buttons"):
                yield Button(_("Leave"), id="room-leave")
                yield Static(classes="menu-gap")
                yield Button(_("Start game"), id="room-start", variant="primary")
        yield Footer()

    def on_mount(self) -> None:
        self.listen(self.connection)
        self._unsubscribe = [
            self.table.subscribe(lambda _index, _event: self.post_message(TableMoved())),
            self.table.subscribe_changes(lambda: self.post_message(SeatsChanged())),
        ]
        self._show()
        self.chat.start()
        if self.table.event_count():
            self._game_moving()
        self.set_interval(1.0, self._count_down)

    def on_unmount(self) -> None:
        for stop in self._unsubscribe:
            stop()
        self.chat.stop()

    # --- Showing ---------------------------------------------------------------------------

    def _show(self) -> None:
        try:
            self._draw()
        except NoMatches:
            # Seen on a very busy machine: a seat's row without its widgets yet, as
            # the screen mounts. Drawn again once they are there, rather than failing.
            self._redraws += 1
            if self._redraws > MAX_REDRAWS:
                raise
            self.call_after_refresh(self._show)

    def _draw(self) -> None:
        info = self.table.info
        host = self.is_host
        self.query_one("#room-title", Static).update(
            _("{name} · code {code}").format(name=table_name(info), code=info.code)
        )
        if info is not self._counted:  # news from the server: its count starts again
            self._counted = info
            self._starts_at = None
            if info.starts_in is not None:
                self._starts_at = time.monotonic() + max(0.0, info.starts_in)
        if self.table.started:
            hint = _("The game is under way: catching up…")
        elif info.quick:
            hint = self._quick_hint()
        elif self.table.seat is None:
            hint = _("You are watching this table. The game shows when it starts.")
        elif host:
            hint = _(
                "Others join with the code {code}. Press Start when everyone is here: "
                "free seats get bots."
            ).format(code=info.code)
        else:
            hint = _("Waiting for {host} to start the game.").format(
                host=info.host or _("the host")
            )
        self.query_one("#room-hint", Static).update(hint)
        self._show_code()
        for i in range(MAX_PLAYERS):
            self._show_seat(i, info, host)
        watching = info.spectators
        words = _("Rules: {rules}").format(rules=describe_rules(info.rules))
        if watching:
            words += " · " + _("{n} watching").format(n=watching)
        words += "\n" + table_options(info)
        self.query_one("#room-rules", Static).update(words)
        start = self.query_one("#room-start", Button)
        start.display = host and not self.table.started
        self.refresh_bindings()

    def _quick_hint(self) -> str:
        """A quick-match table: when it starts by itself, counted down."""
        if self._starts_at is None:
            return _("Quick match: the game starts when every seat is taken.")
        seconds = max(0, math.ceil(self._starts_at - time.monotonic()))
        if not seconds:  # the server's word that it started is on its way
            return _("Quick match: starting, with bots in the empty seats…")
        return ngettext(
            "Quick match: starts in {n} s; bots take the empty seats.",
            "Quick match: starts in {n} s; bots take the empty seats.",
            seconds,
        ).format(n=seconds)

    def _count_down(self) -> None:
        if self.table.info.quick and not self.table.started and not self._opened:
            self.query_one("#room-hint", Static).update(self._quick_hint())

    def _show_code(self) -> None:
        code = self.connection.code_for(self.table.code) if self.table.seat is not None else None
        line = self.query_one("#room-code", Static)
        line.display = code is not None
        line.update(reconnect_words(code) if code is not None else "")

    def _show_seat(self, i: int, info: TableInfo, host: bool) -> None:
        row = self.query_one(f"#room-seat-{i}")
        row.set_class(i >= len(info.seats), "-unused")
        if i >= len(info.seats):
            return
        seat = info.seats[i]
        can_fill = host and i != self.table.seat and (seat.free or seat.bot is not None)
        notes = []
        if i == self.table.seat:
            notes.append(_("you"))
        if seat.name and seat.name == info.host:
            notes.append(_("host"))
        if can_fill:
            pass  # the host's choice beside it says what the seat is
        elif seat.bot is not None:
            notes.append(level_name(seat.bot))
        elif seat.free:
            notes.append(_("waiting for a person"))
        elif not seat.connected:
            notes.append(_("away"))
        name = row.query_one(".room-name", Label)
        name.update(seat.name or _("free seat"))
        name.set_class(seat.free, "-free")
        row.query_one(".room-kind", Label).update(", ".join(notes))
        fill = row.query_one(Select)
        fill.display = can_fill
        value = seat.bot or FREE
        if can_fill and fill.value != value:
            with fill.prevent(Select.Changed):  # the server's news, not the host's choice
                fill.value = value

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "start":
            return self.is_host and not self.table.started
        allowed = self.chat.allowed(action)
        return True if allowed is None else allowed

    def _ascii(self) -> bool:
        settings = getattr(self.app, "settings", None)
        return bool(getattr(settings, "ascii", False))

    # --- Chat ---------------------------------------------------------------------------------

    @on(ChatPanel.WriteAsked)
    def action_chat(self) -> None:
        self.chat.write()

    def action_emote(self) -> None:
        self.chat.emote()

    def action_mute(self) -> None:
        self.chat.mute()

    def action_chat_closed(self) -> None:
        self.chat.closed()

    # --- Changes ----------------------------------------------------------------------------

    @on(SeatsChanged)
    def _changed(self) -> None:
        # Once the table is asked for, this room is on its way out: news of the
        # seats may come while its widgets are being removed.
        if not self._opened:
            self._show()

    @on(ServerSaid)
    def _server_said(self, said: ServerSaid) -> None:
        if isinstance(said.message, Welcome):
            self._show_code()  # the seat's code is new, or known at last

    @on(Select.Changed, ".room-fill")
    def _fill(self, event: Select.Changed) -> None:
        # Only the host's own choice counts: one made with the list in hand (the
        # select has the focus), that differs from what the server last said.
        if event.select.id is None or not self.is_host or not event.select.has_focus:
            return
        seat = int(event.select.id.removeprefix("room-fill-"))
        seats = self.table.info.seats
        if seat >= len(seats):
            return
        wanted = None if event.value == FREE else str(event.value)
        if wanted != seats[seat].bot:
            self.connection.send(FillSeat(seat, wanted))

    @on(Button.Pressed, "#room-start")
    def action_start(self) -> None:
        if self.is_host:
            self.connection.send(StartTable())

    @on(Button.Pressed, "#room-leave")
    def action_leave(self) -> None:
        self.post_message(QuitTable(self.table))

    # --- The game begins ---------------------------------------------------------------------

    @on(TableMoved)
    def _game_moving(self) -> None:
        """Ask for the table once the game so far is here (the server said how
        much would come)."""
        if self._opened:
            return
        if not self._moving:
            self._moving = True
            self._show()  # "catching up"
        if self.table.caught_up and self.is_attached:
            self._opened = True
            self.post_message(OpenTable(self.table))
