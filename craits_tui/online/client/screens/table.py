"""The table of an online game: the table screen, with the server in the loop, and
what an online table does its own way (`OnlinePolicy`): the game over with its
rematch, the log's lines of who comes and goes, and leaving for the lobby."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.binding import BindingType
from textual.reactive import reactive
from textual.screen import ModalScreen
from textual.timer import Timer
from textual.widgets import Static

from craits_core import PlayerView

from ....i18n import _
from ....screens.table import TableScreen
from ....screens.table.policy import TablePolicy
from ....settings import Settings
from ....widgets.log import GameLog
from ...protocol import RematchState, TurnClock, Welcome
from ..connection import RemoteConnection
from ..messages import CommandRefused, Listening, QuitTable, SeatsChanged, SeatTold, ServerSaid
from ..presence import seat_news_words
from ..table import RemoteTable
from ..widgets.chat import ChatPanel
from ..words import refusal_code, refusal_text
from .chat import CHAT_BINDINGS, ChatKeys
from .clock import TICK, TableNews, TurnClockLine, whole_seconds
from .dialogs import ConfirmLeave, DozingNote
from .game_over import RemoteGameOver


class RemoteTableScreen(Listening, ChatKeys, TableScreen):
    """The table of an online game: the server's refusals shown as the table's own,
    the seat's reconnect code beside the title, the table's chat under the log,
    "quit" leaves the table for the lobby."""

    CSS_PATH = ["table.tcss", "chat.tcss"]
    BINDINGS: ClassVar[list[BindingType]] = CHAT_BINDINGS

    dozing: reactive[bool] = reactive(False, init=False)
    """Whether the player's own seat dozes: a bot plays it until they press a key
    (on the `DozingNote` shown over the table meanwhile)."""

    def __init__(
        self,
        table: RemoteTable,
        settings: Settings,
        connection: RemoteConnection,
        *,
        address: str | None = None,
    ) -> None:
        """``address``: what the player typed after ``ssh`` to come here, if known."""
        # The settings changed here are the session's, for it alone.
        super().__init__(table, settings, keeps_settings=False, policy=OnlinePolicy())
        self.remote = table
        self.connection = connection
        self.address = address
        self._remote_stops: list[Callable[[], None]] = []
        self._clock_timer: Timer | None = None
        self.rematch_told = False

    def on_mount(self) -> None:
        # TableScreen's own on_mount runs too, after this one.
        side = self.query_one("#side")
        side.mount(Static(id="seat-code"), before=0)
        side.mount(TurnClockLine(id="turn-clock"), before=1)
        side.mount(ChatPanel(id="chat"))
        self._show_code()
        self.start_chat()
        self.listen(self.connection)
        self._remote_stops = [
            self.remote.subscribe_refusals(lambda r: self.post_message(CommandRefused(r))),
            self.remote.subscribe_changes(lambda: self.post_message(SeatsChanged())),
            self.remote.presence.subscribe(lambda _news: self.post_message(SeatTold())),
            self.remote.subscribe_news(lambda news: self.post_message(TableNews(news))),
        ]
        self._show_clock()
        self.dozing = self.remote.dozes

    def on_unmount(self) -> None:
        for stop in self._remote_stops:
            stop()
        if self._clock_timer is not None:
            self._clock_timer.stop()

    # --- Chat ------------------------------------------------------------------------

    @property
    def chat_table(self) -> RemoteTable:
        return self.remote

    @property
    def chat_ascii(self) -> bool:
        return self.settings.ascii

    def chat_notice(self, text: str) -> None:
        # Where the table's other notices go: the status line.
        self.notice(text)

    @property
    def code(self) -> str | None:
        """The reconnect code of this session's seat, when the server has said it."""
        return self.connection.code_for(self.remote.code) if self.seat is not None else None

    def _show_code(self) -> None:
        """The seat's reconnect code, atop the side column, in line with the title:
        where a player can read it before a drop (a spectator has none)."""
        code = self.code
        line = self.query_one("#seat-code", Static)
        line.display = code is not None
        if code is not None:
            line.update(
                Text(
                    _("reconnect code {code}").format(code=code), no_wrap=True, overflow="ellipsis"
                )
            )

    # --- The turn clock ------------------------------------------------------------------

    @on(TableNews)
    def _table_news(self, message: TableNews) -> None:
        news = message.news
        if isinstance(news, RematchState):
            self._tell_rematch(news)
            return
        if not isinstance(news, TurnClock):
            return  # the ratings are the game over's
        if self._clock_timer is not None:
            # A new count: its seconds go by from now, not in step with the last one's.
            self._clock_timer.stop()
            self._clock_timer = None
        self._show_clock()
        if news.ran_out:
            self._ran_out(news.seat)

    def _show_clock(self) -> None:
        """The clock's line as the table's clock stands, counted down once a second
        while it runs."""
        line = self.query_one(TurnClockLine)
        clock, left = self.remote.clock, self.remote.clock_left()
        if clock is None or left is None:
            line.left = None
            if self._clock_timer is not None:
                self._clock_timer.stop()
                self._clock_timer = None
            return
        players = self.remote.players
        if clock.seat == self.seat:
            line.name_shown = ""
        else:
            line.name_shown = players[clock.seat] if clock.seat < len(players) else "?"
        line.left = whole_seconds(left)
        if self._clock_timer is None:
            self._clock_timer = self.set_interval(TICK, self._show_clock)

    def _ran_out(self, seat: int) -> None:
        if seat == self.seat:
            text = _("Time ran out: a bot made that move for you.")
        elif 0 <= seat < len(self.remote.players):
            text = _("{name} ran out of time: a bot made that move for them.").format(
                name=self.remote.players[seat]
            )
        else:
            return
        self.notify(text, severity="warning" if seat == self.seat else "information", markup=False)

    # --- The end ---------------------------------------------------------------------------

    def _tell_rematch(self, state: RematchState) -> None:
        """The offer to play again begins as the game ends, while the player may
        still be reading the last round's summary: a word there that its time runs
        (the game over, once shown, counts it down itself)."""
        if self.rematch_told or not self.remote.rematch_asked:
            return
        if isinstance(self.app.screen, RemoteGameOver):
            return
        self.rematch_told = True
        self.notify(
            _("Play again? Say yes on the result screen within {seconds} s.").format(
                seconds=whole_seconds(state.seconds)
            ),
            timeout=10,
            markup=False,
        )

    @on(CommandRefused)
    def _refused(self, message: CommandRefused) -> None:
        refusal = message.refusal
        if refusal_code(refusal.code) is not None:
            text = refusal_text(refusal.code, str(refusal), refusal.params)
        else:
            text = self.narrator.refusal(refusal, self.view)
        if self.is_active:
            self.notice(text)
        else:
            # A dialog over the table (the mute list, say) hides its status line.
            self.notify(text, severity="warning", timeout=5, markup=False)

    @on(SeatsChanged)
    def _seats_changed(self) -> None:
        # A bot standing in or a player back: the badges say so.
        self.refresh_table()
        self.dozing = self.remote.dozes

    # --- Who comes and goes ------------------------------------------------------------

    @on(SeatTold)
    def _seat_told(self) -> None:
        """A line in the log for each seat news not said yet; a word over a dialog
        that hides the log, too."""
        for line in self.policy.seat_lines(None):
            if not self.is_active:
                self.notify(line, timeout=4, markup=False)

    def watch_dozing(self, dozing: bool) -> None:
        # The note goes by itself once the server gives the seat back.
        if dozing and not any(isinstance(s, DozingNote) for s in self.app.screen_stack):
            self.app.push_screen(DozingNote(self.remote))

    @on(ServerSaid)
    def _server_said(self, said: ServerSaid) -> None:
        if isinstance(said.message, Welcome):
            self._show_code()  # the seat's code is new, or known at last


class OnlinePolicy(TablePolicy):
    """A table on a server: a new table is opened in the lobby, the others are
    people elsewhere who may take their time, and Esc (or q) goes back to the
    lobby."""

    deals_again = False
    bell_after = 10.0
    leaves_to = "lobby"

    screen: RemoteTableScreen

    def __init__(self) -> None:
        self._news_said = 0
        """How many of the table's seat news the log has said."""

    def game_over_screen(self, view: PlayerView) -> ModalScreen[str]:
        screen = self.screen
        if screen.rematch_told:
            screen.app.clear_notifications()  # the game over counts the offer down itself
        return RemoteGameOver(
            view,
            screen.remote,
            ascii=screen.settings.ascii,
            address=screen.address,
            look=screen.look,
            animate=screen.settings.animations,
        )

    def settings_followed(self) -> None:
        self.screen.show_chat()  # emotes in letters, or not

    def retelling(self) -> None:
        self._news_said = 0

    def retold(self, told: int | None) -> None:
        self.seat_lines(told)

    def seat_lines(self, told: int | None) -> list[str]:
        """Say the seat news not said yet that came up to the ``told``-th event of
        the game (None: all of them); the lines said."""
        screen = self.screen
        remote = screen.remote
        said = []
        news = remote.presence.news
        view = remote.view
        end = remote.event_count() if view is not None and view.is_over else None
        while self._news_said < len(news):
            at, item = news[self._news_said]
            if told is not None and at > told:
                break
            self._news_said += 1
            if end is not None and at >= end:
                continue  # after the game's end: no bot plays on for anybody
            players = remote.players
            name = players[item.seat] if item.seat < len(players) else "?"
            line = seat_news_words(item, name, yours=item.seat == screen.seat)
            if line is not None:
                screen.query_one(GameLog).say(line, style="italic")
                said.append(line)
        return said

    def leave_by_escape(self) -> None:
        self.quit_game()

    def quit_game(self) -> None:
        """Back to the lobby, after asking while the game is on."""
        screen = self.screen

        def leave(sure: bool | None = True) -> None:
            if sure:
                screen.post_message(QuitTable(screen.remote))

        view = screen.view
        if view is None or view.is_over or screen.seat is None:
            leave()
        else:
            screen.app.push_screen(ConfirmLeave(screen.code), leave)
