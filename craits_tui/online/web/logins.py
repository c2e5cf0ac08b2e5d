"""Who has given a name at the web door: a login, behind a random secret that the
browser keeps in a cookie (never in a URL) and the server in memory.

A login is a name, checked as a keyless SSH login's is; the table its link asked
for, until a session goes there; and the browser's game session, at most one at
a time: a newer tab (or a reload) takes the game over. Memory stays bounded:
`MAX_LOGINS` in all and `PER_CLIENT` from one address, the longest unused
forgotten first, and none kept past `FORGET_AFTER` unused.
"""

from __future__ import annotations

import secrets
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .session import WebSession

MAX_LOGINS = 10_000
PER_CLIENT = 32
FORGET_AFTER = 12 * 3600.0
"""Seconds a login is kept unused."""


@dataclass(eq=False)
class Login:
    """One browser's login: the player's name, and what it is doing."""

    name: str
    client: str
    """Its address, as limits count it."""
    table: str | None = None
    """The table whose link brought the player, until a session joins it."""
    replay: str | None = None
    """The replay whose link brought the player, until a session shows it."""
    session: WebSession | None = None
    """Its game, while one runs."""
    seat: str | None = None
    """The reconnect code of the seat its last game left kept, if any."""
    played: bool = False
    """Whether it has had a game here (then `seat` says all there is to keep)."""
    used: float = field(default=0.0)


class Logins:
    """Every login, by its secret."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._by_secret: OrderedDict[str, Login] = OrderedDict()
        self._by_client: dict[str, OrderedDict[str, None]] = {}

    def __len__(self) -> int:
        return len(self._by_secret)

    def add(self, name: str, client: str, table: str | None = None) -> tuple[str, Login]:
        """A new login for ``name`` from ``client``: its secret, and it."""
        self._forget_old()
        mine = self._by_client.get(client, {})
        while len(mine) >= PER_CLIENT:
            self._forget(next(iter(mine)))  # the address's oldest makes room
        while len(self._by_secret) >= MAX_LOGINS:
            self._forget(next(iter(self._by_secret)))
        secret = secrets.token_urlsafe(32)
        login = Login(name, client, table, used=self._clock())
        self._by_secret[secret] = login
        self._by_client.setdefault(client, OrderedDict())[secret] = None
        return secret, login

    def get(self, secret: str | None) -> Login | None:
        """The login of ``secret`` (a cookie's value), if it is one still kept."""
        if not secret:
            return None
        self._forget_old()
        login = self._by_secret.get(secret)
        if login is not None:
            login.used = self._clock()
            self._by_secret.move_to_end(secret)
            self._by_client[login.client].move_to_end(secret)
        return login

    def _forget_old(self) -> None:
        now = self._clock()
        while self._by_secret:
            secret, login = next(iter(self._by_secret.items()))
            if now - login.used <= FORGET_AFTER:
                break
            self._forget(secret)

    def _forget(self, secret: str) -> None:
        login = self._by_secret.pop(secret)
        mine = self._by_client[login.client]
        del mine[secret]
        if not mine:
            del self._by_client[login.client]
