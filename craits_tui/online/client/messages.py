"""The Textual messages of an online session, and the mixin that hears the server.

What the server says reaches the app and the shown screens as `ServerSaid`, each
posting its own (none bubbles: a screen's would reach the app a second time),
but for what the table takes in (its game's events, seats, clock, chat), which
the table tells its own listeners of (`TableMoved`, `SeatsChanged`, ...).
The screens ask the app to move on with the other messages, which bubble from
the screen to the app: the app decides which screen comes next.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from textual.message import Message
from textual.screen import Screen

from craits_core import IllegalMove

from .. import protocol
from .connection import RemoteConnection
from .table import RemoteTable

# --- What the server says ------------------------------------------------------------


class ServerSaid(Message, bubble=False):
    """A message from the server, taken in by the connection already."""

    def __init__(self, message: protocol.Message) -> None:
        super().__init__()
        self.message = message


class ConnectionClosed(Message, bubble=False):
    """The connection ended; ``reason`` says why, for the player; ``by_server``:
    the server said goodbye (and ends the session's terminal soon after)."""

    def __init__(self, reason: str, by_server: bool = False) -> None:
        super().__init__()
        self.reason = reason
        self.by_server = by_server


class TableMoved(Message, bubble=False):
    """An event of the game arrived at the table a screen shows."""


class SeatsChanged(Message, bubble=False):
    """Who sits where changed at the table a screen shows."""


class SeatTold(Message, bubble=False):
    """How a seat's player is at the table a screen shows changed: they dropped,
    left, dozed or came back (`RemoteTable.presence`)."""


class CommandRefused(Message, bubble=False):
    """The server refused a move sent from the table a screen shows."""

    def __init__(self, refusal: IllegalMove) -> None:
        super().__init__()
        self.refusal = refusal


# --- What a screen asks of the app -------------------------------------------------------


class ShowLobby(Message):
    """Back to the lobby, from a screen that has no table to leave."""


class ShowCreateForm(Message):
    """The form for a new table."""


class OpenTable(Message):
    """The game at ``table`` has arrived: its table, in the waiting room's place."""

    def __init__(self, table: RemoteTable) -> None:
        super().__init__()
        self.table = table


class QuitTable(Message):
    """The player gets up from ``table``, for the lobby (after the start, the
    server keeps the seat for them). Not "Leave": Textual's mouse event has
    that name, and with it the handlers of every widget."""

    def __init__(self, table: RemoteTable) -> None:
        super().__init__()
        self.table = table


# --- Hearing the server ---------------------------------------------------------------


class Listening:
    """Mixin for a Screen: hears the server's messages while it is mounted, as
    `ServerSaid` messages of its own (so handlers run in the screen's turn)."""

    _stop_listening: Callable[[], None] | None = None

    def listen(self, connection: RemoteConnection) -> None:
        """Hear ``connection`` until the screen is unmounted."""
        if self._stop_listening is None:
            screen = cast(Screen, self)
            self._stop_listening = connection.subscribe(
                lambda message: screen.post_message(ServerSaid(message))
            )

    def on_unmount(self) -> None:
        if self._stop_listening is not None:
            self._stop_listening()
            self._stop_listening = None
