"""What the forms (a new game's set-up, the options) share."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import RadioButton, RadioSet

from ..i18n import _
from ..settings import PACE_NAMES, PACES


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
