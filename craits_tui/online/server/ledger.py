"""`Ledger`: what a server remembers of its players: who owns which name, their
ratings and the leaderboard, and the replay codes of finished games.

A player is their SSH key where they log in with one, else their name (`player_id`).
The first key to log in under a name claims it on this server, so nobody else can
play, and be rated, under it (`Ledger.claim`).

The ledger lives in the server's save file (``games.sqlite3``, beside the game
store's tables, in tables of its own whose names begin ``ledger_``), on a connection
of its own. It opens the file as the game store does, so a file that is not a Craits
save file, or is damaged, is refused (`LedgerError`) and left exactly as it was.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from pathlib import Path

from craits_core import GameStore, StoreError

from ...names import name_key
from .ratings import PLACEMENT_GAMES, SCALE, Placing, Rating, new_rating, ranks, rated
from .seats import fresh_code, normal_code

__all__ = [
    "PLACEMENT_GAMES",
    "REPLAY_CODE_LENGTH",
    "SCALE",
    "Ledger",
    "LedgerError",
    "NameTaken",
    "Placing",
    "Rating",
    "RatingChange",
    "Standing",
    "player_id",
    "ranks",
]

REPLAY_CODE_LENGTH = 6

_SCHEMA: tuple[str, ...] = (
    # mu and sigma are NULL until the first rated game: a player known only by name
    # has the model's default rating, whatever the defaults are then.
    """CREATE TABLE IF NOT EXISTS ledger_players (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        mu REAL,
        sigma REAL,
        games INTEGER NOT NULL DEFAULT 0
    )""",
    # One row a claimed name, by its name_key: whose key it is.
    """CREATE TABLE IF NOT EXISTS ledger_names (
        name_key TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        key TEXT NOT NULL
    )""",
    # The code without its dash (as `normal_code` makes it), so a code is looked up
    # however it was typed.
    """CREATE TABLE IF NOT EXISTS ledger_replays (
        code TEXT PRIMARY KEY,
        game_id TEXT NOT NULL UNIQUE
    )""",
)

# The order of the leaderboard, best first; `_AHEAD` counts the players before one.
_CONSERVATIVE = "(mu - 3 * sigma)"
_ORDER = f"{_CONSERVATIVE} DESC, games DESC, name, id"
_AHEAD = f"""SELECT count(*) FROM ledger_players WHERE games >= :placed AND (
    {_CONSERVATIVE} > :c
    OR ({_CONSERVATIVE} = :c AND games > :games)
    OR ({_CONSERVATIVE} = :c AND games = :games AND name < :name)
    OR ({_CONSERVATIVE} = :c AND games = :games AND name = :name AND id < :id)
)"""


class LedgerError(Exception):
    """The ledger's file cannot be used (not a Craits save file, damaged, locked,
    closed). The message is one line; it names the file and says why."""


class NameTaken(Exception):
    """A login under a name that another player's key has claimed. Its message is
    one sentence for the player."""


@dataclass(frozen=True, slots=True)
class Standing:
    """A player on the leaderboard."""

    place: int | None
    """1-based place among placed players; None while still placing."""
    name: str
    """Their latest name."""
    rating: Rating


@dataclass(frozen=True, slots=True)
class RatingChange:
    """What one game did to one person's rating."""

    player: str
    name: str
    place: int
    """The rank the game was rated with (1 is best; ties share it)."""
    before: Rating
    after: Rating


def player_id(user: str, key: str | None) -> str:
    """Who a login is in the ledger: ``'key:<fingerprint>'`` for a login with a key,
    else ``'name:<name_key(user)>'``."""
    return f"key:{key}" if key is not None else f"name:{name_key(user)}"


class Ledger:
    """The players of one server, their names, ratings and the replay codes, kept in
    the server's save file. Safe to use from several threads; several processes may
    use the same file (each write is one transaction, taken with the write lock).
    Use it as a context manager, or call `close`.
    """

    def __init__(self, path: Path, *, timeout: float = 5.0) -> None:
        """Open the ledger in the save file ``path``, making the file (and the game
        store's tables) if it is missing or empty. `LedgerError` if the file cannot be
        used; it is left as it was. ``timeout``: seconds to wait while another
        connection writes."""
        self._path = Path(path)
        self._lock = threading.Lock()
        # The game store checks the file (reading only, as it does) and makes a new
        # one: the ledger's tables never go into a file the game store would refuse.
        try:
            GameStore(self._path, timeout=timeout).close()
        except StoreError as err:
            raise LedgerError(_one_line(str(err))) from None
        self._conn: sqlite3.Connection | None = self._open(timeout)

    def _open(self, timeout: float) -> sqlite3.Connection:
        try:
            # Autocommit mode: transactions are begun and ended explicitly.
            conn = sqlite3.connect(
                self._path, timeout=timeout, isolation_level=None, check_same_thread=False
            )
        except sqlite3.Error as err:
            raise self._error("could not open", err) from None
        try:
            conn.execute("PRAGMA journal_mode = WAL")
            conn.execute("PRAGMA synchronous = NORMAL")
            conn.execute("BEGIN IMMEDIATE")
            for statement in _SCHEMA:
                conn.execute(statement)
            conn.execute("COMMIT")
        except sqlite3.Error as err:
            conn.close()
            raise self._error("could not open", err) from None
        return conn

    @property
    def path(self) -> Path:
        """The save file."""
        return self._path

    def close(self) -> None:
        """Close the file; the ledger cannot be used after."""
        with self._lock:
            if self._conn is not None:
                self._conn.close()
                self._conn = None

    def __enter__(self) -> Ledger:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def __repr__(self) -> str:
        state = "closed" if self._conn is None else "open"
        return f"<Ledger {str(self._path)!r} ({state})>"

    # --- Names --------------------------------------------------------------------

    def claim(self, user: str, key: str | None) -> None:
        """Let the login of ``user`` (with the key of fingerprint ``key``, if any) in
        under that name, or raise `NameTaken`.

        The first key to log in under a name claims it (names compared by
        `name_key`): another key, or a login without a key, under that name is then
        refused. A key login under an unclaimed name claims it; a keyless login under
        one claims nothing. Also records ``user`` as the player's latest name, for the
        leaderboard.
        """
        folded = name_key(user)
        player = player_id(user, key)
        with self._transaction("claim a name") as conn:
            row = conn.execute(
                "SELECT key FROM ledger_names WHERE name_key = ?", (folded,)
            ).fetchone()
            if row is not None and row[0] != key:
                if key is None:
                    raise NameTaken(
                        f"The name '{user}' belongs to a player's key on this server: "
                        "log in with that key, or under another name."
                    )
                raise NameTaken(
                    f"The name '{user}' belongs to another player's key on this server: "
                    "log in under another name."
                )
            if row is None and key is not None:
                conn.execute(
                    "INSERT INTO ledger_names (name_key, name, key) VALUES (?, ?, ?)",
                    (folded, user, key),
                )
            conn.execute(
                "INSERT INTO ledger_players (id, name) VALUES (?, ?)"
                " ON CONFLICT (id) DO UPDATE SET name = excluded.name",
                (player, user),
            )

    # --- Ratings ------------------------------------------------------------------

    def rating(self, player: str) -> Rating:
        """The rating of ``player`` (a `player_id`): the default, with no games, for a
        player the ledger has not rated."""
        with self._reading() as conn:
            return _rating(conn, player)

    def rate(self, placings: Sequence[Placing]) -> list[RatingChange]:
        """Rate one finished game among the people who played it (bots are not
        rated: leave them out), ranked by `ranks`; fewer than two people change
        nothing (``[]``). Each person's new rating, one more game and their name are
        written in one transaction. Returns the changes in the order of ``placings``.
        ``ValueError`` if a player is there twice."""
        if len({p.player for p in placings}) != len(placings):
            raise ValueError("a player placed twice in one game")
        if len(placings) < 2:
            return []
        places = ranks(placings)
        with self._transaction("rate a game") as conn:
            before = [_rating(conn, p.player) for p in placings]
            after = rated(before, places)
            conn.executemany(
                "INSERT INTO ledger_players (id, name, mu, sigma, games)"
                " VALUES (:id, :name, :mu, :sigma, :games)"
                " ON CONFLICT (id) DO UPDATE SET name = excluded.name, mu = excluded.mu,"
                " sigma = excluded.sigma, games = excluded.games",
                [
                    {"id": p.player, "name": p.name, "mu": r.mu, "sigma": r.sigma, "games": r.games}
                    for p, r in zip(placings, after, strict=True)
                ],
            )
        return [
            RatingChange(p.player, p.name, place, old, new)
            for p, place, old, new in zip(placings, places, before, after, strict=True)
        ]

    def leaderboard(
        self, player: str | None, top: int = 20
    ) -> tuple[list[Standing], Standing | None]:
        """The best ``top`` placed players, best first (by conservative rating, ties
        by more games, then by name), and the standing of ``player`` (a `player_id`,
        or None): their place among all placed players, place None while they are
        placing, or None if they have no rated games."""
        with self._reading() as conn:
            rows = conn.execute(
                "SELECT name, mu, sigma, games FROM ledger_players WHERE games >= ?"
                f" ORDER BY {_ORDER} LIMIT ?",
                (PLACEMENT_GAMES, max(top, 0)),
            ).fetchall()
            best = [
                Standing(place, name, Rating(mu, sigma, games))
                for place, (name, mu, sigma, games) in enumerate(rows, start=1)
            ]
            own = None if player is None else _standing(conn, player)
        return best, own

    def rated_players(self) -> int:
        """How many players have a rating (their placement games played)."""
        with self._reading() as conn:
            (count,) = conn.execute(
                "SELECT count(*) FROM ledger_players WHERE games >= ?", (PLACEMENT_GAMES,)
            ).fetchone()
        return int(count)

    # --- Replays ------------------------------------------------------------------

    def record_finished(self, game_id: str) -> str:
        """The replay code of the finished game ``game_id`` ("ABC-DEF"): made on the
        first call, the same on later ones."""
        with self._transaction("make a replay code") as conn:
            row = conn.execute(
                "SELECT code FROM ledger_replays WHERE game_id = ?", (game_id,)
            ).fetchone()
            if row is not None:
                return _shown_code(row[0])
            code = fresh_code(REPLAY_CODE_LENGTH, _TakenCodes(conn), dash=True)
            conn.execute(
                "INSERT INTO ledger_replays (code, game_id) VALUES (?, ?)",
                (normal_code(code), game_id),
            )
        return code

    def replay_game(self, code: str) -> str | None:
        """The id of the game of the replay code ``code`` as typed (any case, with or
        without its dash), or None if no game has it."""
        with self._reading() as conn:
            row = conn.execute(
                "SELECT game_id FROM ledger_replays WHERE code = ?", (normal_code(code),)
            ).fetchone()
        return None if row is None else row[0]

    def replay_code(self, game_id: str) -> str | None:
        """The replay code of ``game_id`` ("ABC-DEF"), or None if it has none yet."""
        with self._reading() as conn:
            row = conn.execute(
                "SELECT code FROM ledger_replays WHERE game_id = ?", (game_id,)
            ).fetchone()
        return None if row is None else _shown_code(row[0])

    # --- The connection -----------------------------------------------------------

    def _connection(self) -> sqlite3.Connection:
        if self._conn is None:
            raise LedgerError(f"the ledger in {self._path} is closed")
        return self._conn

    def _reading(self) -> AbstractContextManager[sqlite3.Connection]:
        """A read transaction, so that what several queries read is of one moment."""
        return self._within("BEGIN", "could not read from")

    def _transaction(self, what: str) -> AbstractContextManager[sqlite3.Connection]:
        """A write transaction, taken with the write lock from the start so that what
        is read inside it cannot change (by another process) before it is written."""
        return self._within("BEGIN IMMEDIATE", f"could not {what} in")

    @contextmanager
    def _within(self, begin: str, failing: str) -> Iterator[sqlite3.Connection]:
        with self._lock:
            conn = self._connection()
            try:
                conn.execute(begin)
                yield conn
                conn.execute("COMMIT")
            except BaseException as err:
                _rollback(conn)
                if isinstance(err, sqlite3.Error):
                    raise self._error(failing, err) from None
                raise

    def _error(self, doing: str, err: sqlite3.Error) -> LedgerError:
        return LedgerError(_one_line(f"{doing} {self._path}: {err}"))


class _TakenCodes:
    """The replay codes in use, asked one at a time inside the caller's transaction
    (rather than all read for the one that `fresh_code` will make)."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self._conn = conn

    def __contains__(self, code: object) -> bool:
        if not isinstance(code, str):
            return False
        query = "SELECT 1 FROM ledger_replays WHERE code = ?"
        return self._conn.execute(query, (normal_code(code),)).fetchone() is not None


def _rating(conn: sqlite3.Connection, player: str) -> Rating:
    row = conn.execute(
        "SELECT mu, sigma, games FROM ledger_players WHERE id = ?", (player,)
    ).fetchone()
    if row is None or row[0] is None or row[1] is None:
        return new_rating()
    return Rating(row[0], row[1], row[2])


def _standing(conn: sqlite3.Connection, player: str) -> Standing | None:
    row = conn.execute(
        "SELECT name, mu, sigma, games FROM ledger_players WHERE id = ? AND games > 0",
        (player,),
    ).fetchone()
    if row is None:
        return None
    name, mu, sigma, games = row
    rating = Rating(mu, sigma, games)
    if not rating.placed:
        return Standing(None, name, rating)
    params = {
        "placed": PLACEMENT_GAMES,
        "c": rating.conservative,
        "games": games,
        "name": name,
        "id": player,
    }
    (ahead,) = conn.execute(_AHEAD, params).fetchone()
    return Standing(ahead + 1, name, rating)


def _shown_code(code: str) -> str:
    half = len(code) // 2
    return f"{code[:half]}-{code[half:]}"


def _rollback(conn: sqlite3.Connection) -> None:
    try:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
    except sqlite3.Error:
        pass  # The connection is unusable anyway; the transaction dies with it.


def _one_line(message: str) -> str:
    return " ".join(message.split())
