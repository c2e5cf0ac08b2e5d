"""Who sits where: a player's identity and session, a table's seats, and the codes.

A player is who they log in as: the fingerprint of their SSH key where they use
one, else their name on this server (`Identity`). A seat taken by a person is
kept for that identity, through drops, leaves and restarts of the server, until
they sit elsewhere; its reconnect code lets the same player take it back from a
session that cannot prove who it is (no key, another name).
"""

from __future__ import annotations

import asyncio
import hashlib
import secrets
from collections.abc import Container
from dataclasses import dataclass
from typing import Any, Protocol

from ...names import name_key
from ..protocol import ListedSeat, Message, SeatChanged

CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""Letters of table and reconnect codes: none that reads like another (0/O, 1/I)."""

TABLE_CODE_LENGTH = 4
RECONNECT_CODE_LENGTH = 8


def fresh_code(length: int, taken: Container[str], *, dash: bool = False) -> str:
    """A random code of ``length`` letters, not in ``taken`` (``dash``: "ABCD-EFGH")."""
    while True:
        code = "".join(secrets.choice(CODE_LETTERS) for _ in range(length))
        if dash:
            half = length // 2
            code = f"{code[:half]}-{code[half:]}"
        if code not in taken and normal_code(code) not in taken:
            return code


def normal_code(code: str) -> str:
    """A code as typed ("abcd-efgh ", "ABCDEFGH"), as it is compared: letters only."""
    return "".join(c for c in code.upper() if c.isalnum())[:32]


@dataclass(frozen=True, slots=True)
class Identity:
    """Who a player is on this server."""

    user: str
    """Their SSH user name, cleaned: their name at the tables, unless it is taken."""
    key: str | None = None
    """The fingerprint of the key they logged in with, if any."""

    @property
    def handle(self) -> str:
        """How other sessions name this player (in chat, for mutes): the same for the
        same player in every session, and neither their key nor their name."""
        basis = f"key {self.key}" if self.key is not None else f"name {name_key(self.user)}"
        return hashlib.sha256(basis.encode()).hexdigest()[:12]

    def same(self, other: Identity) -> bool:
        """Whether ``other`` is this player: the same key, or, where neither logged
        in with a key, the same name (by `name_key`)."""
        if self.key is not None or other.key is not None:
            return self.key == other.key
        return name_key(self.user) == name_key(other.user)

    def to_dict(self) -> dict[str, Any]:
        return {"user": self.user, "key": self.key}

    @classmethod
    def from_dict(cls, data: Any) -> Identity:
        if not isinstance(data, dict) or not isinstance(data.get("user"), str):
            raise ValueError(f"not an identity: {data!r}")
        key = data.get("key")
        return cls(data["user"], key if isinstance(key, str) else None)


class Connection(Protocol):
    """One session's line to the server (see `craits_tui.online.server.ipc`).

    Sending never waits: a connection that cannot keep up is closed by its
    transport, and the authority hears of it.
    """

    def send(self, message: Message) -> None:
        """Send one message."""
        ...

    def send_line(self, line: bytes) -> None:
        """Send one message already encoded, so a message for many sessions is
        encoded once."""
        ...

    def close(self, code: str, message: str) -> None:
        """Say ``bye`` and end the connection."""
        ...


@dataclass(eq=False)
class Member:
    """A player's session, whether or not its app is connected right now."""

    id: str
    token: str
    identity: Identity
    address: str
    lobby_name: str = ""
    """Their name in the lobby: their user name, unlike every other there."""
    name: str = ""
    """Their name where they are: at a table, the seat's name; else `lobby_name`."""
    conn: Connection | None = None
    at: str | None = None
    """The code of the table they sit at or watch; None in the lobby."""
    seat: int | None = None
    """Their seat at that table; None when watching."""
    arrival: Message | None = None
    """What the session asked for as it came (a table to join by its link, a seat
    to take back by its code), carried out once, after its first hello."""


@dataclass(eq=False)
class Slot:
    """One seat of a table."""

    name: str | None = None
    bot: str | None = None
    """The level of the bot that plays the seat: a bot's seat, or a stand-in."""
    person: bool = True
    """The seat is a person's: free, taken, or kept for them while they are away."""
    holder: Identity | None = None
    """The person it is kept for."""
    code: str | None = None
    """Its reconnect code, while a person holds it."""
    member: Member | None = None
    """The session sitting there now; None while its person is away."""
    grace: asyncio.TimerHandle | None = None
    """The end of the person's grace period, while they are away from a game."""
    dozing: bool = False
    """A bot plays for its person, who is here but let their clock run out (see
    `presence.Whereabouts.doze`)."""
    left: bool = False
    """Its person left the table on purpose (a bot stood in at once), rather than
    dropped; until they are back."""

    @property
    def present(self) -> bool:
        return self.member is not None

    @property
    def free(self) -> bool:
        return self.person and self.holder is None and self.bot is None

    def info(self) -> ListedSeat:
        return ListedSeat(
            name=self.name,
            bot=self.bot,
            connected=self.present or (not self.person and self.bot is not None),
            person=self.person,
            player=self.holder.handle if self.person and self.holder is not None else None,
        )

    def change(self, seat: int) -> SeatChanged:
        """This seat (``seat``) as `SeatChanged` tells it, with the grace period
        left while its person is away and the game waits."""
        grace = None
        if self.grace is not None:
            left = self.grace.when() - asyncio.get_running_loop().time()
            grace = round(max(0.0, left), 1)
        return SeatChanged(
            seat,
            self.present,
            self.bot,
            self.dozing,
            grace=grace,
            left=self.left,
            person=self.person,
        )

    def kept_for(self, identity: Identity) -> bool:
        """Whether this seat is kept for ``identity``."""
        return self.holder is not None and self.holder.same(identity)
