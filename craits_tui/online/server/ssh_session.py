"""One SSH session channel: the door's side of an `AppSession`.

What the client asks of its channel (a terminal, a shell or ``replay CODE``,
window sizes) is taken here; its keys go to the app and the app's drawing to the
channel. A session refused, or over, says why on the channel's stderr and exits
with a status, as a command would.
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from typing import Protocol

import asyncssh

from .app import command_refused, reached_environment, terminal_environment
from .hosts import SessionHost, SessionOwner
from .pty import bounded
from .session import AppSession


class SshHost(SessionHost, Protocol):
    """What an SSH session needs of the server."""

    def web_origin(self, host: str) -> str | None:
        """The web page's origin for a player who reached this machine at ``host``
        by SSH, when the server serves the web and it is known."""


class GameSession(AppSession, asyncssh.SSHServerSession[bytes]):
    """One SSH session channel, and the app it runs."""

    def __init__(self, host: SshHost, owner: SessionOwner) -> None:
        super().__init__(host, owner)
        self.ssh_host = host
        self.chan: asyncssh.SSHServerChannel[bytes] | None = None
        self.term_type: str | None = None
        self.command: str | None = None

    # --- What the client asks ---------------------------------------------------

    def connection_made(self, chan: asyncssh.SSHServerChannel[bytes]) -> None:
        self.chan = chan

    def pty_requested(
        self, term_type: str, term_size: tuple[int, int, int, int], term_modes: Mapping[int, int]
    ) -> bool:
        self.term_type = term_type
        if term_size[0] > 0 and term_size[1] > 0:
            self.resized(bounded(term_size))
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        # Any command, so as to say no in words to all but "replay CODE".
        self.command = command
        return True

    def subsystem_requested(self, subsystem: str) -> bool:
        return False  # no SFTP, nor any other subsystem

    def session_started(self) -> None:
        assert self.chan is not None
        self.user = str(self.chan.get_connection().get_extra_info("username") or "")
        self.begin()

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        if width > 0 and height > 0:
            self.resized(bounded((width, height, pixwidth, pixheight)))

    def data_received(self, data: bytes, datatype: int | None) -> None:
        self.keys(data)

    def eof_received(self) -> bool:
        return False  # the client has nothing more to say: the session ends

    def connection_lost(self, exc: Exception | None) -> None:
        self.gone()

    # --- The door's part of the session -----------------------------------------

    def _refused_here(self) -> bytes | None:
        refused = command_refused(self.command)
        if refused is not None:
            return refused.encode()
        if self.term_type is None:
            return b"The Craits game needs a terminal: connect with ssh -t."
        return None

    def _asked(self) -> str | None:
        return self.command

    def _environment(self) -> dict[str, str]:
        assert self.chan is not None
        env = terminal_environment(self.term_type, self.chan.get_environment())
        sockname = self.chan.get_extra_info("sockname")
        env.update(reached_environment(sockname, self.ssh_host.web_origin))
        return env

    def _write(self, data: bytes) -> bool:
        if self.chan is None:
            return False
        try:
            self.chan.write(data)
        except (BrokenPipeError, asyncssh.Error):
            return False
        return True

    def _last_words(self, status: int, text: bytes | None) -> None:
        if self.chan is None:
            return
        with contextlib.suppress(OSError, asyncssh.Error):
            if text:
                self.chan.write_stderr(b"\r\n" + text + b"\r\n")
            self.chan.exit(status)

    def _hold_input(self, hold: bool) -> None:
        if self.chan is None:
            return
        if hold:
            self.chan.pause_reading()
        else:
            self.chan.resume_reading()

    def _close_client(self) -> None:
        if self.chan is not None:
            with contextlib.suppress(OSError, asyncssh.Error):
                self.chan.close()
