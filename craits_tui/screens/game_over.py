"""The end of the game: standings, the winner or winners, and what next."""

from __future__ import annotations

from collections.abc import Callable

from rich.table import Table
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label, Static

from craits_core import PlayerView

from ..i18n import N_, _, ngettext
from ..widgets.footer import Footer


def winner_words(view: PlayerView) -> str:
    """Who won the game, in a line ("You win!" to the winner)."""
    if view.seat is not None and view.seat in view.winners:
        return _("You win!") if len(view.winners) == 1 else _("You share the win!")
    names = ", ".join(view.players[s] for s in view.winners)
    return ngettext("{names} wins!", "{names} share the win!", len(view.winners)).format(
        names=names
    )


class GameOver(ModalScreen[str]):
    """Final standings. Dismisses with "again" (the same table, a new deal), "new"
    (set up another game), "menu" (back to the start menu) or "quit"."""

    CSS_PATH = "game_over.tcss"

    BINDINGS = [
        Binding("a", "choose('again')", N_("Play again")),
        Binding("n", "choose('new')", N_("New game")),
        Binding("m", "choose('menu')", N_("Menu")),
        Binding("q", "choose('quit')", N_("Quit")),
    ]

    def __init__(self, view: PlayerView, *, again: bool = True) -> None:
        super().__init__()
        self.view = view
        self.again = again
        """Whether "play again" is offered (not online: the server deals new tables)."""

    def compose(self) -> ComposeResult:
        with Vertical(id="game-over"):
            yield Label(_("Game over"), id="game-over-title")
            yield Label(winner_words(self.view), id="winner")
            yield Static(self._standings(), id="standings")
            with Horizontal(id="game-over-buttons"):
                if self.again:
                    yield Button(_("Play again (a)"), id="again", variant="primary")
                yield Button(
                    _("New game (n)"), id="new", variant="default" if self.again else "primary"
                )
                yield Button(_("Menu (m)"), id="menu")
                yield Button(_("Quit (q)"), id="quit")
        yield Footer()

    def _standings(self) -> Table:
        extra = self.extra_column()
        table = Table(box=None, padding=(0, 2))
        table.add_column("#", justify="right")
        table.add_column(_("Player"))
        table.add_column(_("Total"), justify="right")
        if extra is not None:
            table.add_column(extra[0])
        order = sorted(range(len(self.view.players)), key=lambda s: self.view.totals[s])
        place = 0
        previous = None
        for rank, seat in enumerate(order, start=1):
            total = self.view.totals[seat]
            if total != previous:
                place, previous = rank, total
            row = [str(place), self.view.players[seat], str(total)]
            if extra is not None:
                row.append(extra[1](seat))
            style = "bold" if seat in self.view.winners else ""
            table.add_row(*row, style=style)
        return table

    def extra_column(self) -> tuple[str, Callable[[int], str]] | None:
        """A column beside the totals (its title, and its cell for each seat): none here."""
        return None

    def on_mount(self) -> None:
        self.query(Button).first().focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.again or parameters != ("again",)

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id or "quit")

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)
