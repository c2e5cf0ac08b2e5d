"""The table: where the game is played.

The screen follows the game through a `Feed`: the events of the seat it shows,
folded into that seat's view one at a time; every widget is set from that view.
Events wait while a round summary is open, so the table never runs ahead of what
the player has seen. The screen is put together from parts, a job each: drawing,
the player's moves, the bots, hot-seat, hints, watching, drawing for the player and
leaving.
"""

from __future__ import annotations

import time

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen

from craits_core import Announce, CallIdiot, Draw, Event, PlayerView
from craits_core.events import GameEnded, IdiotCalled, RoundEnded

from ...abilities_text import KEY as ABILITIES_KEY
from ...faces import CardLook
from ...i18n import N_, _
from ...launch import NewGame
from ...moves_shown import Movement, movements_for
from ...pacing import round_pause
from ...requests import OpenSetup, ShowMenu, StartGame
from ...settings import Settings
from ...table import Table
from ...widgets.direction import Direction
from ...widgets.discard import DiscardPile
from ...widgets.footer import Footer
from ...widgets.hand import CARD_KEYS, Hand
from ...widgets.last_card import LastCardButton
from ...widgets.log import GameLog
from ...widgets.middle import table_middle
from ...widgets.motion import Motion
from ...widgets.scoreboard import Scoreboard
from ...widgets.seats import Seating
from ...widgets.status import StatusLine
from ...widgets.stock import DrawPile
from ...widgets.title import TitleBar
from ...widgets.trail import PlayTrail
from ..roomy import is_big
from .autodraw import AutoDraw
from .bots import BotPacing
from .drawing import MOVE_ACTIONS, Drawing
from .hints import Hints
from .hotseat import HotSeat
from .leaving import Leaving
from .motions import Motions
from .moves import PlayerInput
from .watching import Watching

_PAUSE_ACTIONS = ("pause", "go_on", "one_move")
"""Watching bots: the keys that stop them and move them on by hand."""


class TableScreen(
    Drawing, Motions, PlayerInput, BotPacing, HotSeat, Hints, Watching, AutoDraw, Leaving
):
    """The game table for the people at this terminal."""

    BINDINGS = [
        Binding("d", "draw", N_("Draw")),
        Binding("l", "last_card", N_("Last card!")),
        Binding("i", "call_idiot", N_("Idiot!")),
        Binding("s", "scores", N_("Scores")),
        Binding("h", "hint", N_("Hint")),
        Binding("u", "take_back", N_("Take back")),
        Binding("o", "options", N_("Options")),
        # The pace is in the options; the footer offers its own key only to those
        # watching bots, who have room for it and a use for it. (Of two bindings of
        # one key, the first that is not switched off is the one shown and run.)
        Binding("p", "watch_pace", N_("Pace")),
        Binding("p", "pace", N_("Pace"), show=False),
        # Watching bots: a pause to study a hand, and a move at a time while paused.
        Binding("space", "pause", N_("Pause")),
        Binding("space", "go_on", N_("Go on")),
        Binding("right,n", "one_move", N_("One move"), key_display="→"),
        Binding("v", "hide_hand", N_("Hide hand")),
        Binding("v", "show_hand", N_("Show hand")),
        Binding(ABILITIES_KEY, "abilities", N_("Cards")),
        Binding("question_mark", "help", N_("Help"), key_display="?"),
        # Leaving is the footer's last key, where a player looks for the way out.
        Binding(
            "escape",
            "leave_by_escape",
            N_("Leave"),
            key_display="esc",
            tooltip=N_("Back to the start menu: the game is saved, to resume there."),
        ),
        Binding("q", "quit_game", N_("Quit")),
        *[Binding(key, f"play_number({n})", show=False) for n, key in enumerate(CARD_KEYS, 1)],
        # The log scrolls from the keyboard while the hand keeps the focus.
        Binding("pageup", "log('page_up')", show=False),
        Binding("pagedown", "log('page_down')", show=False),
        Binding("right_square_bracket", "log('to_end')", show=False),
        # A move key that does nothing says why: when its binding above is switched
        # off, the key falls through to these.
        *[
            Binding(key, f"why_not('{action}')", show=False)
            for key, action in (
                ("d", "draw"),
                ("l", "last_card"),
                ("i", "call_idiot"),
                ("h", "hint"),
                ("u", "take_back"),
            )
        ],
    ]

    deals_again = True
    """Whether the game over offers the same table again, with a new deal."""

    bell_after: float | None = 0.0
    """Seconds of waiting for the others after which the player's turn rings the
    terminal's bell (when the `bell` setting is on); None: never. Here, any turn
    that comes back after others played."""

    def __init__(self, table: Table, settings: Settings, *, keeps_settings: bool = True) -> None:
        super().__init__(table, settings, keeps_settings=keeps_settings)
        self._unsubscribe = table.subscribe(self._hear)

    def _hear(self, index: int, event: Event) -> None:
        # The game tells every listener each event once, in log order.
        self.feed.heard = index + 1
        self.post_message(self.GameEvent(index, event))

    # --- Layout -------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield from self.compose_too_small()
        with Horizontal(id="table"):
            with Vertical(id="play"):
                yield TitleBar(id="title")
                # The table: the others in their seats around it, the piles in the
                # middle, and beside the piles what the next player must reckon with.
                middle = table_middle(self.look)
                yield Seating(self._others(), middle, self.look, id="seating")
                yield StatusLine(id="status")
                with Horizontal(id="own"):
                    # A big hand (after a crank) scrolls, a row of cards at a time.
                    with VerticalScroll(id="hand-scroll", can_focus=False):
                        yield Hand(self.look, id="hand")
                    yield LastCardButton(_("Last card!"), id="last-card")
            with Vertical(id="side"):
                yield Scoreboard(id="scoreboard")
                yield GameLog(id="log")
        yield Footer()
        yield Motion(id="motion")

    def on_mount(self) -> None:
        # A narrow footer leaves these out first: the help lists them, and the
        # start menu (esc) has the options and quitting.
        self.query_one(Footer).spare = ("quit_game", "options", "scores", "abilities")
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
        self._show_seat(self.seat)
        if self.view is not None and self.view.is_over:
            self._show_game_over()
        self._drain()

    def on_resize(self, event: events.Resize) -> None:
        # Textual calls this before `Roomy`'s, which sets the size classes (and
        # gives the keys back to the hand after a window too small).
        self.query_one(Hand).big = is_big(event.size)

    def on_screen_resume(self) -> None:
        # Back from a dialog (scores, help): bots may have waited for it to close.
        self._schedule_bots()
        # And the player is here: no bell for a turn that came while they read.
        self._waiting_since = time.monotonic()
        self._consider_auto_draw()  # held back while the dialog was open

    def on_unmount(self) -> None:
        self._unsubscribe()
        if self._bot_timer is not None:
            self._bot_timer.stop()

    # --- Following the game -----------------------------------------------------------

    @on(Drawing.GameEvent)
    def _game_event(self, message: Drawing.GameEvent) -> None:
        self.feed.arrive(message.index, message.event)
        # The events of a move come together: the table is brought up to date once
        # they are all in, not once an event.
        if not self._drain_due:
            self._drain_due = True
            self.call_later(self._drain_if_due)

    _drain_due = False  # events came in: the table is to be brought up to date

    def _drain_if_due(self) -> None:
        if self._drain_due:
            self._drain()

    def _drain(self) -> None:
        """Show queued events one by one, stopping at a round's end for its summary."""
        self._drain_due = False
        if self._taken_down:
            return  # the events stay queued for nobody
        pile_before = self._pile_face()
        movements: list[Movement] = []
        drawn_for_you: str | None = None  # the notice of a draw made for the player
        while True:
            before = self.view
            event = self.feed.next()
            if event is None:
                break
            crank = before.crank if before is not None else 0
            movements.extend(movements_for(event, crank_before=crank))
            self._clear_notice()  # the situation it spoke of has passed
            drawn_for_you = self._auto_draw_notice(event) or drawn_for_you
            self._observed(event)
            self._log_event(event)
            match event:
                case IdiotCalled(target=target) if target == self.seat:
                    self._ring()
                case RoundEnded():
                    self._show_round_summary(event)
                case GameEnded():
                    self._show_game_over()
        self._refresh_table()
        self._open_due_dialogs()
        self._show_motion(movements, pile_before)
        self._schedule_bots()
        if drawn_for_you is not None:
            self._notice(drawn_for_you)
        self._consider_auto_draw()

    def _turn_changed(self, mine: bool) -> None:
        """Ring the bell when the turn comes back after others played (and, online,
        after a long wait: `bell_after`)."""
        now = time.monotonic()
        if not mine:
            self._waiting_since = now
        elif self.bell_after is not None and now - self._waiting_since >= self.bell_after:
            self._ring()

    def _ring(self) -> None:
        if self.settings.bell:
            self.app.bell()

    # --- Settings and dialogs -------------------------------------------------------------

    def _follow_settings(self) -> None:
        """Bring the table in line with ``self.settings``."""
        settings = self.settings
        # A watcher's clicks play nothing: no card lights up under the mouse.
        self.query_one(Hand).hover_tracking = settings.hover and self.seat is not None
        self.query_one(Footer).hover_tracking = settings.hover
        self.query_one(Direction).ascii = settings.ascii
        self.query_one(GameLog).ascii = settings.ascii
        self.query_one(Motion).enabled = settings.animations
        look = CardLook(ascii=settings.ascii, four_colour=settings.four_colour)
        if look != self.look:
            self.look = look
            for kind in (Hand, DrawPile, DiscardPile, PlayTrail, Seating):
                widget = self.query_one(kind)
                widget.look = look
                widget.refresh()
            # The log and the trail are told again, with the new card faces.
            self._show_seat(self.seat)
            self._refresh_table()

    def action_options(self) -> None:
        """The options dialog; the table follows what changed when it closes."""
        from ..options import OptionsScreen

        def changed(settings: Settings | None) -> None:
            if settings is not None:
                self.settings = settings
                self._follow_settings()
                self._schedule_bots()
                self._consider_auto_draw()  # "Draw for me" may have been turned on

        options = OptionsScreen(
            self.settings, pace=self.table.bots_play_here, keeps_settings=self.keeps_settings
        )
        self.app.push_screen(options, changed)

    def action_scores(self) -> None:
        from ..scores import ScoresScreen

        if self.view is not None:
            self.app.push_screen(ScoresScreen(self.view))

    def action_abilities(self) -> None:
        """What each card does, a line each, under the rules of this game."""
        from ..abilities import AbilitiesScreen

        if self.view is not None:
            self.app.push_screen(AbilitiesScreen(self.view.rules, self.look))

    def action_log(self, where: str) -> None:
        log = self.query_one(GameLog)
        {
            "page_up": log.scroll_page_up,
            "page_down": log.scroll_page_down,
            "to_end": log.scroll_to_end,
        }[where]()

    def action_help(self) -> None:
        from ..help import HelpScreen

        self.app.push_screen(HelpScreen(self.view.rules if self.view is not None else None))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("pace", "watch_pace", *_PAUSE_ACTIONS) and not self.table.bots_play_here:
            return False  # the bots play elsewhere (on the server), at its pace
        if action == "watch_pace":
            return self.seat is None
        if action in _PAUSE_ACTIONS:
            return self.seat is None and self.control.paused is (action != "pause")
        if action in ("hide_hand", "show_hand"):
            return bool(self.feed.open_views) and self.control.hand_hidden is (
                action == "show_hand"
            )
        if action in MOVE_ACTIONS:
            if self.seat is None:
                return False  # watching: no hand, no moves, not in the footer
            if not self.control.caught_up:
                return None
            moves = self.control.moves()
            if action == "draw":
                return True if any(isinstance(m, Draw) for m in moves) else None
            if action == "hint":
                return True if self.control.my_turn() and moves else None
            if action == "take_back":
                if not self.table.can_take_back:
                    return False  # not offered: online, hot-seat
                return True if self.table.take_back_point(self.seat) is not None else None
            if action == "call_idiot":
                return True if any(isinstance(m, CallIdiot) for m in moves) else None
            if action == "last_card":
                can_arm = (
                    self.control.my_turn() and self.view is not None and len(self.view.hand) == 2
                )
                return True if can_arm or any(isinstance(m, Announce) for m in moves) else None
        return True

    # --- Between rounds -----------------------------------------------------------------

    def _show_round_summary(self, event: RoundEnded) -> None:
        from ..round_summary import RoundSummary

        assert self.view is not None
        self.feed.held = True

        def next_round(_: object = None) -> None:
            self.feed.held = False
            self._drain()

        # Nobody to press Enter when only bots play: the summary stays a while (or,
        # with the bots paused, until the watcher goes on).
        auto = round_pause(
            self.settings.bot_delay, people=bool(self.table.humans), paused=self.control.paused
        )
        self.app.push_screen(RoundSummary(event, self.view, self.look, auto), next_round)

    def _show_game_over(self) -> None:
        assert self.view is not None
        self.feed.held = True
        self.app.push_screen(self._game_over_screen(self.view), self._after_game)

    def _game_over_screen(self, view: PlayerView) -> ModalScreen[str]:
        """The dialog at the game's end, which answers with a choice for
        `_after_game` (a table elsewhere shows its own)."""
        from ..game_over import GameOver

        return GameOver(
            view,
            again=self.deals_again,
            look=self.look,
            animate=self.settings.animations,
            personal=len(self.table.humans) < 2,  # hot-seat: nobody is "you"
        )

    def _after_game(self, choice: str | None) -> None:
        if choice == "again" and self.view is not None:
            seats = tuple(self.table.seats)
            self.post_message(StartGame(self, NewGame(seats, self.view.rules)))
        elif choice == "new":
            self.post_message(OpenSetup(self))
        elif choice == "menu":
            self.post_message(ShowMenu(self))
        else:
            self.app.exit()
