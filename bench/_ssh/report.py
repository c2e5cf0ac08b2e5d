"""What a run found: the saved games replayed and compared with what the players
saw, and the figures, as the bench prints them."""

from __future__ import annotations

import os
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from _stats import Spread

from craits_core import GameStore
from craits_core.view import view
from craits_tui.saved_meta import SavedMeta

from .people import HumanTurns
from .socket_player import Results

MB = 1024 * 1024


def mib(kb: float) -> float:
    return kb / 1024


def cpu_between(
    before: dict[str, Any], after: dict[str, Any], moves: int
) -> tuple[float, float, float]:
    """The server's and the session apps' CPU seconds between two readings, and
    what to multiply a number of seconds by for milliseconds a move."""
    server = after["cpu_s"] - before["cpu_s"]
    apps = after["apps_cpu_s"] - before["apps_cpu_s"]
    return server, apps, 1000 / max(moves, 1)


@dataclass
class LogCheck:
    """What replaying the saved games found."""

    games: int = 0
    finished: int = 0
    problems: list[str] = field(default_factory=list)
    views: int = 0
    """Players' views compared with the replayed game's."""
    hands: int = 0
    """Hands on screens compared with the replayed game's."""


def check_logs(
    data: Path, results: Results, hands: dict[str, dict[int, list[str]]] | None = None
) -> LogCheck:
    """Replay every saved game; compare with what the players saw: the views the
    socket players folded (a spectator's, for SSH players) and, in ``hands``, the
    hands on the SSH players' screens (table code, seat: sorted card labels)."""
    check = LogCheck()
    hands = hands or {}
    with GameStore(data / "games.sqlite3") as store:
        records = store.games()
        check.games = len(records)
        for record in records:
            try:
                game = store.load(record.id, attach=False)  # every move checked again
            except Exception as err:
                check.problems.append(f"{record.id}: {err}")
                continue
            check.finished += game.state.is_over
            table = SavedMeta.of(record).table
            code = table.code if table is not None else None
            seen = results.games.get(code) if code is not None else None
            if seen is None:
                if game.state.is_over:
                    check.problems.append(f"{record.id}: finished but no player saw its end")
                continue
            for seat, final in seen.items():
                check.views += 1
                if final != view(game.state, seat):
                    check.problems.append(f"{record.id}: seat {seat}'s view differs from the log's")
            for seat, shown in hands.get(code, {}).items():
                check.hands += 1
                if shown != sorted(card.label for card in game.state.hands[seat]):
                    check.problems.append(f"{record.id}: seat {seat}'s screen shows another hand")
    return check


def print_failures(results: Results, problems: list[str]) -> None:
    """What went wrong in the run, and the first of the saved logs' problems."""
    for failure in results.failures:
        print(f"  {failure}")
    for problem in problems[:5]:
        print(f"  {problem}")


def print_drops(results: Results) -> None:
    for drop in results.drops[:5]:
        print(f"  {drop}")


def report_games(
    mode: str,
    results: Results,
    samples: list[dict[str, Any]],
    elapsed: float,
    alive: int,
    check: LogCheck,
    turn_latencies: list[float],
    client_cpu: float,
) -> None:
    """The figures of ``--clients ssh`` or ``ipc``."""
    before, after = samples[0], samples[-1]
    moves = Spread.of([x * 1000 for x in results.latencies])
    print(
        f"sessions: {before['sessions']} at the start, {after['sessions']} at the end, "
        f"{alive} still connected; drops: {len(results.drops)}"
    )
    print_drops(results)
    print(
        f"games: {results.started} started, {check.games} saved, {check.finished} finished; "
        f"replay problems: {len(check.problems)} ({check.views} players' views compared "
        f"with the log)"
    )
    print_failures(results, check.problems)
    print(
        f"moves by the players: {results.moves} in {elapsed:.1f}s = "
        f"{results.moves / elapsed:.1f}/s; refusals: {results.refusals or 0}"
        + (f"; stuck turns: {results.stuck}" if mode == "ssh" else "")
    )
    label = "command to its event" if mode == "ipc" else "key press to the server's event"
    print(
        f"latency, {label}: p50 {moves.p50:.1f} ms, p99 {moves.p99:.1f} ms "
        f"(n={moves.n}, mean {moves.mean:.1f} ms)"
    )
    if turn_latencies:
        turns = Spread.of([x * 1000 for x in turn_latencies])
        print(
            f"latency, move to screen (server's turn-began to the player's screen showing "
            f"the turn): p50 {turns.p50:.1f} ms, p99 {turns.p99:.1f} ms (n={turns.n})"
        )
    print(
        f"server memory: traced {before['traced'] / MB:.1f} MiB -> {after['traced'] / MB:.1f} "
        f"MiB (peak {after['traced_peak'] / MB:.1f}); RSS {mib(before['rss_kb']):.0f} -> "
        f"{mib(after['rss_kb']):.0f} MiB; server CPU {after['cpu_s'] - before['cpu_s']:.1f}s"
    )
    trend = ", ".join(f"{s['traced'] / MB:.2f}/{mib(s['rss_kb']):.0f}" for s in samples)
    print(f"  every 30s, traced MiB/RSS MiB: {trend}")
    if after["apps"] or before["apps"]:
        print(
            f"session apps: {before['apps']} running, "
            f"{mib(before['apps_rss_kb']):.0f} MiB -> {mib(after['apps_rss_kb']):.0f} MiB "
            f"in all ({mib(after['apps_rss_kb']) / max(after['apps'], 1):.0f} MiB each)"
        )
    # Where the machine's time went: on a real server the players' side is on
    # their own machines.
    server_cpu, apps_cpu, per_move = cpu_between(before, after, results.moves)
    print(
        f"CPU while playing ({elapsed:.0f}s on {os.cpu_count()} cores): server {server_cpu:.0f}s, "
        f"session apps {apps_cpu:.0f}s, players' side (this process) {client_cpu:.0f}s; "
        f"a player's move costs {server_cpu * per_move:.0f} + {apps_cpu * per_move:.0f} + "
        f"{client_cpu * per_move:.0f} ms"
    )


@dataclass
class HumanWindow:
    """What a ``--human`` run measured over its window, besides the turns."""

    sessions: int
    doors: Counter[str]
    """The sessions by the door they came in by ("ssh", "web")."""
    tables: int
    elapsed: float
    moves: int
    """Commands the server carried out, people's and bots'."""
    drawn: int
    """Bytes the apps drew."""
    client_cpu: float
    idle: tuple[dict[str, Any], dict[str, Any]]
    """The server child's stats before and after `IDLE_S` in the waiting room."""
    before: dict[str, Any]
    after: dict[str, Any]
    end: dict[str, Any]
    began: float
    lags: list[tuple[float, float]]
    dropped: list[str]
    calm: list[bool]


IDLE_S = 5.0
"""Seconds the apps are watched at rest in the waiting room."""
DOORS = {"ssh": "over SSH", "web": "in browsers"}


def print_door(door: str, w: HumanWindow, turns: HumanTurns) -> None:
    """One door's sessions apart: their apps' CPU (a session's, in the window and
    at rest), their memory at the end of the window, their turns to the screen."""
    idle_from, idle_to = (stats["doors"][door] for stats in w.idle)
    before, after = w.before["doors"][door], w.after["doors"][door]
    apps = max(before["apps"], 1)
    cpu = after["cpu_s"] - before["cpu_s"]
    idle = (idle_to["cpu_s"] - idle_from["cpu_s"]) / IDLE_S / max(idle_from["apps"], 1)
    memory = after["memory_kb"] or [(0, 0, 0)]
    rss, pss, uss = (Spread.of([m[i] for m in memory]) for i in range(3))
    shown = Spread.of([x * 1000 for x in turns.by_door.get(door, [])])
    print(
        f"  {DOORS[door]}: {after['apps']} apps; CPU {cpu:.1f}s in the window = "
        f"{cpu / w.elapsed / apps * 1000:.1f} ms/s a session "
        f"({cpu / max(w.moves, 1) / apps * 1000:.2f} ms a move a session), at rest "
        f"{idle * 1000:.1f} ms/s a session; memory a session at the end: RSS mean "
        f"{mib(rss.mean):.1f} MiB (max {mib(rss.max):.1f}), PSS {mib(pss.mean):.1f} MiB, "
        f"USS {mib(uss.mean):.1f} MiB; people's moves {turns.moves[door]}; turn-to-screen "
        f"n={shown.n} p50 {shown.p50:.0f} ms, p99 {shown.p99:.0f} ms"
    )


def report_human(window: HumanWindow, results: Results, turns: HumanTurns, check: LogCheck) -> int:
    """The figures of ``--human``, the last line summing them up; how many sessions
    were dropped."""
    w = window
    dropped = max(len(w.dropped), w.sessions - w.end["apps"])
    doors = ", ".join(f"{n} {DOORS[door]}" for door, n in sorted(w.doors.items()))
    print(
        f"sessions: {w.sessions} ({doors}), dropped {dropped}"
        + (f" ({', '.join(w.dropped)})" if w.dropped else "")
        + f"; apps running at the end {w.end['apps']}; socket drops {len(results.drops)}"
    )
    print_drops(results)
    print(
        f"games: {results.started} dealt, {check.games} saved, {check.finished} finished, "
        f"{check.games - check.finished} unfinished (fine at this pace); tables quiet at the "
        f"end {sum(w.calm)}/{len(w.calm)}; replayed, compared with the log: {check.views} "
        f"spectators' views, {check.hands}/{w.sessions} hands on the screens; "
        f"problems {len(check.problems)}"
    )
    print_failures(results, check.problems)
    keys = Spread.of([x * 1000 for x in results.latencies])
    print(
        f"moves in the window: {w.moves} in {w.elapsed:.1f}s = {w.moves / w.elapsed:.2f}/s "
        f"({results.moves} by people, {w.moves - results.moves} by bots; a play with its "
        f"'Last card!' is one); refusals {results.refusals or 0}; stuck presses "
        f"{results.stuck}; key press to the server's event p50 {keys.p50:.0f} ms, "
        f"p99 {keys.p99:.0f} ms"
    )
    shown = Spread.of([x * 1000 for x in turns.latencies])
    print(
        f"turn-to-screen (spectator's turn-began to the screen showing it): n={shown.n} "
        f"of {turns.begun} people's turns ({turns.after_summary} behind a round's summary, "
        f"{turns.unseen} not shown, {turns.early} drawn before the bench read the event); "
        f"p50 {shown.p50:.0f} ms, p90 {shown.p90:.0f} ms, p99 {shown.p99:.0f} ms, "
        f"max {shown.max:.0f} ms"
    )
    dealt = Spread.of([x * 1000 for x in turns.dealt])
    print(
        f"  not counted: the deal's turns, drawn as the table screen opens (n={dealt.n}): "
        f"p50 {dealt.p50:.0f} ms, max {dealt.max:.0f} ms"
    )
    first = Spread.of([x * 1000 for x in turns.first_bytes])
    print(
        f"  of which before the app's first output after the event: p50 {first.p50:.0f} ms, "
        f"p99 {first.p99:.0f} ms; the apps drew {w.drawn / max(w.moves, 1) / 1024:.1f} KiB "
        f"a move (all screens)"
    )
    rang = Spread.of([x * 1000 for x, _ in turns.bells])
    drew = Spread.of([y * 1000 for _, y in turns.bells])
    print(
        f"  turns the app rang its bell for (n={rang.n}): event to bell (the app has "
        f"taken the events in) p50 {rang.p50:.0f} ms, p99 {rang.p99:.0f} ms; bell to the "
        f"turn drawn (Textual's layout, render, write) p50 {drew.p50:.0f} ms, "
        f"p99 {drew.p99:.0f} ms"
    )
    before, after = w.before, w.after
    server_cpu, apps_cpu, per_move = cpu_between(before, after, w.moves)
    idle_from, idle_to = w.idle
    idle_cpu = idle_to["apps_cpu_s"] - idle_from["apps_cpu_s"]
    print(
        f"CPU in the window ({w.elapsed:.0f}s, {os.cpu_count()} cores): server "
        f"{server_cpu:.1f}s ({server_cpu * per_move:.1f} ms a move), session apps "
        f"{apps_cpu:.1f}s ({apps_cpu * per_move:.1f} ms a move; "
        f"{apps_cpu / w.elapsed / max(before['apps'], 1) * 1000:.1f} ms/s an app), this "
        f"process {w.client_cpu:.1f}s; the apps at rest in the waiting room: "
        f"{idle_cpu / IDLE_S / max(idle_from['apps'], 1) * 1000:.1f} ms/s an app"
    )
    print(
        f"server: RSS {mib(before['rss_kb']):.0f} -> {mib(after['rss_kb']):.0f} MiB, "
        f"traced {before['traced'] / MB:.1f} -> {after['traced'] / MB:.1f} MiB "
        f"(peak {after['traced_peak'] / MB:.1f})"
    )
    for label, stats in (("dealt", before), ("end of the window", after)):
        memory = stats["apps_memory_kb"] or [(0, 0, 0)]
        rss = Spread.of([m[0] for m in memory])
        pss = Spread.of([m[1] for m in memory])
        uss = Spread.of([m[2] for m in memory])
        print(
            f"apps at {label}: {stats['apps']} running; RSS mean {mib(rss.mean):.1f} MiB, "
            f"max {mib(rss.max):.1f} MiB, min {mib(rss.min):.1f} MiB; PSS "
            f"mean {mib(pss.mean):.1f} MiB; private (USS) mean {mib(uss.mean):.1f} MiB"
        )
    if len(w.doors) > 1:
        for door in sorted(w.doors):
            print_door(door, w, turns)
    lag = Spread.of([late * 1000 for _, late in w.lags])
    worst = max(w.lags, key=lambda lag: lag[1], default=(w.began, float("nan")))
    print(
        f"this process's event loop, late by: p50 {lag.p50:.1f} ms, p99 {lag.p99:.1f} ms, "
        f"max {worst[1] * 1000:.0f} ms (at {worst[0] - w.began:.1f}s); load average at the "
        f"end " + " ".join(f"{x:.2f}" for x in os.getloadavg())
    )
    rss_end = Spread.of([m[0] for m in after["apps_memory_kb"]] or [0])
    print(
        f"human pace: {w.sessions} sessions"
        + (f" ({doors})" if len(w.doors) > 1 else "")
        + f", {w.tables} tables, dropped {dropped}, "
        f"turn-to-screen p50 {shown.p50:.0f} ms p99 {shown.p99:.0f} ms, app CPU "
        f"{apps_cpu * per_move:.1f} ms a move, RSS {mib(rss_end.mean):.1f} MiB a session"
    )
    return dropped
