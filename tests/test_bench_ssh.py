"""The load bench of the server (`python bench/ssh.py`): its ``--web-share``, the
share of the human-pace sessions that come in through the web door."""

from __future__ import annotations

import asyncio
import os
import sys
from collections import Counter
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any

import pytest

from craits_tui.online.web.session import WebSession
from tests.benches import bench_package
from tests.server.web_client import TIMEOUT, web_server


@pytest.fixture
def bench(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """The bench's `_ssh` package, importable as the script imports it."""
    return bench_package(
        monkeypatch, "_ssh", ("cli", "report", "seating", "server", "terminal", "web")
    )


def test_a_web_share_goes_with_the_human_pace_and_is_a_share(bench: ModuleType) -> None:
    args = bench.cli.parse(
        "", ["--human", "--web-share", "0.5", "--sessions", "8", "--tables", "2"]
    )
    assert (args.web_share, args.sessions, args.tables, args.seconds) == (0.5, 8, 2, 180.0)
    assert bench.cli.parse("", ["--human"]).web_share == 0.0
    assert bench.cli.parse("", ["--start-up", "--web-share", "1"]).web_share == 1.0
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


def stats(cpu: float, web_cpu: float) -> dict[str, Any]:
    """A reading of the server child's, its apps half over SSH, half in browsers."""
    door = {"apps": 2, "memory_kb": [(51200, 30720, 29696)] * 2}
    return {
        "cpu_s": cpu,
        "apps_cpu_s": cpu + web_cpu,
        "apps": 4,
        "rss_kb": 90000,
        "traced": 5 << 20,
        "traced_peak": 9 << 20,
        "apps_memory_kb": [(51200, 30720, 29696)] * 4,
        "doors": {"ssh": {**door, "cpu_s": cpu}, "web": {**door, "cpu_s": web_cpu}},
    }


def test_the_report_gives_each_doors_sessions_apart(
    bench: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    report, people = bench.report, sys.modules["_ssh.people"]
    turns = people.HumanTurns(latencies=[0.02, 0.04], by_door={"ssh": [0.02], "web": [0.04]})
    turns.moves.update(ssh=1, web=1)
    window = report.HumanWindow(
        sessions=4,
        doors=Counter(ssh=2, web=2),
        tables=1,
        elapsed=10.0,
        moves=2,
        drawn=1024,
        client_cpu=0.1,
        idle=(stats(0.0, 0.0), stats(0.1, 0.2)),
        before=stats(1.0, 1.0),
        after=stats(1.2, 1.4),
        end=stats(1.2, 1.4),
        began=0.0,
        lags=[(0.0, 0.001)],
        dropped=[],
        calm=[True],
    )
    results = sys.modules["_ssh.socket_player"].Results(moves=2)
    assert report.report_human(window, results, turns, report.LogCheck()) == 0
    out = capsys.readouterr().out
    # 0.4 s in 10 s for 2 browser sessions; 0.2 s in the 5 s at rest for 2.
    assert "in browsers: 2 apps; CPU 0.4s in the window = 20.0 ms/s a session" in out
    assert "at rest 20.0 ms/s a session; memory a session at the end: RSS mean 50.0 MiB" in out
    assert "over SSH: 2 apps; CPU 0.2s in the window = 10.0 ms/s a session" in out
    assert "turn-to-screen n=1 p50 40 ms" in out
    assert out.splitlines()[-1].startswith("human pace: 4 sessions (2 over SSH, 2 in browsers)")
