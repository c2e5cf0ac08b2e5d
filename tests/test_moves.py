"""Which events start a move (`craits_core.moves.command_for`): the command read
back from a move's first event is the one handed, and the rest of a move is none."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from craits_core import Card, Command, Draw, Game, Play, Rank, RuleSet, Suit
from craits_core.events import CardPlayed, StockReshuffled, TurnBegan
from craits_core.moves import command_for
from tests.decks import stacked_game

NAMES = ["Ann", "Bob", "Cy", "Di", "Ed"]
C = Card.parse


def as_it_took_effect(game: Game, command: Command) -> Command:
    """``command`` in the normal form the log records: a 9 keeping its suit names
    none, and "last card" said with a play counts only when the play leaves one card
    (otherwise there is nothing to say, and nothing is said)."""
    if not isinstance(command, Play):
        return command
    left = len(game.state.hands[command.player]) - 1
    return replace(command.normal(), announce=command.announce and left == 1)


@pytest.mark.parametrize("seed", range(10))
def test_each_moves_first_event_reads_back_as_the_command_handed(seed: int) -> None:
    rnd = random.Random(seed)
    players = 2 + seed % 4
    rules = RuleSet(
        short_game=True, wild_nine=seed % 3 == 0, voluntary_draw=seed % 2 == 1, seven_skips=True
    )
    game = Game.new(NAMES[:players], seed=seed, rules=rules, first_round=1 + seed % 6)
    starts: dict[int, Command] = {}
    while not game.state.is_over:
        seat = game.state.current_player
        assert seat is not None
        moves = game.legal_moves(seat)
        if rnd.random() < 0.25:
            moves = [m for s in range(players) for m in game.legal_moves(s)]
        command = rnd.choice(moves)
        if isinstance(command, Play):
            # Said or not, and a 9 written naming its own suit.
            if rnd.random() < 0.5:
                command = replace(command, announce=True)
            if command.card.rank is Rank.NINE and command.suit is None and rnd.random() < 0.5:
                command = replace(command, suit=command.card.suit)
        expected = as_it_took_effect(game, command)
        start = game.event_count
        game.handle(command)
        starts[start] = expected
    for start, expected in starts.items():
        assert command_for(game.events, start) == expected, start
    # No other event starts a move: not the "last card" said along with a play, nor
    # the draw a reshuffle made room for (the second events of their moves).
    for index in range(min(starts), game.event_count):
        if index not in starts:
            assert command_for(game.events, index) is None, (index, game.events[index])


def test_the_events_that_follow_a_play_start_no_move() -> None:
    game = stacked_game(["KH 4C", "QD 5S", "JC 9H"], "KD")
    start = game.event_count
    events = game.handle(Play(1, C("QD")))
    assert events == [CardPlayed(1, C("QD"), Suit.DIAMONDS), TurnBegan(2)]
    assert command_for(game.events, start) == Play(1, C("QD"))
    assert command_for(game.events, start + 1) is None


def test_the_deal_and_what_the_starter_does_start_no_move() -> None:
    # A starter 7: the player left of the dealer draws one before anyone moves.
    game = stacked_game(["KH 4C", "QC 5S", "JC 9H"], "7D", "AS")
    assert all(command_for(game.events, i) is None for i in range(game.event_count))
    start = game.event_count
    game.handle(Draw(1))
    assert command_for(game.events, start) == Draw(1)


def test_a_draw_that_reshuffles_first_starts_at_the_reshuffle() -> None:
    game = Game.new(NAMES[:2], seed=4, rules=RuleSet(voluntary_draw=True))
    rnd = random.Random(4)
    for _ in range(500):
        seat = game.state.current_player
        assert seat is not None
        moves = game.legal_moves(seat)
        move = Draw(seat) if Draw(seat) in moves and rnd.random() < 0.8 else rnd.choice(moves)
        start = game.event_count
        game.handle(move)
        if move == Draw(seat) and isinstance(game.events[start], StockReshuffled):
            assert command_for(game.events, start) == Draw(seat)
            assert command_for(game.events, start + 1) is None  # the draw: the same move
            return
    raise AssertionError("the stock was never reshuffled")
