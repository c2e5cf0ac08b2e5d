"""A table's chat: lines cleaned as names are, each player's pace held, mutes kept.

Every table has one `Chat`. A line is cleaned (`names.clean_text`: nothing a
terminal would act on, at most `MAX_CHAT` cells) and counted against its
sender's allowance: a token bucket per player (by handle, so a second session
does not double it) and, for a player known by name alone, per address too (a
new name from the same place does not renew it). An emote is one of `EMOTES`.
The table's latest lines are kept, for whoever joins later. Who hears a line is
the table's business (`mutes.Mutes`): everyone at it but those who muted its
sender.
"""

from __future__ import annotations

import math
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from ...names import clean_text
from ..protocol import EMOTES, MAX_CHAT, ChatLine
from .limits import Paces, client_key
from .seats import Member

KEPT_LINES = 50
"""Lines a table keeps for those who join it later."""


@dataclass(frozen=True, slots=True)
class ChatPace:
    """How fast one player may write at a table."""

    burst: float = 4.0
    """Lines in a row..."""
    rate: float = 0.5
    """...then one more line every 1 / rate seconds."""


@dataclass(frozen=True, slots=True)
class Speaker:
    """Who writes a line: their handle, their name and seat at the table, and,
    for a player known by name alone, the address they write from."""

    handle: str
    name: str
    seat: int | None
    origin: str | None = None

    @classmethod
    def of(cls, member: Member) -> Speaker:
        """``member`` as the chat knows them: one with no key, by their address too."""
        identity = member.identity
        origin = client_key(member.address) if identity.key is None else None
        return cls(identity.handle, member.name, member.seat, origin)


@dataclass(frozen=True, slots=True)
class Spoken:
    """A line as the table keeps it: what everyone may be sent, and where a
    player with no key wrote it from (for mutes, never sent)."""

    line: ChatLine
    origin: str | None = None


class ChatRefused(Exception):
    """A line that is not sent: ``code`` a `RefusalCode`, ``str()`` the reason,
    ``wait`` the seconds until a line would be taken (for "too chatty")."""

    def __init__(self, code: str, message: str, wait: float = 0.0) -> None:
        super().__init__(message)
        self.code = code
        self.wait = wait


class Chat:
    """The chat of one table."""

    def __init__(self, pace: ChatPace | None = None, clock: Callable[[], float] = time.monotonic):
        self.pace = pace or ChatPace()
        self.lines: deque[Spoken] = deque(maxlen=KEPT_LINES)
        self._paces = Paces(self.pace.rate, self.pace.burst, clock)

    def line(self, speaker: Speaker, text: str) -> Spoken:
        """The line ``speaker`` wrote, cleaned and kept; `ChatRefused` when it is
        empty once cleaned, or comes too fast."""
        cleaned = clean_text(text, MAX_CHAT)
        if not cleaned:
            raise ChatRefused("bad-message", "There is nothing to send.")
        return self._keep(speaker, text=cleaned)

    def emote(self, speaker: Speaker, emote: str) -> Spoken:
        """The emote ``speaker`` sent, kept; `ChatRefused` for an unknown one."""
        if emote not in EMOTES:
            raise ChatRefused("bad-message", f"Unknown emote; the emotes are {', '.join(EMOTES)}.")
        return self._keep(speaker, emote=emote)

    def _keep(self, speaker: Speaker, *, text: str = "", emote: str | None = None) -> Spoken:
        keys = [f"player {speaker.handle}"]
        if speaker.origin is not None:
            keys.append(f"address {speaker.origin}")
        if self._paces.take(*keys) > 0:
            wait = math.ceil(1 / self.pace.rate) if self.pace.rate > 0 else 60
            raise ChatRefused("too-chatty", "You are writing too fast.", wait)
        line = ChatLine(speaker.handle, speaker.name, speaker.seat, text=text, emote=emote)
        spoken = Spoken(line, speaker.origin)
        self.lines.append(spoken)
        return spoken
