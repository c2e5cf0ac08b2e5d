"""The bots of a server's table at play: one move at a time, at the house's pace,
each thought out in a thread so that the other tables go on meanwhile; and the
move a bot makes for a person whose clock ran out. Every move goes in the table's
one way (`ServerTable.submit`)."""

from __future__ import annotations

import asyncio
import contextlib
from typing import TYPE_CHECKING

from craits_core import Game
from craits_core.bot_levels import DEFAULT_LEVEL
from craits_core.bots import make_bot
from craits_core.hosting import BotHost

from .attendance import Mover
from .refusal import RequestRefused

if TYPE_CHECKING:
    from .table import ServerTable

TIMED_OUT_LEVEL = DEFAULT_LEVEL
"""The bot that makes a person's move when their turn's time runs out."""


class BotDriver:
    """Plays the bots (``bots``) of ``table``'s ``game`` until it is over."""

    def __init__(self, table: ServerTable, game: Game, bots: BotHost) -> None:
        self.table = table
        self.game = game
        self.bots = bots
        self._wake = asyncio.Event()
        self._wake.set()
        self._task = asyncio.get_running_loop().create_task(
            self._drive(), name=f"craits-table-{table.code}"
        )

    def wake(self) -> None:
        """Something changed (a move, someone came, a bot took a seat): the bots
        may have a move to make."""
        self._wake.set()

    async def _drive(self) -> None:
        """Play the bots' moves, one at a time, at the house's pace. Seats in their
        grace period have no bot: the game waits for them."""
        table, game, bots = self.table, self.game, self.bots
        while not game.state.is_over:
            await self._wake.wait()
            self._wake.clear()
            # Wait first, then look: a person may have moved meanwhile.
            await asyncio.sleep(table.hall.rules.bot_pace)
            if not table.attended or not table.presence.people_here():
                # Woken again when someone comes back. A game its people have
                # left waits for them (or for the table to close), bots and all.
                continue
            # A hard or expert bot thinks for a while: in a thread, so that the other tables
            # and sessions go on meanwhile (and people here may still call "idiot").
            moment = bots.moment()
            move = await asyncio.to_thread(moment.decide)
            if move is None or not bots.still_current(moment, move):
                continue  # the game moved on, or a person took the seat back: look again
            with contextlib.suppress(RequestRefused):  # logged: nobody here to tell
                table.submit(move, Mover.BOT)  # its events wake this loop again

    def ran_out(self, seat: int) -> None:
        """The clock of ``seat``'s person ran out: a bot makes their move."""
        game = self.game
        moves = game.legal_moves(seat)
        if not moves:
            return
        move = make_bot(TIMED_OUT_LEVEL).choose(game.view(seat), moves)
        with contextlib.suppress(RequestRefused):  # logged: nobody here to tell
            self.table.submit(move, Mover.CLOCK)  # the next turn's clock starts from its events

    def close(self) -> None:
        """The table closes: no more moves."""
        self._task.cancel()
        self.bots.close()
