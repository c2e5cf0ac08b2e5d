"""`Sim`: a game of Craits as a handful of plain ints, changed in place.

Where the engine's `State` is immutable and folded from events, a `Sim` is one
mutable object that `craits_core.sim.play` changes move by move: no events, no
log, no copies. `copy` makes the one copy a play-out needs.
"""

from __future__ import annotations

import numpy as np

from ..rules import RuleSet
from .codes import fitting_table, follow_table


class Sim:
    """A game at one moment, hidden cards included, in the simulator's terms.

    Cards are ints 0..51 (see `codes`); a hand is an int with a bit per card; seats
    are ints and "none" is -1. ``rng`` is None while the simulator follows the
    engine's shuffles exactly (drawn from ``seed`` and ``shuffles``, as the engine
    draws them); otherwise it shuffles with ``rng``, a numpy generator, much faster
    (see `steps.shuffler`).
    """

    __slots__ = (
        "announced",
        "choosing",
        "crank",
        "current",
        "dealer",
        "direction",
        "first_round",
        "fit",
        "follow",
        "follow_after",
        "hand_size",
        "hands",
        "lost",
        "n",
        "over",
        "passed",
        "pile",
        "players",
        "rng",
        "round_number",
        "round_scores",
        "rounds",
        "rules",
        "schedule",
        "seed",
        "seven_skips",
        "shuffles",
        "stock",
        "suit",
        "totals",
        "voluntary",
        "window",
        "winners",
    )

    players: tuple[str, ...]
    n: int
    rules: RuleSet
    fit: tuple[int, ...]
    """`codes.fitting_table` of the rules."""
    follow_after: tuple[int, ...]
    """`codes.follow_table` of the rules."""
    follow: int
    """The cards that may follow the top card and the active suit (outside the
    crank): kept up with them, as the one thing `legal_moves` asks of them (see
    `table_set`)."""
    voluntary: bool
    seven_skips: bool
    schedule: tuple[int, ...]
    rounds: int
    """Rounds in the schedule; the game ends with round ``rounds``."""
    first_round: int
    round_number: int
    hand_size: int
    dealer: int
    direction: int
    current: int
    """The seat to act; -1 when nobody is."""
    choosing: bool
    """The dealer is deciding a starter 8's or 9's suit."""
    hands: list[int]
    pile: list[int]
    """The discard pile, bottom first: its last card is the top card."""
    stock: list[int]
    """Face down, the next card to draw *last* (so a draw is a pop)."""
    suit: int
    """The active suit; -1 before the first deal."""
    crank: int
    announced: int
    """A bit per seat that announced "last card" (and still holds one card)."""
    window: int
    """The seat whose last-card window is open; -1 when none is."""
    lost: list[int]
    passed: int
    """A bit per seat that passed in its own turn since the last card was played."""
    seed: int | str
    shuffles: int
    rng: np.random.Generator | None
    round_scores: list[tuple[int, ...]]
    totals: list[int]
    over: bool
    winners: tuple[int, ...]

    def __init__(self, players: tuple[str, ...], rules: RuleSet) -> None:
        """A game of ``players`` under ``rules`` before its first deal (see
        `play.new_game` and `convert.from_state` for ready ones)."""
        n = len(players)
        self.players = players
        self.n = n
        self.first_round = 1
        self.round_number = 0
        self.hand_size = 0
        self.dealer = 0
        self.direction = 1
        self.current = -1
        self.choosing = False
        self.hands = [0] * n
        self.pile = []
        self.stock = []
        self.suit = -1
        self.crank = 0
        self.announced = 0
        self.window = -1
        self.lost = [0] * n
        self.passed = 0
        self.seed = 0
        self.shuffles = 0
        self.rng = None
        self.round_scores = []
        self.totals = [0] * n
        self.over = False
        self.winners = ()
        self.set_rules(rules)

    def set_rules(self, rules: RuleSet) -> None:
        """Play on under ``rules`` (and the tables that follow from them)."""
        self.rules = rules
        self.fit = fitting_table(rules)
        self.follow_after = follow_table(rules)
        self.voluntary = rules.voluntary_draw
        self.seven_skips = rules.seven_skips
        self.schedule = rules.schedule
        self.rounds = len(self.schedule)
        self.table_set()

    def table_set(self) -> None:
        """Take in a top card or an active suit set from outside (`follow` keeps
        up with them)."""
        known = self.pile and self.suit >= 0
        self.follow = self.fit[self.pile[-1] * 4 + self.suit] if known else 0

    def held(self, seat: int) -> int:
        """How many cards ``seat`` holds."""
        return self.hands[seat].bit_count()

    @property
    def top(self) -> int:
        """The top card of the discard pile."""
        return self.pile[-1]

    def copy(self, rng: np.random.Generator | None = None) -> Sim:
        """An independent copy, shuffling with ``rng`` (None: as this one does)."""
        new = Sim.__new__(Sim)
        for name in _SHARED:
            setattr(new, name, getattr(self, name))
        new.hands = self.hands[:]
        new.pile = self.pile[:]
        new.stock = self.stock[:]
        new.lost = self.lost[:]
        new.round_scores = self.round_scores[:]
        new.totals = self.totals[:]
        new.rng = rng if rng is not None else self.rng
        return new

    def __repr__(self) -> str:
        inner = ", ".join(f"{n}={getattr(self, n)!r}" for n in Sim.__slots__ if n != "fit")
        return f"Sim({inner})"


_SHARED = tuple(
    name
    for name in Sim.__slots__
    if name not in ("hands", "pile", "stock", "lost", "round_scores", "totals", "rng")
)
"""The fields a copy may share: immutable values."""
