"""A save file shared: by a second store in the same program, by another program
reading it (a backup, a look with ``sqlite3``), by a second window of the app.
Whoever else opens the file, a program killed with SIGKILL loses nothing it saved.

SQLite's locks belong to a process, not to a connection: a process that opened
its own database file in another way and closed it would drop every lock it held
there, and the next program to close the file would take the write-ahead log for
an orphan and delete it from under the process, with every game saved since. Each
test here kills the process that plays at the end, and reads the file afresh.
"""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

from craits_core.store import GameStore

ROOT = Path(__file__).resolve().parent.parent
TIMEOUT = 60.0

PLAYER = """
import random, sys
from craits_core import Game
from craits_core.store import GameStore

path = sys.argv[1]
store = GameStore(path)
if sys.argv[2] == "second store":
    GameStore(path).close()  # what a second part of the program may do
print("open", flush=True)
sys.stdin.readline()  # meanwhile, others look at the file
game = Game.new(["Ann", "Bob", "Cy"], seed=4)
game_id = store.add(game)
rng = random.Random(4)
for _ in range(30):
    seat = game.state.current_player
    if seat is None or game.state.is_over:
        break
    game.handle(rng.choice(game.legal_moves(seat)))
print(game_id, game.event_count, flush=True)
sys.stdin.readline()  # killed here
"""


class Player:
    """A program that opens the store, waits while others look, then plays a game
    and waits to be killed."""

    def __init__(self, path: Path, how: str) -> None:
        self.path = path
        self.process = subprocess.Popen(
            [sys.executable, "-c", PLAYER, str(path), how],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            cwd=ROOT,
        )
        assert self._line() == "open"

    def _line(self) -> str:
        assert self.process.stdout is not None
        return self.process.stdout.readline().strip()

    def play(self) -> tuple[str, int]:
        """Play a game; its id and how many events it has."""
        assert self.process.stdin is not None
        self.process.stdin.write("\n")
        self.process.stdin.flush()
        game_id, count = self._line().split()
        return game_id, int(count)

    def files_gone(self) -> list[str]:
        """The store's files the program holds open that are no longer there."""
        fds = Path(f"/proc/{self.process.pid}/fd")
        links = [os.readlink(fd) for fd in fds.iterdir()]
        mine = [link for link in links if link.startswith(str(self.path))]
        assert mine, "the program holds its store open"
        return [link for link in mine if link.endswith("(deleted)")]

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(TIMEOUT)


def look_from_outside(path: Path) -> None:
    """What a backup script or an admin's look does: open, read, close."""
    conn = sqlite3.connect(path)
    assert conn.execute("SELECT count(*) FROM games").fetchone() is not None
    conn.close()


def saved_events(path: Path, game_id: str) -> int:
    with GameStore(path) as store:
        return store.load(game_id, attach=False).event_count


def test_a_second_store_and_a_look_from_outside_lose_nothing_of_a_killed_program(
    tmp_path: Path,
) -> None:
    path = tmp_path / "games.sqlite3"
    player = Player(path, "second store")
    try:
        look_from_outside(path)
        game_id, count = player.play()
        assert player.files_gone() == []  # the log is where SQLite keeps it
    finally:
        player.kill()
    assert saved_events(path, game_id) == count


def test_a_second_window_of_the_app_at_past_games_loses_nothing_of_the_first(
    tmp_path: Path,
) -> None:
    path = tmp_path / "games.sqlite3"
    player = Player(path, "one store")
    try:
        window = textwrap.dedent(
            """
            import asyncio, sys
            from pathlib import Path
            from craits_tui.app import CraitsApp
            from craits_tui.screens.history import HistoryScreen
            from craits_tui.settings import Settings

            async def main():
                app = CraitsApp(settings=Settings(lessons_offered=True),
                                store_path=Path(sys.argv[1]),
                                settings_file=Path(sys.argv[2]))
                async with app.run_test(size=(100, 32)) as pilot:
                    await pilot.press("p")
                    assert isinstance(app.screen, HistoryScreen)
                    await app.workers.wait_for_complete()
                    await pilot.press("q")
                print("closed", flush=True)

            asyncio.run(main())
            """
        )
        env = {**os.environ, "XDG_DATA_HOME": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path)}
        second = subprocess.run(
            [sys.executable, "-c", window, str(path), str(tmp_path / "settings.toml")],
            capture_output=True,
            text=True,
            cwd=ROOT,
            env=env,
            timeout=TIMEOUT,
        )
        assert second.stdout.strip() == "closed", second.stderr
        game_id, count = player.play()
        look_from_outside(path)
        assert player.files_gone() == []
    finally:
        player.kill()
    assert saved_events(path, game_id) == count
