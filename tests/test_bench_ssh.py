"""The load bench of the server (`python bench/ssh.py`): its ``--web-share``, the
share of the human-pace sessions that come in through the web door."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path
from types import ModuleType, SimpleNamespace

import pytest

from craits_tui.online.web.session import WebSession
from tests.benches import bench_package
from tests.server.web_client import TIMEOUT, web_server


@pytest.fixture
def bench(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """The bench's `_ssh` package, importable as the script imports it."""
    return bench_package(monkeypatch, "_ssh", ("cli", "seating", "server", "terminal", "web"))


def test_a_web_share_goes_with_the_human_pace_and_is_a_share(bench: ModuleType) -> None:
    args = bench.cli.parse(
        "", ["--human", "--web-share", "0.5", "--sessions", "8", "--tables", "2"]
    )
    assert (args.web_share, args.sessions, args.tables, args.seconds) == (0.5, 8, 2, 180.0)
    assert bench.cli.parse("", ["--human"]).web_share == 0.0
    for wrong in (["--web-share", "0.5"], ["--human", "--web-share", "1.5"]):
        with pytest.raises(SystemExit):
            bench.cli.parse("", wrong)


@pytest.mark.parametrize(("share", "per_table"), [(0.5, 2), (0.25, 1), (1.0, 4), (0.0, 0)])
def test_every_table_gets_its_share_of_browsers(
    bench: ModuleType, share: float, per_table: int
) -> None:
    browsers = bench.seating.in_browser(40, share)
    tables = [browsers[t * 4 : (t + 1) * 4] for t in range(10)]
    assert [sum(table) for table in tables] == [per_table] * 10


def test_the_server_tells_each_doors_apps_apart(bench: ModuleType) -> None:
    def session(kind: type, pid: int | None) -> object:
        made = object.__new__(kind)
        made.process = SimpleNamespace(pid=pid) if pid is not None else None
        return made

    class SshSession:
        process: object

    server = SimpleNamespace(
        live={
            session(WebSession, os.getpid()),
            session(SshSession, os.getppid()),
            session(WebSession, None),
        }
    )
    doors = bench.server._apps_by_door(server)
    assert doors == {"web": [os.getpid()], "ssh": [os.getppid()]}
    usage = bench.server.door_usage([os.getpid(), 2**22 + 1])  # the second is no process
    assert usage["apps"] == 1 and usage["cpu_s"] > 0
    assert [len(m) for m in usage["memory_kb"]] == [3]


async def test_a_browser_player_of_the_bench_reads_and_types_through_the_web_door(
    bench: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    reader = bench.terminal.ScreenReader()
    player = bench.web.WebPlayer("w01", reader)
    try:
        async with web_server(tmp_path) as server:
            assert server.web is not None
            await player.start(server.web.port)
            # The stand-in app greets with its terminal's size: the bench's screen's.
            assert await player.shows("size 100x32", timeout=TIMEOUT) is not None
            assert await player.shows("welcome w01", timeout=TIMEOUT) is not None
            player.press(b"hi")
            assert await player.shows("typed 6869", timeout=TIMEOUT) is not None
            await player.close()
            async with asyncio.timeout(TIMEOUT):
                while not player.ended:
                    await asyncio.sleep(0.02)
    finally:
        await player.close()
        reader.close()
