"""How a table hosts its bots, on this terminal or on a server.

A table seats bots with a `BotHost`: it makes each bot, tells it every event its
seat may see exactly once, and answers what the bots do next from one moment of
the game. A hard bot thinks for a while, so a table asks in another thread and
goes on meanwhile: `BotHost.moment` takes the moment, `Moment.decide` may run in
any thread, and `BotHost.still_current` says whether the answer still fits the
game (a move made meanwhile, or a person back in a stand-in's seat, makes it
stale, and the table asks again). `Undisturbed` keeps the events that come during
a decision from reaching the bot in the middle of it.

The bots' code loads when the first bot is made, not when a table is: a table of
people only never loads it.
"""

from __future__ import annotations

import secrets
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .commands import Command
from .decide import legal_moves
from .events import Event
from .state import State
from .view import PlayerView, redact, view

if TYPE_CHECKING:
    from .bots import Bot, Reason
    from .game import Game


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


@dataclass(frozen=True, slots=True)
class Moment:
    """One moment of a game, as its bots were seated then."""

    state: State
    bots: Mapping[int, Bot]
    events: int
    """How many events the game had: a later count means the moment has passed."""

    def decide(self) -> Command | None:
        """What the bots do next at this moment (see `next_move`); any thread."""
        return next_move(self.state, self.bots)


class BotHost:
    """The bots at one table: one per seat in ``levels`` (seat to level), more as
    bots stand in for people, fewer as people come back.

    It listens to the game from the moment it is made, so no event is missed, and
    makes the bots themselves only when they are first needed. ``seed``: bot
    ``seat`` gets ``seed * 31 + seat`` (reproducible games of bots); None: every
    bot gets fresh randomness.
    """

    def __init__(self, game: Game, levels: Mapping[int, str], *, seed: int | None = None) -> None:
        self._game = game
        self._levels = dict(levels)
        self._seed = seed
        self._bots: dict[int, _Seated] | None = None
        # Events reach the host in the thread that moves the game, and the bots may
        # be made in a thread that asks them: one lock, so each event reaches each
        # bot once, from the log or as it comes.
        self._lock = threading.Lock()
        self._heard = game.event_count
        self._unsubscribe: Callable[[], None] | None = game.subscribe(self._hear)
        self.dropped = 0
        """How many decisions came too late and were thrown away."""

    @property
    def levels(self) -> dict[int, str]:
        """The level of the bot at each seat that has one."""
        return dict(self._levels)

    @property
    def bots(self) -> dict[int, Bot]:
        """The bots, by seat (made now if they were not yet)."""
        with self._lock:
            return {seat: seated.bot for seat, seated in self._seated().items()}

    def seat(self, seat: int, level: str) -> None:
        """A bot of ``level`` plays ``seat`` from now on (in place of any other)."""
        with self._lock:
            self._levels[seat] = level
            if self._bots is not None:
                self._bots[seat] = self._make(seat, level)

    def unseat(self, seat: int) -> None:
        """No bot plays ``seat`` any more (its person is back)."""
        with self._lock:
            self._levels.pop(seat, None)
            if self._bots is not None:
                self._bots.pop(seat, None)

    def moment(self) -> Moment:
        """The game as it stands, with the bots seated now."""
        bots = self.bots
        game = self._game
        return Moment(game.state, bots, game.event_count)

    def still_current(self, moment: Moment, move: Command) -> bool:
        """Whether ``move``, decided at ``moment``, may still be made: the game has
        not moved on, and the bot that chose it still plays its seat."""
        with self._lock:
            seated = (self._bots or {}).get(move.player)
            current = (
                self._game.event_count == moment.events
                and seated is not None
                and seated.bot is moment.bots.get(move.player)
            )
            if not current:
                self.dropped += 1
            return current

    def close(self) -> None:
        """Stop listening to the game."""
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None

    # --- Inside ------------------------------------------------------------------

    def _seated(self) -> dict[int, _Seated]:
        if self._bots is None:
            self._bots = {seat: self._make(seat, level) for seat, level in self._levels.items()}
        return self._bots

    def _make(self, seat: int, level: str) -> _Seated:
        """A bot for ``seat``, told what its seat has seen so far (the lock is held)."""
        from .bots import make_bot  # the bots' code, when a first bot is needed

        seed = secrets.randbits(32) if self._seed is None else self._seed * 31 + seat
        bot = Undisturbed(make_bot(level, seed=seed))
        events = self._game.events_for(seat)
        for event in events:
            bot.observe(event)
        return _Seated(bot, len(events))

    def _hear(self, event: Event) -> None:
        with self._lock:
            index = self._heard
            self._heard += 1
            if self._bots is None:
                return
            players = len(self._game.state.players)
            for seat, seated in self._bots.items():
                if index >= seated.told:  # else it was in the log the bot was made from
                    seated.bot.observe(redact(event, seat, players))


@dataclass(frozen=True, slots=True)
class _Seated:
    bot: Bot
    told: int
    """How many events of the log the bot was told when it was made."""


class Undisturbed:
    """A bot that may decide in another thread while its seat's events keep coming
    (a person says "Last card!" as a hard bot searches): the events that come while
    it decides are noted once it has decided, never in the middle of it.

    Its host gives it one moment of the game (see `Moment`); if the game moved on
    meanwhile, the host throws the answer away and asks again.
    """

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.level = bot.level
        self._lock = threading.Lock()
        self._deciding = 0
        self._later: list[Event] = []

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

    def observe(self, event: Event) -> None:
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
