"""Bot tournament: how much better one bot level plays than another, with error bars.

    python bench/bots.py normal random --rounds 400
    python bench/bots.py hard normal --rounds 400 --no-mirror
    python bench/bots.py hard normal --rounds 400 --iterations 2000
    python bench/bots.py expert normal --rounds 800 --no-mirror
    python bench/bots.py expert hard --rounds 200 --no-mirror --iterations 300
    python bench/bots.py expert normal --rounds 60 --no-mirror --load 4

Each of the N *deals* is a single round (the game starts at a round of the
schedule with `first_round` and stops at the first round-ended event); the hand size
cycles through the schedule's 8, 7, ..., 1, ..., 8 so that every size is covered
(or stays fixed with --hand-size). Every deal is played with the same deck, dealer
and game seed at several tables, one for each *seating*: level A alone against
players - 1 bots of level B, with the lone bot in each seat in turn, and the mirror,
B alone against A's (left out with --no-mirror). So every level sits in every seat,
with every hand, as often as the other. The deal is also played once by B's alone:
the *baseline*.

Playing the same cards at every table is a paired design: the luck of the deal (the
hand size, who holds the 8s) is the same on both sides of a comparison and cancels
out of it, so the intervals are narrower for the same number of deals. Two
differences are reported:
- *A in B's place*: the lone A's round score less the score of the B in the same
  seat of the baseline. The two tables differ only in that seat's player, and they
  play the same until that player's first different move; what the difference
  measures is what changes when one B at a table of B's is replaced by an A. It is
  the tightest comparison per bot decision, and the one the targets use.
- *lone against lone* (with the mirror): the lone A's score less the lone B's in the
  same seat of the mirror game, where B faces A's.
How much pairing helps depends on how much of the score the cards decide: between
two close levels a lot, against random play hardly at all (its play decides its
score). The report prints the unpaired interval next to the paired one.

The deal is the statistical unit: its tables share the cards, so they are not
independent; the deals are. Every figure is first averaged within a deal, and the
95% confidence intervals (Student t) are taken over the deals. A bot's seed depends
on the deal and its seat only, so the B's of the baseline and of the seatings play
alike until the games part.

Bots are hosted as the table does it: each seat's bot, fresh for every round and
seeded from --seed, sees every event redacted for its seat (`observe`); after every
command, each off-turn seat with legal moves is offered `react` (all asked about the
same position, in seat order after the acting seat; a reply is played if it is still
legal when its turn comes), and the seat to act is asked to `choose` (an `Announce`
or `CallIdiot` from `choose` is played and the seat asked again). Decision time is
the wall time of each `choose` call, measured in the worker processes. With the
default --jobs 2 on a two-core machine, each worker has a core to itself.

With --sighted, the hard bots search the other players' true hands (the order of
the stock is still shuffled): not a fair player, but a measure of how much of the
hard bot's play is limited by what its seat cannot know.

*Games won alone*: whole 15-round games, composed from the measured rounds. No bot
reads the standings, so a game is its 15 rounds played on their own: every 15
deals in a row hold one of each hand size of the schedule, and for each seat of the
lone A, its totals over them against the others' totals at the same tables make
one game. It is won alone when its total is the lowest, unshared.

With --simulations 0 the expert plays its value network's choice without a search,
and with --unguided it guesses the hidden cards without its holders network: what
each part gives.

With --load N, N processes keep the machine's cores busy during the run: expert
bots count their budget in deals, so they play the same moves on a loaded machine
as on an idle one unless a decision reaches the time limit (the report counts them).

A run is reproducible from --seed, except for "hard" bots stopping on a time budget
(--iterations gives them a fixed amount of work instead) and expert decisions that
reach their time limit. Prints, per level, the mean round score, the share of
rounds won (went out) and the decision times; the paired difference; and, for
`normal random`, `hard normal`, `expert normal` and `expert hard`, whether the
targets set for the bots are met.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import math
import multiprocessing
import random
import statistics
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from _stats import Estimate, mean_ci, welch_ci

from craits_core import (
    FULL_DECK,
    Announce,
    CallIdiot,
    Card,
    Command,
    Game,
    Play,
    PlayerView,
    RuleSet,
    State,
    redact,
)
from craits_core.bots import Bot, make_bot
from craits_core.bots.expert import ExpertBot
from craits_core.bots.features import Situation
from craits_core.bots.hard import HardBot
from craits_core.bots.knowledge import Knowledge
from craits_core.bots.sampling import Sampler
from craits_core.events import RoundEnded

A, B = 0, 1
"""The two roles: the first level named on the command line and the second."""

MAX_COMMANDS = 20_000
"""A round that takes more commands than this is a bug, not a long round."""


# --- Configuration -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Config:
    levels: tuple[str, str]
    deals: int
    players: int
    seed: int
    hand_size: int | None
    hard_options: dict[str, Any] = field(default_factory=dict)
    mirror: bool = True
    sighted: bool = False
    """Hard bots search the true hands (see `SightedHardBot`)."""
    expert_options: dict[str, Any] = field(default_factory=dict)
    unguided: bool = False
    """Expert bots guess the hidden cards without the holders network."""
    load: int = 0
    """Busy processes running beside the tables."""

    def options(self, level: str) -> dict[str, Any]:
        """Keyword options for `make_bot` at ``level``."""
        if level == "hard":
            return dict(self.hard_options)
        if level == "expert":
            return dict(self.expert_options)
        return {}

    @property
    def seatings(self) -> list[tuple[int, int]]:
        """Each seating as (role of the lone bot, its seat)."""
        lone_roles = (A, B) if self.mirror else (A,)
        return [(lone, seat) for lone in lone_roles for seat in range(self.players)]


@dataclass(frozen=True, slots=True)
class Deal:
    """The cards and seeds one deal is played with, in every seating."""

    index: int
    deck: tuple[Card, ...]
    dealer: int
    first_round: int
    game_seed: int


def make_deal(config: Config, index: int) -> Deal:
    """Deal ``index`` of the run: the same for the same --seed."""
    rng = random.Random(f"craits bench/bots {config.seed} {index}")
    deck = list(FULL_DECK)
    rng.shuffle(deck)
    schedule = RuleSet().schedule
    if config.hand_size is None:
        first_round = index % len(schedule) + 1
    else:
        first_round = schedule.index(config.hand_size) + 1
    return Deal(index, tuple(deck), rng.randrange(config.players), first_round, rng.getrandbits(48))


# --- A hard bot that sees the hands ----------------------------------------------------


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


# --- Playing one round -----------------------------------------------------------------


@dataclass(slots=True)
class RoundResult:
    """One table of one deal: who sat where, the scores, who went out."""

    lone_role: int | None
    """The role of the bot alone among the other role's (None at the baseline)."""
    lone_seat: int | None
    roles: tuple[int, ...]
    scores: tuple[int, ...]
    went_out: tuple[int, ...]
    choose_ms: tuple[list[float], list[float]]
    """Wall time of every `choose` call, per role."""
    chosen_ms: tuple[list[float], list[float]]
    """The same, of the calls with more than one move to choose from."""
    capped: int
    """Expert decisions that stopped at the time limit."""


def is_legal(command: Command, legal: Sequence[Command]) -> bool:
    """One of ``legal``, or a legal play with the last-card announcement riding along."""
    if command in legal:
        return True
    return isinstance(command, Play) and replace(command, announce=False) in legal


class Table:
    """Hosts one round: bots observe, react and choose; stops when the round ends."""

    def __init__(self, game: Game, bots: Sequence[Bot], roles: Sequence[int]) -> None:
        self.game = game
        self.bots = list(bots)
        self.roles = tuple(roles)
        self.players = len(bots)
        self.ended: RoundEnded | None = None
        self.choose_ms: tuple[list[float], list[float]] = ([], [])
        self.chosen_ms: tuple[list[float], list[float]] = ([], [])
        self.capped = 0
        for seat, bot in enumerate(self.bots):
            for event in game.events_for(seat):
                bot.observe(event)

    def play(self, command: Command) -> None:
        """Play ``command`` and hand its events to every bot, up to the round's end."""
        for event in self.game.handle(command):
            for seat, bot in enumerate(self.bots):
                bot.observe(redact(event, seat, self.players))
            if isinstance(event, RoundEnded):
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
            self.capped += bot.last_simulations < bot.simulations
        if not is_legal(move, legal):
            level = self.bots[seat].level
            raise RuntimeError(f"the {level} bot in seat {seat} chose an illegal move: {move}")
        self.play(move)
        return seat

    def run(self) -> RoundEnded:
        """Play the round out; returns its round-ended event."""
        actor = self.game.state.dealer
        for _ in range(MAX_COMMANDS):
            self.offer_reactions(actor)
            if self.ended is not None:
                return self.ended
            actor = self.take_turn()
            if self.ended is not None:
                return self.ended
        raise RuntimeError(f"the round did not end after {MAX_COMMANDS} commands")


def make_player(config: Config, level: str, seed: int, game: Game) -> Bot:
    """A bot of ``level`` for a seat at ``game``."""
    if level == "hard" and config.sighted:
        return SightedHardBot(game, seed=seed, **config.options(level))
    if level == "expert" and config.unguided:
        return UnguidedExpertBot(seed=seed, **config.options(level))
    return make_bot(level, seed=seed, **config.options(level))


def play_table(
    config: Config, deal: Deal, lone_role: int | None, lone_seat: int | None
) -> RoundResult:
    """Play ``deal`` with the lone bot of ``lone_role`` in ``lone_seat`` and the other
    role's bots in the other seats; with no lone bot, B's in every seat."""
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
    bots = [
        make_player(config, config.levels[role], (deal.game_seed + seat) % 2**63, game)
        for seat, role in enumerate(roles)
    ]
    table = Table(game, bots, roles)
    ended = table.run()
    return RoundResult(
        lone_role,
        lone_seat,
        roles,
        ended.scores,
        ended.went_out,
        table.choose_ms,
        table.chosen_ms,
        table.capped,
    )


@dataclass(slots=True)
class DealResult:
    seatings: list[RoundResult]
    baseline: RoundResult
    """The deal played by B's alone."""


def play_deal(config: Config, index: int) -> tuple[int, DealResult]:
    """Every table of deal ``index`` (the work of one task)."""
    deal = make_deal(config, index)
    seatings = [play_table(config, deal, lone, seat) for lone, seat in config.seatings]
    return index, DealResult(seatings, play_table(config, deal, None, None))


def play_all(config: Config, jobs: int) -> Iterator[DealResult]:
    """The tables of every deal, in deal order, played by ``jobs`` processes."""
    task = functools.partial(play_deal, config)
    if jobs <= 1:
        for index in range(config.deals):
            yield task(index)[1]
        return
    chunk = max(1, config.deals // (jobs * 20))
    with multiprocessing.Pool(jobs) as pool:
        done = dict(pool.imap_unordered(task, range(config.deals), chunksize=chunk))
    for index in range(config.deals):
        yield done[index]


# --- Figures ----------------------------------------------------------------------------


@dataclass(slots=True)
class RoleFigures:
    """Per-deal averages of one role, and all of its decision times."""

    score: list[float] = field(default_factory=list)
    """Mean round score of the role's seats, per deal (all seatings)."""
    won: list[float] = field(default_factory=list)
    """Share of the role's seats that went out, per deal."""
    lone_score: list[float] = field(default_factory=list)
    lone_won: list[float] = field(default_factory=list)
    choose_ms: list[float] = field(default_factory=list)
    """Every `choose` time, the baseline's included."""
    chosen_ms: list[float] = field(default_factory=list)
    """The same, of the calls with a choice."""


@dataclass(slots=True)
class Figures:
    roles: tuple[RoleFigures, RoleFigures] = field(
        default_factory=lambda: (RoleFigures(), RoleFigures())
    )
    in_place: list[float] = field(default_factory=list)
    """Per deal, the mean over the seats of the lone A's score less the baseline's."""
    baseline_won: list[float] = field(default_factory=list)
    """Per deal, the share of the baseline's seats that went out."""
    blocked: int = 0
    rounds: int = 0
    capped: int = 0
    lone_tables: list[list[RoundResult]] = field(default_factory=list)
    """Per deal, the tables with a lone A (for the games composed of rounds)."""

    def add_deal(self, deal: DealResult) -> None:
        rounds = deal.seatings
        for role, figures in enumerate(self.roles):
            seats = [(r, s) for r in rounds for s, who in enumerate(r.roles) if who == role]
            if seats:
                figures.score.append(statistics.fmean(r.scores[s] for r, s in seats))
                figures.won.append(statistics.fmean(s in r.went_out for r, s in seats))
            alone = [(r, r.lone_seat) for r in rounds if r.lone_role == role]
            if alone:
                figures.lone_score.append(statistics.fmean(r.scores[s] for r, s in alone))
                figures.lone_won.append(statistics.fmean(s in r.went_out for r, s in alone))
            for r in [*rounds, deal.baseline]:
                figures.choose_ms.extend(r.choose_ms[role])
                figures.chosen_ms.extend(r.chosen_ms[role])
        self.capped += sum(r.capped for r in [*rounds, deal.baseline])
        self.lone_tables.append([r for r in rounds if r.lone_role == A])
        base = deal.baseline
        self.in_place.append(
            statistics.fmean(
                r.scores[r.lone_seat] - base.scores[r.lone_seat] for r in rounds if r.lone_role == A
            )
        )
        self.baseline_won.append(len(base.went_out) / len(base.roles))
        self.blocked += sum(not r.went_out for r in [*rounds, base])
        self.rounds += len(rounds) + 1

    def in_place_difference(self) -> Estimate:
        """Lone A's score less the baseline B's in the same deal and seat."""
        return mean_ci(self.in_place)

    def paired_difference(self) -> Estimate:
        """Lone A's score minus lone B's in the same deal and seat, over the deals."""
        a, b = self.roles[A].lone_score, self.roles[B].lone_score
        return mean_ci([x - y for x, y in zip(a, b, strict=True)])

    def unpaired_difference(self) -> Estimate:
        """The same difference as if the mirror games had been dealt other cards."""
        return welch_ci(self.roles[A].lone_score, self.roles[B].lone_score)

    def games_won_alone(self, schedule: int) -> list[float]:
        """Per composed game (see the module docstring): 1 if the lone A's total over
        its 15 rounds is the lowest, unshared, else 0."""
        games = []
        for first in range(0, len(self.lone_tables) - schedule + 1, schedule):
            block = self.lone_tables[first : first + schedule]
            for k, table in enumerate(block[0]):
                seat = table.lone_seat
                totals = [sum(deal[k].scores[s] for deal in block) for s in range(len(table.roles))]
                mine = totals.pop(seat)
                games.append(1.0 if mine < min(totals) else 0.0)
        return games

    def decision_ms(self, levels: Sequence[str], level: str, chosen: bool = False) -> list[float]:
        """Every `choose` time of ``level``, in whichever role it played (``chosen``:
        only those with a choice)."""
        return [
            ms
            for lv, f in zip(levels, self.roles, strict=True)
            if lv == level
            for ms in (f.chosen_ms if chosen else f.choose_ms)
        ]


def collect(config: Config, jobs: int) -> Figures:
    figures = Figures()
    for deal in play_all(config, jobs):
        figures.add_deal(deal)
    return figures


# --- Targets ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Target:
    met: bool
    text: str


def role_of(levels: Sequence[str], level: str) -> int:
    return list(levels).index(level)


def normal_vs_random(config: Config, figures: Figures) -> list[Target]:
    normal = statistics.fmean(figures.roles[role_of(config.levels, "normal")].score)
    rand = statistics.fmean(figures.roles[role_of(config.levels, "random")].score)
    lower = 1 - normal / rand if rand else math.nan
    return [
        Target(
            lower >= 0.30,
            f"normal's mean round score at least 30% lower than random's: "
            f"{normal:.2f} vs {rand:.2f}, {lower:.0%} lower",
        )
    ]


def hard_vs_normal(config: Config, figures: Figures) -> list[Target]:
    hard = role_of(config.levels, "hard")
    diff = figures.in_place_difference()
    if hard == B:  # A normal in a hard's place, at a table of hards: its loss is hard's gain.
        diff = Estimate(-diff.mean, diff.half_width, diff.n)
    fair = 1 / config.players
    lone_won = figures.roles[hard].lone_won
    won = statistics.fmean(lone_won) if lone_won else math.nan
    won_text = (
        f"{won:.1%} = {won / fair:.2f}x of {fair:.1%}"
        if lone_won
        else "no table had a lone hard (name hard first, or play the mirror)"
    )
    times = figures.decision_ms(config.levels, "hard")
    median, worst = statistics.median(times), max(times)
    return [
        Target(
            diff.high < 0 and config.deals >= 400,
            f"hard scores lower than normal in the same seat, 95% CI excluding zero, over "
            f"at least 400 deals: {diff.mean:+.2f} ({diff.low:+.2f} .. {diff.high:+.2f}) "
            f"over {config.deals}",
        ),
        Target(
            won >= 1.3 * fair,
            f"lone hard goes out at least 1.3x its fair share: {won_text}",
        ),
        Target(
            median <= 300 and worst <= 1000,
            f"hard decides in at most 0.3 s median and 1 s max: "
            f"{median / 1000:.3f} s median, {worst / 1000:.3f} s max",
        ),
    ]


def expert_targets(config: Config, figures: Figures) -> list[Target]:
    """Expert in place of a normal at a table of normals, or of a hard at a table of hards."""
    baseline = config.levels[B]
    diff = figures.in_place_difference()
    times = figures.decision_ms(config.levels, "expert", chosen=True) or [math.nan]
    median, worst = statistics.median(times), max(times)
    found = []
    if baseline == "normal":
        games = figures.games_won_alone(len(RuleSet().schedule))
        won = mean_ci(games) if len(games) > 1 else Estimate(math.nan, math.nan, len(games))
        found += [
            Target(
                diff.mean <= -6 and diff.high < -3.8 and config.deals >= 800,
                f"expert in place of a normal: at most -6 a round, the interval's upper end "
                f"below -3.8, over at least 800 deals: {diff.mean:+.2f} "
                f"({diff.low:+.2f} .. {diff.high:+.2f}) over {config.deals}",
            ),
            Target(
                won.mean >= 0.38,
                f"lone expert wins at least 38% of whole games against three normals: "
                f"{won.mean:.1%} ({won.low:.1%} .. {won.high:.1%}) of {won.n} games",
            ),
        ]
    elif baseline == "hard":
        found.append(
            Target(
                diff.mean <= -2 and diff.high < 0 and config.deals >= 800,
                f"expert in place of a hard: at most -2 a round, the interval excluding zero, "
                f"over at least 800 deals: {diff.mean:+.2f} ({diff.low:+.2f} .. "
                f"{diff.high:+.2f}) over {config.deals}",
            )
        )
    found.append(
        Target(
            median <= 300 and worst <= 1000,
            f"expert decides in at most 0.3 s median and 1 s max, where it has a choice: "
            f"{median / 1000:.3f} s median, {worst / 1000:.3f} s max",
        )
    )
    return found


def normal_speed(config: Config, figures: Figures) -> list[Target]:
    median = statistics.median(figures.decision_ms(config.levels, "normal"))
    return [Target(median < 2, f"normal decides in under 2 ms median: {median:.3f} ms")]


def targets(config: Config, figures: Figures) -> list[Target]:
    """The targets that apply to this pair of levels."""
    pair = set(config.levels)
    found = []
    if pair == {"normal", "random"}:
        found += normal_vs_random(config, figures)
    if pair == {"hard", "normal"}:
        found += hard_vs_normal(config, figures)
    if config.levels[A] == "expert" and config.levels[B] in ("normal", "hard"):
        found += expert_targets(config, figures)
    if "normal" in pair:
        found += normal_speed(config, figures)
    return found


# --- Report ----------------------------------------------------------------------------


def ci(estimate: Estimate, digits: int = 2) -> str:
    return f"{estimate.mean:6.{digits}f} ± {estimate.half_width:.{digits}f}"


def print_difference(diff: Estimate) -> None:
    verdict = "excludes zero" if diff.excludes_zero else "does NOT exclude zero"
    print(
        f"  {diff.mean:+.2f} points per round, 95% CI {diff.low:+.2f} .. {diff.high:+.2f}"
        f" (± {diff.half_width:.2f}): {verdict}"
    )


def print_report(config: Config, figures: Figures, jobs: int, elapsed: float) -> None:
    levels = config.levels
    fair = 1 / config.players
    sizes = "8..1..8" if config.hand_size is None else str(config.hand_size)
    print(
        f"{levels[A]} vs {levels[B]}: {config.players} players, {config.deals} deals x "
        f"({len(config.seatings)} seatings + the baseline) = {figures.rounds} rounds, "
        f"hand sizes {sizes}, seed {config.seed}"
    )
    if config.hard_options or config.sighted:
        options = [f"{k}={v}" for k, v in config.hard_options.items()]
        if config.sighted:
            options.append("sighted (it searches the true hands)")
        print("hard options: " + ", ".join(options))
    if config.expert_options or config.unguided:
        options = [f"{k}={v}" for k, v in config.expert_options.items()]
        if config.unguided:
            options.append("unguided (no holders network)")
        print("expert options: " + ", ".join(options))
    if config.load:
        print(f"with {config.load} busy processes beside the tables")
    print()
    print(
        f"{'':2} {'level':<8} {'score, all seats':>17} {'went out':>9}"
        f" {'score, lone seat':>17} {'went out':>9} {'x fair':>7}"
    )
    for role, f in enumerate(figures.roles):
        if not f.lone_score:
            continue
        lone_won = statistics.fmean(f.lone_won)
        print(
            f"{'AB'[role]:2} {levels[role]:<8} {ci(mean_ci(f.score)):>17}"
            f" {statistics.fmean(f.won):>9.1%} {ci(mean_ci(f.lone_score)):>17}"
            f" {lone_won:>9.1%} {lone_won / fair:>7.2f}"
        )
    print(f"   baseline, {levels[B]} only {'':>17} {statistics.fmean(figures.baseline_won):>9.1%}")
    print(
        "(round score: mean ± 95% CI over the deals; fair share of rounds won: "
        f"{fair:.1%}; blocked rounds: {figures.blocked / figures.rounds:.1%})"
    )
    print()
    print(
        f"{'':2} {'level':<8} {'choose: median':>15} {'max':>10} {'calls':>9}"
        f" {'with a choice: median':>22} {'calls':>9}"
    )
    for role, f in enumerate(figures.roles):
        chosen = statistics.median(f.chosen_ms) if f.chosen_ms else math.nan
        print(
            f"{'AB'[role]:2} {levels[role]:<8} {statistics.median(f.choose_ms):>12.3f} ms"
            f" {max(f.choose_ms):>7.1f} ms {len(f.choose_ms):>9}"
            f" {chosen:>19.3f} ms {len(f.chosen_ms):>9}"
        )
    if "expert" in levels:
        print(f"expert decisions stopped by the time limit: {figures.capped}")
    print()
    print(f"{levels[A]} in the place of a {levels[B]} (the baseline's score in the same seat):")
    print_difference(figures.in_place_difference())
    if config.mirror:
        print(f"lone {levels[A]} against lone {levels[B]} in the same seat of the mirror game:")
        print_difference(figures.paired_difference())
        unpaired = figures.unpaired_difference()
        print(f"  unpaired (Welch) over the same deals: ± {unpaired.half_width:.2f}")
    games = figures.games_won_alone(len(RuleSet().schedule)) if config.hand_size is None else []
    if len(games) > 1:
        share = mean_ci(games)
        print(
            f"lone {levels[A]} won {share.mean:.1%} of {len(games)} whole games alone"
            f" (95% CI {share.low:.1%} .. {share.high:.1%}), composed of the rounds above"
        )
    won = mean_ci(figures.roles[A].lone_won)
    print(
        f"lone {levels[A]} went out in {won.mean:.1%} of its rounds"
        f" (95% CI {won.low:.1%} .. {won.high:.1%}):"
        f" {won.mean / fair:.2f}x its fair share of {fair:.1%}"
        f" ({won.low / fair:.2f}x .. {won.high / fair:.2f}x)"
    )
    found = targets(config, figures)
    if found:
        print()
        print("targets")
        for target in found:
            print(f"  {'met    ' if target.met else 'NOT met'}  {target.text}")
    print()
    print(f"elapsed {elapsed:.1f} s with {jobs} job{'s' if jobs != 1 else ''}")


# --- Command line ------------------------------------------------------------------------


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("level_a", help="the level measured (e.g. normal)")
    parser.add_argument("level_b", help="the level it is measured against (e.g. random)")
    parser.add_argument(
        "--rounds", type=int, default=400, help="deals, each played in every seating"
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    parser.add_argument("--players", type=int, default=4, choices=range(2, 6))
    parser.add_argument("--hand-size", type=int, choices=range(1, 9), help="fixed hand size")
    parser.add_argument("--budget", type=float, help="time budget per decision (s), hard only")
    parser.add_argument("--iterations", type=int, help="iterations per decision, hard only")
    parser.add_argument("--simulations", type=int, help="deals per decision, expert only")
    parser.add_argument("--time-limit", type=float, help="time limit per decision (s), expert only")
    parser.add_argument(
        "--unguided",
        action="store_true",
        help="expert bots guess hidden cards without the holders network (a measure)",
    )
    parser.add_argument(
        "--load", type=int, default=0, help="busy processes to run beside the tables"
    )
    parser.add_argument(
        "--no-mirror",
        dest="mirror",
        action="store_false",
        help="leave out the seatings with B alone against A's",
    )
    parser.add_argument(
        "--sighted",
        action="store_true",
        help="hard bots search the true hands (a measure, not a fair player)",
    )
    args = parser.parse_args(argv)
    if args.rounds < 2:
        parser.error("--rounds must be at least 2 (the intervals need two deals)")
    return args


def make_config(args: argparse.Namespace) -> Config:
    hard_options: dict[str, Any] = {}
    if args.budget is not None:
        hard_options["time_budget"] = args.budget
    if args.iterations is not None:
        hard_options["iterations"] = args.iterations
    expert_options: dict[str, Any] = {}
    if args.simulations is not None:
        expert_options["simulations"] = args.simulations
    if args.time_limit is not None:
        expert_options["time_limit"] = args.time_limit
    levels = (args.level_a, args.level_b)
    return Config(
        levels=levels,
        deals=args.rounds,
        players=args.players,
        seed=args.seed,
        hand_size=args.hand_size,
        hard_options=hard_options if "hard" in levels else {},
        mirror=args.mirror,
        sighted=args.sighted,
        expert_options=expert_options if "expert" in levels else {},
        unguided=args.unguided,
        load=max(0, args.load),
    )


def check_levels(config: Config) -> str | None:
    """Why a bot of either level cannot be made, or None if both can."""
    for level in config.levels:
        try:
            make_bot(level, seed=0, **config.options(level))
        except (ValueError, TypeError) as err:
            return f"cannot make a {level!r} bot: {err}"
    return None


def spin() -> None:
    while True:
        pass


@contextlib.contextmanager
def busy(processes: int) -> Iterator[None]:
    """``processes`` processes that keep a core busy each, while the block runs."""
    spinners = [multiprocessing.Process(target=spin, daemon=True) for _ in range(processes)]
    for p in spinners:
        p.start()
    try:
        yield
    finally:
        for p in spinners:
            p.terminate()
            p.join()


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    config = make_config(args)
    problem = check_levels(config)
    if problem is not None:
        print(problem, file=sys.stderr)
        return 2
    if "hard" in config.levels and "iterations" not in config.hard_options:
        print(
            "note: without --iterations, hard bots may stop on a time budget, "
            "so a run may not repeat exactly",
            file=sys.stderr,
        )
    start = time.perf_counter()
    with busy(config.load):
        figures = collect(config, max(1, args.jobs))
    print_report(config, figures, max(1, args.jobs), time.perf_counter() - start)
    return 0


if __name__ == "__main__":
    sys.exit(main())
