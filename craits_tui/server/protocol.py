"""The table protocol: how a player's session talks to the server that owns the tables.

Every SSH session runs its own Craits app in its own terminal (a subprocess in a
PTY). That app talks to the one server process over a Unix domain socket, one JSON
object a line (UTF-8, at most `MAX_LINE` bytes). The server is the only place
commands are decided; a session sends commands for its own seat and receives only
its seat's redacted events (``Game.events_for``), so another seat's cards never
reach it.

Session to server (``"op"`` names the message):

- ``hello {token}``: the first line. ``token`` is the secret the server gave the
  session's process when it started it; it tells the server who this is (the SSH
  user name, key and address). Answer: ``welcome {player, name, reconnect}`` —
  the cleaned, table-unique name and a reconnect code to show on screen — or
  ``refused`` (code ``"unknown-session"``, then the line closes). A welcome is
  followed by ``tables``. Hello always lands in the lobby: a seat the session
  holds is kept for it (see ``join``).
- ``tables``: answer ``tables {tables: [table info...]}`` (every table not over).
- ``create {name, seats: [null | level, ...], rules: {...}}``: a new table, the
  creator at seat 0 and its host; ``null`` marks a seat for a person, a level a bot.
  ``rules`` is `RuleSet.to_dict`'s form (missing variants are off). Answer:
  ``joined`` (seat 0, ``events`` 0).
- ``join {code, seat: int | null, spectate: bool, since: int}``: sit at a free
  person's seat (``null``: the first free one), take back one's own seat after a
  drop, or watch. One's own seat is the seat this session holds, or one held by
  the same SSH user name with the same key (a new session after a drop); ``seat:
  null`` at a started game takes it back. Answer: ``joined {code, seat | null,
  table, events}``, then the game's events from index ``since`` on (default 0:
  the whole game so far). ``events`` is the game's event count at the join, so
  the last event of that backlog has index ``events - 1``. Joining elsewhere
  while at a table leaves that table first.
- ``reconnect {code, since}``: take back the seat that the reconnect code names
  (whichever session it was shown in). Answer as ``join``; ``"unknown-code"``
  when no seat is kept for that code.
- ``fill {seat, bot: level | null}``: the host puts a bot on a seat, or frees it.
  Everyone at the table gets ``table``.
- ``start``: the host starts the game (empty seats get bots). Everyone at the
  table gets ``table`` (started), then the game's events from index 0.
- ``command {command}``: a command as `craits_core.command_to_dict` writes it; its
  ``player`` must be the session's seat. Refused commands answer ``refused``;
  accepted ones answer with their events (to everyone at the table).
- ``leave``: back to the lobby. Answer: ``left {code}``, then ``tables``. Before
  the start the seat is freed; after it, it is kept for the player, and a bot
  plays it at once (no grace period: the player left on purpose).

Server to session:

- ``welcome {player, name, reconnect}``: also sent again when the player's name
  changes: made unique at a table they sit at ("Ann 2"), or the name of a seat
  they took back.
- ``tables {tables}``: also sent unasked to sessions in the lobby when the list
  changes.
- ``table {table}``: the table changed while it waits to start (who sits where),
  it started, or its game ended.
- ``event {index, event}``: the ``index``-th event of the game, redacted for the
  session's seat (spectators: for no seat). Sent in order, each once.
- ``seat {seat, connected, bot}``: a player dropped, came back, or a bot took over.
  A drop in a started game: ``connected: false`` (the game waits for the seat: no
  move is made for it), then after the grace period ``bot: "normal"`` (a bot
  plays the seat), then ``connected: true, bot: null`` when the player takes it
  back.
- ``left {code, message}``: the session is no longer at table ``code`` and is in
  the lobby (the answer to ``leave``, or the table closed).
- ``refused {code, message, params}``: what was asked cannot be done; nothing
  changed. ``code`` is stable (`IllegalMove` codes for commands, and
  ``"bad-message"``, ``"not-your-seat"``, ``"table-full"``, ``"no-such-table"``,
  ``"not-host"``, ``"too-fast"``, ``"name-taken"`` for the rest; also
  ``"unknown-session"``, ``"not-started"``, ``"already-started"``,
  ``"seat-taken"``, ``"unknown-code"``, ``"too-many-tables"`` and
  ``"server-error"``). ``message`` is English; ``params`` name the values.
- ``bye {code, message}``: the server ends the session (shutdown, idle, limits).
  ``code``: ``"shutdown"``, ``"idle"``, ``"ended"``, ``"replaced"`` (the same
  session connected again), ``"taken-back"`` (its seat was taken back from
  another session), ``"bad-messages"``, ``"too-fast"``, ``"handshake"`` (no
  hello in time).

A table's info: ``{code, name, host, host_seat, rules, started, over, seats:
[{name, bot, connected, person}], spectators}``. ``host`` is the host's name at
the table (null once nobody hosts), ``host_seat`` its seat. A seat's ``name`` is
null while it is free; ``person`` is true for a person's seat (free, taken, or
kept while they are away, a bot maybe standing in) and false for a bot's;
``spectators`` is how many watch.

Every message a session sends counts against a rate limit (20 a second, 40 in a
burst: more is refused ``"too-fast"``); bad messages and wrong reconnect codes
use up an allowance, and too many end the session.
"""

from __future__ import annotations

import json
from typing import Any

MAX_LINE = 64 * 1024
"""The longest line either side accepts; longer is a bad message."""


class BadMessage(ValueError):
    """A line that is not a protocol message."""


def encode(op: str, **fields: Any) -> bytes:
    """One message as a line of JSON."""
    return (json.dumps({"op": op, **fields}, ensure_ascii=False) + "\n").encode("utf-8")


def decode(line: bytes) -> dict[str, Any]:
    """A message from one line; raises `BadMessage` for anything else."""
    if len(line) > MAX_LINE:
        raise BadMessage("message too long")
    try:
        message = json.loads(line)
    except (UnicodeDecodeError, ValueError):
        raise BadMessage("not JSON") from None
    if not isinstance(message, dict) or not isinstance(message.get("op"), str):
        raise BadMessage("a message is an object with an op")
    return message
