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
  ``refused``.
- ``tables``: answer ``tables {tables: [table info...]}``.
- ``create {name, seats: [null | level, ...], rules: {...}}``: a new table, the
  creator at seat 0 and its host; ``null`` marks a seat for a person, a level a bot.
  Answer: ``joined``.
- ``join {code, seat: int | null, spectate: bool}``: sit at a free person's seat
  (``null``: the first free one), take back one's own seat after a drop, or watch.
  Answer: ``joined {code, seat | null, table}``, then every event of the game so far.
- ``reconnect {code}``: take back the seat that the reconnect code names.
- ``fill {seat, bot: level | null}``: the host puts a bot on a seat, or frees it.
- ``start``: the host starts the game (empty seats get bots).
- ``command {command}``: a command as `craits_core.command_to_dict` writes it; its
  ``player`` must be the session's seat. Refused commands answer ``refused``.
- ``leave``: back to the lobby.

Server to session:

- ``table {table}``: the table changed while it waits to start (who sits where).
- ``event {index, event}``: the ``index``-th event of the game, redacted for the
  session's seat (spectators: for no seat). Sent in order, each once.
- ``seat {seat, connected, bot}``: a player dropped, came back, or a bot took over.
- ``refused {code, message, params}``: what was asked cannot be done; nothing
  changed. ``code`` is stable (`IllegalMove` codes for commands, and
  ``"bad-message"``, ``"not-your-seat"``, ``"table-full"``, ``"no-such-table"``,
  ``"not-host"``, ``"too-fast"``, ``"name-taken"`` for the rest).
- ``bye {message}``: the server ends the session (shutdown, idle, limits).

A table's info: ``{code, name, host, rules, started, seats: [{name, bot,
connected, person}], spectators}``.
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
