"""A table on this machine: the game, who sits where (people or bots), and its save.

No Textual here: the screens drive a table through this small interface, which a
remote table can offer too (events for one seat, legal moves, submit a command).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol

from craits_core import ChooseSuit, Command, Draw, Event, Game, Play
from craits_core.hosting import BotHost
from craits_core.store import GameStore, StoreError

from .saved_meta import SavedMeta
from .seat import Seat

if TYPE_CHECKING:
    from craits_core.bots import Bot

Listener = Callable[[int, Event], None]
"""Hears each new event with its index in the log."""


class Table(Protocol):
    """What a screen needs of a table, wherever the game is decided."""

    seats: tuple[Seat, ...]

    @property
    def players(self) -> tuple[str, ...]: ...

    @property
    def humans(self) -> list[int]:
        """The seats played from this terminal."""
        ...

    def events_for(self, seat: int | None, since: int = 0) -> list[Event]: ...

    def event_count(self) -> int: ...

    def legal_moves(self, seat: int) -> list[Command]: ...

    def submit(self, command: Command) -> object:
        """Hand over a command; raises `IllegalMove` when the rules refuse it."""
        ...

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener(index, event)`` with every new event, in order, once
        (redacted or not: the screen redacts again for the seat it shows)."""
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

    @property
    def can_take_back(self) -> bool:
        """Whether a person may take moves back here: one person alone with bots,
        the game decided at this terminal (not people taking turns at it, not a
        game watched, not one played on a server)."""
        ...

    @property
    def take_backs(self) -> int:
        """How many times moves were taken back in this game."""
        ...

    def take_back_point(self, seat: int) -> int | None:
        """The event count a take-back by ``seat`` would go back to; None when
        there is nothing to take back (cheap to ask again while nothing moves)."""
        ...

    def take_back(self, seat: int) -> bool:
        """Take back ``seat``'s last move of the round in play and everything since
        (see `LocalTable.take_back`); False, changing nothing, when there is none
        or take-backs are not offered here."""
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
        """The game as it stands (a take-back puts a game rebuilt in its place)."""
        self.seats = tuple(seats)
        self.store = store
        self.game_id = game_id
        self.save_problem: StoreError | None = None
        self._bot_seed = bot_seed
        self._listeners: list[Listener] = []
        self._take_backs: int | None = None  # read from the save file when first asked
        self._rebuilds = 0  # games rebuilt by take-backs at this table
        self._point: tuple[tuple[int, int, int], int | None] | None = None
        # The bots themselves are made when first needed (after the table is on
        # screen: loading the bots' code is not worth a later first frame).
        self._host = BotHost(
            game,
            {i: seat.bot for i, seat in enumerate(self.seats) if seat.bot is not None},
            seed=bot_seed,
        )
        # After the bots: they hear each event before the screen does.
        self._told = game.event_count
        self._unsubscribe = game.subscribe(self._pass_on)

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

    def events_for(self, seat: int | None, since: int = 0) -> list[Event]:
        return self.game.events_for(seat, since)

    def event_count(self) -> int:
        return self.game.event_count

    def legal_moves(self, seat: int) -> list[Command]:
        return self.game.legal_moves(seat)

    def submit(self, command: Command) -> list[Event]:
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
        # Through the table, not the game: a take-back changes the game, not whom
        # the table tells.
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener) if listener in self._listeners else None

    def _pass_on(self, event: Event) -> None:
        # Counted here, not read off the log: a bot's reply to this event may be
        # logged already, and waits to be told after it.
        index = self._told
        self._told += 1
        for listener in list(self._listeners):
            if listener in self._listeners:  # not unsubscribed meanwhile
                listener(index, event)

    # --- Taking moves back ----------------------------------------------------------

    @property
    def can_take_back(self) -> bool:
        return len(self.humans) == 1 and self.bots_play_here

    @property
    def take_backs(self) -> int:
        if self._take_backs is None:
            self._take_backs = self._saved_take_backs()
        return self._take_backs

    def take_back_point(self, seat: int) -> int | None:
        """Where ``seat``'s last move of the round in play starts in the log (the
        length the log is cut back to), or None: no such move, or take-backs are not
        offered here. A move is a play (with the "last card" riding on it), a draw,
        or the dealer's choice of suit; idiot calls and late announcements are not
        moves to take back, but go with the move before them.

        Never back across the end of a round: its scores were shown and counted,
        and the next deal depends on them."""
        if not self.can_take_back or seat not in self.humans or self.game.state.is_over:
            return None  # a game over ended with the end of its last round
        # Asked again and again while nothing moves (a screen dimming its key):
        # the round's moves are worked out once a position.
        key = (seat, self._rebuilds, self.game.event_count)
        if self._point is not None and self._point[0] == key:
            return self._point[1]
        found = next(
            (
                start
                for start, command in reversed(self.game.round_moves())
                if command.player == seat and isinstance(command, Play | Draw | ChooseSuit)
            ),
            None,
        )
        self._point = (key, found)
        return found

    def take_back(self, seat: int) -> bool:
        """Take back ``seat``'s last move of the round in play (see `take_back_point`)
        and the bots' replies since: the game is rebuilt from the log before that
        move, the bots are made anew from what their seats saw up to there, and the
        save file is cut back to the same events (with the count of take-backs in
        the game's `SavedMeta`). Returns False, changing nothing, when there is
        nothing to take back.

        Listeners hear nothing of it: afterwards `event_count` is smaller and
        `events_for` tells the game as it now stands. A bot's move decided before
        and handed in after is decided for a game that is gone: drop it.
        """
        keep = self.take_back_point(seat)
        if keep is None:
            return False
        old = self.game
        game = old.rewound(keep)
        count = self.take_backs + 1
        self._rewind_save(old, game, keep, count)
        self._take_backs = count
        self._rebuilds += 1
        self._unsubscribe()
        self._host.close()
        self.game = game
        self._host = BotHost(game, self._host.levels, seed=self._bot_seed)
        self._told = game.event_count
        self._unsubscribe = game.subscribe(self._pass_on)
        return True

    def _rewind_save(self, old: Game, game: Game, keep: int, take_backs: int) -> None:
        """Cut the save back to ``keep`` events and save ``game`` from there on in
        place of ``old``. When the file cannot take it, the game goes on unsaved
        from here, as after a move that cannot be saved (see `submit`)."""
        store, game_id = self.store, self.game_id
        if store is None or game_id is None or self.save_problem is not None:
            return
        try:
            meta = SavedMeta.of(store.record(game_id)).with_take_backs(take_backs)
            store.rewind(game_id, keep, meta=meta.to_dict())
            # The new game first: the claim on the saved game is never let go.
            store.attach(game_id, game)
        except StoreError as err:
            self.save_problem = err
        finally:
            store.detach(old)

    def _saved_take_backs(self) -> int:
        store, game_id = self.store, self.game_id
        if store is None or game_id is None:
            return 0
        try:
            return SavedMeta.of(store.record(game_id)).take_backs
        except StoreError:
            return 0

    def next_bot_move(self) -> Command | None:
        """What a bot does next, if anything (see `Moment.decide`). Safe to call from
        another thread: a move made (or taken back) meanwhile leaves the answer
        stale, not wrong."""
        return self._host.moment().decide()
