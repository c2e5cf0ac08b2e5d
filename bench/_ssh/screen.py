"""What a player's terminal shows, read from its layout alone: the card faces of the
hand and the keys drawn over them, the marker on the seat whose turn it is, the
suit picker's buttons, the keys the footer offers.

Nothing here reads the app's sentences (they are translated): a screen reads the
same in every language the app speaks. What the words said before (whose turn,
which cards may be played) the bench learns from the table's events instead
(`moves`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from craits_core import Card

HAND_FACE = re.compile(r"│\s*(10|[2-9AJQK])([♣♦♥♠])│")
"""The middle line of a card of the hand, as the app draws it (`CardLook.small`):
a box five cells wide around its rank and suit. The discard pile's card is bigger,
the other seats show backs, and the log and the trail write cards without a box."""
CARD_WIDTH = 5
NUMBER_ABOVE = 2
"""Lines from a card's middle line up to its key (`Hand`: a line of keys over the
cards' top edges)."""
TURN_MARK = "▶"
"""Drawn before the name of the seat whose turn it is (`widgets.seats`). The
player's own seat is the hand at the bottom, which has no marker: no marker on
any seat, at the table, is the player's turn."""
STORY_EDGE = "▏"
"""The left edge of the story column (the log and the chat): right of it, people's
words may hold any glyph."""
SUIT_BUTTON = re.compile(r"(?:^|\s)1 [♣♦♥♠](?:\s|$)")
"""The suit picker's first button: its key, then its suit's symbol."""
TABLE_KEYS = frozenset({"d", "l"})
"""Keys the footer of the table offers (Draw, Last card!), and no other screen's."""
SUMMARY_KEYS = ("⏎",)
"""The footer of a round's summary: Enter alone (the next round, or the result)."""


@cache
def _card(rank: str, suit: str) -> Card:
    return Card.parse(rank + suit)


@dataclass(frozen=True, slots=True)
class ShownCard:
    """A card of the hand on the screen."""

    card: Card
    key: str
    """The key drawn over it, that plays it ("" when none is: past the last key)."""


@dataclass(frozen=True, slots=True)
class Reading:
    """A screen as the bench reads it."""

    text: str
    hand: tuple[ShownCard, ...]
    """The cards of the hand on the screen, first to last (a long hand scrolls:
    then only those in view)."""
    marked: bool
    """Some other seat has the turn's marker."""
    footer: tuple[str, ...]
    """The keys the footer offers, in its order."""
    picker: bool
    """A suit picker is open."""

    @property
    def table(self) -> bool:
        """The table screen is up, with nothing over it."""
        return set(self.footer) >= TABLE_KEYS

    @property
    def dealt(self) -> bool:
        """The table is up with a hand on it: a game is on."""
        return self.table and bool(self.hand)

    @property
    def summary(self) -> bool:
        """A round's summary is up."""
        return self.footer == SUMMARY_KEYS

    @property
    def turn_shown(self) -> bool:
        """The screen shows the player something to do now: the table with no other
        seat's turn, or a suit to pick."""
        return self.picker or (self.table and not self.marked)

    @property
    def cards(self) -> list[str]:
        """The hand's cards as labels ("8♥"), sorted."""
        return sorted(shown.card.label for shown in self.hand)


BLANK = Reading("", (), False, (), False)


def hand_in(rows: Sequence[str]) -> tuple[ShownCard, ...]:
    """The hand's cards in ``rows``, each with the key over it, in reading order."""
    hand = []
    for y, row in enumerate(rows):
        for match in HAND_FACE.finditer(row.split(STORY_EDGE)[0]):
            above = rows[y - NUMBER_ABOVE] if y >= NUMBER_ABOVE else ""
            key = above[match.start() : match.start() + CARD_WIDTH].strip()
            hand.append(ShownCard(_card(match[1], match[2]), key))
    return tuple(hand)


def footer_keys(cells: Iterable[Any]) -> tuple[str, ...]:
    """The keys a footer line offers: its words in bold (``cells``: the line's pyte
    characters). The words that say what each does are not bold."""
    keys: list[str] = []
    word = ""
    for cell in cells:
        if cell.bold and cell.data.strip():
            word += cell.data
        elif word:
            keys.append(word)
            word = ""
    if word:
        keys.append(word)
    return tuple(keys)


def read(rows: Sequence[str], footer: tuple[str, ...]) -> Reading:
    """The reading of a screen of ``rows`` whose footer offers ``footer``."""
    left = [row.split(STORY_EDGE)[0] for row in rows]
    return Reading(
        text="\n".join(rows),
        hand=hand_in(rows),
        marked=any(TURN_MARK in row for row in left),
        footer=footer,
        picker=any(SUIT_BUTTON.search(row) for row in rows),
    )
