"""Refusing here what the server would refuse: a move checked against the seat's view.

The seat's view knows its own hand and how many cards the others hold, which is
all a refusal depends on, so the engine's own reason can be had here without the
cards this side cannot see.
"""

from __future__ import annotations

from craits_core import (
    FULL_DECK,
    Command,
    IllegalMove,
    Play,
    PlayerView,
    State,
    initial_state,
)
from craits_core.decide import decide

from ...i18n import _


def normal_form(command: Command) -> Command:
    """``command`` as `legal_moves_in_view` lists it: a play without the
    "last card" riding on it, a 9 that keeps its suit without a suit."""
    if isinstance(command, Play):
        return Play(command.player, command.card, command.named_suit)
    return command


def why_illegal(view: PlayerView, command: Command) -> IllegalMove:
    """Why the rules refuse ``command`` where ``view`` stands: the engine's own
    refusal, asked of a stand-in for the real state.

    The stand-in holds what the view shows; the cards it cannot know (the other
    hands, the stock) are blanks. A refusal depends only on the seat's own hand
    and on how many cards the others hold, so the reason is the one the server
    would give.
    """
    try:
        decide(stand_in(view), command)
    except IllegalMove as refusal:
        return refusal
    return IllegalMove("not-now", _("That move is not possible now."))


def stand_in(view: PlayerView) -> State:
    """A `State` with the view's public facts and blanks for hidden cards."""
    blank = FULL_DECK[0]
    hands = tuple(
        view.hand if seat == view.seat else (blank,) * size
        for seat, size in enumerate(view.hand_sizes)
    )
    state = initial_state()
    for name, value in {
        "players": view.players,
        "rules": view.rules,
        "first_round": view.first_round,
        "round_number": view.round_number,
        "hand_size": view.hand_size,
        "dealer": view.dealer,
        "direction": view.direction,
        "current_player": view.current_player,
        "choosing_suit": view.choosing_suit,
        "hands": hands,
        "stock": (blank,) * view.stock_size,
        "pile": view.discard,
        "active_suit": view.active_suit,
        "crank": view.crank,
        "announced": view.announced,
        "window": view.window,
        "lost_turns": view.lost_turns,
        "round_scores": view.round_scores,
        "totals": view.totals,
        "is_over": view.is_over,
        "winners": view.winners,
    }.items():
        setattr(state, name, value)
    return state
