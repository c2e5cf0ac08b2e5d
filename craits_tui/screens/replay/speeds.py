"""How fast a replay plays itself: a choice of speeds, each a pace of events.

1× shows two events a second, time to read each line as it comes; ½× one a second,
the pace of old; 16× thirty-two, a short game of some 950 events in half a minute.
A timer never ticks more often than `SHORTEST_TICK`: the fastest speeds show two or
more events a tick rather than ask the terminal for more frames than it can draw.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import ceil

ONE_X = 0.5
"""Seconds an event shows at 1×."""

SHORTEST_TICK = 1 / 16
"""The shortest time between two ticks (seconds): sixteen pictures a second."""


@dataclass(frozen=True)
class Speed:
    """A replay's speed, ``factor`` times 1× (see `ONE_X`)."""

    factor: float

    def label(self, ascii: bool = False) -> str:
        """As the player reads it: "½×", "1×", "16×" (letters only: "0.5x", "16x")."""
        if ascii:
            return f"{self.factor:g}x"
        return "½×" if self.factor == 0.5 else f"{self.factor:g}×"

    @property
    def per_event(self) -> float:
        """Seconds an event shows."""
        return ONE_X / self.factor

    @property
    def interval(self) -> float:
        """Seconds between the timer's ticks."""
        return max(SHORTEST_TICK, self.per_event)

    @property
    def per_tick(self) -> int:
        """Events shown a tick: one, but at speeds past `SHORTEST_TICK`'s."""
        return max(1, ceil(self.interval / self.per_event - 1e-9))


SPEEDS = tuple(Speed(factor) for factor in (0.5, 1, 2, 4, 8, 16))
"""Every speed on offer, slowest first."""

DEFAULT_SPEED = SPEEDS[1]
"""1×: the speed a replay plays at until the player picks another."""
