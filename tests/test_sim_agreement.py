"""The simulator agrees with the engine, the authority, move by move.

Random deals (every variant drawn at random, 2 to 5 players, any round of the
schedule) are played with random legal moves in both side by side; after every
move the simulator's state (converted to an engine state) and every seat's legal
moves (converted to commands) must equal the engine's. Each run checks 500 deals;
set ``CRAITS_LONG=1`` for the long run of 10,000.
"""

from __future__ import annotations

import os
import random

import pytest

from craits_core.events import (
    CardsDrawn,
    CrankEnded,
    DirectionReversed,
    DrawReason,
    GameEnded,
    IdiotCalled,
    LastCardAnnounced,
    PlayerSkipped,
    RoundEnded,
    StockReshuffled,
    SuitAsked,
    TurnLost,
)
from craits_core.sim.agreement import Deal, check_deal, check_deals

LONG = os.environ.get("CRAITS_LONG") == "1"
DEALS = 10_000 if LONG else 500
CHUNKS = 20 if LONG else 5
"""The deals are checked in chunks, so that the test workers share them."""


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_deals_agree_with_the_engine(chunk: int) -> None:
    diverged, report = check_deals(DEALS // CHUNKS, seed=chunk)
    assert diverged == 0, "\n".join(report)


def test_the_random_deals_reach_every_rule() -> None:
    # Agreement means little on rules the random deals never reach.
    rng = random.Random(99)
    seen: set[str] = set()
    for _ in range(300):
        checked = check_deal(Deal.random(rng), rng)
        assert not checked.differences
        rules = checked.deal.rules
        seen.update(name for name in rules.__slots__ if getattr(rules, name))
        before = None
        for event in checked.game.events[3:]:
            match event:
                case RoundEnded(went_out=()):
                    seen.add("blocked round")
                case RoundEnded() if isinstance(before, CrankEnded):
                    seen.add("crank after going out")
                case CardsDrawn(reason=DrawReason.TURN, count=0):
                    seen.add("pass")
                case CardsDrawn(reason=reason):
                    seen.add(f"draw: {reason.value}")
                case _:
                    seen.add(type(event).__name__)
            before = event
    expected = {
        "short_game",
        "colour_matching",
        "voluntary_draw",
        "seven_skips",
        "wild_nine",
        "blocked round",
        "pass",
        "crank after going out",
        *(f"draw: {reason.value}" for reason in DrawReason),
        *(
            cls.__name__
            for cls in (
                StockReshuffled,
                CrankEnded,
                DirectionReversed,
                PlayerSkipped,
                TurnLost,
                SuitAsked,
                IdiotCalled,
                LastCardAnnounced,
                GameEnded,
            )
        ),
    }
    assert expected <= seen, sorted(expected - seen)
