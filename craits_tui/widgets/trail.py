"""The last few plays of the round, newest first: who played what."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive

from craits_core import Card

from ..faces import CardLook
from ..i18n import _
from .plain import PlainWidget

SHOWN = 6
"""Plays shown at most: the newest first, as many as the trail's height has room
for."""


class PlayTrail(PlainWidget):
    """Who played which card lately, so a player can follow what happened."""

    # Its rules for the screen's size classes (.-short, .-big, ...) start above the
    # widget: Textual must not scope them to it.
    SCOPED_CSS = False
    DEFAULT_CSS = """
    PlayTrail {
        /* What is left of the gauges: as many of the last plays as fit. */
        height: 1fr;
        padding: 1 1 0 1;
        text-wrap: nowrap;
        text-overflow: ellipsis;
    }
    .-short PlayTrail { padding: 0 1; }
    """

    plays: reactive[tuple[tuple[str, Card], ...]] = reactive(())

    def __init__(self, look: CardLook, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.look = look

    def add(self, name: str, card: Card) -> None:
        self.plays = (*self.plays, (name, card))[-SHOWN:]

    def clear(self) -> None:
        self.plays = ()

    def render(self) -> Text:
        if not self.plays:
            return Text(_("no plays yet this round"), style="dim")
        # Short of room, the heading goes: a line or two of plays say more.
        head = self.content_size.height >= 3
        lines = [Text(_("last plays"), style="dim underline")] if head else []
        for age, (name, card) in enumerate(reversed(self.plays)):
            face = self.look.short(card)
            face.pad_right(3 - face.cell_len)  # a 10 is wider: the names line up
            line = Text.assemble(face, (f"  {name}", "" if age == 0 else "dim"))
            if age == 0:
                line.stylize("bold")
            lines.append(line)
        return Text("\n").join(lines)
