"""Drawing the table: every widget set from the shown seat's view."""

from __future__ import annotations

from collections.abc import Sequence

from textual.widgets import Button

from craits_core import (
    Announce,
    CallIdiot,
    Command,
    Draw,
    Event,
    Play,
    PlayerView,
    legal_moves_in_view,
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

from ...i18n import _, ngettext
from ...narrate import Narrator
from ...narrate.status import crank_facing, round_words
from ...seat_rows import seat_rows
from ...widgets.crank import CrankCounter
from ...widgets.direction import Direction
from ...widgets.discard import DiscardPile
from ...widgets.hand import Hand
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
        view = self.view
        if view is None or self._taken_down:
            return
        caught_up = self._caught_up()
        moves = self._moves() if caught_up else ()
        mine = caught_up and self.seat is not None and view.current_player == self.seat
        if mine != self._mine:
            if self._mine is not None:  # not the table's first showing
                self._turn_changed(mine)
            self._mine = mine
        plays = {m.card for m in moves if isinstance(m, Play)}

        hand = self.query_one(Hand)
        if self.seat is None:
            hand_shown = self._show_player_to_move(hand, view)
        else:
            hand_shown = False
            hand.cards = view.hand
            hand.playable = frozenset(plays)
            starts_turn = mine and not hand.my_turn
            hand.my_turn = mine and not view.choosing_suit
            if starts_turn:
                hand.point_at_playable()

        self.query_one(DiscardPile).show(view.top_card, view.active_suit)
        stock = self.query_one(DrawPile)
        stock.count = view.stock_size
        stock.can_draw = any(isinstance(m, Draw) for m in moves)
        crank = self.query_one(CrankCounter)
        crank.count = view.crank
        crank.facing = crank_facing(view)
        self.query_one(Direction).direction = view.direction
        self._refresh_opponents(view, moves)
        self.query_one(Scoreboard).show(view)
        status = self.query_one(StatusLine)
        status.message = (
            self.narrator.status(view, moves, hand_shown=hand_shown) if caught_up else _("…")
        )
        status.urgent = mine or any(isinstance(m, CallIdiot | Announce) for m in moves)
        self._refresh_title(view)
        button = self.query_one("#last-card", Button)
        can_say = any(isinstance(m, Announce) for m in moves)
        can_arm = mine and len(view.hand) == 2 and not view.crank
        button.disabled = not (can_say or can_arm)
        button.label = _("Last card! ✓") if self._armed and can_arm else _("Last card!")
        enabled = tuple(self.check_action(a, ()) for a in MOVE_ACTIONS)
        if enabled != self._enabled:
            # The footer is rebuilt whole: only when what it offers changed.
            self._enabled = enabled
            self.refresh_bindings()
        if caught_up and self._hand_over(view):
            return
        if mine and view.choosing_suit:
            self._ask_starter_suit(view)

    def _show_player_to_move(self, hand: Hand, view: PlayerView) -> bool:
        """Watching bots at a table that shows their hands: the hand of the player
        to move, the cards they may play bright, to follow their choices. Returns
        whether there was one to show."""
        current = view.current_player
        open_views = self.feed.open_views
        shown = (
            open_views[current]
            if open_views and current is not None and not self._hand_hidden
            else None
        )
        self.set_class(shown is not None, "-open-hand")
        if shown is None:
            return False
        hand.cards = shown.hand
        hand.playable = frozenset(m.card for m in legal_moves_in_view(shown) if isinstance(m, Play))
        hand.my_turn = True
        return True

    def _others(self) -> list[int]:
        """The seats shown around the table, in the order of play from the shown
        seat's left (every seat, from the first, when watching: the bottom is then
        the place of the hand of the player to move, whoever they are)."""
        n = len(self.table.players)
        start = self.seat if self.seat is not None else -1
        return [(start + step) % n for step in range(1, n + 1) if (start + step) % n != self.seat]

    def _refresh_opponents(self, view: PlayerView, moves: Sequence[Command]) -> None:
        rows = seat_rows(
            view,
            self.table.seats,
            shown=self._others(),
            dealer=view.dealer,
            callable_seats={m.target for m in moves if isinstance(m, CallIdiot)},
        )
        self.query_one(Seating).show(rows)

    def _refresh_title(self, view: PlayerView) -> None:
        where = round_words(view)
        if self.seat is None:
            who = _("watching, paused") if self._paused else _("watching")
        else:
            points = view.totals[self.seat]
            who = ngettext("you: {points} pt", "you: {points} pts", abs(points)).format(
                points=points
            )
            if len(self.table.humans) > 1:
                # Hot-seat: whose hand is on show, for the one who looks.
                # Translators: the title at a shared terminal ("Ann's hand · you: 12 pts").
                who = _("{name}'s hand · {points}").format(name=view.players[self.seat], points=who)
        self.query_one(TitleBar).parts = ("Craits", where, who)
