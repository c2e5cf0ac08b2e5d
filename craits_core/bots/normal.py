"""The "normal" level: a heuristic bot that plays as a decent human does.

Every legal move gets a score, the sum of a few *terms*. Each term is one idea a
player has at the table ("keep the 8", "make the player on one card draw"), worth
a named weight from `Weights` times a feature of the move. The move with the
highest score is played; ties go to a fixed, seed-dependent order. The terms also
carry a short piece of advice, so `NormalBot.explain` can say why a move was chosen.

Like a decent human, it forgets to say "last card" now and then (see `FORGET_CHANCE`).

The scale is the scoring table: one unit is one point of a card left in hand, so a
weight of 35 means "worth as much as holding on to a 35-point card".
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..cards import FULL_DECK, Card, Rank, Suit
from ..commands import ChooseSuit, Command, Draw, Play
from ..events import (
    CardPlayed,
    CardsDrawn,
    DrawReason,
    Event,
    GameStarted,
    RoundStarted,
    SuitChosen,
)
from ..rules import CRANK_STEP, RuleSet, matches, resulting_suit
from ..scoring import score_hand
from ..view import PlayerView
from .base import announced, find_announce, find_call, leaves_one_card, require_moves
from .reasons import Reason, only_move_reason


@dataclass(frozen=True, slots=True)
class Weights:
    """What each idea of the normal bot is worth, in points of a card left in hand."""

    shed: float = 1.0
    """Per point the play takes off the hand's score if the round ended now
    (so a 3, which cancels the worst card, is worth *keeping*)."""
    urgency: float = 0.5
    """Extra weight on shedding when an opponent may go out soon: times their threat."""
    keep_eight: float = 75.0
    """Cost of spending an 8: it fits whenever nothing else does. More than its
    50 points, so an 8 goes only when nothing else fits (or a 3 would go instead)."""
    keep_two: float = 35.0
    """Cost of spending a 2 outside the crank: it answers a crank (only while a 2 is
    still unseen, since only a 2 starts one)."""
    keep_ace: float = 8.0
    """Cost of spending an ace outside the crank, for the same reason."""
    keep_three: float = 10.0
    """Cost of spending a 3, on top of the points it stops cancelling."""
    follow: float = 6.0
    """Per card left in hand that will fit on the suit and rank this play leaves."""
    ready: float = 40.0
    """Playing the second-to-last card so that the last one fits on it."""
    play_again: float = 30.0
    """A 6 (or a 4 at a table of two) that can be followed up at once: a free shed."""
    stuck_again: float = 30.0
    """A 6 (or a 4 at a table of two) with nothing to follow: the seat draws one."""
    handoff: float = 60.0
    """Cost of handing the turn to a player, times their threat (see `THREAT`)."""
    opponent_draw: float = 8.0
    """Per card an opponent is made to draw (points for them, turns lost to them)."""
    break_last: float = 30.0
    """Making an opponent on one card draw: they need two more turns to go out."""
    void: float = 10.0
    """Leaving a suit the next player was seen unable to follow."""
    crank_raise: float = 6.0
    """Per step a crank answer adds to the count passed on."""
    go_out: float = 1000.0
    """Playing the last card."""
    draw: float = 60.0
    """Cost of drawing when a play was possible (only under the voluntary-draw rule)."""


THREAT: Mapping[int, float] = {0: 0.0, 1: 1.0, 2: 0.4, 3: 0.2}
"""How likely a player with this many cards is to go out soon (0.1 for more)."""
FAR_THREAT = 0.1


def threat(cards: int) -> float:
    """How much of a danger a player holding ``cards`` cards is."""
    return THREAT.get(cards, FAR_THREAT)


@dataclass(frozen=True, slots=True)
class Term:
    """One idea's contribution to a move's score, with the advice it stands for."""

    name: str
    value: float
    advice: Reason


@dataclass(frozen=True, slots=True)
class Scored:
    """A candidate move with its terms and total."""

    move: Command
    terms: tuple[Term, ...]

    @property
    def total(self) -> float:
        return sum(t.value for t in self.terms)

    def value(self, name: str) -> float:
        return sum(t.value for t in self.terms if t.name == name)

    def advice(self, name: str) -> Reason | None:
        return next((t.advice for t in self.terms if t.name == name), None)


@dataclass(frozen=True, slots=True)
class Table:
    """What the bot reads off its view once per decision."""

    view: PlayerView
    seat: int
    hand: tuple[Card, ...]
    hand_score: int
    sizes: tuple[int, ...]
    answer_chance: float
    """Chance that one unseen card is an ace or a 2."""
    twos_unseen: int
    urgency: float
    voids: Mapping[int, frozenset[Suit]]

    @property
    def rules(self) -> RuleSet:
        return self.view.rules

    def name(self, seat: int) -> str:
        return self.view.players[seat]


def read_table(view: PlayerView, voids: Mapping[int, frozenset[Suit]]) -> Table:
    """The facts every candidate move is scored against."""
    seat = view.seat
    if seat is None:
        raise ValueError("a bot needs a seat's view, not a spectator's")
    hand = view.hand
    seen = set(hand) | set(view.discard)
    unseen = [c for c in FULL_DECK if c not in seen]
    answers = sum(1 for c in unseen if c.rank is Rank.ACE or c.rank is Rank.TWO)
    opponents = [size for s, size in enumerate(view.hand_sizes) if s != seat and size]
    return Table(
        view=view,
        seat=seat,
        hand=hand,
        hand_score=score_hand(hand),
        sizes=view.hand_sizes,
        answer_chance=answers / len(unseen) if unseen else 0.0,
        twos_unseen=sum(1 for c in unseen if c.rank is Rank.TWO),
        urgency=max((threat(size) for size in opponents), default=0.0),
        voids=voids,
    )


# --- Seats ------------------------------------------------------------------------------


def next_seat(sizes: Sequence[int], seat: int, direction: int) -> int:
    """The next seat in ``direction`` that holds cards (``seat`` itself if none does)."""
    n = len(sizes)
    nxt = (seat + direction) % n
    while not sizes[nxt] and nxt != seat:
        nxt = (nxt + direction) % n
    return nxt


def next_actor(table: Table, sizes: Sequence[int], seat: int, direction: int) -> int:
    """Who plays after ``seat``: seats with a lost turn are passed over."""
    lost = table.view.lost_turns
    nxt = next_seat(sizes, seat, direction)
    for _ in range(len(sizes)):
        if nxt == table.seat or not lost[nxt]:
            break
        nxt = next_seat(sizes, nxt, direction)
    return nxt


# --- Terms --------------------------------------------------------------------------------


def _is_wild(card: Card, rules: RuleSet) -> bool:
    return card.rank is Rank.EIGHT or (card.rank is Rank.NINE and rules.wild_nine)


def _without(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    index = hand.index(card)
    return hand[:index] + hand[index + 1 :]


def shed_terms(table: Table, card: Card, rest: tuple[Card, ...], w: Weights) -> list[Term]:
    """What the play takes off the hand's score, and what the card was worth keeping."""
    saved = table.hand_score - score_hand(rest)
    gain = w.shed * (1 + w.urgency * table.urgency) * saved
    rank = card.rank
    if rank is Rank.THREE:
        return [Term("keep_three", gain - w.keep_three, Reason("keep-three", {"card": card}))]
    terms = [Term("shed", gain, Reason("shed", {"card": card, "points": saved}))]
    if rank is Rank.EIGHT:
        terms.append(Term("keep_eight", -w.keep_eight, Reason("keep-eight", {"card": card})))
    elif table.twos_unseen and not table.view.crank and rank is Rank.TWO:
        terms.append(Term("keep_two", -w.keep_two, Reason("keep-for-crank", {"card": card})))
    elif table.twos_unseen and not table.view.crank and rank is Rank.ACE:
        terms.append(Term("keep_ace", -w.keep_ace, Reason("keep-for-crank", {"card": card})))
    return terms


def follow_count(rest: Sequence[Card], top: Card, suit: Suit, rules: RuleSet) -> int:
    """Cards of ``rest`` that fit on ``top`` and ``suit``, wild cards aside (they always fit)."""
    return sum(1 for c in rest if not _is_wild(c, rules) and matches(c, top, suit, rules))


def follow_term(
    rest: Sequence[Card], top: Card, suit: Suit, rules: RuleSet, w: Weights, naming: bool
) -> Term:
    """The cards the seat can follow with if the suit and rank are left as they are.
    ``naming``: the suit was named (an 8, a 9 or a starter), which the advice says."""
    n = follow_count(rest, top, suit, rules)
    advice = Reason("name-suit", {"suit": suit, "n": n}) if naming else Reason("follow", {"n": n})
    return Term("follow", w.follow * n, advice)


@dataclass(frozen=True, slots=True)
class Effect:
    """What a play does to the other seats: who draws, who acts next, the crank."""

    draws: Mapping[int, int]
    actor: int
    crank_on: int | None = None


def effect_of(table: Table, card: Card) -> Effect:
    """The draws and the next actor after ``card`` is played outside the crank."""
    view = table.view
    me = table.seat
    sizes = list(table.sizes)
    sizes[me] -= 1
    direction = view.direction
    rank = card.rank
    first = next_seat(sizes, me, direction)
    if rank is Rank.TWO:
        target = next_actor(table, sizes, me, direction)
        return Effect({}, target, crank_on=target)
    draws: dict[int, int] = {}
    if rank is Rank.SEVEN:
        draws[first] = 1
    elif rank is Rank.FIVE:
        draws = {s: 1 for s in range(len(sizes)) if s != me}
    if rank is Rank.SIX:
        return Effect(draws, me)
    if rank is Rank.TEN:
        direction = -direction
    skips = rank is Rank.FOUR or (rank is Rank.SEVEN and view.rules.seven_skips)
    start = first if skips else me
    return Effect(draws, next_actor(table, sizes, start, direction))


def opponent_terms(table: Table, card: Card, suit: Suit, w: Weights) -> list[Term]:
    """Punishing opponents (draws, a broken last card) and the risk of handing them the turn."""
    effect = effect_of(table, card)
    terms: list[Term] = []
    sizes = table.sizes
    if effect.crank_on is not None:
        target = effect.crank_on
        size = sizes[target]
        answer = 1 - (1 - table.answer_chance) ** size
        name = table.name(target)
        drawn = CRANK_STEP[Rank.TWO] * (1 - answer)
        terms.append(
            Term("opponent_draw", w.opponent_draw * drawn, Reason("start-crank", {"name": name}))
        )
        if size == 1:
            terms.append(
                Term(
                    "break_last",
                    w.break_last * (1 - answer),
                    Reason("crank-last-card", {"name": name}),
                )
            )
        terms.append(
            Term(
                "handoff",
                -w.handoff * threat(size) * answer,
                Reason("no-handoff", {"name": name, "n": size}),
            )
        )
        return terms
    for seat, count in effect.draws.items():
        if seat == table.seat or not sizes[seat]:
            continue
        name = table.name(seat)
        terms.append(
            Term("opponent_draw", w.opponent_draw * count, Reason("make-draw", {"name": name}))
        )
        if sizes[seat] == 1:
            terms.append(
                Term("break_last", w.break_last, Reason("make-last-card-draw", {"name": name}))
            )
    actor = effect.actor
    if actor != table.seat:
        size = sizes[actor] + effect.draws.get(actor, 0)
        danger = threat(size)
        name = table.name(actor)
        if suit in table.voids.get(actor, ()):
            danger /= 2
            terms.append(Term("void", w.void, Reason("not-followed", {"name": name, "suit": suit})))
        terms.append(
            Term(
                "handoff",
                -w.handoff * danger,
                Reason("no-handoff", {"name": name, "n": size}),
            )
        )
    return terms


def play_terms(table: Table, move: Play, w: Weights) -> list[Term]:
    """The score of a play outside the crank."""
    card = move.card
    rest = _without(table.hand, card)
    if not rest:
        return [Term("go_out", w.go_out, Reason("go-out"))]
    rules = table.rules
    suit = resulting_suit(card, move.suit)
    terms = shed_terms(table, card, rest, w)
    terms.append(follow_term(rest, card, suit, rules, w, naming=move.suit is not None))
    again = card.rank is Rank.SIX or (
        card.rank is Rank.FOUR and sum(1 for s in table.sizes if s) == 2
    )
    if again:
        if any(matches(c, card, suit, rules) for c in rest):
            terms.append(Term("play_again", w.play_again, Reason("play-again", {"card": card})))
        else:
            terms.append(Term("stuck_again", -w.stuck_again, Reason("stuck-again", {"card": card})))
    elif len(rest) == 1 and matches(rest[0], card, suit, rules):
        terms.append(Term("ready", w.ready, Reason("last-card-fits", {"card": rest[0]})))
    terms.extend(opponent_terms(table, card, suit, w))
    return terms


def crank_terms(table: Table, move: Play, w: Weights) -> list[Term]:
    """The score of an ace or a 2 played on a running crank.

    Holding both, the bot raises with the 2. The crank moves on to the next player,
    so the bigger count lands on them; the 2 is 20 points in hand against the ace's
    1; and the ace kept answers the crank just as well should it come round again.
    All the 2 would add later is starting a crank, which is worth less than a sure
    extra card for the next player now. Both terms below lean the same way.
    """
    card = move.card
    rest = _without(table.hand, card)
    if not rest:
        return [Term("go_out", w.go_out, Reason("go-out"))]
    terms = shed_terms(table, card, rest, w)
    step = CRANK_STEP[card.rank]
    count = table.view.crank + step
    sizes = list(table.sizes)
    sizes[table.seat] -= 1
    target = next_actor(table, sizes, table.seat, table.view.direction)
    terms.append(
        Term(
            "crank_raise",
            w.crank_raise * step,
            Reason("raise-crank", {"count": count, "name": table.name(target)}),
        )
    )
    return terms


def suit_terms(table: Table, move: ChooseSuit, w: Weights) -> list[Term]:
    """The score of naming a starter 8's or 9's suit: the suit held most, as for an 8."""
    top = table.view.top_card
    assert top is not None
    terms = [follow_term(table.hand, top, move.suit, table.rules, w, naming=True)]
    sizes = table.sizes
    first = next_actor(table, sizes, table.seat, table.view.direction)
    if move.suit in table.voids.get(first, ()):
        terms.append(
            Term("void", w.void, f"{table.name(first)} could not follow {move.suit} before")
        )
    # Points held in the suit break ties between suits held equally: shed the heavier.
    points = sum(score_hand([c]) for c in table.hand if c.suit is move.suit)
    terms.append(Term("follow", points / 1000, f"name {move.suit}, where your points are"))
    return terms


def score_move(table: Table, move: Command, w: Weights) -> Scored:
    """All the terms of one legal move."""
    if isinstance(move, Play):
        terms = crank_terms(table, move, w) if table.view.crank else play_terms(table, move, w)
    elif isinstance(move, ChooseSuit):
        terms = suit_terms(table, move, w)
    elif isinstance(move, Draw):
        terms = [Term("draw", -w.draw, Reason("draw"))]
    else:  # Announce and CallIdiot are taken before any scoring.
        terms = []
    return Scored(move, tuple(terms))


def reason_for(best: Scored, runner_up: Scored | None, view: PlayerView) -> Reason:
    """Why ``best`` beat ``runner_up``: the term that made the most difference."""
    if runner_up is None:
        return only_move_reason(best.move, view)
    names = {t.name for t in best.terms} | {t.name for t in runner_up.terms}
    name = max(sorted(names), key=lambda n: best.value(n) - runner_up.value(n))
    mine = best.advice(name)
    if mine is not None and best.value(name) > 0:
        return mine
    return runner_up.advice(name) or mine or Reason("best-move")


# --- Memory -------------------------------------------------------------------------------


class Memory:
    """What the seat has seen: the suits each opponent could not follow.

    A player who draws on their turn held nothing that fitted the active suit; a
    human remembers that until the player shows that suit again.
    """

    def __init__(self) -> None:
        self._voids: dict[int, set[Suit]] = {}
        self._suit: Suit | None = None
        self._voluntary_draw = False

    def voids(self) -> dict[int, frozenset[Suit]]:
        """Per seat, the suits they were seen unable to follow this round."""
        return {seat: frozenset(suits) for seat, suits in self._voids.items() if suits}

    def note(self, event: Event) -> None:
        """Fold one event of the seat's stream into the memory."""
        match event:
            case GameStarted(rules=rules):
                self._voluntary_draw = rules.voluntary_draw
            case RoundStarted(starter=starter):
                self._voids = {}
                self._suit = starter.suit if starter is not None else None
            case SuitChosen(suit=suit):
                self._suit = suit
            case CardPlayed(player=seat, card=card, suit=suit):
                self._voids.get(seat, set()).discard(card.suit)
                self._suit = suit
            case CardsDrawn(player=seat, reason=DrawReason.TURN):
                self._drawn(seat)

    def _drawn(self, seat: int) -> None:
        # Under the voluntary-draw rule a draw says nothing about the hand.
        if not self._voluntary_draw and self._suit is not None:
            self._voids.setdefault(seat, set()).add(self._suit)


# --- The bot --------------------------------------------------------------------------------

FORGET_CHANCE = 1 / 15
"""How often a play down to one card goes unannounced: the bot says nothing with the
play, nor later while it still could, so calling "idiot" is part of every game."""


class NormalBot:
    """A solid heuristic player: see the module docstring and `Weights`.

    ``forget_chance``: how often it forgets its last card (`FORGET_CHANCE`; 0 for a
    bot that never does, such as the one the hard level asks for advice).
    """

    level: str = "normal"

    def __init__(
        self,
        seed: int | str | None = None,
        weights: Weights | None = None,
        forget_chance: float = FORGET_CHANCE,
    ) -> None:
        if not 0.0 <= forget_chance <= 1.0:
            raise ValueError(f"forget_chance must be between 0 and 1, not {forget_chance!r}")
        self.weights = weights if weights is not None else Weights()
        self.forget_chance = forget_chance
        self._salt = f"{seed}"
        self._memory = Memory()

    def choose(self, view: PlayerView, legal: Sequence[Command]) -> Command:
        """The best move for the seat to act (see `explain`)."""
        return self.explain(view, legal)[0]

    def explain(self, view: PlayerView, legal: Sequence[Command]) -> tuple[Command, Reason]:
        """The move `choose` makes, with a short reason a player can read."""
        require_moves(legal)
        call = find_call(legal)
        if call is not None:
            # Calling closes the window, and our own move would close it too: now or never.
            return call, only_move_reason(call, view)
        own = find_announce(legal)
        if own is not None:
            if not self._forgot_last_card(view):
                return own, only_move_reason(own, view)
            legal = [m for m in legal if m != own]
            require_moves(legal)  # off turn, a forgotten announcement leaves nothing
        ranked = self.rank(view, legal)
        best = ranked[0]
        reason = reason_for(best, ranked[1] if len(ranked) > 1 else None, view)
        move = best.move
        if (
            isinstance(move, Play)
            and leaves_one_card(view, move)
            and not self._forgets_with(view, move)
        ):
            move = announced(move)
        return move, reason

    def rank(self, view: PlayerView, legal: Sequence[Command]) -> list[Scored]:
        """The legal moves scored, best first (ties in a fixed order set by the seed)."""
        table = read_table(view, self._memory.voids())
        scored = [score_move(table, move, self.weights) for move in legal]
        scored.sort(key=lambda s: (-s.total, self._tiebreak(s.move)))
        return scored

    def react(self, view: PlayerView, legal: Sequence[Command]) -> Command | None:
        """Announce the last card (unless it forgot it); always call "idiot" when
        it is right."""
        own = find_announce(legal)
        if own is not None and not self._forgot_last_card(view):
            return own
        return find_call(legal)

    def forgets_last_card(self, round_number: int, played: Card, left: Card) -> bool:
        """Whether the bot forgets "last card" when playing ``played`` leaves it
        holding ``left`` alone in round ``round_number``.

        Drawn from the seed and that moment only, so the play and every later chance
        to say it agree (until the next play, ``played`` stays on top of the pile),
        and a host that asks again gets the same answer.
        """
        if not self.forget_chance:
            return False
        rng = random.Random(f"{self._salt}:last-card:{round_number}:{played}:{left}")
        return rng.random() < self.forget_chance

    def observe(self, event: Event) -> None:
        """Remember who could not follow which suit."""
        self._memory.note(event)

    def _tiebreak(self, move: Command) -> int:
        return zlib.crc32(f"{self._salt}:{move!r}".encode())

    def _forgets_with(self, view: PlayerView, play: Play) -> bool:
        """Whether ``play``, down to one card, goes unannounced."""
        left = next(c for c in view.hand if c != play.card)
        return self.forgets_last_card(view.round_number, play.card, left)

    def _forgot_last_card(self, view: PlayerView) -> bool:
        """Whether the bot forgot the last card its open window is about."""
        if not view.hand or not view.discard:
            return False
        return self.forgets_last_card(view.round_number, view.discard[-1], view.hand[0])
