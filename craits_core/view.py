"""What one seat may know: the per-seat view of the state, and redacted events.

A view holds the seat's own hand and only the sizes of the others; the stock's
size, never its cards. A redacted event stream is what a remote player receives:
another seat's drawn cards become a count, a deal shows only the seat's own hand,
and the seed that would predict every shuffle is left out.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from .cards import Card, Suit, card_from_code
from .events import DrawReason
from .rules import RuleSet
from .state import State


@dataclass(frozen=True, slots=True)
class PlayerView:
    """The game as ``seat`` sees it (``seat`` is None for a spectator: no hand)."""

    seat: int | None
    players: tuple[str, ...]
    rules: RuleSet
    first_round: int
    """The round of the schedule the game started at (1 unless set up otherwise)."""
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
        first_round=state.first_round,
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
    if kind in _HIDING and event.get(_HIDING[kind]) is None:
        return event  # redacted already
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


_HIDING = {"cards-drawn": "cards", "round-started": "deck", "stock-reshuffled": "cards"}
"""The field each redacted event type hides (None once redacted)."""


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


def blank_view(
    seat: int | None, players: tuple[str, ...], rules: RuleSet, first_round: int = 1
) -> PlayerView:
    """The view before the first deal."""
    n = len(players)
    return PlayerView(
        seat=seat,
        players=players,
        rules=rules,
        first_round=first_round,
        hand=(),
        hand_sizes=(0,) * n,
        discard=(),
        active_suit=None,
        crank=0,
        direction=1,
        current_player=None,
        choosing_suit=False,
        dealer=0,
        round_number=0,
        hand_size=0,
        stock_size=0,
        announced=(False,) * n,
        window=None,
        lost_turns=(0,) * n,
        round_scores=(),
        totals=(0,) * n,
        is_over=False,
        winners=(),
    )


def project(current: PlayerView | None, event: dict[str, Any], seat: int | None) -> PlayerView:
    """Fold one event, as ``seat`` receives it (`redact`), into that seat's view.

    This is how a player who receives only their own stream (a remote player, or a
    screen that shows the game one event at a time) keeps a view: folding
    ``events_for(seat)`` from the start gives ``view(state, seat)`` at every step.
    ``current`` is None before the game-started event.
    """
    kind = event["type"]
    if kind == "game-started":
        rules = RuleSet.from_dict(event["rules"])
        return blank_view(seat, tuple(event["players"]), rules, event["first_round"])
    if current is None:
        raise ValueError("a view starts with the game-started event")
    return _PROJECTIONS[kind](current, event)


def _cards(codes: list[str]) -> tuple[Card, ...]:
    return tuple(card_from_code(c) for c in codes)


def _put(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*items[:index], value, *items[index + 1 :])


def _p_dealer_chosen(v: PlayerView, e: dict[str, Any]) -> PlayerView:
    return replace(v, dealer=e["dealer"])


def _p_round_started(v: PlayerView, e: dict[str, Any]) -> PlayerView:
    n = len(v.players)
    size = e["hand_size"]
    if e.get("deck") is not None:  # the full, unredacted event
        e = redact(e, v.seat, n)
    starter = card_from_code(e["starter"])
    return replace(
        v,
        hand=_cards(e["hand"]) if e["hand"] is not None else (),
        hand_sizes=(size,) * n,
        discard=(starter,),
        active_suit=starter.suit,
        crank=0,
        direction=1,
        current_player=None,
        choosing_suit=False,
        dealer=e["dealer"],
        round_number=e["round_number"],
        hand_size=size,
        stock_size=e["stock_size"],
        announced=(False,) * n,
        window=None,
        lost_turns=(0,) * n,
    )


def _p_suit_asked(v: PlayerView, e: dict[str, Any]) -> PlayerView:
    return replace(v, current_player=e["player"], choosing_suit=True)


def _p_suit_chosen(v: PlayerView, e: dict[str, Any]) -> PlayerView:
    return replace(v, active_suit=Suit(e["suit"]), choosing_suit=False)


def _p_card_played(v: PlayerView, e: dict[str, Any]) -> PlayerView:
    player = e["player"]
    card = card_from_code(e["card"])
    hand = v.hand
    if player == v.seat:
        held = list(hand)
        held.remove(card)
        hand = tuple(held)
    left = v.hand_sizes[player] - 1
    return replace(
        v,
        hand=hand,
        hand_sizes=_put(v.hand_sizes, player, left),
        discard=(*v.discard, card),
        active_suit=Suit(e["suit"]),
        window=player if left == 1 else None,
    )


def _p_last_card_announced(v: PlayerView, e: dict[str, Any]) -> PlayerView:
    return replace(v, announced=_put(v.announced, e["player"], True))


def _p_cards_drawn(v: PlayerView, e: dict[str, Any]) -> PlayerView:
    player = e["player"]
    count = len(e["cards"]) if e.get("cards") is not None else e["count"]
    hand = v.hand + _cards(e["cards"]) if player == v.seat else v.hand
    size = v.hand_sizes[player] + count
    announced = v.announced
    if size > 1 and announced[player]:
        announced = _put(announced, player, False)
    closes = DrawReason(e["reason"]).closes_window
    return replace(
        v,
        hand=hand,
        hand_sizes=_put(v.hand_sizes, player, size),
        stock_size=v.stock_size - count,
        announced=announced,
        window=None if closes else v.window,
    )


def _p_stock_reshuffled(v: PlayerView, e: dict[str, Any]) -> PlayerView:
    count = len(e["cards"]) if e.get("cards") is not None else e["count"]
    return replace(v, stock_size=v.stock_size + count, discard=v.discard[-1:])


def _p_crank_raised(v: PlayerView, e: dict[str, Any]) -> PlayerView:
    return replace(v, crank=e["count"])


def _p_crank_ended(v: PlayerView, e: dict[str, Any]) -> PlayerView:
    return replace(v, crank=0)


def _p_direction_reversed(v: PlayerView, e: dict[str, Any]) -> PlayerView:
    return replace(v, direction=e["direction"])


def _p_player_skipped(v: PlayerView, e: dict[str, Any]) -> PlayerView:
    return v


def _p_turn_lost(v: PlayerView, e: dict[str, Any]) -> PlayerView:
    player = e["player"]
    return replace(v, lost_turns=_put(v.lost_turns, player, v.lost_turns[player] - 1))


def _p_turn_began(v: PlayerView, e: dict[str, Any]) -> PlayerView:
    return replace(v, current_player=e["player"])


def _p_idiot_called(v: PlayerView, e: dict[str, Any]) -> PlayerView:
    target = e["target"]
    return replace(v, lost_turns=_put(v.lost_turns, target, v.lost_turns[target] + 1), window=None)


def _p_round_ended(v: PlayerView, e: dict[str, Any]) -> PlayerView:
    scores = tuple(e["scores"])
    return replace(
        v,
        round_scores=(*v.round_scores, scores),
        totals=tuple(t + s for t, s in zip(v.totals, scores, strict=True)),
        current_player=None,
        crank=0,
        window=None,
    )


def _p_game_ended(v: PlayerView, e: dict[str, Any]) -> PlayerView:
    return replace(v, is_over=True, winners=tuple(e["winners"]), current_player=None)


_PROJECTIONS = {
    "dealer-chosen": _p_dealer_chosen,
    "round-started": _p_round_started,
    "suit-asked": _p_suit_asked,
    "suit-chosen": _p_suit_chosen,
    "card-played": _p_card_played,
    "last-card-announced": _p_last_card_announced,
    "cards-drawn": _p_cards_drawn,
    "stock-reshuffled": _p_stock_reshuffled,
    "crank-raised": _p_crank_raised,
    "crank-ended": _p_crank_ended,
    "direction-reversed": _p_direction_reversed,
    "player-skipped": _p_player_skipped,
    "turn-lost": _p_turn_lost,
    "turn-began": _p_turn_began,
    "idiot-called": _p_idiot_called,
    "round-ended": _p_round_ended,
    "game-ended": _p_game_ended,
}
