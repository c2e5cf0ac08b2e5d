"""The table protocol: the messages between a player's session and the server.

Every SSH session runs its own Craits app in its own terminal; that app talks to
the one server process over a Unix domain socket, one JSON object a line (UTF-8,
at most `MAX_LINE` bytes), each with an ``"op"`` naming the message. Both sides
speak only the typed messages below (`messages`, carrying the `values`; the
limits and codes in `codes`): `encode` writes one, `decode` reads one and checks
every field against its type (`wire`), so dicts live at the socket's edge alone.
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

from .codes import (
    ADDRESS_VARIABLE,
    DOOR_VARIABLE,
    MAX_LINE,
    STRIKES,
    TOKEN_VARIABLE,
    WEB_ADDRESS_VARIABLE,
    BadMessage,
    ByeCode,
    Door,
    RefusalCode,
)
from .messages import (
    TO_SERVER,
    TO_SESSION,
    Back,
    Bye,
    ChatLine,
    CreateTable,
    Emote,
    EventSent,
    FillSeat,
    GetLeaderboard,
    GetReplay,
    Hello,
    Joined,
    JoinTable,
    Leaderboard,
    LeaveTable,
    Left,
    ListTables,
    Message,
    Mute,
    MuteChanged,
    Muted,
    QuickMatch,
    Rated,
    Reconnect,
    Refused,
    Rematch,
    RematchState,
    ReplayData,
    Say,
    SeatChanged,
    SendCommand,
    StartTable,
    TableChanged,
    TableList,
    TurnClock,
    Welcome,
)
from .values import (
    EMOTES,
    MAX_CHAT,
    ListedSeat,
    RatingNews,
    Standing,
    TableInfo,
)
from .wire import (
    decode,
    encode,
    line_length,
)

__all__ = [
    "ADDRESS_VARIABLE",
    "DOOR_VARIABLE",
    "EMOTES",
    "MAX_CHAT",
    "MAX_LINE",
    "STRIKES",
    "TOKEN_VARIABLE",
    "TO_SERVER",
    "TO_SESSION",
    "WEB_ADDRESS_VARIABLE",
    "Back",
    "BadMessage",
    "Bye",
    "ByeCode",
    "ChatLine",
    "CreateTable",
    "Door",
    "Emote",
    "EventSent",
    "FillSeat",
    "GetLeaderboard",
    "GetReplay",
    "Hello",
    "JoinTable",
    "Joined",
    "Leaderboard",
    "LeaveTable",
    "Left",
    "ListTables",
    "ListedSeat",
    "Message",
    "Mute",
    "MuteChanged",
    "Muted",
    "QuickMatch",
    "Rated",
    "RatingNews",
    "Reconnect",
    "RefusalCode",
    "Refused",
    "Rematch",
    "RematchState",
    "ReplayData",
    "Say",
    "SeatChanged",
    "SendCommand",
    "Standing",
    "StartTable",
    "TableChanged",
    "TableInfo",
    "TableList",
    "TurnClock",
    "Welcome",
    "decode",
    "encode",
    "line_length",
]
