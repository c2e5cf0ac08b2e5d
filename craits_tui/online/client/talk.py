"""The chat of the table a session sits at or watches, as this side keeps it.

No Textual here: the connection hands the table each `ChatLine`, and the table
tells its chat's listeners. `Talk` is the chat's part of `RemoteTable`.
"""

from __future__ import annotations

from collections.abc import Callable

from ...names import MAX_NAME, clean_text
from ..protocol import MAX_CHAT, ChatLine, TableInfo

CHAT_KEPT = 200
"""Chat lines a table keeps, the latest: more than any panel shows."""

ChatListener = Callable[[ChatLine], object]


class Talk:
    """The chat at a table: its latest lines, who may write, whom one may mute.
    The table it is part of gives it ``seat`` and ``info``."""

    seat: int | None
    info: TableInfo

    def __init__(self) -> None:
        self.chat: list[ChatLine] = []
        """The table's latest chat lines (at most `CHAT_KEPT`), oldest first, cleaned."""
        self._chat_listeners: list[ChatListener] = []

    @property
    def can_chat(self) -> bool:
        """Whether this session may write in the table's chat: a seated player, or a
        spectator where the host lets spectators write."""
        return self.seat is not None or self.info.spectator_chat

    def subscribe_chat(self, listener: ChatListener) -> Callable[[], None]:
        """Call ``listener`` with each chat line as it arrives (already in `chat`)."""
        self._chat_listeners.append(listener)
        return lambda: (
            self._chat_listeners.remove(listener) if listener in self._chat_listeners else None
        )

    def chat_people(self, own_name: str | None = None) -> dict[str, str]:
        """The people one may mute here, by handle: whoever sits at the table and
        whoever has written, this session aside (see `is_own`); each with their name."""
        people: dict[str, str] = {}
        for i, seat in enumerate(self.info.seats):
            if seat.player is not None and i != self.seat:
                people[seat.player] = seat.name or seat.player
        for line in self.chat:
            if not self.is_own(line, own_name):
                people[line.sender] = line.name
        return people

    def is_own(self, line: ChatLine, own_name: str | None = None) -> bool:
        """Whether ``line`` was written from this session (see `written_by`)."""
        return written_by(line, self.seat, own_name)

    def hear_chat(self, line: ChatLine) -> None:
        """A chat line or an emote at the table. Cleaned again here, as names are:
        it is drawn on this player's terminal, whoever wrote it."""
        line = ChatLine(
            line.sender,
            clean_text(line.name, MAX_NAME) or "?",
            line.seat,
            clean_text(line.text, MAX_CHAT),
            line.emote,
        )
        if not line.text and line.emote is None:
            return  # nothing left to show
        self.chat.append(line)
        del self.chat[:-CHAT_KEPT]
        for listener in list(self._chat_listeners):
            listener(line)


def written_by(line: ChatLine, seat: int | None, name: str | None) -> bool:
    """Whether ``line`` was written by the session at ``seat``, or, when it
    watches (``seat`` None), by a spectator called ``name`` (names are unique at
    a table)."""
    if seat is not None:
        return line.seat == seat
    return line.seat is None and name is not None and line.name == name
