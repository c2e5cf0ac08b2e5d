"""What every bot is, and the small helpers all levels share."""

from __future__ import annotations

import zlib
from collections.abc import Sequence
from dataclasses import replace
from typing import Protocol, runtime_checkable

from ..cards import Card
from ..commands import Announce, CallIdiot, Command, Play
from ..events import Event, RoundStarted
from ..view import PlayerView, redact


@runtime_checkable
class Bot(Protocol):
    """A computer player. It sees only its seat's view and the legal moves.

    - ``choose(view, legal)``: the move to make when the seat is to act. It is one
      of ``legal`` (or that play with ``announce=True``). It may be an `Announce`
      or a `CallIdiot` when those are legal: the seat then still has its turn,
      and the host asks again.
    - ``react(view, legal)``: after any event, off turn or on: a command to make
      at once (an `Announce` or a `CallIdiot` from ``legal``), or None.
    - ``observe(event)``: every event, redacted for the bot's seat, so the bot can
      remember what its seat has seen.

    Given the same seed and the same inputs, a bot returns the same moves.
    """

    level: str

    def choose(self, view: PlayerView, legal: Sequence[Command]) -> Command:
        """The move for the seat to act."""
        ...

    def react(self, view: PlayerView, legal: Sequence[Command]) -> Command | None:
        """An immediate move (announce, call "idiot") or None."""
        ...

    def observe(self, event: Event) -> None:
        """Take note of one event of the bot's stream."""
        ...


def starter_of(deal: RoundStarted, players: int) -> Card | None:
    """The starter of ``deal`` (a seat's or the full one) at a table of ``players``
    seats; 0 before the game-started event, when a full deal cannot be cut: None."""
    if not players:
        return deal.starter
    return redact(deal, None, players).starter


def leaves_one_card(view: PlayerView, move: Command) -> bool:
    """Whether ``move`` is a play that leaves the seat holding exactly one card."""
    return isinstance(move, Play) and len(view.hand) == 2


def announced(move: Command) -> Command:
    """``move`` with the last-card announcement riding along (a play only)."""
    return replace(move, announce=True) if isinstance(move, Play) else move


def find_call(legal: Sequence[Command]) -> CallIdiot | None:
    """The "idiot" call among the legal moves, if any (there is at most one target)."""
    return next((m for m in legal if isinstance(m, CallIdiot)), None)


def find_announce(legal: Sequence[Command]) -> Announce | None:
    """The seat's own "last card" announcement among the legal moves, if any."""
    return next((m for m in legal if isinstance(m, Announce)), None)


def require_moves(legal: Sequence[Command]) -> None:
    """Refuse to choose from nothing: a host asked a seat that may not act."""
    if not legal:
        raise ValueError("no legal move to choose from: this seat cannot act now")


def with_announce(move: Command, view: PlayerView) -> Command:
    """``move``, announcing the last card if it leaves the seat holding one."""
    return announced(move) if leaves_one_card(view, move) else move


def obvious_move(
    view: PlayerView, legal: Sequence[Command]
) -> tuple[Command | None, list[Command]]:
    """For a searching level: the move that needs no search (a call or an
    announcement, the one move there is, a last card that goes out) if any, and the
    moves to weigh otherwise (no calls or announcements among them)."""
    require_moves(legal)
    quick = find_call(legal) or find_announce(legal)
    if quick is not None:
        return quick, []
    moves = [m for m in legal if not isinstance(m, Announce | CallIdiot)]
    if len(moves) == 1:
        return with_announce(moves[0], view), moves
    if len(view.hand) == 1:  # Every play goes out.
        out = next((m for m in moves if isinstance(m, Play)), None)
        if out is not None:
            return out, moves
    return None, moves


def view_digest(view: PlayerView) -> int:
    """A number that changes with anything a decision depends on (the searches seed
    their dice with it)."""
    key = (
        view.seat,
        view.hand,
        view.discard,
        view.hand_sizes,
        view.active_suit,
        view.crank,
        view.direction,
        view.current_player,
        view.choosing_suit,
        view.round_number,
        view.stock_size,
        view.announced,
        view.window,
        view.lost_turns,
        len(view.round_scores),
    )
    return zlib.crc32(repr(key).encode())
