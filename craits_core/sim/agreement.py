"""Checking the simulator against the engine, the authority: both play the same
random round side by side and must agree on the state and on every seat's legal
moves after every move. The tests and the engine benchmark run it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..commands import Command, Draw, Play
from ..game import Game
from ..legality import legal_moves as engine_moves
from ..rules import RuleSet
from ..state import State
from .convert import from_state, hand_bits, to_code, to_command, to_state
from .model import Sim
from .play import legal_moves, play

MOVE_LIMIT = 2000
"""Moves after which the check of a round stops, agreeing so far: random play with
the voluntary draw can go round for a long time before the round ends."""


def differences(sim: Sim, state: State) -> list[str]:
    """Where ``sim`` and the engine's ``state`` disagree (hands compared as sets:
    the simulator keeps no order in a hand), as readable lines; empty when they agree."""
    mine = to_state(sim)
    found = []
    for name in State.__slots__:
        ours, theirs = getattr(mine, name), getattr(state, name)
        if name == "hands" and sim.hands == [hand_bits(hand) for hand in theirs]:
            continue
        if ours != theirs:
            found.append(f"{name}: simulator {ours!r}, engine {theirs!r}")
    return found


def move_differences(sim: Sim, state: State) -> list[str]:
    """Seats whose legal moves differ between ``sim`` and the engine's ``state``."""
    found = []
    for seat in range(len(state.players)):
        theirs = engine_moves(state, seat)
        ours = [to_command(sim, move) for move in legal_moves(sim, seat)]
        if sorted(map(to_code, ours)) != sorted(map(to_code, theirs)) or set(ours) != set(theirs):
            found.append(f"seat {seat} moves: simulator {ours!r}, engine {theirs!r}")
    return found


@dataclass(frozen=True, slots=True)
class Deal:
    """One random deal to check: the table, the rules and how the seats choose."""

    players: int
    rules: RuleSet
    seed: int
    first_round: int
    draw_happy: bool
    """Seats draw whenever they may (with the voluntary draw: stocks run dry, rounds
    block), instead of choosing uniformly."""

    @staticmethod
    def random(rng: random.Random) -> Deal:
        """A deal with every variant drawn at random."""
        rules = RuleSet(*(rng.random() < 0.5 for _ in range(5)))
        return Deal(
            players=rng.randint(2, 5),
            rules=rules,
            seed=rng.getrandbits(32),
            first_round=rng.randint(1, len(rules.schedule)),
            draw_happy=rng.random() < 0.25,
        )


@dataclass(frozen=True, slots=True)
class Checked:
    """What checking one deal found."""

    deal: Deal
    moves: int
    differences: tuple[str, ...]
    """Empty when the simulator agreed with the engine at every step; else where
    it first did not (the check stops there)."""
    game: Game
    """The engine's game as the check left it (its log tells what was played)."""


def check_deal(deal: Deal, rng: random.Random) -> Checked:
    """Play ``deal``'s round with random legal moves in the engine and the simulator
    side by side, comparing the state and every seat's legal moves after every
    move, up to the next round's deal (or the game's end)."""
    game = Game.new(
        [f"P{i}" for i in range(deal.players)],
        seed=deal.seed,
        rules=deal.rules,
        first_round=deal.first_round,
    )
    sim = from_state(game.state)
    found = differences(sim, game.state) + move_differences(sim, game.state)
    start = game.state.round_number
    moves = 0
    while not found and game.state.round_number == start and not game.state.is_over:
        if moves == MOVE_LIMIT:
            break
        command = _choose(game.state, deal.draw_happy, rng)
        game.handle(command)
        play(sim, to_code(command))
        moves += 1
        state = game.state
        found = differences(sim, state) + move_differences(sim, state)
        if found:
            found.insert(0, f"after move {moves} ({command!r}) of {deal!r}:")
    return Checked(deal, moves, tuple(found), game)


def _choose(state: State, draw_happy: bool, rng: random.Random) -> Command:
    """A random legal move: mostly the seat to act's, now and then another seat's
    "last card" or "idiot"; a play down to one card often says "last card"."""
    current = state.current_player
    assert current is not None
    others: list[Command] = []
    for seat in range(len(state.players)):
        if seat != current:
            others += engine_moves(state, seat)
    if others and rng.random() < 0.3:
        return rng.choice(others)
    moves = engine_moves(state, current)
    if Draw(current) in moves and (draw_happy or rng.random() < 0.1):
        return Draw(current)
    # Drawing when a play exists (the voluntary draw) is chosen less often than a
    # play: as often as a play, it makes rounds of thousands of moves.
    command = rng.choice([m for m in moves if not isinstance(m, Draw)] or moves)
    # Saying it on a play that leaves more cards is allowed and means nothing.
    if isinstance(command, Play) and rng.random() < (
        0.5 if len(state.hands[current]) == 2 else 0.1
    ):
        return Play(command.player, command.card, command.suit, announce=True)
    return command


def check_deals(count: int, seed: int = 0) -> tuple[int, tuple[str, ...]]:
    """Check ``count`` random deals drawn from ``seed``; returns how many diverged
    and the first divergence's report (empty when none did)."""
    rng = random.Random(seed)
    diverged = 0
    first: tuple[str, ...] = ()
    for _ in range(count):
        found = check_deal(Deal.random(rng), rng).differences
        if found:
            diverged += 1
            first = first or found
    return diverged, first
