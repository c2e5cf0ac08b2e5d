"""The normal level's scoring: what each legal move is worth to a decent human.

A move's score is the sum of a few *terms*. Each term is one idea a player has at
the table ("keep the 8", "make the player on one card draw"), worth a named weight
from `Weights` times a feature of the move, and carries a short piece of advice, so
that the move chosen can be explained (`reason_for`).

The scale is the scoring table: one unit is one point of a card left in hand, so a
weight of 35 means "worth as much as holding on to a 35-point card".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import Card, Rank, Suit
from ..commands import ChooseSuit, Command, Draw, Play
from ..rules import CRANK_STEP, RuleSet, matches, resulting_suit
from ..scoring import score_hand
from ..view import PlayerView
from .reading import TableReading, effect_of, next_actor, threat
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
    """Cost of handing the turn to a player, times their threat (see `reading.threat`)."""
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


# --- Terms --------------------------------------------------------------------------------


def _is_wild(card: Card, rules: RuleSet) -> bool:
    return card.rank is Rank.EIGHT or (card.rank is Rank.NINE and rules.wild_nine)


def _without(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    index = hand.index(card)
    return hand[:index] + hand[index + 1 :]


def shed_terms(reading: TableReading, card: Card, rest: tuple[Card, ...], w: Weights) -> list[Term]:
    """What the play takes off the hand's score, and what the card was worth keeping."""
    saved = reading.hand_score - score_hand(rest)
    gain = w.shed * (1 + w.urgency * reading.urgency) * saved
    rank = card.rank
    if rank is Rank.THREE:
        return [Term("keep_three", gain - w.keep_three, Reason("keep-three", {"card": card}))]
    terms = [Term("shed", gain, Reason("shed", {"card": card, "points": saved}))]
    if rank is Rank.EIGHT:
        terms.append(Term("keep_eight", -w.keep_eight, Reason("keep-eight", {"card": card})))
    elif reading.twos_unseen and not reading.view.crank and rank is Rank.TWO:
        terms.append(Term("keep_two", -w.keep_two, Reason("keep-for-crank", {"card": card})))
    elif reading.twos_unseen and not reading.view.crank and rank is Rank.ACE:
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


def opponent_terms(reading: TableReading, card: Card, suit: Suit, w: Weights) -> list[Term]:
    """Punishing opponents (draws, a broken last card) and the risk of handing them the turn."""
    effect = effect_of(reading, card)
    terms: list[Term] = []
    sizes = reading.sizes
    if effect.crank_on is not None:
        target = effect.crank_on
        size = sizes[target]
        answer = 1 - (1 - reading.answer_chance) ** size
        name = reading.name(target)
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
        if seat == reading.seat or not sizes[seat]:
            continue
        name = reading.name(seat)
        terms.append(
            Term("opponent_draw", w.opponent_draw * count, Reason("make-draw", {"name": name}))
        )
        if sizes[seat] == 1:
            terms.append(
                Term("break_last", w.break_last, Reason("make-last-card-draw", {"name": name}))
            )
    actor = effect.actor
    if actor != reading.seat:
        size = sizes[actor] + effect.draws.get(actor, 0)
        danger = threat(size)
        name = reading.name(actor)
        if suit in reading.voids.get(actor, ()):
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


def play_terms(reading: TableReading, move: Play, w: Weights) -> list[Term]:
    """The score of a play outside the crank."""
    card = move.card
    rest = _without(reading.hand, card)
    if not rest:
        return [Term("go_out", w.go_out, Reason("go-out"))]
    rules = reading.rules
    suit = resulting_suit(card, move.suit)
    terms = shed_terms(reading, card, rest, w)
    terms.append(follow_term(rest, card, suit, rules, w, naming=move.suit is not None))
    again = card.rank is Rank.SIX or (
        card.rank is Rank.FOUR and sum(1 for s in reading.sizes if s) == 2
    )
    if again:
        if any(matches(c, card, suit, rules) for c in rest):
            terms.append(Term("play_again", w.play_again, Reason("play-again", {"card": card})))
        else:
            terms.append(Term("stuck_again", -w.stuck_again, Reason("stuck-again", {"card": card})))
    elif len(rest) == 1 and matches(rest[0], card, suit, rules):
        terms.append(Term("ready", w.ready, Reason("last-card-fits", {"card": rest[0]})))
    terms.extend(opponent_terms(reading, card, suit, w))
    return terms


def crank_terms(reading: TableReading, move: Play, w: Weights) -> list[Term]:
    """The score of an ace or a 2 played on a running crank.

    Holding both, the bot raises with the 2. The crank moves on to the next player,
    so the bigger count lands on them; the 2 is 20 points in hand against the ace's
    1; and the ace kept answers the crank just as well should it come round again.
    All the 2 would add later is starting a crank, which is worth less than a sure
    extra card for the next player now. Both terms below lean the same way.
    """
    card = move.card
    rest = _without(reading.hand, card)
    if not rest:
        return [Term("go_out", w.go_out, Reason("go-out"))]
    terms = shed_terms(reading, card, rest, w)
    step = CRANK_STEP[card.rank]
    count = reading.view.crank + step
    sizes = list(reading.sizes)
    sizes[reading.seat] -= 1
    target = next_actor(reading, sizes, reading.seat, reading.view.direction)
    terms.append(
        Term(
            "crank_raise",
            w.crank_raise * step,
            Reason("raise-crank", {"count": count, "name": reading.name(target)}),
        )
    )
    return terms


def suit_terms(reading: TableReading, move: ChooseSuit, w: Weights) -> list[Term]:
    """The score of naming a starter 8's or 9's suit: the suit held most, as for an 8."""
    top = reading.view.top_card
    assert top is not None
    terms = [follow_term(reading.hand, top, move.suit, reading.rules, w, naming=True)]
    sizes = reading.sizes
    first = next_actor(reading, sizes, reading.seat, reading.view.direction)
    if move.suit in reading.voids.get(first, ()):
        terms.append(
            Term(
                "void",
                w.void,
                Reason("not-followed", {"name": reading.name(first), "suit": move.suit}),
            )
        )
    # Points held in the suit break ties between suits held equally: shed the heavier.
    points = sum(score_hand([c]) for c in reading.hand if c.suit is move.suit)
    terms.append(Term("follow", points / 1000, Reason("name-suit", {"suit": move.suit, "n": 0})))
    return terms


def score_move(reading: TableReading, move: Command, w: Weights) -> Scored:
    """All the terms of one legal move."""
    if isinstance(move, Play):
        terms = (
            crank_terms(reading, move, w) if reading.view.crank else play_terms(reading, move, w)
        )
    elif isinstance(move, ChooseSuit):
        terms = suit_terms(reading, move, w)
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
