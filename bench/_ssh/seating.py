"""Setting a table up for players on screens (over SSH or in a browser): an organiser on the socket opens it, the
players type its code in their lobby and sit down, the host starts the game."""

from __future__ import annotations

import asyncio
import contextlib
import math
import random
import re
import time

from .server import Child
from .socket_player import Player, Results
from .terminal import ScreenPlayer, ScreenReader, SshPlayer
from .web import WebPlayer

ESCAPE, ENTER = b"\x1b", b"\r"
START = b"\x13"  # ctrl+s, in the waiting room
START_KEY = "^s"
"""How the waiting room's footer shows ctrl+s, to the host alone."""

JOIN_RETRIES: list[str] = []
"""The players who had to type a table's code again (their keys went elsewhere)."""


def in_lobby(name: str) -> re.Pattern[str]:
    """The player's own name, as the lobby shows it once the app is up (a whole
    word: "p00" is not in "ipc00")."""
    return re.compile(rf"\b{re.escape(name)}\b")


async def type_code(player: ScreenPlayer, organiser: Player, code: str) -> None:
    """Sit ``player`` at the organiser's table from the lobby, as a person does: the
    code typed (the lobby hands a code's letters to its field), and Enter once the
    field shows it: once the code is on the screen one more time than the list of
    tables shows it. Else Escape (which empties the field) and the code again."""

    def sits() -> bool:
        info = organiser.info
        return info is not None and player.name in {s["name"] for s in info["seats"]}

    word = re.compile(rf"\b{re.escape(code)}\b")

    def shown() -> int:
        return len(word.findall(player.text))

    for attempt in range(5):
        if attempt:
            JOIN_RETRIES.append(player.name)
            player.press(ESCAPE)
            await player.redrawn(2.0)
        await player.settled()
        listed = shown()
        player.press(code.encode())
        await player.until_screen(lambda _r, n=listed: shown() > n, 5.0)
        if shown() <= listed:
            continue  # the letters went elsewhere
        player.press(ENTER)
        with contextlib.suppress(TimeoutError):
            await organiser.until(sits, timeout=20)
        if sits():
            return
    raise RuntimeError(f"{player.name} could not sit at {code}:\n{player.text}")


async def seat_table(organiser: Player, seated: list[ScreenPlayer]) -> tuple[str, ScreenPlayer]:
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
    await host.until_screen(lambda r: START_KEY in r.footer, timeout=60)
    return code, host


async def start_game(organiser: Player, host: ScreenPlayer) -> None:
    """The host starts the game (ctrl+s in the waiting room) and the organiser sees
    it dealt."""
    while organiser.view is None:
        host.press(START)
        with contextlib.suppress(TimeoutError):
            await organiser.until(lambda: organiser.view is not None, timeout=3)


def in_browser(sessions: int, share: float) -> list[bool]:
    """Which of ``sessions`` players come in by the web door: ``share`` of them,
    spread evenly along the list, so that each table (consecutive players) gets
    its share of them beside SSH players."""
    return [math.floor((i + 1) * share) > math.floor(i * share) for i in range(sessions)]


async def open_sessions(
    child: Child,
    tables: int,
    sessions: int,
    results: Results,
    reader: ScreenReader,
    players: list[ScreenPlayer],
    *,
    timeout: float,
    web_share: float = 0.0,
) -> list[Player]:
    """Each table's organiser on the socket, and ``sessions`` players (put in
    ``players`` before they start, so that the caller closes them whatever
    happens) up in the lobby: ``web_share`` of them through the web door ("wNN"),
    the others over SSH ("pNN"). Returns the organisers."""
    organisers = [
        Player(f"ipc{i:02d}", child.tokens[i], results, random.Random(i)) for i in range(tables)
    ]
    await asyncio.gather(*(o.connect(child.socket) for o in organisers))
    players.extend(
        WebPlayer(f"w{i:02d}", reader) if web else SshPlayer(f"p{i:02d}", reader)
        for i, web in enumerate(in_browser(sessions, web_share))
    )
    t0 = time.perf_counter()
    await asyncio.gather(*(p.start(child.ports[p.door]) for p in players))
    await asyncio.gather(*(p.shows(in_lobby(p.name), timeout=timeout) for p in players))
    print(f"{len(players)} apps up in {time.perf_counter() - t0:.1f}s")
    return organisers
