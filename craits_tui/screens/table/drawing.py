"""Drawing the table: every widget set from the shown seat's view."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from craits_core import Event
from craits_core.events import (
    CardPlayed,
    CrankRaised,
    GameEnded,
    IdiotCalled,
    LastCardAnnounced,
    RoundEnded,
    RoundStarted,
)

from ...faces import CardLook
from ...i18n import _
from ...narrate import Narrator
from ...table_props import Seen, TableProps, table_props
from ...widgets.crank import CrankCounter
from ...widgets.direction import Direction
from ...widgets.discard import DiscardPile
from ...widgets.footer import Footer
from ...widgets.hand import Hand
from ...widgets.last_card import LastCardButton
from ...widgets.log import GameLog
from ...widgets.motion import Motion
from ...widgets.scoreboard import Scoreboard
from ...widgets.seats import Seating
from ...widgets.status import StatusLine
from ...widgets.stock import DrawPile
from ...widgets.title import TitleBar
from ...widgets.trail import PlayTrail
from .keys import MOVE_ACTIONS

if TYPE_CHECKING:
    from .screen import TableScreen

_LOG_STYLES: dict[type[Event], str] = {
    RoundStarted: "bold",
    RoundEnded: "bold",
    GameEnded: "bold",
    IdiotCalled: "bold red",
    CrankRaised: "bold",
    LastCardAnnounced: "bold",
}


class Drawing:
    """Draws a table screen: every widget set from the shown seat's view, the log
    told, the footer's move keys offered as the moves allow."""

    def __init__(self, screen: TableScreen) -> None:
        self.screen = screen
        self.control = screen.control
        self._mine: bool | None = None  # the shown seat's turn, as last shown
        self._enabled: tuple[bool | None, ...] = ()  # the footer's move keys, as shown

    def show_seat(self, seat: int | None) -> None:
        """Show the table from ``seat``'s side: its view folded from its own stream."""
        self.retell(self.control.feed.show_seat(seat))

    def retell(self, stream: Sequence[Event]) -> None:
        """Tell the log and the trail again from the shown seat's side: the last
        person's draws were "You drew 7♠" and must not be read by the next one."""
        screen = self.screen
        screen.hints.forget()
        screen.narrator = Narrator(screen.table.players, self.control.seat, screen.look)
        screen.query_one(Seating).reseat(self.others())
        screen.query_one(GameLog).clear()
        screen.query_one(PlayTrail).clear()
        policy = screen.policy
        policy.retelling()
        for told, event in enumerate(stream, 1):
            self.log_event(event)
            policy.retold(told)
        policy.retold(None)

    def log_event(self, event: Event) -> None:
        """An event shown: its line in the log, and a played card in the trail."""
        screen = self.screen
        line = screen.narrator.event(event)
        if line:
            screen.query_one(GameLog).say(line, style=_LOG_STYLES.get(type(event), ""))
        match event:
            case CardPlayed(player=player, card=card):
                screen.query_one(PlayTrail).add(screen.narrator.who(player), card)
            case RoundStarted():
                screen.query_one(PlayTrail).clear()

    def refresh(self) -> None:
        """Set every widget from the shown seat's view, as `table_props` has it."""
        screen, control = self.screen, self.control
        view = control.view
        if view is None or screen.taken_down:
            return
        caught_up = control.caught_up
        table = screen.table
        props = table_props(
            view,
            control.moves() if caught_up else (),
            Seen(
                seat=control.seat,
                seats=table.seats,
                others=self.others(),
                caught_up=caught_up,
                armed=control.armed,
                paused=control.paused,
                hot_seat=len(table.humans) > 1,
                open_view=control.open_view(),
            ),
            screen.narrator,
        )
        if props.mine != self._mine:
            if self._mine is not None:  # not the table's first showing
                screen.following.turn_changed(props.mine)
            self._mine = props.mine
        self._draw(props)
        enabled = tuple(screen.check_action(a, ()) for a in MOVE_ACTIONS)
        if enabled != self._enabled:
            # The footer is rebuilt whole: only when what it offers changed.
            self._enabled = enabled
            screen.refresh_bindings()

    def _draw(self, props: TableProps) -> None:
        """Hand each widget its part of ``props``."""
        screen = self.screen
        hand = screen.query_one(Hand)
        if self.control.seat is None:
            screen.set_class(props.hand is not None, "-open-hand")
        if props.hand is not None:
            starts_turn = self.control.seat is not None and props.mine and not hand.my_turn
            hand.cards = props.hand.cards
            hand.playable = props.hand.playable
            hand.my_turn = props.hand.my_turn
            if starts_turn:
                hand.point_at_playable()
        screen.query_one(DiscardPile).show(props.top, props.active_suit)
        stock = screen.query_one(DrawPile)
        stock.count = props.stock
        stock.can_draw = props.can_draw
        crank = screen.query_one(CrankCounter)
        crank.count = props.crank
        crank.facing = props.crank_facing
        screen.query_one(Direction).direction = props.direction
        screen.query_one(Seating).show(props.seats)
        assert self.control.view is not None
        screen.query_one(Scoreboard).show(self.control.view)
        status = screen.query_one(StatusLine)
        status.message = props.status
        status.urgent = props.urgent
        screen.query_one(TitleBar).parts = props.title
        button = screen.query_one(LastCardButton)
        button.allowed = props.last_card_enabled
        # Translators: "Last card! ✓" where the table is drawn in ASCII: at most 14 cells.
        armed = _("[x] Last card!") if screen.look.ascii else _("Last card! ✓")
        button.label = armed if props.last_card_armed else _("Last card!")

    def follow_settings(self) -> None:
        """Bring the table in line with its settings."""
        screen = self.screen
        settings = screen.settings
        # A watcher's clicks play nothing: no card lights up under the mouse.
        screen.query_one(Hand).hover_tracking = settings.hover and self.control.seat is not None
        screen.query_one(Footer).hover_tracking = settings.hover
        screen.query_one(Direction).ascii = settings.ascii
        screen.query_one(GameLog).ascii = settings.ascii
        screen.query_one(Motion).enabled = settings.animations
        look = CardLook(ascii=settings.ascii, four_colour=settings.four_colour)
        if look != screen.look:
            screen.look = look
            for kind in (Hand, DrawPile, DiscardPile, PlayTrail, Seating):
                widget = screen.query_one(kind)
                widget.look = look
                widget.refresh()
            # The log and the trail are told again, with the new card faces.
            self.show_seat(self.control.seat)
            self.refresh()
        screen.policy.settings_followed()

    def others(self) -> list[int]:
        """The seats shown around the table, in the order of play from the shown
        seat's left (every seat, from the first, when watching: the bottom is then
        the place of the hand of the player to move, whoever they are)."""
        seat = self.control.seat
        n = len(self.screen.table.players)
        start = seat if seat is not None else -1
        return [(start + step) % n for step in range(1, n + 1) if (start + step) % n != seat]
