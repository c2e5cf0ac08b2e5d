"""The state of a game: everything about it at one moment, hidden cards included.

A `State` is never changed in place: `evolve` returns a new one and leaves the old
as it was, so a state can be shared, kept for undo, or handed to a search as is.
Its fields hold only immutable values (tuples, cards, enums). Nothing but
`craits_core.fold.evolve` makes a state from another, so the state is exactly the
fold of the events.
"""

from __future__ import annotations

from .cards import Card, Suit
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

    def hand_of(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` holds."""
        return self.hands[seat]

    def held(self, seat: int) -> int:
        """How many cards ``seat`` holds."""
        return len(self.hands[seat])

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
