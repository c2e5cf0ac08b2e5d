"""What one seat may know: the per-seat view of the state, and redacted events.

A view holds the seat's own hand and only the sizes of the others; the stock's
size, never its cards. A redacted event stream is what a remote player receives:
another seat's drawn cards become a count, a deal shows only the seat's own hand,
and the seed that would predict every shuffle is left out. `craits_core.fold`
folds such a stream into a view.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .cards import Card, Suit
from .events import CardsDrawn, Event, GameStarted, RoundStarted, StockReshuffled
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

    def hand_of(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` holds: only the view's own seat's are known."""
        if seat != self.seat:
            raise ValueError(f"seat {self.seat!r} does not see the hand of seat {seat}")
        return self.hand

    def held(self, seat: int) -> int:
        """How many cards ``seat`` holds."""
        return self.hand_sizes[seat]

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


def redact(event: Event, seat: int | None, players: int) -> Event:
    """``event`` as ``seat`` (None: a spectator) may see it, at a table of ``players``.

    - game-started: without the seed.
    - round-started: the deck becomes the seat's own hand, the starter and the
      stock's size.
    - cards drawn by another seat: the cards become None beside their count.
    - stock reshuffled: the new order becomes None beside its count.
    Everything else is public and passes unchanged, and so does an event already
    redacted.
    """
    match event:
        case CardsDrawn(player=player, cards=cards) if cards is not None and player != seat:
            return replace(event, cards=None)
        case StockReshuffled(cards=cards) if cards is not None:
            return replace(event, cards=None)
        case RoundStarted(deck=deck) if deck is not None:
            dealt = players * event.hand_size
            hand = None
            if seat is not None:
                offset = (seat - event.dealer - 1) % players
                hand = deck[offset:dealt:players]
            return replace(
                event, deck=None, hand=hand, starter=deck[dealt], stock_size=len(deck) - dealt - 1
            )
        case GameStarted(seed=seed) if seed is not None:
            return replace(event, seed=None)
    return event
