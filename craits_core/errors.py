"""Refusals: an illegal command raises `IllegalMove` and changes nothing."""

from __future__ import annotations

from typing import Any


class IllegalMove(ValueError):
    """A command the rules do not allow now.

    ``str(err)`` says why in words a player understands; ``code`` is a short stable
    reason (``"must-follow"``) and ``params`` its values, so a UI can phrase the
    reason in its own words and language.
    """

    def __init__(self, code: str, message: str, **params: Any) -> None:
        super().__init__(message)
        self.code = code
        self.params = params


class CorruptLog(ValueError):
    """A saved game or event log that cannot be read back into a game."""
