"""What an online table does its own way (`OnlinePolicy`): the server's refusals
said as the table's own, the seat's reconnect code beside the title, the turn
clock, the table's chat under the log, the log's lines of who comes and goes, the
game over with its rematch, and leaving for the lobby (after asking)."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.screen import ModalScreen
from textual.timer import Timer
from textual.widgets import Static

from craits_core import IllegalMove, PlayerView

from ....i18n import _
from ....screens.table import TableScreen
from ....screens.table.policy import TablePolicy
from ....widgets.log import GameLog
from ...protocol import Message, RematchState, TurnClock, Welcome
from ..connection import RemoteConnection
from ..messages import QuitTable
from ..presence import seat_news_words
from ..reached import Reached
from ..table import RemoteTable
from ..widgets.chat import ChatPanel
from ..words import refusal_code, refusal_text
from .chat import Chat
from .clock import TICK, TurnClockLine, whole_seconds
from .dialogs import ConfirmLeave, DozingNote
from .game_over import RemoteGameOver


class OnlinePolicy(TablePolicy):
    """A table on a server: a new table is opened in the lobby, the others are
    people elsewhere who may take their time, and Esc (or q) goes back to the
    lobby, after asking while the game is on.

    What the server and the table say comes in by the table's and the
    connection's listeners, each handled in the screen's turn (`call_later`)."""

    deals_again = False
    bell_after = 10.0
    leaves_to = "lobby"

    def __init__(
        self, table: RemoteTable, connection: RemoteConnection, reached: Reached | None = None
    ) -> None:
        """``reached``: how the player came to the server, if the server said."""
        self.remote = table
        self.connection = connection
        self.reached = reached or Reached()
        self.rematch_told = False
        """Whether the player was told that a rematch is on offer."""
        self._news_said = 0  # how many of the table's seat news the log has said
        self._dozing = False  # the seat dozed, as last heard
        self._stops: list[Callable[[], None]] = []
        self._clock_timer: Timer | None = None

    chat: Chat
    """The table's chat, once the policy is given its screen."""

    def attach(self, screen: TableScreen) -> None:
        super().attach(screen)
        self.chat = Chat(
            screen,
            self.connection,
            self.remote,
            ascii=lambda: screen.settings.ascii,
            notice=screen.notice,  # where the table's other notices go: the status line
        )

    def mounted(self) -> None:
        screen = self.screen
        side = screen.query_one("#side")
        side.mount(Static(id="seat-code"), before=0)
        side.mount(TurnClockLine(id="turn-clock"), before=1)
        side.mount(ChatPanel(id="chat"))
        self._show_code()
        self.chat.start()
        later = screen.call_later
        remote = self.remote
        self._stops = [
            self.connection.subscribe(lambda said: later(self._server_said, said)),
            remote.subscribe_refusals(lambda refusal: later(self._refused, refusal)),
            remote.subscribe_changes(lambda: later(self._seats_changed)),
            remote.presence.subscribe(lambda _news: later(self._seat_told)),
            remote.subscribe_news(lambda news: later(self._table_news, news)),
        ]
        self._show_clock()
        self._follow_dozing()

    def unmounted(self) -> None:
        for stop in self._stops:
            stop()
        self._stops = []
        self.chat.stop()
        if self._clock_timer is not None:
            self._clock_timer.stop()

    def allowed(
        self, action: str, parameters: tuple[object, ...], default: bool | None
    ) -> bool | None:
        chat = self.chat.allowed(action)
        return default if chat is None else chat

    def settings_followed(self) -> None:
        self.chat.show()  # emotes in letters, or not

    # --- What the server says ----------------------------------------------------------

    @property
    def code(self) -> str | None:
        """The reconnect code of this session's seat, when the server has said it."""
        if self.screen.seat is None:
            return None
        return self.connection.code_for(self.remote.code)

    def _show_code(self) -> None:
        """The seat's reconnect code, atop the side column, in line with the title:
        where a player can read it before a drop (a spectator has none)."""
        code = self.code
        line = self.screen.query_one("#seat-code", Static)
        line.display = code is not None
        if code is not None:
            words = _("reconnect code {code}").format(code=code)
            line.update(Text(words, no_wrap=True, overflow="ellipsis"))

    def _server_said(self, message: Message) -> None:
        if isinstance(message, Welcome) and not self.screen.taken_down:
            self._show_code()  # the seat's code is new, or known at last

    def _refused(self, refusal: IllegalMove) -> None:
        screen = self.screen
        if refusal_code(refusal.code) is not None:
            text = refusal_text(refusal.code, str(refusal), refusal.params)
        else:
            text = screen.narrator.refusal(refusal, screen.view)
        if screen.is_active:
            screen.notice(text)
        else:
            # A dialog over the table (the mute list, say) hides its status line.
            screen.notify(text, severity="warning", timeout=5, markup=False)

    def _seats_changed(self) -> None:
        if self.screen.taken_down:
            return
        # A bot standing in or a player back: the badges say so.
        self.screen.refresh_table()
        self._follow_dozing()

    def _follow_dozing(self) -> None:
        """While the seat dozes a bot plays it, until the player presses a key on the
        `DozingNote` shown over the table (which goes by itself once the server
        gives the seat back)."""
        was, self._dozing = self._dozing, self.remote.dozes
        app = self.screen.app
        if (
            self._dozing
            and not was
            and not any(isinstance(s, DozingNote) for s in app.screen_stack)
        ):
            app.push_screen(DozingNote(self.remote))

    # --- Who comes and goes ------------------------------------------------------------

    def _seat_told(self) -> None:
        """A line in the log for each seat news not said yet; a word over a dialog
        that hides the log, too."""
        screen = self.screen
        if screen.taken_down:
            return
        for line in self.seat_lines(None):
            if not screen.is_active:
                screen.notify(line, timeout=4, markup=False)

    def retelling(self) -> None:
        self._news_said = 0

    def retold(self, told: int | None) -> None:
        self.seat_lines(told)

    def seat_lines(self, told: int | None) -> list[str]:
        """Say the seat news not said yet that came up to the ``told``-th event of
        the game (None: all of them); the lines said."""
        screen, remote = self.screen, self.remote
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

    # --- The turn clock ------------------------------------------------------------------

    def _table_news(self, news: Message) -> None:
        if self.screen.taken_down:
            return
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
        screen, remote = self.screen, self.remote
        line = screen.query_one(TurnClockLine)
        clock, left = remote.clock, remote.clock_left()
        if clock is None or left is None:
            line.left = None
            if self._clock_timer is not None:
                self._clock_timer.stop()
                self._clock_timer = None
            return
        players = remote.players
        if clock.seat == screen.seat:
            line.name_shown = ""
        else:
            line.name_shown = players[clock.seat] if clock.seat < len(players) else "?"
        line.left = whole_seconds(left)
        if self._clock_timer is None:
            self._clock_timer = screen.set_interval(TICK, self._show_clock)

    def _ran_out(self, seat: int) -> None:
        screen, players = self.screen, self.remote.players
        if seat == screen.seat:
            text = _("Time ran out: a bot made that move for you.")
        elif 0 <= seat < len(players):
            text = _("{name} ran out of time: a bot made that move for them.").format(
                name=players[seat]
            )
        else:
            return
        mine = seat == screen.seat
        screen.notify(text, severity="warning" if mine else "information", markup=False)

    # --- The end ---------------------------------------------------------------------------

    def _tell_rematch(self, state: RematchState) -> None:
        """The offer to play again begins as the game ends, while the player may
        still be reading the last round's summary: a word there that its time runs
        (the game over, once shown, counts it down itself)."""
        screen = self.screen
        if self.rematch_told or not self.remote.rematch_asked:
            return
        if isinstance(screen.app.screen, RemoteGameOver):
            return
        self.rematch_told = True
        screen.notify(
            _("Play again? Say yes on the result screen within {seconds} s.").format(
                seconds=whole_seconds(state.seconds)
            ),
            timeout=10,
            markup=False,
        )

    def game_over_screen(self, view: PlayerView) -> ModalScreen[str]:
        screen = self.screen
        if self.rematch_told:
            screen.app.clear_notifications()  # the game over counts the offer down itself
        return RemoteGameOver(
            view,
            self.remote,
            ascii=screen.settings.ascii,
            reached=self.reached,
            look=screen.look,
            animate=screen.settings.animations,
        )

    def leave_by_escape(self) -> None:
        self.quit_game()

    def quit_game(self) -> None:
        """Back to the lobby, after asking while the game is on."""
        screen = self.screen

        def leave(sure: bool | None = True) -> None:
            if sure:
                screen.post_message(QuitTable(self.remote))

        view = screen.view
        if view is None or view.is_over or screen.seat is None:
            leave()
        else:
            screen.app.push_screen(ConfirmLeave(self.code), leave)
