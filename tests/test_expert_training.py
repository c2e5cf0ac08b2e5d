"""The training that makes the expert's weights (`tools/train_expert.py`): self-play
in the simulator that reads the table as a seat's stream would, stages that resume
and give the same data from the same seed, and generations that play by the last."""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

from craits_core import Game, RuleSet
from craits_core.bots.expert import ExpertBot
from craits_core.bots.nets import read_models
from craits_core.bots.voids import Voids
from craits_core.sim import from_state, to_code
from tests.hosting import listen, step

TOOLS = Path(__file__).parent.parent / "tools"


@pytest.fixture(scope="module")
def training() -> Iterator[ModuleType]:
    sys.path.insert(0, str(TOOLS))
    try:
        import expert_training.fitting
        import expert_training.selfplay
        import expert_training.stages

        yield expert_training
    finally:
        sys.path.remove(str(TOOLS))


@pytest.mark.parametrize("voluntary", [False, True])
def test_self_play_marks_the_suits_a_player_could_not_follow_as_the_table_does(
    training: ModuleType, voluntary: bool
) -> None:
    rng = random.Random(voluntary)
    for game_number in range(30):
        game = Game.new(
            [f"P{i}" for i in range(rng.randint(2, 5))],
            seed=game_number,
            rules=RuleSet(voluntary_draw=voluntary),
            first_round=rng.randint(1, 15),
        )
        voids = Voids()
        for event in game.events:
            voids.note(event)
        bits = [0] * len(game.state.hands)
        round_number = game.state.round_number
        for _ in range(200):
            state = game.state
            if state.is_over or state.round_number != round_number:
                break
            move = rng.choice(game.legal_moves(state.current_player))
            training.selfplay.note_void(bits, from_state(state), to_code(move))
            for event in game.handle(move):
                voids.note(event)
            marks = [sum(1 << j for j, v in enumerate(voids.of(s)) if v) for s in range(len(bits))]
            if game.state.round_number == round_number:
                assert bits == marks


def test_the_stages_make_weights_an_expert_plays_with(training: ModuleType, tmp_path: Path) -> None:
    stages, fitting = training.stages, training.fitting
    first = stages.Generation(tmp_path, 1)
    stages.make_data(first, seed=0, rounds=20, part_rounds=2, playouts=2, workers=1, minutes=5)
    parts = first.parts()
    assert [p.name for p in parts] == [f"part-{i:05d}.npz" for i in range(10)]
    with np.load(parts[0]) as part:
        moves, returns = part["moves"], part["returns"]
        assert len(moves) == len(returns) > 0
        assert set(moves["decision"]) == set(range(len(part["decisions"])))
        assert part["labels"].shape == (len(part["holders_at"]), 52)

    # A part lost is made again, the same from the same seed; the others are kept.
    kept = parts[1].stat().st_mtime_ns
    again = parts[0].read_bytes()
    parts[0].unlink()
    stages.make_data(first, seed=0, rounds=20, part_rounds=2, playouts=2, workers=1, minutes=5)
    assert parts[0].read_bytes() == again and parts[1].stat().st_mtime_ns == kept

    fitting.fit(first, seed=0, minutes=5, epochs=1, rate=1e-3)
    fitting.fit(first, seed=0, minutes=5, epochs=2, rate=1e-3)  # resumes at epoch 1
    assert first.best.exists()

    # The second generation plays by the first's weights.
    second = stages.Generation(tmp_path, 2)
    assert second.player_models() is not None
    stages.make_data(second, seed=0, rounds=10, part_rounds=1, playouts=1, workers=1, minutes=5)
    assert len(second.parts()) == 10
    # ... and its training starts from them (with no step size, it stays there).
    fitting.fit(second, seed=0, minutes=5, epochs=1, rate=0.0)
    start, reached = read_models(str(first.best)), read_models(str(second.best))
    for net in ("value", "holders"):
        for (w0, b0), (w1, b1) in zip(
            getattr(start, net).layers, getattr(reached, net).layers, strict=True
        ):
            assert np.array_equal(w0, w1) and np.array_equal(b0, b1)

    out = tmp_path / "expert.npz"
    fitting.export(first, out)
    models = read_models(str(out))
    game = Game.new(["Ann", "Bob", "Cy"], seed=4, first_round=13)
    bots = [ExpertBot(seed=s, simulations=4, models=models) for s in range(3)]
    listen(game, bots)
    rounds = len(game.state.round_scores)
    for _ in range(2000):
        if len(game.state.round_scores) > rounds:
            break
        step(game, bots)
    assert len(game.state.round_scores) > rounds


def test_a_generation_without_the_last_ones_weights_is_refused(
    training: ModuleType, tmp_path: Path
) -> None:
    with pytest.raises(SystemExit, match="generation 1 has no weights"):
        training.stages.Generation(tmp_path, 2).player_models()
