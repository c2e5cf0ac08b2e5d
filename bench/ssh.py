"""Load benchmark of `craits-tui serve`: many sessions at many tables, whole short games.

The server runs in a child process (so its memory and CPU are its own), with
tracemalloc on; this process plays. Three ways to play:

- ``--clients ssh`` (the default): every player is
  a real SSH session running the real app in its own terminal; the players press
  keys (a card's number, ``d`` to draw) when their screen says it is their turn.
  Each table also has an organiser on the socket: it creates the table, hands
  the host's seat to the first SSH player and watches as a spectator, which
  tells the bench whose turn it is and when the server said so. Latency: from
  the server's "your turn" (as the spectator receives it) to the player's screen
  showing it (pyte); one game per table.
- ``--human``: the same SSH players and organisers, at the pace of people: each
  thinks 2-4 s (at random, from ``--seed``) before each move and while reading a
  round's summary; the bots play at the server's own pace (0.6 s). 40 sessions at
  10 tables (4 people and a bot each) for 3 minutes, from when every table is
  dealt; games still on then stay unfinished. Measured over those minutes: from
  a person's turn (the spectator's event) to their screen saying so, as the
  chunk of output that drew it arrived; the apps' CPU time a move (people's and
  bots'); the apps' memory; the sessions dropped. The last line sums it up.
- ``--clients ipc``: every player speaks the socket protocol directly, choosing
  random legal moves from its own folded view (calling "idiot" on others, now
  and then forgetting to announce), table after table until the time is up.
  Latency: from sending a command to receiving its first event.

At the end: every saved log replays to its final state (`GameStore.load` checks
each move again; the players' folded views, and with ``--human`` the hands on
the players' screens, must equal the replayed game's), no session was dropped,
every game finished (but with ``--human``), and the server's memory at the start
and the end.

    python bench/ssh.py [--seconds 120] [--sessions 40] [--tables 10] [--clients ssh|ipc]
    python bench/ssh.py --human [--seconds 180] [--sessions 40] [--tables 10] [--seed 1]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import queue
import random
import re
import resource
import shutil
import statistics
import sys
import tempfile
import threading
import time
import tracemalloc
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from craits_core import (
    CallIdiot,
    GameStore,
    Play,
    PlayerView,
    command_to_dict,
    legal_moves_in_view,
    project,
)
from craits_core.view import view
from craits_tui.saved_meta import SavedMeta

MOVES = ("card-played", "cards-drawn", "suit-chosen", "last-card-announced", "idiot-called")
"""Events that start a move: the answer to a command."""

REAL_APP_SCRIPT = """\
import sys
from craits_tui.online.client.app import run_remote
from craits_tui.settings import Settings
run_remote(sys.argv[sys.argv.index("--remote") + 1], Settings(pace="instant"))
"""


# --- The server (child process) ------------------------------------------------------------


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


def _children_stat() -> Iterator[tuple[str, list[str]]]:
    """Each running process this one started: its pid, and its stat line's fields
    after the command's name."""
    me = str(os.getpid())
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[1].split()
        if fields[1] == me:
            yield entry.name, fields


def children() -> list[str]:
    """The processes this one started that are still running (their pids)."""
    return [pid for pid, _fields in _children_stat()]


def children_usage() -> tuple[int, int, float]:
    """How many processes this one started are running, their memory (KiB) and the
    CPU time they have used (s)."""
    count, total, cpu = 0, 0, 0.0
    tick = os.sysconf("SC_CLK_TCK")
    for pid, fields in _children_stat():
        count += 1
        total += rss_kb(pid)
        cpu += (int(fields[11]) + int(fields[12])) / tick  # utime, stime
    return count, total, cpu


async def serve_child(args: argparse.Namespace) -> None:
    """The server, as the bench's child: one JSON line out at the start, then one
    per ``stats`` line in; ``stop`` ends it."""
    from craits_tui.online.server.limits import Limits, TablePace
    from craits_tui.online.server.ssh import CraitsServer, ServerConfig

    tracemalloc.start()
    # The server's own sessions (without motion, as `craits-tui serve` runs them)
    # unless another app is named.
    app = {"app": (args.app,)} if args.app else {}
    config = ServerConfig(
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
    )
    server = CraitsServer(config)
    await server.start()
    authority = server.authority
    assert authority is not None and server.ipc is not None
    tokens = [authority.open_session(f"ipc{i:02d}") for i in range(args.tokens)]
    print(
        json.dumps({"port": server.port, "socket": str(server.ipc.path), "tokens": tokens}),
        flush=True,
    )
    loop = asyncio.get_running_loop()
    started = time.process_time()
    while True:
        line = (await loop.run_in_executor(None, sys.stdin.readline)).strip()
        if line == "stats":
            gc.collect()
            traced, peak = tracemalloc.get_traced_memory()
            apps, apps_kb, apps_cpu = children_usage()
            print(
                json.dumps(
                    {
                        "traced": traced,
                        "traced_peak": peak,
                        "rss_kb": rss_kb(),
                        "maxrss_kb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
                        "cpu_s": time.process_time() - started,
                        "tables": len(authority.tables),
                        "sessions": len(authority.members()),
                        "apps": apps,
                        "apps_rss_kb": apps_kb,
                        "apps_cpu_s": apps_cpu,
                        # Each app's (RSS, PSS, USS): the sessions' memory one by one.
                        "apps_memory_kb": [memory_kb(pid) for pid in children()],
                    }
                ),
                flush=True,
            )
        else:
            break
    await server.close()


class Child:
    """The server child, as seen from the bench."""

    def __init__(self, process: asyncio.subprocess.Process, hello: dict[str, Any]) -> None:
        self.process = process
        self.port: int = hello["port"]
        self.socket: str = hello["socket"]
        self.tokens: list[str] = hello["tokens"]
        self._asking = asyncio.Lock()
        """One question at a time: the answers come on one pipe."""

    @classmethod
    async def start(cls, data: Path, tokens: int, bot_pace: float, app: str | None) -> Child:
        argv = [
            sys.executable,
            __file__,
            "--serve",
            "--data-dir",
            str(data),
            "--tokens",
            str(tokens),
            "--bot-pace",
            str(bot_pace),
        ]
        if app:
            argv += ["--app", app]  # (the session apps' settings and data stay in data/)
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
        assert self.process.stdin is not None and self.process.stdout is not None
        async with self._asking:
            self.process.stdin.write(b"stats\n")
            return json.loads(await self.process.stdout.readline())

    async def stop(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(b"stop\n")
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.process.wait(), 20)
        if self.process.returncode is None:
            self.process.kill()


# --- A player on the socket ------------------------------------------------------------


@dataclass(frozen=True)
class Turn:
    """A turn as the server gave it (a ``turn-began``, or a ``suit-asked`` for a
    starter 8 or 9), as a spectator received it."""

    seat: int
    at: float
    """When the spectator received the event (perf_counter)."""
    hand: int
    """How many cards the seat held then: a screen showing another count is old."""
    again: bool
    """The same seat's turn again at once (after a 6): its screen may never have
    stopped saying "Your turn"."""


@dataclass
class Results:
    latencies: list[float] = field(default_factory=list)
    moves: int = 0
    refusals: dict[str, int] = field(default_factory=dict)
    drops: list[str] = field(default_factory=list)
    games: dict[str, dict[int | None, PlayerView]] = field(default_factory=dict)
    """Each finished game's final views, by table code and seat (None: spectator)."""
    started: int = 0
    stuck: int = 0
    failures: list[str] = field(default_factory=list)
    ending: bool = False
    """The bench is over: connections ending now are not drops."""


class Player:
    """A session speaking the protocol: its own seat's view, from its own events."""

    def __init__(self, name: str, token: str, results: Results, rng: random.Random) -> None:
        self.name = name
        self.token = token
        self.results = results
        self.rng = rng
        self.seat: int | None = None
        self.code: str | None = None
        self.view: PlayerView | None = None
        self.events = 0
        self.info: dict[str, Any] | None = None
        self.turn_at = 0.0
        """When the server last said whose turn it is (a turn-began event)."""
        self.last: dict[str, Any] | None = None
        self.name_said: str | None = None
        self.moved: dict[int, int] = {}
        """Moves made by each seat so far (what a spectator counts)."""
        self.commands = 0
        """Commands the server carried out at this table (people's and bots'): a play
        with its announcement is one, a draw forced by another's card is none."""
        self.turns: list[Turn] = []
        """Every turn the server gave, in order."""
        self.event_at = 0.0
        """When the last event came."""
        self.news = asyncio.Event()
        self.refused: dict[str, Any] | None = None
        """The server's last refusal."""
        self.closed = False
        self._sent: float | None = None
        self._writer: asyncio.StreamWriter | None = None
        self._task: asyncio.Task[None] | None = None

    async def connect(self, path: str) -> None:
        reader, writer = await asyncio.open_unix_connection(path, limit=1 << 20)
        self._writer = writer
        self.send("hello", token=self.token)
        self._task = asyncio.get_running_loop().create_task(self._read(reader))
        await self.until(lambda: self.name_said is not None)

    def send(self, op: str, **fields: Any) -> None:
        assert self._writer is not None
        self._writer.write((json.dumps({"op": op, **fields}) + "\n").encode())

    async def _read(self, reader: asyncio.StreamReader) -> None:
        while line := await reader.readline():
            self._take(json.loads(line))
            self.news.set()
        self.closed = True
        if not self.results.ending:
            self.results.drops.append(f"{self.name}: the connection ended")
        self.news.set()

    def _take(self, message: dict[str, Any]) -> None:
        op = message["op"]
        if op == "welcome":
            self.name_said = message["name"]
        elif op == "joined":
            self.seat, self.code, self.info = message["seat"], message["code"], message["table"]
            self.view, self.events, self.last = None, 0, None
        elif op == "table":
            self.info = message["table"]
        elif op == "event":
            event = message["event"]
            assert message["index"] == self.events, "an event missed or repeated"
            self.events += 1
            self.event_at = time.perf_counter()  # before folding it: that is the bench's time
            before = self.view.current_player if self.view is not None else None
            previous, self.last = self.last, event
            self.view = project(self.view, event, self.seat)
            if self.view.current_player is not None and self.view.current_player != before:
                self.turn_at = self.event_at
            if event["type"] in MOVES:
                seat = event["player"]
                self.moved[seat] = self.moved.get(seat, 0) + 1
            self._count(event, previous)
            if (
                self._sent is not None
                and event["type"] in MOVES
                and event.get("player") == self.seat
            ):
                self.results.latencies.append(time.perf_counter() - self._sent)
                self.results.moves += 1
                self._sent = None
        elif op == "refused":
            self.refused = message
            code = message["code"]
            self.results.refusals[code] = self.results.refusals.get(code, 0) + 1
            self._sent = None
        elif op == "bye" and not self.results.ending:
            self.results.drops.append(f"{self.name}: bye {message.get('message')}")

    def _count(self, event: dict[str, Any], previous: dict[str, Any] | None) -> None:
        """Count the commands and the turns that ``event`` shows."""
        kind = event["type"]
        if kind in ("turn-began", "suit-asked") and self.view is not None:
            seat = event["player"]
            again = bool(self.turns) and self.turns[-1].seat == seat and previous is not None
            again = again and previous["type"] == "card-played" and previous["player"] == seat
            self.turns.append(Turn(seat, self.event_at, self.view.hand_sizes[seat], again))
        elif kind == "cards-drawn":
            self.commands += event["reason"] in ("turn", "crank")  # not a 5's, a 7's, a penalty
        elif kind == "last-card-announced":
            # Said with the play that left one card: the same command.
            with_play = previous is not None and previous["type"] == "card-played"
            self.commands += not (with_play and previous["player"] == event["player"])
        elif kind in ("card-played", "suit-chosen", "idiot-called"):
            self.commands += 1

    async def until(self, test: Any, timeout: float | None = 60.0) -> None:
        async with asyncio.timeout(timeout):
            while not test():
                if self.closed:
                    raise ConnectionError(f"{self.name}: the connection closed")
                self.news.clear()
                await self.news.wait()

    @property
    def over(self) -> bool:
        return self.view is not None and self.view.is_over

    async def play(self, think: float) -> None:
        """Play this seat until the game is over: random legal moves from its own
        view, "idiot" called on others, the last card sometimes forgotten."""
        while not self.over:
            self.news.clear()
            view = self.view
            moves = legal_moves_in_view(view) if view is not None else []
            calls = [m for m in moves if isinstance(m, CallIdiot)]
            mine = view is not None and view.current_player == self.seat
            if calls and self.rng.random() < 0.7:
                move = calls[0]
            elif mine and moves:
                move = self.rng.choice(moves)
                if isinstance(move, Play) and len(view.hand) == 2 and self.rng.random() < 0.8:
                    move = Play(move.player, move.card, move.suit, announce=True)
            else:
                await self.news.wait()
                continue
            if think:
                await asyncio.sleep(think)
            if self.view is not view:
                continue  # the table moved meanwhile: look again
            self._sent = time.perf_counter()
            seen = self.events
            self.send("command", command=command_to_dict(move))
            await self.until(lambda s=seen: self.events > s or self._sent is None)


async def ipc_table(players: list[Player], deadline: float, think: float, results: Results) -> None:
    """Games at one table, one after another, until ``deadline``."""
    host, others = players[0], players[1:]
    number = 0
    while time.perf_counter() < deadline:
        number += 1
        host.code = None
        host.send(
            "create",
            name=f"{host.name} {number}",
            seats=[None] * len(players) + ["normal"],
            rules={"short_game": True},
        )
        await host.until(
            lambda: host.code is not None and host.info is not None and not host.info["started"]
        )
        for player in others:
            player.code = None
            player.send("join", code=host.code)
            await player.until(lambda p=player: p.code == host.code)
        host.send("start")
        for player in players:
            await player.until(lambda p=player: p.view is not None)
        results.started += 1
        await asyncio.gather(*(p.play(think) for p in players))
        code = host.code or ""
        results.games[code] = {p.seat: p.view for p in players if p.view is not None}
        for player in players:
            player.send("leave")
            player.code = None


# --- A player over SSH --------------------------------------------------------------------

YOUR_TURN = re.compile(r"Your turn|Crank at \d+:|The starter is|said nothing: call")
NEXT_ROUND = re.compile(r"Next round")
LOBBY = re.compile(r"You play as ")
"""The lobby, with the session's name: the app is up and connected."""
DEALT = re.compile(r"round \d+ of \d+")
"""The table screen's title: a game is on."""
PICKER = re.compile(r"name a suit|keep its suit or switch")
SETTLED = 0.05
"""Seconds without new output after which a screen counts as drawn."""
HAND_CARD = re.compile(r"│\s*(10|[2-9AJQK])([♣♦♥♠])│")
NAMED_RANK = re.compile(r"\ban? (10|[2-9AJQK])\b")
RIGHT, HOME, END = b"\x1b[C", b"\x1b[H", b"\x1b[F"


def parse_hand(text: str) -> list[tuple[str, str]]:
    """The cards of the player's hand on the screen, (rank, suit) in order: drawn
    below the status line, in rows when the hand is long."""
    lines = text.splitlines()
    at = next((i for i in range(len(lines) - 1, -1, -1) if YOUR_TURN.search(lines[i])), None)
    if at is None:
        at = next((i for i in range(len(lines) - 1, -1, -1) if "'s turn" in lines[i]), 0)
    return [card for line in lines[at + 1 :] for card in HAND_CARD.findall(line)]


def playable_index(text: str) -> int | None:
    """Where, among the cards the screen shows below the status line, the first card
    the status line allows is (None: none of them)."""
    lines = text.splitlines()
    at = next((i for i in range(len(lines) - 1, -1, -1) if YOUR_TURN.search(lines[i])), None)
    # The status line, without the story column drawn to its right.
    status = lines[at].split("▏")[0] if at is not None else ""
    follow = re.search(r"follow ([♣♦♥♠])", status)
    ranks = {"A", "2"} if "Crank at" in status else set(NAMED_RANK.findall(status))
    for index, (rank, suit) in enumerate(parse_hand(text)):
        if (follow is not None and suit == follow.group(1)) or rank in ranks:
            return index
    return None


def card_keys(index: int, last: bool) -> bytes:
    """The keys that play the card at ``index`` of the hand: its number, or the
    cursor taken from the first card (Home: the arrows wrap around) to it and
    Enter. ``last``: "Last card!" first (l arms it), or be called an idiot."""
    arm = b"l" if last else b""
    if index < 9:
        return arm + str(index + 1).encode()
    return arm + HOME + RIGHT * index + b"\r"


def keys_for_turn(text: str) -> list[bytes]:
    """What a player presses on their turn, reading the screen as they would: the
    number of a card the status line allows, else draw."""
    lines = text.splitlines()
    at = next((i for i in range(len(lines) - 1, -1, -1) if YOUR_TURN.search(lines[i])), None)
    status = lines[at].split("▏")[0] if at is not None else ""
    if MUST_DRAW.search(status):
        return [b"d"]
    if "The starter is" in status:
        return [b"1"]  # the suit picker is open: its first suit
    index = playable_index(text)
    if index is None:
        return [b"d"]
    # Down to one card after this play: say so.
    return [card_keys(index, last=len(parse_hand(text)) == 2)]


MUST_DRAW = re.compile(r"nothing to play|you hold no A or 2")
CALL = re.compile(r"said nothing: call")
LONG_HAND = 16
"""The most cards a hand shows whole (two rows); a longer one scrolls."""


def status_at(lines: list[str]) -> int | None:
    """The row of the status line when it says the player has something to do now
    (read left of the story column), or None."""
    return next(
        (i for i in range(len(lines) - 1, -1, -1) if YOUR_TURN.search(lines[i].split("▏")[0])),
        None,
    )


def hand_below(lines: list[str], at: int) -> list[tuple[str, str]]:
    """The cards drawn below row ``at`` (the status line): the player's hand."""
    return [card for line in lines[at + 1 :] for card in HAND_CARD.findall(line)]


class ScreenReader:
    """The players' terminals, parsed by pyte in a thread of its own.

    pyte is slow: a whole screen drawn at once (a deal, a round's summary) takes it
    tens of milliseconds, the 40 screens of a deal seconds. In the event loop, that
    would hold up every other player's bytes and the organisers' events, and their
    times would be those of the parsing. Here the loop only stamps each chunk as it
    arrives; this thread parses it and hands the screen back to the loop (the loop
    gets the interpreter back within the switch interval, see `run`)."""

    def __init__(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._chunks: queue.SimpleQueue[tuple[SshPlayer, bytes, float] | None] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._parse, name="pyte", daemon=True)
        self._thread.start()

    def feed(self, player: SshPlayer, data: bytes, arrived: float) -> None:
        self._chunks.put((player, data, arrived))

    def _parse(self) -> None:
        while (chunk := self._chunks.get()) is not None:
            player, data, arrived = chunk
            text, mine = player.parse(data)
            self._loop.call_soon_threadsafe(player.parsed, arrived, text, mine)

    def close(self) -> None:
        self._chunks.put(None)
        self._thread.join(timeout=10)


class SshPlayer:
    """A real SSH session running the real app; its screen read by pyte."""

    def __init__(self, name: str, reader: ScreenReader, track: bool = False) -> None:
        """``track``: follow on every chunk of output whether the screen says it is
        this player's turn (`when_turn`)."""
        import pyte

        self.name = name
        self.reader = reader
        self.screen = pyte.Screen(100, 32)
        self.stream = pyte.ByteStream(self.screen)
        self.conn: Any = None
        self.process: Any = None
        self.ended = False
        self.ended_at = 0.0
        self.dismissed_at = 0.0
        """When a round's summary was last closed on this screen."""
        self.updated_at = 0.0
        """When the last bytes from the app arrived (that `text` shows)."""
        self.unread = 0
        """Chunks arrived that `text` does not show yet (being parsed)."""
        self.received = 0
        """Bytes the app has drawn."""
        self.track = track
        self.mine: tuple[bool, int] = (False, 0)
        """Whether the screen says it is this player's turn, and the cards it shows
        below the status line (only when ``track``)."""
        self.mine_since = 0.0
        """When the chunk arrived from which `mine` has held."""
        self.cleared = True
        """The screen has stopped saying "Your turn" since the player last pressed a
        move's keys (so a "Your turn" now is news)."""
        self.arrivals: deque[tuple[float, int]] = deque(maxlen=64)
        """When the latest chunks of output arrived, and their sizes."""
        self.bells: deque[float] = deque(maxlen=8)
        """When the app last rang the terminal's bell, alone in a chunk (it rings
        when the turn comes back after a long wait: before it draws the turn)."""
        self._watches: list[tuple[Callable[[str], bool], asyncio.Future[float]]] = []
        self._text = ""
        """The screen as text, as of the last chunk parsed."""
        self._rows = [" " * self.screen.columns] * self.screen.lines
        self.screen.dirty.clear()

    async def start(self, port: int) -> None:
        import asyncssh

        self.conn = await asyncssh.connect(
            "127.0.0.1",
            port,
            username=self.name,
            password="",
            known_hosts=None,
            client_keys=None,
            agent_path=None,
            encoding=None,
        )
        self.process = await self.conn.create_process(
            term_type="xterm-256color",
            term_size=(100, 32),
            env={"LANG": "C.UTF-8"},
            stderr=asyncssh.STDOUT,
        )
        asyncio.get_running_loop().create_task(self._pump())

    async def _pump(self) -> None:
        with contextlib.suppress(Exception):
            while data := await self.process.stdout.read(65536):
                # The bytes are on the player's terminal now: that is the time
                # the screen shows them, whenever pyte is done with them.
                arrived = time.perf_counter()
                self.arrivals.append((arrived, len(data)))
                if data == b"\a":
                    self.bells.append(arrived)
                self.received += len(data)
                self.unread += 1
                self.reader.feed(self, data, arrived)
        self.ended = True
        self.ended_at = time.perf_counter()

    def parse(self, data: bytes) -> tuple[str, tuple[bool, int] | None]:
        """Feed ``data`` to the terminal (in the reader's thread): the screen as text
        after it and, when tracking, whether it says it is the player's turn and
        how many cards it shows."""
        self.stream.feed(data)
        # Only the rows pyte marked as changed are read again: reading a whole
        # screen on every chunk would cost as much as parsing it.
        screen, rows = self.screen, self._rows
        for y in screen.dirty:
            if y < screen.lines:
                line = screen.buffer[y]
                # (The cell after a wide character holds "": it joins to nothing.)
                rows[y] = "".join(line[x].data for x in range(screen.columns))
        screen.dirty.clear()
        text = "\n".join(rows)
        if not self.track:
            return text, None
        lines = text.splitlines()
        at = status_at(lines)
        return text, (at is not None, len(hand_below(lines, at)) if at is not None else 0)

    def parsed(self, arrived: float, text: str, mine: tuple[bool, int] | None) -> None:
        """The screen as the chunk that arrived at ``arrived`` left it (in the loop)."""
        self._text, self.updated_at = text, arrived
        self.unread -= 1
        if mine is not None:
            if mine != self.mine:
                self.mine, self.mine_since = mine, arrived
            if not mine[0]:
                self.cleared = True
        for test, future in self._watches:
            if not future.done() and test(text):
                future.set_result(arrived)

    @property
    def text(self) -> str:
        return self._text

    async def until_screen(self, test: Callable[[str], bool], timeout: float) -> float | None:
        """When the chunk of output arrived after which ``test(screen text)`` first
        held; None after ``timeout`` seconds. (Now, if it holds already.)"""
        if test(self.text):
            return time.perf_counter()
        future: asyncio.Future[float] = asyncio.get_running_loop().create_future()
        watch = (test, future)
        self._watches.append(watch)
        try:
            return await asyncio.wait_for(future, timeout)
        except TimeoutError:
            return None
        finally:
            self._watches.remove(watch)

    async def shows(self, pattern: re.Pattern[str] | str, timeout: float) -> float | None:
        """When ``pattern`` is on the screen (now, or when it comes); None after
        ``timeout`` seconds."""
        pattern = re.compile(pattern) if isinstance(pattern, str) else pattern
        return await self.until_screen(lambda text: pattern.search(text) is not None, timeout)

    def first_output(self, since: float) -> float | None:
        """When the first chunk of output after ``since`` arrived (None if none did,
        or if it is too long ago to tell)."""
        return next((t for t, _size in self.arrivals if t >= since), None)

    def shows_turn(self, turn: Turn) -> bool:
        """Whether the screen says it is ``turn``'s, with that turn's news: "Your
        turn" after a screen that did not say so (or with a 6's hand), and the hand
        the seat held then (a hand too long to show whole passes)."""
        mine, cards = self.mine
        fresh = self.cleared or turn.again
        return mine and fresh and (cards == turn.hand or turn.hand > LONG_HAND)

    async def when_turn(self, turn: Turn, timeout: float) -> float | None:
        """When this screen first showed ``turn`` (as the pump noticed it: the
        arrival of the chunk that drew it); None after ``timeout`` seconds."""
        assert self.track
        if self.shows_turn(turn):
            return self.mine_since  # drawn before the bench heard of the turn
        return await self.until_screen(lambda _text: self.shows_turn(turn), timeout)

    async def fresh(self, pattern: re.Pattern[str], hand_size: Any, timeout: float) -> float | None:
        """When ``pattern`` was first seen on a screen whose hand has ``hand_size()``
        cards (so it shows the latest news, not the last turn's), once the screen
        has settled; None after ``timeout`` seconds. (A hand too long to show
        whole is trusted after a second.)"""
        first: float | None = None
        start = time.perf_counter()
        while (now := time.perf_counter()) < start + timeout:
            text = self.text
            current = len(parse_hand(text)) == hand_size() or now - start > 1.0
            if current and pattern.search(text):
                first = first or now
                if not self.unread and now - self.updated_at > SETTLED:
                    return first
            else:
                first = None
            await asyncio.sleep(0.01)
        return None

    async def close_summaries(self) -> None:
        """Press Enter on every round's summary, as a player would."""
        while not self.ended:
            if await self.shows(NEXT_ROUND, timeout=3600) is not None:
                await asyncio.sleep(0.05)
                self.dismissed_at = time.perf_counter()
                self.press(b"\r")
                await asyncio.sleep(0.3)

    def press(self, keys: bytes) -> None:
        self.process.stdin.write(keys)

    async def close(self) -> None:
        if self.conn is not None:
            self.conn.close()


async def take_turn(
    player: SshPlayer,
    organiser: Player,
    seat: int,
    said_at: float,
    results: Results,
    turn_latencies: list[float],
    first: bool,
) -> bool:
    """Play ``seat``'s turn from its screen, as a person would: wait for "Your turn",
    read the hand and the status line, press a card's number (a suit's, when
    asked), else draw. Whether a move was made."""
    seen = organiser.moved.get(seat, 0)

    def moved() -> bool:
        return organiser.moved.get(seat, 0) > seen

    def hand_size() -> int:
        view = organiser.view
        return view.hand_sizes[seat] if view is not None else -1

    for attempt in range(4):
        shown = await player.fresh(YOUR_TURN, hand_size, timeout=5.0)
        if shown is None:
            return False
        if attempt == 0 and first and player.dismissed_at < said_at:
            # (Not after a round's summary: that waited for a key, not for the server.)
            turn_latencies.append(max(0.0, shown - said_at))
        sent = time.perf_counter()
        player.press(keys_for_turn(player.text)[0])
        for wait in (0.5, 1.5):
            with contextlib.suppress(TimeoutError):
                await organiser.until(moved, timeout=wait)
            if moved():
                results.latencies.append(time.perf_counter() - sent)
                results.moves += 1
                return True
            if PICKER.search(player.text):
                player.press(b"1")  # a suit to name: the first
    return False


JOIN_RETRIES: list[str] = []
"""The players who had to type a table's code again (their keys went elsewhere)."""


async def type_code(player: SshPlayer, organiser: Player, code: str) -> None:
    """Sit ``player`` at the organiser's table from the lobby, as a person does: c
    (the code field), the code once the app has drawn the field focused, Enter
    once the field shows the code. (A busy app takes c and the letters after it
    in one go, and the letters go to the list of tables before the focus moves;
    the list's Enter would join the table under its cursor. Or the field has the
    focus already, and c is typed into it: it is emptied first.)"""

    def sits() -> bool:
        info = organiser.info
        return info is not None and player.name in {s["name"] for s in info["seats"]}

    def field() -> str:
        row = next((r for r in player.text.splitlines() if "Table code" in r), "")
        value = row.split("Table code", 1)[-1].split("Enter joins")[0].strip()
        return "" if value == "4 letters" else value  # (the empty field's placeholder)

    for attempt in range(5):
        if attempt:
            JOIN_RETRIES.append(f"{player.name} ({field()!r})")
        # c, and its redraw: the field has the focus now, or had it and shows "c".
        drawn = player.received
        player.press(b"c")
        await player.until_screen(lambda _text, d=drawn: player.received > d, 2.0)
        await settled(player)
        if field():
            player.press(b"\x7f" * 16)  # backspaces: the field emptied
            await player.until_screen(lambda _text: not field(), 2.0)
        player.press(code.encode())
        await player.until_screen(lambda _text: field() == code, 5.0)
        if field() != code:
            continue  # the letters went elsewhere: c again
        player.press(b"\r")
        with contextlib.suppress(TimeoutError):
            await organiser.until(sits, timeout=20)
        if sits():
            return
    raise RuntimeError(f"{player.name} could not sit at {code}:\n{player.text}")


async def seat_table(organiser: Player, seated: list[SshPlayer]) -> tuple[str, SshPlayer]:
    """Set a table up: the organiser creates it (one seat more than there are SSH
    players), each SSH player types its code in the lobby and sits down, then the
    organiser gets up to watch, which hands the host's seat to the first player and
    leaves the organiser's seat empty, for a bot at the start. Returns the table's
    code and its host."""
    organiser.send(
        "create",
        name=f"Table {organiser.name}",
        seats=[None] * (len(seated) + 1),
        rules={"short_game": True},
    )
    organiser.refused = None
    await organiser.until(lambda: organiser.code is not None or organiser.refused is not None)
    if organiser.code is None:
        raise RuntimeError(f"{organiser.name} could not open a table: {organiser.refused}")
    code = organiser.code
    for player in seated:
        await player.shows(code, timeout=120)  # listed in the lobby
        await type_code(player, organiser, code)
    names = {p.name for p in seated}
    await organiser.until(
        lambda: (
            organiser.info is not None and names <= {s["name"] for s in organiser.info["seats"]}
        ),
        timeout=120,
    )
    # The organiser gets up to watch: the host's seat passes to the first player.
    organiser.send("join", code=code, spectate=True)
    await organiser.until(
        lambda: (
            organiser.seat is None
            and organiser.info is not None
            and organiser.info["host"] in names
        ),
        timeout=60,
    )
    assert organiser.info is not None
    host = next(p for p in seated if p.name == organiser.info["host"])
    await host.shows("Start game", timeout=60)
    return code, host


async def start_game(organiser: Player, host: SshPlayer) -> None:
    """The host starts the game (ctrl+s in the waiting room) and the organiser sees
    it dealt."""
    while organiser.view is None:
        host.press(b"\x13")  # ctrl+s: start the game
        with contextlib.suppress(TimeoutError):
            await organiser.until(lambda: organiser.view is not None, timeout=3)


async def ssh_table(
    organiser: Player,
    seated: list[SshPlayer],
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
        if await take_turn(
            player,
            organiser,
            current,
            said_at,
            results,
            turn_latencies,
            first=said_at not in measured,
        ):
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
        await settle(organiser, quiet, 30)
    if organiser.view is not None:
        results.games[code] = {None: organiser.view}


# --- People at their own pace ------------------------------------------------------------------

THINK = (2.0, 4.0)
"""Seconds a person thinks before each move (uniform), and reads a round's summary."""
HUMAN_DEFAULTS = {"sessions": 40, "tables": 10, "seconds": 180.0, "bot_pace": 0.6}
"""What ``--human`` plays unless told otherwise: 4 people and a bot at each of 10
tables, the server's own bot pace (that of ``craits-tui serve``), 3 minutes."""
TURN_SHOWS = 30.0
"""Seconds a screen has to show a turn before it counts as not shown."""
MOVE_WAIT = 3.0
"""Seconds the server has to carry out a key press before the player looks again."""


@dataclass
class HumanTurns:
    """The people's turns of a ``--human`` run, from the server's word to the screen."""

    since: float = 0.0
    """Only turns the server gave from then on count (the measured window)."""
    latencies: list[float] = field(default_factory=list)
    """Seconds from the spectator's event to the screen saying so, turn by turn."""
    begun: int = 0
    after_summary: int = 0
    """Turns that waited for the person to close a round's summary (not measured)."""
    unseen: int = 0
    """Turns whose screen never said so within `TURN_SHOWS`."""
    early: int = 0
    """Turns drawn before the spectator's event was read (the bench's own loop was
    late with it): counted as 0 ms."""
    dealt: list[float] = field(default_factory=list)
    """The same seconds for the turns before the window: the deal's, which the app
    shows as it opens its table screen."""
    first_bytes: list[float] = field(default_factory=list)
    """Seconds from the spectator's event to the app's first output after it, for
    the measured turns: the app's own time before it draws anything."""
    bells: list[tuple[float, float]] = field(default_factory=list)
    """For the measured turns the app rang its bell for: seconds from the event to
    the bell (the app has taken the events in and set its widgets), and from the
    bell to the screen saying so (Textual laying out, rendering, writing)."""


def status_of(text: str) -> str:
    """The status line, when it says the player has something to do (else "")."""
    lines = text.splitlines()
    at = status_at(lines)
    return lines[at].split("▏")[0].strip() if at is not None else ""


async def settled(player: SshPlayer, limit: float = 2.0) -> None:
    """Until the app has drawn nothing for `SETTLED` seconds (at most ``limit``)."""
    end = time.perf_counter() + limit
    while (now := time.perf_counter()) < end and (
        player.unread or now - player.updated_at < SETTLED
    ):
        await asyncio.sleep(SETTLED)


async def turn_keys(player: SshPlayer, cards: int) -> bytes:
    """The keys for the move the screen allows, as a person reads it: "Idiot!" for a
    player who forgot to say "Last card!", else a card (`keys_for_turn`). A hand of
    ``cards`` too long for the screen is looked at from its first card (Home), then
    from its last (End)."""
    text = player.text
    status = status_of(text)
    if CALL.search(status):
        return b"i"
    if len(parse_hand(text)) >= cards or MUST_DRAW.search(status) or "The starter" in status:
        return keys_for_turn(text)[0]
    for key, first in ((HOME, True), (END, False)):
        drawn = player.text
        player.press(key)
        await player.until_screen(lambda t, d=drawn: t != d, timeout=1.0)
        await settled(player)
        text = player.text
        index = playable_index(text)
        if index is not None:
            shown = len(parse_hand(text))
            return card_keys(index if first else cards - shown + index, last=False)
    return keys_for_turn(player.text)[0]  # nothing seen to play: draw


async def carried_out(player: SshPlayer, organiser: Player, seat: int, seen: int) -> bool:
    """Whether the server carried out the keys just pressed (a move of ``seat``
    after ``seen``), naming a suit when the screen asks for one."""

    def moved() -> bool:
        return organiser.moved.get(seat, 0) > seen

    waits = [
        asyncio.ensure_future(organiser.until(moved, timeout=MOVE_WAIT)),
        asyncio.ensure_future(player.shows(PICKER, timeout=MOVE_WAIT)),
    ]
    try:
        await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
    finally:  # (also when the run stops this turn)
        for wait in waits:
            wait.cancel()
        await asyncio.gather(*waits, return_exceptions=True)
    if not moved() and PICKER.search(player.text):
        player.press(b"1")  # an 8 or a 9 played: the first suit offered
        with contextlib.suppress(TimeoutError):
            await organiser.until(moved, timeout=MOVE_WAIT)
    return moved()


async def human_turn(
    player: SshPlayer,
    organiser: Player,
    turn: Turn,
    index: int,
    rng: random.Random,
    results: Results,
    turns: HumanTurns,
    verbose: bool,
) -> None:
    """A person's turn: the screen says so (that moment is measured), the person
    thinks, reads the screen and presses the keys for a move it allows; again
    after a refusal, or after a call of "Idiot!" that leaves the turn theirs."""
    seat = turn.seat
    shown = await player.when_turn(turn, timeout=TURN_SHOWS)
    counted = turn.at >= turns.since
    turns.begun += counted
    if not counted and shown is not None:
        turns.dealt.append(shown - turn.at)
    if shown is None:
        turns.unseen += counted
        if verbose:
            print(f"{player.name}: turn not shown in {TURN_SHOWS:.0f}s:\n{player.text}")
    elif player.dismissed_at > turn.at:
        turns.after_summary += counted
    elif counted:
        turns.early += shown < turn.at
        turns.latencies.append(max(0.0, shown - turn.at))
        first = player.first_output(turn.at)
        if first is not None:
            turns.first_bytes.append(first - turn.at)
        bell = next((t for t in player.bells if turn.at <= t <= shown), None)
        if bell is not None:
            turns.bells.append((bell - turn.at, shown - bell))
        if verbose and shown - turn.at > 0.15:
            chunks = " ".join(
                f"+{(t - turn.at) * 1000:.0f}ms:{size}B"
                for t, size in player.arrivals
                if turn.at <= t <= shown
            )
            print(f"{player.name}: turn shown after {(shown - turn.at) * 1000:.0f} ms: {chunks}")
    await asyncio.sleep(rng.uniform(*THINK))

    def still_mine() -> bool:
        view = organiser.view
        return (
            len(organiser.turns) == index + 1
            and view is not None
            and not view.is_over
            and view.current_player == seat
        )

    while still_mine():
        await settled(player)
        keys = await turn_keys(player, turn.hand)
        seen = organiser.moved.get(seat, 0)
        player.cleared = False
        sent = time.perf_counter()
        player.press(keys)
        if await carried_out(player, organiser, seat, seen):
            results.latencies.append(time.perf_counter() - sent)
            results.moves += 1
            if still_mine():  # a call, or a late "Last card!": the turn goes on
                await player.until_screen(lambda t: not CALL.search(status_of(t)), 2.0)
        else:
            results.stuck += 1
            if verbose:
                print(f"{player.name}: {keys!r} did nothing:\n{player.text}")


async def human_table(
    organiser: Player,
    people: dict[int, SshPlayer],
    rngs: dict[int, random.Random],
    results: Results,
    turns: HumanTurns,
    verbose: bool,
) -> None:
    """Play a dealt game's people's turns as the server gives them, until it is over
    (or the run stops this task)."""
    index = 0
    while True:
        await organiser.until(lambda i=index: len(organiser.turns) > i or organiser.over, None)
        if organiser.over:
            return
        turn = organiser.turns[index]
        player = people.get(turn.seat)
        if player is not None:  # a bot's turn plays itself
            await human_turn(
                player, organiser, turn, index, rngs[turn.seat], results, turns, verbose
            )
        index += 1


async def read_summaries(player: SshPlayer, rng: random.Random) -> None:
    """Close every round's summary with Enter, after reading it a while."""
    while not player.ended:
        if await player.shows(NEXT_ROUND, timeout=3600) is None:
            continue
        await asyncio.sleep(rng.uniform(*THINK))
        player.dismissed_at = time.perf_counter()
        player.press(b"\r")
        await player.until_screen(lambda text: not NEXT_ROUND.search(text), timeout=3.0)


async def settle(organiser: Player, quiet: float, limit: float) -> bool:
    """Until the table has nothing left to do by itself (its bots' moves made): no
    event for ``quiet`` seconds. Whether it got there within ``limit`` seconds."""
    end = time.perf_counter() + limit
    while (now := time.perf_counter()) < end:
        if organiser.over or now - organiser.event_at >= quiet:
            return True
        await asyncio.sleep(min(quiet - (now - organiser.event_at), end - now) + 0.01)
    return False


def shown_hand(player: SshPlayer, cards: int) -> list[str] | None:
    """The hand on the player's screen as card labels ("8♥"), sorted; None when the
    screen does not show all ``cards`` of it (a summary over it, a long hand)."""
    lines = player.text.splitlines()
    at = status_at(lines)
    if at is None:
        at = next((i for i in range(len(lines) - 1, -1, -1) if "'s turn" in lines[i]), None)
    if at is None:
        return None
    hand = [rank + suit for rank, suit in hand_below(lines, at)]
    return sorted(hand) if len(hand) == cards else None


# --- The bench ------------------------------------------------------------------------------


def client_side() -> str:
    """The script that runs the real app for a session.

    It is ``python -m craits_tui --remote`` but for the pace: the app shows other
    players' moves one at a time at a pace people can follow, which would be
    measured here as latency; the bench's apps show each move at once."""
    path = Path(tempfile.mkdtemp(prefix="craits-bench-app-")) / "app.py"
    path.write_text(REAL_APP_SCRIPT, encoding="utf-8")
    return str(path)


async def sample(
    child: Child, samples: list[dict[str, Any]], stop: asyncio.Event, every: float = 30.0
) -> None:
    """The server's memory every ``every`` seconds until ``stop``, to see it stay flat."""
    while True:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), every)
        if stop.is_set():
            return
        samples.append(await child.stats())


async def bounded(tables: list[Any], limit: float, results: Results) -> None:
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


def print_failures(results: Results, problems: list[str]) -> None:
    """What went wrong in the run, and the first of the saved logs' problems."""
    for failure in results.failures:
        print(f"  {failure}")
    for problem in problems[:5]:
        print(f"  {problem}")


def percentile(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


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


async def loop_lag(lags: list[tuple[float, float]], every: float = 0.02) -> None:
    """How late this process's event loop wakes up, every ``every`` seconds: the
    bench's own delay, which lands in its timings (until cancelled). Each sample is
    (when it was due, how late)."""
    while True:
        due = time.perf_counter() + every
        await asyncio.sleep(every)
        lags.append((due, time.perf_counter() - due))


def mib(kb: float) -> float:
    return kb / 1024


async def run_human(args: argparse.Namespace, reader: ScreenReader) -> int:
    """``--human``: SSH people who think before each move, a bot at each table at the
    server's pace; the measured window is ``--seconds`` of play from when every
    table has been dealt. Games still on at its end are left unfinished."""
    app = client_side()
    per_table = args.sessions // args.tables
    data = Path(tempfile.mkdtemp(prefix="craits-bench-"))
    load_before = os.getloadavg()
    child = await Child.start(data, args.tables, args.bot_pace, app)
    results = Results()
    rng = random.Random(args.seed)
    turns = HumanTurns()
    lags: list[tuple[float, float]] = []
    samples: list[dict[str, Any]] = []
    stop = asyncio.Event()
    print(
        f"human pace: {args.sessions} SSH sessions at {args.tables} tables ({per_table} people "
        f"and 1 bot each), short games, think {THINK[0]:g}-{THINK[1]:g}s, bot pace "
        f"{args.bot_pace:g}s, {args.seconds:.0f}s; load average "
        + " ".join(f"{x:.2f}" for x in load_before)
    )
    ssh: list[SshPlayer] = []
    background: list[asyncio.Future[Any]] = []
    hands: dict[str, dict[int, list[str]]] = {}
    try:
        organisers = [
            Player(f"ipc{i:02d}", child.tokens[i], results, random.Random(i))
            for i in range(args.tables)
        ]
        await asyncio.gather(*(o.connect(child.socket) for o in organisers))
        ssh = [SshPlayer(f"p{i:02d}", reader, track=True) for i in range(args.sessions)]
        t0 = time.perf_counter()
        await asyncio.gather(*(p.start(child.port) for p in ssh))
        await asyncio.gather(*(p.shows(LOBBY, timeout=600) for p in ssh))
        print(f"{len(ssh)} apps up in {time.perf_counter() - t0:.1f}s")
        t0 = time.perf_counter()
        groups = [ssh[t * per_table : (t + 1) * per_table] for t in range(args.tables)]
        seated = await asyncio.gather(
            *(seat_table(o, g) for o, g in zip(organisers, groups, strict=True))
        )
        print(
            f"{args.tables} tables seated in {time.perf_counter() - t0:.1f}s"
            + (f" (codes typed again: {', '.join(JOIN_RETRIES)})" if JOIN_RETRIES else "")
        )
        # The apps' cost at rest, in the waiting room, beside their cost in play.
        idle_from = await child.stats()
        await asyncio.sleep(5.0)
        idle_to = await child.stats()
        t0 = time.perf_counter()
        await asyncio.gather(
            *(start_game(o, host) for o, (_, host) in zip(organisers, seated, strict=True))
        )
        results.started = args.tables
        # The window opens once every screen shows its table: the deal's turn comes
        # with the app opening its table screen, once a game, not with a move.
        dealt = await asyncio.gather(*(p.shows(DEALT, timeout=120) for p in ssh))
        await asyncio.gather(*(settled(p, 5.0) for p in ssh))
        print(
            f"{args.tables} games dealt in {time.perf_counter() - t0:.1f}s "
            f"({sum(t is not None for t in dealt)}/{len(ssh)} screens show their table)"
        )

        before = await child.stats()
        began, cpu_began = time.perf_counter(), time.process_time()
        moves_before = sum(o.commands for o in organisers)
        drawn_before = sum(p.received for p in ssh)
        turns.since = began
        sampler = asyncio.ensure_future(sample(child, samples, stop))
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
        drawn = sum(p.received for p in ssh) - drawn_before
        client_cpu = time.process_time() - cpu_began
        lagger.cancel()
        stop.set()
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
        closers = [asyncio.ensure_future(p.close_summaries()) for p in ssh]
        quiet = args.bot_pace + 1.5
        calm = await asyncio.gather(*(settle(o, quiet, 60) for o in organisers))
        await asyncio.sleep(1.0)
        await asyncio.gather(*(settled(p, 5.0) for p in ssh))
        for closer in closers:
            closer.cancel()
        for organiser, group, (code, _host) in zip(organisers, groups, seated, strict=True):
            view_now = organiser.view
            assert view_now is not None
            results.games[code] = {None: view_now}
            seats = {name: seat for seat, name in enumerate(view_now.players)}
            hands[code] = {}
            for player in group:
                seat = seats[player.name]
                hand = shown_hand(player, view_now.hand_sizes[seat])
                if hand is not None:
                    hands[code][seat] = hand
        dropped = [p for p in ssh if p.ended]
        end = await child.stats()
        results.ending = True
    finally:
        results.ending = True
        for player in ssh:
            await player.close()
        await child.stop()
    check = check_logs(data, results, hands)
    games, finished, problems = check.games, check.finished, check.problems
    shutil.rmtree(data, ignore_errors=True)
    shutil.rmtree(Path(app).parent, ignore_errors=True)
    dropped_count = max(len(dropped), args.sessions - end["apps"])
    print(
        f"sessions: {len(ssh)} SSH, dropped {dropped_count}"
        + (f" ({', '.join(p.name for p in dropped)})" if dropped else "")
        + f"; apps running at the end {end['apps']}; socket drops {len(results.drops)}"
    )
    for drop in results.drops[:5]:
        print(f"  {drop}")
    print(
        f"games: {results.started} dealt, {games} saved, {finished} finished, "
        f"{games - finished} unfinished (fine at this pace); tables quiet at the end "
        f"{sum(calm)}/{len(calm)}; replayed, compared with the log: {check.views} "
        f"spectators' views, {check.hands}/{args.sessions} hands on the screens; "
        f"problems {len(problems)}"
    )
    print_failures(results, problems)
    key_ms = [x * 1000 for x in results.latencies]
    print(
        f"moves in the window: {moves} in {elapsed:.1f}s = {moves / elapsed:.2f}/s "
        f"({results.moves} by people, {moves - results.moves} by bots; a play with its "
        f"'Last card!' is one); refusals {results.refusals or 0}; stuck presses "
        f"{results.stuck}; key press to the server's event p50 {percentile(key_ms, 50):.0f} ms, "
        f"p99 {percentile(key_ms, 99):.0f} ms"
    )
    turn_ms = [x * 1000 for x in turns.latencies]
    print(
        f"turn-to-screen (spectator's turn-began to the screen saying so): n={len(turn_ms)} "
        f"of {turns.begun} people's turns ({turns.after_summary} behind a round's summary, "
        f"{turns.unseen} not shown, {turns.early} drawn before the bench read the event); "
        f"p50 {percentile(turn_ms, 50):.0f} ms, p90 {percentile(turn_ms, 90):.0f} ms, "
        f"p99 {percentile(turn_ms, 99):.0f} ms, max {max(turn_ms, default=float('nan')):.0f} ms"
    )
    dealt_ms = [x * 1000 for x in turns.dealt]
    print(
        f"  not counted: the deal's turns, drawn as the table screen opens (n="
        f"{len(dealt_ms)}): p50 {percentile(dealt_ms, 50):.0f} ms, max "
        f"{max(dealt_ms, default=float('nan')):.0f} ms"
    )
    first_ms = [x * 1000 for x in turns.first_bytes]
    print(
        f"  of which before the app's first output after the event: p50 "
        f"{percentile(first_ms, 50):.0f} ms, p99 {percentile(first_ms, 99):.0f} ms; "
        f"the apps drew {drawn / max(moves, 1) / 1024:.1f} KiB a move (all screens)"
    )
    rang = [x * 1000 for x, _ in turns.bells]
    drew = [y * 1000 for _, y in turns.bells]
    print(
        f"  turns the app rang its bell for (n={len(rang)}): event to bell (the app has "
        f"taken the events in) p50 {percentile(rang, 50):.0f} ms, p99 {percentile(rang, 99):.0f}"
        f" ms; bell to the turn drawn (Textual's layout, render, write) p50 "
        f"{percentile(drew, 50):.0f} ms, p99 {percentile(drew, 99):.0f} ms"
    )
    server_cpu = after["cpu_s"] - before["cpu_s"]
    apps_cpu = after["apps_cpu_s"] - before["apps_cpu_s"]
    idle_cpu = idle_to["apps_cpu_s"] - idle_from["apps_cpu_s"]
    idle_s = 5.0
    per_move = 1000 / max(moves, 1)
    print(
        f"CPU in the window ({elapsed:.0f}s, {os.cpu_count()} cores): server {server_cpu:.1f}s "
        f"({server_cpu * per_move:.1f} ms a move), session apps {apps_cpu:.1f}s "
        f"({apps_cpu * per_move:.1f} ms a move; "
        f"{apps_cpu / elapsed / max(before['apps'], 1) * 1000:.1f} ms/s an app), this process "
        f"{client_cpu:.1f}s; the apps at rest in the waiting room: "
        f"{idle_cpu / idle_s / max(idle_from['apps'], 1) * 1000:.1f} ms/s an app"
    )
    mb = 1024 * 1024
    print(
        f"server: RSS {mib(before['rss_kb']):.0f} -> {mib(after['rss_kb']):.0f} MiB, "
        f"traced {before['traced'] / mb:.1f} -> {after['traced'] / mb:.1f} MiB "
        f"(peak {after['traced_peak'] / mb:.1f})"
    )
    for label, stats in (("dealt", before), ("end of the window", after)):
        memory = stats["apps_memory_kb"] or [(0, 0, 0)]
        rss = [m[0] for m in memory]
        print(
            f"apps at {label}: {stats['apps']} running; RSS mean {mib(statistics.fmean(rss)):.1f}"
            f" MiB, max {mib(max(rss)):.1f} MiB, min {mib(min(rss)):.1f} MiB; PSS mean "
            f"{mib(statistics.fmean(m[1] for m in memory)):.1f} MiB; private (USS) mean "
            f"{mib(statistics.fmean(m[2] for m in memory)):.1f} MiB"
        )
    lag_ms = [late * 1000 for _, late in lags]
    worst = max(lags, key=lambda lag: lag[1], default=(began, float("nan")))
    print(
        f"this process's event loop, late by: p50 {percentile(lag_ms, 50):.1f} ms, "
        f"p99 {percentile(lag_ms, 99):.1f} ms, max {worst[1] * 1000:.0f} ms (at "
        f"{worst[0] - began:.1f}s); "
        f"load average at the end " + " ".join(f"{x:.2f}" for x in os.getloadavg())
    )
    rss_end = [m[0] for m in after["apps_memory_kb"]] or [0]
    print(
        f"human pace: {args.sessions} sessions, {args.tables} tables, dropped {dropped_count}, "
        f"turn-to-screen p50 {percentile(turn_ms, 50):.0f} ms p99 {percentile(turn_ms, 99):.0f} "
        f"ms, app CPU {apps_cpu * per_move:.1f} ms a move, RSS "
        f"{mib(statistics.fmean(rss_end)):.1f} MiB a session"
    )
    ok = not problems and not dropped_count and not results.drops and not results.failures
    return 0 if ok and check.views == games else 1


async def run(args: argparse.Namespace) -> int:
    """The bench, in the mode asked for; its exit status."""
    # The loop stamps the players' bytes and events as they come: it must get the
    # interpreter back quickly from the thread that parses the screens.
    sys.setswitchinterval(0.001)
    reader = ScreenReader()
    try:
        if args.human:
            return await run_human(args, reader)
        return await run_games(args, reader)
    finally:
        reader.close()


async def run_games(args: argparse.Namespace, reader: ScreenReader) -> int:
    """``--clients ssh`` or ``ipc``: whole games at every table."""
    app = client_side()
    mode = args.clients
    per_table = args.sessions // args.tables
    data = Path(tempfile.mkdtemp(prefix="craits-bench-"))
    tokens = args.tables if mode == "ssh" else args.sessions
    child = await Child.start(data, tokens, args.bot_pace, app)
    results = Results()
    rng = random.Random(args.seed)
    turn_latencies: list[float] = []
    samples: list[dict[str, Any]] = []
    stop = asyncio.Event()
    print(
        f"{args.sessions} {mode.upper()} sessions at {args.tables} tables "
        f"({per_table} people and 1 bot each), short games, bot pace {args.bot_pace}s, "
        f"{args.seconds:.0f}s"
    )
    try:
        if mode == "ipc":
            players = [
                Player(f"ipc{i:02d}", child.tokens[i], results, random.Random(rng.random()))
                for i in range(args.sessions)
            ]
            await asyncio.gather(*(p.connect(child.socket) for p in players))
            before = await child.stats()
            sampler = asyncio.ensure_future(sample(child, samples, stop))
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
            organisers = [
                Player(f"ipc{i:02d}", child.tokens[i], results, random.Random(i))
                for i in range(args.tables)
            ]
            await asyncio.gather(*(o.connect(child.socket) for o in organisers))
            ssh = [SshPlayer(f"p{i:02d}", reader) for i in range(args.sessions)]
            t0 = time.perf_counter()
            await asyncio.gather(*(p.start(child.port) for p in ssh))
            await asyncio.gather(*(p.shows(LOBBY, timeout=180) for p in ssh))
            print(f"{len(ssh)} apps up in {time.perf_counter() - t0:.1f}s")
            before = await child.stats()
            sampler = asyncio.ensure_future(sample(child, samples, stop))
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
        stop.set()
        await sampler
        after = await child.stats()
        if mode == "ssh":
            for player in ssh:
                await player.close()
        results.ending = True
    finally:
        results.ending = True
        await child.stop()
    check = check_logs(data, results)
    games, finished, problems = check.games, check.finished, check.problems
    shutil.rmtree(data, ignore_errors=True)
    shutil.rmtree(Path(app).parent, ignore_errors=True)
    report(
        args,
        mode,
        results,
        [before, *samples, after],
        elapsed,
        sessions_alive,
        games,
        finished,
        problems,
        check.views,
        turn_latencies,
        client_cpu,
    )
    ok = (
        not problems
        and not results.drops
        and not results.failures
        and games == finished == results.started
    )
    return 0 if ok else 1


def report(
    args: argparse.Namespace,
    mode: str,
    results: Results,
    samples: list[dict[str, Any]],
    elapsed: float,
    alive: int,
    games: int,
    finished: int,
    problems: list[str],
    views: int,
    turn_latencies: list[float],
    client_cpu: float,
) -> None:
    before, after = samples[0], samples[-1]
    ms = [x * 1000 for x in results.latencies]
    print(
        f"sessions: {before['sessions']} at the start, {after['sessions']} at the end, "
        f"{alive} still connected; drops: {len(results.drops)}"
    )
    for drop in results.drops[:5]:
        print(f"  {drop}")
    print(
        f"games: {results.started} started, {games} saved, {finished} finished; "
        f"replay problems: {len(problems)} ({views} players' views compared with the log)"
    )
    print_failures(results, problems)
    print(
        f"moves by the players: {results.moves} in {elapsed:.1f}s = "
        f"{results.moves / elapsed:.1f}/s; refusals: {results.refusals or 0}"
        + (f"; stuck turns: {results.stuck}" if mode == "ssh" else "")
    )
    label = "command to its event" if mode == "ipc" else "key press to the server's event"
    print(
        f"latency, {label}: p50 {percentile(ms, 50):.1f} ms, p99 {percentile(ms, 99):.1f} ms "
        f"(n={len(ms)})"
    )
    if turn_latencies:
        turn_ms = [x * 1000 for x in turn_latencies]
        print(
            f"latency, move to screen (server's turn-began to 'Your turn' on the player's "
            f"screen): p50 {percentile(turn_ms, 50):.1f} ms, p99 {percentile(turn_ms, 99):.1f} ms"
            f" (n={len(turn_ms)})"
        )
    mb = 1024 * 1024
    print(
        f"server memory: traced {before['traced'] / mb:.1f} MiB -> {after['traced'] / mb:.1f} "
        f"MiB (peak {after['traced_peak'] / mb:.1f}); RSS {before['rss_kb'] / 1024:.0f} -> "
        f"{after['rss_kb'] / 1024:.0f} MiB; server CPU {after['cpu_s'] - before['cpu_s']:.1f}s"
    )
    trend = ", ".join(f"{s['traced'] / mb:.2f}/{s['rss_kb'] / 1024:.0f}" for s in samples)
    print(f"  every 30s, traced MiB/RSS MiB: {trend}")
    if after["apps"] or before["apps"]:
        print(
            f"session apps: {before['apps']} running, "
            f"{before['apps_rss_kb'] / 1024:.0f} MiB -> {after['apps_rss_kb'] / 1024:.0f} MiB "
            f"in all ({after['apps_rss_kb'] / 1024 / max(after['apps'], 1):.0f} MiB each)"
        )
    # Where the machine's time went: on a real server the players' side is on
    # their own machines.
    server_cpu = after["cpu_s"] - before["cpu_s"]
    apps_cpu = after["apps_cpu_s"] - before["apps_cpu_s"]
    per_move = 1000 / max(results.moves, 1)
    print(
        f"CPU while playing ({elapsed:.0f}s on {os.cpu_count()} cores): server {server_cpu:.0f}s, "
        f"session apps {apps_cpu:.0f}s, players' side (this process) {client_cpu:.0f}s; "
        f"a player's move costs {server_cpu * per_move:.0f} + {apps_cpu * per_move:.0f} + "
        f"{client_cpu * per_move:.0f} ms"
    )
    if ms:
        print(f"(mean {statistics.fmean(ms):.1f} ms)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--human",
        action="store_true",
        help="SSH people who think 2-4 s before each move, bots at the server's pace "
        "(defaults: 40 sessions, 10 tables, 180 s, bot pace 0.6 s); games may stay unfinished",
    )
    parser.add_argument(
        "--seconds", type=float, help="how long to play (default 120; --human: 180)"
    )
    parser.add_argument(
        "--overtime",
        type=float,
        default=120.0,
        help="extra seconds for the games in play to finish (default 120)",
    )
    parser.add_argument("--sessions", type=int, help="players (default 40)")
    parser.add_argument("--tables", type=int, help="tables (default 10)")
    parser.add_argument("--clients", choices=("ssh", "ipc"), default="ssh")
    parser.add_argument(
        "--bot-pace", type=float, help="seconds before a bot move (default 0.05; --human: 0.6)"
    )
    parser.add_argument(
        "--think", type=float, default=0.0, help="seconds a socket player waits before its move"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--verbose", action="store_true", help="say when a turn is slow to show")
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--data-dir", help=argparse.SUPPRESS)
    parser.add_argument("--tokens", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--app", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        asyncio.run(serve_child(args))
        return 0
    defaults = HUMAN_DEFAULTS if args.human else {"seconds": 120.0, "bot_pace": 0.05}
    for name, value in {"sessions": 40, "tables": 10, **defaults}.items():
        if getattr(args, name) is None:
            setattr(args, name, value)
    if args.human and args.clients != "ssh":
        parser.error("--human plays over SSH: it takes no --clients ipc")
    if args.sessions % args.tables:
        parser.error("--sessions must be a multiple of --tables")
    return asyncio.run(run(args))


if __name__ == "__main__":
    raise SystemExit(main())
