"""`Refusal`: a request that cannot be carried out, with why, for the session."""

from __future__ import annotations

from typing import Any


class Refusal(Exception):
    """What a session asked cannot be done; nothing changed. Sent as `Refused`.

    ``fatal``: the connection cannot go on (a hello with an unknown token).
    """

    def __init__(self, code: str, message: str, *, fatal: bool = False, **params: Any) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.params = params
        self.fatal = fatal
