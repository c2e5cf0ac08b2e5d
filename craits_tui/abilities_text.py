"""What each card does, in a line: the cheat sheet one key away at the table.

The rules' own table of abilities (`rules_text`) tells the standard game at
length, for reading once; these lines are for a glance during play, so they are
short and follow the game's variants. The points come from the engine's scoring,
never from a copy of it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rich.text import Text

from craits_core import Rank, RuleSet, Suit
from craits_core.scoring import LONE_THREE, POINTS

from .faces import CardLook
from .i18n import _

KEY = "c"
"""The key that opens the cheat sheet at the table and closes it again."""


@dataclass(frozen=True)
class Ability:
    """One line of the sheet: the ranks it is about, what they do, what they score."""

    ranks: tuple[Rank, ...]
    words: Text
    points: str

    @property
    def label(self) -> str:
        """The ranks as on the cards: "7", or "J/Q/K"."""
        return "/".join(rank.label for rank in self.ranks)


_PLACE = re.compile(r"\{(\w+)\}")


def fill(template: str, **parts: Text | str) -> Text:
    """``template`` with each ``{name}`` replaced by ``parts[name]``, keeping the
    styles of the parts (a translated sentence with coloured suits in it)."""
    text = Text()
    at = 0
    for place in _PLACE.finditer(template):
        text.append(template[at : place.start()])
        part = parts[place.group(1)]
        text.append_text(part if isinstance(part, Text) else Text(part))
        at = place.end()
    text.append(template[at:])
    return text


def colour_pairs(look: CardLook) -> Text:
    """The suits that go together, as the cards show them: "♥↔♦ ♣↔♠"."""
    arrow = "<->" if look.ascii else "↔"
    pairs = ((Suit.HEARTS, Suit.DIAMONDS), (Suit.CLUBS, Suit.SPADES))
    return Text(" ").join(look.suit(a) + Text(arrow) + look.suit(b) for a, b in pairs)


def _points(rank: Rank) -> str:
    if rank is Rank.THREE:
        return _("0 or {points}").format(points=LONE_THREE)
    return str(POINTS[rank])


def turn_lines(rules: RuleSet) -> tuple[str, ...]:
    """What a turn is, in two lines: which cards may be played, and when to draw."""
    match = (
        _("Play a card of the active suit or its colour, or of the top card's rank.")
        if rules.colour_matching
        else _("Play a card of the active suit or of the top card's rank.")
    )
    draw = (
        _("Or draw a card instead, whenever you like.")
        if rules.voluntary_draw
        else _("Draw a card only when you cannot play.")
    )
    return (match, draw)


def abilities(rules: RuleSet, look: CardLook) -> tuple[Ability, ...]:
    """Every rank's line, ace first, for a game of ``rules`` and cards drawn in ``look``."""
    seven = (
        _("The next player draws a card and misses their turn.")
        if rules.seven_skips
        else _("The next player draws a card, then takes their turn.")
    )
    nine = fill(
        _("Wild: keep its suit or switch: {pairs}.")
        if rules.wild_nine
        else _("Keep its suit, or switch: {pairs}."),
        pairs=colour_pairs(look),
    )
    words: dict[tuple[Rank, ...], Text | str] = {
        (Rank.ACE,): _("In a crank it adds 1. Otherwise a plain card."),
        (Rank.TWO,): _("Starts a crank at 2, or adds 2 to it."),
        (Rank.THREE,): _("No ability. When scored, it cancels your highest card."),
        (Rank.FOUR,): _("Skip: the next player misses their turn."),
        (Rank.FIVE,): _("Everybody else draws a card."),
        (Rank.SIX,): _("Play again at once (or draw, if you cannot)."),
        (Rank.SEVEN,): seven,
        (Rank.EIGHT,): _("Wild: play it on anything and name any suit."),
        (Rank.NINE,): nine,
        (Rank.TEN,): _("Reverse: play changes direction."),
        (Rank.JACK, Rank.QUEEN, Rank.KING): _("No ability."),
    }
    return tuple(
        Ability(ranks, text if isinstance(text, Text) else Text(text), _points(ranks[0]))
        for ranks, text in words.items()
    )


def notes() -> tuple[str, ...]:
    """The two things every line leans on: the crank, and what points mean."""
    return (
        _("Crank: add an A or a 2, or draw the count. Nothing else, not even an 8."),
        _("Points are what the cards left in your hand cost: the lowest total wins."),
    )
