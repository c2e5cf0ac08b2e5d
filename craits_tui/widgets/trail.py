"""The last few plays of the round, newest first: who played what."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from functools import partial

from rich.text import Text
from textual.geometry import Size
from textual.reactive import reactive
from textual.strip import Strip

from craits_core import Card

from ..faces import CardLook
from ..i18n import _
from .lines import LineWidget, wrapped

SHOWN = 6
"""Plays shown at most: the newest first, as many as the trail's height has room
for."""


class PlayTrail(LineWidget):
    """Who played which card lately, so a player can follow what happened."""

    # Its rules for the screen's size classes (.-short, .-big, ...) start above the
    # widget: Textual must not scope them to it.
    SCOPED_CSS = False
    DEFAULT_CSS = """
    PlayTrail {
        /* What is left of the gauges: as many of the last plays as fit. */
        height: 1fr;
        padding: 1 1 0 1;
    }
    .-short PlayTrail { padding: 0 1; }
    /* Narrow, the gauges' margin keeps it off the discard pile. */
    .-narrow PlayTrail { padding: 1 0 0 0; }
    .-narrow.-short PlayTrail { padding: 0; }
    """

    DRAWN_FROM = ("plays",)
    plays: reactive[tuple[tuple[str, Card], ...]] = reactive((), repaint=False)

    def __init__(self, look: CardLook, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.look = look

    def add(self, name: str, card: Card) -> None:
        self.plays = (*self.plays, (name, card))[-SHOWN:]

    def clear(self) -> None:
        self.plays = ()

    def draw_lines(self, size: Size) -> list[Strip]:
        base = self.component_style()
        width = size.width

        def line(key: Hashable, text: Callable[[], Text]) -> Strip:
            # A player's name may be too long for the line: it is cut short,
            # with an ellipsis.
            def cut() -> Text:
                words = text()
                words.truncate(width, overflow="ellipsis")
                return words

            return self.cached_strip((key, width), cut, base)

        if not self.plays:
            # The words whole over the lines they need, or none: a blank trail
            # says as much, where the gauges are too short for them.
            none = wrapped(_("no plays yet this round"), width)
            if len(none) > size.height:
                return []
            return [
                line(("none", n), partial(Text, words, style="dim")) for n, words in enumerate(none)
            ]
        # The heading whole, where it leaves a line for a play; short of room it
        # goes: a line or two of plays say more.
        heading = wrapped(_("last plays"), width)
        lines = []
        if len(heading) < size.height:
            lines = [
                line(("head", n), partial(Text, words, style="dim underline"))
                for n, words in enumerate(heading)
            ]
        for age, (name, card) in enumerate(reversed(self.plays)):
            key = ("play", self.look, name, card, age == 0)
            lines.append(line(key, partial(self._play, name, card, newest=age == 0)))
        return lines[: size.height]

    def _play(self, name: str, card: Card, *, newest: bool) -> Text:
        face = self.look.short(card)
        face.pad_right(3 - face.cell_len)  # a 10 is wider: the names line up
        line = Text.assemble(face, (f"  {name}", "" if newest else "dim"))
        if newest:
            line.stylize("bold")
        return line
