"""The ledger's tables in the server's save file, and bringing an older layout of
them up to date (`set_up`)."""

from __future__ import annotations

import sqlite3

from craits_core import StoreError
from craits_core.database import make_tables, table_names

from ...names import name_keys
from .ratings import player_id


class LedgerError(StoreError):
    """The ledger's records cannot be read or written (the file is damaged,
    locked or closed). The message is one line; it names the file and says why."""

    def __init__(self, message: str, code: str = "", **params: object) -> None:
        super().__init__(" ".join(message.split()), code, **params)


VERSION = 2
"""The layout of the ledger's tables (1: names claimed by one folded key each)."""

_SCHEMA: tuple[str, ...] = (
    "CREATE TABLE ledger_version (version INTEGER NOT NULL)",
    # mu and sigma are NULL until the first rated game: a player known only by name
    # has the model's default rating, whatever the defaults are then. A player by
    # name is retired once a key claims the name: nobody plays under it any more.
    """CREATE TABLE IF NOT EXISTS ledger_players (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        mu REAL,
        sigma REAL,
        games INTEGER NOT NULL DEFAULT 0,
        retired INTEGER NOT NULL DEFAULT 0
    )""",
    # A claimed name and its key; each of the name's keys (`name_keys`) points to it.
    """CREATE TABLE ledger_claims (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        key TEXT NOT NULL
    )""",
    "CREATE INDEX ledger_claims_by_key ON ledger_claims (key)",
    """CREATE TABLE ledger_claim_keys (
        fold TEXT PRIMARY KEY,
        claim INTEGER NOT NULL REFERENCES ledger_claims (id)
    )""",
    # The code without its dash (as `normal_code` makes it), so a code is looked up
    # however it was typed.
    """CREATE TABLE IF NOT EXISTS ledger_replays (
        code TEXT PRIMARY KEY,
        game_id TEXT NOT NULL UNIQUE
    )""",
)


def add_claim(conn: sqlite3.Connection, name: str, key: str) -> None:
    """Record that ``key`` claims ``name``, under each of the name's keys (a key a
    claim reached first stays with it)."""
    claim = conn.execute(
        "INSERT INTO ledger_claims (name, key) VALUES (?, ?)", (name, key)
    ).lastrowid
    conn.executemany(
        "INSERT OR IGNORE INTO ledger_claim_keys (fold, claim) VALUES (?, ?)",
        [(fold, claim) for fold in name_keys(name)],
    )


def set_up(conn: sqlite3.Connection) -> None:
    """Make the ledger's tables in a file that has none, bring those of an older
    layout up to date (in the caller's transaction); `LedgerError` for a newer one."""
    tables = table_names(conn)
    if "ledger_version" in tables:
        (version,) = conn.execute("SELECT version FROM ledger_version").fetchone()
        if version > VERSION:
            raise LedgerError(
                "the ledger was written by a newer version of Craits "
                f"(ledger format {version}; this version reads format {VERSION})",
                "newer",
            )
        return
    old = {"ledger_names", "ledger_players"} <= tables
    if old:
        conn.execute("ALTER TABLE ledger_players ADD COLUMN retired INTEGER NOT NULL DEFAULT 0")
    make_tables(conn, _SCHEMA)
    conn.execute("INSERT INTO ledger_version (version) VALUES (?)", (VERSION,))
    if old:
        _from_version_1(conn)


def _from_version_1(conn: sqlite3.Connection) -> None:
    """Bring a ledger of the first layout up to date: its claims keyed by every
    key of their names, and its players by name keyed as names are now."""
    for name, key in conn.execute("SELECT name, key FROM ledger_names ORDER BY rowid").fetchall():
        add_claim(conn, name, key)
    conn.execute("DROP TABLE ledger_names")
    named = conn.execute(
        "SELECT id, name, games FROM ledger_players WHERE id LIKE 'name:%' ORDER BY games DESC"
    ).fetchall()
    for old_id, name, _games in named:
        new_id = player_id(name, None)
        if new_id == old_id:
            continue
        if conn.execute("SELECT 1 FROM ledger_players WHERE id = ?", (new_id,)).fetchone():
            # Two names that now read as one: the record with more games stays.
            conn.execute("DELETE FROM ledger_players WHERE id = ?", (old_id,))
        else:
            conn.execute("UPDATE ledger_players SET id = ? WHERE id = ?", (new_id, old_id))
    for (name,) in conn.execute("SELECT name FROM ledger_claims").fetchall():
        conn.execute("UPDATE ledger_players SET retired = 1 WHERE id = ?", (player_id(name, None),))
