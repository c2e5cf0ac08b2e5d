"""The "Last card!" button beside the hand."""

from __future__ import annotations

from textual.widgets import Button


class LastCardButton(Button):
    """Says "Last card!", or before the play that leaves one card, arms the call to
    ride on it; a second press takes the armed call back.

    A click leaves the keyboard with the hand: focused by the click, the button
    would take the Enter meant to play the card under the cursor, and press itself
    again, taking the call back. Tab still reaches it.
    """

    DEFAULT_CSS = """
    /* Off: flat, in the panel's colours, whatever its variant. Important, for
       Button's variants style it with more specific rules. */
    LastCardButton:disabled {
        background: $panel !important;
        color: $text-disabled !important;
        border-top: tall $panel-lighten-1 !important;
        border-bottom: tall $panel-darken-1 !important;
    }
    """

    FOCUS_ON_CLICK = False
