"""Playing online: the lobby, a new table's form, the waiting room, and the app around them.

An online session runs its own app, started by the server for one SSH player.
`RemoteApp` opens the connection and moves between the screens as the server
answers: `joined` opens the waiting room, the game's first events open the
table, a dropped connection closes the session with a message that says why.
The screens listen to the connection only while they are shown, each turning
what it hears into a Textual message of its own.
"""

from __future__ import annotations

import time
from typing import Any, ClassVar, cast

from rich.text import Text
from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.screen import ModalScreen, Screen
from textual.timer import Timer
from textual.widgets import (
    Button,
    DataTable,
    Input,
    Label,
    RadioSet,
    Select,
    Static,
)
from textual.widgets.data_table import CellDoesNotExist

from craits_core import IllegalMove, RuleSet
from craits_core.rules import MAX_PLAYERS, MIN_PLAYERS

from ..app import CraitsApp, Launch
from ..i18n import _
from ..names import clean_name
from ..narrate import describe_rules
from ..remote import (
    PROTOCOL_REFUSALS,
    ConnectionProblem,
    RemoteConnection,
    RemoteTable,
    SeatInfo,
    TableInfo,
    refusal_text,
)
from ..settings import Settings
from ..table import Table
from ..widgets.footer import Footer
from .forms import chosen_rules, count_choice, cursor_on_choice, rules_fields
from .roomy import Roomy
from .setup import PERSON, kind_options
from .table import TableScreen

BYE_PAUSE = 2.0
"""Seconds the reason shows when the server ends the session, before the app ends
by itself (the server ends the session's terminal a moment later)."""

LIST_EVERY = 5.0
"""Seconds between asking the server for the open tables while the lobby shows."""

SETTLE = 0.2
"""Seconds without a new event after which the game so far has arrived (when the
server did not say how many events would come): the table opens caught up."""

SETTLE_AT_MOST = 1.5
"""Seconds after the first event at which the table opens, quiet or not."""

TABLE_NAME_MAX = 24
FREE = "free"
"""The waiting room's choice for a seat left to a person (the others are bot levels)."""

_COLUMNS = ("code", "name", "host", "players", "game", "watching")


# --- Words --------------------------------------------------------------------------------


def level_name(level: str) -> str:
    """A bot level as the set-up form names it ("Bot: normal")."""
    return {value: label for label, value in kind_options()}.get(level, level)


def seat_words(seat: SeatInfo, host: str | None) -> str:
    """A seat in the lobby's details: the name, and what kind of seat it is."""
    if seat.free:
        return _("a free seat")
    name = seat.name or "?"
    if seat.bot is not None and seat.person:
        return _("{name} (away: a bot plays)").format(name=name)
    if seat.bot is not None:
        return _("{name} ({kind})").format(name=name, kind=level_name(seat.bot))
    if name == host:
        return _("{name} (host)").format(name=name)
    if not seat.connected:
        return _("{name} (away)").format(name=name)
    return name


def table_details(info: TableInfo) -> str:
    """The lobby's line about the selected table: its rules and who sits there."""
    seats = ", ".join(seat_words(s, info.host) for s in info.seats)
    return _("Rules: {rules}. Seats: {seats}.").format(
        rules=describe_rules(info.rules), seats=seats
    )


def game_words(info: TableInfo) -> str:
    """Where the table's game stands, in a word."""
    if info.over:
        return _("over")
    return _("playing") if info.started else _("waiting")


# --- Messages from the connection ------------------------------------------------------------


class ServerSaid(Message, bubble=False):
    """A message from the server, handed to the app or a screen.

    Each listener posts its own, and none bubbles: one from a screen would reach
    the app's handler a second time.
    """

    def __init__(self, message: dict[str, Any]) -> None:
        super().__init__()
        self.message = message


class ConnectionClosed(Message, bubble=False):
    """The connection ended; ``reason`` says why, for the player; ``by_server``:
    the server said goodbye (and ends the session's terminal soon after)."""

    def __init__(self, reason: str, by_server: bool = False) -> None:
        super().__init__()
        self.reason = reason
        self.by_server = by_server


class Listening:
    """Mixin for a Screen: hears the server's messages while it is mounted, as
    `ServerSaid` messages of its own (so handlers run in the screen's turn)."""

    _stop_listening: Any = None

    def listen(self, connection: RemoteConnection) -> None:
        if self._stop_listening is None:
            screen = cast(Screen, self)
            self._stop_listening = connection.subscribe(
                lambda message: screen.post_message(ServerSaid(message))
            )

    def on_unmount(self) -> None:
        if self._stop_listening is not None:
            self._stop_listening()
            self._stop_listening = None


# --- The app -------------------------------------------------------------------------------------


class RemoteApp(CraitsApp):
    """Craits for one online session: the lobby instead of the start menu, the
    games kept by the server (no save file here), the settings for this session."""

    # The app's stylesheet, found from this module's folder.
    CSS_PATH = "../craits.tcss"
    # Settings last for the session: the settings file is the server's, not the player's.
    keeps_settings = False

    def __init__(
        self, socket_path: str, settings: Settings | None = None, *, token: str | None = None
    ) -> None:
        super().__init__(Launch(), settings or Settings())
        self.socket_path = socket_path
        self.token = token
        self.connection: RemoteConnection | None = None
        self.bye_pause = BYE_PAUSE
        self._lost = False

    def on_mount(self, event: events.Mount) -> None:
        # CraitsApp.on_mount opens the save file: a session keeps none.
        event.prevent_default()
        self.set_class(self.settings.ascii, "-ascii")
        self.show_menu()
        self._connect()

    @work(group="connection")
    async def _connect(self) -> None:
        """Connect, then read the server's messages for as long as the session lasts
        (a failure of this side's own code still stops the app, with its traceback)."""
        try:
            connection = await RemoteConnection.open(self.socket_path, self.token)
        except ConnectionProblem as err:
            self.connection_lost(str(err))
            return
        self.connection = connection
        connection.subscribe(lambda message: self.post_message(ServerSaid(message)))
        connection.on_close(
            lambda reason: self.post_message(
                ConnectionClosed(reason, by_server=connection.ended_by_server)
            )
        )
        for screen in self.screen_stack:
            if isinstance(screen, LobbyScreen):
                screen.attach(connection)
        await connection.run()

    async def on_unmount(self) -> None:
        if self.connection is not None:
            await self.connection.close()

    # --- Navigation ----------------------------------------------------------------------

    def show_menu(self) -> None:
        """The lobby stands where the start menu would."""
        self._switch(LobbyScreen())

    def action_new_game(self) -> None:
        """After a game ("new game"): back to the lobby, to find or open another table."""
        if self.connection is not None and self.connection.table is not None:
            self.connection.leave()
        self.show_menu()

    def new_table(self) -> None:
        """The form for a new table, in the lobby's place."""
        if self.connection is not None:
            self._switch(CreateTableScreen(self.connection.welcome.name))

    def open_table(self, table: Table) -> None:
        self._switch(RemoteTableScreen(table, self.settings))

    @on(ServerSaid)
    def _server_said(self, said: ServerSaid) -> None:
        message = said.message
        op = message["op"]
        connection = self.connection
        if op == "joined" and connection is not None and connection.table is not None:
            self._switch(WaitingRoom(connection.table))
        elif op == "refused":
            self.notify(
                refusal_text(str(message.get("code")), str(message.get("message", ""))),
                severity="warning",
                timeout=5,
            )
        elif op == "seat" and connection is not None and connection.table is not None:
            self._seat_notice(connection.table, message)
        elif op == "left" and self._at_gone_table():
            # Sent away by the server (the table closed): back to the lobby. A
            # leave of the player's own has gone there already.
            self.show_menu()
            self.notify(_("The table closed."), timeout=5)

    def _at_gone_table(self) -> bool:
        return any(
            isinstance(table := getattr(screen, "table", None), RemoteTable) and table.gone
            for screen in self.screen_stack
        )

    def _seat_notice(self, table: RemoteTable, message: dict[str, Any]) -> None:
        seat = message.get("seat")
        if type(seat) is not int or seat == table.seat or not 0 <= seat < len(table.players):
            return
        name = table.players[seat]
        # A drop and a leave look alike from here: both are "away".
        if message.get("connected", True):
            text = _("{name} is back.").format(name=name)
        elif message.get("bot"):
            text = _("A bot plays for {name} for now.").format(name=name)
        else:
            text = _("{name} is away.").format(name=name)
        self.notify(text, timeout=4, markup=False)

    @on(ConnectionClosed)
    def _closed(self, message: ConnectionClosed) -> None:
        self.connection_lost(message.reason, message.by_server)

    def connection_lost(self, reason: str, by_server: bool = False) -> None:
        """Say why the session is over; the app ends when the player has read it,
        or by itself soon when the server ends the session (it hangs up then)."""
        if self._lost:
            return
        self._lost = True
        screen = Disconnected(reason, self.bye_pause if by_server else None)
        self.push_screen(screen, lambda _ignored: self.exit(reason))


# --- The lobby ---------------------------------------------------------------------------------


class LobbyScreen(Listening, Roomy, Screen):
    """Who the player is here, the open tables, and ways to a table."""

    CSS_PATH: ClassVar[list[str]] = ["menus.tcss", "lobby.tcss"]
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "new_table", _("New table")),
        Binding("j", "join", _("Join")),
        Binding("w", "watch", _("Watch")),
        Binding("c", "type_code", _("Type a code")),
        Binding("r", "reconnect", _("Reconnect")),
        Binding("o", "options", _("Options")),
        Binding("question_mark", "help", _("Help"), key_display="?"),
        Binding("q", "app.quit", _("Quit")),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.connection: RemoteConnection | None = None

    def compose(self) -> ComposeResult:
        yield from self.compose_too_small()
        with Vertical(id="lobby"):
            yield Static(_("Craits · online"), classes="menu-title")
            yield Static(_("Connecting to the server…"), id="lobby-who", markup=False)
            yield Static("", id="lobby-reconnect", markup=False)
            table: DataTable[str | Text] = DataTable(
                id="lobby-tables", cursor_type="row", zebra_stripes=True
            )
            table.border_title = _("Open tables")
            yield table
            yield Static(
                _("No open tables yet: start one with “New table”, or type a table's code."),
                id="lobby-empty",
            )
            yield Static("", id="lobby-detail", markup=False)
            with Horizontal(id="lobby-code-row"):
                yield Label(_("Table code"), id="lobby-code-label")
                yield Input(
                    placeholder=_("4 letters"), max_length=16, compact=True, id="lobby-code"
                )
                yield Label(_("Enter joins it."), classes="lobby-hint")
            with Horizontal(classes="menu-buttons"):
                yield Button(_("New table"), id="lobby-new", variant="primary")
                yield Button(_("Join"), id="lobby-join")
                yield Button(_("Watch"), id="lobby-watch")
                yield Static(classes="menu-gap")
                yield Button(_("Reconnect"), id="lobby-reconnect-button")
                yield Button(_("Quit"), id="lobby-quit")
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        labels = (_("Code"), _("Table"), _("Host"), _("Players"), _("Game"), _("Watching"))
        for key, label in zip(_COLUMNS, labels, strict=True):
            table.add_column(label, key=key)
        table.focus()
        self._show_tables()
        connection = cast(RemoteApp, self.app).connection
        if connection is not None:
            self.attach(connection)
        self.set_interval(LIST_EVERY, self._ask_tables)

    def attach(self, connection: RemoteConnection) -> None:
        """Show what the connection knows, and keep up with it."""
        if self.connection is connection:
            return
        self.connection = connection
        self.listen(connection)
        self._show_welcome(connection)
        self._show_tables()
        self._ask_tables()

    def _show_welcome(self, connection: RemoteConnection) -> None:
        welcome = connection.welcome
        self.query_one("#lobby-who", Static).update(
            _("You play as {name}.").format(name=welcome.name)
        )
        self.query_one("#lobby-reconnect", Static).update(
            _("Reconnect code: {code} (takes your seat back after a dropped connection)").format(
                code=welcome.reconnect
            )
        )

    def _ask_tables(self) -> None:
        if self.connection is not None:
            self.connection.ask_tables()

    @on(ServerSaid)
    def _server_said(self, said: ServerSaid) -> None:
        op = said.message["op"]
        if op in ("tables", "table"):
            self._show_tables()
        elif op == "welcome" and self.connection is not None:
            self._show_welcome(self.connection)

    # --- The list ------------------------------------------------------------------------

    def _listed(self) -> list[TableInfo]:
        return list(self.connection.tables) if self.connection is not None else []

    def _show_tables(self) -> None:
        table = self.query_one(DataTable)
        selected = self._selected()
        keep = selected.code if selected is not None else None
        table.clear()
        for info in self._listed():
            table.add_row(
                Text(info.code, style="bold"),
                Text(info.name),
                Text(info.host or ""),
                f"{info.taken}/{len(info.seats)}",
                game_words(info),
                str(info.spectators) if info.spectators else "",
                key=info.code,
            )
        codes = [info.code for info in self._listed()]
        if keep in codes:
            table.move_cursor(row=codes.index(keep), animate=False)
        self.set_class(not codes, "-empty")
        self._show_detail()

    def _selected(self) -> TableInfo | None:
        table = self.query_one(DataTable)
        if not table.row_count:
            return None
        try:
            key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        except CellDoesNotExist:  # no row under the cursor (a shrinking list)
            return None
        return next((info for info in self._listed() if info.code == key), None)

    @on(DataTable.RowHighlighted)
    def _show_detail(self) -> None:
        info = self._selected()
        self.query_one("#lobby-detail", Static).update(table_details(info) if info else "")

    @on(DataTable.RowSelected)
    def _row_chosen(self) -> None:
        self.action_join()

    # --- Ways to a table --------------------------------------------------------------------

    def _target(self) -> str | None:
        """The code typed, else the selected table's (a typed code matches a listed
        one whatever its case)."""
        typed = clean_name(self.query_one("#lobby-code", Input).value).replace(" ", "")
        if typed:
            listed = {info.code.casefold(): info.code for info in self._listed()}
            return listed.get(typed.casefold(), typed)
        info = self._selected()
        return info.code if info is not None else None

    def _connected(self) -> RemoteConnection | None:
        if self.connection is None:
            self.notify(_("Not connected yet."), severity="warning", timeout=3)
        return self.connection

    @on(Input.Submitted, "#lobby-code")
    @on(Button.Pressed, "#lobby-join")
    def action_join(self) -> None:
        """Sit at the table whose code is typed, or the selected one."""
        self._go(spectate=False)

    @on(Button.Pressed, "#lobby-watch")
    def action_watch(self) -> None:
        """Watch the table whose code is typed, or the selected one."""
        self._go(spectate=True)

    def _go(self, spectate: bool) -> None:
        connection = self._connected()
        if connection is None:
            return
        code = self._target()
        if code is None:
            self.notify(_("Choose a table, or type its code."), severity="warning", timeout=3)
            return
        connection.join(code, spectate=spectate)

    def action_type_code(self) -> None:
        self.query_one("#lobby-code", Input).focus()

    @on(Button.Pressed, "#lobby-new")
    def action_new_table(self) -> None:
        if self._connected() is not None:
            cast(RemoteApp, self.app).new_table()

    @on(Button.Pressed, "#lobby-reconnect-button")
    def action_reconnect(self) -> None:
        connection = self._connected()
        if connection is None:
            return

        def given(code: str | None) -> None:
            if code:
                connection.reconnect(code)

        self.app.push_screen(CodePrompt(), given)

    def action_help(self) -> None:
        from .help import HelpScreen

        self.app.push_screen(HelpScreen())

    def action_options(self) -> None:
        from .options import OptionsScreen

        self.app.push_screen(OptionsScreen(pace=False))  # the server's bots keep its pace

    @on(Button.Pressed, "#lobby-quit")
    def _quit(self) -> None:
        self.app.exit()


# --- A new table ------------------------------------------------------------------------------


class CreateTableScreen(Listening, Roomy, Screen):
    """The form for a new table: its name, its seats, its rules."""

    CSS_PATH: ClassVar[list[str]] = ["menus.tcss", "lobby.tcss"]
    AUTO_FOCUS = "#create-name"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", _("Back")),
        Binding("ctrl+s", "create", _("Create table")),
    ]

    def __init__(self, own: str) -> None:
        super().__init__()
        self.own = own
        self.players = 4
        self._asked = False
        """The table was asked for: until the server refuses, once is enough."""

    def compose(self) -> ComposeResult:
        yield from self.compose_too_small()
        with Vertical(id="create"):
            yield Static(_("New table"), classes="menu-title")
            with VerticalScroll(id="create-form"):
                with Horizontal(classes="field group"):
                    yield Label(_("Table name"), classes="field-label")
                    yield Input(
                        _("{name}'s table").format(name=self.own)[:TABLE_NAME_MAX],
                        max_length=TABLE_NAME_MAX,
                        compact=True,
                        id="create-name",
                    )
                yield from self._compose_seats()
                yield from rules_fields("create")
            with Horizontal(classes="menu-buttons"):
                yield Button(_("Back"), id="create-back")
                yield Static(classes="menu-gap")
                yield Button(_("Create table"), id="create-go", variant="primary")
        yield Footer()

    def _compose_seats(self) -> ComposeResult:
        with Horizontal(classes="field"):
            yield Label(_("Players"), classes="field-label")
            yield from count_choice("create-count", self.players)
        with Vertical(classes="group"):
            with Horizontal(classes="field"):
                yield Label(_("Seat 1"), classes="field-label seat-label")
                yield Label(
                    _("{name} (you, the host)").format(name=self.own),
                    markup=False,
                    classes="hint",
                )
            for i in range(1, MAX_PLAYERS):
                unused = " -unused" if i >= self.players else ""
                with Horizontal(classes="field seat" + unused, id=f"create-seat-{i}"):
                    yield Label(_("Seat {n}").format(n=i + 1), classes="field-label seat-label")
                    yield Select(
                        kind_options(),
                        value=PERSON,
                        allow_blank=False,
                        compact=True,
                        id=f"create-kind-{i}",
                        classes="seat-kind",
                    )
            with Horizontal(classes="field"):
                yield Label("", classes="field-label")
                yield Label(
                    _(
                        "A person's seat waits for someone to join; free seats get bots at the start."
                    ),
                    classes="hint",
                )

    def on_mount(self) -> None:
        for radios in self.query(RadioSet):
            cursor_on_choice(radios)
        connection = cast(RemoteApp, self.app).connection
        if connection is not None:
            self.listen(connection)

    @on(ServerSaid)
    def _server_said(self, said: ServerSaid) -> None:
        if said.message["op"] == "refused":
            self._asked = False  # the app shows why; the form may be sent again

    @on(RadioSet.Changed, "#create-count")
    def _count_changed(self, event: RadioSet.Changed) -> None:
        self.players = MIN_PLAYERS + event.index
        for i in range(1, MAX_PLAYERS):
            self.query_one(f"#create-seat-{i}").set_class(i >= self.players, "-unused")

    def seats(self) -> list[str | None]:
        """What the form asks for each seat: None for a person, else a bot's level."""
        kinds: list[str | None] = [None]
        for i in range(1, self.players):
            kind = self.query_one(f"#create-kind-{i}", Select).value
            kinds.append(None if kind == PERSON else str(kind))
        return kinds

    def rules(self) -> RuleSet:
        return chosen_rules(self, "create")

    @on(Input.Submitted, "#create-name")
    @on(Button.Pressed, "#create-go")
    def action_create(self) -> None:
        """Ask the server for the table; its answer opens the waiting room."""
        connection = cast(RemoteApp, self.app).connection
        if connection is None or self._asked:
            return
        name = clean_name(self.query_one("#create-name", Input).value)
        name = name or _("{name}'s table").format(name=self.own)[:TABLE_NAME_MAX]
        self._asked = True
        connection.create(name, self.seats(), self.rules())

    @on(Button.Pressed, "#create-back")
    def action_back(self) -> None:
        cast(RemoteApp, self.app).show_menu()


# --- The waiting room -------------------------------------------------------------------------------


class WaitingRoom(Listening, Roomy, Screen):
    """A table before its game: who sits where; the host fills seats and starts.

    When the game's events arrive it opens the table, once the game so far has
    arrived (a player who joins a game under way sees where it stands, without
    reliving every round).
    """

    CSS_PATH: ClassVar[list[str]] = ["menus.tcss", "lobby.tcss"]
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "leave", _("Leave")),
        Binding("ctrl+s", "start", _("Start game")),
    ]

    class Moved(Message, bubble=False):
        """An event of the game arrived."""

    class Changed(Message, bubble=False):
        """Who sits where changed."""

    def __init__(self, table: RemoteTable) -> None:
        super().__init__()
        self.table = table
        self._opened = False
        self._first_event: float | None = None
        self._settle: Timer | None = None
        self._unsubscribe: list[Any] = []

    @property
    def _own_name(self) -> str:
        return self.table.connection.welcome.name

    @property
    def is_host(self) -> bool:
        return self.table.seat is not None and self.table.is_host(self._own_name)

    def compose(self) -> ComposeResult:
        yield from self.compose_too_small()
        options = [(_("Free: for a person"), FREE)] + [
            (label, value) for label, value in kind_options() if value != PERSON
        ]
        with Vertical(id="room"):
            yield Static("", id="room-title", classes="menu-title", markup=False)
            yield Static("", id="room-hint", markup=False)
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
            with Horizontal(classes="menu-buttons"):
                yield Button(_("Leave"), id="room-leave")
                yield Static(classes="menu-gap")
                yield Button(_("Start game"), id="room-start", variant="primary")
        yield Footer()

    def on_mount(self) -> None:
        self.listen(self.table.connection)
        self._unsubscribe = [
            self.table.subscribe(lambda _event: self.post_message(self.Moved())),
            self.table.subscribe_changes(lambda: self.post_message(self.Changed())),
        ]
        self._show()
        if self.table.event_count():
            self._game_moving()

    def on_unmount(self) -> None:
        for stop in self._unsubscribe:
            stop()
        if self._settle is not None:
            self._settle.stop()

    # --- Showing ---------------------------------------------------------------------------

    def _show(self) -> None:
        info = self.table.info
        host = self.is_host
        self.query_one("#room-title", Static).update(
            _("{name} · code {code}").format(name=info.name, code=info.code)
        )
        if self.table.started:
            hint = _("The game is under way: catching up…")
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
        for i in range(MAX_PLAYERS):
            self._show_seat(i, info, host)
        watching = info.spectators
        words = _("Rules: {rules}").format(rules=describe_rules(info.rules))
        if watching:
            words += " · " + _("{n} watching").format(n=watching)
        self.query_one("#room-rules", Static).update(words)
        start = self.query_one("#room-start", Button)
        start.display = host and not self.table.started
        self.refresh_bindings()

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
        return True

    # --- Changes ----------------------------------------------------------------------------

    @on(Changed)
    def _changed(self) -> None:
        self._show()

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
            self.table.connection.fill(seat, wanted)

    @on(Button.Pressed, "#room-start")
    def action_start(self) -> None:
        if self.is_host:
            self.table.connection.start()

    @on(Button.Pressed, "#room-leave")
    def action_leave(self) -> None:
        self.table.leave()
        cast(RemoteApp, self.app).show_menu()

    # --- The game begins ---------------------------------------------------------------------

    @on(Moved)
    def _game_moving(self) -> None:
        """Open the table once the game so far is here: all of it when the server
        said how much would come, else when the events pause (or after a while)."""
        if self._opened:
            return
        if self._first_event is None:
            self._first_event = time.monotonic()
            self._show()
        if self.table.caught_up or time.monotonic() - self._first_event >= SETTLE_AT_MOST:
            self._open()
            return
        if self._settle is not None:
            self._settle.stop()
        self._settle = self.set_timer(SETTLE, self._open)

    def _open(self) -> None:
        if not self._opened and self.is_attached:
            self._opened = True
            cast(RemoteApp, self.app).open_table(self.table)


# --- The table, online -------------------------------------------------------------------------


class RemoteTableScreen(TableScreen):
    """The table of an online game: the server's refusals shown as the table's own,
    "quit" leaves the table for the lobby."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q", "quit_game", _("Leave")),
    ]
    deals_again = False  # a new table is opened in the lobby
    bell_after = 10.0  # the others are people elsewhere, who may take their time

    def on_mount(self) -> None:
        table = self.table
        if isinstance(table, RemoteTable):
            self._remote_stops = [
                table.subscribe_refusals(self._refused),
                table.subscribe_changes(self._seats_changed),
            ]

    def on_unmount(self) -> None:
        for stop in getattr(self, "_remote_stops", []):
            stop()

    def _refused(self, refusal: IllegalMove) -> None:
        # Called while the connection reads: the notice is safe from here.
        if refusal.code in PROTOCOL_REFUSALS:
            text = refusal_text(refusal.code, str(refusal))
        else:
            text = self.narrator.refusal(refusal, self.view)
        self.notify(text, severity="warning", timeout=4, markup=False)

    def _seats_changed(self) -> None:
        # A bot standing in or a player back: the badges say so at the next refresh.
        self.call_later(self._refresh_table)

    def action_quit_game(self) -> None:
        """Back to the lobby, after asking while the game is on."""
        app = cast(RemoteApp, self.app)

        def leave(sure: bool | None = True) -> None:
            if sure:
                if isinstance(self.table, RemoteTable):
                    self.table.leave()
                app.show_menu()

        if self.view is None or self.view.is_over or self.seat is None:
            leave()
        else:
            self.app.push_screen(ConfirmLeave(), leave)


# --- Dialogs -------------------------------------------------------------------------------------


class CodePrompt(ModalScreen[str | None]):
    """Ask for the reconnect code that takes a seat back."""

    CSS_PATH = "lobby.tcss"
    BINDINGS = [Binding("escape", "cancel", _("Cancel"))]

    def compose(self) -> ComposeResult:
        with Vertical(id="prompt", classes="dialog"):
            yield Label(_("Take your seat back"), classes="dialog-title")
            yield Label(
                _("Type the reconnect code you were shown before the connection dropped."),
                classes="dialog-hint",
            )
            yield Input(placeholder=_("reconnect code"), max_length=40, id="prompt-code")
            with Horizontal(classes="dialog-buttons"):
                yield Button(_("Cancel"), id="prompt-cancel")
                yield Button(_("Reconnect"), id="prompt-go", variant="primary")
        yield Footer()

    @on(Input.Submitted)
    @on(Button.Pressed, "#prompt-go")
    def _go(self) -> None:
        code = clean_name(self.query_one(Input).value).replace(" ", "")
        self.dismiss(code or None)

    @on(Button.Pressed, "#prompt-cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)


class ConfirmLeave(ModalScreen[bool]):
    """Make sure the player means to get up from a game under way."""

    CSS_PATH = "lobby.tcss"
    BINDINGS = [
        Binding("escape", "stay", _("Stay")),
        Binding("y", "leave", _("Leave")),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm-leave", classes="dialog"):
            yield Label(_("Leave this game?"), classes="dialog-title")
            yield Label(
                _("The others play on; your reconnect code takes your seat back."),
                classes="dialog-hint",
            )
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


class Disconnected(Screen[None]):
    """The session is over: why, and a key to close it."""

    CSS_PATH = "lobby.tcss"
    AUTO_FOCUS = "#gone-close"
    BINDINGS = [
        Binding("enter", "close", _("Close")),
        Binding("q", "close", _("Close"), show=False),
    ]

    def __init__(self, reason: str, close_after: float | None = None) -> None:
        super().__init__()
        self.reason = reason
        self.close_after = close_after

    def on_mount(self) -> None:
        if self.close_after is not None:
            self.set_timer(self.close_after, self.action_close)

    def compose(self) -> ComposeResult:
        with Vertical(id="gone", classes="dialog"):
            yield Label(_("Disconnected"), classes="dialog-title")
            yield Label(self.reason, id="gone-reason", markup=False)
            yield Label(
                _("Your reconnect code takes your seat back when you connect again."),
                classes="dialog-hint",
            )
            with Center():
                yield Button(_("Close (Enter)"), id="gone-close", variant="primary")
        yield Footer()

    @on(Button.Pressed, "#gone-close")
    def action_close(self) -> None:
        self.dismiss(None)
