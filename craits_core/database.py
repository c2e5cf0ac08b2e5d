"""`Database`: one Craits save file on one SQLite connection, shared by whatever
keeps its tables there (the game store, a server's ledger).

The file is only ever touched through SQLite. SQLite's locks are POSIX locks,
which belong to the process, not to a connection: if this process opened the file
in any other way and closed it, every lock it holds there would go (SQLite's
"How To Corrupt An SQLite Database File", 2.2), and another program reading the
file could then take its write-ahead log for an orphan and delete it from under
us. So the checks of a file (is it SQLite, is it ours, is it sound) are made on
the very connection that then uses it, and every user of one file in a process
shares that connection.

Transactions nest: one begun inside another becomes a savepoint of it, so what
several parts write for one change (a move's events, the table's seats, the
game's ratings) is saved together or not at all. Each part reads and writes
through the same two doors (`Database.reading`, `Database.transaction`), naming
the `StoreError` class its callers catch (the store's own, a ledger's).
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

APPLICATION_ID = 0x43524149
"""``PRAGMA application_id`` of a Craits save file ("CRAI" in ASCII)."""

DEFAULT_TIMEOUT = 5.0
"""Seconds to wait for another process that is writing to the same file."""

_DAMAGE_CODES = frozenset({"SQLITE_CORRUPT", "SQLITE_IOERR_SHORT_READ"})
_BUSY_CODES = frozenset({"SQLITE_BUSY", "SQLITE_LOCKED"})


class StoreError(Exception):
    """The save file cannot be used (not ours, damaged, locked, closed) or a saved
    game cannot be read back. The message names the file or the game and says why.

    It says why as a ``code`` too (one of `craits_core.store.OPENING_PROBLEMS` or
    `craits_core.store.GAME_PROBLEMS`), with ``params`` (the ``path``, the
    ``game``'s id, and the system's own ``detail`` where there is one), as
    `IllegalMove` does, so that a user interface can say it in the player's
    language. Mistakes of the calling program (a closed store, a game saved twice)
    have the code "".
    """

    def __init__(self, message: str, code: str = "", **params: object) -> None:
        super().__init__(message)
        self.code = code
        self.params = params


ErrorType = type[StoreError]
"""The class of the errors a part of the file raises: `StoreError`, or its own
subclass of it (made as `StoreError` is, from a message, a code and params)."""


Schema = Callable[[Path, sqlite3.Connection], None]
"""Makes a part's tables in a file that does not have them yet (inside the
transaction that checks the file; it may read what is there first)."""


class Database:
    """A Craits save file, opened on one connection after checking it is ours.

    ``schema`` makes the tables of a new file and checks those of an old one
    (raising `StoreError`); it runs under the write lock, so two programs opening
    a new file at once cannot both make it. A file that is not a SQLite database,
    belongs to another program or is damaged raises `StoreError` and is left as
    it was: only read, through SQLite. A missing or empty file becomes a new one.
    """

    def __init__(self, path: Path, schema: Schema, *, timeout: float = DEFAULT_TIMEOUT) -> None:
        self._path = path
        self._lock = threading.RLock()
        self._depth = 0
        self._conn: sqlite3.Connection | None = _open(path, schema, timeout)

    @property
    def path(self) -> Path:
        return self._path

    @property
    def closed(self) -> bool:
        return self._conn is None

    def close(self) -> None:
        """Close the connection (SQLite folds its log into the file when it is the
        last one open, and only then)."""
        with self._lock:
            if self._conn is not None:
                self._conn.close()
                self._conn = None

    def _connection(self, error: ErrorType) -> sqlite3.Connection:
        if self._conn is None:
            raise error(f"the store {self._path} is closed")
        return self._conn

    @contextmanager
    def reading(
        self, what: str = "read from", *, error: ErrorType = StoreError
    ) -> Iterator[sqlite3.Connection]:
        """A read transaction, so that what several queries read is of one moment
        (inside a transaction already: that one). What fails in SQLite, or on a
        closed file, raises ``error``."""
        with self._lock:
            conn = self._connection(error)
            try:
                if self._depth:
                    yield conn
                    return
                conn.execute("BEGIN")
                self._depth += 1
                try:
                    yield conn
                    conn.execute("COMMIT")
                finally:
                    self._depth -= 1
                    _rollback(conn)
            except sqlite3.Error as err:
                raise store_error(
                    self._path, f"could not {what}", err, "unreadable", error=error
                ) from err

    @contextmanager
    def transaction(
        self, what: str, *, error: ErrorType = StoreError
    ) -> Iterator[sqlite3.Connection]:
        """A write transaction, taken with the write lock from the start so that
        what is read inside it cannot be changed by another process before the
        end. Inside another one, a savepoint of it: undone alone if it fails, and
        saved only with the outer one. ``what``: what it does, for the error,
        raised as ``error`` when SQLite fails or the file is closed (what the
        caller raises inside goes through as it is)."""
        with self._lock:
            conn = self._connection(error)
            savepoint = f"craits_{self._depth}"
            nested = self._depth > 0
            try:
                conn.execute(f"SAVEPOINT {savepoint}" if nested else "BEGIN IMMEDIATE")
                self._depth += 1
                try:
                    yield conn
                finally:
                    self._depth -= 1
                conn.execute(f"RELEASE {savepoint}" if nested else "COMMIT")
            except BaseException as err:
                if nested:
                    _undo(conn, savepoint)
                else:
                    _rollback(conn)
                if isinstance(err, sqlite3.Error):
                    raise store_error(
                        self._path, f"could not {what} in", err, "unwritable", error=error
                    ) from err
                raise


# --- Opening the file -------------------------------------------------------------


def _open(path: Path, schema: Schema, timeout: float) -> sqlite3.Connection:
    """``path`` opened for writing after checking it (see `Database`)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        detail = err.strerror or str(err)
        raise StoreError(
            f"cannot create the folder of {path} ({detail})", "no-folder", path=path, detail=detail
        ) from err
    try:
        # Autocommit mode: transactions are begun and ended explicitly.
        conn = sqlite3.connect(path, timeout=timeout, isolation_level=None, check_same_thread=False)
    except sqlite3.Error as err:
        raise store_error(path, "could not open", err, "cannot-open") from err
    try:
        # Reading only, until the file is known to be ours and sound: a refused
        # file is left exactly as it was (its log folded in, at most, as any
        # SQLite program closing it would).
        _check_contents(path, conn)
        conn.execute("PRAGMA journal_mode = WAL")
        # With WAL, NORMAL loses no committed data when the process dies (only on
        # power loss, and the file stays sound even then).
        conn.execute("PRAGMA synchronous = NORMAL")
        conn.execute("PRAGMA foreign_keys = ON")
        _set_up(path, conn, schema)
    except BaseException as err:
        conn.close()
        if isinstance(err, sqlite3.Error):
            raise store_error(path, "could not open", err, "cannot-open") from err
        raise
    return conn


def _check_contents(path: Path, conn: sqlite3.Connection) -> None:
    app_id, tables = identity(conn)
    if app_id == 0 and not tables:
        return  # A database with nothing in it (new, or creation was cut short): ours.
    if app_id != APPLICATION_ID:
        raise not_ours(path)
    problems = [row[0] for row in conn.execute("PRAGMA quick_check").fetchall()]
    if problems != ["ok"]:
        raise StoreError(
            f"{path} is damaged ({problems[0]})", "damaged", path=path, detail=problems[0]
        )


def _set_up(path: Path, conn: sqlite3.Connection, schema: Schema) -> None:
    """Make or check the tables under the write lock: another process may have
    made (or replaced) the file since it was checked."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        app_id, tables = identity(conn)
        if app_id == 0 and tables:
            raise not_ours(path)
        if app_id not in (0, APPLICATION_ID):
            raise not_ours(path)
        if app_id == 0:
            conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        schema(path, conn)
        conn.execute("COMMIT")
    except BaseException:
        _rollback(conn)
        raise


def identity(conn: sqlite3.Connection) -> tuple[int, set[str]]:
    """The file's application id and table names."""
    (app_id,) = conn.execute("PRAGMA application_id").fetchone()
    return app_id, table_names(conn)


def table_names(conn: sqlite3.Connection) -> set[str]:
    """The names of the tables in the file (each part's and the others')."""
    return {name for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}


def make_tables(conn: sqlite3.Connection, statements: Sequence[str]) -> None:
    """Run ``statements`` one at a time (executescript would commit the caller's
    transaction first)."""
    for statement in statements:
        conn.execute(statement)


def _rollback(conn: sqlite3.Connection) -> None:
    try:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
    except sqlite3.Error:
        pass  # The connection is unusable anyway; the transaction dies with it.


def _undo(conn: sqlite3.Connection, savepoint: str) -> None:
    try:
        conn.execute(f"ROLLBACK TO {savepoint}")
        conn.execute(f"RELEASE {savepoint}")
    except sqlite3.Error:
        pass  # The outer transaction fails with it.


def not_ours(path: Path) -> StoreError:
    """The refusal of a SQLite file that another program made."""
    return StoreError(
        f"{path} is not a Craits save file (it belongs to another program)", "foreign", path=path
    )


def store_error(
    path: Path, doing: str, err: sqlite3.Error, code: str, *, error: ErrorType = StoreError
) -> StoreError:
    """An ``error`` in plain words for an error from SQLite: ``code`` unless it
    is not a database, damage or another program's lock."""
    name = getattr(err, "sqlite_errorname", "")
    if name == "SQLITE_NOTADB":
        return error(
            f"{path} is not a Craits save file (it is not a SQLite database)",
            "not-sqlite",
            path=path,
        )
    if name in _DAMAGE_CODES:
        return error(f"{path} is damaged ({err})", "damaged", path=path, detail=str(err))
    if name in _BUSY_CODES:
        return error(f"{doing} {path}: another program is using it ({err})", "busy", path=path)
    if isinstance(err, sqlite3.ProgrammingError):
        return error(f"{doing} {path}: the store is closed ({err})")
    return error(f"{doing} {path}: {err}", code, path=path, detail=str(err))
