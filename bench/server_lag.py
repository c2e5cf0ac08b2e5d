"""How long the server's event loop is held up while tables of hard bots play.

The event loop answers every session (each key a player presses, each event sent),
so any time it spends elsewhere is lag for everyone. Hard bots think for 0.3 s a
move, in a thread of their own. This runs the table authority in this process,
opens ``--tables`` tables of one player and three hard bots (the player plays its
first legal move when its turn comes), and samples the loop every 5 ms: how late
each sample comes is the lag a player would feel.

    python bench/server_lag.py [--tables 3] [--seconds 20]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from craits_core import (
    GameStore,
    PlayerView,
    command_to_dict,
    event_from_dict,
    legal_moves_in_view,
    project,
)
from craits_tui.online.protocol import MAX_LINE
from craits_tui.online.server.authority import Authority
from craits_tui.online.server.cli import BOT_THREAD_SWITCH
from craits_tui.online.server.ipc import IpcServer
from craits_tui.online.server.limits import Limits

TICK = 0.005
"""Seconds between two samples of the loop."""


class Player:
    """One person at a table, on the socket: plays its first legal move."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader = reader
        self.writer = writer
        self.seat: int | None = None
        self.view: PlayerView | None = None
        self.events = 0

    def send(self, op: str, **fields: Any) -> None:
        self.writer.write(json.dumps({"op": op, **fields}).encode() + b"\n")

    async def play(self, table: str) -> None:
        self.send("create", name=table, seats=[None, "hard", "hard", "hard"], rules={})
        self.send("start")
        while line := await self.reader.readline():
            message = json.loads(line)
            if message["op"] == "joined":
                self.seat = message["seat"]
            elif message["op"] == "event":
                self.events += 1
                self.view = project(self.view, event_from_dict(message["event"]), self.seat)
                view = self.view
                if view.current_player == self.seat and not view.is_over:
                    moves = legal_moves_in_view(view)
                    if moves:
                        self.send("command", command=command_to_dict(moves[0]))


async def run(tables: int, seconds: float) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        store = GameStore(Path(tmp) / "games.sqlite3")
        authority = Authority(store, bot_pace=0.3)
        ipc = IpcServer(authority, Limits(rate=10_000, burst=10_000))
        path = await ipc.start()
        players = []
        for number in range(tables):
            reader, writer = await asyncio.open_unix_connection(str(path), limit=MAX_LINE + 1)
            player = Player(reader, writer)
            player.send("hello", token=authority.open_session(f"P{number}"))
            players.append(player)
        tasks = [asyncio.create_task(p.play(f"T{n}")) for n, p in enumerate(players)]
        late: list[float] = []
        end = time.perf_counter() + seconds
        before = time.perf_counter()
        while before < end:
            await asyncio.sleep(TICK)
            now = time.perf_counter()
            late.append(max(0.0, now - before - TICK))
            before = now
        events = sum(p.events for p in players)
        for task in tasks:
            task.cancel()
        await authority.close()
        await ipc.close()
        store.close()
    late.sort()
    ms = [1000 * x for x in (statistics.median(late), late[int(0.99 * len(late))], late[-1])]
    print(f"{tables} tables of three hard bots and a player, {seconds:.0f} s")
    print(f"event loop late by: median {ms[0]:.1f} ms, p99 {ms[1]:.0f} ms, max {ms[2]:.0f} ms")
    print(f"events a second, all tables: {events / seconds:.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=20.0)
    args = parser.parse_args()
    sys.setswitchinterval(BOT_THREAD_SWITCH)  # as `craits-tui serve` does
    asyncio.run(run(args.tables, args.seconds))


if __name__ == "__main__":
    main()
