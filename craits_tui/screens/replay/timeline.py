"""A replay's timeline: a saved game's events, the table after each as every seat
saw it, and the places a player moves between (each event, each turn, each round).

The table after an event is each seat's view, folded from the events as that seat
received them (`craits_core.project`), as the table itself folds them: a replay
shows nothing a seat's own screen did not. No Textual here: what the replay shows
at an event, and where a key takes it, are worked out from the log alone and
tested without a screen.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from dataclasses import dataclass

from craits_core import Card, Event, Game, PlayerView, project, redact
from craits_core.events import CardPlayed, RoundEnded, RoundStarted, TurnBegan

TURN_MARKS: tuple[type[Event], ...] = (TurnBegan, RoundStarted, RoundEnded)
"""The events a turn's step stops on: each turn's start (the table its player
faces), a round's deal, and its end (every hand shown and scored). A turn is the
engine's own mark, not a move: it may hold two (a 6 and the card after it), and a
call of "Idiot!" comes between turns."""


def replayed(game: Game) -> int:
    """How many of ``game``'s events a replay shows: all of a finished game; of a game
    still in play, those to the end of its last finished round. The round in play
    would show cards its players have not seen (a bot's hand to the one who resumes)."""
    events = game.events
    if game.state.is_over:
        return len(events)
    ends = [i for i, event in enumerate(events) if isinstance(event, RoundEnded)]
    return ends[-1] + 1 if ends else 0


@dataclass(frozen=True)
class Place:
    """Where an event stands in the game, as the replay says it."""

    event: int
    """1-based."""
    events: int
    round: int
    """The round of the schedule (0 before the first deal)."""
    rounds: int
    turn: int
    """The turn of the round, 1-based (0 while the round is dealt)."""
    turns: int
    """Turns in this round."""


class Timeline:
    """The events of a game a replay shows, with the table after each, and the
    places to step to. Indices are the events' (0-based)."""

    def __init__(self, game: Game) -> None:
        shown = replayed(game)
        self.events: tuple[Event, ...] = game.events[:shown]
        self.players: tuple[str, ...] = game.state.players
        self.in_play = shown < game.event_count
        """The game goes on past the replay's end: its round in play is left out."""
        events = self.events
        self.round_starts = [i for i, e in enumerate(events) if isinstance(e, RoundStarted)]
        self.turn_marks = [i for i, e in enumerate(events) if isinstance(e, TURN_MARKS)]
        self._shown_hands = _shown_hands(events)
        self._turns = _turns(events)
        self._views: dict[int | None, list[PlayerView]] = {}

    def __len__(self) -> int:
        return len(self.events)

    @property
    def last(self) -> int:
        """The index of the last event (-1 when there is none)."""
        return len(self.events) - 1

    @property
    def opening(self) -> int:
        """Where a replay opens: at the first deal (the events before it only name
        the players and the dealer)."""
        return self.round_starts[0] if self.round_starts else 0

    def clamp(self, index: int) -> int:
        return max(0, min(index, self.last))

    # --- The table -------------------------------------------------------------------

    def view(self, index: int, seat: int | None) -> PlayerView:
        """The table after event ``index`` as ``seat`` saw it (None: a spectator,
        who sees no hand).

        Folded as far as asked and kept: a step is a lookup, and a replay opens
        without folding the game to its end (some 4,000 events at five players)."""
        views = self._views.setdefault(seat, [])
        if index >= len(views):
            count = len(self.players)
            folded = views[-1] if views else None
            for event in self.events[len(views) : index + 1]:
                folded = project(folded, redact(event, seat, count), seat)
                views.append(folded)
        return views[index]

    def hands(self, index: int) -> tuple[tuple[Card, ...], ...]:
        """Every hand after event ``index``, each as its own seat saw it."""
        return tuple(self.view(index, seat).hand for seat in range(len(self.players)))

    def shown_hands(self, index: int) -> tuple[tuple[Card, ...], ...] | None:
        """The hands a round's end has just shown every player (its scoring), until
        the next deal; None while a round is played."""
        return self._shown_hands[index]

    def seen(self, index: int, seat: int | None) -> Event:
        """Event ``index`` as ``seat`` received it (None: every card face up)."""
        event = self.events[index]
        return event if seat is None else redact(event, seat, len(self.players))

    # --- Steps -----------------------------------------------------------------------

    def next_turn(self, index: int) -> int:
        """The start of the next turn (or the next deal, or round's end), else the end."""
        return _after(self.turn_marks, index, self.last)

    def previous_turn(self, index: int) -> int:
        """The start of this turn, or of the one before when already there."""
        return _before(self.turn_marks, index)

    def next_round(self, index: int) -> int:
        """The next deal, else the end."""
        return _after(self.round_starts, index, self.last)

    def previous_round(self, index: int) -> int:
        """This round's deal, or the one before when already there."""
        return _before(self.round_starts, index)

    def place(self, index: int) -> Place:
        table = self.view(index, None)
        turn, turns = self._turns[index]
        return Place(
            event=index + 1,
            events=len(self.events),
            round=table.round_number,
            rounds=table.rounds,
            turn=turn,
            turns=turns,
        )

    def plays(self, index: int, most: int) -> tuple[tuple[int, Card], ...]:
        """The last ``most`` cards played in the round up to ``index``, oldest
        first: who played each (a seat), and the card."""
        found: list[tuple[int, Card]] = []
        for event in reversed(self.events[: index + 1]):
            if isinstance(event, RoundStarted) or len(found) == most:
                break
            if isinstance(event, CardPlayed):
                found.append((event.player, event.card))
        return tuple(reversed(found))


def _after(marks: Sequence[int], index: int, last: int) -> int:
    """The first of ``marks`` (in order) after ``index``, else ``last``."""
    found = bisect_right(marks, index)
    return marks[found] if found < len(marks) else last


def _before(marks: Sequence[int], index: int) -> int:
    """The last of ``marks`` (in order) before ``index``, else the first event."""
    found = bisect_left(marks, index)
    return marks[found - 1] if found > 0 else 0


def _shown_hands(events: Sequence[Event]) -> list[tuple[tuple[Card, ...], ...] | None]:
    """For each event, the hands the round's end showed every player, from its
    scoring to the next deal (None while a round is played)."""
    shown: list[tuple[tuple[Card, ...], ...] | None] = []
    hands: tuple[tuple[Card, ...], ...] | None = None
    for event in events:
        if isinstance(event, RoundEnded):
            hands = event.hands
        elif isinstance(event, RoundStarted):
            hands = None
        shown.append(hands)
    return shown


def _turns(events: Sequence[Event]) -> list[tuple[int, int]]:
    """For each event, its turn in the round (0 before the round's first turn) and
    the round's number of turns."""
    numbers: list[int] = []
    totals: list[int] = []
    turn = 0
    start = 0  # where the round began, in numbers
    for index, event in enumerate(events):
        if isinstance(event, RoundStarted):
            totals.extend([turn] * (index - start))
            start, turn = index, 0
        elif isinstance(event, TurnBegan):
            turn += 1
        numbers.append(turn)
    totals.extend([turn] * (len(events) - start))
    return list(zip(numbers, totals, strict=True))
