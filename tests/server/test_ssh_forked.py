"""Sessions' apps forked from the preloaded app (the zygote), for real: each has its
terminal, its size and its resizes, exactly the environment it is given and what
a fresh process would have; a hang-up ends it; the zygote's death is survived;
nobody but the server talks to the zygote, and it ends with the server. (Early
keys and an app's failures: `test_ssh_sessions`, with both ways of starting.)"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import shutil
import signal
import stat
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from craits_tui.online.server import session as session_module
from craits_tui.online.server import spawner as spawner_module
from craits_tui.online.server import zygote as zygote_module
from craits_tui.online.server.app import AppCommand, RunningApp
from craits_tui.online.server.ssh import CraitsServer
from craits_tui.online.server.zygote import Request
from tests.server.test_ssh import (
    REAL_APP,
    TIMEOUT,
    Terminal,
    alive,
    connect,
    forking,
    fresh,
    pid_on,
    running,
)
from tests.server.test_ssh_sessions import (
    EARLY_APP,
    stand_in,
)


async def until(test: Callable[[], bool], timeout: float = TIMEOUT) -> None:
    async with asyncio.timeout(timeout):
        while not test():
            await asyncio.sleep(0.02)


def parent_of(pid: int) -> int:
    return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])


def children_of(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if parent_of(int(entry.name)) == pid:
                    found.append(int(entry.name))
            except (OSError, IndexError):
                pass  # gone meanwhile
    return found


def zygote_of(server: CraitsServer) -> int:
    assert server.spawner is not None and server.spawner.pid is not None
    return server.spawner.pid


def noting_starts(monkeypatch: pytest.MonkeyPatch) -> list[tuple[AppCommand, RunningApp]]:
    """Every app the sessions start, with what it was started with."""
    started: list[tuple[AppCommand, RunningApp]] = []
    real = session_module.start_app

    async def noting(command: AppCommand, *args: Any) -> RunningApp:
        app = await real(command, *args)
        started.append((command, app))
        return app

    monkeypatch.setattr(session_module, "start_app", noting)
    return started


# --- The terminal -----------------------------------------------------------------------


async def test_a_forked_app_has_its_terminal_its_size_and_hears_resizes(tmp_path: Path) -> None:
    async with forking(tmp_path) as server, connect(server) as conn:
        zygote = zygote_of(server)
        term = await Terminal.open(conn, env={"LANG": "it_IT.UTF-8"})
        screen = await term.greeted("ann seat")
        assert "size 100x32 term xterm-256color lang it_IT.UTF-8 agent None" in screen
        pid = pid_on(screen)
        assert parent_of(pid) == zygote
        assert os.getsid(pid) == pid and os.getpgid(pid) == pid  # a session of its own
        term.process.change_terminal_size(120, 40)
        await term.shows("resized 120x40")
        term.process.stdin.write(b"hello there\r")
        await term.shows("typed hello there")
        term.process.stdin.write(b"quit\r")
        assert await term.ended() == 0
    assert not alive(zygote)  # it ends with the server


PROBE_APP = r"""
import json, locale, os, random, signal, stat, sys

def kind(fd):
    mode = os.fstat(fd).st_mode
    if os.isatty(fd):
        return "terminal"
    return "pipe" if stat.S_ISFIFO(mode) else "socket" if stat.S_ISSOCK(mode) else "other"

kinds = []
for fd in os.listdir("/proc/self/fd"):
    try:
        kinds.append(kind(int(fd)))
    except OSError:
        pass  # the listing's own
umask = os.umask(0o22)
os.umask(umask)
facts = {
    "env": dict(os.environ),
    "cwd": os.getcwd(),
    "argv": sys.argv[1:],
    "leads": [os.getsid(0), os.getpgrp(), os.tcgetpgrp(0), os.getpid()],
    "parent": os.getppid(),
    # The terminal of stdin, stdout, stderr, and the controlling one (tty_nr).
    "terminal": [os.fstat(fd).st_rdev for fd in (0, 1, 2)]
    + [int(open("/proc/self/stat").read().rsplit(")", 1)[1].split()[4])],
    "fds": sorted(kinds),
    "mask": sorted(signal.pthread_sigmask(signal.SIG_BLOCK, [])),
    "handlers": {
        str(int(sig)): repr(signal.getsignal(sig))
        for sig in signal.valid_signals()
        if sig not in (signal.SIGKILL, signal.SIGSTOP)
    },
    "streams": [
        (s.encoding, s.errors, s.fileno(), s.isatty(), s.line_buffering, s.write_through,
         type(s.buffer).__name__, s.mode, s.newlines)
        for s in (sys.stdin, sys.stdout, sys.__stderr__)
    ],
    "stderr": [sys.stderr.fileno() > 2, sys.stderr.isatty()],
    "umask": umask,
    "threads": len(os.listdir("/proc/self/task")),
    "locale": locale.setlocale(locale.LC_CTYPE),
    "random": random.random(),
}
with open(os.path.join(OUT, f"probe-{os.getpid()}.json"), "w") as out:
    json.dump(facts, out)
print("probed pid", os.getpid(), flush=True)
"""


async def probe(server: CraitsServer, tmp_path: Path) -> dict[str, Any]:
    async with connect(server) as conn:
        term = await Terminal.open(conn, env={"LANG": "C.UTF-8", "COLORTERM": "truecolor"})
        # The exit status comes after the whole line, pid and all, is out.
        assert await term.ended() == 0
        pid = pid_on(term.text)
    facts: dict[str, Any] = json.loads((tmp_path / f"probe-{pid}.json").read_text())
    return facts


async def test_a_forked_app_has_exactly_its_environment_and_starts_as_a_fresh_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = stand_in(tmp_path, "probe", f"OUT = {str(tmp_path)!r}\n{PROBE_APP}")
    started = noting_starts(monkeypatch)
    seen: dict[str, list[dict[str, Any]]] = {}
    for start in (fresh, forking):
        async with start(tmp_path, app=app) as server:
            assert server.ipc is not None
            seen[start.__name__] = found = [await probe(server, tmp_path) for _ in range(2)]
            parent = os.getpid() if start is fresh else zygote_of(server)
            for facts, (command, _app) in zip(found, started[-2:], strict=True):
                assert facts.pop("parent") == parent
                # Nothing of the zygote's (its locale variable, its pipes), nothing left out.
                assert facts.pop("env") == command.env
                assert facts.pop("cwd") == str(server.ipc.directory)
                assert facts.pop("argv") == list(command.args)
                sid, group, foreground, pid = facts.pop("leads")
                assert sid == group == foreground == pid  # leads its session, owns the terminal
                assert len(set(facts.pop("terminal"))) == 1  # one terminal, and it controls it
    randoms = [facts.pop("random") for facts in seen["fresh"] + seen["forking"]]
    assert len(set(randoms)) == len(randoms)  # each child is seeded anew
    plain, forked = seen["fresh"][0], seen["forking"][0]
    # The error pipe and the terminal: no socket nor pipe of the zygote's.
    assert forked["fds"] == ["pipe", *["terminal"] * 3]
    assert forked["threads"] == 1 and forked["stderr"] == [True, False]
    assert forked == plain


# --- Hang-ups ----------------------------------------------------------------------------


SLOW_APP = r"""
import time
time.sleep(60)  # (an app still importing, say)
print("up", flush=True)
"""


async def test_a_hang_up_before_a_forked_app_runs_ends_it_and_its_session(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    started = noting_starts(monkeypatch)
    app = stand_in(tmp_path, "slow", SLOW_APP)
    async with forking(tmp_path, app=app) as server:
        zygote = zygote_of(server)
        async with connect(server) as conn:
            term = await Terminal.open(conn)
            term.process.stdin.write(b"\x03")
            await until(lambda: bool(started))
        (_command, running_app) = started[0]
        pid = running_app.process.pid
        assert parent_of(pid) == zygote
        # Hung up, well before the server would kill it.
        await until(lambda: not alive(pid), timeout=session_module.KILL_AFTER)
        await until(lambda: server.sessions.running == 0 and not server.live)
        assert children_of(zygote) == []
        assert server.spawner is not None and server.spawner.ready


# --- The zygote itself --------------------------------------------------------------------


async def test_the_zygotes_death_is_survived(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(spawner_module, "RESTART_DELAY", 0.05)
    async with forking(tmp_path) as server:
        spawner = server.spawner
        assert spawner is not None
        first = zygote_of(server)
        async with connect(server) as conn:
            term = await Terminal.open(conn)
            pid = pid_on(await term.greeted("ann"))
            assert parent_of(pid) == first
            # The zygote dies, and the next one is slow to come up.
            monkeypatch.setattr(spawner_module, "BOOT", "import sys; sys.stdin.buffer.read()")
            os.kill(first, signal.SIGKILL)
            await until(lambda: spawner.pid not in (None, first))
            # Its child goes on.
            term.process.stdin.write(b"still here\r")
            await term.shows("typed still here")
            # The next session starts at once, the plain way.
            async with connect(server, username="bob") as other:
                second = await Terminal.open(other)
                assert parent_of(pid_on(await second.greeted("bob"))) == os.getpid()
                second.process.stdin.write(b"quit\r")
                assert await second.ended() == 0
            term.process.stdin.write(b"quit\r")
            assert await term.ended() == 0  # (its status lost with its parent: 0)
        # The zygote comes back.
        monkeypatch.setattr(spawner_module, "BOOT", zygote_module.BOOT)
        os.kill(zygote_of(server), signal.SIGKILL)
        async with asyncio.timeout(TIMEOUT):
            await spawner.until_ready()
        assert zygote_of(server) != first
        async with connect(server, username="cy") as conn:
            term = await Terminal.open(conn)
            assert parent_of(pid_on(await term.greeted("cy"))) == zygote_of(server)


SLOW_START = (
    "import time; from craits_tui.online.server import launcher, zygote; "
    "run = launcher.main_forked; "
    "launcher.main_forked = lambda *a, **k: (time.sleep(0.6), run(*a, **k)); "
    "zygote.main()"
)
"""A zygote whose children are slow to lead their own sessions, as on a machine
busy starting many at once."""


async def test_a_forked_app_slow_to_start_is_waited_for_not_started_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    # The zygote forks at once; its child takes longer than the zygote is given to
    # fork. The session waits for that child rather than start a second app.
    monkeypatch.setattr(spawner_module, "BOOT", SLOW_START)
    monkeypatch.setattr(spawner_module, "SPAWN_TIMEOUT", 0.3)
    async with forking(tmp_path) as server, connect(server) as conn:
        term = await Terminal.open(conn)
        assert parent_of(pid_on(await term.greeted("ann"))) == zygote_of(server)
        assert "did not fork" not in caplog.text
        term.process.stdin.write(b"quit\r")
        assert await term.ended() == 0


async def test_a_zygote_killed_while_its_child_starts_leaves_one_app_on_the_terminal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The zygote has said it forked, and dies before the child leads its session.
    monkeypatch.setattr(spawner_module, "BOOT", SLOW_START.replace("0.6", "30"))
    async with forking(tmp_path) as server, connect(server) as conn:
        zygote = zygote_of(server)
        term = await Terminal.open(conn)
        await until(lambda: bool(children_of(zygote)))
        (child,) = children_of(zygote)
        os.kill(zygote, signal.SIGKILL)
        # The session ends that child and starts its app the plain way, alone on
        # the player's terminal.
        assert parent_of(pid_on(await term.greeted("ann"))) == os.getpid()
        await until(lambda: not alive(child))
        term.process.stdin.write(b"quit\r")
        assert await term.ended() == 0


SLOW_FORKS = """
import time
from craits_tui.online.server import zygote
fork = zygote.Zygote._fork
def slow(self, *args):
    time.sleep(1.2)
    return fork(self, *args)
zygote.Zygote._fork = slow
zygote.main()
"""
"""A zygote that takes its time to fork each app, within the time it has for one:
requests that come together queue there, as in a burst of sessions on a busy
machine."""


async def test_a_burst_of_sessions_queues_at_the_zygote_rather_than_start_the_plain_way(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(spawner_module, "BOOT", SLOW_FORKS)
    monkeypatch.setattr(spawner_module, "SPAWN_TIMEOUT", 2.0)
    monkeypatch.setattr(spawner_module, "QUEUED_TIMEOUT", 3.0)
    async with forking(tmp_path) as server:
        names = ("ann", "bob", "cy")
        async with contextlib.AsyncExitStack() as stack:
            conns = [await stack.enter_async_context(connect(server, username=n)) for n in names]
            terms = await asyncio.gather(*(Terminal.open(conn) for conn in conns))
            screens = await asyncio.gather(
                *(term.greeted(name) for term, name in zip(terms, names, strict=True))
            )
            # Each waited its turn past the time the zygote has for one request.
            assert all(parent_of(pid_on(screen)) == zygote_of(server) for screen in screens)
            assert "did not fork" not in caplog.text
            for term in terms:
                term.process.stdin.write(b"quit\r")
                assert await term.ended() == 0


async def test_a_zygote_that_cannot_start_says_why_and_sessions_start_the_plain_way(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(spawner_module, "BOOT", "raise SystemExit('no Textual here')")
    async with running(tmp_path) as server:
        await until(lambda: "could not start" in caplog.text)
        assert "the preloaded app: no Textual here" in caplog.text
        async with connect(server) as conn:
            term = await Terminal.open(conn)
            assert parent_of(pid_on(await term.greeted("ann"))) == os.getpid()
            term.process.stdin.write(b"quit\r")
            assert await term.ended() == 0


STRANGER = r"""
import json, os, socket, sys
path, directory = sys.argv[1], sys.argv[2]
request = {"args": ["--remote", "x"], "env": {"HOME": "/"}, "cwd": directory}
master, slave = os.openpty()
readable, writable = os.pipe()
conn = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)
conn.connect(path)
answer = b""
try:
    socket.send_fds(conn, [json.dumps(request).encode()], [slave, writable])
    answer = conn.recv(256)
except OSError:
    pass
print("answered" if answer else "unanswered", flush=True)
"""


async def test_only_the_server_talks_to_the_zygote(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    async with forking(tmp_path) as server:
        assert server.spawner is not None
        path = server.spawner.path
        assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
        # Another process of the same user, with a well-formed request: no.
        stranger = await asyncio.create_subprocess_exec(
            sys.executable, "-c", STRANGER, str(path), str(path.parent),
            stdout=asyncio.subprocess.PIPE,
        )  # fmt: skip
        out, _ = await asyncio.wait_for(stranger.communicate(), TIMEOUT)
        assert out.decode().strip() == "unanswered"
        assert children_of(zygote_of(server)) == []
        await until(lambda: f"refused a connection from process {stranger.pid}" in caplog.text)
        assert server.spawner.ready


@pytest.mark.parametrize(
    "fields",
    [
        {"args": [], "env": {}, "cwd": "/elsewhere"},
        {"args": ["--remote", 7], "env": {}, "cwd": "/sessions"},
        {"args": ["a\0b"], "env": {}, "cwd": "/sessions"},
        {"args": ["\ud800"], "env": {}, "cwd": "/sessions"},
        {"args": [], "env": {"A=B": "x"}, "cwd": "/sessions"},
        {"args": [], "env": {"A": "x\0y"}, "cwd": "/sessions"},
        {"args": [], "env": {}, "cwd": "/sessions", "run": "sh"},
        {"args": ["x"] * 65, "env": {}, "cwd": "/sessions"},
        ["not", "a", "request"],
    ],
    ids=[
        "elsewhere",
        "not text",
        "nul",
        "surrogate",
        "bad name",
        "nul value",
        "more",
        "too many",
        "list",
    ],
)
def test_the_zygote_turns_down_a_malformed_request(fields: object) -> None:
    with pytest.raises(ValueError):
        Request.decode(json.dumps(fields).encode(), Path("/sessions"))
    assert Request.decode(
        json.dumps({"args": ["--remote", "s"], "env": {"A_1": "é"}, "cwd": "/sessions"}).encode(),
        Path("/sessions"),
    ) == Request(("--remote", "s"), {"A_1": "é"}, "/sessions")


KILLED_SERVER = r"""
import asyncio, sys
from pathlib import Path
from craits_tui.online.server.ssh import CraitsServer, ServerConfig

async def main():
    config = ServerConfig(host="127.0.0.1", port=0, data_dir=Path(sys.argv[1]), app=(sys.argv[2],))
    server = CraitsServer(config)
    await server.start()
    await server.spawner.until_ready()
    print(server.spawner.pid, flush=True)
    await asyncio.Event().wait()

asyncio.run(main())
"""


async def test_the_zygote_ends_when_its_server_is_killed(tmp_path: Path) -> None:
    app = stand_in(tmp_path, "early", EARLY_APP)
    short = Path(tempfile.mkdtemp(prefix="ct", dir="/tmp"))  # what the killed server leaves
    try:
        server = await asyncio.create_subprocess_exec(
            sys.executable, "-c", KILLED_SERVER, str(tmp_path / "data"), app[0],
            stdout=asyncio.subprocess.PIPE, env={**os.environ, "TMPDIR": str(short)},
        )  # fmt: skip
        assert server.stdout is not None
        zygote = int(await asyncio.wait_for(server.stdout.readline(), TIMEOUT))
        assert alive(zygote)
        server.kill()
        await server.wait()
        await until(lambda: not alive(zygote))
    finally:
        shutil.rmtree(short, ignore_errors=True)


# --- The real app -------------------------------------------------------------------------


async def test_the_real_app_forked_speaks_each_players_language(tmp_path: Path) -> None:
    async with forking(tmp_path, app=REAL_APP) as server:
        zygote = zygote_of(server)
        async with connect(server) as conn, connect(server, username="bob") as other:
            italian = await Terminal.open(conn, env={"LANGUAGE": "it"})
            english = await Terminal.open(other)
            await italian.shows("Giochi come ann.")
            await english.shows("You play as bob.")
            assert {parent_of(s.process.pid) for s in server.live if s.process} == {zygote}
            for term in (italian, english):
                term.process.stdin.write(b"q\r")  # the lobby's Quit: q, then Enter
                assert await term.ended() == 0
