"""The end of the game: the winner's moment, the standings, each player's best and
worst round, the game round by round, and what next."""

from __future__ import annotations

import time
from collections.abc import Callable

from rich.table import Table
from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Container, Horizontal, Vertical, VerticalScroll
from textual.css.scalar import Scalar
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Button, Label, Static

from craits_core import PlayerView

from ..faces import CardLook
from ..i18n import N_, _, ngettext
from ..results import MarkedRound, Results, results_of
from ..widgets.celebration import Celebration
from ..widgets.footer import Footer
from ..widgets.round_totals import RoundTotals
from .roomy import Roomy
from .scrolling import scroll


def _names(results: Results, seats: tuple[int, ...] | list[int]) -> str:
    return ", ".join(results.placing(seat).name for seat in seats)


def headline(results: Results, you: int | None) -> str:
    """Who won the game, in a line: "You win!" to the winner (``you``: the seat the
    words speak to, None for a table of several people or a spectator)."""
    winners = results.winners
    if you is not None and you in winners:
        others = [seat for seat in winners if seat != you]
        if not others:
            return _("You win!")
        return _("You share the win with {names}!").format(names=_names(results, others))
    return ngettext("{names} wins!", "{names} share the win!", len(winners)).format(
        names=_names(results, winners)
    )


def place_words(results: Results, you: int | None) -> str:
    """What the headline leaves out: to someone who did not win, their place and
    how far behind they finished; otherwise the winning total, and by how much it
    beat the next one."""
    best = min((p.total for p in results.placings), default=0)
    if you is not None and you not in results.winners:
        mine = results.placing(you)
        if mine.tied_with:
            place = _("Your place: {place} of {count}, shared with {names}, with {total}.")
        else:
            place = _("Your place: {place} of {count}, with {total}.")
        behind = mine.total - best
        return " ".join(
            (
                place.format(
                    place=mine.place,
                    count=results.seats,
                    names=_names(results, mine.tied_with),
                    total=mine.total,
                ),
                ngettext(
                    "{points} point above the winning total.",
                    "{points} points above the winning total.",
                    behind,
                ).format(points=behind),
            )
        )
    runners_up = [p for p in results.placings if p.total > best]
    if len(results.winners) != 1 or not runners_up:
        return _("Lowest total: {total}.").format(total=best)
    margin = runners_up[0].total - best
    return ngettext(
        "Lowest total: {total}, {margin} point fewer than {name}.",
        "Lowest total: {total}, {margin} points fewer than {name}.",
        margin,
    ).format(total=best, margin=margin, name=runners_up[0].name)


def marked_round_words(marked: MarkedRound | None) -> str:
    """A best or worst round in a few words: "-50 in round 3 (6 cards)"."""
    if marked is None:
        return "–"
    return ngettext(
        "{points} in round {number} ({size} card)",
        "{points} in round {number} ({size} cards)",
        marked.hand_size,
    ).format(points=marked.points, number=marked.number, size=marked.hand_size)


BESIDE_GAP = 6
"""Cells between the standings and the best and worst rounds beside them (the
stylesheet's margin)."""


def _stacked_height(container: Widget) -> int:
    """The lines that ``container``'s children take, stacked as they are: their
    heights and their margins (never two that meet here, so none collapse)."""
    return sum(
        child.outer_size.height + child.styles.margin.height
        for child in container.children
        if child.display
    )


SCROLL_BINDINGS: list[BindingType] = [
    # The buttons keep the keyboard; these keys scroll the results beside them.
    Binding("down", "scroll('down')", N_("More"), key_display="↓"),
    Binding("up", "scroll('up')", show=False),
    Binding("pagedown", "scroll('page_down')", show=False),
    Binding("pageup", "scroll('page_up')", show=False),
    Binding("home", "scroll('home')", show=False),
    Binding("end", "scroll('end')", show=False),
]
"""The keys that scroll the results when they are longer than the window."""

PRESS_GRACE = 0.5
"""Seconds after the game over appears during which its buttons do not answer: the
Enter (or click) that closed the last round's summary, pressed twice, would deal a
new game, or say yes to one, before the results were seen. The letter keys, which
nobody presses by accident, answer at once."""


class GameOver(Roomy, ModalScreen[str]):
    """The winner's moment, then the results. Dismisses with "again" (the same
    table, a new deal), "new" (set up another game), "menu" (back to the start
    menu) or "quit"."""

    CSS_PATH = "game_over.tcss"

    BINDINGS = [
        Binding("a", "choose('again')", N_("Play again")),
        Binding("n", "choose('new')", N_("New game")),
        Binding("m", "choose('menu')", N_("Menu")),
        Binding("q", "choose('quit')", N_("Quit")),
        *SCROLL_BINDINGS,
    ]

    def __init__(
        self,
        view: PlayerView,
        *,
        again: bool = True,
        look: CardLook | None = None,
        animate: bool = True,
        personal: bool = True,
    ) -> None:
        """``look``: the player's card faces (the celebration's suits);
        ``animate``: whether the winner's moment moves (the animations setting);
        ``personal``: whether the words speak to the view's seat as "you" (not at a
        table where several people take turns at one terminal)."""
        super().__init__()
        self.view = view
        self.again = again
        """Whether "play again" is offered (not online: the server deals new tables)."""
        self.look = look or CardLook()
        self.animate = animate
        self.results = results_of(view)
        self.you = view.seat if personal else None
        """The seat the words speak to, if any."""
        self.clock: Callable[[], float] = time.monotonic
        """Seconds, for the buttons' short wait (a test sets its own clock)."""
        self._shown_at = self.clock()

    # --- Layout --------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield from self.compose_too_small()
        dialog = Vertical(id="game-over")
        dialog.border_title = _("Game over")
        with dialog:
            yield from self.compose_results()
            yield from self.compose_news()
            with Horizontal(id="game-over-buttons"):
                yield from self.compose_buttons()
        yield Footer()

    def compose_results(self) -> ComposeResult:
        """The part that scrolls: the winner, the standings, each player's best and
        worst round (beside the standings in a wide window), the rounds."""
        results = self.results
        # Not focusable: the keyboard stays with the buttons, and the screen's
        # keys scroll it (the footer shows them).
        with VerticalScroll(id="results", can_focus=False):
            yield Celebration(
                headline(results, self.you), self.look, animate=self.animate, id="winner"
            )
            yield Label(place_words(results, self.you), id="place")
            with Container(id="results-top"):
                yield Static(self._standings(), id="standings")
                if len(results.rounds) > 1:  # of one round, nothing to tell apart
                    with Vertical(id="best-worst-box"):
                        yield Label(_("Best and worst rounds"), classes="results-heading")
                        yield Static(self._best_and_worst(), id="best-worst")
            if results.rounds:
                yield Label(
                    _("Round by round: the points, then the total so far"),
                    classes="results-heading",
                )
                yield RoundTotals(results, ascii=self.look.ascii, id="round-totals")

    def compose_news(self) -> ComposeResult:
        """What stays in sight between the results and the buttons: nothing here."""
        yield from ()

    def compose_buttons(self) -> ComposeResult:
        """The choices of what next, in a row."""
        if self.again:
            yield Button(_("Play again (a)"), id="again", variant="primary")
        yield Button(_("New game (n)"), id="new", variant="default" if self.again else "primary")
        yield Button(_("Menu (m)"), id="menu")
        yield Button(_("Quit (q)"), id="quit")

    def _standings(self) -> Table:
        extra = self.extra_column()
        table = Table(box=None, padding=(0, 2), pad_edge=False)
        table.add_column("#", justify="right")
        table.add_column(_("Player"))
        table.add_column(_("Total"), justify="right")
        if extra is not None:
            table.add_column(extra[0])
        for placing in self.results.placings:
            row = [str(placing.place), placing.name, str(placing.total)]
            if extra is not None:
                row.append(extra[1](placing.seat))
            style = "bold" if placing.seat in self.results.winners else ""
            table.add_row(*row, style=style)
        return table

    def _best_and_worst(self) -> Table:
        table = Table(box=None, padding=(0, 2), pad_edge=False)
        table.add_column(_("Player"), overflow="fold")
        table.add_column(_("Best round"))
        table.add_column(_("Worst round"))
        for placing in self.results.placings:
            table.add_row(
                placing.name,
                Text(marked_round_words(placing.best)),
                Text(marked_round_words(placing.worst)),
            )
        return table

    def extra_column(self) -> tuple[str, Callable[[int], str]] | None:
        """A column beside the totals (its title, and its cell for each seat): none here."""
        return None

    # --- Keys ----------------------------------------------------------------------------------

    def on_mount(self) -> None:
        self._shown_at = self.clock()
        self.query(Button).first().focus()
        self.refit()

    def pressed_too_soon(self) -> bool:
        """Whether a button pressed now came too soon after the screen appeared to
        be meant for it (`PRESS_GRACE`)."""
        return self.clock() - self._shown_at < PRESS_GRACE

    @on(events.Resize)
    def _resized(self) -> None:
        self.refit()

    def refit(self) -> None:
        """Lay the dialog out for what it shows, once that is laid out (call again
        when a line outside the results comes or goes, or the standings change)."""
        self.call_after_refresh(self._lay_out)

    def _lay_out(self) -> None:
        results = self.query_one("#results", VerticalScroll)
        # The best and worst rounds beside the standings where both fit whole.
        beside = self.query("#best-worst") and (
            self._width(self._standings()) + BESIDE_GAP + self._width(self._best_and_worst())
            <= results.scrollable_content_region.width
        )
        if self.has_class("-beside") != bool(beside):
            self.set_class(bool(beside), "-beside")
            self.refit()  # measured again in the new layout
            return
        # As tall as its content, up to the window's room (the stylesheet's
        # max-height), where the results scroll: Textual sizes a box by its
        # content or by the room, not by the smaller of the two.
        dialog = self.query_one("#game-over")
        if self.has_class("-short"):
            dialog.styles.clear_rule("height")  # every line: the stylesheet's 1fr
        else:
            height = (
                dialog.styles.gutter.height
                + _stacked_height(dialog)
                - results.outer_size.height
                + _stacked_height(results)
            )
            if dialog.styles.height != Scalar.from_number(height):
                # Once more when laid out so: a new layout may still have been
                # on its way (a class just set). The heights measured do not
                # follow the dialog's, so the second look agrees.
                dialog.styles.height = height
                self.refit()
                return
        # Whether the results need scrolling decides the footer's key.
        self.call_after_refresh(self.refresh_bindings)

    def _width(self, table: Table) -> int:
        """The cells ``table`` takes with room to spare."""
        console = self.app.console
        return console.measure(table, options=console.options.update_width(1000)).maximum

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "scroll":
            results = self.query("#results")
            return bool(results) and results.first().max_scroll_y > 0
        return self.again or parameters != ("again",)

    def action_scroll(self, how: str) -> None:
        """Scroll the results: "up", "down", "page_up", "page_down", "home", "end"."""
        scroll(self.query_one("#results", VerticalScroll), how)

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        if not self.pressed_too_soon():
            self.dismiss(event.button.id or "quit")

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)
