"""The table protocol: the messages between a player's session and the server.

Every SSH session runs its own Craits app in its own terminal; that app talks to
the one server process over a Unix domain socket, one JSON object a line (UTF-8,
at most `MAX_LINE` bytes), each with an ``"op"`` naming the message. Both sides
speak only the typed messages below: `encode` writes one, `decode` reads one and
checks every field against its type, so dicts live at the socket's edge alone.
The engine's events and commands travel as `craits_core.codec` writes them.

The server is the only place commands are decided. A session sends commands for
its own seat and receives only its seat's redacted events (``Game.events_for``),
so another seat's cards never reach it.

Session to server (`TO_SERVER`):

- `Hello`: the first line, with the secret token the server gave the session's
  process. Answer: `Welcome`, then `TableList`; or `Refused`
  (``unknown-session``) and the line closes. Hello always lands in the lobby.
- `ListTables`: answer `TableList` (every table not over).
- `CreateTable`: a new table, the creator at seat 0 and its host; a seat is
  ``None`` for a person or a bot's level. Answer `Joined`.
- `JoinTable`: sit at a free person's seat (``seat=None``: the first free one),
  take back one's own seat, or watch. One's own seat is one held by the same
  player: the same key, or, for a player who logged in without a key, the same
  name. Answer `Joined`, then the game's events from index ``since`` on.
- `Reconnect`: take back the seat a reconnect code names, while its player is
  away (never from a player who is there). Answer as `JoinTable`; the seat then
  gets a new code, told in `Welcome`.
- `FillSeat`: the host puts a bot on a seat, or frees it (``bot=None``).
- `StartTable`: the host starts the game (empty seats get bots).
- `SendCommand`: a command for the session's own seat. Accepted: its events,
  to everyone at the table.
- `LeaveTable`: back to the lobby. Before the start the seat is freed; after
  it, it is kept for the player and a bot plays it at once.
- `QuickMatch`: a seat at the next quick-match table of that length waiting for
  players, or at a new one, which starts when it is full, or with bots in the
  empty seats once nobody has come for a while (`TableInfo.starts_in`).
  Answer `Joined`.
- `Say`, `Emote`: a line of chat, or an emote, to the table (seated players;
  spectators where the host allows it). Answer: a `ChatLine` to everyone at
  the table who has not muted the sender.
- `Mute`: hear no more chat from a player (`ChatLine.sender`), or again.
  Answer `MuteChanged` (`Muted`, the whole list, comes once, after `Welcome`).
- `Back`: the person at a dozing seat (`SeatChanged.dozing`) plays it again.
- `Rematch`: at game over, accept (or decline) playing again. Answer:
  `RematchState` to the table; once every person accepts, `Joined` at the new
  table, whose game starts at once.
- `GetLeaderboard`: answer `Leaderboard`.
- `GetReplay`: a finished game by its replay code. Answer: `ReplayData`, in
  parts, every event with every hand.

Server to session (`TO_SESSION`):

- `Welcome`: who the session is: the player's name (cleaned, unique in the lobby
  or at the table) and the seat kept for them, if any, with its reconnect code.
  Sent again whenever one of these changes.
- `TableList`: the open tables; also sent unasked to the lobby when it changes.
- `TableChanged`: a table changed while it waits (who sits where), it started,
  or its game ended.
- `Joined`: the session sits at (or watches) a table; ``events`` is the game's
  event count at the join, so the backlog that follows ends at ``events - 1``.
- `EventSent`: the ``index``-th event of the game, redacted for the session's
  seat (spectators: for no seat). Sent in order, each once.
- `SeatChanged`: a player dropped (``connected=False``; the game waits for the
  ``grace`` left), left on purpose (``left``: a bot stands in at once), a bot
  stands in after the grace period (``bot`` set), the player dozes, gave the
  seat up for good (``person=False``), or is back.
- `Left`: the session is no longer at table ``code`` (it left, or the table
  closed).
- `ChatLine`: a line of chat or an emote at the table (the latest lines follow
  a `Joined` too).
- `Muted`: the players whose chat the session no longer hears.
- `TurnClock`: a person's timed turn began (``seconds`` to move), or ran out
  (``ran_out``: a bot makes that one move; the seat stays theirs).
- `Rated`: how the game just finished moved the ratings of its people.
- `RematchState`: who has accepted to play again, and how long is left; its
  ``outcome`` once the offer is over.
- `Leaderboard`: the best players, and the session's own standing.
- `ReplayData`: one part of a finished game's events.
- `Refused`: what was asked cannot be done; nothing changed. ``code`` is a
  `RefusalCode` or, for a command, the engine's ``IllegalMove`` code.
- `Bye`: the server ends the session; ``code`` is a `ByeCode`.

Every message a session sends counts against a rate limit; bad messages and
wrong reconnect codes use up an allowance, and too many end the session.
"""

from __future__ import annotations

import dataclasses
import json
import typing
from collections.abc import Callable, Mapping
from enum import StrEnum
from typing import Any, ClassVar

from craits_core import Command, Event, RuleSet

from . import typed_json

MAX_LINE = 64 * 1024
"""The longest line either side accepts; longer is a bad message."""

TOKEN_VARIABLE = "CRAITS_SESSION"
"""The environment variable through which the server hands a session's app the
token its `Hello` presents."""
ADDRESS_VARIABLE = "CRAITS_SERVER_ADDRESS"
"""The environment variable through which the server tells a session's app what
to type after ``ssh`` to reach it ("-p 2222 192.0.2.7"), as the player did."""


class BadMessage(ValueError):
    """A line that is not a message of this protocol; ``field`` names the culprit."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


class RefusalCode(StrEnum):
    """Why the server refused a request (besides the engine's own codes)."""

    BAD_MESSAGE = "bad-message"
    UNKNOWN_SESSION = "unknown-session"
    TOO_FAST = "too-fast"
    NO_SUCH_TABLE = "no-such-table"
    TABLE_FULL = "table-full"
    SEAT_TAKEN = "seat-taken"
    """The seat belongs to someone else, or its player is there."""
    NOT_YOUR_SEAT = "not-your-seat"
    NOT_HOST = "not-host"
    NOT_STARTED = "not-started"
    ALREADY_STARTED = "already-started"
    UNKNOWN_CODE = "unknown-code"
    TOO_MANY_TABLES = "too-many-tables"
    """The server holds as many tables as it may."""
    YOUR_TABLES = "your-tables"
    """The player (``params["limit"]``) already has that many tables open."""
    ADDRESS_TABLES = "address-tables"
    """The player's address already has that many tables open."""
    NO_SUCH_REPLAY = "no-such-replay"
    CHAT_CLOSED = "chat-closed"
    """Spectators may not write at this table (its host decides)."""
    TOO_CHATTY = "too-chatty"
    """Chat lines come faster than a table may read them (``params["wait"]``: seconds)."""
    NOT_OVER = "not-over"
    NO_REMATCH = "no-rematch"
    """No rematch is on offer to this session (it is over, or it never was)."""
    TRY_LATER = "try-later"
    """Asked too often (opening tables, guessing replay codes): ``params["wait"]``
    seconds before it may be asked again."""
    TOO_MANY_MUTES = "too-many-mutes"
    """The player has muted as many players as they may (``params["limit"]``)."""
    SERVER_ERROR = "server-error"


class ByeCode(StrEnum):
    """Why the server ends a session."""

    SHUTDOWN = "shutdown"
    IDLE = "idle"
    ENDED = "ended"
    REPLACED = "replaced"
    """The same session connected again."""
    TAKEN_BACK = "taken-back"
    """The player took their seat back from a newer session."""
    BAD_MESSAGES = "bad-messages"
    TOO_FAST = "too-fast"
    HANDSHAKE = "handshake"
    """No hello in time."""


STRIKES = frozenset({RefusalCode.BAD_MESSAGE, RefusalCode.UNKNOWN_CODE, RefusalCode.NO_SUCH_REPLAY})
"""Refusals that use up a session's allowance of bad lines: malformed messages and
guessed reconnect or replay codes (so codes cannot be tried in bulk)."""


# --- Values ------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, slots=True)
class ListedSeat:
    """One seat of a table, as the lobby and the waiting room show it."""

    name: str | None = None
    """Who sits there; None while the seat is free."""
    bot: str | None = None
    """The level of the bot that plays the seat: a bot's seat, or a stand-in."""
    connected: bool = False
    """Its player is here (a bot's seat: always)."""
    person: bool = True
    """The seat is a person's: free, taken, or kept while they are away."""
    player: str | None = None
    """The person's handle (the same as `ChatLine.sender`); None for a bot or a free seat."""

    @property
    def free(self) -> bool:
        return self.person and self.name is None and self.bot is None


@dataclasses.dataclass(frozen=True, slots=True)
class TableInfo:
    """A table as the lobby lists it."""

    code: str
    name: str
    seats: tuple[ListedSeat, ...]
    rules: RuleSet = dataclasses.field(default_factory=RuleSet)
    host: str | None = None
    """The host's name at the table; None once nobody hosts it."""
    host_seat: int | None = None
    started: bool = False
    over: bool = False
    spectators: int = 0
    quick: bool = False
    """A quick-match table: nobody hosts it, it starts by itself."""
    starts_in: float | None = None
    """Seconds before a quick-match table starts with bots in its empty seats."""
    turn_time: int | None = None
    """Seconds a person has for each move; None: no clock."""
    spectator_chat: bool = False
    """Whether spectators may write in the chat."""
    replay: str | None = None
    """The finished game's replay code."""

    @property
    def taken(self) -> int:
        return sum(not seat.free for seat in self.seats)

    @property
    def free(self) -> int:
        return len(self.seats) - self.taken


EMOTES = ("wave", "gg", "nice", "laugh", "wow", "oops", "thinking", "thanks")
"""The emotes a player may send (each session draws them its own way)."""

MAX_CHAT = 200
"""The longest chat line, in terminal cells."""


@dataclasses.dataclass(frozen=True, slots=True)
class RatingNews:
    """How one person's rating moved with the game just finished."""

    seat: int
    name: str
    place: int
    """Their place among the game's people (1: the best; ties share)."""
    before: int | None
    """The rating shown before; None while placing."""
    after: int | None
    games: int
    """Rated games played, this one included."""
    placement: int | None = None
    """Rated games before their rating is shown (None: `Rated.placement`)."""


@dataclasses.dataclass(frozen=True, slots=True)
class Standing:
    """One player on the leaderboard."""

    place: int | None
    """Their place among the rated players; None while placing."""
    name: str
    rating: int | None
    """The rating shown (cautious: it rises as it grows sure); None while placing."""
    games: int


# --- Messages ------------------------------------------------------------------------


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


# --- The wire ------------------------------------------------------------------------


def encode(message: Message) -> bytes:
    """One message as a line of JSON."""
    fields = typed_json.dump(message)
    return (json.dumps({"op": message.op, **fields}, ensure_ascii=False) + "\n").encode("utf-8")


def line_length(value: Any) -> int:
    """Bytes ``value`` (a message's field) takes in a line."""
    return len(json.dumps(typed_json.dump(value), ensure_ascii=False).encode("utf-8"))


def decode(line: bytes, accepted: Mapping[str, type[Message]]) -> Message:
    """The message of one line, one of ``accepted`` (`TO_SERVER` or `TO_SESSION`);
    `BadMessage` for anything else. Fields a message does not have are ignored."""
    if len(line) > MAX_LINE:
        raise BadMessage("message too long")
    try:
        data = json.loads(line)
    except RecursionError:  # "[[[[...": nested deeper than Python recurses
        raise BadMessage("nested too deep") from None
    except (UnicodeDecodeError, ValueError):
        raise BadMessage("not JSON") from None
    if not isinstance(data, dict) or not isinstance(data.get("op"), str):
        raise BadMessage("a message is an object with an op")
    cls = accepted.get(data["op"])
    if cls is None:
        raise BadMessage(f"unknown message {data['op'][:40]!r}", "op")
    try:
        return typing.cast(Message, typed_json.load(cls, data))
    except typed_json.Mistyped as err:
        raise BadMessage(str(err), err.field) from None
