"""The table: where the game is played.

The screen folds the events of the game, as the seat it shows receives them, into
that seat's view, one event at a time; every widget is set from that view. Events
wait in a queue while a round summary is open, so the table never runs ahead of
what the player has seen. Bots move on a timer, paced by the player's setting.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Button

from craits_core import (
    Announce,
    CallIdiot,
    Card,
    ChooseSuit,
    Command,
    Draw,
    IllegalMove,
    Play,
    PlayerView,
    Rank,
    Suit,
    legal_moves_in_view,
    redact,
)
from craits_core.view import project

from ..faces import CardLook
from ..i18n import _, ngettext
from ..launch import NewGame
from ..narrate import Narrator, store_problem
from ..requests import ChangeSettings, OpenSetup, StartGame
from ..settings import PACE_NAMES, PACES, Settings
from ..table import Table

if TYPE_CHECKING:
    from craits_core.bots.reasons import Reason
    from craits_core.hosting import Undisturbed
from ..widgets.crank import CrankCounter
from ..widgets.direction import Direction
from ..widgets.discard import DiscardPile
from ..widgets.footer import Footer
from ..widgets.hand import Hand
from ..widgets.log import GameLog
from ..widgets.opponents import Opponents, SeatBadge, SeatInfo
from ..widgets.scoreboard import Scoreboard
from ..widgets.status import StatusLine
from ..widgets.stock import DrawPile
from ..widgets.title import TitleBar
from ..widgets.trail import PlayTrail
from .roomy import Roomy, is_big

ROUND_PAUSE = 3.0
"""Seconds a round summary stays up, at the least, when only bots play."""

LOG_REPLAY = 60
"""Events told again in the log when the table turns to another person."""

HUMAN_GRACE = 1.5
"""Seconds a person gets to say "last card" before a bot may call them an idiot."""


class TableScreen(Roomy, Screen):
    """The game table for the people at this terminal."""

    BINDINGS = [
        Binding("d", "draw", _("Draw")),
        Binding("l", "last_card", _("Last card!")),
        Binding("i", "call_idiot", _("Idiot!")),
        Binding("s", "scores", _("Scores")),
        Binding("h", "hint", _("Hint")),
        Binding("o", "options", _("Options")),
        # The pace is in the options; the footer offers its own key only to those
        # watching bots, who have room for it and a use for it. (Of two bindings of
        # one key, the first that is not switched off is the one shown and run.)
        Binding("p", "watch_pace", _("Pace")),
        Binding("p", "pace", _("Pace"), show=False),
        # Watching bots: a pause to study a hand, and a move at a time while paused.
        Binding("space", "pause", _("Pause")),
        Binding("space", "go_on", _("Go on")),
        Binding("right,n", "one_move", _("One move"), key_display="→"),
        Binding("v", "hide_hand", _("Hide hand")),
        Binding("v", "show_hand", _("Show hand")),
        Binding("question_mark", "help", _("Help"), key_display="?"),
        Binding("q", "quit_game", _("Quit")),
        *[Binding(str(n), f"play_number({n})", show=False) for n in range(1, 10)],
    ]

    deals_again = True
    """Whether the game over offers the same table again, with a new deal."""

    bell_after: float | None = None
    """Seconds of waiting for the others after which the player's turn rings the
    terminal's bell (when the `bell` setting is on); None: never, as here, where
    everyone plays at this terminal or is a bot."""

    def __init__(self, table: Table, settings: Settings, *, keeps_settings: bool = True) -> None:
        super().__init__()
        self.table = table
        self.settings = settings
        self.keeps_settings = keeps_settings
        """Whether changed settings are kept for the next start, for the options to
        say."""
        self.look = CardLook(ascii=settings.ascii, four_colour=settings.four_colour)
        humans = table.humans
        self.seat: int | None = humans[0] if humans else None
        self._at_terminal: int | None = None
        """With several people at this terminal: the seat whose person said they
        were ready, and so sees the hand."""
        self.narrator = Narrator(table.players, self.seat, self.look)
        self.view: PlayerView | None = None
        self._open_views: list[PlayerView | None] = []
        """Every seat's view, when watching bots at a table that shows their hands
        (`Table.open_hands`); empty otherwise."""
        self._queue: deque[dict[str, Any]] = deque()
        self._waiting = False  # a summary or handover is open: hold the queue
        self._drain_due = False  # events came in: the table is to be brought up to date
        self._armed = False  # "last card" said ahead, to ride on the next play
        self._enabled: tuple[bool | None, ...] = ()  # the footer's move keys, as shown
        self._adviser: Undisturbed | None = None  # a hard bot that knows what this seat knows
        self._hinted = False  # a hint is (or may still be) on the screen
        self._told_unsaved = False  # the player knows the game stopped being saved
        self._bot_timer: Timer | None = None
        self._paused = False  # watching: the bots wait for a key
        self._hand_hidden = False  # watching: the hand of the player to move is not shown
        self._moves_key: tuple[int, int] | None = None
        self._legal: tuple[Command, ...] = ()
        self._shown = 0  # events of the log folded into the view so far
        self._mine: bool | None = None  # the shown seat's turn, as last shown
        self._waiting_since = time.monotonic()  # since the turn left, or a dialog closed
        self._known = table.event_count()  # events in the log when the screen opened
        self._unsubscribe = table.subscribe(self._hear)

    class GameEvent(Message):
        """An event of the game (the log's ``index``-th), handed to the screen."""

        def __init__(self, index: int, event: dict[str, Any]) -> None:
            super().__init__()
            self.index = index
            self.event = event

    def _hear(self, event: dict[str, Any]) -> None:
        # The game tells every listener each event once, in log order.
        self.post_message(self.GameEvent(self._known, event))
        self._known += 1

    # --- Layout -------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield from self.compose_too_small()
        with Horizontal(id="table"):
            with Vertical(id="play"):
                yield TitleBar(id="title")
                yield Opponents(self._others(), id="opponents")
                with Horizontal(id="middle"):
                    yield DrawPile(self.look, id="stock")
                    yield DiscardPile(self.look, id="discard")
                    with Vertical(id="gauges"):
                        yield CrankCounter(id="crank")
                        yield Direction(id="direction")
                        yield PlayTrail(self.look, id="trail")
                yield StatusLine(id="status")
                with Horizontal(id="own"):
                    # A big hand (after a crank) scrolls, a row of cards at a time.
                    with VerticalScroll(id="hand-scroll", can_focus=False):
                        yield Hand(self.look, id="hand")
                    yield Button(_("Last card!"), id="last-card", variant="warning")
            with Vertical(id="side"):
                yield Scoreboard(id="scoreboard")
                yield GameLog(id="log")
        yield Footer()

    def on_mount(self) -> None:
        self.set_class(self.seat is None, "-watching")
        hand = self.query_one(Hand)
        hand.big = is_big(self.app.size)
        self._follow_settings()
        if self.seat is not None:
            hand.focus()
        else:
            # Watching: no hand of one's own, so no "Play" key in the footer either,
            # and no numbers over the cards shown.
            hand.can_focus = False
            hand.numbered = False
            self.set_focus(None)
        # Catch up with the game so far (a resumed game) without reliving it: no
        # summaries of past rounds, only the last lines of the log.
        self._shown = self._known
        self._show_seat(self.seat)
        if self.view is not None and self.view.is_over:
            self._show_game_over()
        self._drain()

    def on_resize(self, event: events.Resize) -> None:
        # Textual calls this before `Roomy`'s, which sets the size classes.
        self.query_one(Hand).big = is_big(event.size)

    def on_screen_resume(self) -> None:
        # Back from a dialog (scores, help): bots may have waited for it to close.
        self._schedule_bots()
        # And the player is here: no bell for a turn that came while they read.
        self._waiting_since = time.monotonic()

    def on_unmount(self) -> None:
        self._unsubscribe()
        if self._bot_timer is not None:
            self._bot_timer.stop()

    # --- Following the game -----------------------------------------------------------

    @on(GameEvent)
    def _game_event(self, message: GameEvent) -> None:
        if message.index >= self._shown + len(self._queue):
            self._queue.append(message.event)
        # The events of a move come together: the table is brought up to date once
        # they are all in, not once an event.
        if not self._drain_due:
            self._drain_due = True
            self.call_later(self._drain_if_due)

    def _drain_if_due(self) -> None:
        if self._drain_due:
            self._drain()

    def _drain(self) -> None:
        """Show queued events one by one, stopping at a round's end for its summary."""
        self._drain_due = False
        n = len(self.table.players)
        while self._queue and not self._waiting:
            event = self._queue.popleft()
            self._shown += 1
            mine = redact(event, self.seat, n)
            self.view = project(self.view, mine, self.seat)
            if self._open_views:
                self._open_views = [
                    project(view, redact(event, seat, n), seat)
                    for seat, view in enumerate(self._open_views)
                ]
            if self._adviser is not None:
                self._adviser.observe(mine)
            self._log_event(mine)
            self._trail(mine)
            if event["type"] == "round-ended":
                self._show_round_summary(event)
            elif event["type"] == "game-ended":
                self._show_game_over()
        self._refresh_table()
        self._schedule_bots()

    def _trail(self, event: dict[str, Any]) -> None:
        kind = event["type"]
        if kind == "card-played":
            self.query_one(PlayTrail).add(
                self.narrator.who(event["player"]), Card.parse(event["card"])
            )
        elif kind == "round-started":
            self.query_one(PlayTrail).clear()

    def _log_event(self, event: dict[str, Any]) -> None:
        line = self.narrator.event(event)
        if line:
            self.query_one(GameLog).say(line, style=_LOG_STYLES.get(event["type"], ""))

    def _refresh_table(self) -> None:
        view = self.view
        if view is None:
            return
        caught_up = not self._queue and not self._waiting
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

        discard = self.query_one(DiscardPile)
        discard.top = view.top_card
        discard.active_suit = view.active_suit
        stock = self.query_one(DrawPile)
        stock.count = view.stock_size
        stock.can_draw = any(isinstance(m, Draw) for m in moves)
        crank = self.query_one(CrankCounter)
        crank.count = view.crank
        facing = view.current_player
        crank.facing = (
            ""
            if facing is None or not view.crank
            else _("you must answer")
            if facing == self.seat
            else _("{who} must answer").format(who=view.players[facing])
        )
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
        enabled = tuple(self.check_action(a, ()) for a in _MOVE_ACTIONS)
        if enabled != self._enabled:
            # The footer is rebuilt whole: only when what it offers changed.
            self._enabled = enabled
            self.refresh_bindings()
        if caught_up and self._hand_over(view):
            return
        if mine and view.choosing_suit:
            self._ask_starter_suit(view)

    def _hand_over(self, view: PlayerView) -> bool:
        """With several people at this terminal, hide the hand until the next one
        whose turn it is says they are ready. Returns whether a handover began."""
        humans = self.table.humans
        if len(humans) < 2:
            return False
        current = view.current_player
        if current in humans and current != self._at_terminal:
            to = current
        elif self._at_terminal is None and self.seat is not None:
            # A new or resumed game: the hand on show is waited on too, as bots
            # may play first.
            to = self.seat
        else:
            return False
        from .handover import HandoverScreen

        previous = self.seat
        can_announce = (
            previous is not None
            and previous != to
            and any(isinstance(m, Announce) for m in self.table.legal_moves(previous))
        )
        announce_for = view.players[previous] if can_announce and previous is not None else None
        self._waiting = True

        def handed(choice: str | None) -> None:
            if choice == "announce" and previous is not None:
                self._submit(Announce(previous))
                self.app.push_screen(HandoverScreen(view.players[to]), handed)
                return
            self._at_terminal = to
            self._show_seat(to)
            self._waiting = False
            self._drain()

        self.app.push_screen(HandoverScreen(view.players[to], announce_for), handed)
        return True

    def _show_seat(self, seat: int | None) -> None:
        """Show the table from ``seat``'s side: its view folded from its own stream."""
        self.seat = seat
        self._adviser = None  # it knew the last person's cards
        self.narrator = Narrator(self.table.players, seat, self.look)
        self.query_one(Opponents).reseat(self._others())
        stream = self.table.events_for(seat)[: self._shown]
        self.view = _fold(stream, seat)
        self._open_views = (
            [
                _fold(self.table.events_for(other)[: self._shown], other)
                for other in range(len(self.table.players))
            ]
            if seat is None and self.table.open_hands
            else []
        )
        # The log is told again from this seat's side: the last person's draws
        # were "You drew 7♠" and must not be read by the next one.
        log = self.query_one(GameLog)
        log.clear()
        self.query_one(PlayTrail).clear()
        for event in stream[-LOG_REPLAY:]:
            self._log_event(event)
            self._trail(event)

    def _show_player_to_move(self, hand: Hand, view: PlayerView) -> bool:
        """Watching bots at a table that shows their hands: the hand of the player
        to move, the cards they may play bright, to follow their choices. Returns
        whether there was one to show."""
        current = view.current_player
        shown = (
            self._open_views[current]
            if self._open_views and current is not None and not self._hand_hidden
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
        """The seats shown as opponents, from the shown seat's left (all, when watching)."""
        n = len(self.table.players)
        start = self.seat if self.seat is not None else -1
        return [(start + step) % n for step in range(1, n + 1) if (start + step) % n != self.seat]

    def _refresh_opponents(self, view: PlayerView, moves: Sequence[Command]) -> None:
        callable_seats = {m.target for m in moves if isinstance(m, CallIdiot)}
        infos = []
        for seat in self._others():
            infos.append(
                SeatInfo(
                    seat=seat,
                    name=view.players[seat],
                    cards=view.hand_sizes[seat],
                    bot=self.table.seats[seat].bot,
                    dealer=seat == view.dealer,
                    turn=seat == view.current_player,
                    announced=view.announced[seat],
                    lost_turns=view.lost_turns[seat],
                    total=view.totals[seat],
                    callable=seat in callable_seats,
                )
            )
        self.query_one(Opponents).show(infos)

    def _refresh_title(self, view: PlayerView) -> None:
        rounds = len(view.rules.schedule)
        where = ngettext(
            "round {n} of {total} · {size} card each",
            "round {n} of {total} · {size} cards each",
            view.hand_size,
        ).format(n=view.round_number, total=rounds, size=view.hand_size)
        if self.seat is not None:
            points = view.totals[self.seat]
            who = ngettext("you: {points} pt", "you: {points} pts", abs(points)).format(
                points=points
            )
        else:
            who = _("watching, paused") if self._paused else _("watching")
        self.query_one(TitleBar).parts = ("Craits", where, who)

    def _moves(self) -> tuple[Command, ...]:
        """The shown seat's legal moves, worked out once an event: the footer asks
        for them once a key, and a table that follows a server works them out from
        the view."""
        if self.seat is None:
            return ()
        key = (self.seat, self.table.event_count())
        if key != self._moves_key:
            self._moves_key = key
            self._legal = tuple(self.table.legal_moves(self.seat))
        return self._legal

    # --- Bots ---------------------------------------------------------------------------

    def _schedule_bots(self) -> None:
        if self._bot_timer is not None:
            self._bot_timer.stop()
            self._bot_timer = None
        if not self.table.bots_play_here:
            return  # no thread to start for a move that never comes
        if self._paused or self._waiting or self._queue or self.view is None or self.view.is_over:
            return
        # Even "instant" leaves the screen a moment to draw between bot moves.
        delay = max(self.settings.bot_delay * self._deliberation(), 0.01)
        if self._human_may_announce():
            delay = max(delay, HUMAN_GRACE)
        self._bot_timer = self.set_timer(delay, self._bot_step)

    def _deliberation(self) -> float:
        """How long the bot to play seems to think, against the pace: a forced move
        (a draw, the one card that fits) comes quicker than a choice among many,
        as it would from a person."""
        seat = self.view.current_player if self.view is not None else None
        if seat is None or not self.table.seats[seat].is_bot:
            return 1.0
        choices = sum(isinstance(m, Play | Draw) for m in self.table.legal_moves(seat))
        return 0.6 if choices <= 1 else 1.0 if choices <= 3 else 1.3

    def _human_may_announce(self) -> bool:
        return any(
            any(isinstance(m, Announce) for m in self.table.legal_moves(seat))
            for seat in self.table.humans
        )

    def _bot_step(self) -> None:
        self._bot_timer = None
        if self._waiting or self._queue or self.app.screen is not self:
            return
        # A bot may think for a while (a hard bot searches for 0.3 s): in a thread,
        # so a key pressed meanwhile is answered at once.
        self._think(self.table.event_count())

    @work(thread=True, exclusive=True, group="bots")
    def _think(self, seen: int) -> None:
        move = self.table.next_bot_move()
        self.app.call_from_thread(self._bot_decided, seen, move)

    def _bot_decided(self, seen: int, move: Command | None) -> None:
        if move is None:
            return
        if seen != self.table.event_count() or self._waiting or self._queue:
            self._schedule_bots()  # the game moved on while the bot thought
            return
        self._submit(move)

    # --- Player input -----------------------------------------------------------------

    def _submit(self, command: Command) -> bool:
        """Hand a command to the table; its events come back as `GameEvent` messages."""
        try:
            self.table.submit(command)
        except IllegalMove as err:
            self.notify(self.narrator.refusal(err, self.view), severity="warning", timeout=4)
            return False
        problem = self.table.save_problem
        if problem is not None and not self._told_unsaved:
            self._told_unsaved = True
            self.notify(
                _(
                    "This game can no longer be saved: {problem} It goes on, but its "
                    "moves from here on are not saved."
                ).format(problem=store_problem(problem)),
                severity="error",
                timeout=20,
            )
        if (
            self._hinted
            and command.player == self.seat
            and isinstance(command, Play | Draw | ChooseSuit)
        ):
            # The hint was for the move just made: left up, it would read as
            # advice for the next turn.
            self._hinted = False
            self.app.clear_notifications()
        return True

    def _turn_changed(self, mine: bool) -> None:
        """Ring the bell when the turn comes back after a long wait (`bell_after`)."""
        now = time.monotonic()
        if not mine:
            self._waiting_since = now
        elif (
            self.bell_after is not None
            and self.settings.bell
            and now - self._waiting_since >= self.bell_after
        ):
            self.app.bell()

    def _my_turn(self) -> bool:
        view = self.view
        return (
            view is not None
            and self.seat is not None
            and not self._queue
            and not self._waiting
            and view.current_player == self.seat
        )

    @on(Hand.CardChosen)
    def _card_chosen(self, message: Hand.CardChosen) -> None:
        if self.seat is None or self._waiting or self._queue:
            return
        if self._reask_starter_suit():
            return
        moves = self._moves()
        can_play = any(isinstance(m, Play) for m in moves)
        if message.with_enter and not can_play and any(isinstance(m, Draw) for m in moves):
            # Enter is "do the obvious thing": with no card to play, that is drawing.
            self.action_draw()
            return
        card = message.card
        options = [m for m in moves if isinstance(m, Play) and m.card == card]
        if len(options) > 1:
            self._ask_suit(card, [m.suit for m in options])
            return
        suit = card.suit if card.rank is Rank.EIGHT else None  # refused with the reason
        self._play(Play(self.seat, card, suit))

    def _play(self, play: Play) -> None:
        view = self.view
        announce = self._armed or (
            view is not None and len(view.hand) == 2 and self.settings.auto_announce
        )
        if self._submit(Play(play.player, play.card, play.suit, announce=announce)):
            self._armed = False

    def _ask_suit(self, card: Card, suits: list[Suit | None]) -> None:
        from .suit_picker import SuitPicker

        choices = [s if s is not None else card.suit for s in suits]

        def chosen(suit: Suit | None) -> None:
            if suit is not None and self.seat is not None:
                self._play(
                    Play(
                        self.seat,
                        card,
                        None if suit is card.suit and card.rank is Rank.NINE else suit,
                    )
                )

        hand = self.view.hand if self.view is not None else ()
        self.app.push_screen(SuitPicker(card, choices, self.look, hand=hand), chosen)

    def _ask_starter_suit(self, view: PlayerView) -> None:
        from .suit_picker import SuitPicker

        if self._waiting or isinstance(self.app.screen, SuitPicker):
            return
        top = view.top_card
        assert top is not None
        suits = [m.suit for m in self._moves() if isinstance(m, ChooseSuit)]

        def chosen(suit: Suit | None) -> None:
            if suit is not None and self.seat is not None:
                self._submit(ChooseSuit(self.seat, suit))

        self.app.push_screen(
            SuitPicker(top, suits, self.look, starter=True, hand=view.hand), chosen
        )

    def _reask_starter_suit(self) -> bool:
        """After the starter's suit picker was closed unanswered, a move opens it
        again: nothing else can be done first. Returns whether it did."""
        view = self.view
        if view is None or not view.choosing_suit or not self._my_turn():
            return False
        self._ask_starter_suit(view)
        return True

    @on(DrawPile.Clicked)
    def action_draw(self) -> None:
        if self.seat is not None and self._my_turn() and not self._reask_starter_suit():
            self._submit(Draw(self.seat))

    @on(Button.Pressed, "#last-card")
    def action_last_card(self) -> None:
        if self.seat is None:
            return
        if any(isinstance(m, Announce) for m in self._moves()):
            self._submit(Announce(self.seat))
        elif self._my_turn():
            self._armed = not self._armed
            self.notify(
                _("You will say “Last card!” with your next play.")
                if self._armed
                else _("You will not say “Last card!”."),
                timeout=2,
            )
            self._refresh_table()

    @on(SeatBadge.IdiotClicked)
    def _idiot_clicked(self, message: SeatBadge.IdiotClicked) -> None:
        if self.seat is not None:
            self._submit(CallIdiot(self.seat, message.seat))

    def action_call_idiot(self) -> None:
        calls = [m for m in self._moves() if isinstance(m, CallIdiot)]
        if calls:
            self._submit(calls[0])
        else:
            self.notify(_("Nobody to call right now."), severity="warning", timeout=2)

    def action_play_number(self, number: int) -> None:
        self.query_one(Hand).choose_number(number)

    def action_hint(self) -> None:
        """What the hard bot would do in the player's place, and why."""
        if not self._my_turn() or self.seat is None or self.view is None:
            self.notify(_("A hint is for your turn."), timeout=2)
            return
        if self._adviser is None:
            from craits_core.bots import make_bot
            from craits_core.hosting import Undisturbed

            # Worked out in a thread, as the game goes on: undisturbed by its events.
            self._adviser = Undisturbed(make_bot("hard", seed=self.seat))
            for event in self.table.events_for(self.seat)[: self._shown]:
                self._adviser.observe(event)
        self.notify(_("Thinking…"), timeout=1)
        self._advise(self.view, self._moves())

    @work(thread=True, exclusive=True, group="hint")
    def _advise(self, view: PlayerView, moves: Sequence[Command]) -> None:
        adviser = self._adviser
        if adviser is None or not moves:
            return
        move, reason = adviser.explain(view, moves)
        self.app.call_from_thread(self._show_hint, view, move, reason)

    def _show_hint(self, view: PlayerView, move: Command, reason: Reason) -> None:
        if view is not self.view:
            return  # the game moved on: the hint is stale
        if isinstance(move, Play):
            hand = self.query_one(Hand)
            if move.card in hand.cards:
                hand.cursor = hand.cards.index(move.card)
        # Translators: a hint, the move then why ("Play 2♦ — keep the 3♦: it cancels…").
        # A dash, because many reasons have a colon of their own.
        text = _("{advice} — {reason}").format(
            advice=self.narrator.advice(move, view.crank), reason=self.narrator.reason(reason)
        )
        self.notify(text, title=_("Hint"), timeout=8)
        self._hinted = True

    def _follow_settings(self) -> None:
        """Bring the table in line with ``self.settings``."""
        settings = self.settings
        # A watcher's clicks play nothing: no card lights up under the mouse.
        self.query_one(Hand).hover_tracking = settings.hover and self.seat is not None
        self.query_one(Footer).hover_tracking = settings.hover
        self.query_one(Direction).ascii = settings.ascii
        look = CardLook(ascii=settings.ascii, four_colour=settings.four_colour)
        if look != self.look:
            self.look = look
            for kind in (Hand, DrawPile, DiscardPile, PlayTrail):
                widget = self.query_one(kind)
                widget.look = look
                widget.refresh()
            # The log and the trail are told again, with the new card faces.
            self._show_seat(self.seat)
            self._refresh_table()

    def action_options(self) -> None:
        """The options dialog; the table follows what changed when it closes."""
        from .options import OptionsScreen

        def changed(settings: Settings | None) -> None:
            if settings is not None:
                self.settings = settings
                self._follow_settings()
                self._schedule_bots()

        options = OptionsScreen(
            self.settings, pace=self.table.bots_play_here, keeps_settings=self.keeps_settings
        )
        self.app.push_screen(options, changed)

    def action_watch_pace(self) -> None:
        self.action_pace()

    def action_pause(self) -> None:
        """Watching: the bots stop until space (or → for a single move)."""
        self._set_paused(True)

    def action_go_on(self) -> None:
        self._set_paused(False)

    def action_one_move(self) -> None:
        """Paused: the next bot makes its move, and the bots wait again."""
        if self._bot_timer is None:
            self._bot_step()

    def action_hide_hand(self) -> None:
        """Watching: no hand on show, for the suspense (or a slow link)."""
        self._set_hand_hidden(True)

    def action_show_hand(self) -> None:
        self._set_hand_hidden(False)

    def _set_hand_hidden(self, hidden: bool) -> None:
        self._hand_hidden = hidden
        self.refresh_bindings()
        self._refresh_table()

    def _set_paused(self, paused: bool) -> None:
        self._paused = paused
        self.refresh_bindings()
        self._refresh_table()  # the title says so
        self._schedule_bots()

    def action_pace(self) -> None:
        """Bots play slower or faster: slow, normal, fast, instant, round again."""
        paces = list(PACES)
        pace = paces[(paces.index(self.settings.pace) + 1) % len(paces)]
        self.settings = self.settings.but(pace=pace)
        self.post_message(ChangeSettings(self.settings))
        self.notify(_("Bot pace: {pace}.").format(pace=_(PACE_NAMES[pace])), timeout=2)
        self._schedule_bots()

    def action_scores(self) -> None:
        from .scores import ScoresScreen

        if self.view is not None:
            self.app.push_screen(ScoresScreen(self.view))

    def action_help(self) -> None:
        from .help import HelpScreen

        self.app.push_screen(HelpScreen(self.view.rules if self.view is not None else None))

    def action_quit_game(self) -> None:
        if self.table.saved:
            self.app.exit(message=_("The game is saved: start craits-tui again to go on."))
        elif self.table.save_problem is not None:
            self.app.exit(
                message=_(
                    "Saving stopped partway through this game: start craits-tui again to "
                    "go on from the last move saved."
                )
            )
        else:  # played without a save file
            self.app.exit(message=_("This game was not saved, so it cannot be resumed."))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("pace", "watch_pace", *_PAUSE_ACTIONS) and not self.table.bots_play_here:
            return False  # the bots play elsewhere (on the server), at its pace
        if action == "watch_pace":
            return self.seat is None
        if action in _PAUSE_ACTIONS:
            return self.seat is None and self._paused is (action != "pause")
        if action in ("hide_hand", "show_hand"):
            return bool(self._open_views) and self._hand_hidden is (action == "show_hand")
        if action in _MOVE_ACTIONS:
            if self.seat is None:
                return False  # watching: no hand, no moves, not in the footer
            if self._waiting or self._queue:
                return None
            moves = self._moves()
            if action == "draw":
                return True if any(isinstance(m, Draw) for m in moves) else None
            if action == "hint":
                return True if self._my_turn() and moves else None
            if action == "call_idiot":
                return True if any(isinstance(m, CallIdiot) for m in moves) else None
            if action == "last_card":
                can_arm = self._my_turn() and self.view is not None and len(self.view.hand) == 2
                return True if can_arm or any(isinstance(m, Announce) for m in moves) else None
        return True

    # --- Between rounds -----------------------------------------------------------------

    def _show_round_summary(self, event: dict[str, Any]) -> None:
        from .round_summary import RoundSummary

        assert self.view is not None
        self._waiting = True

        def next_round(_: object = None) -> None:
            self._waiting = False
            self._drain()

        # Nobody to press Enter when only bots play: the summary stays a while (or,
        # with the bots paused, until the watcher goes on).
        auto = (
            None
            if self.table.humans or self._paused
            else max(ROUND_PAUSE, 5 * self.settings.bot_delay)
        )
        self.app.push_screen(RoundSummary(event, self.view, self.look, auto), next_round)

    def _show_game_over(self) -> None:
        from .game_over import GameOver

        assert self.view is not None
        self._waiting = True
        self.app.push_screen(GameOver(self.view, again=self.deals_again), self._after_game)

    def _after_game(self, choice: str | None) -> None:
        if choice == "again" and self.view is not None:
            seats = tuple(self.table.seats)
            self.post_message(StartGame(self, NewGame(seats, self.view.rules)))
        elif choice == "new":
            self.post_message(OpenSetup(self))
        else:
            self.app.exit()


def _fold(events: Sequence[dict[str, Any]], seat: int | None) -> PlayerView | None:
    """``seat``'s view after ``events`` (its own stream); None before the game starts."""
    view = None
    for event in events:
        view = project(view, event, seat)
    return view


_PAUSE_ACTIONS = ("pause", "go_on", "one_move")
"""Watching bots: the keys that stop them and move them on by hand."""

_MOVE_ACTIONS = ("draw", "last_card", "call_idiot", "play_number", "hint")
"""The footer's keys that come and go with the moves allowed."""

_LOG_STYLES = {
    "round-started": "bold",
    "round-ended": "bold",
    "game-ended": "bold",
    "idiot-called": "bold red",
    "crank-raised": "bold",
    "last-card-announced": "bold",
}
