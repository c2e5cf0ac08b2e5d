"""What one connection may cost the server: sessions, idleness, message rates.

A game server open to a LAN (or more) must stay fair when one client misbehaves,
by accident or on purpose: too many sessions from one address, a session left
open for hours, a client sending commands in a tight loop or sending garbage.
Each limit here is small and local; the servers apply them per connection, so
one client reaching a limit costs the others nothing.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Limits:
    """The server's limits (the defaults are those of ``craits-tui serve``)."""

    max_sessions: int = 50
    """SSH sessions running at once, in total."""
    per_address: int = 8
    """SSH sessions running at once from one client address."""
    idle_timeout: float = 30 * 60.0
    """Seconds without a key press (or any input) before a session is ended."""
    rate: float = 20.0
    """Messages per second a connection may send, on average..."""
    burst: float = 40.0
    """...and in one burst."""
    bad_lines: float = 20.0
    """Bad messages (not JSON, wrong fields) a connection may send in a burst; one
    more after that ends it. The allowance grows back by `bad_line_rate` a second,
    so a client with an occasional bug is not thrown out."""
    bad_line_rate: float = 1.0
    too_fast: int = 200
    """Messages refused as too fast in a row that end the connection: a client
    ignoring its refusals is not a person."""
    handshake: float = 10.0
    """Seconds a new socket connection has to say hello."""
    login_timeout: float = 60.0
    """Seconds an SSH client has to authenticate."""
    abandon_after: float = 2 * 60.0
    """Seconds a table with nobody at it (no one connected, no spectator) stays
    open; its game stays saved."""

    def __post_init__(self) -> None:
        for name in ("max_sessions", "per_address"):
            if getattr(self, name) < 1:
                raise ValueError(f"{name} must be at least 1")
        for name in ("idle_timeout", "rate", "burst", "handshake", "login_timeout"):
            if not getattr(self, name) > 0:
                raise ValueError(f"{name} must be more than 0")


class TokenBucket:
    """A token bucket: ``burst`` tokens at most, refilled at ``rate`` a second.

    Cheap enough to keep one per connection and consult on every line.
    """

    __slots__ = ("_clock", "_level", "_stamp", "burst", "rate")

    def __init__(
        self, rate: float, burst: float, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.rate = rate
        self.burst = burst
        self._clock = clock
        self._level = burst
        self._stamp = clock()

    def take(self, tokens: float = 1.0) -> bool:
        """Take ``tokens`` if the bucket holds them; False (taking nothing) if not."""
        now = self._clock()
        self._level = min(self.burst, self._level + (now - self._stamp) * self.rate)
        self._stamp = now
        if self._level >= tokens:
            self._level -= tokens
            return True
        return False


class SessionCounter:
    """Sessions running, in total and per client address, against their limits."""

    def __init__(self, total: int, per_address: int) -> None:
        self.total = total
        self.per_address = per_address
        self._by_address: Counter[str] = Counter()

    @property
    def running(self) -> int:
        return sum(self._by_address.values())

    def count(self, address: str) -> int:
        return self._by_address[address]

    def admit(self, address: str) -> str | None:
        """Count one more session from ``address``; or, over a limit, count
        nothing and say which ("full" or "per-address")."""
        if self.running >= self.total:
            return "full"
        if self._by_address[address] >= self.per_address:
            return "per-address"
        self._by_address[address] += 1
        return None

    def release(self, address: str) -> None:
        """A session from ``address`` ended."""
        if self._by_address[address] > 1:
            self._by_address[address] -= 1
        else:
            del self._by_address[address]
