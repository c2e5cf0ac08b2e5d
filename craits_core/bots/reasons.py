"""Why a bot chose a move, in a form a user interface can put in its own words."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..commands import Announce, CallIdiot, Command, Draw, Play
from ..view import PlayerView


@dataclass(frozen=True)
class Reason:
    """A bot's reason for a move, as `IllegalMove` is a refusal: ``code`` names the
    idea ("keep-eight") and ``params`` holds its values (cards as `Card`, suits as
    `Suit`, players by name, counts as numbers), so a user interface phrases it in
    its own words and language. ``str()`` says it in English."""

    code: str
    params: Mapping[str, Any] = field(default_factory=dict, hash=False)

    def __str__(self) -> str:
        say = ENGLISH.get(self.code)
        return say(**self.params) if say is not None else self.code


def _cards(n: int, word: str = "card") -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


ENGLISH: dict[str, Callable[..., str]] = {
    "go-out": lambda: "go out",
    # What the hand's score drops by, not the card's face value: with 3s in the hand
    # they differ (a 4 may take 50 off, when a 3 is left with nothing to cancel).
    "shed": lambda card, points: f"get rid of the {card.label}: your hand scores {points} less",
    "keep-three": lambda card: f"keep the {card.label}: it cancels your worst card",
    "keep-eight": lambda card: f"keep the {card.label} for when nothing else fits",
    "keep-for-crank": lambda card: f"keep the {card.label} to answer a crank",
    "name-suit": lambda suit, n: (
        f"name {suit}: you hold {_cards(n)} to follow with" if n else f"name {suit}"
    ),
    "follow": lambda n: f"you can follow it with {_cards(n, 'more card')}",
    "start-crank": lambda name: f"start a crank on {name}",
    "crank-last-card": lambda name: f"crank {name}, who holds one card",
    "raise-crank": lambda count, name: f"raise the crank to {count} on {name}",
    "make-draw": lambda name: f"make {name} draw",
    "make-last-card-draw": lambda name: f"make {name}, on one card, draw",
    "not-followed": lambda name, suit: f"{name} could not follow {suit} before",
    "no-handoff": lambda name, n: f"don't hand the turn to {name}, who holds {_cards(n)}",
    "play-again": lambda card: f"the {card.label} lets you play again",
    "stuck-again": lambda card: f"nothing to follow the {card.label}: you would draw",
    "last-card-fits": lambda card: f"your last card, the {card.label}, will fit",
    "draw": lambda: "better than any card you could play",
    "no-crank-answer": lambda: "no ace or 2 to answer the crank",
    "nothing-fits": lambda: "nothing fits",
    "only-card": lambda card: f"the {card.label} is the only card that fits",
    "call-idiot": lambda name: f"{name} did not announce their last card: call idiot",
    "announce": lambda: "announce your last card",
    "only-move": lambda: "the only move",
    "best-move": lambda: "the best move",
    "search-card": lambda n, card, runs: (
        f"on average {_cards(n, 'point')} fewer than the {card.label}, in {runs} simulated rounds"
    ),
    "search-draw": lambda n, runs: (
        f"on average {_cards(n, 'point')} fewer than drawing, in {runs} simulated rounds"
    ),
}
"""Every reason's code, and how it reads in English."""


def only_move_reason(move: Command, view: PlayerView) -> Reason:
    """The reason for a move that had no alternative."""
    if isinstance(move, Draw):
        if view.crank:
            return Reason("no-crank-answer")
        return Reason("nothing-fits")
    if isinstance(move, Play):
        return Reason("only-card", {"card": move.card})
    if isinstance(move, CallIdiot):
        return Reason("call-idiot", {"name": view.players[move.target]})
    if isinstance(move, Announce):
        return Reason("announce")
    return Reason("only-move")
