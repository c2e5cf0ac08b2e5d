"""The end of an online game: the standings with the ratings they moved, the
game's replay code, and the offer to play again.

All of it comes from the server after the game's last event, in any order and
maybe while the last round's summary is still open: the table keeps it
(`RemoteTable.rated`, ``.replay``, ``.rematch``), and this screen shows what the
table holds, then follows its news.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.timer import Timer
from textual.widgets import Button, Static

from craits_core import PlayerView

from ....faces import CardLook
from ....i18n import N_, _, ngettext
from ....screens.game_over import SCROLL_BINDINGS, GameOver
from ...protocol import RatingNews, RefusalCode, Rematch
from ..messages import CommandRefused, SeatsChanged
from ..reached import Reached
from ..table import RemoteTable
from ..words import refusal_code, refusal_text
from .clock import TICK, TableNews, whole_seconds
from .describe import with_code

_NO_OFFER = frozenset({RefusalCode.NOT_OVER, RefusalCode.NO_REMATCH})


def rating_words(news: RatingNews, placement: int, ascii: bool = False) -> str:
    """How one person's rating moved, e.g. "1010 → 1032 (+22)", or how far into
    their placement games they are: their own count (``news.placement``: a
    player without a key has more), else the game's ``placement``."""
    if news.after is None:
        total = news.placement if news.placement is not None else placement
        return _("Placement: {games} of {total}").format(
            games=news.games, total=max(total, news.games)
        )
    if news.before is None:
        return _("{rating} (placement done)").format(rating=news.after)
    return _("{before} {arrow} {after} ({change})").format(
        before=news.before,
        arrow="->" if ascii else "→",
        after=news.after,
        change=f"{news.after - news.before:+d}",
    )


def _names(table: RemoteTable, seats: Sequence[int]) -> str:
    players = table.players
    return ", ".join(players[s] if 0 <= s < len(players) else "?" for s in seats)


def rematch_words(table: RemoteTable, accepted: bool = False, ascii: bool = False) -> str:
    """Where the offer to play again stands, for the player at this terminal
    (``accepted``: they said yes here, which the server may not have told yet)."""
    state = table.rematch
    if state is None:
        return ""
    me = table.seat
    if state.outcome == "started":
        return _("Everyone is in: the new game is on its way.")
    if state.outcome == "declined":
        if me in table.declined:
            return _("You declined: no rematch this time.")
        if table.declined:
            return _("{names} declined.").format(names=_names(table, table.declined))
        return _("Someone declined: no rematch this time.")
    if state.outcome is not None:  # "expired", or an end this side does not know yet
        return _("The rematch offer ran out.")
    seconds = whole_seconds(table.rematch_left() or 0.0)
    parts = []
    others_in = [s for s in state.accepted if s != me]
    if others_in:
        parts.append(
            ngettext("{names} is in", "{names} are in", len(others_in)).format(
                names=_names(table, others_in)
            )
        )
    waiting = [s for s in state.waiting if s != me]
    if accepted or me in state.accepted:
        if not waiting:
            return _("Everyone is in: the new game is on its way.")
        parts.append(_("Waiting for {names}").format(names=_names(table, waiting)))
        parts.append(_("{seconds} s").format(seconds=seconds))
    else:
        parts.append(_("Play again? {seconds} s left to say yes").format(seconds=seconds))
    return (" - " if ascii else " · ").join(parts)


class RemoteGameOver(GameOver, inherit_bindings=False):
    """The standings with each person's rating change, the replay code, and the
    rematch: "Play again" says yes to it, the lobby or quitting says no. A
    spectator is offered no rematch.

    Dismisses with "new" (the lobby) or "quit"; a rematch that starts takes the
    player to the new table's waiting room, which replaces this screen.
    """

    CSS_PATH = ["../../../screens/game_over.tcss", "game_over.tcss"]
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("a", "play_again", N_("Play again")),
        Binding("n", "choose('new')", N_("Lobby")),
        Binding("q", "choose('quit')", N_("Quit")),
        *SCROLL_BINDINGS,
    ]

    def __init__(
        self,
        view: PlayerView,
        table: RemoteTable,
        *,
        ascii: bool = False,
        reached: Reached | None = None,
        look: CardLook | None = None,
        animate: bool = True,
    ) -> None:
        """``reached``: how the player came to the server, for how to watch the
        replay again; ``look`` and ``animate`` as for `GameOver`."""
        super().__init__(view, again=table.seat is not None, look=look, animate=animate)
        self.table = table
        self.ascii = ascii
        self.reached = reached or Reached()
        self.accepted = False
        """The player said yes here (before the server says so)."""
        self._stops: list[Callable[[], None]] = []
        self._timer: Timer | None = None
        self._could_accept: bool | None = None

    def compose_news(self) -> ComposeResult:
        yield Static("", id="replay")
        yield Static("", id="rematch", markup=False)

    def compose_buttons(self) -> ComposeResult:
        if self.again:
            yield Button(_("Play again (a)"), id="again", variant="primary")
        yield Button(_("Lobby (n)"), id="new")
        yield Button(_("Quit (q)"), id="quit")

    def extra_column(self) -> tuple[str, Callable[[int], str]] | None:
        """Beside each person's total, how the game moved their rating, once the
        server says."""
        rated = self.table.rated
        if rated is None:
            return None
        news = {change.seat: change for change in rated.changes}

        def words(seat: int) -> str:
            change = news.get(seat)
            return rating_words(change, rated.placement, self.ascii) if change else ""

        return _("Rating"), words

    def on_mount(self, event: events.Mount) -> None:
        # GameOver's own would focus its first button, which may be disabled here.
        event.prevent_default()
        table = self.table
        self._stops = [
            table.subscribe_news(lambda news: self.post_message(TableNews(news))),
            table.subscribe_changes(lambda: self.post_message(SeatsChanged())),
            table.subscribe_refusals(lambda refusal: self.post_message(CommandRefused(refusal))),
        ]
        self._show()
        if not self.again:
            self.query_one("#new", Button).focus()  # a spectator: nothing to decline
        elif not self.query_one("#again", Button).disabled:
            self.query_one("#again", Button).focus()

    def on_unmount(self) -> None:
        for stop in self._stops:
            stop()
        if self._timer is not None:
            self._timer.stop()

    # --- Showing -----------------------------------------------------------------------------

    @property
    def can_accept(self) -> bool:
        """Whether "Play again" says yes to an offer now."""
        state = self.table.rematch
        mine = state is not None and self.table.seat in state.accepted
        return self.table.rematch_asked and not self.accepted and not mine

    def _show(self) -> None:
        """Everything as the table now holds it."""
        self.query_one("#standings", Static).update(self._standings())
        code = self.table.replay
        replay = self.query_one("#replay", Static)
        replay.display = code is not None
        if code is not None:
            replay.update(with_code(self.reached.replay_words(code), code))
        self._show_rematch()
        self.refit()  # a rating column, the replay code: the dialog grows

    def _show_rematch(self) -> None:
        state = self.table.rematch
        line = self.query_one("#rematch", Static)
        # A spectator is not asked; nor is a player who left.
        asked = state is not None and (self.table.rematch_asked or state.outcome is not None)
        shown = self.again and asked
        if line.display != shown:
            line.display = shown
            self.refit()
        line.update(rematch_words(self.table, self.accepted, self.ascii))
        line.set_class(state is not None and state.outcome is not None, "-over")
        can_accept = self.can_accept
        if self.again:
            button = self.query_one("#again", Button)
            had_focus = self.focused is button
            button.disabled = not can_accept
            if button.disabled and had_focus:
                # Not onto "Lobby": a second Enter after "Play again" must not
                # leave the table (and so decline).
                self.set_focus(None)
        if can_accept != self._could_accept:
            self._could_accept = can_accept
            self.refresh_bindings()  # the footer's "Play again" goes dim, or lights up
        running = self.table.rematch_left() is not None
        if running and self._timer is None:
            self._timer = self.set_interval(TICK, self._show_rematch)
        elif not running and self._timer is not None:
            self._timer.stop()
            self._timer = None

    @on(TableNews)
    def _news(self) -> None:
        self._show()

    @on(SeatsChanged)
    def _changed(self) -> None:
        self._show()  # the replay code comes with the table's news

    @on(CommandRefused)
    def _refused(self, message: CommandRefused) -> None:
        # Only the rematch's own refusals: the table beneath tells of the others.
        refusal = message.refusal
        if refusal_code(refusal.code) not in _NO_OFFER:
            return
        self.accepted = False  # the yes did not count: it may be said again
        self._show_rematch()
        self.notify(
            refusal_text(refusal.code, str(refusal), refusal.params),
            severity="warning",
            markup=False,
        )

    # --- Choosing ------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "play_again":
            if not self.again:
                return False  # watching: nothing to offer
            return True if self.can_accept else None
        return super().check_action(action, parameters)

    def action_play_again(self) -> None:
        """Say yes to the rematch."""
        if self.can_accept and self.table.line.send(Rematch(accept=True)):
            self.accepted = True
            self._show_rematch()

    def action_choose(self, choice: str) -> None:
        """Leave for the lobby or quit: a rematch still on offer is declined first,
        so the others need not wait for it to run out."""
        if self.table.rematch_asked:
            self.table.line.send(Rematch(accept=False))
        self.dismiss(choice)

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        # GameOver's own handler would dismiss with "again".
        event.prevent_default()
        if self.pressed_too_soon():
            return
        if event.button.id == "again":
            self.action_play_again()
        else:
            self.action_choose(event.button.id or "quit")
