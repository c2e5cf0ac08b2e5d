"""The other players: name, cards in hand, dealer, whose turn, last card, bot level."""

from __future__ import annotations

from dataclasses import dataclass

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.message import Message
from textual.reactive import reactive

from ..i18n import N_, _, ngettext
from .plain import PlainWidget

# Marked here, translated where shown: the language may change after import.
_BOT_KINDS = {
    "random": N_("random bot"),
    "easy": N_("easy bot"),
    "normal": N_("normal bot"),
    "hard": N_("hard bot"),
}
_BOT_LEVELS = {
    "random": N_("random"),
    "easy": N_("easy"),
    "normal": N_("normal"),
    "hard": N_("hard"),
}


@dataclass(frozen=True)
class SeatInfo:
    """What the table shows of one player."""

    seat: int
    name: str
    cards: int
    bot: str | None = None
    dealer: bool = False
    turn: bool = False
    announced: bool = False
    lost_turns: int = 0
    total: int = 0
    callable: bool = False
    """The player forgot "last card" and can be called an idiot now."""


class SeatBadge(PlainWidget):
    """One opponent. Click it to call "Idiot!" when they forgot their last card."""

    info: reactive[SeatInfo | None] = reactive(None)

    class IdiotClicked(Message):
        def __init__(self, seat: int) -> None:
            super().__init__()
            self.seat = seat

    def watch_info(self, info: SeatInfo | None) -> None:
        if info is not None:
            self.set_class(info.turn, "-turn")
            self.set_class(info.callable, "-callable")
            self.set_class(info.announced and info.cards > 0, "-announced")

    def render(self) -> Text:
        info = self.info
        if info is None:
            return Text()
        name = Text("▶ " if info.turn else "", style="bold")
        name.append(info.name, style="bold")
        if info.dealer:
            name.append(" " + _("(dealer)"), style="dim")
        cards = Text(ngettext("{n} card", "{n} cards", info.cards).format(n=info.cards))
        points = Text(
            ngettext("{n} pt", "{n} pts", abs(info.total)).format(n=info.total), style="dim"
        )
        # A narrow badge keeps the points whole on the last line, with the bot's
        # level before them where it fits, rather than cut them off.
        width = self.content_size.width
        narrow = cards.cell_len + 3 + points.cell_len > width
        if not narrow:
            cards.append(" · ", style="dim")
            cards.append_text(points)
        if info.callable:
            state = Text(" " + _("Idiot!") + " ", style="bold reverse")
            how = " " + _("(i or click)")
            if state.cell_len + cell_len(how) > width:
                how = " (i)"  # the key, rather than a cut-off "(i or cl…"
            state.append(how, style="dim")
        elif not info.cards:  # the round is over, or a crank goes on without them
            state = Text(_("went out"), style="bold")
        elif info.announced:
            state = Text(_("LAST CARD!"), style="bold")
        elif info.lost_turns:
            state = Text(_("loses the next turn"), style="italic")
        elif narrow:
            state = points
            if info.bot:
                level = Text(_(_BOT_LEVELS.get(info.bot, info.bot)) + " · ", style="dim")
                if level.cell_len + points.cell_len <= width:
                    state = level + points
        else:
            if not info.bot:
                kind = _("person")
            elif info.bot in _BOT_KINDS:
                kind = _(_BOT_KINDS[info.bot])
            else:
                kind = _("{level} bot").format(level=info.bot)
            state = Text(kind, style="dim")
        return Text("\n").join((name, cards, state))

    def on_click(self) -> None:
        if self.info is not None and self.info.callable:
            self.post_message(self.IdiotClicked(self.info.seat))


class Opponents(Horizontal):
    """A badge for each other player, in seating order from the player's left."""

    def __init__(self, seats: list[int], **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.seats = seats

    def compose(self) -> ComposeResult:
        # The badges are there from the first frame: mounting them later would lay
        # the table out again.
        for _seat in self.seats:
            yield SeatBadge()

    def reseat(self, seats: list[int]) -> None:
        """Show other seats, in this order (the table turned to another person).

        The badges stay: `show` fills them in again. Removing and mounting them
        would take a frame, and a badge mounted before its namesake was gone would
        clash with it."""
        self.seats = seats
        badges = self.query_children(SeatBadge)
        if len(badges) < len(seats):
            self.mount_all(SeatBadge() for _seat in range(len(seats) - len(badges)))
        for extra in list(badges)[len(seats) :]:
            extra.remove()

    def show(self, infos: list[SeatInfo]) -> None:
        """Update the badges, one a seat, in the order they were given."""
        # A badge just mounted may not be there yet: the next call fills it in.
        for badge, info in zip(self.query_children(SeatBadge), infos, strict=False):
            badge.info = info
