"""``--clients ssh`` and ``--clients ipc``: whole games at every table, as fast as the
players can move."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
import time
from collections.abc import Coroutine
from typing import Any

from .moves import carry_out, keys_for, look_at_hand
from .report import report_games
from .run import running
from .seating import open_sessions, seat_table, start_game
from .socket_player import Player, Results, ipc_table
from .terminal import SETTLED, ScreenPlayer, ScreenReader


async def on_screen(
    player: ScreenPlayer, organiser: Player, seat: int, timeout: float
) -> float | None:
    """When the screen began to show the seat's turn as the organiser's view has it
    now, with the hand the seat holds (so the latest news, not the last turn's),
    once the screen has settled; None after ``timeout`` seconds. (A hand too long
    to show whole is trusted after a second.)"""
    start = time.perf_counter()
    while (now := time.perf_counter()) < start + timeout:
        view = organiser.view
        mine, cards = player.mine
        if view is not None and mine:
            current = cards == view.hand_sizes[seat] or now - start > 1.0
            if current and not player.unread and now - player.updated_at > SETTLED:
                return player.mine_since
        await asyncio.sleep(0.01)
    return None


async def take_turn(
    player: ScreenPlayer,
    organiser: Player,
    seat: int,
    said_at: float,
    results: Results,
    turn_latencies: list[float],
    first: bool,
) -> bool:
    """Play ``seat``'s turn from its screen, as a person would: wait for the screen
    to show the turn, look at the hand, press a card's key (a suit's, when asked),
    else draw. Whether a move was made."""
    for attempt in range(4):
        shown = await on_screen(player, organiser, seat, timeout=5.0)
        if shown is None:
            return False
        if attempt == 0 and first and player.dismissed_at < said_at:
            # (Not after a round's summary: that waited for a key, not for the server.)
            turn_latencies.append(max(0.0, shown - said_at))
        view = organiser.view
        assert view is not None
        hand = await look_at_hand(player, view.hand_sizes[seat])
        keys = keys_for(view, seat, hand, player.reading.picker)
        if keys is None:
            continue
        turns = len(organiser.turns)
        sent = time.perf_counter()
        if await carry_out(player, organiser, seat, keys, wait=2.0):
            results.latencies.append(time.perf_counter() - sent)
            results.moves += 1
            # The move's first event has come; the table is looked at again once
            # the rest of its answer has (the next turn): else the seat would seem
            # to have the turn still.
            with contextlib.suppress(TimeoutError):
                await organiser.until(
                    lambda t=turns: len(organiser.turns) > t or organiser.over, timeout=0.5
                )
            return True
    return False


async def ssh_table(
    organiser: Player,
    seated: list[ScreenPlayer],
    deadline: float,
    results: Results,
    turn_latencies: list[float],
    quiet: float,
    verbose: bool = False,
) -> None:
    """One game: the organiser sets the table up and watches; the SSH players play.
    ``quiet``: seconds without an event after which the table has nothing left to
    do by itself (its bots' moves made)."""
    code, host = await seat_table(organiser, seated)
    await start_game(organiser, host)
    results.started += 1
    assert organiser.view is not None
    by_name = {p.name: p for p in seated}
    players = organiser.view.players
    closers = [asyncio.get_running_loop().create_task(p.close_summaries()) for p in seated]
    measured = set()
    shown_at = time.perf_counter()
    while not organiser.over and time.perf_counter() < deadline:
        view = organiser.view
        assert view is not None
        if verbose and time.perf_counter() - shown_at > 10:
            shown_at = time.perf_counter()
            print(
                f"{code}: round {view.round_number}, {organiser.events} events, "
                f"{results.moves} moves by people"
            )
        current = view.current_player
        player = by_name.get(players[current]) if current is not None else None
        if player is None:  # a bot's turn, or between rounds
            organiser.news.clear()
            with contextlib.suppress(TimeoutError):
                await organiser.until(lambda v=view: organiser.view is not v, timeout=5)
            continue
        said_at = organiser.turn_at
        first = said_at not in measured
        if await take_turn(player, organiser, current, said_at, results, turn_latencies, first):
            measured.add(said_at)
        else:
            results.stuck += 1
            if verbose:
                print(f"{code}: {player.name} stuck:\n{player.text}")
    for closer in closers:
        closer.cancel()
    if not organiser.over:
        # Out of time: a bot may still be making its move (even the game's last),
        # and the log has to be compared with the view that includes it.
        await organiser.quiet(quiet, 30)
    if organiser.view is not None:
        results.games[code] = {None: organiser.view}


async def bounded(tables: list[Coroutine[Any, Any, None]], limit: float, results: Results) -> None:
    """Run the tables; past ``limit`` seconds, stop them (their games count as
    unfinished). A table's failure is reported, not raised."""
    tasks = [asyncio.ensure_future(t) for t in tables]
    done, pending = await asyncio.wait(tasks, timeout=limit)
    for task in pending:
        task.cancel()
    if pending:
        await asyncio.wait(pending)
        results.failures.append(f"{len(pending)} table(s) still playing after {limit:.0f}s")
    for task in done:
        if task.exception() is not None:
            results.failures.append(f"a table failed: {task.exception()!r}")


async def run_games(args: argparse.Namespace, reader: ScreenReader) -> int:
    """``--clients ssh`` or ``ipc``: whole games at every table."""
    mode = args.clients
    tokens = args.tables if mode == "ssh" else args.sessions
    turn_latencies: list[float] = []
    async with running(args, tokens) as run:
        child, results, per_table = run.child, run.results, run.per_table
        print(
            f"{args.sessions} {mode.upper()} sessions at {args.tables} tables "
            f"({per_table} people and 1 bot each), short games, bot pace {args.bot_pace}s, "
            f"{args.seconds:.0f}s"
        )
        if mode == "ipc":
            players = [
                Player(f"ipc{i:02d}", child.tokens[i], results, random.Random(run.rng.random()))
                for i in range(args.sessions)
            ]
            await asyncio.gather(*(p.connect(child.socket) for p in players))
            before = await child.stats()
            sampler = asyncio.ensure_future(child.sample(run.samples, run.stop))
            began, cpu_began = time.perf_counter(), time.process_time()
            deadline = began + args.seconds
            tables = [players[t * per_table : (t + 1) * per_table] for t in range(args.tables)]
            await bounded(
                [ipc_table(t, deadline, args.think, results) for t in tables],
                args.seconds + args.overtime,
                results,
            )
            elapsed = time.perf_counter() - began
            sessions_alive = sum(not p.closed for p in players)
        else:
            ssh: list[ScreenPlayer] = []
            organisers = await open_sessions(
                child, args.tables, args.sessions, results, reader, ssh, timeout=180
            )
            before = await child.stats()
            sampler = asyncio.ensure_future(child.sample(run.samples, run.stop))
            began, cpu_began = time.perf_counter(), time.process_time()
            deadline = began + args.seconds
            # One game a table: it may run into the overtime to finish.
            await bounded(
                [
                    ssh_table(
                        organisers[t],
                        ssh[t * per_table : (t + 1) * per_table],
                        deadline + args.overtime,
                        results,
                        turn_latencies,
                        args.bot_pace + 1.0,
                        args.verbose,
                    )
                    for t in range(args.tables)
                ],
                args.seconds + args.overtime + 60,
                results,
            )
            elapsed = time.perf_counter() - began
            sessions_alive = sum(not p.ended for p in ssh) + sum(not o.closed for o in organisers)
        client_cpu = time.process_time() - cpu_began
        run.stop.set()
        await sampler
        after = await child.stats()
        if mode == "ssh":
            for player in ssh:
                await player.close()
    check = run.check
    report_games(
        mode,
        results,
        [before, *run.samples, after],
        elapsed,
        sessions_alive,
        check,
        turn_latencies,
        client_cpu,
    )
    ok = (
        not check.problems
        and not results.drops
        and not results.failures
        and check.games == check.finished == results.started
    )
    return 0 if ok else 1
