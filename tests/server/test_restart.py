"""A server killed in the middle of a game (SIGKILL: no cleanup at all), started again
on the same data directory: the table is back, its players sit down again, and the
game is played to its end; the stored log replays to what the players saw.

The server runs in a process of its own, as ``craits-tui serve`` does. Each SSH
session runs a small automatic player instead of the app (``PLAYER``): it speaks
the table protocol over the server's socket, sits down (the host creates the
table, the guest joins it, and after a restart each takes back the seat its
welcome names), plays random legal moves, and prints its progress on its terminal,
which the test reads through SSH.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import sqlite3
import sys
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path

import asyncssh

from craits_core import GameStore, replay
from craits_core.events import GameEnded

TIMEOUT = 60.0

PLAYER = r"""
import asyncio, json, os, random, sys
from craits_core import Announce, CallIdiot, Play, command_to_dict, event_from_dict
from craits_core import legal_moves_in_view, project

path = sys.argv[sys.argv.index("--remote") + 1]
token = os.environ.pop("CRAITS_SESSION")
THINK = 0.05  # as a person does: a move once the table is quiet for a moment


async def main():
    reader, writer = await asyncio.open_unix_connection(path, limit=1 << 22)

    def send(op, **fields):
        writer.write(json.dumps({"op": op, **fields}).encode() + b"\n")

    send("hello", token=token)
    rng = random.Random()
    name, seat, view, events, asked, acted = None, None, None, 0, False, -1
    while True:
        moves = legal_moves_in_view(view) if view is not None and not view.is_over else []
        # A turn's move (not only "last card" or "idiot", which are anyone's).
        mine = any(not isinstance(m, (Announce, CallIdiot)) for m in moves)
        try:
            line = await asyncio.wait_for(reader.readline(), THINK if mine and acted != events else None)
        except TimeoutError:
            move = rng.choice([m for m in moves if not isinstance(m, CallIdiot)])
            if isinstance(move, Play) and len(view.hand) == 2:
                move = Play(move.player, move.card, move.suit, announce=True)
            send("command", command=command_to_dict(move))
            acted = events
            continue
        if not line:
            return
        message = json.loads(line)
        op = message["op"]
        if op == "welcome":
            name = message["name"]
            if message.get("table") and not asked:
                send("join", code=message["table"])  # a seat is kept for me
                asked = True
        elif op == "tables" and not asked:
            if name == "host":
                send("create", name="T", seats=[None, None, "random"], rules={"short_game": True})
                asked = True
            else:
                for table in message["tables"]:
                    if any(s["name"] is None and s["person"] for s in table["seats"]):
                        send("join", code=table["code"])
                        asked = True
                        break
        elif op == "joined":
            seat, view, events = message["seat"], None, 0
        elif op == "table" and name == "host":
            table = message["table"]
            if not table["started"] and all(s["name"] for s in table["seats"]):
                send("start")
        elif op == "event" and message["index"] == events:
            view = project(view, event_from_dict(message["event"]), seat)
            events += 1
            print(f"events {events}", flush=True)
            if view.is_over:
                print("over " + json.dumps({"seat": seat, "totals": list(view.totals)}), flush=True)
        elif op == "refused":
            acted = -1  # the game moved meanwhile: choose again


asyncio.run(main())
"""

SERVER = r"""
import asyncio, sys
from pathlib import Path
from craits_tui.online.server.ssh import CraitsServer, ServerConfig


async def main():
    config = ServerConfig(
        host="127.0.0.1", port=0, bot_pace=0.0, grace=30.0,
        data_dir=Path(sys.argv[1]), app=(sys.argv[2],),
    )
    server = CraitsServer(config)
    await server.start()
    print(server.port, flush=True)
    try:
        await asyncio.Event().wait()
    finally:
        await server.close()


asyncio.run(main())
"""


@asynccontextmanager
async def server_process(tmp_path: Path) -> AsyncIterator[tuple[asyncio.subprocess.Process, int]]:
    """The server in a process of its own, on the test's data directory; its port."""
    script, player = tmp_path / "server.py", tmp_path / "player.py"
    script.write_text(SERVER, encoding="utf-8")
    player.write_text(PLAYER, encoding="utf-8")
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "xdg")}
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        str(script),
        str(tmp_path / "data"),
        str(player),
        stdout=asyncio.subprocess.PIPE,
        env=env,
    )
    try:
        assert process.stdout is not None
        line = await asyncio.wait_for(process.stdout.readline(), TIMEOUT)
        yield process, int(line)
    finally:
        if process.returncode is None:
            process.terminate()
            with contextlib.suppress(ProcessLookupError):
                await asyncio.wait_for(process.wait(), TIMEOUT)


class Session:
    """One SSH player: what its terminal shows, line by line."""

    def __init__(
        self, conn: asyncssh.SSHClientConnection, process: asyncssh.SSHClientProcess[bytes]
    ) -> None:
        self.conn = conn
        self.process = process
        self.lines: list[str] = []
        self._news = asyncio.Event()
        self._reader = asyncio.get_running_loop().create_task(self._read())

    @classmethod
    async def open(cls, port: int, name: str) -> Session:
        conn = await asyncssh.connect(
            "127.0.0.1",
            port,
            username=name,
            password="",
            known_hosts=None,
            client_keys=None,
            agent_path=None,
            encoding=None,
        )
        process = await conn.create_process(term_type="xterm", term_size=(200, 50))
        return cls(conn, process)

    async def _read(self) -> None:
        buffer = b""
        with contextlib.suppress(asyncssh.Error, ConnectionError):
            while data := await self.process.stdout.read(65536):
                buffer += data
                *done, buffer = buffer.replace(b"\r", b"").split(b"\n")
                self.lines += [line.decode(errors="replace") for line in done]
                self._news.set()
        self._news.set()

    def events(self) -> int:
        counts = [int(line.split()[1]) for line in self.lines if line.startswith("events ")]
        return max(counts, default=0)

    def over(self) -> dict | None:
        found = [line for line in self.lines if line.startswith("over ")]
        return json.loads(found[-1][5:]) if found else None

    async def until(self, test: Callable[[], bool], timeout: float = TIMEOUT) -> None:
        """Wait until ``test()`` holds, checked as the terminal shows more."""
        try:
            async with asyncio.timeout(timeout):
                while not test():
                    if self._reader.done():
                        raise AssertionError("the session ended:\n" + self.last_lines())
                    self._news.clear()
                    await self._news.wait()
        except TimeoutError:
            raise AssertionError("not in time; the terminal shows:\n" + self.last_lines()) from None

    def last_lines(self) -> str:
        return "\n".join(self.lines[-30:])

    def close(self) -> None:
        self.conn.close()


async def test_a_server_killed_mid_game_comes_back_and_the_game_is_played_to_its_end(
    tmp_path: Path,
) -> None:
    async with server_process(tmp_path) as (server, port):
        host = await Session.open(port, "host")
        guest = await Session.open(port, "guest")
        await host.until(lambda: host.events() >= 40)
        server.send_signal(signal.SIGKILL)  # no cleanup, no goodbye
        await server.wait()
        seen = host.events()
        host.close()
        guest.close()
    async with server_process(tmp_path) as (server, port):
        host = await Session.open(port, "host")
        guest = await Session.open(port, "guest")
        # Each sits down again at the table the server reopened, the game where it was.
        await host.until(lambda: host.events() >= seen)
        await host.until(lambda: host.over() is not None)
        await guest.until(lambda: guest.over() is not None)
        host.close()
        guest.close()
    # The stored log replays, checked move by move, to the end the players saw.
    with GameStore(tmp_path / "data" / "games.sqlite3") as store:
        (record,) = store.games()
        assert record.finished
        game = store.load(record.id, attach=False)
    assert game.state.is_over and replay(game.events) == game.state
    for session in (host, guest):
        over = session.over()
        assert over is not None and over["totals"] == list(game.state.totals)
    assert isinstance(game.events_for(None)[-1], GameEnded)


def readme_backup_command() -> str:
    """The README's command that backs up a running server's games."""
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    (line,) = [line for line in readme.splitlines() if ".backup(" in line]
    return line.strip()


async def test_a_look_from_outside_and_a_backup_while_playing_lose_nothing(
    tmp_path: Path,
) -> None:
    data = tmp_path / "data"
    async with server_process(tmp_path) as (server, port):
        # An admin's look at the running server's store, before any game: it
        # must not take the server's write-ahead log for an orphan.
        conn = sqlite3.connect(data / "games.sqlite3")
        assert conn.execute("SELECT count(*) FROM games").fetchone() == (0,)
        conn.close()
        host = await Session.open(port, "host")
        guest = await Session.open(port, "guest")
        await host.until(lambda: host.events() >= 30)
        # A backup as the README says, while the game goes on.
        backup = await asyncio.create_subprocess_shell(readme_backup_command(), cwd=data)
        assert await asyncio.wait_for(backup.wait(), TIMEOUT) == 0
        await host.until(lambda: host.events() >= 40)
        server.send_signal(signal.SIGKILL)
        await server.wait()
        seen = host.events()
        host.close()
        guest.close()
    with GameStore(data / "games.sqlite3") as store:
        (record,) = store.games()
        assert store.load(record.id, attach=False).event_count >= seen
    with GameStore(data / "backup.sqlite3") as copy:
        (saved,) = copy.games()
        assert saved.id == record.id and copy.load(saved.id, attach=False).event_count >= 30
    async with server_process(tmp_path) as (server, port):
        host = await Session.open(port, "host")
        guest = await Session.open(port, "guest")
        await host.until(lambda: host.events() >= seen)
        host.close()
        guest.close()
