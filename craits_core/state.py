"""The state of a game, and `evolve`: the fold of one event into it.

A `State` is never changed in place: `evolve` returns a new one and leaves the old
as it was, so a state can be shared, kept for undo, or handed to a search as is.
Its fields hold only immutable values (tuples, cards, enums). Nothing but `evolve`
makes a state from another, so the state is exactly the fold of the events.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .cards import Card, Suit
from .events import (
    CardPlayed,
    CardsDrawn,
    CrankEnded,
    CrankRaised,
    DealerChosen,
    DirectionReversed,
    Event,
    GameEnded,
    GameStarted,
    IdiotCalled,
    LastCardAnnounced,
    PlayerSkipped,
    RoundEnded,
    RoundStarted,
    StockReshuffled,
    SuitAsked,
    SuitChosen,
    TurnBegan,
    TurnLost,
)
from .rules import RuleSet


class State:
    """Everything about a game at one moment, hidden cards included.

    Read-only by contract: ``game.state`` hands out the engine's own object.
    """

    __slots__ = (
        "active_suit",
        "announced",
        "choosing_suit",
        "crank",
        "current_player",
        "dealer",
        "direction",
        "first_round",
        "hand_size",
        "hands",
        "is_over",
        "lost_turns",
        "passed",
        "pile",
        "players",
        "round_number",
        "round_scores",
        "rules",
        "seed",
        "shuffles",
        "stock",
        "totals",
        "window",
        "winners",
    )

    players: tuple[str, ...]
    rules: RuleSet
    seed: int | str
    first_round: int
    round_number: int
    """1-based position of the current round in the schedule (0 before the first deal)."""
    hand_size: int
    dealer: int
    direction: int
    """+1 clockwise, -1 counter-clockwise."""
    current_player: int | None
    """The seat to act, or None when nobody is (before the deal, after the game)."""
    choosing_suit: bool
    """The dealer is deciding the suit of a starter 8 or 9; nothing else can happen."""
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    """Face down, the next card to draw first."""
    pile: tuple[Card, ...]
    """The discard pile, bottom first: its last card is the top card."""
    active_suit: Suit | None
    crank: int
    """The crank's count; 0 when no crank runs."""
    announced: tuple[bool, ...]
    """Per seat: announced "last card" and still holds one card."""
    window: int | None
    """The seat whose last-card window is open, if any."""
    lost_turns: tuple[int, ...]
    passed: tuple[bool, ...]
    """Per seat: passed in their own turn since the last card was played (see
    `rules.round_blocked`)."""
    shuffles: int
    """Shuffles so far; the next one is drawn from the seed and this number."""
    round_scores: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]
    is_over: bool
    winners: tuple[int, ...]

    @property
    def top_card(self) -> Card | None:
        return self.pile[-1] if self.pile else None

    @property
    def stock_size(self) -> int:
        return len(self.stock)

    @property
    def player_count(self) -> int:
        return len(self.players)

    def copy(self) -> State:
        """A shallow copy: cheap, because every field holds an immutable value.

        Spelled out field by field because this is the engine's hottest line (a
        loop over ``__slots__`` costs five times as much); `__eq__` checks them all.
        """
        new = State.__new__(State)
        new.active_suit = self.active_suit
        new.announced = self.announced
        new.choosing_suit = self.choosing_suit
        new.crank = self.crank
        new.current_player = self.current_player
        new.dealer = self.dealer
        new.direction = self.direction
        new.first_round = self.first_round
        new.hand_size = self.hand_size
        new.hands = self.hands
        new.is_over = self.is_over
        new.lost_turns = self.lost_turns
        new.passed = self.passed
        new.pile = self.pile
        new.players = self.players
        new.round_number = self.round_number
        new.round_scores = self.round_scores
        new.rules = self.rules
        new.seed = self.seed
        new.shuffles = self.shuffles
        new.stock = self.stock
        new.totals = self.totals
        new.window = self.window
        new.winners = self.winners
        return new

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return all(getattr(self, n) == getattr(other, n) for n in State.__slots__)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        inner = ", ".join(f"{n}={getattr(self, n)!r}" for n in State.__slots__)
        return f"State({inner})"


def initial_state() -> State:
    """The state before any event: no players, no cards."""
    state = State.__new__(State)
    for name, value in {
        "players": (),
        "rules": RuleSet(),
        "seed": 0,
        "first_round": 1,
        "round_number": 0,
        "hand_size": 0,
        "dealer": 0,
        "direction": 1,
        "current_player": None,
        "choosing_suit": False,
        "hands": (),
        "stock": (),
        "pile": (),
        "active_suit": None,
        "crank": 0,
        "announced": (),
        "window": None,
        "lost_turns": (),
        "passed": (),
        "shuffles": 0,
        "round_scores": (),
        "totals": (),
        "is_over": False,
        "winners": (),
    }.items():
        setattr(state, name, value)
    return state


def _set(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*items[:index], value, *items[index + 1 :])


def _game_started(s: State, e: GameStarted) -> None:
    n = len(e.players)
    s.players = e.players
    s.rules = e.rules
    s.seed = e.seed
    s.first_round = e.first_round
    s.hands = ((),) * n
    s.announced = (False,) * n
    s.lost_turns = (0,) * n
    s.passed = (False,) * n
    s.totals = (0,) * n


def _dealer_chosen(s: State, e: DealerChosen) -> None:
    s.dealer = e.dealer
    s.shuffles += 1 if e.draws else 0


def _round_started(s: State, e: RoundStarted) -> None:
    n = len(s.players)
    deck = e.deck
    # One card at a time from the seat after the dealer: seat (dealer+1+i) % n takes
    # deck[i], deck[i+n], deck[i+2n], ...
    dealt = n * e.hand_size
    hands = [()] * n
    for offset in range(n):
        seat = (e.dealer + 1 + offset) % n
        hands[seat] = deck[offset:dealt:n]
    s.round_number = e.round_number
    s.hand_size = e.hand_size
    s.dealer = e.dealer
    s.hands = tuple(hands)
    s.pile = (deck[dealt],)
    s.stock = deck[dealt + 1 :]
    s.active_suit = deck[dealt].suit
    s.direction = 1
    s.current_player = None
    s.choosing_suit = False
    s.crank = 0
    s.announced = (False,) * n
    s.window = None
    s.lost_turns = (0,) * n
    s.passed = (False,) * n
    s.shuffles += 1


def _suit_asked(s: State, e: SuitAsked) -> None:
    s.current_player = e.player
    s.choosing_suit = True


def _suit_chosen(s: State, e: SuitChosen) -> None:
    s.active_suit = e.suit
    s.choosing_suit = False


def _card_played(s: State, e: CardPlayed) -> None:
    hand = list(s.hands[e.player])
    hand.remove(e.card)
    s.hands = _set(s.hands, e.player, tuple(hand))
    s.pile = (*s.pile, e.card)
    s.active_suit = e.suit
    if True in s.passed:
        s.passed = (False,) * len(s.passed)
    # The play closes any open window and opens the player's own if one card is left.
    s.window = e.player if len(hand) == 1 else None


def _last_card_announced(s: State, e: LastCardAnnounced) -> None:
    s.announced = _set(s.announced, e.player, True)


def _cards_drawn(s: State, e: CardsDrawn) -> None:
    taken = len(e.cards)
    hand = s.hands[e.player] + e.cards
    s.hands = _set(s.hands, e.player, hand)
    s.stock = s.stock[taken:]
    if len(hand) > 1 and s.announced[e.player]:
        s.announced = _set(s.announced, e.player, False)
    if e.reason.closes_window:
        s.window = None
    if e.reason.is_pass(taken):
        s.passed = _set(s.passed, e.player, True)


def _stock_reshuffled(s: State, e: StockReshuffled) -> None:
    s.stock = s.stock + e.cards
    s.pile = s.pile[-1:]
    s.shuffles += 1


def _crank_raised(s: State, e: CrankRaised) -> None:
    s.crank = e.count


def _crank_ended(s: State, e: CrankEnded) -> None:
    s.crank = 0


def _direction_reversed(s: State, e: DirectionReversed) -> None:
    s.direction = e.direction


def _player_skipped(s: State, e: PlayerSkipped) -> None:
    pass  # A fact for the table to show; whose turn it is comes with TurnBegan.


def _turn_lost(s: State, e: TurnLost) -> None:
    s.lost_turns = _set(s.lost_turns, e.player, s.lost_turns[e.player] - 1)


def _turn_began(s: State, e: TurnBegan) -> None:
    s.current_player = e.player


def _idiot_called(s: State, e: IdiotCalled) -> None:
    s.lost_turns = _set(s.lost_turns, e.target, s.lost_turns[e.target] + 1)
    s.window = None


def _round_ended(s: State, e: RoundEnded) -> None:
    s.round_scores = (*s.round_scores, e.scores)
    s.totals = tuple(t + r for t, r in zip(s.totals, e.scores, strict=True))
    s.current_player = None
    s.crank = 0
    s.window = None


def _game_ended(s: State, e: GameEnded) -> None:
    s.is_over = True
    s.winners = e.winners
    s.current_player = None


_EVOLVERS: dict[type[Event], Callable[[State, Any], None]] = {
    GameStarted: _game_started,
    DealerChosen: _dealer_chosen,
    RoundStarted: _round_started,
    SuitAsked: _suit_asked,
    SuitChosen: _suit_chosen,
    CardPlayed: _card_played,
    LastCardAnnounced: _last_card_announced,
    CardsDrawn: _cards_drawn,
    StockReshuffled: _stock_reshuffled,
    CrankRaised: _crank_raised,
    CrankEnded: _crank_ended,
    DirectionReversed: _direction_reversed,
    PlayerSkipped: _player_skipped,
    TurnLost: _turn_lost,
    TurnBegan: _turn_began,
    IdiotCalled: _idiot_called,
    RoundEnded: _round_ended,
    GameEnded: _game_ended,
}


def evolve(state: State, event: Event) -> State:
    """The state after ``event``; ``state`` itself is left as it was."""
    new = state.copy()
    _EVOLVERS[type(event)](new, event)
    return new


def evolve_in_place(state: State, event: Event) -> None:
    """Fold ``event`` into a state nobody else holds yet (a fresh copy being built)."""
    _EVOLVERS[type(event)](state, event)
