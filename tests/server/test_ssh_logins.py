"""Logging in over SSH against someone guessing: tries per connection, pipelined
tries, the back-off per address, key tries, and the log a host reads.

Different client addresses are loopback ones (127.0.0.2, 127.0.0.3, ...). Back-offs
are shown with lower bounds only (an answer came no sooner than it may), which a
busy machine cannot make fail; the rest waits on what happened, never on a clock.
"""

from __future__ import annotations

import asyncio
import logging
import re
from pathlib import Path
from typing import Any

import asyncssh
import pytest
from asyncssh.constants import MSG_USERAUTH_REQUEST
from asyncssh.packet import Boolean, String

from craits_tui.online.server.auth import FORGET_AFTER, Backoff
from craits_tui.online.server.limits import client_key
from tests.server.test_ssh import TIMEOUT, Terminal, connect, running
from tests.server.test_ssh_files import serving

SECRET = "open sesame"
EARLY = 1e-3  # a timer may fire this much before its time (the loop's clock resolution)


class Guesser(asyncssh.SSHClient):
    """A client that sends all its password guesses at once, each its own request,
    without waiting for any answer (as SSH allows); when asked again, it has none."""

    def __init__(self, guesses: list[str]) -> None:
        self.guesses = guesses
        self.conn: asyncssh.SSHClientConnection | None = None
        self.asked = False

    def connection_made(self, conn: asyncssh.SSHClientConnection) -> None:
        self.conn = conn

    def password_auth_requested(self) -> str | None:
        if self.asked:
            return None
        self.asked = True
        conn = self.conn
        assert conn is not None
        for guess in self.guesses[:-1]:
            # The request asyncssh would send for the guess, sent now, unanswered.
            fields = (Boolean(False), String(guess.encode()))
            packet = conn._get_userauth_request_packet(b"password", fields)
            conn.send_userauth_packet(MSG_USERAUTH_REQUEST, packet[1:])
        return self.guesses[-1]


class Timed(asyncssh.SSHClient):
    """A client with one password, noting when it sent it."""

    def __init__(self, password: str) -> None:
        self.password: str | None = password
        self.sent_at = 0.0

    def password_auth_requested(self) -> str | None:
        password, self.password = self.password, None
        if password is not None:
            self.sent_at = asyncio.get_running_loop().time()
        return password


def guessing(server: Any, client: asyncssh.SSHClient, address: str) -> Any:
    return asyncssh.connect(
        "127.0.0.1",
        server.port,
        username="mallory",
        known_hosts=None,
        client_factory=lambda: client,
        client_keys=None,
        agent_path=None,
        password_auth=True,
        preferred_auth="password",
        local_addr=(address, 0),
    )


async def got_in(server: Any, client: asyncssh.SSHClient, address: str) -> bool:
    """Whether ``client`` logs in from ``address`` (the server closing it is a no)."""
    try:
        async with asyncio.timeout(TIMEOUT):
            conn = await guessing(server, client, address)
    except (asyncssh.Error, OSError):
        return False
    conn.close()
    return True


def wrong(count: int) -> list[str]:
    return [f"guess {i:04d}" for i in range(count)]


def failures(caplog: pytest.LogCaptureFixture, address: str) -> list[str]:
    return [
        r.getMessage()
        for r in caplog.records
        if r.getMessage().startswith(f"login failed: {address},")
    ]


# --- Tries on one connection, and pipelined ------------------------------------------


async def test_a_connection_pipelining_3000_guesses_never_gets_in(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    guesses = wrong(3000)
    guesses[1499] = SECRET  # the right one, at #1500
    async with running(tmp_path, auth="password", password=SECRET, auth_delay=0.05) as server:
        assert not await got_in(server, Guesser(guesses), "127.0.0.2")
        # Three tries counted (judged, or dropped for the next one), then the door.
        assert len(failures(caplog, "127.0.0.2")) == 3
        assert any("too many failed tries" in r.getMessage() for r in caplog.records)
        # Three wrong ones do not make the right password fail from elsewhere.
        async with connect(server, password=SECRET, local_addr=("127.0.0.9", 0)) as conn:
            term = await Terminal.open(conn)
            await term.shows("welcome ann")


async def test_eight_connections_at_once_never_get_in_and_the_right_password_elsewhere_does(
    tmp_path: Path,
) -> None:
    lists = [wrong(375) for _ in range(8)]
    lists[3][187] = SECRET  # #1500 of the 3,000
    async with running(tmp_path, auth="password", password=SECRET, auth_delay=0.05) as server:
        results = await asyncio.gather(*(got_in(server, Guesser(g), "127.0.0.3") for g in lists))
        assert results == [False] * 8
        # The address that guessed waits its back-off; another address does not.
        attacker = client_key("127.0.0.3")
        assert server.backoff.failures(attacker) >= 8
        assert await got_in(server, Timed(SECRET), "127.0.0.9")
        assert server.backoff.wait(attacker) > 0  # it got in while the guesser still waits


async def test_three_failed_tries_close_the_connection(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    async with running(tmp_path, auth="password", password=SECRET) as server:

        class Typist(asyncssh.SSHClient):
            """Someone typing passwords one after another, each after its answer."""

            def __init__(self) -> None:
                self.typed = 0

            def password_auth_requested(self) -> str:
                self.typed += 1
                return SECRET if self.typed == 4 else "wrong"

        typist = Typist()
        assert not await got_in(server, typist, "127.0.0.4")
        assert typist.typed == 3  # the fourth, right, was never asked for
        assert len(failures(caplog, "127.0.0.4")) == 3


# --- The back-off per address ----------------------------------------------------------


async def test_the_back_off_grows_across_connections(tmp_path: Path) -> None:
    base = 0.3
    async with running(tmp_path, auth="password", password=SECRET, auth_delay=base) as server:
        for n in range(3):
            client = Timed("wrong")
            assert not await got_in(server, client, "127.0.0.5")
            answered = asyncio.get_running_loop().time()
            # The nth failure from the address is answered after base * 2**(n-1).
            assert answered - client.sent_at >= base * 2**n - EARLY


async def test_the_back_off_holds_against_parallel_connections(tmp_path: Path) -> None:
    base = 0.2
    async with running(tmp_path, auth="password", password=SECRET, auth_delay=base) as server:
        loop = asyncio.get_running_loop()
        clients = [Timed("wrong") for _ in range(4)]

        async def answered(client: Timed) -> float:
            assert not await got_in(server, client, "127.0.0.6")
            return loop.time()

        times = sorted(await asyncio.gather(*(answered(c) for c in clients)))
        first = min(c.sent_at for c in clients)
        # One try judged at a time: each waits for the failures before it.
        for n, when in enumerate(times):
            assert when - first >= base * (2 ** (n + 1) - 1) - EARLY


def test_the_back_off_doubles_up_to_its_most_and_is_forgotten() -> None:
    now = [1000.0]
    backoff = Backoff(1.0, 60.0, clock=lambda: now[0])
    assert backoff.wait("a") == 0
    delays = [backoff.failed("a") for _ in range(8)]
    assert delays == [1, 2, 4, 8, 16, 32, 60, 60]
    assert backoff.wait("b") == 0  # per address
    now[0] += 30
    assert backoff.wait("a") == pytest.approx(30)
    # A failure counted while the address waits never brings its next try nearer.
    assert backoff.failed("a") == pytest.approx(60)
    backoff.succeeded("a")
    assert backoff.wait("a") == 0 and backoff.failures("a") == 0
    backoff.failed("c")
    now[0] += FORGET_AFTER + 1
    backoff.failed("d")  # the quiet ones are forgotten along the way
    assert backoff.failures("c") == 0 and backoff.failures("d") == 1


def test_one_client_is_an_ipv4_address_or_an_ipv6_network() -> None:
    assert client_key("192.0.2.7") == "192.0.2.7"
    assert client_key("2001:db8::1") == client_key("2001:db8::ffff:1") == "2001:db8::/64"
    assert client_key("2001:db8:0:1::1") != client_key("2001:db8::1")
    assert client_key("::ffff:192.0.2.7") == "192.0.2.7"


# --- Keys ---------------------------------------------------------------------------------


async def test_key_tries_count_too(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    good = asyncssh.generate_private_key("ssh-ed25519")
    bad = [asyncssh.generate_private_key("ssh-ed25519") for _ in range(3)]
    authorized = tmp_path / "authorized_keys"
    authorized.write_bytes(good.export_public_key())
    async with running(tmp_path, auth="keys", authorized_keys=authorized) as server:
        # Three wrong keys before the right one: the connection is closed first.
        with pytest.raises((asyncssh.Error, OSError)):
            async with connect(
                server, client_keys=[*bad, good], password=None, local_addr=("127.0.0.7", 0)
            ):
                pass
        lines = failures(caplog, "127.0.0.7")
        assert len(lines) == 3 and all("key SHA256:" in line for line in lines)
        # Two are forgiven.
        async with connect(server, client_keys=[*bad[:2], good], password=None) as conn:
            term = await Terminal.open(conn)
            await term.shows("welcome ann")


async def test_open_mode_lets_anything_in(tmp_path: Path) -> None:
    async with running(tmp_path) as server:
        assert await got_in(server, Guesser(wrong(10)), "127.0.0.8")
        assert await got_in(server, Timed("anything"), "127.0.0.8")


# --- What the host reads --------------------------------------------------------------------


async def test_every_failure_is_logged_at_the_default_level_without_the_password(
    tmp_path: Path,
) -> None:
    async with serving(
        "--auth", "password", "--data-dir", str(tmp_path / "data"), CRAITS_SERVER_PASSWORD=SECRET
    ) as (process, port):
        assert process.stderr is not None
        with pytest.raises(asyncssh.PermissionDenied):
            async with asyncssh.connect(
                "127.0.0.1",
                port,
                username="mallory",
                password="hunter2",
                known_hosts=None,
                client_keys=None,
                agent_path=None,
                local_addr=("127.0.0.3", 0),
            ):
                pass
        async with asyncio.timeout(TIMEOUT):
            while b"login failed" not in (logged := await process.stderr.readline()):
                assert logged, "the server ended without logging the failure"
    text = logged.decode()
    assert re.match(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d", text)  # when
    assert "127.0.0.3" in text and "'mallory'" in text and "password" in text
    assert "hunter2" not in text + (await process.stderr.read()).decode()


def test_the_default_log_level_shows_the_failures() -> None:
    from craits_tui.online.server.cli import configure_logging

    logger = logging.getLogger("craits.server")
    before = logger.level
    try:
        configure_logging(verbose=False)
        assert logger.isEnabledFor(logging.WARNING) and logger.isEnabledFor(logging.INFO)
        assert not logger.isEnabledFor(logging.DEBUG)
        configure_logging(verbose=True)
        assert logger.isEnabledFor(logging.DEBUG)
    finally:
        logger.setLevel(before)
