"""Sessions running the real app, each in a terminal emulated by pyte (over SSH
here; through the web door in `web`), and the thread that parses their output."""

from __future__ import annotations

import asyncio
import contextlib
import queue
import re
import threading
import time
from collections import deque
from collections.abc import Callable
from typing import Any

from .screen import BLANK, Reading, footer_keys, read
from .socket_player import Turn

COLUMNS, LINES = 100, 32
SETTLED = 0.05
"""Seconds without new output after which a screen counts as drawn."""
LONG_HAND = 16
"""The most cards a hand shows whole (two rows); a longer one scrolls."""
RIGHT, HOME, END = b"\x1b[C", b"\x1b[H", b"\x1b[F"


class ScreenReader:
    """The players' terminals, parsed by pyte in a thread of its own.

    pyte is slow: a whole screen drawn at once (a deal, a round's summary) takes it
    tens of milliseconds, the 40 screens of a deal seconds. In the event loop, that
    would hold up every other player's bytes and the organisers' events, and their
    times would be those of the parsing. Here the loop only stamps each chunk as it
    arrives; this thread parses it and hands the screen back to the loop (the loop
    gets the interpreter back within the switch interval, see `cli.run`)."""

    def __init__(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._chunks: queue.SimpleQueue[tuple[ScreenPlayer, bytes, float] | None] = (
            queue.SimpleQueue()
        )
        self._thread = threading.Thread(target=self._parse, name="pyte", daemon=True)
        self._thread.start()

    def feed(self, player: ScreenPlayer, data: bytes, arrived: float) -> None:
        self._chunks.put((player, data, arrived))

    def _parse(self) -> None:
        while (chunk := self._chunks.get()) is not None:
            player, data, arrived = chunk
            reading = player.parse(data)
            self._loop.call_soon_threadsafe(player.parsed, arrived, reading)

    def close(self) -> None:
        self._chunks.put(None)
        self._thread.join(timeout=10)


class ScreenPlayer:
    """A session running the real app, its screen read by pyte; a door's subclass
    connects it (`start`), takes the keys (`press`) and hangs up (`close`), and
    hands the app's output to `arrived` as it comes."""

    door = ""
    """The door the session comes in by ("ssh", "web"): the port it is given."""

    def __init__(self, name: str, reader: ScreenReader) -> None:
        import pyte

        self.name = name
        self.reader = reader
        self.screen = pyte.Screen(COLUMNS, LINES)
        self.stream = pyte.ByteStream(self.screen)
        self.ended = False
        self.ended_at = 0.0
        self.dismissed_at = 0.0
        """When a round's summary was last closed on this screen."""
        self.updated_at = 0.0
        """When the last bytes from the app arrived (that `reading` shows)."""
        self.unread = 0
        """Chunks arrived that `reading` does not show yet (being parsed)."""
        self.received = 0
        """Bytes the app has drawn."""
        self.mine: tuple[bool, int] = (False, 0)
        """Whether the screen shows the player's turn, and the cards of the hand it
        shows."""
        self.mine_since = 0.0
        """When the chunk arrived from which `mine` has held."""
        self.cleared = True
        """The screen has stopped showing the player's turn since the player last
        pressed a move's keys (so a turn shown now is news)."""
        self.arrivals: deque[tuple[float, int]] = deque(maxlen=64)
        """When the latest chunks of output arrived, and their sizes."""
        self.bells: deque[float] = deque(maxlen=8)
        """When the app last rang the terminal's bell, alone in a chunk (it rings
        when the turn comes back after a long wait: before it draws the turn)."""
        self._watches: list[tuple[Callable[[Reading], bool], asyncio.Future[float]]] = []
        self.reading = BLANK
        """The screen, as of the last chunk parsed."""
        self._rows = [" " * COLUMNS] * LINES
        self._footer: tuple[str, ...] = ()
        self.screen.dirty.clear()

    async def start(self, port: int) -> None:
        """Connect to the server's door at ``port`` and start the app."""
        raise NotImplementedError

    def press(self, keys: bytes) -> None:
        """Send ``keys`` to the app, as typed."""
        raise NotImplementedError

    async def close(self) -> None:
        """Hang up (the app ends)."""
        raise NotImplementedError

    def arrived(self, data: bytes) -> None:
        """A chunk of the app's output, as it arrives."""
        # The bytes are on the player's terminal now: that is the time the screen
        # shows them, whenever pyte is done with them.
        arrived = time.perf_counter()
        self.arrivals.append((arrived, len(data)))
        if data == b"\a":
            self.bells.append(arrived)
        self.received += len(data)
        self.unread += 1
        self.reader.feed(self, data, arrived)

    def hung_up(self) -> None:
        """The app's output has ended: the session is over."""
        self.ended = True
        self.ended_at = time.perf_counter()

    def parse(self, data: bytes) -> Reading:
        """Feed ``data`` to the terminal (in the reader's thread): the screen after it."""
        self.stream.feed(data)
        # Only the rows pyte marked as changed are read again: reading a whole
        # screen on every chunk would cost as much as parsing it.
        screen, rows = self.screen, self._rows
        for y in screen.dirty:
            if y < screen.lines:
                line = screen.buffer[y]
                # (The cell after a wide character holds "": it joins to nothing.)
                rows[y] = "".join(line[x].data for x in range(screen.columns))
                if y == screen.lines - 1:
                    self._footer = footer_keys(line[x] for x in range(screen.columns))
        screen.dirty.clear()
        return read(rows, self._footer)

    def parsed(self, arrived: float, reading: Reading) -> None:
        """The screen as the chunk that arrived at ``arrived`` left it (in the loop)."""
        self.reading, self.updated_at = reading, arrived
        self.unread -= 1
        mine = (reading.turn_shown, len(reading.hand))
        if mine != self.mine:
            self.mine, self.mine_since = mine, arrived
        if not mine[0]:
            self.cleared = True
        for test, future in self._watches:
            if not future.done() and test(reading):
                future.set_result(arrived)

    @property
    def text(self) -> str:
        return self.reading.text

    async def until_screen(self, test: Callable[[Reading], bool], timeout: float) -> float | None:
        """When the chunk of output arrived after which ``test(reading)`` first held;
        None after ``timeout`` seconds. (Now, if it holds already.)"""
        if test(self.reading):
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
        return await self.until_screen(lambda r: pattern.search(r.text) is not None, timeout)

    async def redrawn(self, timeout: float) -> None:
        """Until the app draws anything after now (at most ``timeout`` seconds)."""
        drawn = self.received
        await self.until_screen(lambda _r: self.received > drawn, timeout)

    async def settled(self, limit: float = 2.0) -> None:
        """Until the app has drawn nothing for `SETTLED` seconds (at most ``limit``)."""
        end = time.perf_counter() + limit
        while (now := time.perf_counter()) < end and (
            self.unread or now - self.updated_at < SETTLED
        ):
            await asyncio.sleep(SETTLED)

    def first_output(self, since: float) -> float | None:
        """When the first chunk of output after ``since`` arrived (None if none did,
        or if it is too long ago to tell)."""
        return next((t for t, _size in self.arrivals if t >= since), None)

    def shows_turn(self, turn: Turn) -> bool:
        """Whether the screen shows ``turn`` as the player's, with that turn's news:
        after a screen that did not (or with a 6's hand), and the hand the seat
        held then (a hand too long to show whole passes)."""
        mine, cards = self.mine
        fresh = self.cleared or turn.again
        return mine and fresh and (cards == turn.hand or turn.hand > LONG_HAND)

    async def when_turn(self, turn: Turn, timeout: float) -> float | None:
        """When this screen first showed ``turn`` (as the pump noticed it: the
        arrival of the chunk that drew it); None after ``timeout`` seconds."""
        if self.shows_turn(turn):
            return self.mine_since  # drawn before the bench heard of the turn
        return await self.until_screen(lambda _r: self.shows_turn(turn), timeout)

    async def close_summaries(self) -> None:
        """Press Enter on every round's summary, as a player would."""
        while not self.ended:
            if await self.until_screen(lambda r: r.summary, timeout=3600) is not None:
                await asyncio.sleep(0.05)
                self.dismissed_at = time.perf_counter()
                self.press(b"\r")
                await asyncio.sleep(0.3)


class SshPlayer(ScreenPlayer):
    """A real SSH session running the real app."""

    door = "ssh"

    def __init__(self, name: str, reader: ScreenReader) -> None:
        super().__init__(name, reader)
        self.conn: Any = None
        self.process: Any = None

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
            term_size=(COLUMNS, LINES),
            env={"LANG": "C.UTF-8"},
            stderr=asyncssh.STDOUT,
        )
        asyncio.get_running_loop().create_task(self._pump())

    async def _pump(self) -> None:
        with contextlib.suppress(Exception):
            while data := await self.process.stdout.read(65536):
                self.arrived(data)
        self.hung_up()

    def press(self, keys: bytes) -> None:
        self.process.stdin.write(keys)

    async def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
