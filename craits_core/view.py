"""What one seat may know: the per-seat view of the state, and redacted events.

A view holds the seat's own hand and only the sizes of the others; the stock's
size, never its cards. A redacted event stream is what a remote player receives:
another seat's drawn cards become a count, a deal shows only the seat's own hand,
and the seed that would predict every shuffle is left out.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .cards import Card, Suit
from .rules import RuleSet
from .state import State


@dataclass(frozen=True, slots=True)
class PlayerView:
    """The game as ``seat`` sees it (``seat`` is None for a spectator: no hand)."""

    seat: int | None
    players: tuple[str, ...]
    rules: RuleSet
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    discard: tuple[Card, ...]
    """The whole discard pile, bottom first."""
    active_suit: Suit | None
    crank: int
    direction: int
    current_player: int | None
    choosing_suit: bool
    dealer: int
    round_number: int
    hand_size: int
    stock_size: int
    announced: tuple[bool, ...]
    window: int | None
    """The seat whose last-card window is open, if any."""
    lost_turns: tuple[int, ...]
    round_scores: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]
    is_over: bool
    winners: tuple[int, ...]

    @property
    def top_card(self) -> Card | None:
        return self.discard[-1] if self.discard else None

    @property
    def rounds(self) -> int:
        """Rounds in the whole game (15, or 8 in the short game)."""
        return len(self.rules.schedule)


def view(state: State, seat: int | None) -> PlayerView:
    """The view of ``state`` for ``seat`` (None: a spectator)."""
    if seat is not None and (type(seat) is not int or not 0 <= seat < len(state.players)):
        raise ValueError(f"there is no seat {seat!r} at this table")
    return PlayerView(
        seat=seat,
        players=state.players,
        rules=state.rules,
        hand=state.hands[seat] if seat is not None else (),
        hand_sizes=tuple(len(h) for h in state.hands),
        discard=state.pile,
        active_suit=state.active_suit,
        crank=state.crank,
        direction=state.direction,
        current_player=state.current_player,
        choosing_suit=state.choosing_suit,
        dealer=state.dealer,
        round_number=state.round_number,
        hand_size=state.hand_size,
        stock_size=len(state.stock),
        announced=state.announced,
        window=state.window,
        lost_turns=state.lost_turns,
        round_scores=state.round_scores,
        totals=state.totals,
        is_over=state.is_over,
        winners=state.winners,
    )


def redact(event: dict[str, Any], seat: int | None, players: int) -> dict[str, Any]:
    """``event`` (in its dict form) as ``seat`` may see it, at a table of ``players``.

    - game-started: without the seed.
    - round-started: the deck becomes the seat's own hand, the starter and the
      stock's size.
    - cards-drawn by another seat: the cards become ``None``, with their ``count``.
    - stock-reshuffled: the new order becomes a ``count``.
    Everything else is public and passes unchanged.
    """
    kind = event["type"]
    if kind == "cards-drawn":
        if event["player"] == seat:
            return {**event, "count": len(event["cards"])}
        return {**event, "cards": None, "count": len(event["cards"])}
    if kind == "round-started":
        return _redact_deal(event, seat, players)
    if kind == "stock-reshuffled":
        return {**event, "cards": None, "count": len(event["cards"])}
    if kind == "game-started":
        return {key: value for key, value in event.items() if key != "seed"}
    return event


def _redact_deal(event: dict[str, Any], seat: int | None, players: int) -> dict[str, Any]:
    deck = event["deck"]
    size = event["hand_size"]
    dealt = players * size
    hand = None
    if seat is not None:
        offset = (seat - event["dealer"] - 1) % players
        hand = deck[offset:dealt:players]
    return {
        "type": event["type"],
        "round_number": event["round_number"],
        "hand_size": size,
        "dealer": event["dealer"],
        "deck": None,
        "hand": hand,
        "starter": deck[dealt],
        "stock_size": len(deck) - dealt - 1,
    }
