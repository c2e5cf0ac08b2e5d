"""One table, hosted as the app does it: bots observe, react and choose, timed."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, replace

from craits_core import Announce, CallIdiot, Card, Command, Game, Play, redact
from craits_core.bots import Bot
from craits_core.bots.expert import ExpertBot
from craits_core.events import Event, GameEnded, RoundEnded, RoundStarted

from .config import SCHEDULE, B, Config, Deal
from .players import make_player

MAX_COMMANDS = 20_000
"""A round that takes more commands than this is a bug, not a long round."""


@dataclass(slots=True)
class RoundResult:
    """One table of one deal: who sat where, the scores, who went out."""

    lone_role: int | None
    """The role of the bot alone among the other role's (None at the baseline)."""
    lone_seat: int | None
    roles: tuple[int, ...]
    scores: tuple[int, ...]
    """The round's scores; of a whole game, its totals."""
    went_out: tuple[int, ...]
    """The seats that went out; of a whole game, its winners."""
    choose_ms: tuple[list[float], list[float]]
    """Wall time of every `choose` call, per role."""
    chosen_ms: tuple[list[float], list[float]]
    """The same, of the calls with more than one move to choose from."""
    capped: int
    """Expert decisions that stopped at the time limit."""
    dealt: tuple[Card, ...]
    """The first round's deck, as the game dealt it."""


def is_legal(command: Command, legal: Sequence[Command]) -> bool:
    """One of ``legal``, or a legal play with the last-card announcement riding along."""
    if command in legal:
        return True
    return isinstance(command, Play) and replace(command, announce=False) in legal


class Table:
    """Hosts a round (or a whole game): bots observe, react and choose; stops at the
    event of class ``until``."""

    def __init__(
        self,
        game: Game,
        bots: Sequence[Bot],
        roles: Sequence[int],
        until: type[RoundEnded | GameEnded] = RoundEnded,
    ) -> None:
        self.game = game
        self.bots = list(bots)
        self.roles = tuple(roles)
        self.players = len(bots)
        self.until = until
        self.ended: Event | None = None
        self.choose_ms: tuple[list[float], list[float]] = ([], [])
        self.chosen_ms: tuple[list[float], list[float]] = ([], [])
        self.capped = 0
        for seat, bot in enumerate(self.bots):
            for event in game.events_for(seat):
                bot.observe(event)

    def play(self, command: Command) -> None:
        """Play ``command`` and hand its events to every bot, up to the end."""
        for event in self.game.handle(command):
            for seat, bot in enumerate(self.bots):
                bot.observe(redact(event, seat, self.players))
            if isinstance(event, self.until):
                self.ended = event
                return

    def offer_reactions(self, actor: int) -> None:
        """Ask each off-turn seat with legal moves for a reply to the same position,
        in turn order from ``actor``; play each reply that is still legal."""
        current = self.game.state.current_player
        replies = []
        for step in range(1, self.players + 1):
            seat = (actor + step) % self.players
            legal = self.game.legal_moves(seat) if seat != current else []
            if legal:
                replies.append((seat, self.bots[seat].react(self.game.view(seat), legal)))
        for seat, reply in replies:
            if reply is None or self.ended is not None:
                continue
            if is_legal(reply, self.game.legal_moves(seat)):
                self.play(reply)
                self.offer_reactions(seat)

    def take_turn(self) -> int:
        """The seat to act chooses, and its move is played; returns that seat."""
        seat = self.game.state.current_player
        if seat is None:
            raise RuntimeError("nobody is to act, yet the round has not ended")
        legal = self.game.legal_moves(seat)
        start = time.perf_counter_ns()
        bot = self.bots[seat]
        move = bot.choose(self.game.view(seat), legal)
        ms = (time.perf_counter_ns() - start) / 1e6
        self.choose_ms[self.roles[seat]].append(ms)
        if sum(not isinstance(m, Announce | CallIdiot) for m in legal) > 1:
            self.chosen_ms[self.roles[seat]].append(ms)
        if isinstance(bot, ExpertBot) and bot.last_search:
            self.capped += bot.last_capped
        if not is_legal(move, legal):
            level = self.bots[seat].level
            raise RuntimeError(f"the {level} bot in seat {seat} chose an illegal move: {move}")
        self.play(move)
        return seat

    def run(self) -> RoundEnded | GameEnded:
        """Play to the end; returns the ending event."""
        actor = self.game.state.dealer
        limit = MAX_COMMANDS * (SCHEDULE if self.until is GameEnded else 1)
        for _ in range(limit):
            self.offer_reactions(actor)
            if isinstance(self.ended, self.until):
                return self.ended
            actor = self.take_turn()
            if isinstance(self.ended, self.until):
                return self.ended
        raise RuntimeError(f"the table did not end after {limit} commands")


def play_table(
    config: Config,
    deal: Deal,
    lone_role: int | None,
    lone_seat: int | None,
    whole_game: bool = False,
) -> RoundResult:
    """Play ``deal`` with the lone bot of ``lone_role`` in ``lone_seat`` and the other
    role's bots in the other seats; with no lone bot, B's in every seat. One round,
    or with ``whole_game`` the game to its end."""
    roles = tuple(
        B if lone_role is None else lone_role if s == lone_seat else 1 - lone_role
        for s in range(config.players)
    )
    game = Game.new(
        [f"P{s}" for s in range(config.players)],
        seed=deal.game_seed,
        deck=deal.deck,
        dealer=deal.dealer,
        first_round=deal.first_round,
    )
    dealt = next(e.deck for e in game.events if isinstance(e, RoundStarted) and e.deck)
    bots = [
        make_player(config, config.levels[role], (deal.game_seed + seat) % 2**63, game)
        for seat, role in enumerate(roles)
    ]
    table = Table(game, bots, roles, GameEnded if whole_game else RoundEnded)
    ended = table.run()
    if isinstance(ended, GameEnded):
        scores, went_out = ended.totals, ended.winners
    else:
        scores, went_out = ended.scores, ended.went_out
    return RoundResult(
        lone_role,
        lone_seat,
        roles,
        scores,
        went_out,
        table.choose_ms,
        table.chosen_ms,
        table.capped,
        dealt,
    )
