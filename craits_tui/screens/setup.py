"""Setting up a new game: who plays, which rules, how fast the bots move.

The checks on names are plain functions (`clean_name`, `name_problems`) so they are
tested without a screen; the screen only shows what they find.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import (
    Button,
    Input,
    Label,
    RadioSet,
    Select,
    Static,
)

from craits_core.bot_levels import DEFAULT_LEVEL, LEVELS
from craits_core.rules import MAX_PLAYERS, MIN_PLAYERS

from ..i18n import N_, _
from ..last_game import LastGame
from ..launch import NewGame
from ..names import BOT_NAMES, MAX_NAME, clean_name, own_name, without_controls
from ..requests import ChangeSettings, ShowMenu, StartGame
from ..settings import Settings
from ..table import Seat
from ..widgets.footer import Footer
from .forms import chosen, chosen_rules, count_choice, cursor_on_choice, pace_choice, rules_fields
from .roomy import Roomy

PERSON = "person"
"""The kind of a seat played by someone at this terminal (the others are bot levels)."""

# Marked here, translated where shown: the language may change after import.
_LEVEL_NAMES = {
    "random": N_("Bot: random"),
    "easy": N_("Bot: easy"),
    "normal": N_("Bot: normal"),
    "hard": N_("Bot: hard"),
    "expert": N_("Bot: expert"),
}


# --- Names ------------------------------------------------------------------------


def name_problems(names: Sequence[str]) -> dict[int, str]:
    """What is wrong with each seat's name, in a few words for the player (they are
    shown beside the name); seats with a good name are left out. Names are compared
    as `clean_name` leaves them, ignoring case."""
    problems: dict[int, str] = {}
    seen: dict[str, int] = {}
    for seat, raw in enumerate(names):
        name = clean_name(raw)
        if not name:
            problems[seat] = _("Needs a name.")
        elif len(name) > MAX_NAME:
            problems[seat] = _("At most {n} characters.").format(n=MAX_NAME)
        elif name.casefold() in seen:
            problems[seat] = _("Seat {n} has this name.").format(n=seen[name.casefold()] + 1)
        else:
            seen[name.casefold()] = seat
    return problems


def default_seats(first: str) -> list[Seat]:
    """Five seats: ``first`` a person, the others normal bots with other names."""
    return seats_from((Seat(first),))


def seats_from(seats: Sequence[Seat]) -> list[Seat]:
    """Five seats: ``seats`` first, then normal bots with names not taken."""
    level = DEFAULT_LEVEL
    taken = {seat.name.casefold() for seat in seats}
    others = [n for n in BOT_NAMES if n.casefold() not in taken]
    return [*seats, *(Seat(name, level) for name in others)][:MAX_PLAYERS]


def parse_seed(text: str) -> int | str | None:
    """A seed typed by the player: a whole number, a word, or nothing (random)."""
    text = clean_name(text)
    if not text:
        return None
    try:
        return int(text)
    except ValueError:
        return text


def kind_options() -> list[tuple[str, str]]:
    """The choices for a seat: a person, or each bot level the engine can make."""
    return [(_("Person"), PERSON)] + [
        (_(_LEVEL_NAMES[level]) if level in _LEVEL_NAMES else level, level) for level in LEVELS
    ]


# --- The screen -------------------------------------------------------------------


class SetupScreen(Roomy, Screen):
    """Set up a new game: the players, the rules, the bots' pace, a seed."""

    CSS_PATH = "menus.tcss"
    AUTO_FOCUS = "#name-0"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", N_("Back")),
        Binding("ctrl+s", "start", N_("Start game")),
    ]

    def __init__(self, settings: Settings) -> None:
        super().__init__()
        self.settings = settings
        last = settings.last_game
        # As the form last started a game: the same table, the same rules.
        self.players = last.players
        self._seats = seats_from(last.seats) if last.seats else default_seats(own_name())
        # Problems are shown from the first try to start on, then kept up to date.
        self._checking = False

    # --- Layout -------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield from self.compose_too_small()
        with Vertical(id="setup"):
            yield Static(_("New game"), id="setup-title", classes="menu-title")
            with VerticalScroll(id="setup-form"):
                yield from self._compose_players()
                yield from rules_fields("setup", self.settings.last_game.rules)
                yield from self._compose_extras()
            yield Static("", id="setup-problems")
            with Horizontal(id="setup-buttons", classes="menu-buttons"):
                yield Button(_("Back"), id="setup-back")
                yield Static(classes="menu-gap")
                yield Button(_("Start game"), id="setup-start", variant="primary")
        yield Footer()

    def _compose_players(self) -> ComposeResult:
        with Horizontal(classes="field group"):
            yield Label(_("Players"), classes="field-label")
            yield from count_choice("players-count", self.players)
        options = kind_options()
        kinds = {value for _label, value in options}
        with Vertical(id="seats", classes="group"):
            for i, seat in enumerate(self._seats):
                kind = PERSON if seat.bot is None else seat.bot
                unused = " -unused" if i >= self.players else ""
                with Horizontal(classes="field seat" + unused, id=f"seat-{i}"):
                    yield Label(_("Seat {n}").format(n=i + 1), classes="field-label seat-label")
                    yield Input(
                        seat.name,
                        placeholder=_("Name"),
                        max_length=MAX_NAME,
                        compact=True,
                        id=f"name-{i}",
                        classes="seat-name",
                    )
                    yield Select(
                        options,
                        value=kind if kind in kinds else PERSON,
                        allow_blank=False,
                        compact=True,
                        id=f"kind-{i}",
                        classes="seat-kind",
                    )
                    yield Label("", id=f"problem-{i}", classes="seat-problem")
            with Horizontal(classes="field"):
                yield Label("", classes="field-label")
                yield Label(
                    _(
                        "Easy bots often forget to say “Last card!”, normal bots now and "
                        "then, hard and expert bots never; random bots sometimes say it late. Catch "
                        "them with “Idiot!”."
                    ),
                    id="levels-hint",
                    classes="hint",
                )

    def _compose_extras(self) -> ComposeResult:
        with Horizontal(classes="field group"):
            yield Label(_("Bot pace"), classes="field-label")
            yield from pace_choice("setup-pace", self.settings.pace)
        with Horizontal(classes="field group"):
            yield Label(_("Seed"), classes="field-label")
            yield Input(placeholder=_("random"), max_length=40, compact=True, id="setup-seed")
            yield Label(_("The same seed deals the same cards."), classes="hint")

    def on_mount(self) -> None:
        for radios in self.query(RadioSet):
            cursor_on_choice(radios)

    # --- Changes ------------------------------------------------------------------

    @on(RadioSet.Changed, "#players-count")
    def _count_changed(self, event: RadioSet.Changed) -> None:
        self.players = MIN_PLAYERS + event.index
        for i in range(MAX_PLAYERS):
            # Seats beyond the count keep what was typed, out of sight (and of the
            # tab order), in case the count goes up again.
            self.query_one(f"#seat-{i}").set_class(i >= self.players, "-unused")
        self._show_problems()

    @on(Input.Changed, ".seat-name")
    def _name_changed(self, event: Input.Changed) -> None:
        # Pasted text may bring control characters; they never reach the name.
        kept = without_controls(event.value)
        if kept != event.value:
            event.input.value = kept
            return
        self._show_problems()

    def _names(self) -> list[str]:
        return [self.query_one(f"#name-{i}", Input).value for i in range(self.players)]

    def _show_problems(self) -> dict[int, str]:
        """Mark the names that stop the game from starting; return the problems."""
        problems = name_problems(self._names())
        shown = problems if self._checking else {}
        for i in range(MAX_PLAYERS):
            text = shown.get(i, "") if i < self.players else ""
            self.query_one(f"#problem-{i}", Label).update(text)
            self.query_one(f"#name-{i}", Input).set_class(bool(text), "-bad-name")
        summary = self.query_one("#setup-problems", Static)
        summary.update(_("Fix the names marked in red to start the game.") if shown else "")
        summary.set_class(bool(shown), "-shown")
        return problems

    # --- Start and back -------------------------------------------------------------

    @on(Input.Submitted)
    @on(Button.Pressed, "#setup-start")
    def action_start(self) -> None:
        """Start the game as set up, unless a name needs fixing first."""
        self._checking = True
        problems = self._show_problems()
        if problems:
            self.query_one(f"#name-{min(problems)}", Input).focus()
            return
        seats = []
        for i, raw in enumerate(self._names()):
            kind = self.query_one(f"#kind-{i}", Select).value
            seats.append(Seat(clean_name(raw), None if kind == PERSON else str(kind)))
        rules = chosen_rules(self, "setup")
        seed = parse_seed(self.query_one("#setup-seed", Input).value)
        # Kept for the next new game, and asked first: the table opens with the
        # app's settings as they are then.
        settings = self.settings.but(
            pace=self._pace(), last_game=LastGame(self.players, tuple(seats), rules)
        )
        if settings != self.settings:
            self.settings = settings
            self.post_message(ChangeSettings(settings))
        self.post_message(StartGame(self, NewGame(tuple(seats), rules, seed)))

    def _pace(self) -> str:
        return chosen(self.query_one("#setup-pace", RadioSet), "pace") or self.settings.pace

    @on(Button.Pressed, "#setup-back")
    def action_back(self) -> None:
        """Back to the start menu, starting nothing."""
        self.post_message(ShowMenu(self))
