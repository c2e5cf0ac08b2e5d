"""`GameStore`: saved games, kept as their event logs in one SQLite file.

Each command's events are written in one transaction *before* the game takes them
(the store is a writer of the game, see `Game.add_writer`), so the file always holds
a whole number of commands: if the process dies at any moment, at most the command
in flight is lost, and a game read back is exactly the game as it was.

The file lives in the user's data directory unless a path is given; several stores
(in several processes) may use the same file at once.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .codec import event_to_dict
from .database import (
    APPLICATION_ID,
    DEFAULT_TIMEOUT,
    Database,
    StoreError,
)
from .events import Event
from .game import Game
from .game_rows import (
    FILE_NAME,
    GAME_PROBLEMS,
    OPENING_PROBLEMS,
    RECORD_COLUMNS,
    SCHEMA_VERSION,
    GameRecord,
    UnknownGame,
    check_schema,
    damaged_game,
    decode_event,
    default_store_path,
    encode,
    fresh_id,
    now,
    record_of,
    summary_after,
    summary_before,
)
from .locks import GameLock

__all__ = [
    "APPLICATION_ID",
    "DEFAULT_TIMEOUT",
    "FILE_NAME",
    "GAME_PROBLEMS",
    "OPENING_PROBLEMS",
    "SCHEMA_VERSION",
    "GameRecord",
    "GameStore",
    "SaveHook",
    "StoreError",
    "UnknownGame",
    "default_store_path",
]

SaveHook = Callable[[list[Event]], None]
"""Called with a command's events inside the transaction that saves them (see
`GameStore.add`)."""


@dataclass(frozen=True, slots=True)
class _Attachment:
    game: Game
    game_id: str
    remove: Callable[[], None]  # what `Game.add_writer` returned
    lock: GameLock | None  # shared by the attachments of one game; None: unguarded


class GameStore:
    """Saved games in one SQLite file: add a game, list, load, resume, rewind, delete.

    A game added or loaded is *attached*: every later command's events are saved
    before they take effect, and a command that cannot be saved is refused (its
    `Game.handle` raises `StoreError` and the game is unchanged). An attached game
    is claimed (see `GameLock`): another store, in this program or another, cannot
    attach it until this one lets it go (`detach`, `close`, or the program's end).

    Opening a file that is not a Craits save file or is damaged raises `StoreError`
    and leaves the file as it was. A missing or empty file becomes a new store.
    Whatever else keeps its tables in the same file (a server's ledger) does so on
    this store's `database`, never on a connection of its own. Use it as a context
    manager, or call `close`.
    """

    def __init__(self, path: Path | str | None = None, *, timeout: float = DEFAULT_TIMEOUT) -> None:
        """Open (or create) the store at ``path`` (default: `default_store_path`).

        ``timeout`` is how long to wait, in seconds, while another process writes.
        """
        self._path = Path(path) if path is not None else default_store_path()
        self._attached: dict[int, _Attachment] = {}
        self.database = Database(self._path, check_schema, timeout=timeout)
        """The file's one connection, with its transactions (which nest)."""

    @property
    def path(self) -> Path:
        """The save file."""
        return self._path

    # --- Lifetime -----------------------------------------------------------------

    def close(self) -> None:
        """Close the file. Games still attached refuse further commands (the store
        cannot save them); `detach` them first to play on unsaved."""
        self.database.close()
        for attachment in self._attached.values():
            if attachment.lock is not None:
                attachment.lock.release()

    @property
    def closed(self) -> bool:
        """Whether `close` was called."""
        return self.database.closed

    def __enter__(self) -> GameStore:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def __repr__(self) -> str:
        state = "closed" if self.closed else "open"
        return f"<GameStore {str(self._path)!r} ({state})>"

    # --- Saving -------------------------------------------------------------------

    def add(
        self, game: Game, meta: Mapping[str, Any] | None = None, *, saving: SaveHook | None = None
    ) -> str:
        """Save ``game`` (its whole log so far) as a new saved game, attach to it and
        return its id. ``meta`` is any JSON object to keep with it (see `GameRecord`).

        ``saving(events)``, if given, is called with each later command's events
        inside the transaction that saves them, once they are written: whatever it
        writes through this store's `database` (`update_meta`, a ledger's records)
        is saved with the command, or nothing is. If it raises, the command is
        refused as one that cannot be saved."""
        if id(game) in self._attached:
            known = self._attached[id(game)].game_id
            raise StoreError(f"this game is already saved in {self._path} as {known}")
        state = game.state
        saved_at = now()
        rows = [encode(event_to_dict(event)) for event in game.events]
        with self.database.transaction("save a new game") as conn:
            game_id = fresh_id(conn)
            conn.execute(
                f"INSERT INTO games ({RECORD_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    game_id,
                    encode(list(state.players)),
                    encode(state.rules.to_dict()),
                    saved_at,
                    saved_at,
                    "finished" if state.is_over else "playing",
                    len(rows),
                    state.round_number,
                    encode(dict(meta or {})),
                ),
            )
            conn.executemany(
                "INSERT INTO events (game_id, seq, data) VALUES (?, ?, ?)",
                ((game_id, seq, data) for seq, data in enumerate(rows)),
            )
        self._attach(game_id, game, saving)
        return game_id

    def attach(self, game_id: str, game: Game, *, saving: SaveHook | None = None) -> None:
        """Save ``game``'s further commands to the saved game ``game_id`` (with
        ``saving``, as `add` says).

        The saved log must be exactly ``game``'s log so far (as after `load` with
        ``attach=False``); otherwise `StoreError`.
        """
        current = self._attached.get(id(game))
        if current is not None:
            if current.game_id == game_id:
                return
            raise StoreError(f"this game is already saved in {self._path} as {current.game_id}")
        rows = self._read_game(game_id)
        if tuple(decode_event(game_id, data, self._path) for data in rows) != game.events:
            raise StoreError(f"saved game {game_id} in {self._path} is not this game as it stands")
        self._attach(game_id, game, saving)

    def detach(self, game: Game) -> None:
        """Stop saving ``game`` (it plays on, unsaved). Does nothing if not attached."""
        attachment = self._attached.pop(id(game), None)
        if attachment is None:
            return
        attachment.remove()
        lock = attachment.lock
        if lock is not None and not any(a.lock is lock for a in self._attached.values()):
            lock.release()

    def _attach(self, game_id: str, game: Game, saving: SaveHook | None = None) -> None:
        def write(events: list[Event]) -> None:
            with self.database.transaction(f"save game {game_id}") as conn:
                # The log's length before the command is where its events go.
                self._append(conn, game_id, game.event_count, events)
                if saving is not None:
                    saving(events)

        lock = self._claim(game_id)
        remove = game.add_writer(write)
        self._attached[id(game)] = _Attachment(game, game_id, remove, lock)

    def _claim(self, game_id: str) -> GameLock | None:
        """This store's claim on ``game_id``: the one it holds already, or a new one.
        `StoreError` ("in-use") when another store holds it."""
        for attachment in self._attached.values():
            if attachment.game_id == game_id:
                return attachment.lock
        try:
            lock = GameLock.take(self._path, game_id)
        except OSError:
            # No locks here (a read-only folder, a file system without them): the
            # game plays unguarded, and a save that would fork it is still refused.
            return None
        if lock is None:
            raise StoreError(
                f"game {game_id} in {self._path} is open in another program",
                "in-use",
                path=self._path,
                game=game_id,
            )
        return lock

    def _append(
        self, conn: sqlite3.Connection, game_id: str, base: int, events: list[Event]
    ) -> None:
        """Save one command's events at positions ``base``..., in the caller's
        transaction."""
        rows = [encode(event_to_dict(event)) for event in events]
        found = conn.execute(
            "SELECT event_count, status, round_number FROM games WHERE id = ?", (game_id,)
        ).fetchone()
        if found is None:
            raise StoreError(
                f"game {game_id} is no longer saved in {self._path}",
                "gone",
                path=self._path,
                game=game_id,
            )
        count, status, round_number = found
        if count != base:
            # Another store (or process) moved this game on: saving would fork it.
            raise StoreError(
                f"game {game_id} in {self._path} was changed elsewhere "
                f"({count} events saved, {base} here); load it again",
                "changed-elsewhere",
                path=self._path,
                game=game_id,
            )
        conn.executemany(
            "INSERT INTO events (game_id, seq, data) VALUES (?, ?, ?)",
            ((game_id, base + i, data) for i, data in enumerate(rows)),
        )
        status, round_number = summary_after(events, status, round_number)
        conn.execute(
            "UPDATE games SET updated_at = ?, event_count = ?, status = ?, round_number = ?"
            " WHERE id = ?",
            (now(), base + len(rows), status, round_number, game_id),
        )

    def rewind(self, game_id: str, keep: int, *, meta: Mapping[str, Any] | None = None) -> None:
        """Cut the saved log of ``game_id`` back to its first ``keep`` events (a move
        taken back), and keep ``meta`` with it in place of what was kept if given, in
        one transaction: the file holds the game as it was, or as it is after the cut.

        The status and round number follow the log. A game attached to the log as it
        was no longer matches it: attach the game rebuilt from the prefix (see
        `Game.rewound`) before detaching the old one, and this store's claim on the
        game is kept throughout. `UnknownGame` if there is no such game; `StoreError`
        if ``keep`` is not within the saved log.
        """
        with self.database.transaction(f"save game {game_id}") as conn:
            found = conn.execute(
                "SELECT event_count FROM games WHERE id = ?", (game_id,)
            ).fetchone()
            if found is None:
                raise UnknownGame(self._path, game_id)
            (count,) = found
            if type(keep) is not int or not 0 < keep <= count:
                raise StoreError(
                    f"game {game_id} in {self._path} has {count} events: it cannot be "
                    f"rewound to {keep!r}"
                )
            try:
                status, round_number = summary_before(conn, game_id, keep)
            except (ValueError, TypeError, KeyError) as err:
                raise damaged_game(self._path, game_id, f"its log cannot be read ({err})") from err
            conn.execute("DELETE FROM events WHERE game_id = ? AND seq >= ?", (game_id, keep))
            conn.execute(
                "UPDATE games SET updated_at = ?, event_count = ?, status = ?, round_number = ?"
                " WHERE id = ?",
                (now(), keep, status, round_number, game_id),
            )
            if meta is not None:
                conn.execute(
                    "UPDATE games SET meta = ? WHERE id = ?", (encode(dict(meta)), game_id)
                )

    def update_meta(self, game_id: str, meta: Mapping[str, Any]) -> None:
        """Keep ``meta`` with the saved game ``game_id`` in place of what was kept
        (who sits where changes as a game goes on). `UnknownGame` if there is none."""
        with self.database.transaction(f"save game {game_id}") as conn:
            found = conn.execute(
                "UPDATE games SET meta = ? WHERE id = ?", (encode(dict(meta)), game_id)
            )
            if found.rowcount == 0:
                raise UnknownGame(self._path, game_id)

    # --- Reading ------------------------------------------------------------------

    def load(self, game_id: str, *, attach: bool = True, saving: SaveHook | None = None) -> Game:
        """The saved game ``game_id``, checked move by move, attached for further
        saving unless ``attach=False`` (with ``saving``, as `add` says).

        Raises `UnknownGame` (a `KeyError` and `StoreError`) for an unknown id and
        `StoreError` naming the game when its log is damaged.
        """
        rows = self._read_game(game_id)
        events = [decode_event(game_id, data, self._path) for data in rows]
        try:
            game = Game.from_events(events)
        except Exception as err:
            # Whatever breaks the replay, the saved log is unusable as it is.
            raise damaged_game(self._path, game_id, str(err)) from err
        if attach:
            self._attach(game_id, game, saving)
        return game

    def record(self, game_id: str) -> GameRecord:
        """What the store knows about ``game_id`` (`UnknownGame` if nothing)."""
        with self.database.reading() as conn:
            row = conn.execute(
                f"SELECT {RECORD_COLUMNS} FROM games WHERE id = ?", (game_id,)
            ).fetchone()
        if row is None:
            raise UnknownGame(self._path, game_id)
        record = record_of(row)
        if record is None:
            raise damaged_game(self._path, game_id, "its summary cannot be read")
        return record

    def games(self) -> list[GameRecord]:
        """Every saved game, the most recently played first. A game whose summary
        cannot be read is left out (loading it says what is wrong)."""
        return self._records("")

    def latest_unfinished(self) -> GameRecord | None:
        """The most recently played game that is not over, if any."""
        found = self.unfinished()
        return found[0] if found else None

    def unfinished(self) -> list[GameRecord]:
        """Every saved game that is not over, the most recently played first."""
        return self._records("WHERE status = 'playing'")

    def _records(self, where: str) -> list[GameRecord]:
        with self.database.reading() as conn:
            rows = conn.execute(
                f"SELECT {RECORD_COLUMNS} FROM games {where} ORDER BY updated_at DESC, rowid DESC"
            ).fetchall()
        return [record for record in map(record_of, rows) if record is not None]

    def _read_game(self, game_id: str) -> list[str]:
        """The saved events of ``game_id`` (JSON text, oldest first), checked to be whole."""
        # One read transaction, so a writer in another process cannot slip in between.
        with self.database.reading() as conn:
            found = conn.execute(
                "SELECT event_count FROM games WHERE id = ?", (game_id,)
            ).fetchone()
            rows = conn.execute(
                "SELECT seq, data FROM events WHERE game_id = ? ORDER BY seq", (game_id,)
            ).fetchall()
        if found is None:
            raise UnknownGame(self._path, game_id)
        (count,) = found
        if [seq for seq, _ in rows] != list(range(count)):
            raise damaged_game(
                self._path,
                game_id,
                f"its log should have {count} events but {len(rows)} are there, or out of order",
            )
        return [data for _, data in rows]

    # --- Deleting -----------------------------------------------------------------

    def delete(self, game_id: str) -> None:
        """Forget the saved game ``game_id`` (`UnknownGame` if there is none). A game
        this store was saving there plays on, unsaved. A game another store claims
        (open in another program) is not deleted: `StoreError` ("in-use")."""
        # Claimed for the time of the deletion, so that no other program resumes the
        # game while it goes.
        claim = None if self._holds(game_id) else self._claim(game_id)
        try:
            with self.database.transaction(f"delete game {game_id}") as conn:
                conn.execute("DELETE FROM events WHERE game_id = ?", (game_id,))
                if conn.execute("DELETE FROM games WHERE id = ?", (game_id,)).rowcount == 0:
                    raise UnknownGame(self._path, game_id)
        finally:
            if claim is not None:
                claim.release()
        for attachment in list(self._attached.values()):
            if attachment.game_id == game_id:
                self.detach(attachment.game)

    def _holds(self, game_id: str) -> bool:
        """Whether this store has ``game_id`` attached (and so claimed)."""
        return any(a.game_id == game_id for a in self._attached.values())
