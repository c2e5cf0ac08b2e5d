"""A fast simulator of Craits for play-outs, self-play and benchmarks.

A compact, mutable model of a game (`Sim`: cards as ints 0..51, hands as bit sets,
moves as int codes) with `legal_moves` and `play` mirroring the engine's rules and
every variant, and nothing else: no events, no log, no copies. The event-sourced
engine stays the authority: `agreement` plays both side by side, and `convert`
turns engine states, guessed deals and commands into the simulator's terms and back.

    sim = from_state(game.state)            # follows the engine's shuffles exactly
    sim = from_state(state, rng)            # shuffles with rng: for play-outs
    while not sim.over:
        play(sim, rng.choice(legal_moves(sim)))
"""

from .codes import ANNOUNCE, ANNOUNCE_FLAG, CALL, CHOOSE, DRAW, play_code
from .convert import from_guess, from_state, to_code, to_command, to_state
from .model import Sim
from .play import legal_moves, play, play_randomly
from .rounds import new_game

__all__ = [
    "ANNOUNCE",
    "ANNOUNCE_FLAG",
    "CALL",
    "CHOOSE",
    "DRAW",
    "Sim",
    "from_guess",
    "from_state",
    "legal_moves",
    "new_game",
    "play",
    "play_code",
    "play_randomly",
    "to_code",
    "to_command",
    "to_state",
]
