"""Hosting bots at a table in tests, as the app and the server do: every seat's bot
hears its seat's stream, may react after every move, and the seat to act chooses.
Every move a bot makes is checked to be legal."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from craits_core import Announce, CallIdiot, Command, Game, Play, redact
from craits_core.bots import Bot


def is_legal(command: Command, legal: Sequence[Command]) -> bool:
    """One of the legal moves, or a legal play with the announcement riding along."""
    if command in legal:
        return True
    return isinstance(command, Play) and replace(command, announce=False) in legal


def listen(game: Game, bots: Sequence[Bot]) -> None:
    """Hand each bot its seat's stream, past and future, as a host does."""
    n = len(bots)
    for seat, bot in enumerate(bots):
        for event in game.events_for(seat):
            bot.observe(event)
        game.subscribe(lambda event, seat=seat, bot=bot: bot.observe(redact(event, seat, n)))


def step(game: Game, bots: Sequence[Bot]) -> None:
    """Every seat may react; then the seat to act chooses. Both must be legal."""
    for seat, bot in enumerate(bots):
        legal = game.legal_moves(seat)
        if not legal:
            continue
        reply = bot.react(game.view(seat), legal)
        if reply is None:
            continue
        assert is_legal(reply, legal), (bot.level, reply, legal)
        assert isinstance(reply, Announce | CallIdiot)
        game.handle(reply)
    if game.state.is_over:
        return
    seat = game.state.current_player
    assert seat is not None
    legal = game.legal_moves(seat)
    move = bots[seat].choose(game.view(seat), legal)
    assert is_legal(move, legal), (bots[seat].level, move, legal)
    game.handle(move)
