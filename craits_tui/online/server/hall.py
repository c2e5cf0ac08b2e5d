"""`Hall`: what a table needs of the house it stands in (`house.House` is one)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from craits_core import Game, GameStore, RuleSet

from .chat import Spoken
from .ledger import Finished, Placing
from .seats import Member

if TYPE_CHECKING:
    from .house import HouseRules
    from .table import ServerTable


class Hall(Protocol):
    """What a table needs of the house it stands in."""

    store: GameStore | None
    rules: HouseRules
    """How the house runs its tables: their waits, paces and clocks."""

    def deal(self, names: list[str], rules: RuleSet) -> Game:
        """A new game for these players."""
        ...

    def muted(self, member: Member) -> Callable[[Spoken], bool]:
        """Whether ``member`` mutes what a line of chat's sender says."""
        ...

    def start_table(self, table: ServerTable) -> None:
        """Start a quick-match table nobody else came to (bots take its empty seats)."""
        ...

    def finish(self, table: ServerTable, placings: list[Placing], *, over: bool) -> Finished | None:
        """Record the end of the table's game (over, or left to nobody): its replay
        code and its people's ratings, within the transaction saving the game."""
        ...

    def game_over(self, table: ServerTable, finished: Finished | None) -> None:
        """The table's game ended: everyone hears how the ratings moved."""
        ...

    def lobby_changed(self) -> None:
        """The tables' list changed."""
        ...

    def seating_changed(self) -> None:
        """Who holds which seat changed."""
        ...

    def close_table(self, table: ServerTable, *, abandoned: bool = False) -> None:
        """Close ``table`` (``abandoned``: for good, its people gone)."""
        ...
