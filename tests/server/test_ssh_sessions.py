"""A session's app against early keys, its own failures and resize floods: keys are
bytes from the first one, no traceback or server path reaches the player (the log
has them), a refused session says why, and window sizes are coalesced. What an app
does is tested with both ways of starting it: a fresh Python, and a fork of the
preloaded app."""

from __future__ import annotations

import asyncio
import itertools
import logging
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest

import craits_tui
from craits_tui.online.server import session as session_module
from craits_tui.online.server.authority import SessionRefused
from craits_tui.online.server.limits import Limits
from tests.server.test_ssh import BOTH_STARTS, TIMEOUT, Terminal, connect, running

FAILED = "Something went wrong in this session, and it has ended."

EARLY_APP = r"""
import os
# Up, but not yet in charge of its terminal (an app importing Textual, say):
# what the player types now must come as bytes.
print("ready", flush=True)
data = b""
while b"end" not in data:
    data += os.read(0, 1024)
print("got", data.hex(), flush=True)
"""

CRASHING_APP = r"""
import sys
print("starting", flush=True)
raise RuntimeError("the app broke in " + __file__)
"""

NOISY_APP = r"""
import sys, traceback
try:
    1 / 0
except ZeroDivisionError:
    traceback.print_exc()  # to stderr, as an error console would
print("a warning on stderr from", sys.executable, file=sys.stderr)
print("still fine", flush=True)
"""

EXITING_APP = r"""
import sys
print("leaving", flush=True)
sys.exit(3)
"""


def stand_in(tmp_path: Path, name: str, code: str) -> tuple[str, ...]:
    path = tmp_path / f"{name}.py"
    path.write_text(code, encoding="utf-8")
    return (str(path),)


def no_server_internals(term: Terminal, tmp_path: Path) -> None:
    """Nothing of the server's insides on the player's screen."""
    seen = bytes(term.raw).decode("utf-8", "replace")
    assert "Traceback" not in seen and "Error" not in seen
    for path in (str(tmp_path), str(Path(craits_tui.__file__).parent.parent), sys.prefix):
        assert path not in seen


@asynccontextmanager
async def session_of(start: Any, tmp_path: Path, name: str, code: str) -> AsyncIterator[Terminal]:
    """A session of a server started by ``start`` (see `BOTH_STARTS`) whose app is
    the stand-in ``code``: its terminal."""
    app = stand_in(tmp_path, name, code)
    async with start(tmp_path, app=app) as server, connect(server) as conn:
        yield await Terminal.open(conn)


async def fails_in_one_sentence(start: Any, tmp_path: Path, name: str, code: str) -> None:
    """A session of the stand-in ``code`` shows the one sentence of an app that
    failed, once, ends with status 1, and shows nothing of the server's insides."""
    async with session_of(start, tmp_path, name, code) as term:
        await term.shows(FAILED)
        assert await term.ended() == 1
        no_server_internals(term, tmp_path)
        assert term.text.count(FAILED) == 1


def logged(caplog: pytest.LogCaptureFixture) -> str:
    return "\n".join(r.getMessage() for r in caplog.records)


# --- Keys before the app runs -------------------------------------------------------


@BOTH_STARTS
async def test_keys_typed_before_the_app_runs_are_bytes_for_it(tmp_path: Path, start: Any) -> None:
    async with session_of(start, tmp_path, "early", EARLY_APP) as term:
        await term.shows("ready")
        term.process.stdin.write(b"\x03\x1c\x1aend")  # ^C ^\ ^Z: no signal among them
        await term.shows("got " + b"\x03\x1c\x1aend".hex())
        assert await term.ended() == 0
        assert "Traceback" not in term.text


async def test_keys_sent_with_the_session_request_reach_the_app(tmp_path: Path) -> None:
    async with running(tmp_path) as server, connect(server) as conn:
        term = await Terminal.open(conn)
        term.process.stdin.write(b"\x03\x1c\x1a")  # before the app has even started
        term.process.stdin.write(b"hello\r")
        await term.shows("welcome ann")
        await term.shows("typed")
        term.process.stdin.write(b"quit\r")
        assert await term.ended() == 0
        assert "Traceback" not in term.text


# --- What goes wrong ------------------------------------------------------------------


@BOTH_STARTS
async def test_an_app_that_crashes_leaves_one_sentence_and_the_log_has_the_traceback(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, start: Any
) -> None:
    await fails_in_one_sentence(start, tmp_path, "crashing", CRASHING_APP)
    text = logged(caplog)
    assert "Traceback" in text and "RuntimeError: the app broke in" in text
    assert "session of 'ann' from 127.0.0.1: Traceback" in text


@BOTH_STARTS
async def test_what_an_app_writes_to_stderr_goes_to_the_log(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, start: Any
) -> None:
    caplog.set_level(logging.INFO, logger="craits.server")
    async with session_of(start, tmp_path, "noisy", NOISY_APP) as term:
        await term.shows("still fine")
        assert await term.ended() == 0
        no_server_internals(term, tmp_path)
        assert FAILED not in term.text
    text = logged(caplog)
    assert "ZeroDivisionError" in text and f"a warning on stderr from {sys.executable}" in text
    # The app's lines come before the session's end.
    assert text.index("ZeroDivisionError") < text.index("ended (status 0)")


@BOTH_STARTS
async def test_an_app_exiting_with_an_error_leaves_one_sentence(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, start: Any
) -> None:
    await fails_in_one_sentence(start, tmp_path, "exiting", EXITING_APP)
    assert "the app ended with 3" in logged(caplog)


async def test_a_session_the_authority_refuses_says_why_and_starts_no_app(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with running(tmp_path) as server:

        def refuse(user: str, **options: Any) -> str:
            raise SessionRefused("Your name shows nothing: connect as another user.")

        monkeypatch.setattr(server.authority, "open_session", refuse)
        async with connect(server) as conn:
            term = await Terminal.showing(conn, "Your name shows nothing: connect as another user.")
            assert await term.ended() == 1
            assert "welcome" not in term.text and "Traceback" not in term.text
        assert server.sessions.running == 0


async def test_a_server_side_failure_shows_no_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    async def cannot(*args: Any, **options: Any) -> Any:
        raise FileNotFoundError(2, "No such file", str(tmp_path / "python"))

    monkeypatch.setattr(session_module, "start_app", cannot)
    async with running(tmp_path) as server, connect(server) as conn:
        term = await Terminal.showing(conn, "The Craits server could not start the game.")
        assert await term.ended() == 1
        no_server_internals(term, tmp_path)
    assert str(tmp_path / "python") in caplog.text  # with its traceback


# --- Resizes ------------------------------------------------------------------------------


async def test_a_resize_flood_is_coalesced_and_the_last_size_arrives(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    applied: list[tuple[float, tuple[int, ...]]] = []
    real = session_module.set_size

    def noting(fd: int, size: Any) -> None:
        applied.append((asyncio.get_running_loop().time(), tuple(size)))
        real(fd, size)

    monkeypatch.setattr(session_module, "set_size", noting)
    interval = 0.1
    limits = Limits(resize_interval=interval)
    async with running(tmp_path, limits=limits) as server, connect(server) as conn:
        term = await Terminal.showing(conn, "welcome")
        for n in range(300):
            term.process.change_terminal_size(100 + n % 50, 30 + n % 10)
            if n % 20 == 0:
                await asyncio.sleep(0)
        term.process.change_terminal_size(123, 45)
        await term.shows("resized 123x45", timeout=TIMEOUT)
    assert applied[-1][1][:2] == (123, 45)
    assert len(applied) < 300
    for (before, _), (after, _) in itertools.pairwise(applied):
        assert after - before >= interval - 1e-3
