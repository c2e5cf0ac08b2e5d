"""Connections that never play cannot keep the players out: silent sockets, idle
logins, empty session channels; their own timeouts and caps, one session a
connection, and a connection that ends with its session.

Different client addresses are loopback ones (127.0.0.2, 127.0.0.3, ...).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import asyncssh
import pytest

from craits_tui.online.server.limits import Arrivals, Limits
from tests.server.test_ssh import TIMEOUT, Terminal, connect, running

EARLY = 1e-3  # a timer may fire this much before its time (the loop's clock resolution)
ATTACKERS = [f"127.0.0.{n}" for n in range(2, 9)]
PLAYER = "127.0.0.9"


async def until(condition: Callable[[], bool], timeout: float = TIMEOUT) -> None:
    async with asyncio.timeout(timeout):
        while not condition():
            await asyncio.sleep(0.02)


async def silence(port: int, address: str) -> None:
    """A TCP connection that says nothing, until the server closes it."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(address, 0))
    try:
        while await reader.read(4096):
            pass
    finally:
        writer.close()


async def bare_session(conn: asyncssh.SSHClientConnection) -> asyncssh.SSHClientChannel[bytes]:
    """A session channel that asks for nothing (no terminal, no shell)."""
    loop = asyncio.get_running_loop()
    chan: asyncssh.SSHClientChannel[bytes] = asyncssh.SSHClientChannel(
        conn, loop, "strict", None, "strict", 2**21, 32768
    )
    await chan._open(b"session")
    return chan


async def test_silent_sockets_and_idle_logins_lock_nobody_out(tmp_path: Path) -> None:
    # Timeouts far away: only the caps can let the players in.
    limits = Limits(login_timeout=60.0, start_timeout=60.0)
    async with running(tmp_path, limits=limits) as server:
        attempts: Counter[str] = Counter()

        async def again_and_again(address: str, login: bool) -> None:
            while True:
                attempts[address] += 1
                with contextlib.suppress(asyncssh.Error, OSError):
                    if login:
                        async with connect(server, "idle", local_addr=(address, 0)) as conn:
                            await conn.wait_closed()
                    else:
                        await silence(server.port, address)
                await asyncio.sleep(0.5)  # and back

        flood = [
            asyncio.create_task(again_and_again(address, login))
            for address in ATTACKERS
            for login in [False] * 16 + [True] * 8
        ]

        async def a_player_gets_in(player: str) -> None:
            # The flood holds every place it can.
            await until(lambda: len(server.ssh_connections) >= limits.max_connecting)
            async with connect(server, player, local_addr=(PLAYER, 0)) as conn:
                term = await Terminal.open(conn)
                await term.shows(f"welcome {player}")

        try:
            await a_player_gets_in("bob")
            # Later, the flood having come back at it (as many tries again as it has
            # connections), the next player gets in too.
            since = sum(attempts.values())
            await until(lambda: sum(attempts.values()) >= since + len(flood))
            await a_player_gets_in("cid")
        finally:
            for task in flood:
                task.cancel()
            await asyncio.gather(*flood, return_exceptions=True)


def test_the_caps_on_connections_not_in_a_game_are_options() -> None:
    from craits_tui.online.server.cli import build_serve_parser, config_from

    parser = build_serve_parser(argparse.ArgumentParser())
    limits = config_from(parser.parse_args([])).limits
    assert limits.login_timeout <= 10 and limits.start_timeout <= 10
    assert (limits.max_connecting, limits.connecting_per_address) == (100, 16)
    assert limits.auth_tries == 3
    args = "--max-connecting 30 --connecting-per-address 4 --login-timeout 5s --auth-tries 5"
    limits = config_from(parser.parse_args(args.split())).limits
    assert (limits.max_connecting, limits.connecting_per_address) == (30, 4)
    assert (limits.login_timeout, limits.start_timeout, limits.auth_tries) == (5, 5, 5)


def test_a_newcomer_pushes_out_the_oldest_of_the_crowd() -> None:
    arrivals: Arrivals[str] = Arrivals(total=4, per_address=3)
    for name in ("a1", "a2", "a3"):
        assert arrivals.admit("a", name) == (True, None)
    assert arrivals.admit("a", "a4") == (False, None)  # its address is full
    assert arrivals.admit("b", "b1") == (True, None)
    assert arrivals.admit("c", "c1") == (True, "a1")  # full: the crowd's oldest goes
    assert arrivals.admit("b", "b2") == (True, "a2")
    assert arrivals.admit("b", "b3") == (False, None)  # b is as big as any now
    arrivals.leave("b", "b1")
    arrivals.leave("b", "b1")  # twice is once
    assert len(arrivals) == 3 and arrivals.count("b") == 1


async def test_a_silent_socket_is_closed_after_the_login_timeout(tmp_path: Path) -> None:
    async with running(tmp_path, limits=Limits(login_timeout=0.5)) as server:
        loop = asyncio.get_running_loop()
        start = loop.time()
        async with asyncio.timeout(TIMEOUT):
            await silence(server.port, "127.0.0.2")
        assert loop.time() - start >= 0.5 - EARLY


async def test_a_login_that_starts_no_game_is_closed(tmp_path: Path) -> None:
    async with running(tmp_path, limits=Limits(start_timeout=0.5)) as server:
        loop = asyncio.get_running_loop()
        conn = await connect(server)
        logged_in = loop.time()
        async with asyncio.timeout(TIMEOUT):
            await conn.wait_closed()
        assert loop.time() - logged_in >= 0.5 - EARLY
        assert len(server.arrivals) == 0


async def test_a_session_channel_that_asks_for_no_shell_is_closed(tmp_path: Path) -> None:
    async with running(tmp_path, limits=Limits(start_timeout=0.5)) as server:
        conn = await connect(server)
        await bare_session(conn)
        async with asyncio.timeout(TIMEOUT):
            await conn.wait_closed()


async def test_one_session_channel_a_connection(tmp_path: Path) -> None:
    async with running(tmp_path) as server, connect(server) as conn:
        term = await Terminal.showing(conn, "welcome ann")
        for _ in range(3):
            with pytest.raises(asyncssh.ChannelOpenError):
                await bare_session(conn)
        term.process.stdin.write(b"still here\r")
        await term.shows("typed still here")
        assert len(server.live) == 1


async def test_the_connection_ends_with_its_session(tmp_path: Path) -> None:
    async with running(tmp_path) as server:
        conn = await connect(server)
        term = await Terminal.showing(conn, "welcome ann")
        term.process.stdin.write(b"quit\r")
        assert await term.ended() == 0
        async with asyncio.timeout(TIMEOUT):
            await conn.wait_closed()
        await until(lambda: not server.ssh_connections)


def test_the_sessions_run_without_motion_unless_the_host_asks_for_it() -> None:
    from craits_tui.online.server.cli import build_serve_parser, config_from

    parser = build_serve_parser(argparse.ArgumentParser())
    assert config_from(parser.parse_args([])).app == ("craits_tui", "--low-bandwidth")
    assert config_from(parser.parse_args(["--motion"])).app == ("craits_tui",)
