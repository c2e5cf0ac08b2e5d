"""Refusals: an illegal command raises `IllegalMove` and changes nothing."""

from __future__ import annotations

from enum import StrEnum
from typing import Any


class Refusal(StrEnum):
    """Why the rules refuse a command: the stable codes of `IllegalMove`."""

    NO_SUCH_SEAT = "no-such-seat"
    UNKNOWN_COMMAND = "unknown-command"
    GAME_OVER = "game-over"
    NO_TURN = "no-turn"
    NOT_YOUR_TURN = "not-your-turn"
    CHOOSE_SUIT_FIRST = "choose-suit-first"
    NOT_IN_HAND = "not-in-hand"
    MUST_FOLLOW = "must-follow"
    CRANK_ANSWER = "crank-answer"
    CRANK_DRAW = "crank-draw"
    MUST_PLAY = "must-play"
    NOT_A_SUIT = "not-a-suit"
    SUIT_REQUIRED = "suit-required"
    NINE_SUIT = "nine-suit"
    NO_SUIT = "no-suit"
    NO_SUIT_TO_CHOOSE = "no-suit-to-choose"
    STARTER_SUIT = "starter-suit"
    ALREADY_ANNOUNCED = "already-announced"
    NOT_LAST_CARD = "not-last-card"
    NO_WINDOW = "no-window"
    CALL_SELF = "call-self"


class IllegalMove(ValueError):
    """A command the rules do not allow now.

    ``str(err)`` says why in words a player understands; ``code`` is a short stable
    reason (a `Refusal`, or a code of the caller's own where a move is refused
    before it reaches the rules) and ``params`` its values, so a UI can phrase the
    reason in its own words and language.
    """

    def __init__(self, code: str, message: str, **params: Any) -> None:
        super().__init__(message)
        self.code = code
        self.params = params


class CorruptLog(ValueError):
    """A saved game or event log that cannot be read back into a game."""
