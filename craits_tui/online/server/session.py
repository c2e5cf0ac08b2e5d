"""One player's session, whichever door it came in by: an app in a pseudo-terminal
of its own, bytes pumped both ways.

The session asks the authority for a seat in the lobby (a token), starts the app
(`app`) in its terminal (`pty`), and then only moves bytes: the client's keys to
the terminal, what the app draws to the client, window sizes (coalesced). It
ends when the app ends, the client leaves, the player is idle too long or the
server stops; its connection ends with it.

Each door (an SSH channel, `ssh_session`; a browser's websocket,
`craits_tui.online.web`) subclasses `AppSession`; the sessions' limits, the idle
timeout, the app's start (forked from the preloaded app or fresh) and its end are
the same for every door, and live here.
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal

from ..protocol import JoinTable, Reconnect
from .app import (
    AppLog,
    AppProcess,
    RunningApp,
    app_command,
    read_ready,
    signal_group,
    start_app,
)
from .authority import SessionRefused
from .hosts import SessionHost, SessionOwner
from .launcher import FAILED
from .pty import Resizer, Size, set_size

log = logging.getLogger("craits.server")

KILL_AFTER = 3.0
"""Seconds an app is given to end by itself (after its ``bye`` or a hangup)."""
MAX_EARLY_INPUT = 64 * 1024
"""Bytes of keys kept for an app that has not started yet, or is not reading."""


class AppSession:
    """One player's session and the app it runs; a door's subclass says how its
    client is written to (`_write`, `_last_words`, `_hold_input`, `_close_client`)
    and what the app is told of it (`_asked`, `_environment`)."""

    def __init__(self, host: SessionHost, owner: SessionOwner) -> None:
        self.host = host
        self.owner = owner
        self.size: Size = (80, 24, 0, 0)
        self.user = ""
        self.arrival: JoinTable | Reconnect | None = None
        """What it asks as it arrives (a table to join, a seat to take back)."""
        self.token: str | None = None
        self.process: AppProcess | None = None
        self.finished: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._admitted = False
        self._master = -1
        self._log: AppLog | None = None
        self._resizer = Resizer(self._apply_size, host.limits.resize_interval)
        self._reading = False
        self._paused = False
        self._pending = bytearray()
        self._reason: bytes | None = None
        self._signalled = False
        self._last_input = 0.0
        self._idle: asyncio.TimerHandle | None = None
        self._killer: asyncio.TimerHandle | None = None
        self._ended = False
        self._hung_up = False
        self._kept: str | None = None

    @property
    def who(self) -> str:
        """The session, as the log names it."""
        return f"session of {self.user!r} from {self.owner.address}"

    # --- The door's part ------------------------------------------------------------

    def _write(self, data: bytes) -> bool:
        """What the app drew, to the client; False if the client is gone."""
        raise NotImplementedError

    def _last_words(self, status: int, text: bytes | None) -> None:
        """The session's last words (a sentence, if any) and exit status, to the client."""
        raise NotImplementedError

    def _hold_input(self, hold: bool) -> None:
        """Stop reading the client's keys (the app is not taking them), or go on."""

    def _close_client(self) -> None:
        """Close the client's end once the session is over."""
        raise NotImplementedError

    def _refused_here(self) -> bytes | None:
        """Why the door will not make this session a game, if it will not."""
        return None

    def _asked(self) -> str | None:
        """The command the client asked for (``replay CODE``), if any."""
        return None

    def _environment(self) -> dict[str, str]:
        """What the app's environment says of the client's terminal and the way it came."""
        return {}

    # --- What the door tells it -----------------------------------------------------

    def begin(self) -> None:
        """The client is ready for its game: start it."""
        self.owner.session_started()
        asyncio.get_running_loop().create_task(self._run(), name="craits-session")

    def keys(self, data: bytes) -> None:
        """What the player typed (or clicked), for the app."""
        self._last_input = asyncio.get_running_loop().time()
        if self._master < 0 and len(self._pending) > MAX_EARLY_INPUT:
            return  # the app is not started yet: keep the first keys, not a flood
        self._pending += data
        self._flush_input()

    def resized(self, size: Size) -> None:
        """The player's window is now ``size`` (already `pty.bounded`)."""
        self.size = size
        if self._master >= 0:
            self._resizer.want(size)

    def gone(self) -> None:
        """The client left (or its connection died): the session ends."""
        self._ended = True
        self.hang_up(None)
        self.owner.session_ended()

    def pause_writing(self) -> None:
        """The client's side is full: stop reading what the app draws until it drains."""
        self._paused = True
        self._stop_reading()

    def resume_writing(self) -> None:
        """The client's side has drained."""
        self._paused = False
        self._start_reading()

    # --- Running the app ----------------------------------------------------------

    async def _run(self) -> None:
        try:
            refusal = self._refusal()
            if refusal is not None:
                self._finish(1, refusal)
                return
            self._admitted = True
            self.host.live.add(self)
            status = await self._play()
            self._drain_output()
            self._finish(status, self._reason)
        except SessionRefused as err:
            log.info("%s refused: %s", self.who, err)
            self._finish(1, str(err).encode())
        except Exception:
            log.exception("%s could not start", self.who)
            self._finish(1, b"The Craits server could not start the game.")
        finally:
            self._cleanup()

    def _refusal(self) -> bytes | None:
        """Why this session cannot be a game, if it cannot."""
        if (refused := self._refused_here()) is not None:
            return refused
        over = self.host.sessions.admit(self.owner.client)
        if over == "full":
            return b"The Craits server is full: try again later."
        if over == "per-address":
            return b"Too many sessions from your address: close one and try again."
        return None

    def _finish(self, status: int, text: bytes | None) -> None:
        """The session's last words (one sentence, if any) and exit status."""
        if not self._ended:
            self._last_words(status, text)

    async def _start(self) -> RunningApp:
        """Open the session's token, and start its app in a new terminal."""
        host = self.host
        authority, ipc = host.authority, host.ipc
        assert authority is not None and ipc is not None
        self.token = authority.open_session(
            self.user, key=self.owner.key, address=self.owner.address, arrival=self.arrival
        )
        command = app_command(host.config.app, ipc.path, self.token, self._asked())
        command.env.update(self._environment())
        return await start_app(command, ipc.directory, self.size, host.spawner)

    async def _play(self) -> int:
        """Start the app and pump it until it ends; its exit status."""
        app = await self._start()
        self.process, self._master = app.process, app.master
        self._log = AppLog(app.errors, self.who)
        log.info("%s: started", self.who)
        if self._ended or self._hung_up:
            self.hang_up(None)  # while it started: it ends at once
        else:
            self._start_reading()
            self._flush_input()
            loop = asyncio.get_running_loop()
            self._last_input = loop.time()
            self._idle = loop.call_later(self.host.limits.idle_timeout, self._check_idle)
        status = await self.process.wait()
        self._log.close()  # the app's last words first, then the session's end
        if status < 0 and not self._signalled:
            log.warning("%s: the app was killed by signal %d", self.who, -status)
            self._reason = self._reason or FAILED.encode()
        log.info("%s: ended (status %d)", self.who, status)
        return status if 0 <= status <= 255 else 128 + min(-status, 127)

    # --- Pumping --------------------------------------------------------------

    def _apply_size(self, size: Size) -> None:
        if self._master >= 0:
            set_size(self._master, size)  # the kernel then tells the app

    def _start_reading(self) -> None:
        if self._master >= 0 and not self._reading and not self._paused:
            asyncio.get_running_loop().add_reader(
                self._master, read_ready, self._master, self._to_client, self._stop_reading
            )
            self._reading = True

    def _stop_reading(self) -> None:
        if self._reading:
            asyncio.get_running_loop().remove_reader(self._master)
            self._reading = False

    def _to_client(self, data: bytes) -> None:
        """What the app drew, to the player; dropped once the client is gone."""
        if self._ended:
            return
        if not self._write(data):
            # The client left between two reads: end the session as if it said so.
            self._ended = True
            self._stop_reading()
            self.hang_up(None)

    def _drain_output(self) -> None:
        """What the app wrote just before it ended, to the client."""
        if self._master < 0 or self._ended:
            return
        self._stop_reading()
        while True:
            try:
                data = os.read(self._master, 65536)
            except OSError:
                return
            if not data or self._ended:
                return
            self._to_client(data)

    def _flush_input(self) -> None:
        """Hand the client's keys to the app, as much as the terminal takes now."""
        if self._master < 0 or not self._pending:
            return
        loop = asyncio.get_running_loop()
        try:
            written = os.write(self._master, self._pending)
        except BlockingIOError:
            written = 0
        except OSError:
            self._pending.clear()
            return
        del self._pending[:written]
        loop.remove_writer(self._master)
        if self._pending:
            loop.add_writer(self._master, self._flush_input)
            if len(self._pending) > MAX_EARLY_INPUT:
                self._hold_input(True)  # the app is not reading: hold the client
        elif not self._ended:
            self._hold_input(False)

    # --- Ending ---------------------------------------------------------------

    def _check_idle(self) -> None:
        loop = asyncio.get_running_loop()
        idle = loop.time() - self._last_input
        limit = self.host.limits.idle_timeout
        if idle < limit:
            self._idle = loop.call_later(limit - idle, self._check_idle)
            return
        minutes = round(limit / 60)
        words = f"No input for {minutes} minutes." if minutes else "No input for too long."
        self.end("idle", words)

    def said(self, reason: bytes) -> None:
        """What the player reads once the app has ended."""
        self._reason = reason

    def end(self, code: str, message: str) -> None:
        """Ask the app to end (``bye``), then make sure it does."""
        self._reason = message.encode()
        self._close_token(code, message)
        self._schedule_kill()

    def hang_up(self, reason: bytes | None) -> None:
        """The session is over: the app's terminal hangs up (killed if it lingers)."""
        if reason is not None:
            self._reason = reason
        self._hung_up = True
        self._close_token()
        process = self.process
        if process is not None and process.returncode is None:
            self._signalled = True
            signal_group(process.pid, signal.SIGHUP)
            self._schedule_kill()
        elif process is None and not self.finished.done() and not self._admitted:
            self.finished.set_result(None)

    def kept_seat(self) -> str | None:
        """The reconnect code of the seat kept for the player (as the session ended, after)."""
        authority = self.host.authority
        member = authority.member_for(self.token) if authority and self.token else None
        if member is not None and authority is not None:
            self._kept = authority.welcome(member).reconnect
        return self._kept

    def _close_token(self, code: str = "ended", message: str = "The session ended.") -> None:
        """The authority forgets the session (its app gets `Bye`), its kept seat noted."""
        authority = self.host.authority
        if self.token is not None and authority is not None:
            self.kept_seat()
            authority.close_session(self.token, code, message)

    def _schedule_kill(self) -> None:
        if self._killer is None and self.process is not None:
            loop = asyncio.get_running_loop()
            self._killer = loop.call_later(KILL_AFTER, self._kill)

    def _kill(self) -> None:
        process = self.process
        if process is not None and process.returncode is None:
            self._signalled = True
            signal_group(process.pid, signal.SIGKILL)

    def _cleanup(self) -> None:
        loop = asyncio.get_running_loop()
        self._resizer.cancel()
        if self._idle is not None:
            self._idle.cancel()
        if self._killer is not None:
            self._killer.cancel()
        if self.process is not None:
            # The app is gone; anything it started in its group goes with it.
            signal_group(self.process.pid, signal.SIGKILL)
        if self._log is not None:
            self._log.close()
        if self._master >= 0:
            self._stop_reading()
            loop.remove_writer(self._master)
            os.close(self._master)
            self._master = -1
        self._close_token()
        if self._admitted:
            self.host.sessions.release(self.owner.client)
            self._admitted = False
        self.host.live.discard(self)
        if not self.finished.done():
            self.finished.set_result(None)
        if not self._ended:
            self._close_client()
        # The client is told to close its end; one that does not is not waited for.
        loop.call_later(KILL_AFTER, self.owner.session_ended)
