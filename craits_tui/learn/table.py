"""A lesson's table: you and the scripted opponent, nothing saved.

The opponent plays the lesson's replies, each when its beat comes; should a reply
not be legal when it comes (a lesson written wrong), a normal bot plays in its
place, so the table never stalls on a bad script. Once the lesson has no reply
due, the opponent waits: the lesson is over, or it is your move.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from craits_core import Command, IllegalMove, Play
from craits_core.bot_levels import DEFAULT_LEVEL

from ..table import LocalTable, Seat
from .format import THEM, YOU, Lesson, due_reply


class LessonTable(LocalTable):
    """The table of one lesson, dealt afresh or played up to ``beats`` beats."""

    def __init__(self, lesson: Lesson, names: Sequence[str], *, beats: int = 0) -> None:
        game = lesson.play_to(beats, names) if beats else lesson.new_game(names)
        # The opponent's seat says "bot" (it shows as one); its level is the bot
        # that stands in for a reply that is not legal.
        seats = (Seat(names[YOU]), Seat(names[THEM], DEFAULT_LEVEL))
        super().__init__(game, seats, store=None)
        self.lesson = lesson

    def refusal(self, command: Command) -> IllegalMove | None:
        """What the rules say against ``command`` now, without making it (None: it
        is allowed)."""
        try:
            self.game.clone().handle(command)  # a copy: the game itself is untouched
        except IllegalMove as err:
            return err
        return None

    def next_bot_move(self) -> Command | None:
        """The opponent's reply, when one is due and it is theirs to make."""
        game = self.game
        state = game.state
        if state.current_player != THEM:
            return None
        reply = due_reply(self.lesson, game.events)
        if reply is None:
            return None
        legal = game.legal_moves(THEM)
        move = reply.move
        plain = replace(move, announce=False) if isinstance(move, Play) else move
        if plain in legal:
            return move
        return self.bots[THEM].choose(game.view(THEM), legal)
