"""The discard pile: its top card drawn large, and the suit to follow."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive

from craits_core import Card, Rank, Suit

from ..faces import CardLook, suit_name
from ..i18n import _
from .plain import PlainWidget


class DiscardPile(PlainWidget):
    """The top card drawn large, and the suit to follow when an 8 or a 9 named one."""

    top: reactive[Card | None] = reactive(None)
    active_suit: reactive[Suit | None] = reactive(None)

    def __init__(self, look: CardLook, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.look = look

    def render(self) -> Text:
        if self.top is None:
            return Text(_("(empty)"), style="dim")
        # The big card needs 9 lines; a short terminal gets a smaller one.
        compact = self.app.size.height < 30
        lines = self.look.large(self.top, width=7 if compact else 9, height=5 if compact else 7)
        lines.append(self._suit_line())
        return Text("\n").join(lines)

    def _suit_line(self) -> Text:
        suit = self.active_suit
        if suit is None or self.top is None:
            return Text("")
        named = suit is not self.top.suit or self.top.rank is Rank.EIGHT
        line = Text(_("follow ") if not named else _("now "), style="bold" if named else "dim")
        line.append_text(self.look.suit(suit))
        if named:
            line.append(f" {suit_name(suit)}", style="bold")
            self.set_class(True, "-named")
        else:
            self.set_class(False, "-named")
        return line
