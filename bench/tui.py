"""TUI benchmark: start-up time and bytes on the wire per move, in a real pseudo-terminal.

Each program runs in a pseudo-terminal of a given size (TERM=xterm-256color, English,
throwaway data and config directories), and everything it writes is read back with the
time it arrived, as a terminal emulator would. Prints figures, and a line per target.

Start-up: from spawning the process to its first full frame, at 100x32, for
`craits-tui` opening a table directly (``--players 4 --seed 7 --pace slow``) and for a
minimal Textual app (`bench/minimal_app.py`: a Static and a Footer), taking turns,
after one run of each to warm the caches. The first full frame is the moment when
every cell of the window has been drawn at least once and the footer's "Quit" has
arrived (the output is replayed on a grid: cursor moves and text). Both conditions are
needed: Textual's first frames may cover only part of the screen, or draw the footer
bar before its keys. "Quiet" is also shown: the last write before the program stays
silent for 0.3 s, after its follow-up frames. Target: start-up within 1.5x of the
minimal app's (medians).

Bytes per move: `craits-tui --watch --players 4 --seed 7` (four bots) at 100x32 and
at 80x24, for some seconds after its first frame. First with the hand of the player
to move hidden (the bench presses v): that is the table a player sees, whose hand
changes only on their own moves, and the target's measure. Then as a watcher sees it
by default, with that hand shown, which changes with every move. The moves made are
counted afterwards from the save file (the events that start a command, as the store
replays them). The output is cut into moves by time: a move's frames come within
some 0.2 s of each other and the next bot moves a pace later, so a silence of 0.4 x
pace (at most 0.4 s) between two frames starts the next move. A burst after a long
silence (a round summary that closed by itself) starts a round and is not a move;
the start-up frames are not counted either. The default pace is "normal" (0.8 s, the
game's default): at "fast" (0.3 s) a move's last frames can come as late as 0.2 s
after its first, so the cut may merge or split a few moves (the mean comes out the
same); at "instant" only "all/move" means something. The table shows how many moves
the cut found beside the true count. The first ten or so moves are cheaper, while
the log still has room below its last line: 30 s give some 35 moves at "normal".
Target: a median move under 4 KB at 100x32 (about what repainting a Textual
DataTable costs at 80x24).

The terminal answers Textual's query for synchronized output (mode 2026) as most
modern terminals do, so each frame comes between ``ESC [?2026h`` and ``ESC [?2026l``
and frames can be counted; ``--no-sync`` leaves the query unanswered (frames are then
told apart by timing). Colours are 256 unless ``--truecolor`` sets COLORTERM=truecolor,
which SSH does not pass on by default; 24-bit colour codes make every styled run some
10 bytes longer. ``--by-widget`` adds where a move's bytes go (a mean), widget by
widget, by the layout of the watching table laid out headless at the same size.

    python bench/tui.py [--reps N] [--seconds S] [--pace normal] [--truecolor] [--by-widget]
"""

from __future__ import annotations

import argparse
import asyncio
import bisect
import compileall
import fcntl
import itertools
import math
import os
import re
import select
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
import unicodedata
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path

import craits_core
import craits_tui
from craits_core import GameStore
from craits_tui.settings import PACES

MINIMAL_APP = Path(__file__).resolve().parent / "minimal_app.py"

MARKER = b"Quit"
"""Text in the footer of both apps."""
SYNC_QUERY = b"\x1b[?2026$p"
SYNC_REPLY = b"\x1b[?2026;2$y"
SYNC_START = b"\x1b[?2026h"

START_UP_SIZE = (100, 32)
WATCH_SIZES = ((100, 32), (80, 24))
QUIET = 0.3
"""Seconds of silence after which a program's screen counts as settled."""
ROUND_GAP = 1.0
"""A silence this long (and of 3 paces at least) means the game paused between rounds."""

START_UP_TARGET = 1.5
"""Start-up of craits-tui within this factor of the minimal app's."""
MOVE_TARGET = 4096
"""Bytes: a median move under this at 100x32 (a DataTable repaint at 80x24)."""
HIDE_HAND = b"v"
"""The key that hides the hand of the player to move, when watching."""

COMMAND_EVENTS = {"card-played", "suit-chosen", "last-card-announced", "idiot-called"}
"""Event types that start a command (and draws on the turn or on the crank)."""


# --- A pseudo-terminal -------------------------------------------------------------------


def craits_program() -> list[str]:
    """The command that starts craits-tui: the installed script, if there is one."""
    script = Path(sys.executable).with_name("craits-tui")
    return [str(script)] if script.exists() else [sys.executable, "-m", "craits_tui"]


def craits_args(home: Path, *options: str) -> list[str]:
    """craits-tui with ``options``, keeping its games and settings in ``home``."""
    files = ("--store", str(home / "games.sqlite3"), "--settings", str(home / "settings.json"))
    return [*craits_program(), *options, *files]


def terminal_env(home: Path, truecolor: bool) -> dict[str, str]:
    """The environment of a program in our terminal: no inherited Textual, colour or
    locale settings; English, UTF-8, and the data and config directories in ``home``."""
    drop = ("TEXTUAL", "NO_COLOR", "FORCE_COLOR", "COLORTERM", "COLUMNS", "LINES", "LC_")
    env = {k: v for k, v in os.environ.items() if not k.startswith(drop)}
    env.pop("LANGUAGE", None)
    env.update(
        TERM="xterm-256color",
        LANG="C.UTF-8",
        PYTHONIOENCODING="utf-8",
        XDG_DATA_HOME=str(home / "data"),
        XDG_CONFIG_HOME=str(home / "config"),
    )
    if truecolor:
        env["COLORTERM"] = "truecolor"
    return env


@dataclass
class Terminal:
    """A program running in a pseudo-terminal, and what it wrote (times in seconds
    from the spawn)."""

    proc: subprocess.Popen[bytes]
    master: int
    start: float
    answer_sync: bool
    data: bytearray = field(default_factory=bytearray)
    chunks: list[tuple[float, int]] = field(default_factory=list)
    """(arrival, offset in ``data``) of every read."""
    marker_at: float | None = None
    closed: bool = False

    @classmethod
    def spawn(
        cls, argv: list[str], size: tuple[int, int], env: dict[str, str], answer_sync: bool
    ) -> Terminal:
        cols, rows = size
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        start = time.perf_counter()
        proc = subprocess.Popen(
            argv, stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True
        )
        os.close(slave)
        return cls(proc, master, start, answer_sync)

    def now(self) -> float:
        return time.perf_counter() - self.start

    def read(self, timeout: float) -> bool:
        """Wait up to ``timeout`` s for output and keep it; False if none came."""
        if self.closed:
            return False
        ready, _, _ = select.select([self.master], [], [], max(timeout, 0.0))
        if not ready:
            return False
        try:
            data = os.read(self.master, 1 << 16)
        except OSError:  # EIO: the program is gone and all it wrote has been read
            data = b""
        if not data:
            self.closed = True
            return False
        at = self.now()
        before = len(self.data)
        self.chunks.append((at, before))
        self.data += data
        asked = SYNC_QUERY in self.data[max(0, before - 16) :]
        if self.answer_sync and asked and SYNC_QUERY not in self.data[:before]:
            os.write(self.master, SYNC_REPLY)
        if self.marker_at is None and MARKER in self.data[max(0, before - len(MARKER)) :]:
            self.marker_at = at
        return True

    def time_of(self, position: int) -> float:
        """When the byte at ``position`` of the output arrived."""
        index = bisect.bisect_right(self.chunks, position, key=lambda c: c[1]) - 1
        return self.chunks[index][0]

    def read_until(self, deadline: float) -> None:
        while not self.closed and self.now() < deadline:
            self.read(deadline - self.now())

    def wait_for_marker(self, deadline: float) -> float:
        while self.marker_at is None:
            if self.closed or self.now() > deadline:
                tail = bytes(self.data[-400:])
                raise RuntimeError(f"no footer after {deadline} s; the output ends {tail!r}")
            self.read(deadline - self.now())
        return self.marker_at

    def wait_for_quiet(self, quiet: float, deadline: float) -> float:
        """The arrival of the last output before ``quiet`` s of silence."""
        while self.now() < deadline and self.read(quiet):
            pass
        return self.chunks[-1][0]

    def kill(self) -> None:
        """Kill the program, then keep what it had written before it died."""
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait()
        while self.read(0.2):
            pass
        os.close(self.master)


@contextmanager
def terminal(
    argv: list[str], size: tuple[int, int], env: dict[str, str], answer_sync: bool
) -> Iterator[Terminal]:
    term = Terminal.spawn(argv, size, env, answer_sync)
    try:
        yield term
    finally:
        term.kill()


_TOKEN = re.compile(
    rb"\x1b\[([0-9;?<>=]*)([ -/]*[@-~])"  # CSI
    rb"|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)"  # OSC
    rb"|\x1b[@-_]"  # other escapes
    rb"|[\r\n\b]"
    rb"|[^\x1b\r\n\b]+"
)


def strokes(data: bytes) -> Iterator[tuple[int, int, int, int, int]]:
    """What ``data`` does to a terminal, piece by piece: (end offset in ``data``, row,
    column, bytes, cells drawn), 0-based, by where the cursor is. A colour code counts
    for the cell it colours (and draws nothing); codes that draw nothing anywhere
    (cursor moves, modes) are at (-1, -1)."""
    row = col = 0
    for m in _TOKEN.finditer(data):
        token, end = m.group(0), m.end()
        if m.group(2) is not None:
            final = m.group(2)[-1:]
            if final == b"H" and not m.group(1).startswith(b"?"):
                parts = [int(p or 1) for p in m.group(1).split(b";")] + [1, 1]
                row, col = parts[0] - 1, parts[1] - 1
                yield end, -1, -1, len(token), 0
            elif final == b"m":
                yield end, row, col, len(token), 0
            else:
                yield end, -1, -1, len(token), 0
        elif token == b"\r":
            col = 0
            yield end, -1, -1, 1, 0
        elif token == b"\n":
            row += 1
            yield end, -1, -1, 1, 0
        elif token.startswith(b"\x1b") or token == b"\b":
            yield end, -1, -1, len(token), 0
        else:
            offset = m.start()
            for char in token.decode("utf-8", "replace"):
                size = len(char.encode("utf-8"))
                offset += size
                width = 2 if unicodedata.east_asian_width(char) in "WF" else 1
                yield offset, row, col, size, width
                col += width


def first_full_frame(term: Terminal, size: tuple[int, int]) -> float | None:
    """When every cell of the window had been drawn and the footer's text had come."""
    if term.marker_at is None:
        return None
    cols, rows = size
    left = cols * rows
    drawn = bytearray(left)
    for end, row, col, _, width in strokes(bytes(term.data)):
        for x in range(col, col + width):
            if 0 <= row < rows and 0 <= x < cols and not drawn[row * cols + x]:
                drawn[row * cols + x] = 1
                left -= 1
        if not left:
            return max(term.time_of(end - 1), term.marker_at)
    return None


# --- Start-up ------------------------------------------------------------------------------


def start_up_once(program: str, args: argparse.Namespace) -> tuple[float, float]:
    """Seconds to the first full frame, and to the screen settled."""
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp)
        if program == "craits-tui":
            # As a player starts it: the save file and settings found through the
            # XDG directories (in ``home``), not given on the command line.
            argv = [*craits_program(), "--players", "4", "--seed", "7", "--pace", "slow"]
        else:
            argv = [sys.executable, str(MINIMAL_APP)]
        env = terminal_env(home, args.truecolor)
        with terminal(argv, START_UP_SIZE, env, not args.no_sync) as term:
            marker = term.wait_for_marker(deadline=30.0)
            settled = term.wait_for_quiet(QUIET, deadline=marker + 10.0)
    first = first_full_frame(term, START_UP_SIZE)
    if first is None:
        print(f"note: {program} left cells of the window undrawn: quiet used", file=sys.stderr)
        first = settled
    return first, settled


def compile_game() -> None:
    """Write the game's bytecode, as `pip install` does. A source checkout run with
    PYTHONDONTWRITEBYTECODE (or from a read-only tree) would compile every module at
    every start, and the start-up measured would be a developer's, not a player's."""
    for package in (craits_core, craits_tui):
        compileall.compile_dir(Path(package.__file__).parent, quiet=1)


def bench_start_up(args: argparse.Namespace) -> dict[str, list[tuple[float, float]]]:
    compile_game()
    programs = ("minimal Textual app", "craits-tui")
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in programs}
    for rep in range(args.reps + 1):
        for name in programs:
            measured = start_up_once(name, args)
            if rep:  # the first round warms the caches
                times[name].append(measured)
    return times


# --- Bytes per move --------------------------------------------------------------------------


@dataclass
class Frame:
    start: float
    end: float
    offset: int
    size: int


@dataclass
class Burst:
    """Frames that answer one thing: the start-up, a move, or a new round."""

    frames: list[Frame]
    kind: str  # "start-up", "move" or "round"

    @property
    def size(self) -> int:
        return sum(f.size for f in self.frames)


def frames_of(term: Terminal) -> list[Frame]:
    """The frames of the output: from one synchronized-output start to the next when
    the program marks them, else runs of reads less than 5 ms apart."""
    data = bytes(term.data)
    cuts = [m.start() for m in re.finditer(re.escape(SYNC_START), data)]
    if not cuts:
        cuts = [
            offset
            for (earlier, _), (at, offset) in itertools.pairwise(term.chunks)
            if at - earlier > 0.005
        ]
    bounds = [0, *[c for c in cuts if c > 0], len(data)]
    return [
        Frame(term.time_of(a), term.time_of(b - 1), a, b - a)
        for a, b in itertools.pairwise(bounds)
        if b > a
    ]


def bursts_of(frames: list[Frame], first_frame: float, delay: float) -> list[Burst]:
    """The start-up (every frame to the first full one, and those right after it),
    then a burst per move or new round: a silence of 0.4 x pace starts the next."""
    bursts: list[Burst] = []
    cut = min(0.4 * delay, 0.4)
    pause = max(ROUND_GAP, 3 * delay)
    previous_end = 0.0
    for frame in frames:
        gap = frame.start - previous_end
        if not bursts:
            bursts.append(Burst([frame], "start-up"))
        elif frame.start > first_frame and gap >= cut:
            bursts.append(Burst([frame], "round" if gap >= pause else "move"))
        else:
            bursts[-1].frames.append(frame)
        previous_end = frame.end
    return bursts


@dataclass
class GameCount:
    moves: int
    rounds_ended: int


def count_moves(store_path: Path) -> GameCount:
    """The commands of the one game saved at ``store_path``: the events that start one.
    A play that says "last card" is one command (the announcement rides on it), and a
    draw that runs the stock short starts with a reshuffle, counted with the draw."""
    with GameStore(store_path) as store:
        (record,) = store.games()
        events = store.load(record.id, attach=False).events
    moves = 0
    for previous, event in zip([None, *events], events, strict=False):
        kind = event["type"]
        if kind == "cards-drawn":
            moves += event["reason"] in ("turn", "crank")
        elif kind == "last-card-announced" and previous is not None:
            rides = previous["type"] == "card-played" and previous["player"] == event["player"]
            moves += not rides
        else:
            moves += kind in COMMAND_EVENTS
    return GameCount(moves, sum(e["type"] == "round-ended" for e in events))


@dataclass
class WatchResult:
    size: tuple[int, int]
    hand: bool
    """Whether the hand of the player to move was shown."""
    seconds: float
    count: GameCount
    bursts: list[Burst]
    data: bytes
    synced: bool

    @property
    def name(self) -> str:
        return "{}x{}".format(*self.size) + (", hand shown" if self.hand else "")

    def of_kind(self, kind: str) -> list[Burst]:
        return [b for b in self.bursts if b.kind == kind]

    @property
    def moves(self) -> list[Burst]:
        return self.of_kind("move")

    @property
    def start_up_bytes(self) -> int:
        return sum(b.size for b in self.of_kind("start-up"))


def watch(size: tuple[int, int], args: argparse.Namespace, hand: bool) -> WatchResult:
    """Four bots play for ``args.seconds``, the hand of the player to move shown or
    hidden (the v key, pressed once the table is up; its repaint counts as start-up)."""
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp)
        options = ("--watch", "--players", "4", "--seed", "7", "--pace", args.pace)
        env = terminal_env(home, args.truecolor)
        with terminal(craits_args(home, *options), size, env, not args.no_sync) as term:
            marker = settled = term.wait_for_marker(deadline=30.0)
            if not hand:
                os.write(term.master, HIDE_HAND)
                settled = term.wait_for_quiet(0.15, deadline=marker + 2.0)
            term.read_until(marker + args.seconds)
        # Killed: the save file holds the commands whose frames were read, give or
        # take the one in flight.
        count = count_moves(home / "games.sqlite3")
    frames = frames_of(term)
    full = first_full_frame(term, size) or marker
    first_frame = next(f.start for f in frames if f.end >= full and f.start > settled)
    bursts = bursts_of(frames, first_frame, PACES[args.pace])
    synced = SYNC_START in term.data
    return WatchResult(size, hand, args.seconds, count, bursts, bytes(term.data), synced)


# --- Where the bytes go ----------------------------------------------------------------------


def widget_map(size: tuple[int, int], pace: str, hand: bool) -> list[list[str]]:
    """The widget at every cell of the watching table, by its id or its class, laid out
    headless at ``size`` just after the deal (with the hand of the player to move
    shown or hidden)."""
    from textual.errors import NoWidget
    from textual.screen import Screen
    from textual.widget import Widget

    from craits_tui.app import CraitsApp
    from craits_tui.launch import Launch, NewGame
    from craits_tui.settings import Settings
    from craits_tui.table import Seat

    cols, rows = size
    seats = tuple(Seat(name, "normal") for name in ("Ada", "Bob", "Cy", "Di"))
    names = [["?"] * cols for _ in range(rows)]

    def label(widget: Widget) -> str:
        node = widget
        while not node.id and isinstance(node.parent, Widget):
            if isinstance(node.parent, Screen):
                break
            node = node.parent
        return f"#{node.id}" if node.id else type(node).__name__

    async def lay_out(home: Path) -> None:
        app = CraitsApp(
            Launch(new_game=NewGame(seats, seed="7")),
            Settings(pace=pace),
            store_path=home / "games.sqlite3",
            settings_file=home / "settings.json",
        )
        async with app.run_test(size=size) as pilot:
            await pilot.pause(0.2)
            if not hand:
                await pilot.press(HIDE_HAND.decode())
                await pilot.pause(0.2)
            for y in range(rows):
                for x in range(cols):
                    with suppress(NoWidget):
                        names[y][x] = label(app.screen.get_widget_at(x, y)[0])

    with tempfile.TemporaryDirectory() as tmp:
        asyncio.run(lay_out(Path(tmp)))
    return names


def by_widget(result: WatchResult, names: list[list[str]]) -> Counter[str]:
    """Bytes per move (a mean over the moves), widget by widget."""
    totals: Counter[str] = Counter()
    cols, rows = result.size
    for burst in result.moves:
        for frame in burst.frames:
            chunk = result.data[frame.offset : frame.offset + frame.size]
            for _, row, col, size, _ in strokes(chunk):
                inside = 0 <= row < rows and 0 <= col < cols
                totals[names[row][col] if inside else "(cursor moves, modes)"] += size
    moves = max(1, len(result.moves))
    return Counter({name: round(size / moves) for name, size in totals.items()})


# --- Report ------------------------------------------------------------------------------------


def percentile(values: list[int], fraction: float) -> int:
    """Nearest rank."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(fraction * len(ordered)) - 1)]


def kb(size: float) -> str:
    return f"{size / 1024:.1f} KB"


def report_start_up(times: dict[str, list[tuple[float, float]]]) -> float:
    """Prints the start-up figures; returns craits-tui's median over the minimal app's."""
    reps = len(next(iter(times.values())))
    print("Start-up at {}x{}, seconds from spawn, {} runs each".format(*START_UP_SIZE, reps))
    print(f"{'':<22}{'first full frame':>20}{'quiet':>20}")
    print(f"{'program':<22}{'median':>10}{'min':>10}{'median':>10}{'min':>10}")
    medians = {}
    for name, runs in times.items():
        firsts = [f for f, _ in runs]
        quiets = [q for _, q in runs]
        medians[name] = statistics.median(firsts)
        print(
            f"{name:<22}{medians[name]:>10.3f}{min(firsts):>10.3f}"
            f"{statistics.median(quiets):>10.3f}{min(quiets):>10.3f}"
        )
    ratio = medians["craits-tui"] / medians["minimal Textual app"]
    print(f"craits-tui / minimal app (medians): {ratio:.2f}x")
    return ratio


def report_moves(results: list[WatchResult], args: argparse.Namespace) -> None:
    colours = "24-bit" if args.truecolor else "256"
    print()
    print(
        f"Bytes on the wire while four bots play: pace {args.pace}, {colours} colours, "
        f"{args.seconds:g} s"
    )
    print(
        f"{'size':<20}{'moves':>6}{'found':>6}{'median':>9}{'p90':>9}{'max':>9}{'mean':>9}"
        f"{'all/move':>9}{'frames':>7}{'KB/s':>6}{'start-up':>9}"
    )
    for r in results:
        sizes = [b.size for b in r.moves]
        line = f"{r.name:<20}{r.count.moves:>6}{len(sizes):>6}"
        if sizes:
            line += f"{statistics.median(sizes):>9,.0f}{percentile(sizes, 0.9):>9,}"
            line += f"{max(sizes):>9,}{statistics.fmean(sizes):>9,.0f}"
            frames = statistics.median(len(b.frames) for b in r.moves)
        else:
            line += f"{'-':>9}" * 4
            frames = 0
        after = len(r.data) - r.start_up_bytes
        line += f"{after / max(1, r.count.moves):>9,.0f}{frames:>7g}"
        print(line + f"{after / r.seconds / 1024:>6.1f}{r.start_up_bytes:>9,}")
    print(
        "moves: made, from the save file; found: moves cut from the output; median to mean:\n"
        "bytes of a move; all/move: every byte after the start-up (round summaries too)\n"
        "over the moves made; frames: median frames per move; KB/s: after the start-up;\n"
        f"start-up: bytes to the first full frame and right after. A DataTable repaint at\n"
        f"80x24 costs about {kb(MOVE_TARGET)}."
    )
    for r in results:
        if abs(len(r.moves) - r.count.moves) > 1:
            print(
                f"note: at {r.name} the cut found {len(r.moves)} moves for {r.count.moves} "
                f"made ({r.count.rounds_ended} rounds ended): the median and p90 are rough"
            )
        if not r.synced:
            print(f"note: at {r.name} frames were not marked: told apart by timing")


def report_widgets(result: WatchResult, names: list[list[str]]) -> None:
    print()
    print(f"Where a move's bytes go at {result.name} (mean bytes per move)")
    for name, size in by_widget(result, names).most_common():
        if size:
            print(f"  {name:<24}{size:>8,}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=5, help="start-ups of each program")
    parser.add_argument("--seconds", type=float, default=30.0, help="watching, at each size")
    parser.add_argument("--pace", choices=list(PACES), default="normal", help="the bots' pace")
    parser.add_argument("--truecolor", action="store_true", help="set COLORTERM=truecolor")
    parser.add_argument(
        "--no-sync", action="store_true", help="leave the synchronized-output query unanswered"
    )
    parser.add_argument("--by-widget", action="store_true", help="bytes of a move by widget")
    parser.add_argument("--no-start-up", action="store_true", help="bytes per move only")
    args = parser.parse_args()

    ratio = None if args.no_start_up else report_start_up(bench_start_up(args))
    results = [watch(size, args, hand) for hand in (False, True) for size in WATCH_SIZES]
    report_moves(results, args)
    if args.by_widget:
        for result in results:
            report_widgets(result, widget_map(result.size, args.pace, result.hand))

    print()
    if ratio is not None:
        verdict = "met" if ratio <= START_UP_TARGET else "NOT met"
        print(
            f"target: start-up within {START_UP_TARGET}x of the minimal app "
            f"({ratio:.2f}x): {verdict}"
        )
    moves = results[0].moves
    if moves:
        median = statistics.median(b.size for b in moves)
        verdict = "met" if median < MOVE_TARGET else "NOT met"
        print(
            f"target: median move under {kb(MOVE_TARGET)} at {results[0].name} "
            f"({kb(median)}): {verdict}"
        )
    else:
        print(f"target: median move under {kb(MOVE_TARGET)}: no moves seen")


if __name__ == "__main__":
    main()
