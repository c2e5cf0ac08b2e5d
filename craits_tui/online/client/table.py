"""A table whose game the server decides, seen from one session's seat.

This side keeps what its seat may know: the events the server sends it, already
redacted, each with its index in the game's log, folded into the seat's view. From
that view it knows its legal moves without asking, so a move the rules refuse is
refused here at once, with the engine's own reason, and only moves the rules allow
travel to the server. Its stream being the seat's own, it is folded here once: the
screen's feed takes the views kept here (`views_for`) instead of folding it again.

No Textual here: the connection hands the table what the server says, and the
table tells its listeners, in the event loop that reads the socket.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from enum import StrEnum
from typing import Protocol, TypeVar

from craits_core import (
    Command,
    Event,
    IllegalMove,
    PlayerView,
    Refusal,
    legal_moves_in_view,
    project,
    refusal_in_view,
)
from craits_core.bot_levels import DEFAULT_LEVEL
from craits_core.events import GameStarted

from ...i18n import _
from ...seat import Seat
from ...table import Listener
from ..protocol import (
    Back,
    BadMessage,
    Message,
    RefusalCode,
    SeatChanged,
    SendCommand,
    TableInfo,
)
from .news import GameNews
from .presence import SeatsFollowed
from .talk import Talk

IN_FLIGHT = 5.0
"""Seconds a sent command holds back the next one while its answer is awaited: the
view it was checked against is the last one known until the server answers."""

BACK_PATIENCE = 5.0
"""Seconds a `Back` sent waits for the server's answer before a key may send it
again: one key press sends one, and a lost answer does not leave the seat dozing."""

RefusalListener = Callable[[IllegalMove], object]
ChangeListener = Callable[[], object]
_T = TypeVar("_T")


class Unsent(StrEnum):
    """Why a move is refused before it is sent (the server's own refusals are the
    protocol's `RefusalCode`s, the rules' the engine's `Refusal`s)."""

    WATCHING = "watching"
    OFFLINE = "offline"
    IN_FLIGHT = "in-flight"


class Line(Protocol):
    """What a table needs of the connection it came by."""

    closed: bool

    def send(self, message: Message) -> bool:
        """Send ``message``; False when the connection has ended."""
        ...


class RemoteTable(Talk, GameNews):
    """A table whose game the server decides, seen from this session's seat
    (or from no seat, when watching), its chat (`Talk`) and the news around its
    game (`GameNews`). Implements `craits_tui.table.Table`."""

    def __init__(self, line: Line, info: TableInfo, seat: int | None, expected: int = 0) -> None:
        self.line = line
        self.info = info
        self.code = info.code
        self.seat = seat
        """This session's seat; None when watching."""
        self.expected = expected
        """How many events of the game so far the server said would follow the join."""
        self.presence = SeatsFollowed()
        """How each seat's player is at the table, and the changes told (the log's)."""
        self._back_at: float | None = None
        self.gone = False
        """The server took this session from the table (`Left`: it closed)."""
        self.seats: tuple[Seat, ...] = ()
        self._events: list[Event] = []
        self._views: list[PlayerView] = []
        """The seat's view after each event received: the one fold of its stream."""
        self._listeners: list[Listener] = []
        self._refusal_listeners: list[RefusalListener] = []
        self._change_listeners: list[ChangeListener] = []
        Talk.__init__(self)
        self._sent_at: float | None = None
        GameNews.__init__(self)
        self.save_problem = None  # the server keeps the game
        self.saved = True
        self.update(info, tell=False)

    @property
    def view(self) -> PlayerView | None:
        """The seat's view after every event received (None before the game starts)."""
        return self._views[-1] if self._views else None

    # --- The Table protocol ------------------------------------------------------------

    @property
    def players(self) -> tuple[str, ...]:
        if self.view is not None:
            return self.view.players
        return tuple(seat.name for seat in self.seats)

    @property
    def humans(self) -> list[int]:
        """The seat played from this terminal: this session's own, if it sits."""
        return [] if self.seat is None else [self.seat]

    def events_for(self, seat: int | None, since: int = 0) -> list[Event]:
        """The events received, from ``since`` on: only this session's own stream
        exists here, redacted for its seat."""
        if seat != self.seat:
            raise ValueError(f"only the events of seat {self.seat!r} reach this table")
        return self._events[since:]

    def views_for(self, seat: int | None) -> Sequence[PlayerView] | None:
        """``seat``'s view after each event received (``events_for(seat)`` folded),
        kept as they were folded: a feed for this seat takes them rather than fold
        the same stream again. None for another seat (none of its events are here)."""
        return self._views if seat == self.seat else None

    def event_count(self) -> int:
        return len(self._events)

    def legal_moves(self, seat: int) -> list[Command]:
        """The seat's legal moves, from its view alone (no question to the server)."""
        if seat != self.seat:
            raise ValueError(f"only seat {self.seat!r} is played from here")
        return legal_moves_in_view(self.view) if self.view is not None else []

    def submit(self, command: Command) -> None:
        """Send ``command`` to the server, if the rules allow it where the view stands.

        Raises `IllegalMove` here and now for a move the rules refuse, with the
        engine's reason; the server may still refuse a move later (it knows of
        moves this side has not heard yet): `subscribe_refusals` hears of that.
        """
        if self.seat is None:
            raise IllegalMove(Unsent.WATCHING, _("You are watching this game: you have no seat."))
        if command.player != self.seat:
            raise IllegalMove(RefusalCode.NOT_YOUR_SEAT, _("That seat is not yours."))
        if self.line.closed:
            raise IllegalMove(Unsent.OFFLINE, _("The connection to the server is lost."))
        if self._sent_at is not None and time.monotonic() - self._sent_at < IN_FLIGHT:
            raise IllegalMove(Unsent.IN_FLIGHT, _("Wait a moment: your last move is on its way."))
        if self.view is None:
            raise IllegalMove(Refusal.NO_TURN, _("The game has not started yet."))
        refusal = refusal_in_view(self.view, command)
        if refusal is not None:
            raise refusal
        if self.line.send(SendCommand(command)):
            self._sent_at = time.monotonic()

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener(index, event)`` with each event as it arrives, in order,
        once, with the index the server gave it (after it is folded into `view`)."""
        return _add(self._listeners, listener)

    @property
    def bots_play_here(self) -> bool:
        """Never: bots play on the server."""
        return False

    def next_bot_move(self) -> Command | None:
        """Never a move: bots play on the server."""
        return None

    @property
    def open_hands(self) -> bool:
        """Never: the server sends a spectator no hand."""
        return False

    @property
    def can_take_back(self) -> bool:
        """Never: the others at a server's table have seen the move."""
        return False

    @property
    def take_backs(self) -> int:
        """None here (see `can_take_back`)."""
        return 0

    def take_back_point(self, seat: int) -> int | None:
        """Nothing to take back (see `can_take_back`)."""
        return None

    def take_back(self, seat: int) -> bool:
        """Nothing taken back (see `can_take_back`)."""
        return False

    # --- Beyond the protocol ---------------------------------------------------------------

    @property
    def started(self) -> bool:
        return bool(self._events) or self.info.started

    @property
    def caught_up(self) -> bool:
        """Whether the game so far, as much as the server said would come, is here."""
        return len(self._events) >= self.expected

    def is_host(self, name: str) -> bool:
        """Whether this session, its player called ``name``, hosts the table."""
        if self.seat is None:
            return False
        if self.info.host_seat is not None:
            return self.info.host_seat == self.seat
        if self.info.host is not None:
            return self.info.host == name
        return self.seat == 0  # the creator sits at seat 0

    def subscribe_refusals(self, listener: RefusalListener) -> Callable[[], None]:
        """Call ``listener`` with each refusal the server sends while it listens
        (a move was sent, the server refused it, nothing changed)."""
        return _add(self._refusal_listeners, listener)

    def subscribe_changes(self, listener: ChangeListener) -> Callable[[], None]:
        """Call ``listener`` when who sits where changes (a seat taken or freed,
        a player dropped or back, a bot standing in, a seat that dozes)."""
        return _add(self._change_listeners, listener)

    # --- Dozing ------------------------------------------------------------------------------

    @property
    def dozing(self) -> frozenset[int]:
        """The seats that doze: a bot plays them until their person presses a key."""
        return self.presence.dozing()

    @property
    def dozes(self) -> bool:
        """Whether this session's own seat dozes: a bot plays it until a key (`wake`)."""
        return self.seat is not None and self.seat in self.dozing

    def wake(self) -> bool:
        """The player pressed a key while their seat dozes: ask the server for the
        seat back (`Back`). One key sends one; more keys send nothing while the
        answer is awaited, for `BACK_PATIENCE` seconds. True when sent."""
        if not self.dozes:
            return False
        now = self.now()
        if self._back_at is not None and now - self._back_at < BACK_PATIENCE:
            return False
        if not self.line.send(Back()):
            return False
        self._back_at = now
        return True

    # --- Hearing from the server (the connection calls these) ------------------------------

    def receive(self, index: int, event: Event) -> None:
        """The ``index``-th event of the game; `BadMessage` when one is missing
        or the game cannot follow it."""
        if index < len(self._events):
            return  # heard already
        if index > len(self._events):
            raise BadMessage("an event is missing")
        before = self.view
        try:
            view = project(before, event, self.seat)
        except (KeyError, TypeError, ValueError, IndexError):
            raise BadMessage("an event this game cannot follow") from None
        self._events.append(event)
        self._views.append(view)
        self._sent_at = None  # the table moved: a new move is checked against the news
        if isinstance(event, GameStarted):
            self._seat_players(view.players)
        for listener in list(self._listeners):
            listener(index, event)
        self._stop_clock_if_passed(before)

    def refused(self, refusal: IllegalMove) -> bool:
        """Tell the refusal listeners; False when none listens."""
        self._sent_at = None
        for listener in list(self._refusal_listeners):
            listener(refusal)
        return bool(self._refusal_listeners)

    def update(self, info: TableInfo, tell: bool = True) -> None:
        """The table as the server now lists it."""
        self.info = info
        self.presence.listed(info.seats)
        names = self.view.players if self.view is not None else None
        self.seats = tuple(
            Seat(names[i] if names else (s.name or ""), s.bot) for i, s in enumerate(info.seats)
        )
        if tell:
            self._changed()

    def seat_changed(self, change: SeatChanged) -> None:
        """A player dropped, left, dozes or came back; a bot stands in, or no more."""
        if not 0 <= change.seat < len(self.seats):
            raise BadMessage("no such seat", "seat")
        seats = list(self.seats)
        seats[change.seat] = Seat(seats[change.seat].name, change.bot)
        self.seats = tuple(seats)
        self.presence.told(change, len(self._events))
        if change.seat == self.seat:
            self._back_at = None  # the server answered: a new doze needs a new key
        self._changed()

    def _seat_players(self, names: tuple[str, ...]) -> None:
        """The game started: the names are the game's; a seat that was free has a
        bot now (of the server's default level until the server says which)."""
        old = self.info.seats
        seats = []
        for i, name in enumerate(names):
            before = old[i] if i < len(old) else None
            # A free seat the server filled at the start, without saying its level.
            bot = DEFAULT_LEVEL if before is None or before.free else before.bot
            seats.append(Seat(name, bot))
        self.seats = tuple(seats)
        self.presence.listed(old[: len(names)], started=True)

    def _changed(self) -> None:
        for listener in list(self._change_listeners):
            listener()


def _add(listeners: list[_T], listener: _T) -> Callable[[], None]:
    """Add ``listener``; the function that removes it again."""
    listeners.append(listener)
    return lambda: listeners.remove(listener) if listener in listeners else None
