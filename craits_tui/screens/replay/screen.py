"""The replay screen: a saved game shown at the table, event by event, turn by turn
or round by round, by hand or playing itself at a choice of speeds.

What it shows at an event is a `Frame`, worked out from the timeline alone; the
screen hands each part to the table's own widgets (the seats, the piles, the crank,
the scoreboard) and keeps the pace with a Textual timer.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.geometry import Size
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Button

from craits_core import Event, Game

from ...faces import CardLook
from ...i18n import N_, _
from ...settings import Settings
from ...table import Seat
from ...widgets.crank import CrankCounter
from ...widgets.direction import Direction
from ...widgets.discard import DiscardPile
from ...widgets.footer import Footer
from ...widgets.middle import table_middle
from ...widgets.scoreboard import Scoreboard
from ...widgets.seats import Seating
from ...widgets.status import StatusLine
from ...widgets.stock import DrawPile
from ...widgets.title import TitleBar
from ...widgets.trail import PlayTrail
from ..roomy import Roomy, is_big
from .controls import Scrubber, Transport
from .frame import Frame, frame_at, place_text
from .hands import HandsPanel
from .log import EventLog
from .narration import tell
from .speeds import DEFAULT_SPEED, SPEEDS, Speed
from .timeline import Timeline

BIG_HANDS_AT_MOST = 4
"""Players whose hands a big window draws as cards: a fifth player's row would
squeeze the table, whose seats are then in two rows."""


class ReplayScreen(Roomy, Screen):
    """A game replayed at the table, with every hand visible or as one seat saw it.

    ``viewer``: None for every hand face up, or the seat whose view to show (its
    hand face up, the others face down, the log in its words); ``v`` goes through
    the views. ``code``: the code the replay is shared by, for the title. ``seats``:
    who sat where, people or bots, where known. ``exits``: Back ends the app, for an
    app started to show just this replay.
    """

    CSS_PATH = "replay.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", N_("Back"), key_display="esc"),
        # Of two bindings of one key, the first not switched off is shown and run.
        # "Watch", not "Play": the game's "Play" plays a card.
        Binding("space", "play", N_("Watch")),
        Binding("space", "pause", N_("Pause")),
        # The footer shows a pair of keys once: the other direction's is hidden.
        Binding("right,n", "step(1)", N_("Event"), key_display="←→"),
        Binding("left,p", "step(-1)", N_("Previous event"), show=False),
        Binding("down,full_stop", "turn(1)", N_("Turn"), key_display="↑↓"),
        Binding("up,comma", "turn(-1)", N_("Previous turn"), show=False),
        Binding("pagedown,right_square_bracket", "round(1)", N_("Round"), key_display="pgup/dn"),
        Binding("pageup,left_square_bracket", "round(-1)", N_("Previous round"), show=False),
        Binding("home", "jump(0)", N_("Start/end"), key_display="home/end"),
        Binding("end", "jump(-1)", N_("End"), show=False),
        Binding("plus,equals_sign", "speed(1)", N_("Speed"), key_display="-/+"),
        Binding("minus", "speed(-1)", N_("Slower"), show=False),
        Binding("v", "view", N_("View")),
    ]

    def __init__(
        self,
        game: Game,
        settings: Settings,
        *,
        viewer: int | None = None,
        code: str | None = None,
        seats: Sequence[Seat] | None = None,
        exits: bool = False,
    ) -> None:
        super().__init__()
        self.game = game
        self.settings = settings
        players = game.state.players
        if viewer is not None and not 0 <= viewer < len(players):
            raise ValueError(f"there is no seat {viewer} at this table")
        self.viewer = viewer
        """The seat whose view is shown, or None for every hand face up."""
        self.code = code
        self.seats = tuple(seats) if seats is not None else None
        self.exits = exits
        self.timeline = Timeline(game)
        self.position = self.timeline.opening
        """Index of the event shown: the table is the state after it."""
        self.speed: Speed = DEFAULT_SPEED
        self.look = CardLook(ascii=settings.ascii, four_colour=settings.four_colour)
        self._lines_by_view: dict[int | None, list[str]] = {}
        self._timer: Timer | None = None

    # --- The timeline, for those who read the screen's state ------------------------

    @property
    def events(self) -> tuple[Event, ...]:
        """The events shown."""
        return self.timeline.events

    @property
    def playing(self) -> bool:
        """Whether the replay plays itself."""
        return self._timer is not None

    # --- Layout -------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield from self.compose_too_small()
        with Vertical(id="replay"):
            yield TitleBar(id="replay-title")
            with Horizontal(id="table"):
                with Vertical(id="play"):
                    middle = table_middle(self.look)
                    seats = range(len(self.game.state.players))
                    yield Seating(seats, middle, self.look, id="seating")
                    yield StatusLine(id="replay-now")
                with Vertical(id="side"):
                    yield Scoreboard(id="scoreboard")
                    yield EventLog(id="replay-log")
            yield HandsPanel(self.look, id="replay-hands")
            yield Scrubber(id="replay-where")
            yield Transport(ascii=self.look.ascii, id="replay-buttons")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        # A footer too narrow for every key leaves these out first: the buttons
        # below the table do the same, and the keys still work.
        self.query_one(Footer).spare = ("jump(0)", "round(1)", "turn(1)")
        self.query_one(Direction).ascii = self.look.ascii
        scrubber = self.query_one(Scrubber)
        scrubber.ascii = self.look.ascii
        scrubber.last = max(0, self.timeline.last)
        scrubber.marks = tuple(self.timeline.round_starts)
        self._fit_hands(self.app.size)
        self.show()

    def on_resize(self, event: events.Resize) -> None:
        # Textual calls this before `Roomy`'s, which sets the size classes.
        self._fit_hands(event.size)

    def _fit_hands(self, size: Size) -> None:
        """The hands' cards drawn as cards where there is room for a row of them
        for each player, and the table above them."""
        players = len(self.game.state.players)
        self.query_one(HandsPanel).big = is_big(size) and players <= BIG_HANDS_AT_MOST

    def on_unmount(self) -> None:
        self._stop(show=False)

    # --- Moving -------------------------------------------------------------------

    def action_step(self, delta: int) -> None:
        """One event forward (1) or back (-1); a replay that played stops, to be
        looked at."""
        self._stop()
        self.go(self.position + delta)

    def action_turn(self, delta: int) -> None:
        """To the start of the next turn (1), or of this one and then the one
        before (-1)."""
        timeline = self.timeline
        self.go(
            timeline.next_turn(self.position)
            if delta > 0
            else timeline.previous_turn(self.position)
        )

    def action_round(self, delta: int) -> None:
        """To the next deal (1), or this round's and then the one before (-1)."""
        timeline = self.timeline
        self.go(
            timeline.next_round(self.position)
            if delta > 0
            else timeline.previous_round(self.position)
        )

    def action_jump(self, index: int) -> None:
        """To the first event (0) or the last (-1)."""
        self.go(index if index >= 0 else self.timeline.last)

    def go(self, index: int) -> None:
        """Show the table after event ``index`` (kept within the game). Playing, the
        replay plays on from there, unless it is the end."""
        index = self.timeline.clamp(index)
        if index != self.position:
            self.position = index
            self.show()
        if self.playing and self.position >= self.timeline.last:
            self._stop()

    @on(Scrubber.Sought)
    def _sought(self, message: Scrubber.Sought) -> None:
        # The turn that was under way at the click: a table to look at, not one
        # caught between a card and what it does.
        self.go(self.timeline.previous_turn(message.index + 1))

    # --- Playing ------------------------------------------------------------------

    def action_play(self) -> None:
        """Play the events one after another at the chosen speed; from the start
        again when at the end."""
        if self.playing or not len(self.timeline):
            return
        if self.position >= self.timeline.last:
            self.position = self.timeline.opening
        self._start()
        self.show()

    def action_pause(self) -> None:
        """Stop playing, where the replay is."""
        self._stop()

    def action_play_or_pause(self) -> None:
        """Play, or pause if playing: the button's one action for both."""
        if self.playing:
            self.action_pause()
        else:
            self.action_play()

    def action_speed(self, delta: int) -> None:
        """The next speed up (1) or down (-1); a replay that plays goes on at it."""
        at = SPEEDS.index(self.speed)
        speed = SPEEDS[max(0, min(at + delta, len(SPEEDS) - 1))]
        if speed == self.speed:
            return
        self.speed = speed
        if self.playing:
            self._stop(show=False)
            self._start()
        self._show_state()

    def _start(self) -> None:
        self._timer = self.set_interval(self.speed.interval, self._tick)
        self.refresh_bindings()

    def _tick(self) -> None:
        """One tick of the timer: the next event, or the next few at top speed."""
        self.go(self.position + self.speed.per_tick)

    def _stop(self, show: bool = True) -> None:
        if self._timer is None:
            return
        self._timer.stop()
        self._timer = None
        if show and self.is_mounted:
            self._show_state()
            self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "play":
            return not self.playing
        if action == "pause":
            return self.playing
        return True

    # --- Views and the way out -------------------------------------------------------

    def action_view(self) -> None:
        """The next view: every hand, then each seat's in turn, then every hand again.
        The replay stays on the event it is at."""
        seats = len(self.game.state.players)
        if self.viewer is None:
            self.viewer = 0
        elif self.viewer + 1 < seats:
            self.viewer += 1
        else:
            self.viewer = None
        self.show()

    def action_back(self) -> None:
        """Back to where the replay was opened; or out of the app, if it was started
        to show just this replay."""
        self._stop(show=False)
        if self.exits:
            self.app.exit()
        else:
            self.app.pop_screen()

    @on(Button.Pressed, "#replay-buttons NavButton")
    async def _pressed(self, event: Button.Pressed) -> None:
        action = Transport.ACTIONS.get(event.button.id or "")
        if action is not None:
            await self.run_action(action)

    # --- Showing --------------------------------------------------------------------

    def _lines(self) -> list[str]:
        """The log's lines in the current view's words, worked out once for each view."""
        lines = self._lines_by_view.get(self.viewer)
        if lines is None:
            players = self.game.state.players
            lines = tell(self.timeline.events, players, self.viewer, self.look)
            self._lines_by_view[self.viewer] = lines
        return lines

    def frame(self) -> Frame | None:
        """What the replay shows now (None for a game with no moves)."""
        if not len(self.timeline):
            return None
        return frame_at(
            self.timeline,
            self.position,
            self.viewer,
            self._lines(),
            code=self.code,
            seats=self.seats,
        )

    def show(self) -> None:
        """Draw the table as it stands after the current event."""
        frame = self.frame()
        title = self.query_one("#replay-title", TitleBar)
        if frame is None:
            title.parts = (
                _("Replay {code}: this game has no moves.").format(code=self.code)
                if self.code
                else _("Replay: this game has no moves."),
            )
            self._show_state()
            return
        title.parts = frame.title
        self.query_one(Seating).show(frame.seats)
        self.query_one(DiscardPile).show(frame.top, frame.active_suit)
        self.query_one(DrawPile).count = frame.stock
        crank = self.query_one(CrankCounter)
        crank.count = frame.crank
        crank.facing = frame.facing
        self.query_one(Direction).direction = frame.direction
        self.query_one(PlayTrail).plays = frame.plays
        self.query_one(Scoreboard).show(frame.table)
        self.query_one("#replay-now", StatusLine).message = frame.now
        self.query_one(EventLog).show(frame.earlier, frame.now)
        self.query_one(HandsPanel).rows = frame.hands
        scrubber = self.query_one(Scrubber)
        scrubber.place = place_text(frame.place)
        scrubber.position = self.position
        self._show_state()

    def _show_state(self) -> None:
        """Playing or paused, the speed, and which buttons can do anything now."""
        speed = self.speed.label(self.look.ascii)
        if self.playing:
            # Translators: a replay plays itself, at a speed such as "2×".
            state = _("playing · {speed}").format(speed=speed)
        else:
            # Translators: a replay is paused; it would play at a speed such as "2×".
            state = _("paused · {speed}").format(speed=speed)
        self.query_one(Scrubber).state = state
        last = self.timeline.last
        self.query_one(Transport).show(
            at_start=self.position <= 0,
            at_end=self.position >= last,
            playing=self.playing,
            slowest=self.speed == SPEEDS[0],
            fastest=self.speed == SPEEDS[-1],
        )
