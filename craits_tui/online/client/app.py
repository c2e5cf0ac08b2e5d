"""The app of an online session: the lobby instead of the start menu, and the way
from screen to screen as the server answers.

An online session runs its own app, started by the server for one SSH player.
`RemoteApp` opens the connection and decides where the player goes: the screens
post what they want (`ShowLobby`, `ShowCreateForm`, `OpenTable`, `QuitTable`), the
server's `Joined` opens the waiting room, a replay come whole opens the replay,
and a dropped connection ends the session with a message that says why. A session
started for one replay (``ssh host replay CODE``) shows just that replay.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from rich.console import Console
from textual import events, on, work

from craits_core import Event, Game

from ...app import CraitsApp
from ...i18n import _
from ...launch import Launch
from ...screens.replay import ReplayScreen
from ...settings import Settings
from ...table import Table
from ..protocol import (
    TOKEN_VARIABLE,
    ByeCode,
    GetReplay,
    Joined,
    Left,
    Refused,
    ReplayData,
)
from .connection import ConnectionProblem, RemoteConnection
from .messages import ConnectionClosed, OpenTable, QuitTable, ServerSaid, ShowCreateForm, ShowLobby
from .reached import Reached
from .screens.create import CreateTableScreen
from .screens.dialogs import Disconnected, FetchingReplay
from .screens.lobby import LobbyScreen
from .screens.table import RemoteTableScreen
from .screens.waiting import WaitingRoom
from .table import RemoteTable
from .words import refusal_text

BYE_PAUSE = 2.0
"""Seconds the reason shows when the server ends the session, before the app ends
by itself (the server ends the session's terminal a moment later)."""

_SEAT_GONE = frozenset({ByeCode.REPLACED, ByeCode.TAKEN_BACK})
"""Goodbyes after which the seat is another session's: its old code is no use."""


class RemoteApp(CraitsApp):
    """Craits for one online session: the lobby instead of the start menu, the
    games kept by the server (no save file here), the settings for this session."""

    # The app's stylesheet, by its full path: a relative one would be looked for
    # beside each subclass's module.
    CSS_PATH = str(Path(__file__).resolve().parents[2] / "craits.tcss")
    # Settings last for the session: the settings file is the server's, not the player's.
    keeps_settings = False

    quick_short = False
    """The length the player chose for a quick match, for the session: the short game."""

    def __init__(
        self,
        socket_path: str,
        settings: Settings | None = None,
        *,
        token: str | None = None,
        replay: str | None = None,
        reached: Reached | None = None,
    ) -> None:
        super().__init__(Launch(), settings or Settings())
        # A crash's traceback goes where sys.stderr points now: the session's
        # launcher points it at the server's log, while Textual draws on the
        # terminal (sys.__stderr__), which is the player's and must not get it.
        self.error_console = Console(markup=False, highlight=False, file=sys.stderr)
        self.socket_path = socket_path
        self.token = token
        self.connection: RemoteConnection | None = None
        self.bye_pause = BYE_PAUSE
        self.replay_code = replay
        """The replay this session was started to show instead of the lobby, if any."""
        self.reached = reached or Reached()
        """How the player came here (a door, an address), as the server said."""
        self._lost = False

    def on_mount(self, event: events.Mount) -> None:  # type: ignore[override]
        # CraitsApp.on_mount opens the save file: a session keeps none.
        event.prevent_default()
        self.set_class(self.settings.ascii, "-ascii")
        if self.replay_code is not None:
            self._switch(FetchingReplay(self.replay_code))
        else:
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
        finally:
            self.token = None  # said once: nothing needs it again
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
        if self.replay_code is not None:
            connection.send(GetReplay(self.replay_code))
        await connection.run()

    async def on_unmount(self) -> None:  # type: ignore[override]
        if self.connection is not None:
            await self.connection.close()

    # --- Navigation ----------------------------------------------------------------------

    def show_menu(self) -> None:
        """The lobby stands where the start menu would."""
        self._switch(LobbyScreen(self.settings, self.connection))

    def action_new_game(self) -> None:
        """After a game ("new game"): back to the lobby, to find or open another table."""
        if self.connection is not None and self.connection.table is not None:
            self.connection.leave()
        self.show_menu()

    def open_table(self, table: Table) -> None:
        """The table of the game at ``table`` (the connection's), in the waiting
        room's place."""
        assert isinstance(table, RemoteTable) and self.connection is not None
        self._switch(RemoteTableScreen(table, self.settings, self.connection, reached=self.reached))

    @on(ShowLobby)
    def _show_lobby(self) -> None:
        self.show_menu()

    @on(ShowCreateForm)
    def _show_create_form(self) -> None:
        if self.connection is not None:
            self._switch(CreateTableScreen(self.connection))

    @on(OpenTable)
    def _open_table(self, message: OpenTable) -> None:
        # Only the table the session still sits at: the player may have left it
        # while its game was on its way.
        if self.connection is not None and self.connection.table is message.table:
            self.open_table(message.table)

    @on(QuitTable)
    def _quit_table(self, message: QuitTable) -> None:
        connection = self.connection
        if connection is not None and connection.table is message.table:
            connection.leave()
        self.show_menu()

    # --- What the server says ------------------------------------------------------------------

    @on(ServerSaid)
    def _server_said(self, said: ServerSaid) -> None:
        connection = self.connection
        table = connection.table if connection is not None else None
        match said.message:
            case Joined() if connection is not None and table is not None:
                self._switch(WaitingRoom(connection, table, self.reached.table_link(table.code)))
            case ReplayData() if connection is not None and connection.replay is not None:
                self.show_replay(*connection.replay)
            case Refused(code=code, message=text, params=params) if self._replay_awaited():
                self._replay_failed(refusal_text(code, text, params))
            case Refused(code=code, message=text, params=params):
                self.notify(refusal_text(code, text, params), severity="warning", timeout=5)
            case Left() if self._at_gone_table():
                # Sent away by the server (the table closed): back to the lobby. A
                # leave of the player's own has gone there already.
                self.show_menu()
                self.notify(_("The table closed."), timeout=5)

    # --- Replays -------------------------------------------------------------------------

    def show_replay(self, code: str, events: list[Event]) -> None:
        """The finished game ``events`` tell, replayed: over the lobby, where the
        player asked for it, or alone, in a session started for it (Back ends it)."""
        alone = self.replay_code is not None
        if not alone and not isinstance(self.screen, LobbyScreen):
            return  # the player has moved on since asking
        try:
            game = Game.from_events(events)
        except ValueError:  # CorruptLog: the rules do not follow the events
            text = _("The replay {code} cannot be shown: its game does not add up.").format(
                code=code
            )
            if alone:
                self._replay_failed(text)
            else:
                self.notify(text, severity="error", timeout=6, markup=False)
            return
        screen = ReplayScreen(game, self.settings, code=code, exits=alone)
        if alone:
            self._switch(screen)
        else:
            self.push_screen(screen)

    def _replay_awaited(self) -> bool:
        """This session was started for a replay that has not shown yet."""
        return self.replay_code is not None and isinstance(self.screen, FetchingReplay)

    def _replay_failed(self, reason: str) -> None:
        """The replay this session was started for cannot be shown: say why, then end."""
        if self._lost:
            return
        self._lost = True
        title = _("Replay {code}").format(code=self.replay_code)
        self.push_screen(Disconnected(reason, title=title), lambda _ignored: self.exit(reason))

    def _at_gone_table(self) -> bool:
        return any(
            isinstance(table := getattr(screen, "table", None), RemoteTable) and table.gone
            for screen in self.screen_stack
        )

    # Not `_closed`: Textual's message pump has an attribute of that name.
    @on(ConnectionClosed)
    def _connection_closed(self, message: ConnectionClosed) -> None:
        self.connection_lost(message.reason, message.by_server)

    def connection_lost(self, reason: str, by_server: bool = False) -> None:
        """Say why the session is over, and how to take the kept seat back; the app
        ends when the player has read it, or by itself soon when the server ends
        the session (it hangs up then)."""
        if self._lost:
            return
        self._lost = True
        connection = self.connection
        kept = connection.kept if connection is not None else None
        bye = connection.bye if connection is not None else None
        if bye is not None and bye.code in _SEAT_GONE:
            kept = None
        screen = Disconnected(reason, self.bye_pause if by_server else None, kept)
        self.push_screen(screen, lambda _ignored: self.exit(reason))


def run_remote(
    socket_path: str, settings: Settings | None = None, replay: str | None = None
) -> None:
    """Run the app for one online session: the lobby of the server listening at
    ``socket_path``, with the token from the environment; or, given ``replay``, the
    replay of that code alone. Nothing is saved here: the server keeps the games.

    Ends the process with a nonzero status when the app ended on an error (its
    traceback went to ``sys.stderr``, the server's log), so that the launcher can
    tell the player in a sentence.
    """
    # Read once and forgotten: nothing this process starts needs the secret.
    token = os.environ.pop(TOKEN_VARIABLE, "")
    reached = Reached.from_environment(os.environ)
    app = RemoteApp(socket_path, settings, token=token, replay=replay, reached=reached)
    message = app.run()
    if app.return_code:
        raise SystemExit(app.return_code)
    if message:
        print(message)
