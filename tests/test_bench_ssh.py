"""The load bench of the server (`python bench/ssh.py`): its ``--web-share``, the
share of the human-pace sessions that come in through the web door."""

from __future__ import annotations

import os
from types import ModuleType, SimpleNamespace

import pytest

from craits_tui.online.web.session import WebSession
from tests.benches import bench_package


@pytest.fixture
def bench(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """The bench's `_ssh` package, importable as the script imports it."""
    return bench_package(monkeypatch, "_ssh", ("cli", "seating", "server"))


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
