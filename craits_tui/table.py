"""A table on this machine: the game, who sits where (people or bots), and its save.

No Textual here: the screens drive a table through this small interface, which a
remote table can offer too (events for one seat, legal moves, submit a command).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from craits_core import Command, Game
from craits_core.hosting import BotHost
from craits_core.store import GameStore, StoreError

if TYPE_CHECKING:
    from craits_core.bots import Bot

Listener = Callable[[dict[str, Any]], None]


@dataclass(frozen=True)
class Seat:
    """A seat at the table: a person, or a bot of some level."""

    name: str
    bot: str | None = None

    @property
    def is_bot(self) -> bool:
        return self.bot is not None

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "bot": self.bot}

    @classmethod
    def from_dict(cls, data: Any) -> Seat:
        if not isinstance(data, dict) or not isinstance(data.get("name"), str):
            raise ValueError(f"not a seat: {data!r}")
        bot = data.get("bot")
        if bot is not None and not isinstance(bot, str):
            raise ValueError(f"not a bot level: {bot!r}")
        return cls(data["name"], bot)


class Table(Protocol):
    """What a screen needs of a table, wherever the game is decided."""

    seats: tuple[Seat, ...]

    @property
    def players(self) -> tuple[str, ...]: ...

    @property
    def humans(self) -> list[int]:
        """The seats played from this terminal."""
        ...

    def events_for(self, seat: int | None, since: int = 0) -> list[dict[str, Any]]: ...

    def event_count(self) -> int: ...

    def legal_moves(self, seat: int) -> list[Command]: ...

    def submit(self, command: Command) -> object:
        """Hand over a command; raises `IllegalMove` when the rules refuse it."""
        ...

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener`` with every new event, in order (redacted or not:
        the screen redacts again for the seat it shows)."""
        ...

    @property
    def bots_play_here(self) -> bool:
        """Whether bots move through `next_bot_move` (not where a server plays them)."""
        ...

    @property
    def open_hands(self) -> bool:
        """Whether every hand may be shown at this terminal: nobody plays from it
        and the game is decided here, so `events_for` any seat is at hand."""
        ...

    def next_bot_move(self) -> Command | None:
        """A move for a bot seated here, if one is due (None where bots play elsewhere)."""
        ...

    @property
    def save_problem(self) -> StoreError | None:
        """Why this table stopped saving its game, if it did (None: all is saved,
        or the saving is done elsewhere)."""
        ...

    @property
    def saved(self) -> bool:
        """Whether every move so far is saved (here, or by the server)."""
        ...


class LocalTable:
    """One game played on this terminal, saved as it goes when given a store."""

    def __init__(
        self,
        game: Game,
        seats: Sequence[Seat],
        *,
        store: GameStore | None = None,
        game_id: str | None = None,
        bot_seed: int = 0,
    ) -> None:
        if len(seats) != len(game.state.players):
            raise ValueError("one seat per player")
        self.game = game
        self.seats = tuple(seats)
        self.store = store
        self.game_id = game_id
        self.save_problem: StoreError | None = None
        # The bots themselves are made when first needed (after the table is on
        # screen: loading the bots' code is not worth a later first frame).
        self._host = BotHost(
            game,
            {i: seat.bot for i, seat in enumerate(self.seats) if seat.bot is not None},
            seed=bot_seed,
        )

    @property
    def bots(self) -> dict[int, Bot]:
        """The bots at this table, by seat, told every event so far."""
        return self._host.bots

    @property
    def players(self) -> tuple[str, ...]:
        return self.game.state.players

    @property
    def humans(self) -> list[int]:
        return [i for i, seat in enumerate(self.seats) if not seat.is_bot]

    @property
    def bots_play_here(self) -> bool:
        return any(seat.is_bot for seat in self.seats)

    @property
    def open_hands(self) -> bool:
        return not self.humans

    def events_for(self, seat: int | None, since: int = 0) -> list[dict[str, Any]]:
        return self.game.events_for(seat, since)

    def event_count(self) -> int:
        return self.game.event_count

    def legal_moves(self, seat: int) -> list[Command]:
        return self.game.legal_moves(seat)

    def submit(self, command: Command) -> list[dict[str, Any]]:
        """Hand ``command`` to the engine (saved before it takes effect).

        Raises `IllegalMove` for a move the rules refuse. When the save file cannot
        take the move (a full disk, a file taken away), the game goes on unsaved
        from there, and `save_problem` says why: what was saved stays saved.
        """
        try:
            return self.game.handle(command)
        except StoreError as err:
            if self.store is None:
                raise
            self.store.detach(self.game)
            self.save_problem = err
            return self.game.handle(command)

    @property
    def saved(self) -> bool:
        return self.store is not None and self.save_problem is None

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        return self.game.subscribe(listener)

    def next_bot_move(self) -> Command | None:
        """What a bot does next, if anything (see `Moment.decide`). Safe to call from
        another thread: a move made meanwhile leaves the answer stale, not wrong."""
        return self._host.moment().decide()
