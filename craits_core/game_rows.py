"""A saved game in the file: the store's tables, and what their rows read back as.

`GameStore` (in `store`) keeps games here; this module knows the layout: the
schema and its version, a game's record, an event's row, and the summary (status,
round) kept beside each log, so that listing games reads no log.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal

from .codec import event_from_dict
from .database import StoreError, make_tables, table_names
from .events import Event, GameEnded, RoundStarted
from .rules import RuleSet

FILE_NAME = "games.sqlite3"


def default_store_path() -> Path:
    """Where games are saved unless told otherwise: ``games.sqlite3`` in the user's
    data directory (on Linux ``$XDG_DATA_HOME/craits``, by default ``~/.local/share/craits``)."""
    import platformdirs  # here, not at the top: it costs the app's start-up 4 ms

    return platformdirs.user_data_path("craits", appauthor=False) / FILE_NAME


SCHEMA_VERSION = 1
"""``PRAGMA user_version``: the layout of the tables. This version reads only its own."""

GameStatus = Literal["playing", "finished"]

_SCHEMA: tuple[str, ...] = (
    """CREATE TABLE games (
        id TEXT PRIMARY KEY,
        players TEXT NOT NULL,
        rules TEXT NOT NULL,
        started_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('playing', 'finished')),
        event_count INTEGER NOT NULL,
        round_number INTEGER NOT NULL,
        meta TEXT NOT NULL DEFAULT '{}'
    )""",
    "CREATE INDEX games_by_update ON games (updated_at)",
    """CREATE TABLE events (
        game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        data TEXT NOT NULL,
        PRIMARY KEY (game_id, seq)
    ) WITHOUT ROWID""",
    f"PRAGMA user_version = {SCHEMA_VERSION}",
)
_TABLES = frozenset({"games", "events"})
RECORD_COLUMNS = (
    "id, players, rules, started_at, updated_at, status, event_count, round_number, meta"
)


OPENING_PROBLEMS = (
    "not-sqlite",
    "foreign",
    "damaged",
    "old-tables",
    "newer",
    "unreadable",
    "no-folder",
    "busy",
    "cannot-open",
)
"""The codes of a `StoreError` raised on opening a save file."""

GAME_PROBLEMS = (
    "in-use",
    "unknown-game",
    "game-damaged",
    "gone",
    "changed-elsewhere",
    "unreadable",
    "unwritable",
    "damaged",
    "busy",
)
"""The codes of a `StoreError` raised by an open store: reading, saving or deleting
a game."""


class UnknownGame(StoreError, KeyError):
    """No saved game has that id (also a `KeyError`)."""

    def __init__(self, path: Path, game_id: str) -> None:
        super().__init__(
            f"there is no saved game {game_id!r} in {path}", "unknown-game", path=path, game=game_id
        )

    def __str__(self) -> str:
        # KeyError would show the message in quotes.
        return str(self.args[0]) if self.args else ""


@dataclass(frozen=True, slots=True)
class GameRecord:
    """What the store knows about a saved game without reading its log."""

    id: str
    players: tuple[str, ...]
    rules: RuleSet
    started_at: datetime
    """When the game was first saved (UTC)."""
    updated_at: datetime
    """When its last command was saved (UTC)."""
    status: GameStatus
    event_count: int
    round_number: int
    """1-based position of the current (or last) round in the schedule."""
    meta: Mapping[str, Any] = field(default_factory=dict)
    """What the program saved with the game (who sits where, bot levels...)."""

    @property
    def finished(self) -> bool:
        """Whether the game is over."""
        return self.status == "finished"


def check_schema(path: Path, conn: sqlite3.Connection) -> None:
    """The store's tables: made in a new file, checked in an old one."""
    (version,) = conn.execute("PRAGMA user_version").fetchone()
    tables = table_names(conn)
    if version == 0 and not tables & _TABLES:
        make_tables(conn, _SCHEMA)
        return
    if version > SCHEMA_VERSION:
        raise StoreError(
            f"{path} was written by a newer version of Craits "
            f"(save format {version}; this version reads format {SCHEMA_VERSION})",
            "newer",
            path=path,
            version=version,
            readable=SCHEMA_VERSION,
        )
    if version != SCHEMA_VERSION or not _TABLES.issubset(tables):
        raise StoreError(
            f"{path} is damaged (its tables are not those of a Craits save file)",
            "old-tables",
            path=path,
        )


# --- Rows -------------------------------------------------------------------------


def now() -> str:
    # Fixed width (microseconds always present), so the text sorts as the time does.
    return datetime.now(UTC).isoformat(timespec="microseconds")


def damaged_game(path: Path, game_id: str, detail: str) -> StoreError:
    return StoreError(
        f"saved game {game_id} in {path} is damaged: {detail}",
        "game-damaged",
        path=path,
        game=game_id,
        detail=detail,
    )


def fresh_id(conn: sqlite3.Connection) -> str:
    """A short random id not yet in use (checked inside the caller's write transaction)."""
    import secrets  # here, not at the top: it costs the app's start-up 2 ms

    while True:
        game_id = secrets.token_hex(4)
        if conn.execute("SELECT 1 FROM games WHERE id = ?", (game_id,)).fetchone() is None:
            return game_id


def encode(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def decode_event(game_id: str, data: str, path: Path) -> Event:
    try:
        return event_from_dict(json.loads(data))
    except (ValueError, TypeError) as err:  # CorruptLog is a ValueError
        raise damaged_game(path, game_id, str(err)) from err


def summary_after(events: list[Event], status: str, round_number: int) -> tuple[str, int]:
    """The status and round number of a game after ``events``."""
    for event in events:
        if isinstance(event, RoundStarted):
            round_number = event.round_number
        elif isinstance(event, GameEnded):
            status = "finished"
    return status, round_number


def summary_before(conn: sqlite3.Connection, game_id: str, keep: int) -> tuple[str, int]:
    """The status and round number of ``game_id`` after its first ``keep`` saved
    events: read back from the last of them to the last deal (a round's worth)."""
    status = "playing"
    rows = conn.execute(
        "SELECT data FROM events WHERE game_id = ? AND seq < ? ORDER BY seq DESC", (game_id, keep)
    )
    for (data,) in rows:
        try:
            event = event_from_dict(json.loads(data))
        except ValueError:  # damaged: loading the game says so, not its summary
            continue
        if isinstance(event, GameEnded):
            status = "finished"
        elif isinstance(event, RoundStarted):
            return status, event.round_number
    return status, 1  # no deal yet: only a log cut short before it


def record_of(row: tuple[Any, ...]) -> GameRecord | None:
    """A `GameRecord` from a ``games`` row, or None if the row cannot be read."""
    game_id, players, rules, started, updated, status, count, round_number, meta = row
    try:
        names = json.loads(players)
        extra = json.loads(meta)
        record = GameRecord(
            id=game_id,
            players=tuple(names),
            rules=RuleSet.from_dict(json.loads(rules)),
            started_at=datetime.fromisoformat(started),
            updated_at=datetime.fromisoformat(updated),
            status=status,
            event_count=count,
            round_number=round_number,
            meta=extra if isinstance(extra, dict) else {},
        )
    except (ValueError, TypeError):
        return None
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        return None
    return record
