"""The bots at a table, with two variants that measure what the bots lack."""

from __future__ import annotations

import functools
import random
from typing import Any

from craits_core import Game, PlayerView, State
from craits_core.bots import Bot, make_bot
from craits_core.bots.expert import ExpertBot
from craits_core.bots.features import Situation
from craits_core.bots.hard import HardBot
from craits_core.bots.knowledge import Knowledge
from craits_core.bots.nets import Models, read_models
from craits_core.bots.sampling import Sampler

from .config import Config


class TrueHands(Sampler):
    """Deals with every hand as it really is, and only the stock shuffled."""

    def __init__(self, view: PlayerView, knowledge: Knowledge, state: State) -> None:
        super().__init__(view, knowledge)
        self.true_state = state

    def sample(self, rng: random.Random) -> State:
        state = self.base.copy()
        state.hands = self.true_state.hands
        stock = list(self.true_state.stock)
        rng.shuffle(stock)
        state.stock = tuple(stock)
        state.seed = rng.getrandbits(48)
        return state


class SightedHardBot(HardBot):
    """The hard bot, searching deals where the other hands are the true ones."""

    def __init__(self, game: Game, **options: Any) -> None:
        super().__init__(**options)
        self.game = game

    def _sampler(self, view: PlayerView) -> Sampler:
        return TrueHands(view, self._knowledge, self.game.state)


class UnguidedExpertBot(ExpertBot):
    """The expert bot, guessing the hidden cards from the clues of the plays alone."""

    def _prior(self, view: PlayerView, sit: Situation) -> None:
        return None


@functools.cache
def _weights(path: str) -> Models:
    return read_models(path)


def make_player(config: Config, level: str, seed: int, game: Game) -> Bot:
    """A bot of ``level`` for a seat at ``game``."""
    if level == "hard" and config.sighted:
        return SightedHardBot(game, seed=seed, **config.options(level))
    if level == "expert" and (config.unguided or config.weights or config.expert_playouts):
        maker = UnguidedExpertBot if config.unguided else ExpertBot
        models = _weights(config.weights) if config.weights else None
        return maker(
            seed=seed, models=models, playouts=config.expert_playouts, **config.options(level)
        )
    return make_bot(level, seed=seed, **config.options(level))


def check_levels(config: Config) -> str | None:
    """Why a bot of some level of the run cannot be made, or None if all can."""
    for level in (*config.measured, config.baseline):
        try:
            make_bot(level, seed=0, **config.options(level))
        except (ValueError, TypeError) as err:
            return f"cannot make a {level!r} bot: {err}"
    return None
