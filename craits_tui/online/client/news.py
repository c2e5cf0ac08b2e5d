"""What the server tells of a game besides its events, as this side keeps it: the
turn clock that runs, how the finished game moved the ratings, and the offer to
play again. `GameNews` is that part of `RemoteTable`.

No Textual here: the connection hands the table each `TurnClock`, `Rated` and
`RematchState`, and the table tells its news listeners.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

from craits_core import PlayerView

from ...seat import Seat
from ..protocol import BadMessage, Message, Rated, RematchState, TableInfo, TurnClock

NewsListener = Callable[[Message], object]


class GameNews:
    """The clock, the ratings and the rematch of a table. The table it is part of
    gives it ``seat``, ``seats``, ``info`` and ``view``."""

    seat: int | None
    seats: Sequence[Seat]
    info: TableInfo
    view: PlayerView | None

    def __init__(self) -> None:
        self.rematch: RematchState | None = None
        """The offer to play again after the game, as the server last told it."""
        self.declined: tuple[int, ...] = ()
        """The seats that turned the rematch down, as far as this side can tell."""
        self.rated: Rated | None = None
        """How the finished game moved its people's ratings, once the server says."""
        self.clock: TurnClock | None = None
        """The turn clock that runs now, if any: it stops when its seat's turn passes."""
        self.now: Callable[[], float] = time.monotonic
        """The clock the countdowns are read on (a test holds its own still)."""
        self._clock_at = 0.0
        self._rematch_at = 0.0
        self._news_listeners: list[NewsListener] = []

    @property
    def replay(self) -> str | None:
        """The finished game's replay code, once the server says it."""
        return self.info.replay

    def clock_left(self) -> float | None:
        """Seconds left on the turn clock that runs (None: none runs), counted here
        from what the server said when it started."""
        if self.clock is None:
            return None
        return max(0.0, self.clock.seconds - (self.now() - self._clock_at))

    def rematch_left(self) -> float | None:
        """Seconds left to accept the rematch (None: no offer is on)."""
        if self.rematch is None or self.rematch.outcome is not None:
            return None
        return max(0.0, self.rematch.seconds - (self.now() - self._rematch_at))

    @property
    def rematch_asked(self) -> bool:
        """Whether an offer to play again is on for this session's seat."""
        state = self.rematch
        return (
            state is not None
            and state.outcome is None
            and self.seat is not None
            and self.seat in (*state.accepted, *state.waiting)
        )

    def subscribe_news(self, listener: NewsListener) -> Callable[[], None]:
        """Call ``listener`` with each `TurnClock`, `Rated` and `RematchState` once
        taken in; a clock that stops because its seat's turn passed is told as a
        `TurnClock` of no seconds."""
        self._news_listeners.append(listener)
        return lambda: (
            self._news_listeners.remove(listener) if listener in self._news_listeners else None
        )

    def clock_changed(self, clock: TurnClock) -> None:
        """A timed turn began (or ran out: then no clock runs any more)."""
        if not 0 <= clock.seat < len(self.seats):
            raise BadMessage("no such seat", "seat")
        running = not clock.ran_out and clock.seconds > 0
        self.clock = clock if running else None
        self._clock_at = self.now()
        self._tell_news(clock)

    def rated_news(self, rated: Rated) -> None:
        """The ratings the finished game moved."""
        self.rated = rated
        self._tell_news(rated)

    def rematch_changed(self, state: RematchState) -> None:
        """The offer to play again, as it now stands."""
        self.declined = state.declined
        self.rematch = state
        self._rematch_at = self.now()
        self._tell_news(state)

    def _stop_clock_if_passed(self, before: PlayerView | None) -> None:
        """Stop the running clock once an event ends its turn (or the game), not
        whenever another seat is to move: the first turn's clock starts as the
        server deals, so it comes before the events that lead to its turn."""
        clock, view = self.clock, self.view
        if clock is None or view is None:
            return
        ended = before is not None and before.current_player == clock.seat
        if view.is_over or (ended and view.current_player != clock.seat):
            self.clock = None
            self._tell_news(TurnClock(clock.seat, 0.0))

    def _tell_news(self, message: Message) -> None:
        for listener in list(self._news_listeners):
            listener(message)
