"""Helpers the rule tests share: refusals that change nothing, playing a game out."""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from dataclasses import fields, is_dataclass
from enum import Enum
from typing import Any, TypeVar

import pytest

from craits_core import FULL_DECK, Card, DrawReason, Event, Game, IllegalMove, replay
from craits_core.events import CardsDrawn

CODES = {str(card): card for card in FULL_DECK}


def kinds(events: Iterable[Event]) -> list[type[Event]]:
    """The classes of ``events``, in order."""
    return [type(e) for e in events]


E = TypeVar("E", bound=Event)


def of_type(events: Iterable[Event], kind: type[E]) -> list[E]:
    """The events of ``events`` that are ``kind``, in order."""
    return [e for e in events if isinstance(e, kind)]


def codes(cards: Iterable[Card] | None) -> list[str] | None:
    """``cards`` as codes (None stays None: cards hidden from a seat)."""
    return None if cards is None else [str(c) for c in cards]


def draws(events: Iterable[Event]) -> list[tuple[int, list[str] | None]]:
    """Who drew what in ``events``: ``(seat, codes)`` for each cards-drawn, in order."""
    return [(e.player, codes(e.cards)) for e in of_type(events, CardsDrawn)]


def held(game: Game, seat: int) -> list[str]:
    """``seat``'s cards as codes."""
    return [str(c) for c in game.state.hands[seat]]


def refused(game: Game, command: object, code: str | None = None) -> IllegalMove:
    """``command`` is refused (with ``code``, unless None) and nothing changes: the
    same state, no event in the log, nothing told to listeners."""
    before, logged = game.state, len(game.events)
    heard: list[Event] = []
    unsubscribe = game.subscribe(heard.append)
    try:
        with pytest.raises(IllegalMove) as caught:
            game.handle(command)  # type: ignore[arg-type]
    finally:
        unsubscribe()
    if code is not None:
        assert caught.value.code == code
    assert str(caught.value)
    assert game.state == before
    assert len(game.events) == logged
    assert heard == []
    return caught.value


def with_dry_stock(game: Game, seat: int) -> Game:
    """The same table once a long run of draws has emptied the stock: ``seat`` holds
    every card it had, and the discard pile is its top card alone."""
    state = game.state
    assert len(state.pile) == 1
    drawn = CardsDrawn(seat, state.stock, DrawReason.TURN, len(state.stock))
    log = [*game.events, drawn]
    dry = Game(log, replay(log))
    assert dry.state.stock_size == 0
    return dry


def play_out(game: Game, seed: int, limit: int = 100_000) -> None:
    """Random legal moves by whoever is to act, until the game is over."""
    rng = random.Random(seed)
    for _ in range(limit):
        if game.state.is_over:
            return
        seat = game.state.current_player
        assert seat is not None
        game.handle(rng.choice(game.legal_moves(seat)))
    raise AssertionError("the game did not end")


def cards_in(value: Any) -> Iterator[Card]:
    """Every card reachable from ``value``: cards, card codes, and whatever is nested
    in dataclasses, tuples, lists, sets and dicts (keys too)."""
    if isinstance(value, Card):
        yield value
    elif isinstance(value, str):
        if value in CODES:
            yield CODES[value]
    elif isinstance(value, Enum) or value is None or isinstance(value, int | float):
        return
    elif is_dataclass(value) and not isinstance(value, type):
        for f in fields(value):
            yield from cards_in(getattr(value, f.name))
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from cards_in(key)
            yield from cards_in(item)
    elif isinstance(value, list | tuple | set | frozenset):
        for item in value:
            yield from cards_in(item)
    else:
        raise AssertionError(f"unexpected value in a view or event: {value!r}")
