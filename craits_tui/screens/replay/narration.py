"""A replay's log: the table's words for each event, from every side or one seat's."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from craits_core import redact

from ...faces import CardLook
from ...i18n import _
from ...narrate import Narrator


class SeatNarrator(Narrator):
    """The log's words for a replay seen from one seat ("You" for it): the table's,
    and a line for the events the table lets speak for themselves, since the
    replay's log marks each event it stands on."""

    def event(self, event: dict[str, Any]) -> str | None:
        line = super().event(event)
        if line is not None:
            return line
        kind = event["type"]
        if kind == "turn-began":
            if event["player"] == self.seat:  # not "You's turn"
                return _("Your turn.")
            return _("{who}'s turn.").format(who=self.who(event["player"]))
        if kind == "crank-ended":
            return _("The crank is over.")
        return None


class OpenNarrator(SeatNarrator):
    """The log's words for a replay: a spectator's, but with every card face up."""

    def event(self, event: dict[str, Any]) -> str | None:
        line = super().event(event)
        if event["type"] == "cards-drawn" and event.get("cards"):
            # The spectator's words say "a card": the replay shows which.
            base = (line or "").rstrip(".")
            return _("{what}: {cards}.").format(what=base, cards=self.cards(event["cards"]))
        return line


def tell(
    events: Sequence[dict[str, Any]], players: Sequence[str], viewer: int | None, look: CardLook
) -> list[str]:
    """A line for each event: with every card face up (``viewer`` None), or in the
    words ``viewer``'s seat heard, from the events as it received them."""
    if viewer is None:
        narrator: Narrator = OpenNarrator(players, None, look)
        lines = [narrator.event(event) for event in events]
    else:
        narrator = SeatNarrator(players, viewer, look)
        lines = [narrator.event(redact(event, viewer, len(players))) for event in events]
    # Every event has its line: the replay stands on each.
    return [
        line or _("({kind})").format(kind=event["type"])
        for line, event in zip(lines, events, strict=True)
    ]
