"""``--human``: people who think before each move (over SSH, or some in browsers:
``--web-share``), a bot at each table at the server's pace, measured over a
window of play."""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import time
from collections import Counter
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from .people import THINK, HumanTurns, human_table, read_summaries
from .report import IDLE_S, HumanWindow, report_human
from .run import running
from .seating import JOIN_RETRIES, in_browser, open_sessions, seat_table, start_game
from .socket_player import Player
from .terminal import ScreenPlayer, ScreenReader

HUMAN_DEFAULTS = {"sessions": 40, "tables": 10, "seconds": 180.0, "bot_pace": 0.6}
"""What ``--human`` plays unless told otherwise: 4 people and a bot at each of 10
tables, the server's own bot pace (that of ``craits-tui serve``), 3 minutes."""


async def loop_lag(lags: list[tuple[float, float]], every: float = 0.02) -> None:
    """How late this process's event loop wakes up, every ``every`` seconds: the
    bench's own delay, which lands in its timings (until cancelled). Each sample is
    (when it was due, how late)."""
    while True:
        due = time.perf_counter() + every
        await asyncio.sleep(every)
        lags.append((due, time.perf_counter() - due))


def shown_hands(
    organiser: Player, group: list[ScreenPlayer], verbose: bool
) -> dict[int, list[str]]:
    """The hands the players' screens show whole, by seat, as sorted card labels."""
    view = organiser.view
    assert view is not None
    seats = {name: seat for seat, name in enumerate(view.players)}
    hands = {}
    for player in group:
        seat = seats[player.name]
        reading = player.reading
        # (Under a suit picker too: the card it names a suit for is not played yet.)
        if (reading.dealt or reading.picker) and len(reading.hand) == view.hand_sizes[seat]:
            hands[seat] = reading.cards
        elif verbose:
            print(
                f"{player.name}: the hand not compared ({len(reading.hand)} of "
                f"{view.hand_sizes[seat]} cards shown, footer {reading.footer}):\n{reading.text}"
            )
    return hands


async def run_human(args: argparse.Namespace, reader: ScreenReader) -> int:
    """``--human``: the measured window is ``--seconds`` of play from when every
    table has been dealt. Games still on at its end are left unfinished."""
    load_before = os.getloadavg()
    turns = HumanTurns()
    lags: list[tuple[float, float]] = []
    screens: list[ScreenPlayer] = []
    background: list[asyncio.Future[Any]] = []
    async with running(args, args.tables) as run, _closing(screens):
        child, results, rng, per_table = run.child, run.results, run.rng, run.per_table
        web = sum(in_browser(args.sessions, args.web_share))
        doors = f"{args.sessions - web} over SSH, {web} in browsers" if web else "SSH"
        print(
            f"human pace: {args.sessions} sessions ({doors}) at {args.tables} tables ({per_table} "
            f"people and 1 bot each), short games, think {THINK[0]:g}-{THINK[1]:g}s, bot pace "
            f"{args.bot_pace:g}s, {args.seconds:.0f}s; load average "
            + " ".join(f"{x:.2f}" for x in load_before)
        )
        organisers = await open_sessions(
            child,
            args.tables,
            args.sessions,
            results,
            reader,
            screens,
            timeout=600,
            web_share=args.web_share,
        )
        t0 = time.perf_counter()
        groups = [screens[t * per_table : (t + 1) * per_table] for t in range(args.tables)]
        seated = await asyncio.gather(
            *(seat_table(o, g) for o, g in zip(organisers, groups, strict=True))
        )
        print(
            f"{args.tables} tables seated in {time.perf_counter() - t0:.1f}s"
            + (f" (codes typed again: {', '.join(JOIN_RETRIES)})" if JOIN_RETRIES else "")
        )
        # The apps' cost at rest, in the waiting room, beside their cost in play.
        idle_from = await child.stats()
        await asyncio.sleep(IDLE_S)
        idle_to = await child.stats()
        t0 = time.perf_counter()
        await asyncio.gather(
            *(start_game(o, host) for o, (_, host) in zip(organisers, seated, strict=True))
        )
        results.started = args.tables
        # The window opens once every screen shows its table: the deal's turn comes
        # with the app opening its table screen, once a game, not with a move. (The
        # dealer's may show the suit picker over it at once, for a starter 8 or 9.)
        dealt = await asyncio.gather(
            *(p.until_screen(lambda r: r.dealt or r.picker, 120) for p in screens)
        )
        await asyncio.gather(*(p.settled(5.0) for p in screens))
        print(
            f"{args.tables} games dealt in {time.perf_counter() - t0:.1f}s "
            f"({sum(t is not None for t in dealt)}/{len(screens)} screens show their table)"
        )
        for player, shown in zip(screens, dealt, strict=True):
            if shown is None:  # what such a screen shows instead, to see why
                print(
                    "a screen that does not show its table:", *player.text.splitlines(), sep="\n  "
                )

        before = await child.stats()
        began, cpu_began = time.perf_counter(), time.process_time()
        moves_before = sum(o.commands for o in organisers)
        drawn_before = sum(p.received for p in screens)
        turns.since = began
        sampler = asyncio.ensure_future(child.sample(run.samples, run.stop))
        lagger = asyncio.ensure_future(loop_lag(lags))
        tables = []
        for organiser, group in zip(organisers, groups, strict=True):
            assert organiser.view is not None
            seats = {name: seat for seat, name in enumerate(organiser.view.players)}
            people = {seats[p.name]: p for p in group}
            rngs = {seat: random.Random(rng.random()) for seat in sorted(people)}
            tables.append(
                asyncio.ensure_future(
                    human_table(organiser, people, rngs, results, turns, args.verbose)
                )
            )
            background += [
                asyncio.ensure_future(read_summaries(p, random.Random(rng.random()))) for p in group
            ]
        # The window: --seconds, or less if every game ends before.
        await asyncio.wait(tables, timeout=args.seconds)
        elapsed = time.perf_counter() - began
        after = await child.stats()
        moves = sum(o.commands for o in organisers) - moves_before
        drawn = sum(p.received for p in screens) - drawn_before
        client_cpu = time.process_time() - cpu_began
        lagger.cancel()
        run.stop.set()
        await sampler
        for task in [*tables, *background]:
            task.cancel()
        outcomes = await asyncio.gather(*tables, *background, return_exceptions=True)
        for outcome in outcomes:
            if isinstance(outcome, BaseException) and not isinstance(
                outcome, asyncio.CancelledError
            ):
                results.failures.append(f"a table failed: {outcome!r}")

        # Nobody moves now: let the bots finish their moves and the screens show it
        # (summaries closed at once), then read what every player sees.
        closers = [asyncio.ensure_future(p.close_summaries()) for p in screens]
        quiet = args.bot_pace + 1.5
        calm = await asyncio.gather(*(o.quiet(quiet, 60) for o in organisers))
        await asyncio.sleep(1.0)
        await asyncio.gather(*(p.settled(5.0) for p in screens))
        for closer in closers:
            closer.cancel()
        for organiser, group, (code, _host) in zip(organisers, groups, seated, strict=True):
            assert organiser.view is not None
            results.games[code] = {None: organiser.view}
            run.hands[code] = shown_hands(organiser, group, args.verbose)
        dropped = [p.name for p in screens if p.ended]
        end = await child.stats()
    check = run.check
    window = HumanWindow(
        sessions=args.sessions,
        doors=Counter(p.door for p in screens),
        tables=args.tables,
        elapsed=elapsed,
        moves=moves,
        drawn=drawn,
        client_cpu=client_cpu,
        idle=(idle_from, idle_to),
        before=before,
        after=after,
        end=end,
        began=began,
        lags=lags,
        dropped=dropped,
        calm=calm,
    )
    dropped_count = report_human(window, results, turns, check)
    ok = not check.problems and not dropped_count and not results.drops and not results.failures
    return 0 if ok and check.views == check.games else 1


@asynccontextmanager
async def _closing(players: list[ScreenPlayer]) -> AsyncIterator[None]:
    """Close the players' sessions at the end of the block, however it ends (before
    the server stops)."""
    try:
        yield
    finally:
        for player in players:
            await player.close()
