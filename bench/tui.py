"""TUI benchmark: start-up, bytes on the wire and CPU per move, in a real pseudo-terminal.

Each program runs in a pseudo-terminal of a given size (TERM=xterm-256color, English,
throwaway data and config directories), and everything it writes is read back with the
time it arrived, as a terminal emulator would. Prints figures, and a line per target.

Start-up: from spawning the process to its first full frame, at 100x32, for
`craits-tui` opening a table directly (``--players 4 --seed 7 --pace slow``) and for a
minimal Textual app (`bench/minimal_app.py`: a Static and a Footer), taking turns,
after one run of each to warm the caches. The first full frame is the moment when
every cell of the window has been drawn at least once and the footer's last key has
arrived (the output is replayed on a grid: cursor moves and text). Both conditions are
needed: Textual's first frames may cover only part of the screen, or draw the footer
bar before its keys. "Quiet" is also shown: the last write before the program stays
silent for 0.3 s, after its follow-up frames. Target: start-up within 1.4x of the
minimal app's (medians).

Moves: `craits-tui --watch --players 4 --seed 7` (four bots, level normal unless
``--bots``) for some seconds after its first frame, with motion on (cards move on the
table) and off (``--low-bandwidth``, as on a slow link), at 100x32 and 80x24 (motion
off at 100x32 only, unless ``--low-bandwidth-sizes``). First with the hand of the
player to move hidden (the bench presses v): that is the table a player sees, whose
hand changes only on their own moves, and the bytes target's measure. Then as a
watcher sees it by default, with that hand shown, which changes with every move.

The moves are told apart by the save file: the game saves each move (one transaction)
before it draws it, so the moment its write-ahead log changes is the moment a move
begins, and what was saved says what it was. The output from one save to the next is
the move's: its frames, and any motion that follows. A save that ends a round also
holds the round's summary and the next deal: it is a "round", not a move; the
start-up, and a move cut short by the end of the run, are not counted either. The
first ten or so moves are cheaper, while the log still has room below its last line:
20 s give some 22 moves at the default pace, "normal" (0.8 s, the game's default).
Target: with motion on, a median move of at most 8 KB at 100x32.

CPU: the game's process's user and system time, all its threads (from /proc: the
bots' thinking is included, as it runs in the same process; ``--bots random`` all but
removes it), from the first move saved in the run to the last, over the moves saved
in between (from the save file), round summaries and idle time included; and, one
move at a time, from one save to the next (the median and p90 of the moves). Then a
minimal Textual app at the same size, which every "move", at the pace the game kept,
changes a little text in as many widgets as an ordinary move of the table redraws,
over about as many cells (counted first, headless: the widgets whose `refresh` a
move calls), with a Footer, and lays nothing out again: measured the same way. Target, for the watcher's table at 100x32 with motion off (the
hand shown, as ``craits-tui --watch --low-bandwidth`` starts): at most 11 ms a move,
and at most 1.0x the minimal app's. ``--cpu-reps N`` runs that table and the minimal
app N times in turn, and the targets take the medians. CPU time is the program's
own, yet it grows when others keep the machine's CPUs busy: each run says how busy
they were, and the load average is printed at the start and at the end.

The terminal answers Textual's query for synchronized output (mode 2026) as most
modern terminals do, so each frame comes between ``ESC [?2026h`` and ``ESC [?2026l``
and frames can be counted; ``--no-sync`` leaves the query unanswered (frames are then
told apart by timing). Colours are 256 unless ``--truecolor`` sets COLORTERM=truecolor,
which SSH does not pass on by default; 24-bit colour codes make every styled run some
10 bytes longer. ``--by-widget`` adds where a move's bytes go (a mean), widget by
widget, by the layout of the watching table laid out headless at the same size.

    python bench/tui.py [--reps N] [--seconds S] [--pace normal] [--bots LEVELS]
        [--sizes 100x32,80x24] [--low-bandwidth-sizes 100x32] [--cpu-reps 1]
        [--truecolor] [--by-widget] [--no-start-up] [--no-cpu]

By default it all takes some three minutes. Where the CPU goes: `bench/tui_profile.py`.
"""

from __future__ import annotations

import argparse
import bisect
import compileall
import fcntl
import itertools
import math
import os
import re
import select
import signal
import sqlite3
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import textwrap
import time
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from _cpu import CLOCK_TICK, CpuReading, read_cpu, schedstat_available
from _headless import HIDE_HAND, ROUND_EVENTS, RefreshCount, count_refreshes, widget_map

import craits_core
import craits_tui
from craits_core import Event, GameStore
from craits_core.moves import command_for
from craits_tui.settings import PACES

MINIMAL_APP = Path(__file__).resolve().parent / "minimal_app.py"

MARKER = b"Leave"
"""Text in the footer of both apps."""
SYNC_QUERY = b"\x1b[?2026$p"
SYNC_REPLY = b"\x1b[?2026;2$y"
SYNC_START = b"\x1b[?2026h"

START_UP_SIZE = (100, 32)
QUIET = 0.3
"""Seconds of silence after which a program's screen counts as settled."""
ROUND_GAP = 1.0
"""A silence this long (and of 3 paces at least) means the game paused between rounds."""
POLL = 0.005
"""Seconds between looks at the save file, while reading the output."""

START_UP_TARGET = 1.4
"""Start-up of craits-tui within this factor of the minimal app's."""
MOVE_TARGET = 5.8 * 1024
"""Bytes: with motion on, a median move of at most this at 100x32 (the figure before
the table was drawn line by line: no more bytes for it)."""
EARLIER_MOVE_TARGET = 4.1 * 1024
"""Bytes: the same with motion off, at most."""
CPU_TARGET = 0.011
"""Seconds of CPU a move, at most, for the watcher's table at 100x32, motion off."""
CPU_RATIO_TARGET = 1.2
"""The same, over the minimal app's, at most."""
MOTION_RATIO_TARGET = 2.0
"""CPU a move with motion on, over motion off (both with the hand shown), at most."""
TARGET_SIZE = (100, 32)

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


# --- Frames and bursts ---------------------------------------------------------------------


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
    kind: str  # "start-up", "move", "round", or "merged" (moves that could not be parted)
    cpu_ns: int | None = None
    """CPU the program used over it, when known."""
    seconds: float = 0.0
    """From its start to the next one's, when known."""

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
    """Moves cut by silence, where the save file cannot cut them: the start-up (every
    frame to the first full one, and those right after it), then a burst per move or
    new round: a silence of 0.4 x pace (at most 0.4 s) starts the next. At "fast" a
    move's last frames may come 0.2 s after its first, and a move in motion may run
    into the next: the cut then merges or splits moves."""
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


# --- Moves as they are saved -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Step:
    """A move saved by the program (or a tick of the minimal app)."""

    at: float
    """When it was written, in the terminal's clock (the file's modification time)."""
    count: int
    """Events saved so far (ticks, for the minimal app)."""
    cpu: CpuReading
    """The program's CPU time, read as soon as the bench saw the write."""


class Progress:
    """Watches a file that a program rewrites at every move, without slowing it: a
    `stat` at every look, and a read only when the file changed. Subclasses say which
    file and how to read its count."""

    def __init__(self, path: Path, term: Terminal) -> None:
        self.path = path
        self.term = term
        # The file's times are the wall clock's; the terminal's, perf_counter's.
        self._epoch = time.time_ns() - time.perf_counter_ns()
        self._mtime: int | None = None
        self._pending: int | None = None  # the first sign of a write not yet read
        self._count: int | None = None
        self.steps: list[Step] = []
        self.baseline: Step | None = None
        """The count when the bench first looked, before any step."""

    def read_count(self) -> int | None:
        raise NotImplementedError

    def _clock(self, mtime_ns: int) -> float:
        return (mtime_ns - self._epoch) / 1e9 - self.term.start

    def poll(self) -> None:
        now = self.term.now()
        if self._count is None:
            # The count before any move watched: read until the file can be read.
            count = self.read_count()
            if count is not None:
                self._count = count
                self.baseline = Step(now, count, read_cpu(self.term.proc.pid, now))
        try:
            mtime = os.stat(self.path).st_mtime_ns
        except OSError:
            return
        if self._mtime is None:
            self._mtime = mtime  # as it was before the baseline: no move
        elif mtime != self._mtime:
            self._mtime = mtime
            if self._pending is None:
                self._pending = mtime
        if self._pending is None or self.baseline is None:
            return
        count = self.read_count()
        if count is None or count == self._count:
            if now - self._clock(self._pending) > 0.1:
                self._pending = None  # a write that saved no move
            return
        self.steps.append(
            Step(self._clock(self._pending), count, read_cpu(self.term.proc.pid, now))
        )
        self._count = count
        self._pending = None

    def close(self) -> None:
        pass


class StoreSaves(Progress):
    """The game's save file: its write-ahead log changes at every move saved, and the
    game's record says how many events it holds."""

    def __init__(self, store: Path, term: Terminal) -> None:
        super().__init__(store.with_name(store.name + "-wal"), term)
        self.store = store
        self._conn: sqlite3.Connection | None = None

    def read_count(self) -> int | None:
        try:
            if self._conn is None:
                uri = f"file:{self.store}?mode=ro"
                self._conn = sqlite3.connect(uri, uri=True, timeout=0.05, isolation_level=None)
            row = self._conn.execute("SELECT max(event_count) FROM games").fetchone()
        except sqlite3.Error:
            return None  # not made yet, or busy: the next look will see
        return None if row is None or row[0] is None else int(row[0])

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()


class TickFile(Progress):
    """The minimal app's count of its moves, a number in a file."""

    def read_count(self) -> int | None:
        try:
            return int(self.path.read_text())
        except (OSError, ValueError):
            return None


def observe(term: Terminal, progress: Progress, deadline: float) -> None:
    """Read the output until ``deadline``, looking at the progress file meanwhile."""
    progress.poll()
    while not term.closed and term.now() < deadline:
        term.read(min(POLL, deadline - term.now()))
        progress.poll()


@dataclass(frozen=True)
class Saved:
    """What one step saved: its kind and the moves in it."""

    kind: str  # "move", "round" or "merged"
    moves: int


def command_starts(events: Sequence[Event]) -> list[bool]:
    """Whether each event starts a command (`craits_core.moves.command_for`): a play
    that says "last card" is one command, and a draw that runs the stock short
    starts with its reshuffle."""
    return [command_for(events, index) is not None for index in range(len(events))]


def saved_by_store(events: Sequence[Event]) -> Callable[[int, int], Saved]:
    """What the events from ``a`` to ``b`` of the game were: a move, a round's end,
    or more than one move (two saves seen as one)."""
    starts = command_starts(events)

    def saved(a: int, b: int) -> Saved:
        moves = sum(starts[a:b])
        kinds = {type(e) for e in events[a:b]}
        if kinds & ROUND_EVENTS:
            return Saved("round", moves)
        return Saved("move" if moves == 1 else "merged", moves)

    return saved


def saved_by_ticks(a: int, b: int) -> Saved:
    return Saved("move" if b - a == 1 else "merged", b - a)


@dataclass
class Window:
    """The part of a run measured: from the first move saved after the start-up to
    the last one saved before the end (whose drawing may have been cut short)."""

    bursts: list[Burst]
    """A burst per step: its frames, its CPU, and what it saved."""
    moves: int
    """Moves saved in it."""
    cpu_seconds: float
    """CPU used over it, all threads, by /proc/PID/stat (1/`CLOCK_TICK` s)."""
    seconds: float
    data_size: int
    """Bytes written over it."""
    busy: float
    """How busy the machine was over it (all CPUs, 0 to 1), the program included."""

    @property
    def one_moves(self) -> list[Burst]:
        return [b for b in self.bursts if b.kind == "move"]


def window_of(
    progress: Progress, frames: list[Frame], start: float, saved: Callable[[int, int], Saved]
) -> Window | None:
    """Cut the frames by the steps after ``start``; None with fewer than two."""
    steps = [s for s in progress.steps if s.at > start]
    earlier = [s for s in progress.steps if s.at <= start] or [progress.baseline]
    if len(steps) < 2 or earlier[-1] is None:
        return None
    counts = [earlier[-1].count, *(s.count for s in steps)]
    starts = [f.start for f in frames]
    bursts = []
    moves = 0
    for i, (step, following) in enumerate(itertools.pairwise(steps)):
        what = saved(counts[i], counts[i + 1])
        moves += what.moves
        a = bisect.bisect_left(starts, step.at)
        b = bisect.bisect_left(starts, following.at)
        cpu = following.cpu.ns_since(step.cpu)
        bursts.append(Burst(frames[a:b], what.kind, cpu, following.at - step.at))
    first, last = steps[0], steps[-1]
    return Window(
        bursts,
        moves,
        last.cpu.seconds_since(first.cpu),
        last.at - first.at,
        sum(b.size for b in bursts),
        last.cpu.machine_busy_since(first.cpu),
    )


# --- Watching the bots -----------------------------------------------------------------------


@dataclass(frozen=True)
class RunSpec:
    """One run of the watching table."""

    size: tuple[int, int]
    hand: bool
    """Whether the hand of the player to move is shown."""
    motion: bool
    """Motion on (the default), or off (``--low-bandwidth``)."""

    @property
    def name(self) -> str:
        hand = ", hand shown" if self.hand else ""
        motion = "motion on" if self.motion else "motion off"
        return "{}x{}".format(*self.size) + f"{hand}, {motion}"


CPU_RUN = RunSpec(TARGET_SIZE, hand=True, motion=False)
"""The CPU target's run: ``craits-tui --watch --low-bandwidth`` as it starts."""
MOTION_RUN = RunSpec(TARGET_SIZE, hand=True, motion=True)
"""The same with motion on: what motion costs on top."""
BYTES_RUN = RunSpec(TARGET_SIZE, hand=False, motion=True)
"""The bytes target's run: a player's table (no other hand shown), motion on."""


@dataclass
class WatchResult:
    spec: RunSpec
    seconds: float
    window: Window | None
    """None when the save file could not cut the moves: then `bursts` are cut by silence."""
    bursts: list[Burst]
    data: bytes
    synced: bool
    start_up_bytes: int

    @property
    def name(self) -> str:
        return self.spec.name

    @property
    def moves(self) -> list[Burst]:
        """The bursts of one move each."""
        return [b for b in self.bursts if b.kind == "move"]

    @property
    def rounds(self) -> int:
        return sum(b.kind == "round" for b in self.bursts)


def watch(spec: RunSpec, args: argparse.Namespace) -> WatchResult:
    """Four bots play for ``args.seconds``, the hand of the player to move shown or
    hidden (the v key, pressed once the table is up; its repaint counts as start-up)."""
    options = ["--watch", "--players", "4", "--seed", "7", "--pace", args.pace]
    if not spec.motion:
        options.append("--low-bandwidth")
    if args.bots:
        options += ["--bots", args.bots]
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp)
        store = home / "games.sqlite3"
        env = terminal_env(home, args.truecolor)
        with terminal(craits_args(home, *options), spec.size, env, not args.no_sync) as term:
            saves = StoreSaves(store, term)
            try:
                marker = settled = term.wait_for_marker(deadline=30.0)
                if not spec.hand:
                    os.write(term.master, HIDE_HAND.encode())
                    settled = term.wait_for_quiet(0.15, deadline=marker + 2.0)
                observe(term, saves, marker + args.seconds)
            finally:
                saves.close()
        # Killed: the save file holds every move whose frames were read, and maybe
        # one more (past the window's end).
        with GameStore(store) as games:
            (record,) = games.games()
            events = games.load(record.id, attach=False).events
    frames = frames_of(term)
    full = first_full_frame(term, spec.size) or marker
    first_frame = next((f.start for f in frames if f.end >= full and f.start > settled), settled)
    by_silence = bursts_of(frames, first_frame, PACES[args.pace])
    # The moves measured begin after the start-up's last frames.
    start = max(settled, by_silence[0].frames[-1].end)
    window = window_of(saves, frames, start, saved_by_store(events))
    bursts = window.bursts if window is not None else by_silence[1:]
    return WatchResult(
        spec,
        args.seconds,
        window,
        bursts,
        bytes(term.data),
        SYNC_START in term.data,
        by_silence[0].size,
    )


# --- The minimal app's moves -----------------------------------------------------------------


@dataclass
class MinimalResult:
    widgets: int
    cells: int
    every: float
    window: Window | None


def minimal_moves(args: argparse.Namespace, count: RefreshCount, every: float) -> MinimalResult:
    """The minimal app at 100x32 changing as many widgets every ``every`` s as an
    ordinary move of the table redraws, over about as many cells."""
    widgets, cells = count.median_widgets, count.median_cells
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp)
        ticks = home / "ticks"
        argv = [sys.executable, str(MINIMAL_APP), "--widgets", str(widgets)]
        argv += ["--cells", str(cells)]
        argv += ["--every", f"{every:.3f}", "--ticks", str(ticks)]
        env = terminal_env(home, args.truecolor)
        with terminal(argv, TARGET_SIZE, env, not args.no_sync) as term:
            progress = TickFile(ticks, term)
            marker = term.wait_for_marker(deadline=30.0)
            settled = term.wait_for_quiet(0.15, deadline=marker + 2.0)
            observe(term, progress, marker + args.seconds)
    window = window_of(progress, frames_of(term), settled, saved_by_ticks)
    return MinimalResult(widgets, cells, every, window)


# --- Where the bytes go ----------------------------------------------------------------------


def by_widget(result: WatchResult, names: list[list[str]]) -> Counter[str]:
    """Bytes per move (a mean over the moves), widget by widget."""
    totals: Counter[str] = Counter()
    cols, rows = result.spec.size
    for burst in result.moves:
        for frame in burst.frames:
            chunk = result.data[frame.offset : frame.offset + frame.size]
            for _, row, col, size, _ in strokes(chunk):
                inside = 0 <= row < rows and 0 <= col < cols
                totals[names[row][col] if inside else "(cursor moves, modes)"] += size
    moves = max(1, len(result.moves))
    return Counter({name: round(size / moves) for name, size in totals.items()})


# --- Report ------------------------------------------------------------------------------------


def percentile(values: Sequence[float], fraction: float) -> float:
    """Nearest rank."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(fraction * len(ordered)) - 1)]


def kb(size: float) -> str:
    return f"{size / 1024:.1f} KB"


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


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
    bots = args.bots or "normal"
    print()
    print(
        f"Bytes on the wire per move, four bots ({bots}) at pace {args.pace} "
        f"({PACES[args.pace]:g} s), {colours} colours, {args.seconds:g} s a run"
    )
    print(
        f"{'run':<30}{'moves':>6}{'n':>4}{'median':>8}{'p90':>8}{'max':>8}{'mean':>8}"
        f"{'all/move':>9}{'frames':>7}{'KB/s':>6}{'start-up':>9}"
    )
    for r in results:
        sizes = [b.size for b in r.moves]
        made = r.window.moves if r.window is not None else len(sizes)
        line = f"{r.name:<30}{made:>6}{len(sizes):>4}"
        if sizes:
            line += f"{statistics.median(sizes):>8,.0f}{percentile(sizes, 0.9):>8,}"
            line += f"{max(sizes):>8,}{statistics.fmean(sizes):>8,.0f}"
            frames = statistics.median(len(b.frames) for b in r.moves)
        else:
            line += f"{'-':>8}" * 4
            frames = 0
        if r.window is not None:
            per_move = r.window.data_size / max(1, r.window.moves)
            rate = r.window.data_size / max(r.window.seconds, 1e-9) / 1024
            line += f"{per_move:>9,.0f}{frames:>7g}{rate:>6.1f}"
        else:
            line += f"{'-':>9}{frames:>7g}{'-':>6}"
        print(line + f"{r.start_up_bytes:>9,}")
    print(
        "moves: saved from the run's first save after the start-up to its last (from the\n"
        "save file); n: of them, those saved alone (not a round's end), whose bytes give\n"
        "the median to the mean; all/move: every byte over the moves saved, round\n"
        "summaries and new deals included; frames: median frames per move; KB/s: over\n"
        "the same time; start-up: bytes to the first full frame and right after."
    )
    for r in results:
        if r.window is None:
            print(f"note: at {r.name} the save file did not cut the moves: cut by silence")
        elif (merged := sum(b.kind == "merged" for b in r.bursts)) > len(r.bursts) // 10:
            print(f"note: at {r.name} {merged} saves held more than one move each")
        if not r.synced:
            print(f"note: at {r.name} frames were not marked: told apart by timing")


def per_move(window: Window | None) -> float | None:
    """CPU seconds a move over the window, all told; None without moves."""
    if window is None or not window.moves:
        return None
    return window.cpu_seconds / window.moves


def cpu_line(name: str, window: Window | None) -> str:
    cpu = per_move(window)
    if window is None or cpu is None:
        return f"{name:<50}{'(no moves told apart)':>30}"
    line = f"{name:<50}{window.busy:>5.0%}{window.moves:>6}{ms(cpu):>10}"
    ones = [b.cpu_ns / 1e9 for b in window.one_moves if b.cpu_ns is not None]
    if ones and schedstat_available():
        line += f"{ms(statistics.median(ones)):>10}{ms(percentile(ones, 0.9)):>10}"
        line += f"{ms(max(ones)):>10}{len(ones):>4}"
    return line


@dataclass
class CpuPairs:
    """The CPU target's runs: the game's and the minimal app's, in turn."""

    count: RefreshCount
    games: list[WatchResult] = field(default_factory=list)
    minimal: list[MinimalResult] = field(default_factory=list)

    def medians(self) -> tuple[float | None, float | None]:
        """The game's and the minimal app's CPU a move, medians over the runs."""
        game = [c for r in self.games if (c := per_move(r.window)) is not None]
        base = [c for r in self.minimal if (c := per_move(r.window)) is not None]
        return (
            statistics.median(game) if game else None,
            statistics.median(base) if base else None,
        )


def report_cpu(results: list[WatchResult], pairs: CpuPairs | None) -> None:
    print()
    print("CPU of the program per move: user + system, all its threads (the bots' thinking too)")
    print(
        f"{'run':<50}{'busy':>5}{'moves':>6}{'all/move':>10}{'median':>10}{'p90':>10}"
        f"{'max':>10}{'n':>4}"
    )
    for r in results:
        print(cpu_line(f"craits-tui {r.name}", r.window))
    if pairs is not None:
        for rep, (game, minimal) in enumerate(zip(pairs.games, pairs.minimal, strict=False)):
            if rep:  # the first game's run is in the list above
                print(cpu_line(f"craits-tui {game.name}, again", game.window))
            name = f"minimal Textual app, {minimal.widgets} widgets a move"
            print(cpu_line(name, minimal.window))
    print(
        "busy: the machine's CPUs over the run (others' work too: above some 10%, the\n"
        "figures are less sure); all/move: CPU from the run's first save after the start-up\n"
        "to its last, over the moves saved (round summaries and idle time included;\n"
        f"/proc/PID/stat, in 1/{CLOCK_TICK} s); median to max: from one save to the next, one\n"
        "move each (the moves alone; /proc/PID/task/*/schedstat, in ns); n: how many."
    )
    if pairs is None:
        return
    count = pairs.count
    laid_out = sum(n > 0 for n in count.layouts)
    print(
        f"An ordinary move of the table at {CPU_RUN.name} asks {count.median_widgets}"
        f" widgets to redraw,\n{count.median_cells:,} cells in all (medians of "
        f"{count.moves} moves, counted headless: {min(count.widgets)} to "
        f"{max(count.widgets)} widgets,\n{statistics.median(count.calls):g} calls to "
        f"refresh); {laid_out} of the moves laid the table out again. The widgets,\n"
        "and in how many of the moves each redrew:"
    )
    names = ", ".join(f"{name} {n}" for name, n in count.names.most_common())
    print(textwrap.fill(names, width=88, initial_indent="  ", subsequent_indent="  "))
    for minimal in pairs.minimal[:1]:
        print(
            f"The minimal app changes as many Statics a move, some {minimal.cells:,} cells, "
            "with a Footer,\nat the pace the game kept (its median move: "
            f"{minimal.every:.2f} s), and lays nothing out again"
        )
        if minimal.window is not None and minimal.window.moves:
            size = minimal.window.data_size / minimal.window.moves
            print(f"(a move need not change any widget's size); it sends {size:,.0f} bytes a move.")


def report_widgets(result: WatchResult, names: list[list[str]]) -> None:
    print()
    print(f"Where a move's bytes go at {result.name} (mean bytes per move)")
    for name, size in by_widget(result, names).most_common():
        if size:
            print(f"  {name:<24}{size:>8,}")


def verdict(met: bool) -> str:
    return "met" if met else "NOT met"


def report_targets(ratio: float | None, results: list[WatchResult], pairs: CpuPairs | None) -> None:
    print()
    if ratio is not None:
        print(
            f"target: start-up within {START_UP_TARGET}x of the minimal app "
            f"({ratio:.2f}x): {verdict(ratio <= START_UP_TARGET)}"
        )
    by_spec = {r.spec: r for r in results}
    bytes_run = by_spec.get(BYTES_RUN)
    if bytes_run is not None and bytes_run.moves:
        median = statistics.median(b.size for b in bytes_run.moves)
        print(
            f"target: median move at most {kb(MOVE_TARGET)} at {BYTES_RUN.name} "
            f"({kb(median)}, {len(bytes_run.moves)} moves): {verdict(median <= MOVE_TARGET)}"
        )
    elif bytes_run is not None:
        print(f"target: median move at most {kb(MOVE_TARGET)}: no moves seen")
    off = by_spec.get(RunSpec(TARGET_SIZE, hand=False, motion=False))
    if off is not None and off.moves:
        median = statistics.median(b.size for b in off.moves)
        print(
            f"target: median move at most {kb(EARLIER_MOVE_TARGET)} at {off.spec.name} "
            f"({kb(median)}): {verdict(median <= EARLIER_MOVE_TARGET)}"
        )
    if pairs is None:
        return
    cpu, base = pairs.medians()
    runs = len(pairs.games)
    over = f"median of {runs} runs, " if runs > 1 else ""
    if cpu is None:
        print(f"target: CPU at most {ms(CPU_TARGET)} a move: no moves seen")
        return
    print(
        f"target: CPU at most {ms(CPU_TARGET)} a move at {CPU_RUN.name} "
        f"({over}{ms(cpu)}): {verdict(cpu <= CPU_TARGET)}"
    )
    if base is None:
        print(f"target: CPU at most {CPU_RATIO_TARGET:.1f}x the minimal app's: no moves seen")
        return
    times = cpu / base if base else math.inf
    print(
        f"target: CPU at most {CPU_RATIO_TARGET:.1f}x the minimal app's a move "
        f"({over}{ms(cpu)} / {ms(base)} = {times:.2f}x): {verdict(times <= CPU_RATIO_TARGET)}"
    )
    moving = by_spec.get(MOTION_RUN)
    motion = per_move(moving.window) if moving is not None else None
    if motion is None:
        print(f"target: motion on at most {MOTION_RATIO_TARGET:.1f}x motion off: no moves seen")
        return
    extra = motion / cpu if cpu else math.inf
    print(
        f"target: CPU a move with motion on at most {MOTION_RATIO_TARGET:.1f}x motion off "
        f"({ms(motion)} / {ms(cpu)} = {extra:.2f}x): {verdict(extra <= MOTION_RATIO_TARGET)}"
    )
    print(
        f"cpu a move at {'{}x{}'.format(*TARGET_SIZE)}, hand shown: table {cpu * 1000:.1f} ms, "
        f"minimal app {base * 1000:.1f} ms, ratio {times:.2f}; motion on {motion * 1000:.1f} ms, "
        f"{extra:.2f} x motion off"
    )


# --- Main --------------------------------------------------------------------------------------


def machine() -> str:
    """What the figures depend on: the versions, and how busy the machine was."""
    from importlib.metadata import version

    load = ", ".join(f"{n:.2f}" for n in os.getloadavg())
    python = ".".join(map(str, sys.version_info[:3]))
    return (
        f"Textual {version('textual')}, Python {python}; load average {load} "
        f"(1, 5, 15 min) on {os.cpu_count()} CPUs"
    )


def count_widgets() -> CpuPairs | None:
    """The widgets an ordinary move of the CPU target's table redraws, for the minimal
    app to redraw as many; None, said, if the table could not be followed headless."""
    try:
        return CpuPairs(count_refreshes(CPU_RUN.size, hand=CPU_RUN.hand))
    except Exception as err:  # the rest of the bench can still run
        print(f"note: no widgets counted ({type(err).__name__}: {err}): no minimal app to")
        print("compare the CPU with")
        return None


def parse_sizes(text: str) -> list[tuple[int, int]]:
    sizes = []
    for part in filter(None, text.split(",")):
        cols, _, rows = part.strip().partition("x")
        if not (cols.isdigit() and rows.isdigit()):
            raise argparse.ArgumentTypeError(f"not a size like 100x32: {part!r}")
        sizes.append((int(cols), int(rows)))
    return sizes


def runs_of(args: argparse.Namespace) -> list[RunSpec]:
    """Every run asked for; the targets' runs always among them."""
    runs = [RunSpec(size, False, True) for size in args.sizes]
    runs += [RunSpec(size, False, False) for size in args.low_bandwidth_sizes]
    runs += [RunSpec(size, True, True) for size in args.sizes]
    runs += [RunSpec(size, True, False) for size in args.low_bandwidth_sizes]
    for needed in (BYTES_RUN, CPU_RUN, MOTION_RUN):
        if needed not in runs:
            runs.append(needed)
    return list(dict.fromkeys(runs))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=5, help="start-ups of each program")
    parser.add_argument("--seconds", type=float, default=20.0, help="watching, each run")
    parser.add_argument("--pace", choices=list(PACES), default="normal", help="the bots' pace")
    parser.add_argument("--bots", help="the bots' levels, as craits-tui --bots takes them")
    parser.add_argument(
        "--sizes", type=parse_sizes, default="100x32,80x24", help="window sizes, motion on"
    )
    parser.add_argument(
        "--low-bandwidth-sizes",
        type=parse_sizes,
        default="100x32",
        help="window sizes also measured with motion off (--low-bandwidth)",
    )
    parser.add_argument("--truecolor", action="store_true", help="set COLORTERM=truecolor")
    parser.add_argument(
        "--no-sync", action="store_true", help="leave the synchronized-output query unanswered"
    )
    parser.add_argument("--by-widget", action="store_true", help="bytes of a move by widget")
    parser.add_argument("--no-start-up", action="store_true", help="no start-up measurements")
    parser.add_argument(
        "--cpu-reps",
        type=int,
        default=1,
        help="runs of the CPU target's table and of the minimal app, in turn (medians taken)",
    )
    parser.add_argument(
        "--no-cpu", action="store_true", help="no minimal app to compare the CPU with"
    )
    args = parser.parse_args()

    print(f"{machine()} at the start")
    ratio = None if args.no_start_up else report_start_up(bench_start_up(args))
    pairs = None if args.no_cpu else count_widgets()
    results = []
    for spec in runs_of(args):
        results.append(watch(spec, args))
        if spec == CPU_RUN and pairs is not None:
            for rep in range(args.cpu_reps):
                game = results[-1] if rep == 0 else watch(spec, args)
                # Right after the game's run, at the pace the game kept.
                spans = [b.seconds for b in game.moves]
                every = statistics.median(spans) if spans else PACES[args.pace] or 0.1
                pairs.games.append(game)
                pairs.minimal.append(minimal_moves(args, pairs.count, every))
    report_moves(results, args)
    report_cpu(results, pairs)
    if args.by_widget:
        for result in results:
            spec = result.spec
            report_widgets(result, widget_map(spec.size, args.pace, spec.hand, spec.motion))
    print()
    print(f"{machine()} at the end")
    report_targets(ratio, results, pairs)


if __name__ == "__main__":
    main()
