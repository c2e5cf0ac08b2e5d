"""Past games: every saved game, finished or not; resume one, watch its replay, or
delete it.

The list comes from the store's records, which are quick to read. Who won needs the
game itself (its log replayed), so the games are loaded one by one after the list is
shown, and the winners filled in as they come.
"""

from __future__ import annotations

import asyncio
from typing import ClassVar

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, DataTable, Label, Static

from craits_core import Game, GameRecord, GameStore, StoreError, UnknownGame

from ..i18n import N_, _, ngettext
from ..narrate import describe_rules, store_problem
from ..past_games import (
    COLUMNS,
    FIXED_COLUMNS,
    Outcome,
    person_records,
    record_seats,
    records_text,
    round_text,
    seats_text,
    status_text,
    take_backs,
    take_backs_text,
    when_text,
)
from ..requests import ResumeGame
from ..settings import Settings
from ..widgets.footer import Footer
from .history_dialogs import ConfirmDelete, UnfinishedChoice
from .replay import ReplayScreen, replayed
from .roomy import Roomy


def _shorten(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


class HistoryScreen(Roomy, Screen):
    """The saved games, the most recently played first."""

    CSS_PATH = "menus.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", N_("Back")),
        Binding("r", "resume", N_("Resume")),
        Binding("v", "replay", N_("Replay")),
        Binding("d,delete", "delete", N_("Delete")),
    ]

    def __init__(self, store: GameStore | None, settings: Settings) -> None:
        super().__init__()
        self.store = store
        """Where the games are saved (None: nowhere, so the list is empty)."""
        self.settings = settings
        """The player's look (card faces), for the replays."""
        self.records: dict[str, GameRecord] = {}
        self.outcomes: dict[str, Outcome | StoreError] = {}
        """Games looked at so far, or why one could not be read."""

    def compose(self) -> ComposeResult:
        yield from self.compose_too_small()
        with Vertical(id="history"):
            yield Static(_("Past games"), classes="menu-title", id="history-title")
            yield Label(_("No games yet. Start one from the menu."), id="history-empty")
            table: DataTable[str | Text] = DataTable(
                id="history-table", cursor_type="row", zebra_stripes=True
            )
            yield table
            yield Static("", id="history-detail")
            with Horizontal(classes="menu-buttons"):
                yield Button(_("Back"), id="history-back")
                yield Static(classes="menu-gap")
                yield Button(_("Delete"), id="history-delete")
                yield Button(_("Replay"), id="history-replay")
                yield Button(_("Resume"), id="history-resume", variant="primary")
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        labels = (
            _("Last played"),
            _("Players"),
            _("Round"),
            _("Status"),
            _("Take-backs"),
            _("Winner"),
        )
        for key, label in zip(COLUMNS, labels, strict=True):
            table.add_column(label, key=key)
        store = self.store
        try:
            records = store.games() if store is not None else []
        except StoreError as err:
            self.notify(store_problem(err), severity="error", timeout=8)
            records = []
        # The players' column takes what the window leaves it (at least a name or two).
        room = max(20, self.app.size.width - FIXED_COLUMNS)
        for record in records:
            self.records[record.id] = record
            table.add_row(
                when_text(record),
                _shorten(", ".join(record.players), room),
                round_text(record),
                status_text(record),
                take_backs_text(record),
                "…" if record.finished else "",
                key=record.id,
            )
        self.set_class(not records, "-empty")
        if records:
            table.focus()
            self._show_detail()
            self._load_all()
        else:
            self.query_one("#history-back", Button).focus()

    def _show_records(self) -> None:
        """The title, with each person's record over the finished games looked at."""
        people = person_records(self.records.values(), self.outcomes)
        title = _("Past games") + " · " + records_text(people) if people else _("Past games")
        self.query_one("#history-title", Static).update(title)

    # --- Loading ------------------------------------------------------------------

    @work(exclusive=True, group="history-load")
    async def _load_all(self) -> None:
        """Load every listed game in turn, to fill in the winners."""
        for game_id in list(self.records):
            if game_id in self.records and game_id not in self.outcomes:  # not deleted since
                self._load(game_id)
                if game_id == self._selected_id():
                    self._show_detail()
            # A replay takes a few milliseconds: let keys and redraws through in between.
            await asyncio.sleep(0)
        self._show_records()

    def _load(self, game_id: str) -> Game | StoreError:
        """The game (not attached: looking saves nothing), or why it cannot be read;
        its outcome is noted for the list."""
        store = self.store
        try:
            if store is None:
                raise StoreError(_("Games are not being saved."))
            found: Game | StoreError = store.load(game_id, attach=False)
        except StoreError as err:
            found = err
        self.outcomes[game_id] = found if isinstance(found, StoreError) else Outcome.of(found)
        self._show_outcome(game_id)
        return found

    def _show_outcome(self, game_id: str) -> None:
        found = self.outcomes.get(game_id)
        record = self.records[game_id]
        table = self.query_one(DataTable)
        if isinstance(found, StoreError):
            table.update_cell(
                game_id, "status", Text(_("Damaged"), style="bold red", justify="left")
            )
            table.update_cell(game_id, "winner", "")
        elif found is not None and record.finished:
            names = ", ".join(found.players[s] for s in found.winners)
            winners = Text(names, style="bold", justify="left")
            table.update_cell(game_id, "winner", winners, update_width=True)

    # --- The selected game ------------------------------------------------------------

    def _selected_id(self) -> str | None:
        table = self.query_one(DataTable)
        if not self.records or table.row_count == 0:
            return None
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        return key

    def _selected(self) -> GameRecord | None:
        game_id = self._selected_id()
        return self.records.get(game_id) if game_id is not None else None

    @on(DataTable.RowHighlighted)
    def _highlighted(self) -> None:
        self._show_detail()
        self.refresh_bindings()

    def _show_detail(self) -> None:
        record = self._selected()
        detail = self.query_one("#history-detail", Static)
        resume = self.query_one("#history-resume", Button)
        replay = self.query_one("#history-replay", Button)
        delete = self.query_one("#history-delete", Button)
        if record is None:
            detail.update("")
            resume.disabled = replay.disabled = delete.disabled = True
            return
        resume.disabled = record.finished
        replay.disabled = delete.disabled = False
        lines = [
            seats_text(record),
            _("Rules: {rules}. Started {start}, last played {end}.").format(
                rules=describe_rules(record.rules),
                start=record.started_at.astimezone().strftime("%Y-%m-%d %H:%M"),
                end=record.updated_at.astimezone().strftime("%Y-%m-%d %H:%M"),
            ),
        ]
        found = self.outcomes.get(record.id)
        if isinstance(found, StoreError):
            lines.append(_("This game cannot be read: {error}").format(error=store_problem(found)))
        elif found is not None:
            scores = ", ".join(
                f"{name} {total}" for name, total in zip(found.players, found.totals, strict=True)
            )
            played = found.rounds_played
            lines.append(
                ngettext(
                    "Scores after {n} round: {scores}",
                    "Scores after {n} rounds: {scores}",
                    played,
                ).format(n=played, scores=scores)
                if played
                else _("No round finished yet.")
            )
        backs = take_backs(record)
        if backs:
            lines.append(
                ngettext(
                    "Moves were taken back {n} time in this game.",
                    "Moves were taken back {n} times in this game.",
                    backs,
                ).format(n=backs)
            )
        detail.update("\n".join(lines))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("resume", "replay", "delete"):
            record = self._selected()
            if record is None:
                return None
            if action == "resume" and record.finished:
                return None
        return True

    # --- Opening a game ---------------------------------------------------------------

    @on(DataTable.RowSelected)
    def _open(self) -> None:
        """Enter (or a click on the chosen row): replay a finished game; for one not
        finished, ask whether to resume it or to watch it so far."""
        record = self._selected()
        if record is None:
            return
        if record.finished:
            self.action_replay()
        else:
            self.app.push_screen(UnfinishedChoice(record), self._chosen)

    def _chosen(self, choice: str | None) -> None:
        if choice == "resume":
            self.action_resume()
        elif choice == "replay":
            self.action_replay()

    @on(Button.Pressed, "#history-resume")
    def action_resume(self) -> None:
        """Go back to the table of the selected game, where it was left."""
        record = self._selected()
        if record is None or record.finished:
            return
        found = self.outcomes.get(record.id)
        if isinstance(found, StoreError):
            self.notify(str(found), title=_("Cannot resume"), severity="error", timeout=8)
            return
        # The app loads the game to play on (and says so if it cannot).
        self.post_message(ResumeGame(self, record.id))

    @on(Button.Pressed, "#history-replay")
    def action_replay(self) -> None:
        """Watch the selected game move by move, every hand open."""
        record = self._selected()
        if record is None:
            return
        found = self._load(record.id)
        self._show_detail()
        if isinstance(found, StoreError):
            self.notify(str(found), title=_("Cannot replay"), severity="error", timeout=8)
            return
        if not replayed(found):
            self.notify(
                _("Nothing to replay yet: the first round is still being played."), timeout=4
            )
            return
        self.app.push_screen(ReplayScreen(found, self.settings, seats=record_seats(record)))

    # --- Deleting a game ----------------------------------------------------------------

    @on(Button.Pressed, "#history-delete")
    def action_delete(self) -> None:
        """Ask whether to delete the selected game, finished or not; delete it if so."""
        record = self._selected()
        if record is None:
            return

        def confirmed(yes: bool | None) -> None:
            if yes:
                self._delete(record)

        self.app.push_screen(ConfirmDelete(record), confirmed)

    def _delete(self, record: GameRecord) -> None:
        store = self.store
        if store is None:
            return
        try:
            store.delete(record.id)
        except UnknownGame:
            pass  # deleted meanwhile (in another window): off the list all the same
        except StoreError as err:
            problem = (
                _("This game is open in another window: quit it there first, then delete it.")
                if err.code == "in-use"
                else store_problem(err)
            )
            self.notify(problem, title=_("Not deleted"), severity="error", timeout=8)
            return
        self._forget(record.id)
        self.notify(_("The game is deleted."), timeout=4)

    def _forget(self, game_id: str) -> None:
        """Take a deleted game off the list."""
        self.records.pop(game_id, None)
        self.outcomes.pop(game_id, None)
        table = self.query_one(DataTable)
        table.remove_row(game_id)
        self.set_class(not self.records, "-empty")
        if not self.records:
            self.query_one("#history-back", Button).focus()
        self._show_detail()
        self._show_records()
        self.refresh_bindings()

    @on(Button.Pressed, "#history-back")
    def action_back(self) -> None:
        """Back to where the list was opened from."""
        self.app.pop_screen()
