"""How fast the bots seem to play: the pauses between their moves.

No Textual here: the table screen asks these functions how long to wait, and sets
its timers by the answers.
"""

from __future__ import annotations

ROUND_PAUSE = 3.0
"""Seconds a round summary stays up, at the least, when only bots play."""

HUMAN_GRACE = 1.5
"""Seconds a person gets to say "last card" before a bot may call them an idiot."""

SHORTEST = 0.01
"""Even "instant" leaves the screen a moment to draw between bot moves."""

THINKS_IN_A_THREAD = frozenset({"hard", "expert"})
"""The bot levels whose search takes long enough to be worked out in a thread. The
others decide in well under a millisecond: a thread a move would cost more."""


def deliberation(choices: int) -> float:
    """How long a bot seems to think, against the pace, with ``choices`` moves to
    choose from (plays and draws): a forced move (a draw, the one card that fits)
    comes quicker than a choice among many, as it would from a person."""
    return 0.6 if choices <= 1 else 1.0 if choices <= 3 else 1.3


def bot_delay(
    pace: float, choices: int | None, *, human_may_announce: bool, motion: float = 0.0
) -> float:
    """Seconds before the next bot move, at ``pace`` seconds a move.

    ``choices``: the bot's number of moves (None: not known, the plain pace).
    A person who may still say "last card" gets `HUMAN_GRACE` first; a card still
    in motion on the screen (``motion`` seconds) is let arrive first, except at the
    "instant" pace (0), which waits for nothing.
    """
    delay = max(pace * (1.0 if choices is None else deliberation(choices)), SHORTEST)
    if pace > 0:
        delay = max(delay, motion)
    return max(delay, HUMAN_GRACE) if human_may_announce else delay


def round_pause(pace: float, *, people: bool, paused: bool) -> float | None:
    """Seconds a round's summary stays up by itself; None: until a key is pressed
    (someone at the table to press it, or a watcher who paused the bots)."""
    if people or paused:
        return None
    return max(ROUND_PAUSE, 5 * pace)
