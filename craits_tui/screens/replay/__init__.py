"""A replay: a saved game shown at the table event by event, turn by turn or round
by round, with every hand face up or as one seat saw it.

The states are the fold of the log (`initial_state`, then `evolve` for each event),
worked out once when the screen opens, so a step or a jump either way is instant. A
seat's view draws the same states with the other hands face down, and tells the log
from the events as that seat received them (`redact`): what it shows is what the
seat could know.
"""

from .log import EventLog
from .screen import ReplayScreen
from .timeline import Timeline, replayed

__all__ = ["EventLog", "ReplayScreen", "Timeline", "replayed"]
