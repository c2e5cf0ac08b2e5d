"""The feed: a table's events as one seat receives them, folded into its view.

No Textual here. Events are folded one at a time, in log order, and wait while the
feed is held (a round summary or a handover is open), so what the screen shows never
runs ahead of what the player has seen. A table that folds the seat's stream itself
(`KeepsViews`: a remote table, whose stream is the seat's already) lends the feed
its views, so that the stream is folded once.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from craits_core import Event, PlayerView, project, redact

from .table import Table


@runtime_checkable
class KeepsViews(Protocol):
    """A table that folds one seat's stream into its views itself."""

    def views_for(self, seat: int | None) -> Sequence[PlayerView] | None:
        """``seat``'s view after each event of the log so far; None where the
        table keeps none for that seat."""
        ...


class Feed:
    """One seat's side of a table's events (None: a watcher's, who sees no hand)."""

    def __init__(self, table: Table, seat: int | None) -> None:
        self.table = table
        self.seat = seat
        self.view: PlayerView | None = None
        self.open_views: list[PlayerView | None] = []
        """Every seat's view, when watching bots at a table that shows their hands
        (`Table.open_hands`); empty otherwise."""
        self.heard = table.event_count()
        """Events heard so far: the index the next one arriving has in the log."""
        self.shown = self.heard
        """Events of the log folded into the view so far."""
        self.held = False
        """A summary or handover is open: events wait."""
        self._queue: deque[Event] = deque()
        self._keeper = table if isinstance(table, KeepsViews) else None

    def arrive(self, index: int, event: Event) -> None:
        """The log's ``index``-th event has come; one already folded is ignored."""
        if index >= self.shown + len(self._queue):
            self._queue.append(event)

    @property
    def waiting(self) -> int:
        """Events heard and not yet folded."""
        return len(self._queue)

    @property
    def caught_up(self) -> bool:
        """Every event heard is shown, and nothing holds the feed."""
        return not self._queue and not self.held

    def next(self) -> Event | None:
        """Fold the next event, and return it as the seat sees it (None: nothing to
        fold now, or the feed is held)."""
        if self.held or not self._queue:
            return None
        event = self._queue.popleft()
        index = self.shown
        self.shown += 1
        kept = self._kept(self.seat)
        if kept is not None and index < len(kept):
            self.view = kept[index]  # the table's stream is the seat's, folded there
            return event
        n = len(self.table.players)
        mine = redact(event, self.seat, n)
        self.view = project(self.view, mine, self.seat)
        if self.open_views:
            self.open_views = [
                project(view, redact(event, seat, n), seat)
                for seat, view in enumerate(self.open_views)
            ]
        return mine

    def show_seat(self, seat: int | None) -> list[Event]:
        """Follow the table from ``seat``'s side from here: its view folded again
        from its own stream, which is returned (to tell the log again)."""
        self.seat = seat
        stream = self.table.events_for(seat)[: self.shown]
        kept = self._kept(seat)
        if kept is not None and self.shown <= len(kept):
            self.view = kept[self.shown - 1] if self.shown else None
        else:
            self.view = fold(stream, seat)
        self.open_views = (
            [
                fold(self.table.events_for(other)[: self.shown], other)
                for other in range(len(self.table.players))
            ]
            if seat is None and self.table.open_hands
            else []
        )
        return stream

    def _kept(self, seat: int | None) -> Sequence[PlayerView] | None:
        """The table's own views of ``seat``'s stream, if it keeps them."""
        return self._keeper.views_for(seat) if self._keeper is not None else None

    def restart(self) -> list[Event]:
        """Follow the log as it is now, after it was cut back (a take-back):
        nothing heard before is waiting any more. Returns the seat's stream."""
        self._queue.clear()
        self.heard = self.shown = self.table.event_count()
        return self.show_seat(self.seat)


def fold(events: Sequence[Event], seat: int | None) -> PlayerView | None:
    """``seat``'s view after ``events`` (its own stream); None before the game starts."""
    view = None
    for event in events:
        view = project(view, event, seat)
    return view
