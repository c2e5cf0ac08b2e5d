"""What one connection may cost the server: sessions, idleness, message rates.

A game server open to a LAN (or more) must stay fair when one client misbehaves,
by accident or on purpose: too many sessions from one address, a session left
open for hours, connections that never log in, a client sending commands in a
tight loop or sending garbage.
Each limit here is small and local; the servers apply them per connection, so
one client reaching a limit costs the others nothing.
"""

from __future__ import annotations

import ipaddress
import time
from collections import Counter, OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Generic, TypeVar


def client_key(address: str) -> str:
    """What counts as one client, for limits and back-off: its IPv4 address, or its
    IPv6 /64 network (one host's usual share: a client could take any address in it)."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


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
    login_timeout: float = 10.0
    """Seconds an SSH client has to authenticate, from its first byte..."""
    start_timeout: float = 10.0
    """...and then to start its game session (a shell on its one session channel)."""
    max_connecting: int = 0
    """SSH connections not yet in a game session (logging in, or logged in and not
    started), in total; 0: twice `max_sessions`. When it is reached, a newcomer
    makes room by closing the oldest such connection of the address holding the
    most of them, so that many addresses cannot keep a new one out either."""
    connecting_per_address: int = 0
    """The same, from one address; 0: twice `per_address`."""
    auth_tries: int = 3
    """Failed tries at logging in (passwords or keys) before a connection is closed."""
    resize_interval: float = 0.1
    """Seconds between two window sizes passed on to an app: a client resizing in a
    loop costs its app (and the server) a redraw this often at most."""
    tables_each: int = 3
    """Tables open at once that one player, or one address, has opened."""

    def __post_init__(self) -> None:
        # Twice the sessions: room for everyone at once to log in, and as many more.
        if self.max_connecting == 0:
            object.__setattr__(self, "max_connecting", 2 * self.max_sessions)
        if self.connecting_per_address == 0:
            object.__setattr__(self, "connecting_per_address", 2 * self.per_address)
        for name in (
            "max_sessions",
            "per_address",
            "max_connecting",
            "connecting_per_address",
            "auth_tries",
        ):
            if getattr(self, name) < 1:
                raise ValueError(f"{name} must be at least 1")
        for name in (
            "idle_timeout",
            "rate",
            "burst",
            "handshake",
            "login_timeout",
            "start_timeout",
        ):
            if not getattr(self, name) > 0:
                raise ValueError(f"{name} must be more than 0")
        if self.resize_interval < 0:
            raise ValueError("resize_interval cannot be negative")


@dataclass(frozen=True, slots=True)
class TablePace:
    """How fast one player, or one address, may open tables."""

    burst: float = 4.0
    """Tables in a row..."""
    rate: float = 1 / 15
    """...then one more every 1 / rate seconds."""


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
        if self.wait(tokens) > 0:
            return False
        self._level -= tokens
        return True

    def wait(self, tokens: float = 1.0) -> float:
        """Seconds until the bucket holds ``tokens`` (0: it does now)."""
        now = self._clock()
        self._level = min(self.burst, self._level + (now - self._stamp) * self.rate)
        self._stamp = now
        if self._level >= tokens:
            return 0.0
        return (tokens - self._level) / self.rate if self.rate > 0 else float("inf")

    @property
    def full(self) -> bool:
        """Whether the bucket is full again (nothing taken that has not grown back)."""
        return self.wait(self.burst) == 0.0


class Paces:
    """One `TokenBucket` for each of many keys (players, addresses), made when a
    key first takes and forgotten once full again, so that memory follows the
    keys in use, not every key ever seen."""

    def __init__(
        self, rate: float, burst: float, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self._new_bucket = partial(TokenBucket, rate, burst, clock)
        self._buckets: dict[str, TokenBucket] = {}

    def take(self, *keys: str) -> float:
        """One token from each of ``keys``' buckets, if every one has one: 0.0;
        else nothing is taken, and the seconds until every one will have."""
        buckets = [self._bucket(key) for key in keys]
        wait = max((bucket.wait() for bucket in buckets), default=0.0)
        if wait == 0.0:
            for bucket in buckets:
                bucket.take()
        return wait

    def _bucket(self, key: str) -> TokenBucket:
        bucket = self._buckets.get(key)
        if bucket is None:
            if len(self._buckets) >= 1024:
                self._buckets = {k: b for k, b in self._buckets.items() if not b.full}
            bucket = self._buckets[key] = self._new_bucket()
        return bucket


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


T = TypeVar("T")


class Arrivals(Generic[T]):
    """Connections not yet in a game session, in total and per address, against
    their own caps (apart from the sessions'): those logging in cost the server a
    key exchange and memory but play nothing, so a flood of them must neither
    crowd out the players nor let one address keep the others away."""

    def __init__(self, total: int, per_address: int) -> None:
        self.total = total
        self.per_address = per_address
        self._by_address: dict[str, OrderedDict[T, None]] = {}
        self._count = 0

    def __len__(self) -> int:
        return self._count

    def count(self, address: str) -> int:
        """Connections from ``address`` counted now."""
        return len(self._by_address.get(address, ()))

    def admit(self, address: str, item: T) -> tuple[bool, T | None]:
        """Count ``item`` (a new connection from ``address``) if it may stay: whether
        it may, and the connection it replaces (to be closed), if any."""
        held = self.count(address)
        if held >= self.per_address:
            return False, None
        evicted: T | None = None
        if self._count >= self.total:
            crowd = max(self._by_address, key=lambda a: len(self._by_address[a]))
            if len(self._by_address[crowd]) <= held:
                return False, None  # the newcomer's own address is the crowd
            evicted = next(iter(self._by_address[crowd]))  # its oldest
            self.leave(crowd, evicted)
        self._by_address.setdefault(address, OrderedDict())[item] = None
        self._count += 1
        return True, evicted

    def leave(self, address: str, item: T) -> None:
        """``item`` went into a game session, or away (nothing if not counted)."""
        held = self._by_address.get(address)
        if held is None or item not in held:
            return
        del held[item]
        self._count -= 1
        if not held:
            del self._by_address[address]
