"""The web door's connections, held to the same caps as SSH connections until
their game starts, and who a request is from.

A browser opens a few connections for the page and its files, then one for the
game's websocket. Every connection not (yet) carrying a game counts against
`Limits.max_connecting` and `Limits.connecting_per_address` in an `Arrivals` of
its own, where a newcomer past the total makes room by closing the oldest
connection of the address holding the most; one past its address's cap is
answered with a sentence and closed. Such a connection lives at most the login
timeout and the start timeout together: a socket opened and left silent, or a
page fetched a byte at a time, costs its address a place for that long only.

Behind a reverse proxy (``--trust-proxy ADDR``) every connection comes from the
proxy: those are not capped here (the proxy holds its own clients to its own
limits), and a request's client is the last address of its ``X-Forwarded-For``,
believed from that proxy only.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
from collections.abc import Callable
from typing import Any

from aiohttp import web

from ..server.limits import Arrivals, Limits, client_key
from .config import Network

log = logging.getLogger("craits.server")

_TOO_MANY = b"Too many connections from your address: close some and try again.\n"
REFUSED = (
    b"HTTP/1.1 503 Service Unavailable\r\n"
    b"Content-Type: text/plain; charset=utf-8\r\n"
    b"Connection: close\r\n"
    b"Retry-After: 10\r\n"
    b"Content-Length: %d\r\n\r\n%s" % (len(_TOO_MANY), _TOO_MANY)
)
"""The answer to a connection past its address's cap (nothing of it is read)."""


def peer_address(transport: asyncio.BaseTransport | None) -> str:
    """The address at the other end of ``transport`` ("" when it has none)."""
    peer = transport.get_extra_info("peername") if transport is not None else None
    return str(peer[0]) if isinstance(peer, tuple) and peer else ""


class Gate:
    """Every connection to the web door, through `guarded`; and who a request is from."""

    def __init__(self, limits: Limits, proxies: tuple[Network, ...] = ()) -> None:
        self.limits = limits
        self.proxies = proxies
        self.arrivals: Arrivals[GuardedProtocol] = Arrivals(
            limits.max_connecting, limits.connecting_per_address
        )
        self._guards: dict[asyncio.BaseTransport, GuardedProtocol] = {}

    def guarded(self, make: Callable[[], asyncio.Protocol]) -> Callable[[], asyncio.Protocol]:
        """A protocol factory for the listening socket: ``make``'s protocols, each
        behind its connection's guard."""
        return lambda: GuardedProtocol(self, make())

    def trusted(self, address: str) -> bool:
        """Whether ``address`` is a proxy whose ``X-Forwarded-For`` is believed."""
        try:
            ip = ipaddress.ip_address(address)
        except ValueError:
            return False
        if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
            ip = ip.ipv4_mapped
        return any(ip in network for network in self.proxies)

    def forwarded(self, request: web.Request) -> bool:
        """Whether ``request`` came through a trusted proxy."""
        return self.trusted(peer_address(request.transport))

    def address(self, request: web.Request) -> str:
        """Who ``request`` is from: its peer, or what a trusted proxy says."""
        peer = peer_address(request.transport)
        if not self.trusted(peer):
            return peer
        said = request.headers.getall("X-Forwarded-For", [])
        last = ",".join(said).split(",")[-1].strip() if said else ""
        try:
            return str(ipaddress.ip_address(last))
        except ValueError:
            return peer  # a proxy that said nothing usable: its own address

    def playing(self, request: web.Request) -> None:
        """``request``'s connection carries a game now: no longer held to the caps
        of connections arriving."""
        guard = self._guards.get(request.transport) if request.transport else None
        if guard is not None:
            guard.playing()

    def close_all(self) -> None:
        """Close every connection still arriving (the server stops)."""
        for guard in list(self._guards.values()):
            guard.close()


class GuardedProtocol(asyncio.Protocol):
    """One connection: admitted under the caps, or answered and closed; then the
    web server's own protocol (``inner``), which sees everything as it would."""

    def __init__(self, gate: Gate, inner: asyncio.Protocol) -> None:
        self.gate = gate
        self.inner = inner
        self.transport: asyncio.Transport | None = None
        self.address = ""
        self.client = ""
        self._counted = False
        self._open = False
        self._timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: Any) -> None:
        self.transport = transport
        gate = self.gate
        self.address = peer_address(transport)
        if not gate.trusted(self.address):
            self.client = client_key(self.address)
            admitted, evicted = gate.arrivals.admit(self.client, self)
            if evicted is not None:
                evicted.close()
            if not admitted:
                transport.write(REFUSED)
                transport.close()
                return
            self._counted = True
            limits = gate.limits
            self._timer = asyncio.get_running_loop().call_later(
                limits.login_timeout + limits.start_timeout, self.close
            )
        gate._guards[transport] = self
        self._open = True
        self.inner.connection_made(transport)

    def playing(self) -> None:
        """This connection carries a game: it is a session's now, under the
        sessions' caps."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self._counted:
            self._counted = False
            self.gate.arrivals.leave(self.client, self)

    def close(self) -> None:
        """Close the connection (its game, if any, ends with it)."""
        if self.transport is not None and not self.transport.is_closing():
            self.transport.close()

    def data_received(self, data: bytes) -> None:
        if self._open:
            self.inner.data_received(data)

    def eof_received(self) -> bool | None:
        return self.inner.eof_received() if self._open else None

    def pause_writing(self) -> None:
        if self._open:
            self.inner.pause_writing()

    def resume_writing(self) -> None:
        if self._open:
            self.inner.resume_writing()

    def connection_lost(self, exc: Exception | None) -> None:
        self.playing()  # uncounted, its timer stopped
        if self.transport is not None:
            self.gate._guards.pop(self.transport, None)
        if self._open:
            self._open = False
            self.inner.connection_lost(exc)
