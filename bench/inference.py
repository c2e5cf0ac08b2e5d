"""How often the searching bots' guessed deals put a hidden card where it really is.

A searching bot (hard, expert) plays its candidate moves out on *guessed deals*:
full states that agree with what its seat has seen (`bots.sampling.Sampler`). The
better the guesses, the more its play-outs look like the real game. This bench
measures them: it plays games of four normal bots from seeds, stops each at a turn
drawn at random (some way into a round, so that the others have played and drawn),
and asks the seat to act for ``--deals`` guessed deals, in each way a bot can guess:

- *counts*: the unseen cards dealt at random into the others' hands and the stock,
  by their sizes alone;
- *facts*: also what the seat's events told it for sure (`Knowledge`: a suit a
  player showed not to hold by drawing instead of following, a card seen to go to a
  hand, the cards seen on the pile);
- *facts and plays*: also weighed by how likely each player was to make their plays
  holding those cards (the hard level's guesses);
- *facts, plays and holders*: also weighed by the holders network's guess at where
  each card is (the expert's).

For each card in another player's hand, the *hit rate* is the share of the deals
that put it in that hand; a position's figure is the mean over those cards, and the
report gives the mean over positions with its 95% interval (positions are
independent; the deals of one position are not), and each way's gain over the
counts alone, paired position by position. *Chance* is what a guess by the sizes
alone gets on average: a card's holder's size over all the places' sizes.

    python bench/inference.py [--positions 200] [--deals 40] [--seed 0] [--weights FILE]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _stats import mean_ci

from craits_core import Game, PlayerView, State
from craits_core.bots.expert import ExpertBot
from craits_core.bots.features import situation_of_view
from craits_core.bots.knowledge import Knowledge
from craits_core.bots.nets import Models, read_models
from craits_core.bots.sampling import Sampler
from craits_core.hosting import BotHost

PLAYERS = ("Ann", "Bob", "Cy", "Di")
MIN_MOVES = 4
"""Moves into a round before a position may be taken: the others have shown something."""

Way = Callable[[PlayerView, ExpertBot], Sampler]
WAYS: dict[str, Way] = {
    "counts": lambda view, bot: Sampler(view, Knowledge(), steps=0),
    "facts": lambda view, bot: Sampler(view, bot._knowledge, steps=0),
    "facts and plays": lambda view, bot: Sampler(view, bot._knowledge),
    "facts, plays and holders": lambda view, bot: Sampler(
        view, bot._knowledge, prior=bot._prior(view, situation_of_view(view, bot._voids))
    ),
}


def position(seed: int, models: Models | None = None) -> tuple[State, PlayerView, ExpertBot] | None:
    """A game of normal bots from ``seed``, stopped at a random turn some way into a
    round: the true state, the view of the seat to act, and an expert bot that has
    followed that seat's events (for what it knows and its holders network)."""
    rng = random.Random(seed)
    game = Game.new(PLAYERS, seed=seed, first_round=rng.randint(1, 8))
    host = BotHost(game, dict.fromkeys(range(len(PLAYERS)), "normal"), seed=seed)
    stop_after = rng.randint(MIN_MOVES, MIN_MOVES + 12)
    moves = 0
    try:
        while moves < stop_after:
            state = game.state
            if state.is_over or state.current_player is None:
                return None
            move = host.moment().decide()
            if move is None:
                return None
            game.handle(move)
            moves += 1
            if game.state.round_number != state.round_number:
                return None  # the round ended first: no position in it
    finally:
        host.close()
    state = game.state
    seat = state.current_player
    if seat is None or state.choosing_suit:
        return None
    bot = ExpertBot(seed=seed, models=models)
    for event in game.events_for(seat):
        bot.observe(event)
    return state, game.view(seat), bot


def hit_rate(state: State, view: PlayerView, deals: list[State]) -> float:
    """The mean, over the cards in the others' hands, of the share of ``deals`` that
    put the card in its true holder's hand."""
    seat = view.seat
    shares = []
    for other, hand in enumerate(state.hands):
        if other == seat:
            continue
        for card in hand:
            shares.append(sum(card in deal.hands[other] for deal in deals) / len(deals))
    return sum(shares) / len(shares) if shares else float("nan")


def chance(state: State, view: PlayerView) -> float:
    """What guessing by the places' sizes alone gets, on average over those cards."""
    seat = view.seat
    sizes = [len(hand) for other, hand in enumerate(state.hands) if other != seat]
    room = sum(sizes) + len(state.stock)
    cards = sum(sizes)
    return sum(size * size for size in sizes) / (cards * room) if cards and room else float("nan")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--deals", type=int, default=40, help="guessed deals a position")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--weights", help="the expert's networks from this file, not the shipped ones"
    )
    args = parser.parse_args()
    models = read_models(args.weights) if args.weights else None
    rates: dict[str, list[float]] = {name: [] for name in WAYS}
    times: dict[str, float] = dict.fromkeys(WAYS, 0.0)
    chances: list[float] = []
    seed = args.seed
    while len(chances) < args.positions:
        found = position(seed, models)
        seed += 1
        if found is None:
            continue
        state, view, bot = found
        chances.append(chance(state, view))
        for name, way in WAYS.items():
            start = time.perf_counter()
            sampler = way(view, bot)
            rng = random.Random(seed)
            deals = [sampler.sample(rng) for _ in range(args.deals)]
            times[name] += time.perf_counter() - start
            rates[name].append(hit_rate(state, view, deals))
    n = len(chances)
    print(
        f"{n} positions (four normal bots, seeds {args.seed}..{seed - 1}), "
        f"{args.deals} guessed deals each"
    )
    print(f"{'guessed by':<26} {'hit rate (95% CI)':>22} {'ms a deal':>10}  over counts, paired")
    base = mean_ci(chances)
    print(f"{'chance (sizes alone)':<26} {base.mean:>9.1%} ({base.low:.1%} .. {base.high:.1%})")
    for name in WAYS:
        rate = mean_ci(rates[name])
        per_deal = times[name] / (n * args.deals) * 1000
        gain = mean_ci([a - b for a, b in zip(rates[name], rates["counts"], strict=True)])
        print(
            f"{name:<26} {rate.mean:>9.1%} ({rate.low:.1%} .. {rate.high:.1%}) {per_deal:>10.2f}"
            f"  {gain.mean:+.1%} ({gain.low:+.1%} .. {gain.high:+.1%})"
        )
    best = mean_ci(rates["facts, plays and holders"])
    print(
        f"inference: hit rate {best.mean:.1%} with facts, plays and holders "
        f"(counts alone {mean_ci(rates['counts']).mean:.1%}), {n} positions"
    )


if __name__ == "__main__":
    main()
