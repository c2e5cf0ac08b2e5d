"""Whom each player has muted, for as long as the server runs, in every session.

A mute is kept by the muting player's handle and names the muted player's
handle. A player with no key is only a name, and a new name is one reconnection
away: so muting a player known by name alone also mutes the address they wrote
from, and lines from any name at that address are not heard either. A player
mutes `MAX_MUTES` players at most.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable

from .chat import Spoken

MAX_MUTES = 50
"""Players one player may mute at once."""

REMEMBERED = 4096
"""Players with no key whose address is remembered (those who wrote last)."""


class TooManyMutes(Exception):
    """A player who has muted `MAX_MUTES` players mutes one more."""


class Mutes:
    """Every player's mutes."""

    def __init__(self, most: int = MAX_MUTES) -> None:
        self.most = most
        self._muted: dict[str, dict[str, str | None]] = {}
        """By a player's handle: the handles they muted, each with its address for
        a player with no key (None for a key's)."""
        self._origins: OrderedDict[str, str] = OrderedDict()
        """Where each player with no key last wrote from, by handle."""

    def heard(self, spoken: Spoken) -> None:
        """``spoken`` was said: where its sender is, if they have no key."""
        if spoken.origin is not None:
            handle = spoken.line.sender
            self._origins.pop(handle, None)
            self._origins[handle] = spoken.origin
            if len(self._origins) > REMEMBERED:
                self._origins.popitem(last=False)

    def set(self, muter: str, handle: str, muted: bool) -> bool:
        """``muter`` mutes (or hears again) ``handle``; whether that changed
        anything. `TooManyMutes` past `most`."""
        mine = self._muted.setdefault(muter, {})
        if not muted:
            return mine.pop(handle, False) is not False
        if handle in mine:
            return False
        if len(mine) >= self.most:
            raise TooManyMutes(f"You have muted {self.most} players: hear one again first.")
        mine[handle] = self._origins.get(handle)
        return True

    def listed(self, muter: str) -> tuple[str, ...]:
        """The handles ``muter`` has muted."""
        return tuple(sorted(self._muted.get(muter, ())))

    def muting(self, muter: str) -> Callable[[Spoken], bool]:
        """Whether ``muter`` mutes what is said in a line: its sender, or for a
        sender with no key, anyone at an address of someone they muted."""
        mine = self._muted.get(muter)
        if not mine:
            return _nobody
        origins = {origin for origin in mine.values() if origin is not None}
        return lambda spoken: (
            spoken.line.sender in mine or (spoken.origin is not None and spoken.origin in origins)
        )


def _nobody(spoken: Spoken) -> bool:
    return False
