"""What the forms (a new game's set-up, a new table online, the options) share."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.dom import DOMNode
from textual.widgets import Checkbox, Label, RadioButton, RadioSet

from craits_core import RuleSet
from craits_core.rules import MAX_PLAYERS, MIN_PLAYERS

from ..i18n import N_, _
from ..settings import PACE_NAMES, PACES

# Marked here, translated where shown: the language may change after import.
VARIANTS: tuple[tuple[str, str, str], ...] = (
    (
        "colour_matching",
        N_("Colour matching"),
        N_("Cards also match by colour: red or black."),
    ),
    (
        "voluntary_draw",
        N_("Voluntary draw"),
        N_("You may draw even when you could play."),
    ),
    (
        "seven_skips",
        N_("Seven skips"),
        N_("A 7 also skips the player who draws."),
    ),
    (
        "wild_nine",
        N_("Wild nine"),
        N_("A 9 is wild (its suit or its colour mate)."),
    ),
)
"""Each rule variant: its `RuleSet` field, its name and what it changes."""


def cursor_on_choice(radios: RadioSet) -> None:
    """Put a radio set's keyboard cursor on the choice made, so the arrows move from
    there (it starts on the first button, whatever is chosen)."""
    radios._selected = radios.pressed_index if radios.pressed_index >= 0 else 0


def pace_choice(radios_id: str, pace: str) -> ComposeResult:
    """The bots' paces as a row of radio buttons, ``pace`` chosen (read it back with
    `chosen(radios, "pace")`)."""
    with RadioSet(id=radios_id, compact=True, classes="inline"):
        for name in PACES:
            yield RadioButton(_(PACE_NAMES[name]), value=name == pace, id=f"pace-{name}")


def chosen(radios: RadioSet, prefix: str) -> str | None:
    """The choice made in ``radios``: its button's id without ``prefix`` and a dash."""
    pressed = radios.pressed_button
    if pressed is None or pressed.id is None:
        return None
    return pressed.id.removeprefix(f"{prefix}-")


def count_choice(radios_id: str, players: int) -> ComposeResult:
    """How many players, as a row of radio buttons (ids ``{radios_id}-{n}``),
    ``players`` chosen."""
    with RadioSet(id=radios_id, compact=True, classes="inline"):
        for n in range(MIN_PLAYERS, MAX_PLAYERS + 1):
            yield RadioButton(str(n), value=n == players, id=f"{radios_id}-{n}")


def rules_fields(prefix: str, rules: RuleSet | None = None) -> ComposeResult:
    """The game's length and its variants, each with a line on what it means, set
    as in ``rules`` (default: the standard game). Ids start with ``prefix``; read
    them back with `chosen_rules`."""
    rules = rules or RuleSet()
    with Vertical(classes="group"):
        with Horizontal(classes="field"):
            yield Label(_("Length"), classes="field-label")
            with RadioSet(id=f"{prefix}-length", compact=True, classes="inline"):
                short = rules.short_game
                yield RadioButton(_("Full game: 15 rounds"), not short, id=f"{prefix}-full")
                yield RadioButton(_("Short game: 8 rounds"), short, id=f"{prefix}-short")
        with Horizontal(classes="field"):
            yield Label("", classes="field-label")
            yield Label(_("From 8 cards down to 1, then (full game) back up to 8."), classes="hint")
    with Vertical(classes="group"):
        for i, (field, name, explanation) in enumerate(VARIANTS):
            with Horizontal(classes="field"):
                yield Label(_("Variants") if i == 0 else "", classes="field-label")
                yield Checkbox(
                    _(name),
                    getattr(rules, field),
                    compact=True,
                    id=f"{prefix}-{field}",
                    classes="variant-box",
                )
                yield Label(_(explanation), classes="hint")


def chosen_rules(form: DOMNode, prefix: str) -> RuleSet:
    """The rules chosen in ``form``'s `rules_fields`."""
    return RuleSet(
        short_game=form.query_one(f"#{prefix}-short", RadioButton).value,
        **{
            field: form.query_one(f"#{prefix}-{field}", Checkbox).value
            for field, _n, _e in VARIANTS
        },
    )
