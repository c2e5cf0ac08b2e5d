"""`Narrator`: the game in words from one seat's side ("you" for that seat).

It holds who is speaking to whom and how cards look; what it says lives in one
module a job: `log` (a line an event), `status` (what the player can do now),
`refusals` (why a move was refused), `advice` (a hint's move and reason).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from craits_core import Card, Command, Event, IllegalMove, PlayerView

from ..faces import CardLook
from ..i18n import _
from .advice import advice, bot_reason
from .log import log_line
from .refusals import refusal_words
from .status import status_line

if TYPE_CHECKING:  # the bots load only when first needed
    from craits_core.bots.reasons import Reason


class Narrator:
    """Speaks of the game from one seat's side ("you" for that seat)."""

    def __init__(self, players: Sequence[str], seat: int | None, look: CardLook) -> None:
        self.players = tuple(players)
        self.seat = seat
        self.look = look
        self.starter: Card | None = None
        """The starter of the round told last: whether its suit was kept or switched."""

    def who(self, seat: int) -> str:
        return _("You") if seat == self.seat else self.players[seat]

    def card(self, card: Card) -> str:
        return self.look.plain(card)

    def cards(self, cards: Sequence[Card]) -> str:
        return " ".join(self.card(c) for c in cards)

    def event(self, event: Event) -> str | None:
        """One line for the log, or None for events that speak for themselves."""
        return log_line(self, event)

    def status(
        self, view: PlayerView, moves: Sequence[Command], *, hand_shown: bool = False
    ) -> str:
        """What the player can do now, or whose turn it is (see `status_line`)."""
        return status_line(self, view, moves, hand_shown=hand_shown)

    def refusal(self, err: IllegalMove, view: PlayerView | None) -> str:
        """Why a move was refused, in the player's language (see `refusal_words`)."""
        return refusal_words(err, view, self.players)

    def advice(self, move: Command, crank: int = 0) -> str:
        """A move as advice (see `advice.advice`)."""
        return advice(self, move, crank)

    def reason(self, reason: Reason) -> str:
        """Why a bot would make a move, in the player's language."""
        return bot_reason(self.look, reason)
