"""The leaderboard: the best rated players, and where the player stands."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, DataTable, Static

from ....i18n import N_, _, ngettext
from ....screens.roomy import Roomy
from ....widgets.footer import Footer
from ...protocol import GetLeaderboard, Leaderboard, Standing
from ..connection import RemoteConnection
from ..messages import Listening, ServerSaid

TOP = 20
"""How many of the best players the leaderboard lists."""


def rated(standing: Standing | None) -> bool:
    """Whether ``standing`` has a rating and a place on the board (not still
    placing, and listed)."""
    return standing is not None and standing.rating is not None and standing.place is not None


def rating_line(board: Leaderboard | None) -> str:
    """The player's own standing in a line: their rating, how far their placement
    games have gone, or how a rating is earned. Empty until the server has said."""
    if board is None:
        return ""
    you = board.you
    if you is None or (you.rating is None and you.games <= 0):
        return _("Not rated yet: finish a game with other people.")
    if you.rating is not None and you.place is None:
        # Rated, but the board lists only the players who log in with a key.
        games = ngettext("{n} rated game", "{n} rated games", you.games).format(n=you.games)
        return _("Your rating: {rating} · {games} · log in with a key to be listed").format(
            rating=you.rating, games=games
        )
    if not rated(you):
        return ngettext(
            "Placement: {n} of {total} rated game played.",
            "Placement: {n} of {total} rated games played.",
            board.placement,
        ).format(n=you.games, total=board.placement)
    games = ngettext("{n} rated game", "{n} rated games", you.games).format(n=you.games)
    if board.rated >= (you.place or 0) > 0:
        return _("Your rating: {rating} · {games} · place {place} of {players}").format(
            rating=you.rating, games=games, place=you.place, players=board.rated
        )
    return _("Your rating: {rating} · {games} · place {place}").format(
        rating=you.rating, games=games, place=you.place
    )


def placing(board: Leaderboard) -> bool:
    """Whether the player has rated games, but not yet all their placement games."""
    you = board.you
    return you is not None and you.rating is None and you.games > 0


def board_line(board: Leaderboard) -> str:
    """The player's own standing below the board: `rating_line`, and while they
    place, whether they join the board once placed."""
    you = board.you
    if you is None or not placing(board):
        return rating_line(board)
    if board.listed:
        sentence = ngettext(
            "Placement: {n} of {total} rated game played; then you are on the board.",
            "Placement: {n} of {total} rated games played; then you are on the board.",
            board.placement,
        )
    else:
        sentence = ngettext(
            "Placement: {n} of {total} rated game played; log in with a key to be listed.",
            "Placement: {n} of {total} rated games played; log in with a key to be listed.",
            board.placement,
        )
    return sentence.format(n=you.games, total=board.placement)


def placement_note(placement: int) -> str:
    """How a rating is earned, and why some players are not listed."""
    return ngettext(
        "Ratings come from finished games among people; a rating shows after {n} "
        "rated game, and players still placing are not listed.",
        "Ratings come from finished games among people; a rating shows after {n} "
        "rated games, and players still placing are not listed.",
        placement,
    ).format(n=placement)


def listed(board: Leaderboard) -> list[Standing]:
    """The players the leaderboard lists: the best `TOP` with a rating."""
    return [standing for standing in board.top if rated(standing)][:TOP]


def among(you: Standing | None, standings: list[Standing]) -> bool:
    """Whether ``you`` is one of ``standings`` (same name, same place)."""
    return you is not None and any(s.name == you.name and s.place == you.place for s in standings)


class LeaderboardScreen(Listening, Roomy, Screen):
    """The best rated players (place, name, rating, games), and the player's own
    place below them when they are not among the best. It asks the server again
    when it opens, and keeps up with its answers."""

    CSS_PATH = ["../../../screens/menus.tcss", "leaderboard.tcss"]
    AUTO_FOCUS = "#board-table"
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "back", N_("Back"))]

    def __init__(self, connection: RemoteConnection, ascii: bool = False) -> None:
        super().__init__()
        self.connection = connection
        self.ascii = ascii

    def compose(self) -> ComposeResult:
        yield from self.compose_too_small()
        with Vertical(id="board"):
            yield Static(_("Leaderboard"), classes="menu-title")
            yield Static("", id="board-note", markup=False)
            table: DataTable[str | Text] = DataTable(
                id="board-table", cursor_type="row", zebra_stripes=True
            )
            yield table
            yield Static("", id="board-empty", markup=False)
            yield Static("", id="board-you", markup=False)
            with Horizontal(classes="menu-buttons"):
                yield Button(_("Back"), id="board-back")
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_column(_("Place"), key="place")
        table.add_column(_("Player"), key="name")
        table.add_column(_("Rating"), key="rating")
        table.add_column(_("Games"), key="games")
        self.listen(self.connection)
        self.show()
        self.connection.send(GetLeaderboard())

    @on(ServerSaid)
    def _server_said(self, said: ServerSaid) -> None:
        if isinstance(said.message, Leaderboard):
            self.show()

    def show(self) -> None:
        """The board as the server last told it."""
        board = self.connection.leaderboard
        table = self.query_one(DataTable)
        table.clear()
        note = self.query_one("#board-note", Static)
        empty = self.query_one("#board-empty", Static)
        if board is None:
            note.update(_("Asking the server…"))
            self.set_class(True, "-empty")
            empty.update("")
            self.query_one("#board-you", Static).update("")
            return
        note.update(placement_note(board.placement))
        best = listed(board)
        you = board.you
        rows = [(standing, among(you, [standing])) for standing in best]
        if rated(you) and not among(you, best):
            assert you is not None
            rows.append((None, False))  # the places between the best and the player's
            rows.append((you, True))
        # From the top: the player's own place is told below the table, too.
        for i, (standing, yours) in enumerate(rows):
            if standing is None:
                table.add_row("..." if self.ascii else "⋯", "", "", "", key=str(i))
            else:
                table.add_row(*self._cells(standing, yours), key=str(i))
        self.set_class(not best, "-empty")
        # The note above says how many games a placement is; the player's own
        # count is told below (`board_line`).
        empty.update(
            _("Nobody has played all their placement games yet: the board fills as players do.")
        )
        self.query_one("#board-you", Static).update(board_line(board))

    def _cells(self, standing: Standing, mine: bool) -> tuple[Text, ...]:
        """One player's row; the player's own stands out."""
        style = "bold" if mine else ""
        name = Text(standing.name, style=style)
        if mine:
            name.append(" " + _("(you)"), style="dim")
        return (
            Text(str(standing.place), style=style),
            name,
            Text(str(standing.rating), style=style),
            Text(str(standing.games)),
        )

    @on(Button.Pressed, "#board-back")
    def action_back(self) -> None:
        """Back to the lobby."""
        self.dismiss()
