"""A replay's timeline: a saved game's events folded once into the table after each,
and the places a player moves between (each event, each turn, each round).

No Textual here: what the replay shows at an event, and where a key takes it, are
worked out from the log alone and tested without a screen.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from craits_core import Card, Game, State, evolve, initial_state
from craits_core.events import RoundEnded

TURN_MARKS = frozenset({"turn-began", "round-started", "round-ended"})
"""The events a turn's step stops on: each turn's start (the table its player
faces), a round's deal, and its end (every hand shown and scored)."""


def fold(game: Game, count: int) -> list[State]:
    """The state after each of the first ``count`` events of ``game``'s log.

    Every state is kept: a short game of some 600 events folds in a millisecond and
    a long one of five players (some 4,000) in a few, in about 2 MB, so that any
    jump, however far, is a lookup."""
    states = []
    state = initial_state()
    for event in game.log[:count]:
        state = evolve(state, event)
        states.append(state)
    return states


def replayed(game: Game) -> int:
    """How many of ``game``'s events a replay shows: all of a finished game; of a game
    still in play, those to the end of its last finished round. The round in play
    would show cards its players have not seen (a bot's hand to the one who resumes)."""
    if game.state.is_over:
        return len(game.log)
    ends = [i for i, event in enumerate(game.log) if isinstance(event, RoundEnded)]
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
        self.states: list[State] = fold(game, shown)
        self.events: list[dict[str, Any]] = game.events[:shown]
        self.in_play = shown < len(game.log)
        """The game goes on past the replay's end: its round in play is left out."""
        kinds = [event["type"] for event in self.events]
        self.round_starts = [i for i, kind in enumerate(kinds) if kind == "round-started"]
        self.turn_marks = [i for i, kind in enumerate(kinds) if kind in TURN_MARKS]
        self.revealed = _revealed(kinds)
        """For each event: the round is over, its hands shown to every player."""
        self._turns = _turns(kinds)

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
        state = self.states[index]
        turn, turns = self._turns[index]
        return Place(
            event=index + 1,
            events=len(self.events),
            round=state.round_number,
            rounds=len(state.rules.schedule),
            turn=turn,
            turns=turns,
        )

    def plays(self, index: int, most: int) -> tuple[tuple[int, Card], ...]:
        """The last ``most`` cards played in the round up to ``index``, oldest
        first: who played each (a seat), and the card."""
        found: list[tuple[int, Card]] = []
        for event in reversed(self.events[: index + 1]):
            if event["type"] == "round-started" or len(found) == most:
                break
            if event["type"] == "card-played":
                found.append((event["player"], Card.parse(event["card"])))
        return tuple(reversed(found))


def _after(marks: Sequence[int], index: int, last: int) -> int:
    """The first of ``marks`` (in order) after ``index``, else ``last``."""
    found = bisect_right(marks, index)
    return marks[found] if found < len(marks) else last


def _before(marks: Sequence[int], index: int) -> int:
    """The last of ``marks`` (in order) before ``index``, else the first event."""
    found = bisect_left(marks, index)
    return marks[found - 1] if found > 0 else 0


def _revealed(kinds: Sequence[str]) -> list[bool]:
    """For each event, whether a round has just ended (its scoring shows every hand
    to every player) and the next not yet begun."""
    shown = []
    over = False
    for kind in kinds:
        if kind == "round-ended":
            over = True
        elif kind == "round-started":
            over = False
        shown.append(over)
    return shown


def _turns(kinds: Sequence[str]) -> list[tuple[int, int]]:
    """For each event, its turn in the round (0 before the round's first turn) and
    the round's number of turns."""
    numbers: list[int] = []
    totals: list[int] = []
    turn = 0
    start = 0  # where the round began, in numbers
    for index, kind in enumerate(kinds):
        if kind == "round-started":
            totals.extend([turn] * (index - start))
            start, turn = index, 0
        elif kind == "turn-began":
            turn += 1
        numbers.append(turn)
    totals.extend([turn] * (len(kinds) - start))
    return list(zip(numbers, totals, strict=True))
