"""Where the table's CPU goes on a move: cProfile over a watched game, in a real terminal.

`craits-tui --watch --players 4 --seed 7 --low-bandwidth` runs as `bench/tui.py` runs
it (a pseudo-terminal at 100x32, four bots of level normal at pace normal, the hand
of the player to move shown), with cProfile on in its main thread, the one that
runs Textual's event loop, the bots and the drawing, from ``--warm`` seconds after
its start for ``--seconds`` seconds. The moves made meanwhile are counted from the
save file, and every figure is given per move: the functions with the most time of
their own, those with the most time under them, and the time of their own by
package. A headless run would not do: Textual does not turn its frames into
terminal output when headless.

It times by the wall clock, which cProfile reads fast (the run comes out some 2.5x
slower), and which counts a wait for a busy CPU as work: run it on an idle machine
(the load is shown), or time by the thread's CPU (``--clock cpu``: some 5x slower,
which makes the many small calls look dearer).

cProfile slows every Python call, so the total comes out higher than the real one
(`bench/tui.py` measures that); the shares are what to read. Writing to the terminal
happens in Textual's writer thread, which is not profiled (its time is mostly the
system's).

    python bench/tui_profile.py [--seconds 30] [--warm 3] [--top 10] [--size 100x32]
        [--hand-hidden] [--motion] [--pace normal] [--bots LEVELS] [--clock wall]
        [--save FILE]
"""

from __future__ import annotations

import argparse
import json
import os
import pstats
import sqlite3
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

StatKey = tuple[str, int, str]


# --- The child: the game, profiled -------------------------------------------------------------


def event_count(store: Path) -> int:
    with sqlite3.connect(f"file:{store}?mode=ro", uri=True, timeout=1.0) as conn:
        (count,) = conn.execute("SELECT max(event_count) FROM games").fetchone()
    return int(count or 0)


def child(
    out: Path, store: Path, clock: str, warm: float, seconds: float, game_args: list[str]
) -> None:
    """Run craits-tui with ``game_args``; profile its main thread for a while, then quit."""
    import cProfile

    from textual.app import App

    from craits_tui import cli

    profiler = cProfile.Profile(time.thread_time if clock == "cpu" else time.perf_counter)
    window: dict[str, Any] = {}
    run = App.run

    def start() -> None:
        window["events"] = [event_count(store)]
        window["cpu"] = [time.process_time()]
        window["wall"] = [time.perf_counter()]
        profiler.enable()

    def stop(app: App[Any]) -> None:
        profiler.disable()
        window["events"].append(event_count(store))
        window["cpu"].append(time.process_time())
        window["wall"].append(time.perf_counter())
        app.exit()

    def director(app: App[Any]) -> None:
        # A thread of the bench's, not the game's: it only waits, then asks the
        # event loop to start and to stop the profiler.
        time.sleep(warm)
        app.call_from_thread(start)
        time.sleep(seconds)
        app.call_from_thread(stop, app)

    def profiled_run(self: App[Any], *args: Any, **kwargs: Any) -> Any:
        App.run = run  # type: ignore[method-assign]
        threading.Thread(target=director, args=(self,), daemon=True).start()
        return run(self, *args, **kwargs)

    App.run = profiled_run  # type: ignore[method-assign]
    cli.main(game_args)
    profiler.dump_stats(out.with_suffix(".pstats"))
    out.write_text(json.dumps(window))


# --- The parent: a terminal for it, and the report ------------------------------------------------


IDLE = ("<method 'poll' of 'select.epoll' objects>", "<built-in method time.sleep>")
"""Built-ins that wait: the event loop waiting for something to do is no cost."""


def roots() -> list[str]:
    """Where functions' files live, longest first: the game's checkout, the
    installed packages, the standard library."""
    import sysconfig

    import craits_tui

    paths = sysconfig.get_paths()
    found = {str(Path(craits_tui.__file__).resolve().parents[1]), paths["purelib"]}
    found |= {paths["platlib"], paths["stdlib"]}
    return sorted((p.rstrip("/") + "/" for p in found), key=len, reverse=True)


ROOTS: list[str] = []


def short(path: str) -> str:
    """A function's file, from its package on."""
    for root in ROOTS:
        if path.startswith(root):
            return path[len(root) :]
    return path


def package(path: str) -> str:
    """The package a function's file belongs to, a level deep for ours and Textual's."""
    name = short(path)
    parts = name.split("/")
    if name.startswith("~") or name.startswith("<"):
        return "(built-in)"
    if parts[0] in ("craits_tui", "craits_core", "textual") and len(parts) > 2:
        return "/".join(parts[:2])
    if parts[0].endswith(".py"):
        return parts[0][:-3]
    return parts[0]


def label(key: StatKey) -> str:
    path, line, name = key
    if path == "~":
        return name  # a built-in, e.g. <method 'write' of ...>
    return f"{short(path)}:{line} {name}"


def print_table(
    title: str,
    rows: list[tuple[StatKey, float, float, int]],
    moves: int,
    total: float,
    top: int,
    by: Callable[[tuple[StatKey, float, float, int]], float],
) -> None:
    print()
    print(title)
    print(f"{'own ms':>8}{'under ms':>10}{'calls':>8}{'share':>7}  function")
    for key, own, under, calls in sorted(rows, key=by, reverse=True)[:top]:
        share = by((key, own, under, calls)) / total if total else 0.0
        print(
            f"{own * 1000 / moves:>8.2f}{under * 1000 / moves:>10.2f}"
            f"{calls / moves:>8.1f}{share:>7.0%}  {label(key)}"
        )


def main() -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    if sys.argv[1:2] == ["--child"]:
        out, store, clock, warm, seconds, *game_args = sys.argv[2:]
        child(Path(out), Path(store), clock, float(warm), float(seconds), game_args)
        return

    import tui

    from craits_core import GameStore
    from craits_core.events import RoundEnded
    from craits_tui.settings import PACES

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=30.0, help="seconds profiled")
    parser.add_argument("--warm", type=float, default=3.0, help="seconds before profiling")
    parser.add_argument("--top", type=int, default=10, help="rows of each table")
    parser.add_argument("--size", type=tui.parse_sizes, default="100x32")
    parser.add_argument("--hand-hidden", action="store_true", help="press v first")
    parser.add_argument("--motion", action="store_true", help="motion on (no --low-bandwidth)")
    parser.add_argument("--pace", choices=list(PACES), default="normal")
    parser.add_argument("--bots", help="the bots' levels, as craits-tui --bots takes them")
    parser.add_argument("--save", type=Path, help="keep the profile (pstats) here")
    parser.add_argument(
        "--clock",
        choices=("cpu", "wall"),
        default="wall",
        help="time by the wall clock (default: slowed less; wants an idle machine) or "
        "by the main thread's CPU (slowed some 5x, the many small calls most)",
    )
    args = parser.parse_args()
    (size,) = args.size

    tui.compile_game()
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp)
        store = home / "games.sqlite3"
        out = home / "window.json"
        options = ["--watch", "--players", "4", "--seed", "7", "--pace", args.pace]
        options += [] if args.motion else ["--low-bandwidth"]
        options += ["--bots", args.bots] if args.bots else []
        files = ["--store", str(store), "--settings", str(home / "settings.json")]
        argv = [sys.executable, str(Path(__file__).resolve()), "--child", str(out), str(store)]
        argv.append(args.clock)
        argv += [f"{args.warm:g}", f"{args.seconds:g}", *options, *files]
        env = tui.terminal_env(home, truecolor=False)
        with tui.terminal(argv, size, env, answer_sync=True) as term:
            marker = term.wait_for_marker(deadline=30.0)
            if args.hand_hidden:
                os.write(term.master, tui.HIDE_HAND.encode())
            term.read_until(marker + args.warm + args.seconds + 30.0)
            if term.proc.poll() is None:
                term.proc.wait(timeout=10)
        if not out.exists():
            sys.exit(f"the game did not finish its profile; its output ends {term.data[-300:]!r}")
        window = json.loads(out.read_text())
        stats = pstats.Stats(str(out.with_suffix(".pstats")))
        if args.save:
            stats.dump_stats(args.save)
        with GameStore(store) as games:
            (record,) = games.games()
            events = games.load(record.id, attach=False).events
    first, last = window["events"]
    moves = sum(tui.command_starts(events)[first:last])
    if not moves:
        sys.exit("no move was made while profiling")
    rounds = sum(isinstance(e, RoundEnded) for e in events[first:last])
    cpu = window["cpu"][1] - window["cpu"][0]
    wall = window["wall"][1] - window["wall"][0]

    ROOTS.extend(roots())
    raw: dict[StatKey, tuple[int, int, float, float, Any]] = stats.stats  # type: ignore[attr-defined]
    rows = [
        (key, tt, ct, nc) for key, (_cc, nc, tt, ct, _callers) in raw.items() if key[2] not in IDLE
    ]
    idle = sum(tt for key, (_cc, _nc, tt, _ct, _callers) in raw.items() if key[2] in IDLE)
    total = sum(own for _, own, _, _ in rows)
    # What runs everything (the event loop, Textual's dispatch) is under it all: the
    # time under the game's own functions, and under Textual's and Rich's, apart.
    game = [row for row in rows if package(row[0][0]).startswith(("craits_tui", "craits_core"))]
    library = [row for row in rows if package(row[0][0]).split("/")[0] in ("textual", "rich")]
    load = ", ".join(f"{n:.1f}" for n in os.getloadavg())
    print(
        f"Profile of craits-tui --watch at {size[0]}x{size[1]}, "
        f"{'motion on' if args.motion else 'motion off'}, "
        f"hand {'hidden' if args.hand_hidden else 'shown'}, pace {args.pace}, "
        f"bots {args.bots or 'normal'} (load average {load} on {os.cpu_count()} CPUs)"
    )
    print(
        f"{wall:.1f} s profiled: {moves} moves ({rounds} rounds ended), "
        f"process CPU {cpu * 1000 / moves:.1f} ms a move under the profiler (all threads), "
        f"{total * 1000 / moves:.1f} ms of it in the main thread, which waited "
        f"{idle * 1000 / moves:.0f} ms a move"
    )
    clock = "CPU time of the main thread" if args.clock == "cpu" else "wall-clock time"
    print(
        f"own: {clock} in the function itself; under: with what it calls; per move;\ncalls: a move"
    )
    print_table("Most time of their own", rows, moves, total, args.top, by=lambda row: row[1])
    print_table(
        "The game's own functions with the most time under them (share: of the main thread's)",
        game,
        moves,
        total,
        args.top + 5,
        by=lambda row: row[2],
    )
    print_table(
        "Textual's and Rich's with the most time under them (the first run it all)",
        library,
        moves,
        total,
        args.top + 15,
        by=lambda row: row[2],
    )
    by_package: Counter[str] = Counter()
    for (path, _line, _name), own, _, _ in rows:
        by_package[package(path)] += own
    print()
    print("Time of their own, by package (ms a move)")
    for name, own in by_package.most_common(args.top + 5):
        print(f"{own * 1000 / moves:>8.2f}{own / total:>7.0%}  {name}")


if __name__ == "__main__":
    main()
