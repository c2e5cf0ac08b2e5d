"""Bots at a table: what they do next, and deciding in another thread.

A table (on this terminal or on the server) asks its bots for moves with
`next_move`, from one moment of the game. A hard bot thinks for a while, so a table
asks in another thread and goes on meanwhile (a hint is worked out so too);
`Undisturbed` keeps the events that come during a decision from reaching the bot in
the middle of it.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping, Sequence
from typing import Any

from ..commands import Command
from ..decide import legal_moves
from ..state import State
from ..view import PlayerView, view
from .base import Bot
from .reasons import Reason


def next_move(state: State, bots: Mapping[int, Bot]) -> Command | None:
    """What the bots seated at ``bots`` do next in ``state``, if anything: a reaction
    first (an idiot call, a late announcement), else the move of the bot whose turn
    it is. Everything is worked out from ``state``, so a game that moves on in
    another thread meanwhile cannot mix two moments."""
    current = state.current_player
    for seat, bot in bots.items():
        moves = legal_moves(state, seat) if seat != current else []
        if moves:
            reply = bot.react(view(state, seat), moves)
            if reply is not None:
                return reply
    if current is not None and current in bots:
        return bots[current].choose(view(state, current), legal_moves(state, current))
    return None


class Undisturbed:
    """A bot that may decide in another thread while its seat's events keep coming
    (a person says "Last card!" as a hard bot searches): the events that come while
    it decides are noted once it has decided, never in the middle of it.

    Its host gives it one moment of the game (see `next_move`); if the game moved on
    meanwhile, the host throws the answer away and asks again.
    """

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.level = bot.level
        self._lock = threading.Lock()
        self._deciding = 0
        self._later: list[dict[str, Any]] = []

    def choose(self, view: PlayerView, legal: Sequence[Command]) -> Command:
        """The wrapped bot's `Bot.choose`."""
        self._begin()
        try:
            return self.bot.choose(view, legal)
        finally:
            self._end()

    def react(self, view: PlayerView, legal: Sequence[Command]) -> Command | None:
        """The wrapped bot's `Bot.react`."""
        self._begin()
        try:
            return self.bot.react(view, legal)
        finally:
            self._end()

    def explain(self, view: PlayerView, legal: Sequence[Command]) -> tuple[Command, Reason]:
        """The wrapped bot's ``explain`` (the normal and hard levels have one)."""
        self._begin()
        try:
            return self.bot.explain(view, legal)  # type: ignore[attr-defined,no-any-return]
        finally:
            self._end()

    def observe(self, event: dict[str, Any]) -> None:
        """Noted now, or once the decision under way is made."""
        with self._lock:
            if self._deciding:
                self._later.append(event)
            else:
                self.bot.observe(event)

    def _begin(self) -> None:
        with self._lock:
            self._deciding += 1

    def _end(self) -> None:
        with self._lock:
            self._deciding -= 1
            if not self._deciding:
                for event in self._later:
                    self.bot.observe(event)
                self._later.clear()
