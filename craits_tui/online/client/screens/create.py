"""The form for a new table: its name, its seats, its rules, its turn timer and
whether spectators may chat."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Input, Label, RadioButton, RadioSet, Select, Static

from craits_core import RuleSet
from craits_core.rules import MAX_PLAYERS, MIN_PLAYERS

from ....i18n import N_, _
from ....names import clean_name
from ....screens.forms import chosen, chosen_rules, count_choice, cursor_on_choice, rules_fields
from ....screens.roomy import Roomy
from ....screens.setup import PERSON, kind_options
from ....widgets.footer import Footer
from ...protocol import CreateTable, Refused
from ..connection import RemoteConnection
from ..messages import Listening, ServerSaid, ShowLobby
from .describe import turn_time_words

TABLE_NAME_MAX = 24

TURN_TIMES = (30, 60, 120, None)
"""The turn timers a table may have, shortest first, in seconds a move (None: the
server's long clock, whose seconds the waiting room shows: every table has one)."""


class CreateTableScreen(Listening, Roomy, Screen):
    """The form for a new table: its name, its seats, its rules. The server's
    `Joined` answers it (the app opens the waiting room)."""

    CSS_PATH = ["../../../screens/menus.tcss", "create.tcss"]
    AUTO_FOCUS = "#create-name"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", N_("Back")),
        Binding("ctrl+s", "create", N_("Create table")),
    ]

    def __init__(self, connection: RemoteConnection) -> None:
        super().__init__()
        self.connection = connection
        self.own = connection.welcome.name
        self.players = 4
        self._asked = False
        """The table was asked for: until the server refuses, once is enough."""

    def compose(self) -> ComposeResult:
        yield from self.compose_too_small()
        with Vertical(id="create"):
            yield Static(_("New table"), classes="menu-title")
            with VerticalScroll(id="create-form"):
                with Horizontal(classes="field group"):
                    yield Label(_("Table name"), classes="field-label")
                    yield Input(
                        self._default_name(),
                        max_length=TABLE_NAME_MAX,
                        compact=True,
                        id="create-name",
                    )
                yield from self._compose_seats()
                yield from rules_fields("create")
                yield from self._compose_table_options()
            with Horizontal(classes="menu-buttons"):
                yield Button(_("Back"), id="create-back")
                yield Static(classes="menu-gap")
                yield Button(_("Create table"), id="create-go", variant="primary")
        yield Footer()

    def _default_name(self) -> str:
        return _("{name}'s table").format(name=self.own)[:TABLE_NAME_MAX]

    def _compose_seats(self) -> ComposeResult:
        with Horizontal(classes="field"):
            yield Label(_("Players"), classes="field-label")
            yield from count_choice("create-count", self.players)
        with Vertical(classes="group"):
            with Horizontal(classes="field"):
                yield Label(_("Seat 1"), classes="field-label seat-label")
                yield Label(
                    _("{name} (you, the host)").format(name=self.own),
                    markup=False,
                    classes="hint",
                )
            for i in range(1, MAX_PLAYERS):
                unused = " -unused" if i >= self.players else ""
                with Horizontal(classes="field seat" + unused, id=f"create-seat-{i}"):
                    yield Label(_("Seat {n}").format(n=i + 1), classes="field-label seat-label")
                    yield Select(
                        kind_options(),
                        value=PERSON,
                        allow_blank=False,
                        compact=True,
                        id=f"create-kind-{i}",
                        classes="seat-kind",
                    )
            with Horizontal(classes="field"):
                yield Label("", classes="field-label")
                yield Label(
                    _(
                        "A person's seat waits for someone to join; free seats get bots at the start."
                    ),
                    classes="hint",
                )

    def _compose_table_options(self) -> ComposeResult:
        with Vertical(classes="group"):
            with Horizontal(classes="field"):
                yield Label(_("Turn timer"), classes="field-label")
                with RadioSet(id="create-clock", compact=True, classes="inline"):
                    for seconds in TURN_TIMES:
                        yield RadioButton(
                            # Translators: the server's own turn timer, longer than the others.
                            turn_time_words(seconds) if seconds else _("Long"),
                            value=seconds is None,
                            id=f"create-clock-{seconds or 'long'}",
                        )
            with Horizontal(classes="field"):
                yield Label("", classes="field-label")
                yield Label(
                    _("Time a person has to move; after it, a bot makes that move."),
                    classes="hint",
                )
            with Horizontal(classes="field"):
                yield Label(_("Chat"), classes="field-label")
                yield Checkbox(_("Spectators may chat"), compact=True, id="create-spectator-chat")
                yield Label(_("Else only the players write."), classes="hint")

    def on_mount(self) -> None:
        for radios in self.query(RadioSet):
            cursor_on_choice(radios)
        self.listen(self.connection)

    @on(ServerSaid)
    def _server_said(self, said: ServerSaid) -> None:
        if isinstance(said.message, Refused):
            self._ask(False)  # the app shows why; the form may be sent again

    def _ask(self, asked: bool) -> None:
        """The table is asked for (the button and its key wait for the answer), or not."""
        self._asked = asked
        self.query_one("#create-go", Button).disabled = asked
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "create":
            return not self._asked
        return True

    @on(RadioSet.Changed, "#create-count")
    def _count_changed(self, event: RadioSet.Changed) -> None:
        self.players = MIN_PLAYERS + event.index
        for i in range(1, MAX_PLAYERS):
            self.query_one(f"#create-seat-{i}").set_class(i >= self.players, "-unused")

    def seats(self) -> tuple[str | None, ...]:
        """What the form asks for each seat: None for a person, else a bot's level."""
        kinds: list[str | None] = [None]
        for i in range(1, self.players):
            kind = self.query_one(f"#create-kind-{i}", Select).value
            kinds.append(None if kind == PERSON else str(kind))
        return tuple(kinds)

    def rules(self) -> RuleSet:
        return chosen_rules(self, "create")

    def turn_time(self) -> int | None:
        """The seconds a person has for each move; None: the server's long clock."""
        choice = chosen(self.query_one("#create-clock", RadioSet), "create-clock")
        return int(choice) if choice is not None and choice.isdigit() else None

    def spectator_chat(self) -> bool:
        return self.query_one("#create-spectator-chat", Checkbox).value

    @on(Input.Submitted, "#create-name")
    @on(Button.Pressed, "#create-go")
    def action_create(self) -> None:
        """Ask the server for the table; its answer opens the waiting room."""
        if self._asked:
            return
        name = clean_name(self.query_one("#create-name", Input).value) or self._default_name()
        request = CreateTable(
            self.seats(),
            self.rules(),
            name,
            turn_time=self.turn_time(),
            spectator_chat=self.spectator_chat(),
        )
        self._ask(self.connection.send(request))

    @on(Button.Pressed, "#create-back")
    def action_back(self) -> None:
        self.post_message(ShowLobby())
