"""What a player's session (`session.AppSession`) needs of what surrounds it: the
server it runs in, and the connection it came on, whichever door that is."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from .app import Forker
from .authority import Authority
from .config import ServerConfig
from .ipc import IpcServer
from .limits import Limits, SessionCounter

if TYPE_CHECKING:
    from .session import AppSession


class SessionHost(Protocol):
    """What a session needs of the server."""

    config: ServerConfig
    limits: Limits
    sessions: SessionCounter
    authority: Authority | None
    ipc: IpcServer | None
    spawner: Forker | None
    """What forks the sessions' apps, when the preloaded app is on."""
    live: set[AppSession]


class SessionOwner(Protocol):
    """What a session needs of the connection it came on."""

    address: str
    client: str
    """The address as limits count it (`limits.client_key`)."""
    key: str | None

    def session_started(self) -> None:
        """The game session begins (the connection is no longer just arriving)."""

    def session_ended(self) -> None:
        """The session is over: the connection goes too."""
