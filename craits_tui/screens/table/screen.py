"""The table: where the game is played.

The screen follows the game through a `Feed`: the events of the seat it shows,
folded into that seat's view one at a time; every widget is set from that view.
Events wait while a round summary is open, so the table never runs ahead of what
the player has seen.

The screen is put together from parts, a job each, that it holds: its control
(`TableControl`, no Textual), drawing, the player's moves, the bots, hints, motion,
drawing for the player. What one kind of table does its own way (hot-seat,
watching bots, a lesson, a game online) its `TablePolicy` says.
"""

from __future__ import annotations

import time

from textual import events, on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.geometry import Size
from textual.message import Message
from textual.screen import Screen
from textual.timer import Timer

from craits_core import Card, Command, Event, PlayerView

from ...faces import CardLook
from ...i18n import _
from ...narrate import Narrator
from ...requests import ChangeSettings
from ...settings import PACE_NAMES, PACES, Settings
from ...table import Table
from ...table_control import TableControl
from ...widgets.footer import Footer
from ...widgets.hand import Hand
from ...widgets.last_card import LastCardButton
from ...widgets.log import GameLog
from ...widgets.middle import table_middle
from ...widgets.motion import Motion
from ...widgets.scoreboard import Scoreboard
from ...widgets.seats import SeatBadge, Seating
from ...widgets.status import StatusLine
from ...widgets.stock import DrawPile
from ...widgets.title import TitleBar
from ..roomy import Roomy, hand_scale, is_grand
from ..speaking import Speaking
from .autodraw import AutoDraw
from .bots import BotPacer
from .drawing import Drawing
from .following import Following
from .hints import Hints
from .hotseat import HotSeatPolicy
from .keys import TABLE_BINDINGS, offered
from .leaving import EscapeGuard
from .motions import Motions
from .moves import PlayerInput
from .policy import TablePolicy
from .watching import WatchingPolicy

NOTICE_TIME = 5.0
"""Seconds a notice stays, at the most: less when the situation it speaks of passes."""


def policy_for(table: Table) -> TablePolicy:
    """The policy of a table played at this terminal: hot-seat with several people
    at it, watching with none, else a game against bots."""
    humans = table.humans
    if len(humans) > 1:
        return HotSeatPolicy()
    if not humans:
        return WatchingPolicy()
    return TablePolicy()


class TableScreen(Speaking, Roomy, Screen):
    """The game table for the people at this terminal."""

    BINDINGS = TABLE_BINDINGS

    def __init__(
        self,
        table: Table,
        settings: Settings,
        *,
        keeps_settings: bool = True,
        policy: TablePolicy | None = None,
    ) -> None:
        """``policy``: what this kind of table does its own way (by default, as
        `policy_for` the table)."""
        super().__init__()
        self.table = table
        self.settings = settings
        self.keeps_settings = keeps_settings
        """Whether changed settings are kept for the next start, for the options to
        say."""
        self.look = CardLook(ascii=settings.ascii, four_colour=settings.four_colour)
        self.control = TableControl(table)
        self.feed = self.control.feed
        self.narrator = Narrator(table.players, self.seat, self.look)
        # The screen hears each event before a policy's own listeners do.
        self._unsubscribe = table.subscribe(self._hear)
        self.policy = policy if policy is not None else policy_for(table)
        self.policy.attach(self)
        self.drawing = Drawing(self)
        self.input = PlayerInput(self)
        self.bots = BotPacer(self)
        self.auto_draw = AutoDraw(self)
        self.hints = Hints(self)
        self.motions = Motions(self)
        self.following = Following(self)
        self.escape = EscapeGuard()
        self._notice_timer: Timer | None = None

    class GameEvent(Message):
        """An event of the game (the log's ``index``-th), handed to the screen."""

        def __init__(self, index: int, event: Event) -> None:
            super().__init__()
            self.index = index
            self.event = event

    @property
    def seat(self) -> int | None:
        """The seat whose side the table shows (None: watching bots)."""
        return self.control.seat

    @property
    def view(self) -> PlayerView | None:
        """That seat's view of the game, as far as it has been shown."""
        return self.control.view

    @property
    def taken_down(self) -> bool:
        """Whether the screen is going (or the app ending): its widgets are being
        removed one by one, so a move that lands now is not drawn."""
        return not self.is_attached or self._pruning

    # --- Layout -------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield from self.compose_too_small()
        with Horizontal(id="table"):
            with Vertical(id="play"):
                yield TitleBar(id="title")
                # The table: the others in their seats around it, the piles in the
                # middle, and beside the piles what the next player must reckon with.
                middle = table_middle(self.look)
                yield Seating(self.drawing.others(), middle, self.look, id="seating")
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
        self.policy.mounted()
        # A narrow footer leaves these out first: the help lists them, and the
        # start menu (esc) has the options and quitting.
        self.query_one(Footer).spare = ("quit_game('menu')", "options", "scores", "abilities")
        self.set_class(self.seat is None, "-watching")
        hand = self.query_one(Hand)
        hand.scale = hand_scale(self.app.size, len(self.drawing.others()))
        self.drawing.follow_settings()
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
        self.drawing.show_seat(self.seat)
        if self.view is not None and self.view.is_over:
            self.policy.game_over()
        self.following.drain()

    def on_resize(self, event: events.Resize) -> None:
        # Textual calls this before `Roomy`'s, which sets the size classes (and
        # gives the keys back to the hand after a window too small).
        self.query_one(Hand).scale = hand_scale(event.size, len(self.drawing.others()))

    def _fit(self, size: Size) -> None:
        super()._fit(size)
        self.set_class(is_grand(size, len(self.drawing.others())), "-grand")

    def on_screen_suspend(self) -> None:
        self.escape.covered()

    def on_screen_resume(self) -> None:
        # The table's first showing is a resume too.
        self.escape.uncovered()
        # Back from a dialog (scores, help): bots may have waited for it to close.
        self.bots.schedule()
        # And the player is here: no bell for a turn that came while they read.
        self.following.waiting_since = time.monotonic()
        self.auto_draw.consider()  # held back while the dialog was open
        self.policy.resumed()

    def on_unmount(self) -> None:
        self._unsubscribe()
        self.bots.stop()
        self.policy.unmounted()

    # --- Following the game -----------------------------------------------------------

    def _hear(self, index: int, event: Event) -> None:
        # The game tells every listener each event once, in log order.
        self.feed.heard = index + 1
        self.post_message(self.GameEvent(index, event))

    @on(GameEvent)
    def _game_event(self, message: GameEvent) -> None:
        self.following.arrived(message.index, message.event)

    def refresh_table(self) -> None:
        """Set every widget from the shown seat's view (`Drawing.refresh`)."""
        self.drawing.refresh()

    def submit(self, command: Command) -> bool:
        """Hand a command to the table (`PlayerInput.submit`)."""
        return self.input.submit(command)

    def notice(self, text: str) -> None:
        """Say ``text`` on the status line: why a key did nothing, or a move was
        refused. It goes after `NOTICE_TIME`, or sooner, with the next move shown."""
        self.query_one(StatusLine).notice = text
        if self._notice_timer is not None:
            self._notice_timer.stop()
        self._notice_timer = self.set_timer(NOTICE_TIME, self.clear_notice)

    def clear_notice(self) -> None:
        """The notice goes (the situation it spoke of has passed)."""
        if self._notice_timer is not None:
            self._notice_timer.stop()
            self._notice_timer = None
        self.query_one(StatusLine).notice = ""

    def point_at(self, card: Card) -> None:
        """The hand's cursor on ``card``, if the hand holds it."""
        hand = self.query_one(Hand)
        if card in hand.cards:
            hand.cursor = hand.cards.index(card)

    # --- Keys and clicks ----------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.policy.allowed(action, parameters, offered(self, action, parameters))

    @on(Hand.CardChosen)
    def _card_chosen(self, message: Hand.CardChosen) -> None:
        self.input.card_chosen(message.card, message.with_enter)

    @on(DrawPile.Clicked)
    def action_draw(self) -> None:
        self.input.draw()

    @on(LastCardButton.Pressed)
    def action_last_card(self) -> None:
        self.input.last_card()

    @on(SeatBadge.IdiotClicked)
    def _idiot_clicked(self, message: SeatBadge.IdiotClicked) -> None:
        self.input.call_idiot(message.seat)

    def action_call_idiot(self) -> None:
        self.input.call_idiot()

    def action_play_number(self, number: int) -> None:
        self.query_one(Hand).choose_number(number)

    def action_why_not(self, action: str) -> None:
        """A move key pressed when it does nothing: say why, in a notice."""
        self.input.why_not(action)

    def action_take_back(self) -> None:
        """Take back the player's last move and the bots' replies since."""
        self.input.take_back()

    def action_hint(self) -> None:
        """A hint for the player's turn: the table's own, or the expert bot's advice."""
        if not self.policy.hint():
            self.hints.give()

    def action_log(self, where: str) -> None:
        log = self.query_one(GameLog)
        {
            "page_up": log.scroll_page_up,
            "page_down": log.scroll_page_down,
            "to_end": log.scroll_to_end,
        }[where]()

    # --- Watching bots ------------------------------------------------------------------

    def action_pause(self) -> None:
        """Watching: the bots stop until space (or → for a single move)."""
        self._set_paused(True)

    def action_go_on(self) -> None:
        self._set_paused(False)

    def _set_paused(self, paused: bool) -> None:
        self.control.paused = paused
        self.refresh_bindings()
        self.refresh_table()  # the title says so
        self.bots.schedule()

    def action_one_move(self) -> None:
        """Paused: the next bot makes its move, and the bots wait again."""
        if self.control.paused and not self.control.one_move:
            self.control.one_move = True
            self.bots.step()

    def action_hide_hand(self) -> None:
        """Watching: no hand on show, for the suspense (or a slow link)."""
        self._set_hand_hidden(True)

    def action_show_hand(self) -> None:
        self._set_hand_hidden(False)

    def _set_hand_hidden(self, hidden: bool) -> None:
        self.control.hand_hidden = hidden
        self.refresh_bindings()
        self.refresh_table()

    def action_watch_pace(self) -> None:
        self.action_pace()

    def action_pace(self) -> None:
        """Bots play slower or faster: slow, normal, fast, instant, round again."""
        paces = list(PACES)
        pace = paces[(paces.index(self.settings.pace) + 1) % len(paces)]
        self.settings = self.settings.but(pace=pace)
        self.post_message(ChangeSettings(self.settings))
        self.notify(_("Bot pace: {pace}.").format(pace=_(PACE_NAMES[pace])), timeout=2)
        self.bots.schedule()

    # --- Settings and dialogs -------------------------------------------------------------

    async def speak_again(self) -> None:
        """The table in the language in use now: the log told again, every widget
        drawn again (they translate as they draw). Not composed again: the game
        goes on as it was, the hand keeps its cursor."""
        self.drawing.show_seat(self.seat)
        self.refresh_table()
        for widget in self.query("*"):
            widget.refresh()
        self.policy.spoke_again()

    def action_options(self) -> None:
        """The options dialog; the table follows what changed when it closes."""
        from ..options import OptionsScreen

        def changed(settings: Settings | None) -> None:
            if settings is not None:
                self.settings = settings
                self.drawing.follow_settings()
                self.bots.schedule()
                self.auto_draw.consider()  # "Draw for me" may have been turned on

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

    def action_help(self) -> None:
        from ..help import HelpScreen

        self.app.push_screen(HelpScreen(self.view.rules if self.view is not None else None))

    # --- Between rounds, and leaving ------------------------------------------------------

    def action_leave_by_escape(self, _where: str = "") -> None:
        """Esc: leave the table (where, the policy says), unless a dialog over it
        closed a moment ago."""
        if self.escape.lets_escape():
            self.policy.leave_by_escape()

    def action_quit_game(self, _where: str = "") -> None:
        self.policy.quit_game()

    def stop_playing(self) -> None:
        """The player quits: the game stays as they left it, no bot moves on while
        the app ends (the app drops the keys typed after this one)."""
        self.control.leaving = True
        self.bots.stop()
