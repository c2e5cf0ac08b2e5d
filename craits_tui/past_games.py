"""Past games in words: what the list of saved games says of each one (when, who,
how far, who won) and how each person did. No Textual here: the history screen
shows these."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from craits_core import Game, GameRecord, StoreError

from .i18n import N_, _, ngettext
from .saved_meta import SavedMeta
from .seat import Seat

FIXED_COLUMNS = 68
"""Room the list's other columns take; the players have the rest (the line below
the list shows them all)."""

COLUMNS = ("when", "players", "round", "status", "backs", "winner")


def when_text(record: GameRecord) -> str:
    """The day the game was last played, in local time (the line below the list
    gives the time too)."""
    return record.updated_at.astimezone().strftime("%Y-%m-%d")


def round_text(record: GameRecord) -> str:
    """The round the game reached, out of how many it has."""
    return _("{n}/{total}").format(n=record.round_number, total=len(record.rules.schedule))


def status_text(record: GameRecord) -> str:
    return _("Finished") if record.finished else _("Unfinished")


def take_backs(record: GameRecord) -> int:
    """How many times moves were taken back in the game (see `LocalTable.take_back`)."""
    return SavedMeta.of(record).take_backs


def take_backs_text(record: GameRecord) -> str:
    """The list's mark of a game with moves taken back: how many times (blank: none)."""
    n = take_backs(record)
    return str(n) if n else ""


_BOT_KINDS = {
    "random": N_("{name} (random bot)"),
    "easy": N_("{name} (easy bot)"),
    "normal": N_("{name} (normal bot)"),
    "hard": N_("{name} (hard bot)"),
    "expert": N_("{name} (expert bot)"),
}


def record_seats(record: GameRecord) -> tuple[Seat, ...] | None:
    """Who sat where, people or bots, as saved with the game; None when the save
    does not say (or says it in a way this version cannot read)."""
    return SavedMeta.of(record).seats_for(record.players)


def seats_text(record: GameRecord) -> str:
    """The players, each with "bot" and its level where the seat was a bot."""
    seats = record_seats(record)
    if seats is None:
        return ", ".join(record.players)
    names = []
    for name, seat in zip(record.players, seats, strict=True):
        if not seat.bot:
            names.append(name)
        elif seat.bot in _BOT_KINDS:
            names.append(_(_BOT_KINDS[seat.bot]).format(name=name))
        else:
            names.append(_("{name} (bot: {level})").format(name=name, level=seat.bot))
    return ", ".join(names)


@dataclass(frozen=True)
class Outcome:
    """What the list shows of a loaded game: its totals and winners (the game itself
    is not kept: a long list of games would hold every log in memory)."""

    players: tuple[str, ...]
    totals: tuple[int, ...]
    rounds_played: int
    winners: tuple[int, ...]

    @classmethod
    def of(cls, game: Game) -> Outcome:
        state = game.state
        return cls(state.players, state.totals, len(state.round_scores), state.winners)


@dataclass(frozen=True)
class PersonRecord:
    """How one person (a seat not played by a bot) did over the finished games."""

    name: str
    played: int
    won: int
    best: int
    """The lowest final total."""


def person_records(
    records: Iterable[GameRecord], outcomes: Mapping[str, Outcome | StoreError]
) -> list[PersonRecord]:
    """Each person's finished games, known by name; the most played first. Games not
    looked at yet, or damaged, are left out."""
    played: dict[str, list[tuple[bool, int]]] = {}
    for record in records:
        outcome = outcomes.get(record.id)
        seats = record_seats(record)
        if not record.finished or not isinstance(outcome, Outcome) or seats is None:
            continue
        for seat, (name, seat_info) in enumerate(zip(outcome.players, seats, strict=False)):
            if not seat_info.bot:
                played.setdefault(name, []).append((seat in outcome.winners, outcome.totals[seat]))
    people = [
        PersonRecord(name, len(games), sum(won for won, _t in games), min(t for _w, t in games))
        for name, games in played.items()
    ]
    return sorted(people, key=lambda p: -p.played)


def records_text(people: Sequence[PersonRecord]) -> str:
    """The records in a line: "Ann won 3 of 7 (best 85) · Ben won 0 of 1 (best 230)"."""
    return " · ".join(
        ngettext(
            "{name} won {won} of {n} game (best {best})",
            "{name} won {won} of {n} games (best {best})",
            person.played,
        ).format(name=person.name, won=person.won, n=person.played, best=person.best)
        for person in people
    )
