"""Motion benchmark: bytes on the wire for a flying card, and for a move of the table
with motion on and off, in a real pseudo-terminal (the terminal of `bench/tui.py`).

One flight: a small app draws a screen of coloured text at 100x32 (the table's
density: some styled run every few cells) and flies a card ("7♠", the layer's
`Motion.fly`) 40 columns across it, 0.3 s, once a second; each flight's bytes are
the burst of frames that follow it. Measured at several caps on the steps a
second (`motion.STEPS_PER_SECOND`; 60 is the animator's own rate, so no cap), with
the app's CPU time a flight (from its own clock, one flight start to the next).

A move: four bots play (`craits-tui --watch --players 4 --seed 7`) at 100x32 with
the hand of the player to move hidden (as `bench/tui.py` measures its target),
once with motion on (the default) and once with ``--low-bandwidth``. The output is
cut into moves as `bench/tui.py` does; the pace is "slow" by default (1.6 s a
move), so a move's motion (0.3-0.4 s) ends well before the cut's silence (0.4 s)
and the next bot's move. Target: a median move with motion at most 8 KB.

    python bench/motion.py [--seconds 40] [--flights 12] [--pace slow] [--truecolor]
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

import tui  # bench/tui.py: the pseudo-terminal, frames, moves

MOVE_TARGET = 8 * 1024
"""Bytes: a median move with motion at most this at 100x32."""

SIZE = (100, 32)
FLY_COLUMNS = 40
FLIGHT_GAP = 1.0
"""Seconds from one flight to the next: a silence of half that cuts them apart."""
CAPS = (10, 20, 30, 60)
"""Steps a second tried for one flight."""


# --- One flight ------------------------------------------------------------------------


def fly_app(steps: int, flights: int, cpu_file: Path) -> None:
    """Run the flying app (in the benchmark's terminal): ``flights`` flights of a card
    40 columns across a screen of coloured text, ``steps`` steps a second at most."""
    from rich.text import Text
    from textual.app import App, ComposeResult
    from textual.geometry import Region
    from textual.widgets import Static

    import craits_tui
    from craits_tui.widgets import motion
    from craits_tui.widgets.motion import Motion

    motion.STEPS_PER_SECOND = steps
    styles = ("bold", "red", "dim", "green", "blue", "", "italic", "reverse")

    def backdrop() -> Text:
        text = Text()
        for row in range(SIZE[1]):
            for column in range(0, SIZE[0] - 6, 6):
                text.append("Ann 7♠", style=styles[(row + column // 6) % len(styles)])
            text.append("\n")
        return text

    class FlyApp(App[None]):
        CSS_PATH = Path(craits_tui.__file__).parent / "craits.tcss"

        def __init__(self) -> None:
            super().__init__()
            self.flown = 0
            self.cpu: list[float] = []

        def compose(self) -> ComposeResult:
            yield Static(backdrop())
            yield Motion()

        def on_mount(self) -> None:
            self.set_timer(FLIGHT_GAP, self.next_flight)

        def next_flight(self) -> None:
            self.cpu.append(time.process_time())
            if self.flown == flights:
                cpu_file.write_text(json.dumps(self.cpu))
                self.exit()
                return
            self.flown += 1
            x, y = 20, 12
            self.query_one(Motion).fly(
                Text("7♠", style="red"),
                Region(x, y, 9, 7),
                Region(x + FLY_COLUMNS, y, 9, 7),
                duration=0.3,
            )
            self.set_timer(FLIGHT_GAP, self.next_flight)

    FlyApp().run()


def one_flight(steps: int, args: argparse.Namespace) -> tuple[list[int], list[int], list[float]]:
    """Bytes and frames of each flight, and its CPU seconds, at ``steps`` a second."""
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp)
        cpu_file = home / "cpu.json"
        argv = [sys.executable, __file__, "--fly-app", str(steps), str(args.flights), str(cpu_file)]
        env = tui.terminal_env(home, args.truecolor)
        with tui.terminal(argv, SIZE, env, answer_sync=True) as term:
            deadline = FLIGHT_GAP * (args.flights + 2) + 20.0
            while not term.closed and term.now() < deadline:
                term.read(deadline - term.now())
        cpu = json.loads(cpu_file.read_text()) if cpu_file.exists() else []
    frames = tui.frames_of(term)
    bursts: list[list[tui.Frame]] = []
    for frame in frames:
        if bursts and frame.start - bursts[-1][-1].end < FLIGHT_GAP / 2:
            bursts[-1].append(frame)
        else:
            bursts.append([frame])
    flights = bursts[1:]  # the first is the start-up
    # The last burst may be the app leaving the screen: keep as many as flew.
    flights = flights[: args.flights]
    sizes = [sum(f.size for f in burst) for burst in flights]
    counts = [len(burst) for burst in flights]
    return sizes, counts, [b - a for a, b in itertools.pairwise(cpu)]


# --- A move of the table ------------------------------------------------------------------


def table_moves(motion: bool, args: argparse.Namespace) -> tui.WatchResult:
    """Four bots play for ``args.seconds`` with motion on or off (``--low-bandwidth``)."""
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp)
        options = ["--watch", "--players", "4", "--seed", "7", "--pace", args.pace]
        if not motion:
            options.append("--low-bandwidth")
        env = tui.terminal_env(home, args.truecolor)
        with tui.terminal(tui.craits_args(home, *options), SIZE, env, True) as term:
            marker = term.wait_for_marker(deadline=30.0)
            os.write(term.master, tui.HIDE_HAND)
            settled = term.wait_for_quiet(0.15, deadline=marker + 2.0)
            term.read_until(marker + args.seconds)
        count = tui.count_moves(home / "games.sqlite3")
    frames = tui.frames_of(term)
    full = tui.first_full_frame(term, SIZE) or marker
    first_frame = next(f.start for f in frames if f.end >= full and f.start > settled)
    bursts = tui.bursts_of(frames, first_frame, tui.PACES[args.pace])
    return tui.WatchResult(SIZE, False, args.seconds, count, bursts, bytes(term.data), True)


# --- Report ---------------------------------------------------------------------------------


def report_flights(results: dict[int, tuple[list[int], list[int], list[float]]]) -> None:
    print(
        f"One flight of 0.3 s over {FLY_COLUMNS} columns at {SIZE[0]}x{SIZE[1]}, "
        f"{len(next(iter(results.values()))[0])} flights each"
    )
    print(f"{'steps/s':>8}{'median':>9}{'max':>9}{'frames':>8}{'bytes/frame':>13}{'CPU ms':>8}")
    for steps, (sizes, counts, cpu) in results.items():
        if not sizes:
            print(f"{steps:>8}  no flights seen")
            continue
        median = statistics.median(sizes)
        frames = statistics.median(counts)
        cpu_ms = statistics.median(cpu) * 1000 if cpu else float("nan")
        print(
            f"{steps:>8}{median:>9,.0f}{max(sizes):>9,}{frames:>8g}"
            f"{median / max(frames, 1):>13,.0f}{cpu_ms:>8.1f}"
        )
    print("median, max: bytes of a flight; frames: median frames of a flight;")
    print("CPU ms: the app's CPU time from one flight's start to the next's (median).")


def report_moves(on: tui.WatchResult, off: tui.WatchResult, pace: str) -> float | None:
    print()
    print(f"Bytes of a move of the table at {SIZE[0]}x{SIZE[1]}, four bots, pace {pace}")
    print(
        f"{'motion':<10}{'moves':>6}{'found':>6}{'median':>9}{'p90':>9}{'mean':>9}"
        f"{'all/move':>9}{'frames':>7}"
    )
    medians = {}
    for name, result in (("on", on), ("off", off)):
        sizes = [b.size for b in result.moves]
        if not sizes:
            print(f"{name:<10}{result.count.moves:>6}{0:>6}  no moves seen")
            continue
        medians[name] = statistics.median(sizes)
        frames = statistics.median(len(b.frames) for b in result.moves)
        after = (len(result.data) - result.start_up_bytes) / max(1, result.count.moves)
        print(
            f"{name:<10}{result.count.moves:>6}{len(sizes):>6}{medians[name]:>9,.0f}"
            f"{tui.percentile(sizes, 0.9):>9,}{statistics.fmean(sizes):>9,.0f}"
            f"{after:>9,.0f}{frames:>7g}"
        )
        if abs(len(sizes) - result.count.moves) > 1:
            print(f"note: motion {name}: the cut found {len(sizes)} moves for {result.count.moves}")
    print(
        "moves: made (the save file); found: cut from the output; median to mean: bytes\n"
        "of a move; all/move: every byte after the start-up over the moves made (round\n"
        "summaries too); frames: median frames of a move."
    )
    return medians.get("on")


def main() -> None:
    if len(sys.argv) == 5 and sys.argv[1] == "--fly-app":
        fly_app(int(sys.argv[2]), int(sys.argv[3]), Path(sys.argv[4]))
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=40.0, help="watching, each way")
    parser.add_argument("--flights", type=int, default=12, help="flights at each cap")
    parser.add_argument("--pace", choices=list(tui.PACES), default="slow", help="the bots' pace")
    parser.add_argument("--truecolor", action="store_true", help="set COLORTERM=truecolor")
    parser.add_argument("--no-table", action="store_true", help="one flight only")
    parser.add_argument("--no-flights", action="store_true", help="the table only")
    args = parser.parse_args()

    if not args.no_flights:
        report_flights({steps: one_flight(steps, args) for steps in CAPS})
    if args.no_table:
        return
    median = report_moves(table_moves(True, args), table_moves(False, args), args.pace)
    print()
    if median is None:
        print(f"target: median move with motion at most {tui.kb(MOVE_TARGET)}: no moves seen")
    else:
        verdict = "met" if median <= MOVE_TARGET else "NOT met"
        print(
            f"target: median move with motion at most {tui.kb(MOVE_TARGET)} "
            f"({tui.kb(median)}): {verdict}"
        )


if __name__ == "__main__":
    main()
