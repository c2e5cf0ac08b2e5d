"""What a lesson of "Learn to play" is made of: a stacked deal for you and one
opponent, and the beats of play in order, your steps and the opponent's scripted
replies; and where a lesson stands, read from its game's events.

The lessons themselves are in `craits_tui.learn.lessons`. Pure data and pure
functions (no Textual). Every text is marked with `N_` and translated where it is
shown, with its ``{fields}`` filled in by the coach: cards and suits in the
player's card faces, ``{them}`` the opponent's name.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from craits_core import (
    FULL_DECK,
    CallIdiot,
    Card,
    Command,
    Draw,
    Game,
    Play,
    Rank,
    RuleSet,
    Suit,
)
from craits_core.events import Event
from craits_core.moves import command_for

from ..i18n import N_

YOU = 0
"""Your seat at a lesson's table."""
THEM = 1
"""The opponent's seat."""

SEED = 0
"""A lesson's game seed: only what comes after the lesson (never reached) uses it."""

Value = Card | Suit | int
"""What fills a text's field: a card or a suit (shown in the player's card faces)
or a number."""


def cards(text: str) -> tuple[Card, ...]:
    """``"JS AD"`` -> those cards."""
    return tuple(Card.parse(code) for code in text.split())


def fields(**values: str | Suit | int) -> tuple[tuple[str, Value], ...]:
    """A text's fields, by name: card codes (``"JS"``) become cards."""
    return tuple(
        (name, Card.parse(value) if isinstance(value, str) else value)
        for name, value in values.items()
    )


# --- The deal -------------------------------------------------------------------------


@dataclass(frozen=True)
class Deal:
    """Who holds what, the starter, and the cards on top of the stock (the next
    drawn first). Both hands have the same size, as every deal does."""

    yours: tuple[Card, ...]
    theirs: tuple[Card, ...]
    starter: Card
    stock: tuple[Card, ...] = ()
    dealer: int = THEM
    """The dealer's left plays first: with the opponent dealing, that is you."""

    def deck(self) -> tuple[Card, ...]:
        """The 52 cards, top first, that `Game.new` deals this deal from: one card
        at a time from the dealer's left, then the starter, then the stock."""
        if len(self.yours) != len(self.theirs):
            raise ValueError("both hands must have the same size")
        hands = {YOU: self.yours, THEM: self.theirs}
        first = (self.dealer + 1) % 2
        order: list[Card] = []
        for i in range(len(self.yours)):
            order += [hands[first][i], hands[1 - first][i]]
        order += [self.starter, *self.stock]
        if len(set(order)) != len(order):
            raise ValueError("a card appears twice in the deal")
        taken = set(order)
        return (*order, *(c for c in FULL_DECK if c not in taken))

    def first_round(self, rules: RuleSet) -> int:
        """The round of the schedule with this deal's hand size (its first such round)."""
        return rules.schedule.index(len(self.yours)) + 1


# --- The beats of play ----------------------------------------------------------------


class Kind(StrEnum):
    """What kind of move a step asks of you."""

    PLAY = "play"
    DRAW = "draw"
    CALL = "call"
    """Call "Idiot!" on the opponent."""


@dataclass(frozen=True)
class Expect:
    """The moves a step takes from you: a play of one of ``cards`` (naming ``suit``
    with an 8, switching to ``suit`` with a 9; None keeps a 9's suit), said with
    "Last card!" if ``announce``; a draw; or an "Idiot!" call on the opponent."""

    kind: Kind
    cards: tuple[Card, ...] = ()
    suit: Suit | None = None
    announce: bool = False

    def accepts(self, command: Command) -> bool:
        """Whether ``command`` is the move this step asks for (a play without the
        "Last card!" it needs is not)."""
        if self.kind is Kind.DRAW:
            return isinstance(command, Draw)
        if self.kind is Kind.CALL:
            return isinstance(command, CallIdiot) and command.target == THEM
        return (
            isinstance(command, Play)
            and self.matches_card(command)
            and (command.announce or not self.announce)
        )

    def matches_card(self, play: Play) -> bool:
        """Whether ``play`` is one of the step's cards, naming the step's suit
        (the "Last card!" aside)."""
        names = play.card.rank in (Rank.EIGHT, Rank.NINE)
        return play.card in self.cards and (not names or play.named_suit == self.suit)

    def intended(self, hand: Sequence[Card]) -> Command:
        """The move itself, as you would make it holding ``hand`` (a play: the
        first of the step's cards in it)."""
        if self.kind is Kind.DRAW:
            return Draw(YOU)
        if self.kind is Kind.CALL:
            return CallIdiot(YOU, THEM)
        card = next((c for c in self.cards if c in hand), self.cards[0])
        return Play(YOU, card, self.suit, announce=self.announce)


def play(codes: str, suit: Suit | None = None, *, announce: bool = False) -> Expect:
    """A step's play: one of ``codes`` (space-separated)."""
    return Expect(Kind.PLAY, cards(codes), suit, announce)


DRAW = Expect(Kind.DRAW)
CALL = Expect(Kind.CALL)

OTHER = N_("That move is allowed, but it is not the one this lesson is about.")
"""Said of a legal move a step does not ask for, when the step says nothing better."""


@dataclass(frozen=True)
class Step:
    """A move you are asked to make: what to do, a hint, what happened once it is
    done, and what to say of other moves the rules would allow."""

    expect: Expect
    instruction: str
    done: str
    hint: str = ""
    """Said for the hint key, before the move itself; empty: the move alone."""
    other: str = OTHER
    """Said of a legal move other than the step's (not made: the lesson waits)."""
    notes: tuple[tuple[Card, str], ...] = ()
    """Said instead of ``other`` when the other move is a play of that card."""
    values: tuple[tuple[str, Value], ...] = ()

    def note_for(self, command: Command) -> str:
        """What to say of ``command``, a legal move this step does not ask for."""
        if isinstance(command, Play):
            for card, text in self.notes:
                if card == command.card:
                    return text
        return self.other


@dataclass(frozen=True)
class Reply:
    """The opponent's scripted move, and what to say once it is made."""

    move: Command
    note: str
    values: tuple[tuple[str, Value], ...] = ()


Beat = Step | Reply


@dataclass(frozen=True)
class Lesson:
    """A short deal that teaches one thing, played beat by beat."""

    id: str
    """Stable: progress is saved under it."""
    title: str
    intro: str
    """Shown as the lesson opens: the rule it teaches."""
    outro: str
    """Shown when the lesson is done: the rule again, in a sentence."""
    deal: Deal
    beats: tuple[Beat, ...]
    rules: RuleSet = field(default_factory=RuleSet)
    values: tuple[tuple[str, Value], ...] = ()
    """Fields every text of the lesson may use."""

    @property
    def steps(self) -> tuple[Step, ...]:
        return tuple(b for b in self.beats if isinstance(b, Step))

    @property
    def replies(self) -> tuple[Reply, ...]:
        return tuple(b for b in self.beats if isinstance(b, Reply))

    def new_game(self, names: Sequence[str]) -> Game:
        """The lesson's game, dealt and ready for its first beat. ``names``: yours,
        then the opponent's."""
        return Game.new(
            list(names),
            seed=SEED,
            rules=self.rules,
            deck=self.deal.deck(),
            dealer=self.deal.dealer,
            first_round=self.deal.first_round(self.rules),
        )

    def play_to(self, beats: int, names: Sequence[str]) -> Game:
        """The lesson's game with its first ``beats`` beats played as intended (a
        lesson left part way, taken up again)."""
        game = self.new_game(names)
        for beat in self.beats[:beats]:
            if isinstance(beat, Step):
                game.handle(beat.expect.intended(game.state.hands[YOU]))
            else:
                game.handle(beat.move)
        return game


# --- Where a lesson stands --------------------------------------------------------------


@dataclass(frozen=True)
class Position:
    """How far a lesson has come: its beats done, counted from the moves made."""

    beats: int
    """Beats done: the next one is ``lesson.beats[beats]`` (none: the lesson is done)."""
    steps: int
    """Your steps done."""
    replies: int
    """The opponent's replies made."""


def position(lesson: Lesson, events: Iterable[Event]) -> Position:
    """Where ``lesson`` stands after ``events`` (its game's log so far, whole or as
    your seat received it): each of your moves takes your next step, each of the
    opponent's its next reply, in the lesson's order. A move is what the engine
    reads as one in its log (see `command_for`): a card played, a draw of one's own
    turn (not one forced by a 5, a 7 or a penalty), a suit chosen, "Last card!"
    said alone, an "Idiot!" called."""
    log = list(events)
    moves = [command_for(log, index) for index in range(len(log))]
    yours = sum(1 for move in moves if move is not None and move.player == YOU)
    theirs = sum(1 for move in moves if move is not None and move.player == THEM)
    steps = replies = beats = 0
    for beat in lesson.beats:
        if isinstance(beat, Step) and steps < yours:
            steps += 1
        elif isinstance(beat, Reply) and replies < theirs:
            replies += 1
        else:
            break
        beats += 1
    return Position(beats, steps, replies)


def due_reply(lesson: Lesson, events: Iterable[Event]) -> Reply | None:
    """The opponent's reply due now (the lesson's next beat), if it is one."""
    at = position(lesson, events).beats
    beat = lesson.beats[at] if at < len(lesson.beats) else None
    return beat if isinstance(beat, Reply) else None
