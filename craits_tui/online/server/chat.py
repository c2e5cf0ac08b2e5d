"""A table's chat: lines cleaned as names are, each player's pace held, mutes kept.

Every table has one `Chat`. A line is cleaned (`names.clean_text`: nothing a
terminal would act on, at most `MAX_CHAT` cells) and counted against its
sender's allowance, a token bucket per player (by handle, so a second session
does not double it); an emote is one of `EMOTES`. The table's latest lines are
kept, for whoever joins later. Who hears a line is the table's business
(`Chat.hears`): everyone at it but those who muted the sender.
"""

from __future__ import annotations

import math
import time
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from ...names import clean_text
from ..protocol import EMOTES, MAX_CHAT, ChatLine
from .limits import TokenBucket

KEPT_LINES = 50
"""Lines a table keeps for those who join it later."""


@dataclass(frozen=True, slots=True)
class ChatPace:
    """How fast one player may write at a table."""

    burst: float = 4.0
    """Lines in a row..."""
    rate: float = 0.5
    """...then one more line every 1 / rate seconds."""


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
        self.lines: deque[ChatLine] = deque(maxlen=KEPT_LINES)
        self._clock = clock
        self._buckets: dict[str, TokenBucket] = {}

    def line(self, sender: str, name: str, seat: int | None, text: str) -> ChatLine:
        """The line ``sender`` wrote, cleaned and kept; `ChatRefused` when it is
        empty once cleaned, or comes too fast."""
        cleaned = clean_text(text, MAX_CHAT)
        if not cleaned:
            raise ChatRefused("bad-message", "There is nothing to send.")
        return self._keep(ChatLine(sender, name, seat, text=cleaned), sender)

    def emote(self, sender: str, name: str, seat: int | None, emote: str) -> ChatLine:
        """The emote ``sender`` sent, kept; `ChatRefused` for an unknown one."""
        if emote not in EMOTES:
            raise ChatRefused("bad-message", f"Unknown emote; the emotes are {', '.join(EMOTES)}.")
        return self._keep(ChatLine(sender, name, seat, emote=emote), sender)

    def _keep(self, line: ChatLine, sender: str) -> ChatLine:
        bucket = self._buckets.get(sender)
        if bucket is None:
            bucket = self._buckets[sender] = TokenBucket(
                self.pace.rate, self.pace.burst, self._clock
            )
        if not bucket.take():
            wait = math.ceil(1 / self.pace.rate) if self.pace.rate > 0 else 60
            raise ChatRefused("too-chatty", "You are writing too fast.", wait)
        self.lines.append(line)
        return line

    @staticmethod
    def hears(muted: Iterable[str], line: ChatLine) -> bool:
        """Whether a player who muted ``muted`` hears ``line``."""
        return line.sender not in muted
