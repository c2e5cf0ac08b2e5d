"""The coach: follows a lesson as it is played and says what to do, what happened
and why, and why a move is not the one to make.

Pure (no Textual): a screen hands the coach the game's events as they come and
asks it to `judge` each of your moves before it is made; `panel` is what to show.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from craits_core import (
    Announce,
    CallIdiot,
    Card,
    Command,
    Draw,
    Event,
    IllegalMove,
    Play,
    PlayerView,
    Suit,
)

from ..faces import CardLook, suit_name
from ..i18n import _, ngettext
from ..narrate import Narrator
from .format import THEM, YOU, Lesson, Position, Reply, Step, Value, position
from .lessons import LESSONS


@dataclass(frozen=True)
class Verdict:
    """Whether a move of yours is made, and if not, why (in a newcomer's words)."""

    made: bool
    why: str = ""


TAKE = Verdict(True)


@dataclass(frozen=True)
class Panel:
    """What the coach shows now."""

    title: str
    """Which lesson: its number and title."""
    said: tuple[str, ...]
    """What just happened and why (or, as a lesson opens, the rule it teaches)."""
    now: str
    """What to do now, or whom the lesson waits for."""
    warning: str = ""
    """Why the last move you tried was not made."""
    hint: str = ""
    """The hint asked for, until the move is made."""
    done: bool = False


class Coach:
    """Follows one lesson's game: ``heard`` every event, ``judge`` your moves.

    ``events``: the game's log so far (a lesson taken up again part way), taken in
    silently. ``names``: yours, then the opponent's.
    """

    def __init__(
        self,
        lesson: Lesson,
        names: Sequence[str],
        look: CardLook | None = None,
        events: Iterable[Event] = (),
    ) -> None:
        self.lesson = lesson
        self.names = tuple(names)
        self.look = look or CardLook()
        self._narrator = Narrator(self.names, YOU, self.look)
        self._events: list[Event] = list(events)
        self._at = position(lesson, self._events)
        self._said: list[tuple[str, tuple[tuple[str, Value], ...]]] = []
        self._warning = ""
        self._hint = ""
        if self._events and self._at.beats:
            self._said = [(_("Welcome back: the lesson goes on where you left it."), ())]
        else:
            self._said = [(lesson.intro, ())]

    # --- Where the lesson stands ----------------------------------------------------------

    @property
    def position(self) -> Position:
        return self._at

    @property
    def beats_done(self) -> int:
        return self._at.beats

    @property
    def done(self) -> bool:
        """Whether every beat of the lesson has been played."""
        return self._at.beats >= len(self.lesson.beats)

    @property
    def beat(self) -> Step | Reply | None:
        """The beat the lesson waits for (None: it is done)."""
        beats = self.lesson.beats
        return beats[self._at.beats] if self._at.beats < len(beats) else None

    def heard(self, event: Event) -> None:
        """Take in the game's next event (whole or as your seat received it): a
        move of a beat moves the lesson on."""
        self._events.append(event)
        before = self.beat
        at = position(self.lesson, self._events)
        if at == self._at:
            return  # no move, or one outside the lesson's beats: nothing to say of it
        self._at = at
        if isinstance(before, Step):
            self._said = [(before.done, before.values)]
            self._warning = self._hint = ""
        elif isinstance(before, Reply):
            self._said.append((before.note, before.values))

    # --- What to show -------------------------------------------------------------------

    @property
    def panel(self) -> Panel:
        lesson = self.lesson
        number = LESSONS.index(lesson) + 1 if lesson in LESSONS else 1
        title = _("Lesson {n} of {total}: {title}").format(
            n=number, total=len(LESSONS), title=_(lesson.title)
        )
        beat = self.beat
        if beat is None:
            now = _("Lesson complete!")
        elif isinstance(beat, Step):
            now = self.words(beat.instruction, beat.values)
        else:
            now = _("{them} is playing…").format(them=self.names[THEM])
        return Panel(
            title=title,
            said=tuple(self.words(text, values) for text, values in self._said),
            now=now,
            warning=self._warning,
            hint=self._hint,
            done=beat is None,
        )

    def words(self, text: str, values: Iterable[tuple[str, Value]] = ()) -> str:
        """``text`` translated, its fields filled in: the lesson's values and
        ``values`` (cards and suits as the player sees them), ``{them}``."""
        fields = {"them": self.names[THEM]}
        for name, value in (*self.lesson.values, *values):
            fields[name] = self._show(value)
        return _(text).format(**fields)

    def _show(self, value: Value) -> str:
        if isinstance(value, Card):
            return self.look.plain(value)
        if isinstance(value, Suit):
            return suit_name(value)
        return str(value)

    # --- Your moves ---------------------------------------------------------------------

    def judge(
        self, command: Command, view: PlayerView | None, refusal: IllegalMove | None = None
    ) -> Verdict:
        """Whether to make ``command``, a move of yours, and if not, why.

        ``refusal``: what the rules say against it (None: the rules allow it). A
        move the rules refuse is explained in a newcomer's words; one they allow
        but the lesson does not ask for is not made either, and said why; a play
        that leaves one card unannounced waits for the "Last card!".
        """
        beat = self.beat
        if beat is None:
            return TAKE  # the lesson is over: the table is free
        if refusal is not None:
            why = self.explain(refusal, command, view)
        elif isinstance(beat, Reply):
            why = _("Wait a moment: {them} is to play.").format(them=self.names[THEM])
        elif beat.expect.accepts(command):
            return TAKE
        elif (
            isinstance(command, Play) and beat.expect.matches_card(command) and beat.expect.announce
        ):
            why = _(
                "This play leaves you one card: say “Last card!” with it. Press l, "
                "then play {card} again."
            ).format(card=self.look.plain(command.card))
        else:
            why = self.words(beat.note_for(command), beat.values)
        self._warning = why
        return Verdict(False, why)

    def explain(self, err: IllegalMove, command: Command, view: PlayerView | None) -> str:
        """Why the rules refuse ``command``, for someone learning them."""
        code = err.code
        p = err.params
        top = view.top_card if view is not None else None
        card = command.card if isinstance(command, Play) else None
        if code == "must-follow" and view is not None and top is not None and card is not None:
            suit = view.active_suit or top.suit
            if suit is not top.suit:
                return _(
                    "{card} does not fit: the suit to follow is {suit}, named with the "
                    "{top}. Play a card of that suit, or an 8."
                ).format(card=self._show(card), suit=suit_name(suit), top=self._show(top))
            return _(
                "{card} does not fit on {top}: a card must have the same suit ({suit}) "
                "or the same rank ({rank}). An 8 fits on anything."
            ).format(
                card=self._show(card),
                top=self._show(top),
                suit=suit_name(suit),
                rank=top.rank.label,
            )
        if code == "must-play":
            playable = [self.look.plain(Card.parse(c)) for c in p.get("playable", ())]
            return _(
                "You may draw only when nothing fits, and {cards} fits: play a card instead."
            ).format(cards=", ".join(playable))
        if code == "crank-answer" and isinstance(command, Draw):
            return _(
                "You hold an ace or a 2: in the crank you must answer with it. Only "
                "a player with neither draws the count."
            )
        if code == "crank-answer":
            return _(
                "The crank is on: only an ace or a 2 can be played now, and it raises "
                "the count. With neither, you would draw the count."
            )
        if code == "crank-draw":
            return ngettext(
                "The crank is at {n} and you hold no ace or 2: draw the {n} card (d).",
                "The crank is at {n} and you hold no ace or 2: draw the {n} cards (d).",
                p.get("count", 0),
            ).format(n=p.get("count", 0))
        if code == "not-your-turn":
            return _("Wait: it is {who}'s turn, not yours.").format(
                who=self.names[p.get("current", THEM)]
            )
        if isinstance(command, CallIdiot):
            return _(
                "You can call “Idiot!” only on a player who has just played down to "
                "one card without saying “Last card!”."
            )
        if isinstance(command, Announce):
            return _("“Last card!” is said with the play that leaves you one card.")
        return self._narrator.refusal(err, view)

    def intended(self, view: PlayerView | None) -> Command | None:
        """The move the lesson asks of you now (None: it waits for the opponent,
        or is done)."""
        beat = self.beat
        if not isinstance(beat, Step):
            return None
        return beat.expect.intended(view.hand if view is not None else ())

    def hint(self, view: PlayerView | None) -> str:
        """The move the lesson asks for now, and why (also shown until it is made)."""
        beat = self.beat
        if beat is None:
            text = _("The lesson is done.")
        elif isinstance(beat, Reply):
            text = _("Wait a moment: {them} is to play.").format(them=self.names[THEM])
        else:
            move = beat.expect.intended(view.hand if view is not None else ())
            crank = view.crank if view is not None else 0
            advice = (
                _("Call {who} an idiot (i)").format(who=self.names[THEM])
                if isinstance(move, CallIdiot)
                else self._narrator.advice(move, crank)
            )
            reason = self.words(beat.hint, beat.values) if beat.hint else ""
            # Translators: a hint, the move then why ("Play 2♦ — keep the 3♦: it cancels…").
            # A dash, because many reasons have a colon of their own.
            text = (
                _("{advice} — {reason}").format(advice=advice, reason=reason) if reason else advice
            )
        self._hint = text
        return text
