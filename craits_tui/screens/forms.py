"""What the forms (a new game's set-up, the options) share."""

from __future__ import annotations

from textual.widgets import RadioSet


def cursor_on_choice(radios: RadioSet) -> None:
    """Put a radio set's keyboard cursor on the choice made, so the arrows move from
    there (it starts on the first button, whatever is chosen)."""
    radios._selected = radios.pressed_index if radios.pressed_index >= 0 else 0
