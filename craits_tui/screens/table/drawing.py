"""Drawing the table: every widget set from the shown seat's view."""

from __future__ import annotations

from collections.abc import Sequence

from craits_core import (
    Event,
)
from craits_core.events import (
    CardPlayed,
    CrankRaised,
    GameEnded,
    IdiotCalled,
    LastCardAnnounced,
    RoundEnded,
    RoundStarted,
)

from ...i18n import _
from ...narrate import Narrator
from ...table_props import Seen, TableProps, table_props
from ...widgets.crank import CrankCounter
from ...widgets.direction import Direction
from ...widgets.discard import DiscardPile
from ...widgets.hand import Hand
from ...widgets.last_card import LastCardButton
from ...widgets.log import GameLog
from ...widgets.scoreboard import Scoreboard
from ...widgets.seats import Seating
from ...widgets.status import StatusLine
from ...widgets.stock import DrawPile
from ...widgets.title import TitleBar
from ...widgets.trail import PlayTrail
from .base import TableBase

_LOG_STYLES: dict[type[Event], str] = {
    RoundStarted: "bold",
    RoundEnded: "bold",
    GameEnded: "bold",
    IdiotCalled: "bold red",
    CrankRaised: "bold",
    LastCardAnnounced: "bold",
}

MOVE_ACTIONS = ("draw", "last_card", "call_idiot", "play_number", "hint", "take_back")
"""The footer's keys that come and go with the moves allowed."""


class Drawing(TableBase):
    """The part of the table screen that draws: widgets, log, title."""

    _mine: bool | None = None  # the shown seat's turn, as last shown
    _enabled: tuple[bool | None, ...] = ()  # the footer's move keys, as shown

    async def speak_again(self) -> None:
        """The table in the language in use now: the log told again, every widget
        drawn again (they translate as they draw). Not composed again: the game
        goes on as it was, the hand keeps its cursor."""
        self._show_seat(self.seat)
        self._refresh_table()
        for widget in self.query("*"):
            widget.refresh()

    def _show_seat(self, seat: int | None) -> None:
        """Show the table from ``seat``'s side: its view folded from its own stream."""
        stream = self.feed.show_seat(seat)
        self._retell(stream)

    def _retell(self, stream: Sequence[Event]) -> None:
        """Tell the log and the trail again from the shown seat's side: the last
        person's draws were "You drew 7♠" and must not be read by the next one."""
        self._adviser = None  # it knew the last person's cards
        self.narrator = Narrator(self.table.players, self.seat, self.look)
        self.query_one(Seating).reseat(self._others())
        self.query_one(GameLog).clear()
        self.query_one(PlayTrail).clear()
        for told, event in enumerate(stream, 1):
            self._log_event(event)
            self._retell_asides(told)
        self._retell_asides(None)

    def _retell_asides(self, told: int | None) -> None:
        """When the log is told again: the lines beside the game's events that come
        after its ``told``-th (None: after the last). None at a table here; an
        online table's log tells who comes and goes too."""

    def _log_event(self, event: Event) -> None:
        """An event shown: its line in the log, and a played card in the trail."""
        line = self.narrator.event(event)
        if line:
            self.query_one(GameLog).say(line, style=_LOG_STYLES.get(type(event), ""))
        match event:
            case CardPlayed(player=player, card=card):
                self.query_one(PlayTrail).add(self.narrator.who(player), card)
            case RoundStarted():
                self.query_one(PlayTrail).clear()

    def _refresh_table(self) -> None:
        """Set every widget from the shown seat's view, as `table_props` has it."""
        view = self.view
        if view is None or self._taken_down:
            return
        caught_up = self.control.caught_up
        props = table_props(
            view,
            self.control.moves() if caught_up else (),
            Seen(
                seat=self.seat,
                seats=self.table.seats,
                others=self._others(),
                caught_up=caught_up,
                armed=self.control.armed,
                paused=self.control.paused,
                hot_seat=len(self.table.humans) > 1,
                open_view=self.control.open_view(),
            ),
            self.narrator,
        )
        if props.mine != self._mine:
            if self._mine is not None:  # not the table's first showing
                self._turn_changed(props.mine)
            self._mine = props.mine
        self._draw(props)
        enabled = tuple(self.check_action(a, ()) for a in MOVE_ACTIONS)
        if enabled != self._enabled:
            # The footer is rebuilt whole: only when what it offers changed.
            self._enabled = enabled
            self.refresh_bindings()

    def _draw(self, props: TableProps) -> None:
        """Hand each widget its part of ``props``."""
        hand = self.query_one(Hand)
        if self.seat is None:
            self.set_class(props.hand is not None, "-open-hand")
        if props.hand is not None:
            starts_turn = self.seat is not None and props.mine and not hand.my_turn
            hand.cards = props.hand.cards
            hand.playable = props.hand.playable
            hand.my_turn = props.hand.my_turn
            if starts_turn:
                hand.point_at_playable()
        self.query_one(DiscardPile).show(props.top, props.active_suit)
        stock = self.query_one(DrawPile)
        stock.count = props.stock
        stock.can_draw = props.can_draw
        crank = self.query_one(CrankCounter)
        crank.count = props.crank
        crank.facing = props.crank_facing
        self.query_one(Direction).direction = props.direction
        self.query_one(Seating).show(props.seats)
        assert self.view is not None
        self.query_one(Scoreboard).show(self.view)
        status = self.query_one(StatusLine)
        status.message = props.status
        status.urgent = props.urgent
        self.query_one(TitleBar).parts = props.title
        button = self.query_one(LastCardButton)
        button.allowed = props.last_card_enabled
        button.label = _("Last card! ✓") if props.last_card_armed else _("Last card!")

    def _open_due_dialogs(self) -> None:
        """Open what the game now asks of the people here: the terminal handed to
        the next person (hot-seat), or the starter's suit to name. Called as the
        game moves on, never from drawing."""
        view = self.view
        if view is None or self._taken_down or not self.control.caught_up:
            return
        if self._hand_over(view):
            return
        if view.choosing_suit and self.control.my_turn():
            self._ask_starter_suit(view)

    def _others(self) -> list[int]:
        """The seats shown around the table, in the order of play from the shown
        seat's left (every seat, from the first, when watching: the bottom is then
        the place of the hand of the player to move, whoever they are)."""
        n = len(self.table.players)
        start = self.seat if self.seat is not None else -1
        return [(start + step) % n for step in range(1, n + 1) if (start + step) % n != self.seat]
