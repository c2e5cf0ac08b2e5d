"""The protocol's limits and codes: how long a line may be, how a session learns
its token, and why the server refuses a request or ends a session."""

from __future__ import annotations

from enum import StrEnum

MAX_LINE = 64 * 1024
"""The longest line either side accepts; longer is a bad message."""

TOKEN_VARIABLE = "CRAITS_SESSION"
"""The environment variable through which the server hands a session's app the
token its `Hello` presents."""
ADDRESS_VARIABLE = "CRAITS_SERVER_ADDRESS"
"""The environment variable through which the server tells a session's app what
to type after ``ssh`` to reach it ("-p 2222 192.0.2.7"), as the player did."""
WEB_ADDRESS_VARIABLE = "CRAITS_WEB_ADDRESS"
"""The environment variable through which the server tells a session's app its web
page's origin ("http://192.0.2.7:8080"), when it serves one: a table's link is
that origin and ``/t/CODE``."""
DOOR_VARIABLE = "CRAITS_DOOR"
"""The environment variable through which the server tells a session's app which
`Door` its player came in by."""


class Door(StrEnum):
    """The way a player came to the server: what the app tells them to type or open."""

    SSH = "ssh"
    WEB = "web"


class BadMessage(ValueError):
    """A line that is not a message of this protocol; ``field`` names the culprit."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


class RefusalCode(StrEnum):
    """Why the server refused a request (besides the engine's own codes)."""

    BAD_MESSAGE = "bad-message"
    UNKNOWN_SESSION = "unknown-session"
    TOO_FAST = "too-fast"
    NO_SUCH_TABLE = "no-such-table"
    TABLE_FULL = "table-full"
    SEAT_TAKEN = "seat-taken"
    """The seat belongs to someone else, or its player is there."""
    NOT_YOUR_SEAT = "not-your-seat"
    NOT_HOST = "not-host"
    NOT_STARTED = "not-started"
    ALREADY_STARTED = "already-started"
    UNKNOWN_CODE = "unknown-code"
    TOO_MANY_TABLES = "too-many-tables"
    """The server holds as many tables as it may."""
    YOUR_TABLES = "your-tables"
    """The player (``params["limit"]``) already has that many tables open."""
    ADDRESS_TABLES = "address-tables"
    """The player's address already has that many tables open."""
    NO_SUCH_REPLAY = "no-such-replay"
    CHAT_CLOSED = "chat-closed"
    """Spectators may not write at this table (its host decides)."""
    TOO_CHATTY = "too-chatty"
    """Chat lines come faster than a table may read them (``params["wait"]``: seconds)."""
    NOT_OVER = "not-over"
    NO_REMATCH = "no-rematch"
    """No rematch is on offer to this session (it is over, or it never was)."""
    TRY_LATER = "try-later"
    """Asked too often (opening tables, guessing replay codes): ``params["wait"]``
    seconds before it may be asked again."""
    TOO_MANY_MUTES = "too-many-mutes"
    """The player has muted as many players as they may (``params["limit"]``)."""
    SERVER_ERROR = "server-error"


class ByeCode(StrEnum):
    """Why the server ends a session."""

    SHUTDOWN = "shutdown"
    IDLE = "idle"
    ENDED = "ended"
    REPLACED = "replaced"
    """The same session connected again."""
    TAKEN_BACK = "taken-back"
    """The player took their seat back from a newer session."""
    BAD_MESSAGES = "bad-messages"
    TOO_FAST = "too-fast"
    HANDSHAKE = "handshake"
    """No hello in time."""


STRIKES = frozenset({RefusalCode.BAD_MESSAGE, RefusalCode.UNKNOWN_CODE, RefusalCode.NO_SUCH_REPLAY})
"""Refusals that use up a session's allowance of bad lines: malformed messages and
guessed reconnect or replay codes (so codes cannot be tried in bulk)."""
