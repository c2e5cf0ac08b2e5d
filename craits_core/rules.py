"""The rule variants and the small pure rules of play: the schedule, matching, suit choices.

Each point of the rules that does not need the whole table lives here, once; the
turn-by-turn flow (abilities, the crank, last card) is in `decide`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass, fields
from typing import Any

from .cards import Card, Rank, Suit

MIN_PLAYERS = 2
MAX_PLAYERS = 5

FULL_SCHEDULE: tuple[int, ...] = (8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 8)
"""Cards dealt to each player in rounds 1..15."""


@dataclass(frozen=True, slots=True)
class RuleSet:
    """The variants the rules allow; ``RuleSet()`` is the standard game.

    - ``short_game``: play only the first 8 rounds (8 cards down to 1).
    - ``colour_matching``: a card also matches the active suit's colour.
    - ``voluntary_draw``: a player may draw even when they could play.
    - ``seven_skips``: a 7 makes the next player draw one *and* lose the turn.
    - ``wild_nine``: a 9 is wild like an 8, naming its own suit or its colour mate.
    """

    short_game: bool = False
    colour_matching: bool = False
    voluntary_draw: bool = False
    seven_skips: bool = False
    wild_nine: bool = False

    @property
    def schedule(self) -> tuple[int, ...]:
        """Hand size of each round of the game, round 1 first."""
        return FULL_SCHEDULE[:8] if self.short_game else FULL_SCHEDULE

    def to_dict(self) -> dict[str, bool]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Any) -> RuleSet:
        if not isinstance(data, dict):
            raise ValueError(f"rules must be an object, not {data!r}")
        known = {f.name for f in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise ValueError(f"unknown rule variants: {', '.join(sorted(unknown))}")
        if not all(isinstance(v, bool) for v in data.values()):
            raise ValueError("rule variants must be true or false")
        return cls(**data)


def matches(card: Card, top: Card, active_suit: Suit, rules: RuleSet) -> bool:
    """Whether ``card`` may be played on ``top`` outside the crank.

    Suit or rank (or, as a variant, colour); an 8 always; a 9 always when wild.
    """
    rank = card.rank
    if rank is Rank.EIGHT or (rank is Rank.NINE and rules.wild_nine):
        return True
    if rank is top.rank or card.suit is active_suit:
        return True
    return rules.colour_matching and card.suit.is_red is active_suit.is_red


def answers_crank(card: Card) -> bool:
    """During the crank only an ace or a 2 (of any suit) may be played."""
    return card.rank is Rank.ACE or card.rank is Rank.TWO


CRANK_STEP = {Rank.ACE: 1, Rank.TWO: 2}
"""What an ace or a 2 adds to the crank count."""


def suit_options(card: Card) -> tuple[Suit | None, ...]:
    """The suit choices a play of ``card`` takes, in the normal form.

    An 8 names any suit; a 9 keeps its suit (``None``) or switches to the colour
    mate; any other card takes no suit.
    """
    if card.rank is Rank.EIGHT:
        return tuple(Suit)
    if card.rank is Rank.NINE:
        return (None, card.suit.mate)
    return (None,)


def starter_suit_options(starter: Card) -> tuple[Suit, ...]:
    """What the dealer may name after a starter 8 (any suit) or 9 (its suit or mate)."""
    if starter.rank is Rank.EIGHT:
        return tuple(Suit)
    if starter.rank is Rank.NINE:
        return (starter.suit, starter.suit.mate)
    return ()


def resulting_suit(card: Card, suit: Suit | None) -> Suit:
    """The active suit after ``card`` is played with the (valid) suit choice ``suit``."""
    return suit if suit is not None else card.suit


def round_blocked(hands: Sequence[Sequence[Card]], passed: Sequence[bool]) -> bool:
    """Whether the round is blocked: every player who holds cards has passed in their
    own turn since the last card was played (``passed``, per seat).

    Being passed over (a lost turn, a skip) is not passing, and neither is a pass
    that only ended a crank (see `DrawReason.is_pass`): such a player may still hold
    a card to play.
    """
    return all(done or not hand for hand, done in zip(hands, passed, strict=True))


def window_after_play(player: int, cards_left: int) -> int | None:
    """Whose last-card window is open after ``player`` plays: their own when the
    play leaves them one card; any other window closes with the play."""
    return player if cards_left == 1 else None


def announcement_stands(cards_held: int) -> bool:
    """Whether a "last card" said stands: it is void once its player holds more
    than one card again."""
    return cards_held <= 1
