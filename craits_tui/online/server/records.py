"""What the server keeps of finished games that a session may ask for: the
leaderboard of its players' ratings, and a game's replay by its code."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass

from craits_core import Event, GameStore, StoreError

from ..protocol import MAX_LINE, Leaderboard, RefusalCode, ReplayData, Standing, line_length
from .auth import Backoff
from .ledger import Ledger, LedgerError, LedgerStanding, placement_games, player_id
from .limits import client_key
from .ratings import listed_once_placed
from .refusal import RequestRefused, try_later
from .seats import Identity

log = logging.getLogger("craits.server")

REPLAY_PART = MAX_LINE // 2
"""Bytes of events in one part of a replay, well within a line."""


def leaderboard(ledger: Ledger | None, identity: Identity) -> Leaderboard:
    """The best players, and ``identity``'s own standing (empty without a ledger)."""
    top: list[LedgerStanding] = []
    you: LedgerStanding | None = None
    rated = 0
    player = player_id(identity.user, identity.key)
    listed = True
    if ledger is not None:
        listed = listed_once_placed(player, names=ledger.board == "all")
        try:
            top, you = ledger.leaderboard(player)
            rated = ledger.rated_players()
        except LedgerError as err:
            log.error("the leaderboard cannot be read: %s", err)
            raise RequestRefused(
                RefusalCode.SERVER_ERROR, "The leaderboard cannot be read now."
            ) from None
    return Leaderboard(
        tuple(_standing(s) for s in top),
        _standing(you) if you is not None else None,
        placement_games(player),
        rated,
        listed,
    )


@dataclass(frozen=True, slots=True)
class Guess:
    """Who asks for a replay by its code, for the back-off of wrong codes."""

    backoff: Backoff
    """Wrong codes by address: the house's."""
    address: str
    user: str


def replay(
    ledger: Ledger | None, store: GameStore | None, code: str, guess: Guess
) -> list[ReplayData]:
    """Every event of the finished game of replay ``code``, in parts that fit a line.

    Codes cannot be guessed in bulk: a wrong one makes its address wait before
    the next code is looked up (as a wrong password does, doubling), a code asked
    meanwhile is refused as well, and both count against the session as bad
    requests do."""
    where = client_key(guess.address)
    wait = guess.backoff.wait(where)
    if wait > 0:
        raise try_later("Too many wrong replay codes", wait, strike=True)
    try:
        return _replay(ledger, store, code)
    except RequestRefused as refusal:
        if refusal.code == RefusalCode.NO_SUCH_REPLAY:
            delay = guess.backoff.failed(where)
            log.warning(
                "replay code not found: %s, user %r (%d from this address: it waits %.3gs)",
                guess.address,
                guess.user,
                guess.backoff.failures(where),
                delay,
            )
        raise


def _replay(ledger: Ledger | None, store: GameStore | None, code: str) -> list[ReplayData]:
    game_id = None
    if ledger is not None and store is not None:
        try:
            game_id = ledger.replay_game(code)
        except LedgerError as err:
            log.error("a replay code cannot be looked up: %s", err)
    if ledger is None or store is None or game_id is None:
        raise RequestRefused(RefusalCode.NO_SUCH_REPLAY, "No finished game has that replay code.")
    try:
        events = store.load(game_id, attach=False).events
        shown = ledger.replay_code(game_id) or code
    except (StoreError, LedgerError) as err:
        log.error("replay %s: game %s cannot be read: %s", code, game_id, err)
        raise RequestRefused(RefusalCode.SERVER_ERROR, "That game cannot be read now.") from None
    parts = _parts(events)
    return [ReplayData(shown, index, len(parts), tuple(part)) for index, part in enumerate(parts)]


def _standing(standing: LedgerStanding) -> Standing:
    rating = standing.rating
    return Standing(standing.place, standing.name, rating.shown, rating.games)


def _parts(events: Sequence[Event]) -> list[list[Event]]:
    """A game's events in parts of at most `REPLAY_PART` bytes of JSON each (one
    at least, even for no events)."""
    parts: list[list[Event]] = [[]]
    size = 0
    for event in events:
        length = line_length(event)
        if parts[-1] and size + length > REPLAY_PART:
            parts.append([])
            size = 0
        parts[-1].append(event)
        size += length
    return parts
