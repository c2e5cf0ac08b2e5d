"""The table's state, without Textual: the game's feed for the shown seat, the
screen's flags, and the moves that seat may make.

The table screen keeps one `TableControl` and asks it; its parts (input, bots,
hints, watching, hot-seat) set the flags, and `table_props` reads them to say what
the widgets show.
"""

from __future__ import annotations

from craits_core import Command, PlayerView

from .feed import Feed
from .table import Table


class TableControl:
    """What the table screen knows of the game and of the people at it."""

    def __init__(self, table: Table) -> None:
        self.table = table
        humans = table.humans
        self.feed = Feed(table, humans[0] if humans else None)
        self.at_terminal: int | None = None
        """With several people at this terminal: the seat whose person said they
        were ready, and so sees the hand."""
        self.paused = False
        """The bots wait for a key (watching, or a test holding them)."""
        self.one_move = False
        """Paused: one bot move was asked for, and may land."""
        self.armed = False
        """"Last card" said ahead, to ride on the next play."""
        self.leaving = False
        """The player quit: nothing more reaches the game."""
        self.hint: Command | None = None
        """The move a hint on the screen (still) advises."""
        self.hand_hidden = False
        """Watching: the hand of the player to move is not shown."""
        self._moves_key: tuple[int, int] | None = None
        self._legal: tuple[Command, ...] = ()

    @property
    def seat(self) -> int | None:
        """The seat whose side the table shows (None: watching bots)."""
        return self.feed.seat

    @property
    def view(self) -> PlayerView | None:
        """That seat's view of the game, as far as it has been shown."""
        return self.feed.view

    @property
    def caught_up(self) -> bool:
        """Whether every event heard has been shown."""
        return self.feed.caught_up

    def moves(self) -> tuple[Command, ...]:
        """The shown seat's legal moves, worked out once an event: the footer asks
        for them once a key, and a table that follows a server works them out from
        the view."""
        if self.seat is None:
            return ()
        key = (self.seat, self.table.event_count())
        if key != self._moves_key:
            self._moves_key = key
            self._legal = tuple(self.table.legal_moves(self.seat))
        return self._legal

    def position(self) -> tuple[int, int]:
        """Where the game stands: a take-back makes the log shorter, and it may grow
        back to the same length by other moves."""
        return (self.table.take_backs, self.table.event_count())

    def forget_moves(self) -> None:
        """The game was rewound (a take-back): the moves are worked out again."""
        self._moves_key = None

    def my_turn(self) -> bool:
        """Whether the shown seat is to act, with the table caught up."""
        view = self.view
        return (
            view is not None
            and self.seat is not None
            and self.caught_up
            and view.current_player == self.seat
        )

    def open_view(self) -> PlayerView | None:
        """Watching bots at a table that shows their hands: the view of the player
        to move, whose hand is on show (None: none is)."""
        view = self.view
        open_views = self.feed.open_views
        if view is None or self.seat is not None or not open_views or self.hand_hidden:
            return None
        current = view.current_player
        return open_views[current] if current is not None else None
