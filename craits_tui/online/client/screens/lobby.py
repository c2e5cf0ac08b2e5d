"""The lobby: who the player is here, their rating, the seat kept for them, the
open tables, and the ways to a game: a table, a quick match, a replay."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, DataTable, Input, Static
from textual.widgets.data_table import CellDoesNotExist

from craits_core import RuleSet

from ....i18n import N_, _
from ....screens.roomy import Roomy
from ....settings import Settings
from ....widgets.footer import Footer
from ...protocol import (
    GetLeaderboard,
    GetReplay,
    JoinTable,
    Leaderboard,
    ListTables,
    QuickMatch,
    Reconnect,
    TableChanged,
    TableInfo,
    TableList,
    Welcome,
)
from ..connection import RemoteConnection
from ..messages import Listening, ServerSaid, ShowCreateForm
from ..widgets.code_entry import CodeEntry
from .describe import kept_table_words, listing_row, table_details, with_code
from .dialogs import CodePrompt, ReplayPrompt
from .leaderboard import LeaderboardScreen, rating_line

LIST_EVERY = 5.0
"""Seconds between asking the server for the open tables while the lobby shows."""

_COLUMNS = ("code", "name", "host", "players", "game", "watching")

_NEEDS_SERVER = frozenset(
    {"new_table", "quick_match", "join", "watch", "type_code", "reconnect", "leaderboard", "replay"}
)
"""The lobby's actions that wait for the connection."""

_SPARE = ("length", "type_code", "options", "reconnect")
"""The footer's keys left out first when it is too narrow for all of them: each
has its line, its field or its button on the screen (and the key still works)."""


class LobbyScreen(Listening, Roomy, Screen):
    """Who the player is here, the seat kept for them, the open tables, and ways
    to a table. Until the app has a connection it says it is connecting; the app
    `attach`es the connection when it has one."""

    CSS_PATH = ["../../../screens/menus.tcss", "lobby.tcss"]
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "new_table", N_("New table")),
        Binding("m", "quick_match", N_("Quick match")),
        Binding("j", "join", N_("Join")),
        Binding("w", "watch", N_("Watch")),
        Binding("c", "type_code", N_("Type a code")),
        Binding("r", "reconnect", N_("Reconnect")),
        Binding("b", "leaderboard", N_("Leaderboard")),
        Binding("v", "replay", N_("Replay")),
        Binding("l", "length", N_("Length")),
        Binding("o", "options", N_("Options")),
        Binding("question_mark", "help", N_("Help"), key_display="?"),
        Binding("q", "app.quit", N_("Quit")),
    ]

    def __init__(self, settings: Settings, connection: RemoteConnection | None = None) -> None:
        super().__init__()
        self.settings = settings
        self.connection: RemoteConnection | None = None
        self._given = connection
        self._select: str | None = None
        """The code of a table to select once it is listed: the kept seat's."""
        self._kept_table: str | None = None
        """The table of the kept seat last shown (a new one is selected once)."""
        self._shown = False
        """The screen has shown once (its first showing asks for the rating on attach)."""

    def compose(self) -> ComposeResult:
        yield from self.compose_too_small()
        with Vertical(id="lobby"):
            yield Static(_("Craits · online"), classes="menu-title")
            yield Static(_("Connecting to the server…"), id="lobby-who", markup=False)
            yield Static("", id="lobby-rating", markup=False)
            yield Static("", id="lobby-kept", markup=False)
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
            yield CodeEntry(id="lobby-code-row")
            yield Static("", id="lobby-quick", markup=False)
            with Horizontal(classes="menu-buttons"):
                yield Button(_("New table"), id="lobby-new", variant="primary")
                yield Button(_("Quick match"), id="lobby-quick-go")
                yield Button(_("Join"), id="lobby-join")
                yield Button(_("Watch"), id="lobby-watch")
                yield Static(classes="menu-gap")
                yield Button(_("Reconnect"), id="lobby-reconnect")
                yield Button(_("Quit"), id="lobby-quit")
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        labels = (_("Code"), _("Table"), _("Host"), _("Players"), _("Game"), _("Watching"))
        for key, label in zip(_COLUMNS, labels, strict=True):
            table.add_column(label, key=key)
        table.focus()
        self.query_one(Footer).spare = _SPARE
        self._show_quick()
        self._show_tables()
        if self._given is not None:
            self.attach(self._given)
        self.set_interval(LIST_EVERY, self._ask_tables)

    def attach(self, connection: RemoteConnection) -> None:
        """Show what the connection knows, and keep up with it."""
        if self.connection is connection:
            return
        self.connection = connection
        self.listen(connection)
        self._show_welcome(connection.welcome)
        self._show_rating()
        self._show_tables()
        self._ask_tables()
        self._ask_rating()
        self.refresh_bindings()  # the ways to a table are open now

    def on_screen_resume(self) -> None:
        # Back from the leaderboard, a replay or a dialog: a game may have been
        # rated meanwhile. The first showing asked when the connection came.
        if self._shown:
            self._ask_rating()
        self._shown = True

    def _ask_tables(self) -> None:
        if self.connection is not None:
            self.connection.send(ListTables())

    def _ask_rating(self) -> None:
        if self.connection is not None:
            self.connection.send(GetLeaderboard())

    @on(ServerSaid)
    def _server_said(self, said: ServerSaid) -> None:
        match said.message:
            case TableList() | TableChanged():
                self._show_tables()
            case Welcome() as welcome:
                self._show_welcome(welcome)
                self._show_tables()
            case Leaderboard():
                self._show_rating()

    # --- Who the player is --------------------------------------------------------------

    def _show_welcome(self, welcome: Welcome) -> None:
        self.query_one("#lobby-who", Static).update(
            _("You play as {name}.").format(name=welcome.name)
        )
        if welcome.table != self._kept_table:
            self._select = welcome.table  # a seat newly kept: its table is the one to join
        self._kept_table = welcome.table
        self._show_kept()

    def _show_rating(self) -> None:
        board = self.connection.leaderboard if self.connection is not None else None
        self.query_one("#lobby-rating", Static).update(rating_line(board))

    def _show_kept(self) -> None:
        """The seat kept for the player, with its code; or how a code is used."""
        kept = self.connection.kept if self.connection is not None else None
        line = self.query_one("#lobby-kept", Static)
        line.set_class(kept is not None, "-kept")
        if kept is None:
            line.update(
                _("Lost a seat when a connection dropped? Reconnect takes it back with its code.")
            )
        else:
            sentence = _(
                "Your seat at {table} is kept for you: Join (Enter) takes it back. "
                "Reconnect code: {code}"
            ).format(table=kept_table_words(kept), code=kept.code)
            line.update(with_code(sentence, kept.code))

    # --- The list ------------------------------------------------------------------------

    def _listed(self) -> list[TableInfo]:
        return list(self.connection.tables) if self.connection is not None else []

    def _show_tables(self) -> None:
        table = self.query_one(DataTable)
        selected = self._selected()
        keep = selected.code if selected is not None else None
        table.clear()
        for info in self._listed():
            table.add_row(*listing_row(info), key=info.code)
        codes = [info.code for info in self._listed()]
        if self._select in codes:
            keep, self._select = self._select, None
        if keep in codes:
            table.move_cursor(row=codes.index(keep), animate=False)
        self.set_class(not codes, "-empty")
        self._show_kept()  # the kept table's name may have come with the list
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
        text = table_details(info) if info else ""
        kept = self.connection.kept if self.connection is not None else None
        if info is not None and kept is not None and kept.table == info.code:
            text = _("Your seat here is kept for you.") + " " + text
        self.query_one("#lobby-detail", Static).update(text)

    @on(DataTable.RowSelected)
    def _row_chosen(self) -> None:
        self.action_join()

    # --- Ways to a table --------------------------------------------------------------------

    def _target(self) -> str | None:
        """The code typed, else the selected table's (a typed code matches a listed
        one whatever its case)."""
        typed = self.query_one(CodeEntry).code
        if typed:
            listed = {info.code.casefold(): info.code for info in self._listed()}
            return listed.get(typed.casefold(), typed)
        info = self._selected()
        return info.code if info is not None else None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in _NEEDS_SERVER and self.connection is None:
            return None  # shown, dimmed, until the server is there
        return True

    def _connected(self) -> RemoteConnection | None:
        if self.connection is None:
            self.notify(_("Not connected yet."), severity="warning", timeout=3)
        return self.connection

    @on(Input.Submitted, "#lobby-code")
    @on(Button.Pressed, "#lobby-join")
    def action_join(self) -> None:
        """Sit at the table whose code is typed, or the selected one (at the kept
        seat, when it is the player's table)."""
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
        connection.send(JoinTable(code, spectate=spectate))

    def action_type_code(self) -> None:
        self.query_one(CodeEntry).open()

    def on_key(self, event: events.Key) -> None:
        # A key no field took: a table code's letters go to its field (`CodeEntry`).
        active = self.active_bindings.get(event.key)
        own = active.binding if active is not None and active.node is self else None
        if self.query_one(CodeEntry).take(event.character, own):
            event.stop()  # not on to the app, where the lobby's keys act

    @on(CodeEntry.KeysBack)
    async def _keys_back(self, message: CodeEntry.KeysBack) -> None:
        self.query_one(DataTable).focus()
        if message.action is not None:
            await self.run_action(message.action)

    @on(Button.Pressed, "#lobby-new")
    def action_new_table(self) -> None:
        if self._connected() is not None:
            self.post_message(ShowCreateForm())

    # --- A quick match ---------------------------------------------------------------------

    @property
    def quick_short(self) -> bool:
        """The length chosen for a quick match: the short game. The app keeps it for
        the session (each showing of the lobby is a new screen)."""
        return bool(getattr(self.app, "quick_short", False))

    def _show_quick(self) -> None:
        rounds = len(RuleSet(short_game=self.quick_short).schedule)
        if self.quick_short:
            length = _("the short game ({n} rounds)").format(n=rounds)
        else:
            length = _("the whole game ({n} rounds)").format(n=rounds)
        self.query_one("#lobby-quick", Static).update(
            _("Quick match: {length} · l changes").format(length=length)
        )

    def action_length(self) -> None:
        """The other length for a quick match."""
        self.app.quick_short = not self.quick_short  # type: ignore[attr-defined]
        self._show_quick()

    @on(Button.Pressed, "#lobby-quick-go")
    def action_quick_match(self) -> None:
        """A seat at the next quick-match table of the length chosen: it starts
        when it is full, or soon with bots in the empty seats."""
        connection = self._connected()
        if connection is not None:
            connection.send(QuickMatch(short=self.quick_short))

    # --- The leaderboard and replays ------------------------------------------------------

    def action_leaderboard(self) -> None:
        connection = self._connected()
        if connection is not None:
            self.app.push_screen(LeaderboardScreen(connection, ascii=self.settings.ascii))

    def action_replay(self) -> None:
        """Ask for a finished game's replay by its code (the app shows it when it
        has come whole)."""
        self._send_code(ReplayPrompt(), GetReplay)

    @on(Button.Pressed, "#lobby-reconnect")
    def action_reconnect(self) -> None:
        self._send_code(CodePrompt(), Reconnect)

    def _send_code(self, prompt: CodePrompt, request: type[GetReplay | Reconnect]) -> None:
        """Ask for a code with ``prompt``, and send the server the ``request`` for it."""
        connection = self._connected()
        if connection is None:
            return

        def given(code: str | None) -> None:
            if code:
                connection.send(request(code))

        self.app.push_screen(prompt, given)

    def action_help(self) -> None:
        from ....screens.help import HelpScreen

        self.app.push_screen(HelpScreen())

    def action_options(self) -> None:
        from ....screens.options import OptionsScreen

        def closed(settings: Settings | None) -> None:
            if settings is not None:  # for the next time the options open
                self.settings = settings

        # The server's bots keep its pace; a session's settings last for the session.
        self.app.push_screen(OptionsScreen(self.settings, pace=False, keeps_settings=False), closed)

    @on(Button.Pressed, "#lobby-quit")
    def _quit(self) -> None:
        self.app.exit()
