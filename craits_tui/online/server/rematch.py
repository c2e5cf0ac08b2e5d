"""The offer of a rematch at game over: who is asked, who has accepted, how long is left.

At the end of a game the people still at the table are asked whether they play
again. The offer ends when one of them declines (or leaves), when its time runs
out, or when every one has accepted: then the table's operations seat them all,
with the same bots, at a new table whose game starts at once.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from ..protocol import RematchState


class RematchOffer:
    """A rematch offered to the people at ``seats`` for ``seconds``; when they run
    out with no answer from them all, the offer ends and ``tell`` says so."""

    def __init__(
        self, seats: tuple[int, ...], seconds: float, tell: Callable[[RematchState], None]
    ) -> None:
        self.seats = seats
        self.accepted: set[int] = set()
        self.declined: tuple[int, ...] = ()
        self.outcome: str | None = None
        """Once the offer is over: "started", "declined" or "expired"."""
        loop = asyncio.get_running_loop()
        self._clock = loop.time
        self.deadline = loop.time() + seconds
        self._tell = tell
        self.timer: asyncio.TimerHandle | None = loop.call_later(seconds, self._expired)

    def _expired(self) -> None:
        self.timer = None
        if self.outcome is None:
            self.end("expired")
            self._tell(self.state())

    @property
    def open(self) -> bool:
        return self.outcome is None

    @property
    def agreed(self) -> bool:
        """Every person asked has accepted."""
        return self.accepted == set(self.seats)

    def answer(self, seat: int, accept: bool) -> None:
        """``seat``'s answer; declining ends the offer for everyone."""
        if not accept:
            self.declined = (seat,)
            self.end("declined")
        else:
            self.accepted.add(seat)

    def end(self, outcome: str) -> None:
        self.outcome = outcome
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None

    def state(self) -> RematchState:
        """The offer as the table hears of it."""
        left = 0.0 if self.outcome else max(0.0, self.deadline - self._clock())
        return RematchState(
            accepted=tuple(s for s in self.seats if s in self.accepted),
            waiting=tuple(s for s in self.seats if s not in self.accepted),
            seconds=round(left, 1),
            outcome=self.outcome,
            declined=self.declined,
        )
