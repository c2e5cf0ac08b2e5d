"""Sessions on the table protocol's socket: the players of ``--clients ipc``, and the
organisers that set the SSH players' tables up and watch them as spectators."""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from craits_core import CallIdiot, Event, Play, PlayerView, event_from_dict, legal_moves_in_view

from .events import command, fold, is_command, mover, played_by, turn_given


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
    stopped showing it as that seat's turn."""


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
            assert message["index"] == self.events, "an event missed or repeated"
            self._event(event_from_dict(message["event"]))
        elif op == "refused":
            self.refused = message
            code = message["code"]
            self.results.refusals[code] = self.results.refusals.get(code, 0) + 1
            self._sent = None
        elif op == "bye" and not self.results.ending:
            self.results.drops.append(f"{self.name}: bye {message.get('message')}")

    def _event(self, event: Event) -> None:
        """Fold ``event`` into the view; count the moves, turns and commands it shows."""
        self.events += 1
        self.event_at = time.perf_counter()  # before folding it: that is the bench's time
        before = self.view.current_player if self.view is not None else None
        previous, self.last = self.last, event
        self.view = view = fold(self.view, event, self.seat)
        if view.current_player is not None and view.current_player != before:
            self.turn_at = self.event_at
        seat = mover(event)
        if seat is not None:
            self.moved[seat] = self.moved.get(seat, 0) + 1
        given = turn_given(event)
        if given is not None:
            again = bool(self.turns) and self.turns[-1].seat == given
            again = again and played_by(previous) == given
            self.turns.append(Turn(given, self.event_at, view.hand_sizes[given], again))
        self.commands += is_command(event, previous)
        if self._sent is not None and seat is not None and seat == self.seat:
            self.results.latencies.append(time.perf_counter() - self._sent)
            self.results.moves += 1
            self._sent = None

    async def until(self, test: Callable[[], bool], timeout: float | None = 60.0) -> None:
        async with asyncio.timeout(timeout):
            while not test():
                if self.closed:
                    raise ConnectionError(f"{self.name}: the connection closed")
                self.news.clear()
                await self.news.wait()

    async def quiet(self, quiet: float, limit: float) -> bool:
        """Until the table has nothing left to do by itself (its bots' moves made): no
        event for ``quiet`` seconds. Whether it got there within ``limit`` seconds."""
        end = time.perf_counter() + limit
        while (now := time.perf_counter()) < end:
            if self.over or now - self.event_at >= quiet:
                return True
            await asyncio.sleep(min(quiet - (now - self.event_at), end - now) + 0.01)
        return False

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
            self.send("command", command=command(move))
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
