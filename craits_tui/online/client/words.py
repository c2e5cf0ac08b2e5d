"""The player's words for what the server says: every refusal and every goodbye.

Each code of the protocol (`RefusalCode`, `ByeCode`) has its sentence here, once,
in English marked for translation and translated when shown. A code this side
does not know yet is told in the server's own English sentence.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any

from ...i18n import N_, _, ngettext
from ..protocol import Bye, ByeCode, RefusalCode

Refusal = Callable[[Mapping[str, Any]], str | None]
"""A refusal's sentence from its values (None: a value it needs is missing)."""


def _limit(params: Mapping[str, Any]) -> int | None:
    limit = params.get("limit")
    return limit if type(limit) is int and limit >= 0 else None


def _seconds(params: Mapping[str, Any]) -> int | None:
    """The whole seconds of a refusal's ``wait``, rounded up (after "1 second" the
    request must go through); None when the value is missing or makes no sense."""
    wait = params.get("wait")
    if type(wait) not in (int, float) or not 0 <= wait < 24 * 3600:
        return None
    return max(1, math.ceil(wait))


def _counted(
    count: Callable[[Mapping[str, Any]], int | None],
    absent: str | None,
    sentence: Callable[[int], str],
) -> Refusal:
    """A refusal that tells a number of its values, which ``count`` reads: the
    ``sentence`` for it, or the ``absent`` one when the number is missing (None:
    the server's own sentence is told)."""

    def text(params: Mapping[str, Any]) -> str | None:
        number = count(params)
        if number is not None:
            return sentence(number)
        return _(absent) if absent is not None else None

    return text


def _said(message: str) -> Refusal:
    """A refusal whose sentence needs none of its values."""
    return lambda _params: _(message)


REFUSALS: Mapping[RefusalCode, Refusal] = {
    RefusalCode.BAD_MESSAGE: _said(N_("The server did not understand that.")),
    RefusalCode.UNKNOWN_SESSION: _said(N_("The server does not know this session.")),
    RefusalCode.TOO_FAST: _said(N_("Not so fast: wait a moment and try again.")),
    RefusalCode.NO_SUCH_TABLE: _said(N_("There is no table with that code.")),
    RefusalCode.TABLE_FULL: _said(N_("That table has no free seat: you can watch it.")),
    RefusalCode.SEAT_TAKEN: _said(N_("That seat is taken: its player is at the table.")),
    RefusalCode.NOT_YOUR_SEAT: _said(N_("That seat is not yours.")),
    RefusalCode.NOT_HOST: _said(N_("Only the host of the table can do that.")),
    RefusalCode.NOT_STARTED: _said(N_("The game has not started yet.")),
    RefusalCode.ALREADY_STARTED: _said(N_("The game has started already.")),
    RefusalCode.UNKNOWN_CODE: _said(
        N_(
            "No seat is kept for that code. A reconnect code works once: "
            "type the last one you were shown."
        )
    ),
    RefusalCode.TOO_MANY_TABLES: _said(
        N_("The server has as many tables open as it can: join one of them.")
    ),
    RefusalCode.YOUR_TABLES: _counted(
        _limit,
        None,
        lambda limit: ngettext(
            "You have {limit} table open already: close it or join another table.",
            "You have {limit} tables open already: close one or join another table.",
            limit,
        ).format(limit=limit),
    ),
    RefusalCode.ADDRESS_TABLES: _counted(
        _limit,
        None,
        lambda limit: ngettext(
            "Your address has {limit} table open already: close it or join another table.",
            "Your address has {limit} tables open already: close one or join another table.",
            limit,
        ).format(limit=limit),
    ),
    RefusalCode.NOT_OVER: _said(N_("The game is not over yet: a rematch comes after it.")),
    RefusalCode.NO_REMATCH: _said(
        N_("No rematch is on offer to you: it is over, or you are watching.")
    ),
    RefusalCode.NO_SUCH_REPLAY: _said(
        N_("There is no replay with that code: check the code you were given.")
    ),
    RefusalCode.SERVER_ERROR: _said(N_("Something went wrong on the server.")),
    RefusalCode.CHAT_CLOSED: _said(
        N_("Only the players may write in this table's chat: you are watching.")
    ),
    RefusalCode.TOO_CHATTY: _counted(
        _seconds,
        N_("Not so fast: wait a moment before you write again."),
        lambda seconds: ngettext(
            "Not so fast: you can write again in {seconds} second.",
            "Not so fast: you can write again in {seconds} seconds.",
            seconds,
        ).format(seconds=seconds),
    ),
    RefusalCode.TRY_LATER: _counted(
        _seconds,
        N_("Not so fast: try again in a little while."),
        lambda seconds: ngettext(
            "Not so fast: try again in {seconds} second.",
            "Not so fast: try again in {seconds} seconds.",
            seconds,
        ).format(seconds=seconds),
    ),
    RefusalCode.TOO_MANY_MUTES: _counted(
        _limit,
        N_("You have muted as many players as you can: hear one of them again first."),
        lambda limit: ngettext(
            "You have muted {limit} player: hear them again first.",
            "You have muted {limit} players: hear one of them again first.",
            limit,
        ).format(limit=limit),
    ),
}
"""What each of the protocol's refusals means, from its values (None: a value
the sentence needs is missing, and the server's own sentence is told instead)."""

BYES: Mapping[ByeCode, str] = {
    ByeCode.SHUTDOWN: N_("The server is shutting down."),
    ByeCode.IDLE: N_("No input for too long: the session ended."),
    ByeCode.ENDED: N_("The session ended."),
    ByeCode.REPLACED: N_("This session connected again elsewhere."),
    ByeCode.TAKEN_BACK: N_("Your seat was taken back in another session: this one ends here."),
    ByeCode.BAD_MESSAGES: N_("Too many messages the server did not understand: the session ended."),
    ByeCode.TOO_FAST: N_("Too many messages: the session ended."),
    ByeCode.HANDSHAKE: N_("The session did not start in time."),
}
"""Why the server ends a session, by the code of its `Bye` (translated where shown)."""


def refusal_code(code: str) -> RefusalCode | None:
    """``code`` as one of the protocol's own refusals; None for the engine's (a
    command the rules refuse) and for codes this side does not know."""
    try:
        return RefusalCode(code)
    except ValueError:
        return None


def refusal_text(code: str, message: str = "", params: Mapping[str, Any] | None = None) -> str:
    """A refusal that is not about the rules, in the player's language (the
    server's own English sentence for a code this side does not know)."""
    known = refusal_code(code)
    text = REFUSALS[known](params or {}) if known is not None else None
    return text or message or _("The server refused that.")


def bye_text(bye: Bye) -> str:
    """Why the server ended the session: in the player's words for a known code,
    else the server's own."""
    try:
        return _(BYES[ByeCode(bye.code)])
    except (ValueError, KeyError):
        pass
    if bye.message:
        return _("The server ended the session: {reason}").format(reason=bye.message)
    return _("The server ended the session.")
