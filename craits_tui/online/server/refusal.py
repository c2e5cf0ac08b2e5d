"""`RequestRefused`: a request that cannot be carried out, with why, for the session."""

from __future__ import annotations

import logging
import math
from typing import Any

from craits_core import Command, IllegalMove, StoreError

from ..protocol import STRIKES, RefusalCode
from .attendance import Mover

log = logging.getLogger("craits.server")


class RequestRefused(Exception):
    """What a session asked cannot be done; nothing changed. Sent as `Refused`.

    ``fatal``: the connection cannot go on (a hello with an unknown token).
    ``strike``: it uses up the session's allowance of bad lines; by default, the
    refusals of `STRIKES` (malformed messages, guessed codes) do.
    """

    def __init__(
        self,
        code: str,
        message: str,
        *,
        fatal: bool = False,
        strike: bool | None = None,
        **params: Any,
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.params = params
        self.fatal = fatal
        self.strike = code in STRIKES if strike is None else strike


def try_later(what: str, wait: float, *, strike: bool = False) -> RequestRefused:
    """``what`` was asked too often: it may be asked again in ``wait`` seconds
    (said in whole seconds, rounded up)."""
    seconds = max(1, math.ceil(wait))
    return RequestRefused(
        RefusalCode.TRY_LATER, f"{what}: try again in {seconds} s.", strike=strike, wait=seconds
    )


def move_refused(
    err: IllegalMove | StoreError, table: str, command: Command, by: Mover
) -> RequestRefused:
    """The refusal of ``command`` at ``table`` that ``err`` stopped: the engine's,
    with its code, words and params (as JSON can carry them), or the save's. What
    is not the person's doing (a save that failed, a bot's move) is logged."""
    if isinstance(err, StoreError):
        log.error("table %s: a move cannot be saved: %s", table, err)
        return RequestRefused(RefusalCode.SERVER_ERROR, "The server cannot save this move.")
    if by is not Mover.PERSON:
        log.error(
            "table %s: a move made by a %s was refused: %r: %s", table, by.value, command, err
        )
    params = {
        str(k): v if isinstance(v, str | int | float | bool | None) else str(v)
        for k, v in err.params.items()
    }
    return RequestRefused(err.code, str(err), **params)
