"""A replay's log: the table's words for each event, from every side or one seat's."""

from __future__ import annotations

from collections.abc import Sequence

from craits_core import Event, redact
from craits_core.events import CardsDrawn, CrankEnded, TurnBegan

from ...faces import CardLook
from ...i18n import _
from ...narrate import Narrator


class SeatNarrator(Narrator):
    """The log's words for a replay seen from one seat ("You" for it): the table's,
    and a line for the events the table lets speak for themselves, since the
    replay's log marks each event it stands on."""

    def event(self, event: Event) -> str | None:
        line = super().event(event)
        if line is not None:
            return line
        match event:
            case TurnBegan(player=player) if player == self.seat:  # not "You's turn"
                return _("Your turn.")
            case TurnBegan(player=player):
                return _("{who}'s turn.").format(who=self.who(player))
            case CrankEnded():
                return _("The crank is over.")
        return None


def tell(
    events: Sequence[Event], players: Sequence[str], viewer: int | None, look: CardLook
) -> list[str]:
    """A line for each event: with every card face up (``viewer`` None), or in the
    words ``viewer``'s seat heard, from the events as it received them."""
    narrator = SeatNarrator(players, viewer, look)
    lines = []
    for event in events:
        # The narrator hears a seat's stream (a spectator's, for every hand), as
        # at the table; the cards it leaves out are shown from the whole event.
        heard = redact(event, viewer, len(players))
        line = narrator.event(heard) or _("({kind})").format(kind=type(event).__name__)
        if viewer is None and isinstance(event, CardsDrawn) and event.cards:
            # The spectator's words say "a card": the replay shows which.
            faces = " ".join(look.plain(card) for card in event.cards)
            line = _("{what}: {cards}.").format(what=line.rstrip("."), cards=faces)
        lines.append(line)
    return lines
