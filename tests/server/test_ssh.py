"""The SSH server, for real: asyncssh clients on 127.0.0.1, their screens read by pyte.

Most tests run a small stand-in for the app (``FAKE_APP``): it does what the real
app does at the edges (says hello on the socket with its token, draws in its
terminal, hears resizes and keys, obeys ``bye``), so the server's own work is
tested whatever the screens look like. The tests at the end run the real app
(``python -m craits_tui --remote``) when the client side is there.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import stat
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from pathlib import Path
from typing import Any

import asyncssh
import pyte
import pytest

from craits_core import Game, RuleSet
from craits_core.events import CardPlayed, CardsDrawn
from craits_tui.online.server import house as house_module
from craits_tui.online.server.app import ssh_target
from craits_tui.online.server.limits import Limits
from craits_tui.online.server.ssh import CraitsServer, default_data_dir
from tests.decks import stacked_game
from tests.server.conftest import running_script

TIMEOUT = 10.0
SIZE = (100, 32)

FAKE_APP = r"""
import asyncio, json, os, signal, sys

path = sys.argv[sys.argv.index("--remote") + 1]
token = os.environ.pop("CRAITS_SESSION")


async def main():
    reader, writer = await asyncio.open_unix_connection(path)
    writer.write(json.dumps({"op": "hello", "token": token}).encode() + b"\n")
    welcome = json.loads(await reader.readline())
    cols, rows = os.get_terminal_size(0)
    env = os.environ
    print(f"welcome {welcome['name']} seat {welcome['table']}", flush=True)
    print(f"size {cols}x{rows} term {env.get('TERM')} lang {env.get('LANG')} "
          f"agent {env.get('SSH_AUTH_SOCK')} columns {env.get('COLUMNS')} pid {os.getpid()}",
          flush=True)
    print(f"reached as {env.get('CRAITS_SERVER_ADDRESS')}.",
          flush=True)
    loop = asyncio.get_running_loop()
    loop.add_signal_handler(
        signal.SIGWINCH, lambda: print("resized %dx%d" % os.get_terminal_size(0), flush=True)
    )
    done = asyncio.Event()

    def typed():
        data = os.read(0, 1024)
        if not data or b"quit" in data:
            done.set()
        else:
            print("typed", data.decode().strip(), flush=True)

    loop.add_reader(0, typed)

    async def listen():
        while line := await reader.readline():
            message = json.loads(line)
            if message["op"] == "bye":
                print("bye:", message["message"], flush=True)
                done.set()

    loop.create_task(listen())
    await done.wait()


asyncio.run(main())
"""


def running(tmp_path: Path, **options: Any) -> AbstractAsyncContextManager[CraitsServer]:
    """The server on 127.0.0.1, on a free port, running the stand-in app."""
    return running_script(tmp_path, FAKE_APP, **options)


@asynccontextmanager
async def forking(tmp_path: Path, **options: Any) -> AsyncIterator[CraitsServer]:
    """`running`, once its preloaded app is ready: every session's app is forked."""
    async with running(tmp_path, **options) as server:
        assert server.spawner is not None
        async with asyncio.timeout(60):  # the real app's imports, on a busy machine
            await server.spawner.until_ready()
        yield server


def fresh(tmp_path: Path, **options: Any) -> Any:
    """`running`, each session's app a fresh Python."""
    return running(tmp_path, preload=False, **options)


BOTH_STARTS = pytest.mark.parametrize("start", [fresh, forking], ids=["fresh", "forked"])
"""A test of a session's app, run with each way of starting it."""


def connect(server: CraitsServer, username: str = "ann", **options: Any) -> Any:
    options.setdefault("password", "")  # open: any password (or none) gets in
    options.setdefault("client_keys", None)
    options.setdefault("agent_path", None)
    return asyncssh.connect(
        "127.0.0.1", server.port, username=username, known_hosts=None, encoding=None, **options
    )


class Terminal:
    """A session's screen as the player sees it: the bytes received, fed to pyte."""

    def __init__(self, process: asyncssh.SSHClientProcess[bytes], size: tuple[int, int]) -> None:
        self.process = process
        self.screen = pyte.Screen(*size)
        self.stream = pyte.ByteStream(self.screen)
        self.raw = bytearray()
        self._pump = asyncio.get_running_loop().create_task(self._read())

    @classmethod
    async def open(
        cls, conn: asyncssh.SSHClientConnection, command: str | None = None, **options: Any
    ) -> Terminal:
        options.setdefault("term_type", "xterm-256color")
        options.setdefault("term_size", SIZE)
        process = await conn.create_process(command, stderr=asyncssh.STDOUT, **options)
        return cls(process, options["term_size"])

    @classmethod
    async def showing(
        cls, conn: asyncssh.SSHClientConnection, text: str, **options: Any
    ) -> Terminal:
        """A new session's terminal on ``conn``, once ``text`` is on its screen."""
        term = await cls.open(conn, **options)
        await term.shows(text)
        return term

    async def _read(self) -> None:
        with contextlib.suppress(asyncssh.Error, ConnectionError):
            while data := await self.process.stdout.read(65536):
                self.raw += data
                self.stream.feed(bytes(data))

    @property
    def text(self) -> str:
        return "\n".join(line.rstrip() for line in self.screen.display)

    async def shows(self, text: str, timeout: float = TIMEOUT) -> str:
        """Wait until ``text`` is on the screen; the screen's text."""
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(timeout):
                while text not in self.text and not self._pump.done():
                    await asyncio.sleep(0.02)
        assert text in self.text, f"{text!r} is not on the screen:\n{self.text}"
        return self.text

    async def greeted(self, name: str = "") -> str:
        """The fake app's greeting to ``name``, once all its lines are on the screen."""
        await self.shows(f"welcome {name}")
        return await self.shows("reached as")

    async def redrawn(self, test: Callable[[], bool], timeout: float = TIMEOUT) -> None:
        """Wait until the screen passes ``test``."""
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(timeout):
                while not test() and not self._pump.done():
                    await asyncio.sleep(0.02)
        assert test(), f"the screen is not as it should be:\n{self.text}"

    async def ended(self, timeout: float = TIMEOUT) -> int | None:
        async with asyncio.timeout(timeout):
            await self.process.wait_closed()
            await self._pump
        return self.process.exit_status


def pid_on(text: str) -> int:
    return int(text.split(" pid ")[1].split()[0])


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # A zombie is dead too: its parent simply has not looked yet.
    with contextlib.suppress(OSError):
        return Path(f"/proc/{pid}/stat").read_text().split()[2] != "Z"
    return True


# --- The server itself ----------------------------------------------------------------


async def test_the_host_key_is_made_once_kept_private_and_reused(tmp_path: Path) -> None:
    async with running(tmp_path) as server:
        first = server.fingerprint
    key = default_data_dir() / "host_key"
    assert str(key).startswith(str(tmp_path))
    assert stat.S_IMODE(key.stat().st_mode) == 0o600
    async with running(tmp_path) as server:
        assert server.fingerprint == first
        assert (default_data_dir() / "games.sqlite3").exists()


async def test_the_app_runs_in_a_terminal_of_its_own(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The server's own terminal size is not the player's.
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("LINES", "24")
    async with running(tmp_path) as server, connect(server) as conn:
        term = await Terminal.open(conn, env={"LANG": "it_IT.UTF-8", "EVIL": "x"})
        screen = await term.greeted("ann seat")
        assert "size 100x32 term xterm-256color lang it_IT.UTF-8 agent None columns None" in screen
        # What the player typed to come in, for the commands the app suggests.
        assert f"reached as -p {server.port} localhost." in screen
        (member,) = server.authority.members()  # type: ignore[union-attr]
        assert member.identity.user == "ann" and "seat None" in screen  # no seat kept yet
        pid = pid_on(screen)
        # The player's window changes size: the app hears of it.
        term.process.change_terminal_size(120, 40)
        await term.shows("resized 120x40")
        # Keys reach the app.
        term.process.stdin.write(b"hello there\r")
        await term.shows("typed hello there")
        # The client goes away: the app goes with it, and so does the session.
        conn.close()
        async with asyncio.timeout(TIMEOUT):
            while alive(pid) or server.authority.members():  # type: ignore[union-attr]
                await asyncio.sleep(0.05)


@pytest.mark.parametrize(
    ("host", "port", "typed"),
    [
        ("127.0.0.1", 2222, "-p 2222 localhost"),
        ("::ffff:127.0.0.1", 2222, "-p 2222 localhost"),
        ("192.0.2.7", 2222, "-p 2222 192.0.2.7"),
        ("2001:db8::7", 22, "2001:db8::7"),
        ("0.0.0.0", 2222, "-p 2222 HOST"),
    ],
)
def test_the_address_to_type_after_ssh(host: str, port: int, typed: str) -> None:
    assert ssh_target(host, port) == typed


async def test_an_absurd_window_size_is_bounded(tmp_path: Path) -> None:
    async with running(tmp_path) as server, connect(server) as conn:
        term = await Terminal.open(conn, term_size=(50_000, 40_000))
        term.screen.resize(32, 100)
        await term.shows("size 1000x400")
        term.process.change_terminal_size(100_000, 30)
        await term.shows("resized 1000x30")


async def test_the_app_ending_ends_the_session(tmp_path: Path) -> None:
    async with running(tmp_path) as server, connect(server) as conn:
        term = await Terminal.showing(conn, "welcome")
        term.process.stdin.write(b"quit\r")
        assert await term.ended() == 0
        assert server.sessions.running == 0


async def test_a_command_is_refused_in_words(tmp_path: Path) -> None:
    async with running(tmp_path) as server:
        async with connect(server) as conn:
            term = await Terminal.showing(
                conn, "This server runs only the Craits game", command="cat /etc/passwd"
            )
            assert await term.ended() == 1
            assert "root:" not in term.text
        async with connect(server) as conn:
            result = await conn.run("sh -c id")  # without a terminal too
            assert result.exit_status == 1 and b"only the Craits game" in result.stderr
        assert server.authority.members() == []  # type: ignore[union-attr]


async def test_a_session_without_a_terminal_is_refused(tmp_path: Path) -> None:
    async with running(tmp_path) as server, connect(server) as conn:
        process = await conn.create_process()
        assert await process.stderr.read() and process.exit_status in (None, 1)
        await process.wait_closed()
        assert process.exit_status == 1


async def test_forwarding_and_sftp_are_refused(tmp_path: Path) -> None:
    async with running(tmp_path) as server, connect(server) as conn:
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.create_connection(asyncssh.SSHTCPSession, "127.0.0.1", server.port)
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.create_unix_connection(
                asyncssh.SSHUNIXSession, "/nonexistent/forwarded.sock"
            )
        with pytest.raises(asyncssh.ChannelListenError):
            await conn.forward_remote_port("127.0.0.1", 0, "127.0.0.1", 22)
        # The game still runs on the same connection.
        term = await Terminal.open(conn)
        await term.shows("welcome ann")
    async with running(tmp_path) as server, connect(server) as conn:
        with pytest.raises((asyncssh.ChannelOpenError, asyncssh.SFTPError)):
            await conn.start_sftp_client()


async def test_agent_forwarding_is_refused(tmp_path: Path) -> None:
    agent = tmp_path / "agent.sock"
    async with running(tmp_path) as server:
        listener = await asyncio.start_unix_server(lambda r, w: w.close(), path=str(agent))
        try:
            async with connect(server, agent_path=str(agent), agent_forwarding=True) as conn:
                term = await Terminal.open(conn)
                await term.shows("agent None")
                (ssh,) = server.ssh_connections
                assert ssh.get_agent_path() is None
        finally:
            listener.close()


# --- Who gets in ---------------------------------------------------------------------


async def test_a_wrong_password_is_refused(tmp_path: Path) -> None:
    async with running(tmp_path, auth="password", password="open sesame") as server:
        with pytest.raises(asyncssh.PermissionDenied):
            async with connect(server, password="open barley"):
                pass
        async with connect(server, password="open sesame") as conn:
            term = await Terminal.open(conn)
            await term.shows("welcome ann")


async def test_only_authorized_keys_get_in_and_the_key_is_known(tmp_path: Path) -> None:
    good = asyncssh.generate_private_key("ssh-ed25519")
    bad = asyncssh.generate_private_key("ssh-ed25519")
    authorized = tmp_path / "authorized_keys"
    authorized.write_bytes(good.export_public_key())
    async with running(tmp_path, auth="keys", authorized_keys=authorized) as server:
        with pytest.raises(asyncssh.PermissionDenied):
            async with connect(server, client_keys=[bad], password=None):
                pass
        with pytest.raises(asyncssh.PermissionDenied):
            async with connect(server, client_keys=None, password="anything"):
                pass
        async with connect(server, client_keys=[good], password=None) as conn:
            term = await Terminal.open(conn)
            await term.shows("welcome ann")
            (member,) = server.authority.members()  # type: ignore[union-attr]
            assert member.identity.key == good.get_fingerprint()


async def test_open_mode_knows_a_key_when_one_is_offered(tmp_path: Path) -> None:
    key = asyncssh.generate_private_key("ssh-ed25519")
    async with (
        running(tmp_path) as server,
        connect(server, "bob", client_keys=[key], password=None) as conn,
    ):
        term = await Terminal.open(conn)
        await term.shows("welcome bob")
        (member,) = server.authority.members()  # type: ignore[union-attr]
        assert member.identity.key == key.get_fingerprint()


async def test_a_name_with_escapes_is_cleaned(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # asyncssh turns such user names away on both ends (SASLprep); a client that
    # sent one anyway (that check is off here) still shows no escape to anyone.
    monkeypatch.setattr(asyncssh.connection, "saslprep", lambda text: text)
    async with running(tmp_path) as server, connect(server, "\x1b]0;pwned\x07eve\x1b[2J") as conn:
        term = await Terminal.showing(conn, "welcome eve seat")
        assert "pwned" not in term.screen.title


# --- Limits -------------------------------------------------------------------------------


async def test_sessions_per_address_are_limited(tmp_path: Path) -> None:
    async with (
        running(tmp_path, limits=Limits(per_address=1, connecting_per_address=3)) as server,
        connect(server) as one,
        connect(server) as two,
        connect(server) as three,
    ):
        first = await Terminal.showing(one, "welcome")
        second = await Terminal.showing(two, "Too many sessions from your address")
        assert await second.ended() == 1
        first.process.stdin.write(b"quit\r")
        await first.ended()
        third = await Terminal.open(three)
        await third.shows("welcome")


async def test_the_server_full_is_said(tmp_path: Path) -> None:
    async with (
        running(tmp_path, limits=Limits(max_sessions=1)) as server,
        connect(server) as one,
        connect(server, "bob") as two,
    ):
        first = await Terminal.open(one)
        await first.shows("welcome")
        second = await Terminal.open(two)
        await second.shows("The Craits server is full")


async def test_an_idle_session_is_ended_with_a_word(tmp_path: Path) -> None:
    async with (
        running(tmp_path, limits=Limits(idle_timeout=0.5)) as server,
        connect(server) as conn,
    ):
        term = await Terminal.showing(conn, "welcome")
        await term.shows("bye: No input for too long.")  # the app was told why
        assert await term.ended() == 0
        assert "No input for too long." in term.text
        assert server.authority.members() == []  # type: ignore[union-attr]


async def test_shutting_down_tells_every_session(tmp_path: Path) -> None:
    async with running(tmp_path) as server, connect(server) as conn:
        term = await Terminal.open(conn)
        screen = await term.shows(" pid ")  # the line after the welcome: the app's process
        await server.close()
        await term.shows("bye: The server is shutting down.")
        assert not alive(pid_on(screen))


# --- The real app ---------------------------------------------------------------------------


REAL_APP = ("craits_tui",)
"""How a session runs the real app: ``python -m craits_tui --remote SOCKET``."""
APP_START = 30.0  # seconds for the app to come up (Textual's import, the first draw)


async def test_the_real_app_lists_tables_safely_and_follows_the_window(tmp_path: Path) -> None:
    from tests.server.test_authority import Client

    async with running(tmp_path, app=REAL_APP) as server:
        authority = server.authority
        assert authority is not None and server.ipc is not None
        host = await Client.connect(server.ipc.path, authority.open_session("Host"))
        host.send("create", name="\x1b]0;pwned\x07Evil\x1b[5mTable", seats=[None, None])
        await host.reply("joined")
        async with connect(server) as conn:
            term = await Terminal.open(conn)
            await term.shows("EvilTable", timeout=APP_START)
            assert "pwned" not in term.screen.title and b"pwned" not in term.raw
            # The window grows: the app redraws to the new size.
            term.process.change_terminal_size(120, 40)
            term.screen.resize(40, 120)
            await term.redrawn(
                lambda: max(len(line.rstrip()) for line in term.screen.display) > 100
            )
            term.process.stdin.write(b"q\r")  # the lobby's Quit: q, then Enter
            assert await term.ended() == 0
        assert [m.identity.user for m in authority.members()] == ["Host"]


def ann_plays_first(names: list[str], rules: RuleSet) -> Game:
    # The host deals; Ann (seat 1) plays first, her hand as dealt here.
    return stacked_game(["3C 4C 5C 6C 9C 10C JC KC", ANN], "JH", names=names, rules=rules)


ANN = "7H KS QC 2D QH 4H 5S JD"


async def test_a_game_over_ssh_with_a_drop_a_stand_in_and_the_code(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests.server.test_authority import Client, seat_message, seat_news, take_turn

    monkeypatch.setattr(house_module, "_new_game", ann_plays_first)
    rng = random.Random(8)
    async with running(tmp_path, app=REAL_APP, grace=0.3) as server:
        authority = server.authority
        assert authority is not None and server.ipc is not None
        host = await Client.connect(server.ipc.path, authority.open_session("Host"))
        host.send("create", name="Duel", seats=[None, None], rules={"short_game": True})
        await host.reply("joined")
        conn = await connect(server)
        term = await Terminal.open(conn)
        await term.shows("Duel", timeout=APP_START)
        term.process.stdin.write(b"j")  # join the table the lobby has selected
        await term.shows("Waiting for Host")
        host.send("start")
        await host.until(lambda: host.view is not None)
        table = authority.tables[host.code or ""]
        game = table.game
        assert game is not None

        def moved(seat: int) -> bool:
            return any(
                isinstance(e, CardPlayed | CardsDrawn) and e.player == seat for e in game.events
            )

        # Ann plays first, with her keys: 5 plays the fifth card of her hand as it is
        # shown (by suit: 5S KS 4H 7H QH QC 2D JD), the queen of hearts.
        await term.shows("Your turn")
        term.process.stdin.write(b"5")
        await host.until(lambda: moved(1))
        assert any(isinstance(e, CardPlayed) and str(e.card) == "QH" for e in game.events)
        # Then the host, from its socket.
        await host.until(lambda: host.my_turn)
        await take_turn(host, rng)
        # Ann saw the host's move as it happened.
        await term.shows(
            "Host played"
            if any(isinstance(e, CardPlayed) and e.player == 0 for e in game.events)
            else "Host drew"
        )
        code = table.slots[1].code
        assert code is not None
        # Ann's connection drops: the seat waits, then a bot stands in.
        heard = len(host.received)
        conn.close()
        await host.until(lambda: len(seat_news(host, heard)) >= 2)
        assert seat_news(host, heard)[:2] == [
            seat_message(1, connected=False, grace=0.3),  # the game waits 0.3 s
            seat_message(1, connected=False, bot="normal"),
        ]
        # She comes back (a new session: no key, so the code) and takes her seat.
        async with connect(server) as conn:
            term = await Terminal.open(conn)
            await term.shows("Reconnect code", timeout=APP_START)
            term.process.stdin.write(b"r")
            await term.shows("reconnect code")
            term.process.stdin.write(code.encode() + b"\r")
            await term.shows("round 1 of 8")
            await host.until(lambda: len(seat_news(host, heard)) >= 3)
            assert seat_news(host, heard)[2] == seat_message(1)
            assert table.slots[1].holder is not None and table.slots[1].holder.user == "ann"
            # The code served once: her screen shows the seat's new one.
            new_code = table.slots[1].code
            assert new_code is not None and new_code != code
            await term.shows(new_code)


def finished_game() -> Game:
    """A short game's last round, played to its end by bots."""
    from craits_core.bots import make_bot

    game = Game.new(["Ann", "Bob"], rules=RuleSet(short_game=True), seed=3, first_round=8)
    bots = [make_bot("normal", seed=seat) for seat in range(2)]
    while not game.state.is_over:
        seat = game.state.current_player
        assert seat is not None
        game.handle(bots[seat].choose(game.view(seat), game.legal_moves(seat)))
    return game


async def test_ssh_t_host_replay_code_shows_that_game_and_back_ends_the_session(
    tmp_path: Path,
) -> None:
    async with running(tmp_path, app=REAL_APP) as server:
        assert server.store is not None and server.ledger is not None
        code = server.ledger.record_finished(server.store.add(finished_game()))
        async with connect(server) as conn:
            term = await Terminal.open(conn, f"replay {code.lower()}")
            await term.shows(f"Replay {code}: Ann, Bob", timeout=APP_START)
            await term.shows("all hands")
            term.process.stdin.write(b"v")
            await term.shows("as Ann saw it")
            term.process.stdin.write(b"\x1b")
            assert await term.ended(timeout=APP_START) == 0
        async with connect(server) as conn:
            term = await Terminal.open(conn, "replay ZZZ-ZZZ")
            await term.shows("There is no replay with that code", timeout=APP_START)


async def test_the_real_app_quick_match_key_seats_you_and_bots_fill_in(tmp_path: Path) -> None:
    async with running(tmp_path, app=REAL_APP, quick_wait=1.0) as server, connect(server) as conn:
        term = await Terminal.open(conn)
        await term.shows("Quick match", timeout=APP_START)
        term.process.stdin.write(b"m")
        await term.shows("bots take the empty seats", timeout=APP_START)
        await term.shows("round 1 of 15", timeout=APP_START)  # nobody came: the bots did
