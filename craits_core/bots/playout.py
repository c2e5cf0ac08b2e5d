"""The quick play-out player on engine states, for the expert's training games (and
benchmarks): `playout_move` picks a move, `play_out` plays a full state to the end of
its round with it, and `final_scores` reads the round's scores off the end.

The player itself lives in the simulator (`craits_core.sim.policy`), where the hard
and expert levels' searches play their play-outs; here each move is asked of it on
the simulator's copy of the state.
"""

from __future__ import annotations

import random

from ..commands import Command
from ..decide import apply
from ..scoring import score_hand
from ..sim import from_state, to_command
from ..sim.policy import PLAYOUT_LIMIT, policy_move
from ..state import State

__all__ = ["PLAYOUT_LIMIT", "final_scores", "play_out", "playout_move"]


def playout_move(state: State, seat: int, rng: random.Random) -> Command:
    """A quick, sensible move for ``seat`` (the seat to act) in a full state: the
    normal level's main ideas at a fraction of their cost (see `sim.policy`)."""
    sim = from_state(state)
    if sim.current != seat:
        raise ValueError(f"seat {seat} is not to act")
    return to_command(sim, policy_move(sim, rng))


def play_out(state: State, rng: random.Random) -> State:
    """Play a determinised state (see `Sampler`) to the end of its round with
    `playout_move`; the state at the end (see `final_scores`)."""
    for _ in range(PLAYOUT_LIMIT):
        if state.is_over:
            break
        state = apply(state, playout_move(state, state.current_player, rng))[1]  # type: ignore[arg-type]
    return state


def final_scores(state: State) -> tuple[int, ...]:
    """The round scores of a played-out state (the hands as they are, if cut short)."""
    if state.is_over:
        return state.round_scores[-1]
    return tuple(score_hand(hand) if hand else 0 for hand in state.hands)
