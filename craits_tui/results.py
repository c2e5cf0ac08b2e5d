"""The result of a finished game, as its end shows it: who placed where, each
round's points with the running totals, and each player's best and worst round.

Pure data from the game's scores, with no Textual and no words: the local and the
online game over both draw what `game_results` works out, and the tests check it
on its own.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from craits_core import PlayerView


@dataclass(frozen=True)
class RoundRow:
    """One round played: its number in the schedule, its hand size, and every
    seat's points in it and total after it."""

    number: int
    """The round's 1-based number in the schedule (a game set up to start later
    begins past 1)."""
    hand_size: int
    points: tuple[int, ...]
    """Each seat's points in this round."""
    totals: tuple[int, ...]
    """Each seat's running total once this round was scored."""


@dataclass(frozen=True)
class MarkedRound:
    """A player's best or worst round: which one, its hand size, their points."""

    number: int
    hand_size: int
    points: int


@dataclass(frozen=True)
class Placing:
    """Where one seat finished."""

    seat: int
    name: str
    place: int
    """1 for the lowest total; equal totals share a place, and the next place
    counts them all (1, 1, 3)."""
    total: int
    tied_with: tuple[int, ...]
    """The other seats at the same place, in seat order."""
    best: MarkedRound | None
    """The round with the fewest points (of equals, the earliest); None when no
    round was scored."""
    worst: MarkedRound | None
    """The round with the most points (of equals, the earliest)."""


@dataclass(frozen=True)
class Results:
    """A finished game's result, as the game over shows it."""

    placings: tuple[Placing, ...]
    """Best place first; seats sharing a place in seat order."""
    rounds: tuple[RoundRow, ...]
    """The rounds played, in order."""
    winners: tuple[int, ...]
    """The winning seats, as the game decided them (the lowest totals, if the
    record does not say)."""

    def placing(self, seat: int) -> Placing:
        """Where ``seat`` finished."""
        return next(p for p in self.placings if p.seat == seat)

    @property
    def seats(self) -> int:
        return len(self.placings)


def game_results(
    players: Sequence[str],
    schedule: Sequence[int],
    first_round: int,
    round_scores: Sequence[Sequence[int]],
    winners: Sequence[int],
) -> Results:
    """The result of a game among ``players`` whose rounds, from ``first_round`` of
    ``schedule`` (the hand size of each round), scored ``round_scores`` (a tuple of
    each seat's points a round), won by ``winners``.

    Rounds past the schedule's end (never the engine's) show a hand size of 0
    rather than fail; a round's scores for more or fewer seats than players are
    cut or padded with 0, and no winners named are the lowest totals, so a bad
    record still shows.
    """
    count = len(players)
    rows: list[RoundRow] = []
    totals = (0,) * count
    for index, scores in enumerate(round_scores):
        points = tuple(scores[:count]) + (0,) * max(0, count - len(scores))
        totals = tuple(t + p for t, p in zip(totals, points, strict=True))
        number = first_round + index
        size = schedule[number - 1] if 1 <= number <= len(schedule) else 0
        rows.append(RoundRow(number, size, points, totals))
    order = sorted(range(count), key=lambda seat: (totals[seat], seat))
    placings = tuple(
        Placing(
            seat=seat,
            name=players[seat],
            place=1 + sum(1 for other in totals if other < totals[seat]),
            total=totals[seat],
            tied_with=tuple(o for o in order if o != seat and totals[o] == totals[seat]),
            best=_marked(rows, seat, lowest=True),
            worst=_marked(rows, seat, lowest=False),
        )
        for seat in order
    )
    decided = tuple(winners) or tuple(p.seat for p in placings if p.place == 1)
    return Results(placings, tuple(rows), decided)


def results_of(view: PlayerView) -> Results:
    """The result of the game ``view`` sees."""
    return game_results(
        view.players, view.rules.schedule, view.first_round, view.round_scores, view.winners
    )


def _marked(rows: Sequence[RoundRow], seat: int, *, lowest: bool) -> MarkedRound | None:
    if not rows:
        return None
    # min() and max() keep the first of equals: the earliest round.
    pick = min if lowest else max
    row = pick(rows, key=lambda r: r.points[seat])
    return MarkedRound(row.number, row.hand_size, row.points[seat])
