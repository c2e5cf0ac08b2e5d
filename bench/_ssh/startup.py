"""``--start-up``: how soon an SSH session (a browser's, with ``--web-share``) shows its lobby, and what its app holds
in memory there, with each session's app a fresh Python (``--no-preload``) and
forked from the preloaded app (the server's default).

For each way: one session alone, ``--rounds`` times (each ended before the next),
then ``--sessions`` at once (8 by default). A time runs from the start of the SSH
connection to the arrival of the output after which the lobby shows the player's
name. The memory is each app's at the lobby, read from /proc (USS: its pages
alone; PSS: its pages, each shared one divided among the processes sharing it),
once the screens have settled: with one session, and with all of them up.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from .seating import in_lobby
from .server import Child
from .terminal import ScreenPlayer, ScreenReader, SshPlayer
from .web import WebPlayer

LOBBY_TIMEOUT = 120.0
MiB = 1024


async def _session(
    child: Child, name: str, reader: ScreenReader, web: bool
) -> tuple[ScreenPlayer, float]:
    """A session up to its lobby, and the seconds that took."""
    player = WebPlayer(name, reader) if web else SshPlayer(name, reader)
    begun = time.perf_counter()
    await player.start(child.ports[player.door])
    shown = await player.shows(in_lobby(name), LOBBY_TIMEOUT)
    if shown is None:
        raise RuntimeError(f"{name}: no lobby in {LOBBY_TIMEOUT:.0f} s:\n{player.text}")
    return player, shown - begun


async def _end(players: list[ScreenPlayer]) -> None:
    for player in players:
        await player.close()
    async with asyncio.timeout(30):
        while not all(p.ended for p in players):
            await asyncio.sleep(0.05)


def _memory(stats: dict[str, Any]) -> str:
    """The apps' USS and PSS (mean, and the largest), in MiB."""
    rows = stats["apps_memory_kb"]
    if not rows:
        return "no app running"
    uss = [row[2] / MiB for row in rows]
    pss = [row[1] / MiB for row in rows]
    return (
        f"USS {statistics.fmean(uss):.1f} MiB (max {max(uss):.1f}), "
        f"PSS {statistics.fmean(pss):.1f} MiB (max {max(pss):.1f}) a session"
    )


async def _measure(args: argparse.Namespace, reader: ScreenReader, preload: bool) -> list[str]:
    """The figures of one way of starting the apps, as lines."""
    data = Path(tempfile.mkdtemp(prefix="craits-bench-"))
    web = args.web_share > 0
    child = await Child.start(data, 0, args.bot_pace, None, preload=preload, web=web)
    lines = []
    try:
        alone: list[float] = []
        for n in range(args.rounds):
            player, took = await _session(child, f"one{n}", reader, web)
            alone.append(took)
            await player.settled()
            if n == 0:
                one = await child.stats()
            await _end([player])
        lines.append(
            f"  one session: lobby in {statistics.median(alone):.2f} s (median of "
            f"{len(alone)}: {', '.join(f'{t:.2f}' for t in alone)}); {_memory(one)}"
        )
        crowd = await asyncio.gather(
            *(_session(child, f"many{n}", reader, web) for n in range(args.sessions))
        )
        times = sorted(took for _player, took in crowd)
        for player, _took in crowd:
            await player.settled()
        many = await child.stats()
        lines.append(
            f"  {args.sessions} at once: lobby in {statistics.median(times):.2f} s median, "
            f"{times[-1]:.2f} s the last; {_memory(many)}"
        )
        zygote = many.get("zygote_memory_kb")
        if zygote:
            lines.append(
                f"  the preloaded app: RSS {zygote[0] / MiB:.1f} MiB, "
                f"PSS {zygote[1] / MiB:.1f}, USS {zygote[2] / MiB:.1f}"
            )
        await _end([player for player, _took in crowd])
    finally:
        await child.stop()
        shutil.rmtree(data, ignore_errors=True)
    return lines


async def run_start_up(args: argparse.Namespace, reader: ScreenReader) -> int:
    """``--start-up``: both ways, the plain one first; the figures on stdout."""
    load = os.getloadavg()
    door = "in a browser, by the web door" if args.web_share > 0 else "over SSH"
    print(
        f"start-up {door}, on {os.cpu_count()} cores, load average {load[0]:.2f} "
        f"{load[1]:.2f} {load[2]:.2f} before the run"
    )
    for preload, title in ((False, "fresh Python a session"), (True, "forked, preloaded")):
        print(f"{title}:", flush=True)
        for line in await _measure(args, reader, preload):
            print(line, flush=True)
    load = os.getloadavg()
    print(f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} after the run")
    return 0
