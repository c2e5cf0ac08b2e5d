"""A replay: a saved game shown at the table event by event, turn by turn or round
by round, with every hand face up or as one seat saw it.

The table after each event is folded as the table folds it: each seat's view of
the events as that seat received them (`redact`, then `project`), kept once folded
so that a step or a jump either way is a lookup. Every hand face up is each seat's
own hand side by side; a seat's view shows its own, the others face down until a
round's end shows them all, and tells the log in that seat's words: what it shows
is what the seat could know.
"""

from .log import EventLog
from .screen import ReplayScreen
from .timeline import Timeline, replayed

__all__ = ["EventLog", "ReplayScreen", "Timeline", "replayed"]
