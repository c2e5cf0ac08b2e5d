"""The protocol's messages, one frozen dataclass each, named on the wire by its
``op``: what a session may send (`TO_SERVER`) and what the server may send
(`TO_SESSION`). The package's own docstring says what each one means."""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from craits_core import Command, Event, RuleSet

from .values import RatingNews, Standing, TableInfo


class Message:
    """A message of the protocol; ``op`` names it on the wire."""

    __slots__ = ()
    op: ClassVar[str]


_T = typing.TypeVar("_T")


@typing.dataclass_transform(frozen_default=True)
def _message(op: str) -> Callable[[type[_T]], type[_T]]:
    """A message class named ``op`` on the wire: a frozen dataclass."""

    def make(cls: type[_T]) -> type[_T]:
        cls.op = op  # type: ignore[attr-defined]
        return dataclasses.dataclass(frozen=True, slots=True)(cls)

    return make


@_message("hello")
class Hello(Message):
    token: str


@_message("tables")
class ListTables(Message):
    pass


@_message("create")
class CreateTable(Message):
    seats: tuple[str | None, ...]
    rules: RuleSet = dataclasses.field(default_factory=RuleSet)
    name: str | None = None
    turn_time: int | None = None
    spectator_chat: bool = False


@_message("join")
class JoinTable(Message):
    code: str
    seat: int | None = None
    spectate: bool = False
    since: int = 0


@_message("reconnect")
class Reconnect(Message):
    code: str
    since: int = 0


@_message("fill")
class FillSeat(Message):
    seat: int
    bot: str | None = None


@_message("start")
class StartTable(Message):
    pass


@_message("command")
class SendCommand(Message):
    command: Command


@_message("leave")
class LeaveTable(Message):
    pass


@_message("quick")
class QuickMatch(Message):
    short: bool = False
    """The short game (8 rounds) rather than the whole one (15)."""


@_message("say")
class Say(Message):
    text: str


@_message("emote")
class Emote(Message):
    emote: str
    """One of `EMOTES`."""


@_message("mute")
class Mute(Message):
    player: str
    """The player's handle (`ChatLine.sender`)."""
    muted: bool = True


@_message("back")
class Back(Message):
    """The person at a dozing seat pressed a key: they play their seat again."""


@_message("rematch")
class Rematch(Message):
    accept: bool = True


@_message("leaderboard")
class GetLeaderboard(Message):
    pass


@_message("replay")
class GetReplay(Message):
    code: str


@_message("welcome")
class Welcome(Message):
    player: str
    """The server's own id for the player (shown nowhere)."""
    name: str
    table: str | None = None
    """The code of the table where a seat is kept for the player, if any."""
    reconnect: str | None = None
    """That seat's reconnect code: it takes the seat back from another session."""


@_message("tables")
class TableList(Message):
    tables: tuple[TableInfo, ...]


@_message("table")
class TableChanged(Message):
    table: TableInfo


@_message("joined")
class Joined(Message):
    code: str
    seat: int | None
    table: TableInfo
    events: int = 0


@_message("event")
class EventSent(Message):
    index: int
    event: Event


@_message("seat")
class SeatChanged(Message):
    seat: int
    connected: bool
    bot: str | None = None
    dozing: bool = False
    """Its person is here, but let their clock run out: the bot plays until they
    press a key (`Back`)."""
    grace: float | None = None
    """While its person is away and the game waits for them: the seconds left
    before a bot stands in."""
    left: bool = False
    """Its person left the table (a bot stands in at once) rather than dropped."""
    person: bool = True
    """The seat is still its person's; False once they gave it up for good (a bot
    plays it to the end)."""


@_message("left")
class Left(Message):
    code: str | None = None
    message: str = ""


@_message("chat")
class ChatLine(Message):
    sender: str
    """The sender's handle: the same for the same player, whatever their session."""
    name: str
    seat: int | None = None
    """Their seat at the table; None for a spectator."""
    text: str = ""
    emote: str | None = None


@_message("muted")
class Muted(Message):
    players: tuple[str, ...]


@_message("mute-changed")
class MuteChanged(Message):
    player: str
    muted: bool


@_message("clock")
class TurnClock(Message):
    seat: int
    seconds: float
    ran_out: bool = False


@_message("rated")
class Rated(Message):
    changes: tuple[RatingNews, ...]
    placement: int = 5
    """Rated games a player plays before a rating is shown."""


@_message("rematch-state")
class RematchState(Message):
    accepted: tuple[int, ...]
    """The seats of the people who have accepted."""
    waiting: tuple[int, ...]
    """The seats of the people still asked."""
    seconds: float
    """Seconds left to accept."""
    outcome: str | None = None
    """Once the offer is over: "started", "declined" or "expired"."""
    declined: tuple[int, ...] = ()
    """The seat of the person who declined (or left), when one did."""


@_message("standings")
class Leaderboard(Message):
    top: tuple[Standing, ...]
    you: Standing | None = None
    placement: int = 5
    """Rated games a player plays before a rating is shown."""
    rated: int = 0
    """How many players have a rating."""
    listed: bool = True
    """Whether the board lists the player once their placement games are played
    (False: they log in without a key, and the board lists keys alone)."""


@_message("replay-data")
class ReplayData(Message):
    code: str
    part: int
    parts: int
    events: tuple[Event, ...]


@_message("refused")
class Refused(Message):
    code: str
    message: str
    params: dict[str, Any] = dataclasses.field(default_factory=dict)


@_message("bye")
class Bye(Message):
    code: str
    message: str


TO_SERVER: Mapping[str, type[Message]] = {
    cls.op: cls
    for cls in (
        Hello,
        ListTables,
        CreateTable,
        JoinTable,
        Reconnect,
        FillSeat,
        StartTable,
        SendCommand,
        LeaveTable,
        QuickMatch,
        Say,
        Emote,
        Mute,
        Back,
        Rematch,
        GetLeaderboard,
        GetReplay,
    )
}
"""What a session may send, by op."""

TO_SESSION: Mapping[str, type[Message]] = {
    cls.op: cls
    for cls in (
        Welcome,
        TableList,
        TableChanged,
        Joined,
        EventSent,
        SeatChanged,
        Left,
        ChatLine,
        Muted,
        MuteChanged,
        TurnClock,
        Rated,
        RematchState,
        Leaderboard,
        ReplayData,
        Refused,
        Bye,
    )
}
"""What the server may send, by op."""
