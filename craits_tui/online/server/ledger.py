"""`Ledger`: what a server remembers of its players: who owns which name, their
ratings and the leaderboard, and the replay codes of finished games.

A player is their SSH key where they log in with one, else their name (`player_id`).
The first key to log in under a name claims it on this server, so nobody else can
play, and be rated, under it or under a name that reads the same (`Ledger.claim`).

The ledger keeps its tables (their names begin ``ledger_``) in the server's save
file, beside the games, on the game store's own connection (`GameStore.database`):
one connection a file in the process, and a game's last move, its replay code
and its ratings saved in one transaction (`Ledger.finish`, from the store's save
hook), so that no kill can leave a finished game unrated.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from craits_core import GameStore

from ...names import name_keys
from .ledger_tables import LedgerError, add_claim, set_up
from .ratings import (
    KEYLESS_PLACEMENT_GAMES,
    PLACEMENT_GAMES,
    SCALE,
    Placing,
    Rating,
    listed_once_placed,
    new_rating,
    placement_games,
    player_id,
    ranks,
    rated,
)
from .seats import fresh_code, normal_code

__all__ = [
    "KEYLESS_PLACEMENT_GAMES",
    "NAMES_PER_KEY",
    "PLACEMENT_GAMES",
    "REPLAY_CODE_LENGTH",
    "SCALE",
    "Board",
    "Finished",
    "Ledger",
    "LedgerError",
    "LedgerStanding",
    "NameTaken",
    "Placing",
    "Rating",
    "RatingChange",
    "placement_games",
    "player_id",
    "ranks",
]

REPLAY_CODE_LENGTH = 6

NAMES_PER_KEY = 3
"""Names one key may claim on a server (``--names-per-key``)."""

Board = Literal["keys", "all"]
"""Who the leaderboard lists: players who log in with a key, or everyone rated."""

# The players rated and placed: `_PLACED` is a condition on ledger_players, with
# :keyed (a key's placement games), :named (a name's) and :all (names listed).
_PLACED = """retired = 0 AND (
    (id LIKE 'key:%' AND games >= :keyed) OR (:all AND id LIKE 'name:%' AND games >= :named)
)"""
_CONSERVATIVE = "(mu - 3 * sigma)"
_ORDER = f"{_CONSERVATIVE} DESC, games DESC, name, id"
_AHEAD = f"""SELECT count(*) FROM ledger_players WHERE {_PLACED} AND (
    {_CONSERVATIVE} > :c
    OR ({_CONSERVATIVE} = :c AND games > :games)
    OR ({_CONSERVATIVE} = :c AND games = :games AND name < :name)
    OR ({_CONSERVATIVE} = :c AND games = :games AND name = :name AND id < :id)
)"""


class NameTaken(Exception):
    """A login under a name that another player's key has claimed, or a key's
    claim of one name too many. Its message is one sentence for the player."""


@dataclass(frozen=True, slots=True)
class LedgerStanding:
    """A player on the leaderboard."""

    place: int | None
    """1-based place on the leaderboard; None while still placing, or for a
    player it does not list (a name on a board of keys)."""
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


@dataclass(frozen=True, slots=True)
class Finished:
    """What the ledger keeps of a game at its end: its replay code (None: a game
    left unfinished has none) and its people's new ratings (none: not rated)."""

    replay: str | None
    changes: tuple[RatingChange, ...]


class Ledger:
    """The players of one server, their names, ratings and the replay codes, kept in
    ``store``'s file on its connection. Safe to use from several threads; several
    processes may use the same file (each write is one transaction, taken with the
    write lock, or a part of the caller's).

    ``names_per_key``: names one key may claim; ``board``: who the leaderboard
    lists. `LedgerError` if the file's records cannot be used.
    """

    def __init__(
        self, store: GameStore, *, names_per_key: int = NAMES_PER_KEY, board: Board = "all"
    ) -> None:
        self._database = store.database
        self.names_per_key = names_per_key
        self.board: Board = board
        with self._database.transaction("make the ledger's tables", error=LedgerError) as conn:
            set_up(conn)

    @property
    def path(self) -> Path:
        """The save file."""
        return self._database.path

    def __repr__(self) -> str:
        return f"<Ledger {str(self.path)!r}>"

    # --- Names --------------------------------------------------------------------

    def claim(self, user: str, key: str | None) -> None:
        """Let the login of ``user`` (with the key of fingerprint ``key``, if any) in
        under that name, or raise `NameTaken`.

        The first key to log in under a name claims it (names compared by
        `name_keys`, so "aIice" is "alice"): another key, or a login without a
        key, under that name is then refused. A key login under a name it has not
        claimed claims it, up to `names_per_key` names; a keyless login claims
        nothing. Also records ``user`` as the player's latest name, for the
        leaderboard.
        """
        player = player_id(user, key)
        with self._database.transaction("claim a name", error=LedgerError) as conn:
            owners = _owners(conn, user)
            if owners - {key}:
                if key is None:
                    raise NameTaken(
                        f"The name '{user}' belongs to a player's key on this server: "
                        "log in with that key, or under another name."
                    )
                raise NameTaken(
                    f"The name '{user}' belongs to another player's key on this server: "
                    "log in under another name."
                )
            if key is not None and not owners:
                self._claim_new(conn, user, key)
            conn.execute(
                "INSERT INTO ledger_players (id, name) VALUES (?, ?)"
                " ON CONFLICT (id) DO UPDATE SET name = excluded.name",
                (player, user),
            )

    def _claim_new(self, conn: sqlite3.Connection, user: str, key: str) -> None:
        held = [
            name
            for (name,) in conn.execute(
                "SELECT name FROM ledger_claims WHERE key = ? ORDER BY id", (key,)
            )
        ]
        if len(held) >= self.names_per_key:
            raise NameTaken(
                f"Your key has claimed {len(held)} names on this server already "
                f"({', '.join(held)}): log in under one of them."
            )
        add_claim(conn, user, key)
        # Whoever played under the name without a key before cannot any more: their
        # record stays, off the leaderboard, so the name shows there once.
        conn.execute("UPDATE ledger_players SET retired = 1 WHERE id = ?", (player_id(user, None),))

    # --- Ratings ------------------------------------------------------------------

    def rating(self, player: str) -> Rating:
        """The rating of ``player`` (a `player_id`): the default, with no games, for a
        player the ledger has not rated."""
        with self._database.reading(error=LedgerError) as conn:
            return _rating(conn, player)

    def rate(self, placings: Sequence[Placing]) -> list[RatingChange]:
        """Rate one game among the people who played it (bots are not rated: leave
        them out), ranked by `ranks`; fewer than two people change nothing
        (``[]``). Each person's new rating, one more game and their name are
        written in one transaction (or the caller's). Returns the changes in the
        order of ``placings``. ``ValueError`` if a player is there twice."""
        if len({p.player for p in placings}) != len(placings):
            raise ValueError("a player placed twice in one game")
        if len(placings) < 2:
            return []
        places = ranks(placings)
        with self._database.transaction("rate a game", error=LedgerError) as conn:
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

    def finish(self, game_id: str, placings: Sequence[Placing], *, over: bool) -> Finished:
        """The end of game ``game_id``: its replay code if it is ``over`` (a game
        left unfinished has none) and its ratings (``placings`` rated, or ``[]``
        when the game is not rated), in one transaction, or a part of the
        caller's (the one that saves the game's last move)."""
        with self._database.transaction("record the end of a game", error=LedgerError):
            code = self.record_finished(game_id) if over else None
            changes = self.rate(placings)
        return Finished(code, tuple(changes))

    def leaderboard(
        self, player: str | None, top: int = 20
    ) -> tuple[list[LedgerStanding], LedgerStanding | None]:
        """The best ``top`` placed players the board lists, best first (by
        conservative rating, ties by more games, then by name), and the standing
        of ``player`` (a `player_id`, or None): their place among the listed
        players, place None while they are placing or are not listed, or None if
        they have no rated games."""
        with self._database.reading(error=LedgerError) as conn:
            rows = conn.execute(
                f"SELECT id, name, mu, sigma, games FROM ledger_players WHERE {_PLACED}"
                f" ORDER BY {_ORDER} LIMIT :top",
                {**self._placed(), "top": max(top, 0)},
            ).fetchall()
            best = [
                LedgerStanding(place, name, _row_rating(who, mu, sigma, games))
                for place, (who, name, mu, sigma, games) in enumerate(rows, start=1)
            ]
            own = None if player is None else self._standing(conn, player)
        return best, own

    def rated_players(self) -> int:
        """How many players the leaderboard lists (their placement games played)."""
        with self._database.reading(error=LedgerError) as conn:
            (count,) = conn.execute(
                f"SELECT count(*) FROM ledger_players WHERE {_PLACED}", self._placed()
            ).fetchone()
        return int(count)

    def _placed(self) -> dict[str, int]:
        return {
            "keyed": PLACEMENT_GAMES,
            "named": KEYLESS_PLACEMENT_GAMES,
            "all": int(self.board == "all"),
        }

    def _standing(self, conn: sqlite3.Connection, player: str) -> LedgerStanding | None:
        row = conn.execute(
            "SELECT name, mu, sigma, games, retired FROM ledger_players WHERE id = ? AND games > 0",
            (player,),
        ).fetchone()
        if row is None:
            return None
        name, mu, sigma, games, retired = row
        rating = _row_rating(player, mu, sigma, games)
        listed = not retired and listed_once_placed(player, names=self.board == "all")
        if not rating.placed or not listed:
            return LedgerStanding(None, name, rating)
        params = {
            **self._placed(),
            "c": rating.conservative,
            "games": games,
            "name": name,
            "id": player,
        }
        (ahead,) = conn.execute(_AHEAD, params).fetchone()
        return LedgerStanding(ahead + 1, name, rating)

    # --- Replays ------------------------------------------------------------------

    def record_finished(self, game_id: str) -> str:
        """The replay code of the finished game ``game_id`` ("ABC-DEF"): made on the
        first call, the same on later ones."""
        with self._database.transaction("make a replay code", error=LedgerError) as conn:
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
        with self._database.reading(error=LedgerError) as conn:
            row = conn.execute(
                "SELECT game_id FROM ledger_replays WHERE code = ?", (normal_code(code),)
            ).fetchone()
        return None if row is None else row[0]

    def replay_code(self, game_id: str) -> str | None:
        """The replay code of ``game_id`` ("ABC-DEF"), or None if it has none yet."""
        with self._database.reading(error=LedgerError) as conn:
            row = conn.execute(
                "SELECT code FROM ledger_replays WHERE game_id = ?", (game_id,)
            ).fetchone()
        return None if row is None else _shown_code(row[0])


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


def _owners(conn: sqlite3.Connection, user: str) -> set[str | None]:
    """The keys that have claimed a name reading as ``user``."""
    folds = sorted(name_keys(user))
    marks = ", ".join("?" * len(folds))
    rows = conn.execute(
        "SELECT DISTINCT ledger_claims.key FROM ledger_claim_keys"
        " JOIN ledger_claims ON ledger_claims.id = ledger_claim_keys.claim"
        f" WHERE fold IN ({marks})",
        folds,
    )
    return {key for (key,) in rows}


def _rating(conn: sqlite3.Connection, player: str) -> Rating:
    row = conn.execute(
        "SELECT mu, sigma, games FROM ledger_players WHERE id = ?", (player,)
    ).fetchone()
    if row is None or row[0] is None or row[1] is None:
        fresh = new_rating()
        return Rating(fresh.mu, fresh.sigma, 0, placement_games(player))
    return _row_rating(player, *row)


def _row_rating(player: str, mu: float, sigma: float, games: int) -> Rating:
    return Rating(mu, sigma, games, placement_games(player))


def _shown_code(code: str) -> str:
    half = len(code) // 2
    return f"{code[:half]}-{code[half:]}"
