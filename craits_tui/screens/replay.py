"""A replay: a saved game shown event by event, with every hand face up or as one
seat saw it.

The states are the fold of the log (`initial_state`, then `evolve` for each event),
worked out once when the screen opens, so stepping either way is instant. A seat's
view draws the same states with the other hands face down, and tells the log from
the events as that seat received them (`redact`): what it shows is what the seat
could know.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Button, Static

from craits_core import Card, Game, State, Suit, evolve, initial_state, redact
from craits_core.events import RoundEnded

from ..faces import CardLook, suit_name
from ..i18n import N_, _, ngettext
from ..narrate import Narrator
from ..settings import Settings
from ..widgets.footer import Footer
from .roomy import Roomy

AUTOPLAY_MIN = 0.25
"""Shortest pause between events when the replay plays itself (seconds)."""


class SeatNarrator(Narrator):
    """The log's words for a replay seen from one seat ("You" for it): the table's,
    and a line for the events the table lets speak for themselves, since the
    replay's log marks each event it stands on."""

    def event(self, event: dict[str, Any]) -> str | None:
        line = super().event(event)
        if line is not None:
            return line
        kind = event["type"]
        if kind == "turn-began":
            if event["player"] == self.seat:  # not "You's turn"
                return _("Your turn.")
            return _("{who}'s turn.").format(who=self.who(event["player"]))
        if kind == "crank-ended":
            return _("The crank is over.")
        return None


class OpenNarrator(SeatNarrator):
    """The log's words for a replay: a spectator's, but with every card face up."""

    def event(self, event: dict[str, Any]) -> str | None:
        line = super().event(event)
        if event["type"] == "cards-drawn" and event.get("cards"):
            # The spectator's words say "a card": the replay shows which.
            base = (line or "").rstrip(".")
            return _("{what}: {cards}.").format(what=base, cards=self.cards(event["cards"]))
        return line


_SUIT_ORDER = {suit: i for i, suit in enumerate(Suit)}


def _hand_order(card: Card) -> tuple[int, int]:
    """Hands are shown by suit, then rank, the easier to read at a glance."""
    return (_SUIT_ORDER[card.suit], card.rank.value)


def fold(game: Game, count: int) -> list[State]:
    """The state after each of the first ``count`` events of ``game``'s log."""
    states = []
    state = initial_state()
    for event in game.log[:count]:
        state = evolve(state, event)
        states.append(state)
    return states


def _revealed(events: list[dict[str, Any]]) -> list[bool]:
    """For each event, whether a round has just ended (its scoring shows every hand
    to every player) and the next not yet begun."""
    shown = []
    over = False
    for event in events:
        if event["type"] == "round-ended":
            over = True
        elif event["type"] == "round-started":
            over = False
        shown.append(over)
    return shown


def replayed(game: Game) -> int:
    """How many of ``game``'s events a replay shows: all of a finished game; of a game
    still in play, those to the end of its last finished round. The round in play
    would show cards its players have not seen (a bot's hand to the one who resumes)."""
    if game.state.is_over:
        return len(game.log)
    ends = [i for i, event in enumerate(game.log) if isinstance(event, RoundEnded)]
    return ends[-1] + 1 if ends else 0


class EventLog(Widget):
    """The latest events, as many as fit, the current one last and marked."""

    MOST = 100
    """Earlier lines kept: more than any window is tall."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.earlier: list[str] = []
        self.current = ""

    def show(self, earlier: list[str], current: str) -> None:
        self.earlier = earlier
        self.current = current
        self.refresh()

    def render(self) -> Text:
        # Worked out as it is drawn: the room left changes with the hands above.
        room = max(1, self.content_size.height)
        shown = self.earlier[-(room - 1) :] if room > 1 else []
        text = Text("\n".join(shown), style="dim", no_wrap=True, overflow="ellipsis")
        if shown:
            text.append("\n")
        text.append(self.current, style="bold")
        return text


class NavButton(Button, can_focus=False):
    """A replay control for the mouse; the keyboard has its keys (see the footer),
    so these stay out of the way of arrows, space and enter."""


class ReplayScreen(Roomy, Screen):
    """A game replayed move by move, with every hand visible or as one seat saw it.

    ``viewer``: None for every hand face up, or the seat whose view to show (its
    hand face up, the others face down, the log in its words); ``v`` goes through
    the views. ``code``: the code the replay is shared by, for the title. ``exits``:
    Back ends the app, for an app started to show just this replay.
    """

    CSS_PATH = "menus.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", N_("Back")),
        Binding("right,n", "step(1)", N_("Next"), key_display="→"),
        Binding("left,p", "step(-1)", N_("Prev"), key_display="←"),
        Binding("pagedown,right_square_bracket", "round(1)", N_("Next round"), key_display="pgdn"),
        Binding("pageup,left_square_bracket", "round(-1)", N_("Prev round"), key_display="pgup"),
        Binding("home", "jump(0)", N_("First"), show=False),
        Binding("end", "jump(-1)", N_("Last"), show=False),
        Binding("space", "autoplay", N_("Play/pause")),
        Binding("v", "view", N_("View")),
    ]

    def __init__(
        self,
        game: Game,
        settings: Settings,
        *,
        viewer: int | None = None,
        code: str | None = None,
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
        self.exits = exits
        shown = replayed(game)
        self.states = fold(game, shown)
        self.events = game.events[:shown]
        self.revealed = _revealed(self.events)
        """For each event: the round is over, its hands shown to every player."""
        self.in_play = shown < len(game.log)
        """The game goes on past the replay's end: its round in play is left out."""
        self.round_starts = [i for i, e in enumerate(self.events) if e["type"] == "round-started"]
        self.position = self.round_starts[0] if self.round_starts else 0
        """Index of the event just shown: the table is the state after it."""
        self._lines: list[str | None] | None = None
        self._lines_by_view: dict[int | None, list[str | None]] = {}
        self._timer: Timer | None = None
        self.look = CardLook(ascii=settings.ascii, four_colour=settings.four_colour)

    # --- Layout -------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        first, back, step, forth, next_, last = (
            ("|<", "<<", "<", ">", ">>", ">|")
            if self.look.ascii
            else ("|◀", "◀◀", "◀", "▶", "▶▶", "▶|")
        )
        yield from self.compose_too_small()
        with Vertical(id="replay"):
            yield Static("", id="replay-title", classes="menu-title")
            yield Static("", id="replay-round")
            yield Static("", id="replay-hands")
            yield Static("", id="replay-board")
            yield EventLog(id="replay-log")
            with Horizontal(classes="menu-buttons", id="replay-buttons"):
                yield NavButton(_("Back"), id="replay-back")
                yield NavButton(
                    _("View"), id="replay-view", tooltip=_("All hands, or each seat's view (v)")
                )
                yield Static(classes="menu-gap")
                yield NavButton(first, id="replay-first", tooltip=_("First event (home)"))
                yield NavButton(back, id="replay-prev-round", tooltip=_("Previous round (pgup, [)"))
                yield NavButton(step, id="replay-prev", tooltip=_("Previous event (left, p)"))
                yield NavButton(forth, id="replay-next", tooltip=_("Next event (right, n)"))
                yield NavButton(next_, id="replay-next-round", tooltip=_("Next round (pgdown, ])"))
                yield NavButton(last, id="replay-last", tooltip=_("Last event (end)"))
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.query_one("#replay-log").border_title = _("Events")
        # A footer too narrow for every key ("Escape" for esc) leaves the rounds'
        # keys out first: their buttons are there, and the keys still work.
        self.query_one(Footer).spare = ("round(-1)", "round(1)")
        self._tell()
        self.show()

    def _tell(self) -> None:
        """The log's lines in the current view's words, worked out once for each view."""
        lines = self._lines_by_view.get(self.viewer)
        if lines is None:
            players = self.game.state.players
            seat = self.viewer
            if seat is None:
                lines = [OpenNarrator(players, None, self.look).event(e) for e in self.events]
            else:
                narrator = SeatNarrator(players, seat, self.look)
                lines = [narrator.event(redact(e, seat, len(players))) for e in self.events]
            self._lines_by_view[seat] = lines
        self._lines = lines

    def on_unmount(self) -> None:
        self._stop()

    # --- Moving -------------------------------------------------------------------

    def action_step(self, delta: int) -> None:
        """One event forward (1) or back (-1)."""
        self._stop()
        self._go(self.position + delta)

    def action_round(self, delta: int) -> None:
        """To the start of the next round (1), or of this one and then the one
        before (-1)."""
        self._stop()
        if delta > 0:
            later = [i for i in self.round_starts if i > self.position]
            self._go(later[0] if later else len(self.events) - 1)
        else:
            earlier = [i for i in self.round_starts if i < self.position]
            self._go(earlier[-1] if earlier else 0)

    def action_jump(self, index: int) -> None:
        """To the first event (0) or the last (-1)."""
        self._stop()
        self._go(index if index >= 0 else len(self.events) - 1)

    def action_autoplay(self) -> None:
        """Play the events one after another at the player's pace, or pause."""
        if self._timer is not None:
            self._stop()
            return
        if self.position >= len(self.events) - 1:
            self.position = 0
        delay = max(AUTOPLAY_MIN, self.settings.bot_delay)
        self._timer = self.set_interval(delay, self._tick)
        self.show()

    def _tick(self) -> None:
        if self.position >= len(self.events) - 1:
            self._stop()
        else:
            self._go(self.position + 1)

    def _stop(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
            if self.is_mounted:
                self.show()

    def _go(self, index: int) -> None:
        index = max(0, min(index, len(self.events) - 1))
        if index != self.position:
            self.position = index
            self.show()

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
        self._tell()
        self.show()

    @on(Button.Pressed, "#replay-buttons Button")
    def _pressed(self, event: Button.Pressed) -> None:
        actions = {
            "replay-first": lambda: self.action_jump(0),
            "replay-prev-round": lambda: self.action_round(-1),
            "replay-prev": lambda: self.action_step(-1),
            "replay-next": lambda: self.action_step(1),
            "replay-next-round": lambda: self.action_round(1),
            "replay-last": lambda: self.action_jump(-1),
            "replay-back": self.action_back,
            "replay-view": self.action_view,
        }
        action = actions.get(event.button.id or "")
        if action is not None:
            action()

    def action_back(self) -> None:
        """Back to the list of past games; or out of the app, if it was started to
        show just this replay."""
        self._stop()
        if self.exits:
            self.app.exit()
        else:
            self.app.pop_screen()

    # --- Showing --------------------------------------------------------------------

    def show(self) -> None:
        """Draw the table as it stands after the current event."""
        if not self.states:
            self.query_one("#replay-hands").border_title = _("Hands")
            title = (
                _("Replay {code}: this game has no moves.").format(code=self.code)
                if self.code
                else _("Replay: this game has no moves.")
            )
            self.query_one("#replay-title", Static).update(title)
            return
        state = self.states[self.position]
        event = self.events[self.position]
        total = len(self.events)
        # The view and the playing mark end the title, after the event's number.
        if self.viewer is None:
            # Translators: the end of a replay's title: every hand is shown face up.
            tail = _(" · all hands")
        else:
            # Translators: the end of a replay's title: the game as one player saw it.
            tail = _(" · as {who} saw it").format(who=state.players[self.viewer])
        if self._timer is not None:
            tail += _(" · playing")
        players = ", ".join(state.players)
        if self.code:
            # Translators: {code} is the code the replay is shared by ("ABC-DEF");
            # {playing} is the end of the title (" · all hands · playing").
            title = _("Replay {code}: {players} · event {n} of {total}{playing}").format(
                code=self.code, players=players, n=self.position + 1, total=total, playing=tail
            )
        else:
            title = _("Replay: {players} · event {n} of {total}{playing}").format(
                players=players, n=self.position + 1, total=total, playing=tail
            )
        if self.in_play:
            title += _(" · the round in play is not shown")
        self.query_one("#replay-title", Static).update(title)
        self.query_one("#replay-round", Static).update(self._round_line(state))
        hands = self.query_one("#replay-hands", Static)
        hands.update(self._hands(state, event, self.revealed[self.position]))
        # Whose view, said again where no list of long names can push it out of sight.
        hands.border_title = (
            _("Hands")
            if self.viewer is None
            else _("Hands, as {who} saw them").format(who=state.players[self.viewer])
        )
        self.query_one("#replay-board", Static).update(self._board(state))
        self._show_log()
        at_start, at_end = self.position == 0, self.position >= total - 1
        for name, off in (
            ("first", at_start),
            ("prev", at_start),
            ("prev-round", at_start),
            ("next", at_end),
            ("next-round", at_end),
            ("last", at_end),
        ):
            self.query_one(f"#replay-{name}", Button).disabled = off

    def _line(self, index: int) -> str | None:
        return self._lines[index] if self._lines is not None else None

    def _round_line(self, state: State) -> Text:
        if state.round_number == 0:
            return Text(_("Before the first deal."))
        rounds = len(state.rules.schedule)
        text = _("Round {n} of {total} · {cards} each · {dealer} deals").format(
            n=state.round_number,
            total=rounds,
            cards=ngettext("{n} card", "{n} cards", state.hand_size).format(n=state.hand_size),
            dealer=state.players[state.dealer],
        )
        return Text(text, style="bold")

    def _hands(self, state: State, event: dict[str, Any], revealed: bool) -> Table:
        """Each player's hand: face up for all hands, or for the viewer's own and at
        a round's end (its scoring shows every hand); face down otherwise."""
        table = Table(box=None, expand=True, pad_edge=False, header_style="bold dim")
        table.add_column("", width=1, no_wrap=True)
        table.add_column(_("Player"), no_wrap=True, max_width=30)
        table.add_column(_("Cards"), justify="right", no_wrap=True)
        table.add_column(_("Hand"), ratio=1, overflow="fold")
        table.add_column(_("Total"), justify="right", no_wrap=True)
        actor = event.get("player")
        drawn = (
            {Card.parse(c) for c in event.get("cards") or ()}
            if event["type"] == "cards-drawn"
            else set()
        )
        for seat, name in enumerate(state.players):
            hand = state.hands[seat] if seat < len(state.hands) else ()
            if self.viewer is None or seat == self.viewer or revealed:
                cards = Text(" ").join(
                    self._card(card, just_drawn=seat == actor and card in drawn)
                    for card in sorted(hand, key=_hand_order)
                )
            else:
                cards = self._backs(len(hand), len(drawn) if seat == actor else 0)
            who = Text(name, style="bold" if seat == actor else "")
            marks = []
            if state.round_number and seat == state.dealer:
                marks.append(_("dealer"))
            if state.round_number and not hand:
                marks.append(_("out"))
            elif state.announced and state.announced[seat]:
                marks.append(_("last card"))
            if state.lost_turns and state.lost_turns[seat]:
                marks.append(_("loses a turn"))
            if seat in state.winners:
                marks.append(_("wins"))
            if marks:
                who.append(" (" + ", ".join(marks) + ")", style="dim")
            turn = (
                Text("▶" if not self.look.ascii else ">", style="bold")
                if seat == state.current_player
                else ""
            )
            total = str(state.totals[seat]) if seat < len(state.totals) else ""
            table.add_row(turn, who, str(len(hand)), cards, total)
        return table

    def _card(self, card: Card, just_drawn: bool) -> Text:
        text = self.look.short(card)
        if just_drawn:
            # The cards the current event drew stand out in the hand.
            text.stylize("reverse")
        return text

    def _backs(self, count: int, just_drawn: int) -> Text:
        """A hand face down: a card's back for each card, the ones the current event
        drew (how many, not which) standing out at the end."""
        back = "##" if self.look.ascii else "░░"
        backs = [Text(back, style="dim") for _ in range(count)]
        for text in backs[count - just_drawn :] if just_drawn else ():
            text.stylize("reverse")
        return Text(" ").join(backs)

    def _board(self, state: State) -> Text:
        """The pile, the suit to follow, the crank, the direction, the stock, the turn."""
        text = Text()
        top = state.top_card
        if top is None:
            return text
        gap = "   "
        text.append(_("Top card") + " ", style="dim")
        text.append_text(self.look.short(top))
        if state.active_suit is not None:
            # A suit named by an 8 or a 9 (not the top card's own) stands out.
            named = state.active_suit is not top.suit
            text.append(gap + _("Suit") + " ", style="dim")
            text.append_text(self.look.suit(state.active_suit))
            text.append(" " + suit_name(state.active_suit), style="bold" if named else "")
        text.append(gap)
        if state.crank:
            text.append(" " + _("Crank {n}").format(n=state.crank) + " ", style="bold reverse red")
        else:
            text.append(_("No crank"), style="dim")
        if state.direction == 1:
            arrow, way = ("->" if self.look.ascii else "↻"), _("clockwise")
        else:
            arrow, way = ("<-" if self.look.ascii else "↺"), _("counter-clockwise")
        text.append(f"{gap}{arrow} {way}")
        text.append(gap + _("Stock {n}").format(n=state.stock_size), style="dim")
        text.append("\n")
        if state.current_player is not None:
            # "Turn", not "to play": the turn stays with a player while the card
            # they played acts (everyone drawing for a 5, say).
            text.append(
                _("{who}'s turn.").format(who=state.players[state.current_player]), style="bold"
            )
        elif state.is_over:
            names = ", ".join(state.players[s] for s in state.winners)
            text.append(
                ngettext("{names} wins.", "{names} share the win.", len(state.winners)).format(
                    names=names
                ),
                style="bold",
            )
        return text

    def _show_log(self) -> None:
        """The events so far, the current one last and marked."""
        if not self.events:
            return
        event = self.events[self.position]
        current = self._line(self.position) or _("({kind})").format(kind=event["type"])
        earlier: list[str] = []
        index = self.position - 1
        while index >= 0 and len(earlier) < EventLog.MOST:
            line = self._line(index)
            if line:
                earlier.append(line)
            index -= 1
        self.query_one(EventLog).show(earlier[::-1], current)
