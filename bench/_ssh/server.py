"""The server, in a child process of the bench (so that its memory and CPU are its
own), and the readings of memory and CPU time that it reports."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import resource
import sys
import time
import tracemalloc
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ENTRY = Path(__file__).resolve().parents[1] / "ssh.py"
"""The bench's command: the child is the same script, with ``--serve``."""


def client_side(language: str | None) -> tuple[str, ...]:
    """The app a session runs, in ``language`` (None: the environment's): the game
    itself, as the server runs it (forked from the preloaded app), but for the
    pace: the app shows other players' moves one at a time at a pace people can
    follow, which would be measured here as latency; the bench's apps show each
    move at once."""
    return ("craits_tui", "--pace", "instant", *(("--lang", language) if language else ()))


# --- Readings from /proc ------------------------------------------------------------------


def rss_kb(pid: int | str = "self") -> int:
    """Resident memory of a process, in KiB (0 if it is gone)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def memory_kb(pid: int | str) -> tuple[int, int, int]:
    """A process's resident memory, its proportional share (PSS: each shared page
    divided among the processes that map it) and what is its alone (USS), in KiB;
    zeros if it is gone."""
    rss = pss = uss = 0
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            name, _, rest = line.partition(":")
            value = int(rest.split()[0]) if rest.split() and rest.split()[0].isdigit() else 0
            if name == "Rss":
                rss = value
            elif name == "Pss":
                pss = value
            elif name in ("Private_Clean", "Private_Dirty"):
                uss += value
    except (OSError, ValueError):
        pass
    return rss, pss, uss


def _apps_stat(zygote: int | None) -> Iterator[tuple[str, list[str]]]:
    """Each session app running: its pid, and its stat line's fields after the
    command's name. The apps are this process's children, or the preloaded app's
    (``zygote``, not an app itself) when the server forks them from it."""
    parents = {str(os.getpid()), str(zygote)}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or entry.name == str(zygote):
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[1].split()
        if fields[1] in parents:
            yield entry.name, fields


def apps(zygote: int | None) -> list[str]:
    """The session apps that are running (their pids)."""
    return [pid for pid, _fields in _apps_stat(zygote)]


def cpu_s(fields: list[str]) -> float:
    """The CPU time (user and system, s) in a process's stat ``fields`` (those after
    its command's name)."""
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def door_usage(pids: list[int]) -> dict[str, Any]:
    """The apps ``pids`` (those of one door's sessions): how many are running, the
    CPU time they have used (s), and each one's (RSS, PSS, USS) in KiB."""
    running, cpu, memory = 0, 0.0, []
    for pid in pids:
        try:
            stat = Path(f"/proc/{pid}/stat").read_text()
        except OSError:
            continue
        running += 1
        cpu += cpu_s(stat.rsplit(")", 1)[1].split())
        memory.append(memory_kb(pid))
    return {"apps": running, "cpu_s": cpu, "memory_kb": memory}


def apps_usage(zygote: int | None) -> tuple[int, int, float]:
    """How many session apps are running, their memory (KiB) and the CPU time they
    have used (s)."""
    count, total, cpu = 0, 0, 0.0
    for pid, fields in _apps_stat(zygote):
        count += 1
        total += rss_kb(pid)
        cpu += cpu_s(fields)
    return count, total, cpu


# --- The child --------------------------------------------------------------------------


def _stats(server: Any, started: float) -> dict[str, Any]:
    """What the child tells of itself and of the session apps it runs."""
    gc.collect()
    authority = server.authority
    zygote = server.spawner.pid if server.spawner is not None else None
    traced, peak = tracemalloc.get_traced_memory()
    running, apps_kb, apps_cpu = apps_usage(zygote)
    return {
        "traced": traced,
        "traced_peak": peak,
        "rss_kb": rss_kb(),
        "maxrss_kb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
        "cpu_s": time.process_time() - started,
        "tables": len(authority.tables),
        "sessions": len(authority.members()),
        "apps": running,
        "apps_rss_kb": apps_kb,
        "apps_cpu_s": apps_cpu,
        # Each app's (RSS, PSS, USS): the sessions' memory one by one.
        "apps_memory_kb": [memory_kb(pid) for pid in apps(zygote)],
        "zygote_memory_kb": memory_kb(zygote) if zygote else None,
        # The same, apart for each door's sessions.
        "doors": {door: door_usage(pids) for door, pids in _apps_by_door(server).items()},
    }


def _apps_by_door(server: Any) -> dict[str, list[int]]:
    """The running sessions' apps (their pids), by the door the sessions came in by."""
    from craits_tui.online.web.session import WebSession

    doors: dict[str, list[int]] = {"ssh": [], "web": []}
    for session in server.live:
        if session.process is not None:
            doors["web" if isinstance(session, WebSession) else "ssh"].append(session.process.pid)
    return doors


async def serve_child(args: argparse.Namespace) -> None:
    """The server, as the bench's child: one JSON line out at the start, then one
    per ``stats`` line in; ``stop`` ends it."""
    from craits_tui.online.server.limits import Limits, Paces, TablePace
    from craits_tui.online.server.ssh import CraitsServer, ServerConfig
    from craits_tui.online.web.config import WebConfig

    tracemalloc.start()
    # The server's own sessions (without motion, as `craits-tui serve` runs them)
    # unless another app is named.
    app = {"app": tuple(args.app.split())} if args.app else {}
    config = ServerConfig(
        preload=not args.no_preload,
        host="127.0.0.1",
        port=0,
        data_dir=Path(args.data_dir),
        bot_pace=args.bot_pace,
        **app,
        # Every session and every organiser's table comes from this one address.
        limits=Limits(
            max_sessions=500, per_address=500, rate=1000.0, burst=1000.0, tables_each=500
        ),
        table_pace=TablePace(burst=1000.0, rate=1000.0),
        web=WebConfig(port=0) if args.web else None,
    )
    server = CraitsServer(config)
    await server.start()
    if server.web is not None:
        # The browsers' logins all come from this one address too.
        server.web.login_pace = Paces(1000.0, 1000.0)
    if server.spawner is not None:
        await asyncio.wait_for(server.spawner.until_ready(), 120)  # measured ready
    authority = server.authority
    assert authority is not None and server.ipc is not None
    tokens = [authority.open_session(f"ipc{i:02d}") for i in range(args.tokens)]
    print(
        json.dumps(
            {
                "port": server.port,
                "web_port": server.web.port if server.web is not None else None,
                "socket": str(server.ipc.path),
                "tokens": tokens,
            }
        ),
        flush=True,
    )
    loop = asyncio.get_running_loop()
    started = time.process_time()
    while True:
        line = (await loop.run_in_executor(None, sys.stdin.readline)).strip()
        if line != "stats":
            break
        print(json.dumps(_stats(server, started)), flush=True)
    await server.close()


class Child:
    """The server child, as seen from the bench."""

    def __init__(self, process: asyncio.subprocess.Process, hello: dict[str, Any]) -> None:
        self.process = process
        self.port: int = hello["port"]
        self.ports: dict[str, int] = {"ssh": self.port}
        """Each door's port, by its name (`terminal.ScreenPlayer.door`)."""
        if hello["web_port"] is not None:
            self.ports["web"] = hello["web_port"]
        self.socket: str = hello["socket"]
        self.tokens: list[str] = hello["tokens"]
        self._asking = asyncio.Lock()
        """One question at a time: the answers come on one pipe."""

    @classmethod
    async def start(
        cls,
        data: Path,
        tokens: int,
        bot_pace: float,
        app: tuple[str, ...] | None,
        preload: bool = True,
        web: bool = False,
    ) -> Child:
        argv = [
            sys.executable,
            str(ENTRY),
            "--serve",
            "--data-dir",
            str(data),
            "--tokens",
            str(tokens),
            "--bot-pace",
            str(bot_pace),
        ]
        if not preload:
            argv.append("--no-preload")
        if web:
            argv.append("--web")  # the web door too, on a port of its own
        if app:
            argv += ["--app", " ".join(app)]  # (the apps' settings and data stay in data/)
        env = {
            **os.environ,
            "XDG_CONFIG_HOME": str(data / "config"),
            "XDG_DATA_HOME": str(data / "share"),
        }
        process = await asyncio.create_subprocess_exec(
            *argv, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, env=env
        )
        assert process.stdout is not None
        hello = json.loads(await process.stdout.readline())
        return cls(process, hello)

    async def stats(self) -> dict[str, Any]:
        """The child's memory and CPU time, and its session apps' (`_stats`)."""
        assert self.process.stdin is not None and self.process.stdout is not None
        async with self._asking:
            self.process.stdin.write(b"stats\n")
            return json.loads(await self.process.stdout.readline())

    async def sample(
        self, samples: list[dict[str, Any]], stop: asyncio.Event, every: float = 30.0
    ) -> None:
        """The stats every ``every`` seconds until ``stop``, to see memory stay flat."""
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), every)
            if stop.is_set():
                return
            samples.append(await self.stats())

    async def stop(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(b"stop\n")
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.process.wait(), 20)
        if self.process.returncode is None:
            self.process.kill()
