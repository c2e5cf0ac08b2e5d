"""Load benchmark of `craits-tui serve`: many sessions at many tables, whole short games.

The server runs in a child process (so its memory and CPU are its own), with
tracemalloc on; this process plays. Two ways to play:

- ``--clients ssh`` (the default): every player is
  a real SSH session running the real app in its own terminal; the players press
  keys (Enter plays the card at the cursor, ``d`` draws) when their screen says it
  is their turn. Each table also has an organiser on the socket: it creates the
  table, hands the host's seat to the first SSH player and watches as a
  spectator, which tells the bench whose turn it is and when the server said so.
  Latency: from the server's "your turn" (as the spectator receives it) to the
  player's screen showing it (pyte); one game per table.
- ``--clients ipc``: every player speaks the socket protocol directly, choosing
  random legal moves from its own folded view (calling "idiot" on others, now
  and then forgetting to announce), table after table until the time is up.
  Latency: from sending a command to receiving its first event.

At the end: every game finished, every saved log replays to its final state
(`GameStore.load` checks each move again; the players' folded views must equal
the replayed game's views), no session was dropped, and the server's memory at
the start and the end.

    python bench/ssh.py [--seconds 120] [--sessions 40] [--tables 10] [--clients ssh|ipc]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import random
import re
import resource
import shutil
import statistics
import sys
import tempfile
import time
import tracemalloc
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
)
from craits_core.view import project, view

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


def children_usage() -> tuple[int, int, float]:
    """How many processes this one started are running, their memory (KiB) and the
    CPU time they have used (s)."""
    me, count, total, cpu = str(os.getpid()), 0, 0, 0.0
    tick = os.sysconf("SC_CLK_TCK")
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[1].split()
        if fields[1] == me:
            count += 1
            total += rss_kb(entry.name)
            cpu += (int(fields[11]) + int(fields[12])) / tick  # utime, stime
    return count, total, cpu


async def serve_child(args: argparse.Namespace) -> None:
    """The server, as the bench's child: one JSON line out at the start, then one
    per ``stats`` line in; ``stop`` ends it."""
    from craits_tui.online.server.limits import Limits
    from craits_tui.online.server.ssh import CraitsServer, ServerConfig

    tracemalloc.start()
    app = (args.app,) if args.app else ("craits_tui",)
    config = ServerConfig(
        host="127.0.0.1",
        port=0,
        data_dir=Path(args.data_dir),
        bot_pace=args.bot_pace,
        app=app,
        limits=Limits(max_sessions=500, per_address=500, rate=1000.0, burst=1000.0),
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
        self.news = asyncio.Event()
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
            self.view, self.events = None, 0
        elif op == "table":
            self.info = message["table"]
        elif op == "event":
            event = message["event"]
            assert message["index"] == self.events, "an event missed or repeated"
            self.events += 1
            before = self.view.current_player if self.view is not None else None
            self.view = project(self.view, event, self.seat)
            self.last = event
            if self.view.current_player is not None and self.view.current_player != before:
                self.turn_at = time.perf_counter()
            if event["type"] in MOVES:
                seat = event["player"]
                self.moved[seat] = self.moved.get(seat, 0) + 1
            if (
                self._sent is not None
                and event["type"] in MOVES
                and event.get("player") == self.seat
            ):
                self.results.latencies.append(time.perf_counter() - self._sent)
                self.results.moves += 1
                self._sent = None
        elif op == "refused":
            code = message["code"]
            self.results.refusals[code] = self.results.refusals.get(code, 0) + 1
            self._sent = None
        elif op == "bye" and not self.results.ending:
            self.results.drops.append(f"{self.name}: bye {message.get('message')}")

    async def until(self, test: Any, timeout: float = 60.0) -> None:
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
PICKER = re.compile(r"name a suit|keep its suit or switch")
SETTLED = 0.05
"""Seconds without new output after which a screen counts as drawn."""
HAND_CARD = re.compile(r"│\s*(10|[2-9AJQK])([♣♦♥♠])│")
NAMED_RANK = re.compile(r"\ban? (10|[2-9AJQK])\b")
LEFT, RIGHT = b"\x1b[D", b"\x1b[C"


def parse_hand(text: str) -> list[tuple[str, str]]:
    """The cards of the player's hand on the screen, (rank, suit) in order: drawn
    below the status line, in rows when the hand is long."""
    lines = text.splitlines()
    at = next((i for i in range(len(lines) - 1, -1, -1) if YOUR_TURN.search(lines[i])), None)
    if at is None:
        at = next((i for i in range(len(lines) - 1, -1, -1) if "'s turn" in lines[i]), 0)
    return [card for line in lines[at + 1 :] for card in HAND_CARD.findall(line)]


def keys_for_turn(text: str) -> list[bytes]:
    """What a player presses on their turn, reading the screen as they would: the
    number of a card the status line allows, else draw."""
    lines = text.splitlines()
    at = next((i for i in range(len(lines) - 1, -1, -1) if YOUR_TURN.search(lines[i])), None)
    # The status line, without the story column drawn to its right.
    status = lines[at].split("▏")[0] if at is not None else ""
    if MUST_DRAW.search(status):
        return [b"d"]
    if "The starter is" in status:
        return [b"1"]  # the suit picker is open: its first suit
    follow = re.search(r"follow ([♣♦♥♠])", status)
    ranks = {"A", "2"} if "Crank at" in status else set(NAMED_RANK.findall(status))
    hand = parse_hand(text)
    # Down to one card after this play: "Last card!" first (l arms it), or be called an idiot.
    last = b"l" if len(hand) == 2 else b""
    for index, (rank, suit) in enumerate(hand):
        if (follow is not None and suit == follow.group(1)) or rank in ranks:
            if index < 9:
                return [last + str(index + 1).encode()]
            return [last + LEFT * 60 + RIGHT * index + b"\r"]
    return [b"d"]


MUST_DRAW = re.compile(r"nothing to play|you hold no A or 2")


class SshPlayer:
    """A real SSH session running the real app; its screen read by pyte."""

    def __init__(self, name: str) -> None:
        import pyte

        self.name = name
        self.screen = pyte.Screen(100, 32)
        self.stream = pyte.ByteStream(self.screen)
        self.conn: Any = None
        self.process: Any = None
        self.ended = False
        self.dismissed_at = 0.0
        self.updated_at = 0.0
        """When the last bytes from the app arrived."""
        """When a round's summary was last closed on this screen."""
        self._watches: list[tuple[re.Pattern[str], asyncio.Future[float]]] = []
        self._text: str | None = None
        """The screen as text, until more bytes come (reading pyte's screen costs as
        much as feeding it, and turns are watched by polling)."""

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
                self.updated_at = time.perf_counter()
                self.stream.feed(data)
                self._text = None
                if self._watches:
                    text = self.text
                    for pattern, future in self._watches:
                        if not future.done() and pattern.search(text):
                            future.set_result(time.perf_counter())
        self.ended = True

    @property
    def text(self) -> str:
        if self._text is None:
            self._text = "\n".join(self.screen.display)
        return self._text

    async def shows(self, pattern: re.Pattern[str] | str, timeout: float) -> float | None:
        """When ``pattern`` is on the screen (now, or when it comes); None after
        ``timeout`` seconds."""
        pattern = re.compile(pattern) if isinstance(pattern, str) else pattern
        if pattern.search(self.text):
            return time.perf_counter()
        future: asyncio.Future[float] = asyncio.get_running_loop().create_future()
        watch = (pattern, future)
        self._watches.append(watch)
        try:
            return await asyncio.wait_for(future, timeout)
        except TimeoutError:
            return None
        finally:
            self._watches.remove(watch)

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
                if now - self.updated_at > SETTLED:
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


async def ssh_table(
    organiser: Player,
    seated: list[SshPlayer],
    deadline: float,
    results: Results,
    turn_latencies: list[float],
    verbose: bool = False,
) -> None:
    """One game: the organiser sets the table up and watches; the SSH players play."""
    organiser.send(
        "create",
        name=f"Table {organiser.name}",
        seats=[None] * (len(seated) + 1),
        rules={"short_game": True},
    )
    await organiser.until(lambda: organiser.code is not None)
    code = organiser.code or ""
    for player in seated:
        await player.shows(code, timeout=120)  # listed in the lobby
        player.press(b"c")
        await asyncio.sleep(0.2)
        player.press(code.encode() + b"\r")
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
    by_name = {p.name: p for p in seated}
    assert organiser.info is not None
    host = by_name[organiser.info["host"]]
    await host.shows("Start game", timeout=60)
    while organiser.view is None:
        host.press(b"\x13")  # ctrl+s: start the game
        with contextlib.suppress(TimeoutError):
            await organiser.until(lambda: organiser.view is not None, timeout=3)
    results.started += 1
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
    if organiser.over and organiser.view is not None:
        results.games[code] = {None: organiser.view}


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


def percentile(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def check_logs(data: Path, results: Results) -> tuple[int, int, list[str]]:
    """Replay every saved game; compare with what the players saw. (games, finished, problems)"""
    problems: list[str] = []
    finished = 0
    with GameStore(data / "games.sqlite3") as store:
        records = store.games()
        for record in records:
            try:
                game = store.load(record.id, attach=False)  # every move checked again
            except Exception as err:
                problems.append(f"{record.id}: {err}")
                continue
            finished += game.state.is_over
            code = record.meta.get("table")
            seen = results.games.get(code) if isinstance(code, str) else None
            if seen is None:
                if game.state.is_over:
                    problems.append(f"{record.id}: finished but no player saw its end")
                continue
            for seat, final in seen.items():
                if final != view(game.state, seat):
                    problems.append(f"{record.id}: seat {seat}'s view differs from the log's")
    return len(records), finished, problems


async def run(args: argparse.Namespace) -> int:
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
            ssh = [SshPlayer(f"p{i:02d}") for i in range(args.sessions)]
            t0 = time.perf_counter()
            await asyncio.gather(*(p.start(child.port) for p in ssh))
            await asyncio.gather(*(p.shows("Reconnect code", timeout=180) for p in ssh))
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
    games, finished, problems = check_logs(data, results)
    shutil.rmtree(data, ignore_errors=True)
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
        f"replay problems: {len(problems)}"
    )
    for failure in results.failures:
        print(f"  {failure}")
    for problem in problems[:5]:
        print(f"  {problem}")
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
        "--seconds", type=float, default=120.0, help="how long to play (default 120)"
    )
    parser.add_argument(
        "--overtime",
        type=float,
        default=120.0,
        help="extra seconds for the games in play to finish (default 120)",
    )
    parser.add_argument("--sessions", type=int, default=40)
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--clients", choices=("ssh", "ipc"), default="ssh")
    parser.add_argument("--bot-pace", type=float, default=0.05, help="seconds before a bot move")
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
    if args.sessions % args.tables:
        parser.error("--sessions must be a multiple of --tables")
    return asyncio.run(run(args))


if __name__ == "__main__":
    raise SystemExit(main())
