"""Situations packed as small ints (`bots.packed`): self-play and the search make the
networks' rows from them, so they must give exactly the rows `features.encode` gives,
packed from a `Situation` or straight from the simulator."""

from __future__ import annotations

import random

import numpy as np
import pytest

from craits_core.bots.features import SITUATION_WIDTH, encode, situation_of_state
from craits_core.bots.packed import (
    DECISION,
    MOVE,
    decision_rows,
    is_weighed,
    pack_code,
    pack_command,
    pack_sim,
    pack_situation,
    rows,
    situation_rows,
)
from craits_core.commands import Announce, CallIdiot, Draw
from craits_core.decide import legal_moves
from craits_core.sim import from_state, to_code
from tests.sim_positions import random_games


@pytest.mark.parametrize("seed", range(4))
def test_packed_rows_are_the_encoded_rows(seed: int) -> None:
    rng = random.Random(seed)
    for game in random_games(40, seed):
        state = game.state
        if state.is_over:
            continue
        seat = state.current_player
        voids = [tuple(rng.random() < 0.3 for _ in range(4)) for _ in state.hands]
        sit = situation_of_state(state, seat, voids)
        moves = [m for m in legal_moves(state, seat) if not isinstance(m, Announce | CallIdiot)]
        expected = encode([(sit, m) for m in moves])

        decisions = np.array([pack_situation(sit)], dtype=DECISION)
        packed = np.array([(0, *pack_command(sit, m)) for m in moves], dtype=MOVE)
        assert np.array_equal(rows(decisions, packed), expected)
        assert np.array_equal(situation_rows(decisions), encode([(sit, None)])[:, :SITUATION_WIDTH])

        # Straight from the simulator, with the voids as bits.
        bits = [sum(1 << j for j, void in enumerate(v) if void) for v in voids]
        from_sim = np.array([pack_sim(from_state(state), seat, bits)], dtype=DECISION)
        assert from_sim.tobytes() == decisions.tobytes()
        hand = int(from_sim["hand"][0])
        codes = [to_code(m) for m in moves]
        assert all(is_weighed(code) for code in codes)
        by_code = np.array([(0, *pack_code(hand, code)) for code in codes], dtype=MOVE)
        assert by_code.tobytes() == packed.tobytes()
        one = decision_rows(
            pack_sim(from_state(state), seat, bits), [pack_code(hand, c) for c in codes]
        )
        assert np.array_equal(one, expected)


def test_a_move_the_networks_do_not_weigh_is_refused() -> None:
    game = random_games(1)[0]
    sit = situation_of_state(game.state, 0, [(False,) * 4] * len(game.state.hands))
    with pytest.raises(ValueError, match="not a move the networks weigh"):
        pack_command(sit, Announce(0))
    assert pack_command(sit, Draw(0))[0] == 1
