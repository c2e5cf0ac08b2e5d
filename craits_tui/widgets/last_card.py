"""The "Last card!" button beside the hand."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget

from ..i18n import N_
from .box import Box
from .lines import BoxedWidget

PRESSED_FOR = 0.2
"""Seconds a press shows, as Textual's buttons show theirs."""


class LastCardButton(BoxedWidget, can_focus=True):
    """Says "Last card!", or before the play that leaves one card, arms the call to
    ride on it; a second press takes the armed call back.

    It looks and acts as a button of Textual's, but draws its looks (on, off,
    hovered, pressed) from component classes, box and all: the moves that allow
    the call and take it away change no CSS class or pseudo-class of it (as
    ``disabled`` would), so they restyle and lay out nothing. Off, it takes no
    click, no Enter and no focus.

    A click leaves the keyboard with the hand: focused by the click, the button
    would take the Enter meant to play the card under the cursor, and press itself
    again, taking the call back. Tab still reaches it.
    """

    # Its rules for the app's .-ascii start above the widget: Textual must not
    # scope them to it.
    SCOPED_CSS = False
    DEFAULT_CSS = """
    LastCardButton {
        width: 14;
        height: 3;
        pointer: pointer;
    }
    /* As a Button of the warning variant. */
    LastCardButton > .last-card--on {
        color: $button-color-foreground;
        background: $warning;
        text-style: bold;
        border-top: tall $warning-lighten-2;
        border-bottom: tall $warning-darken-3;
    }
    LastCardButton:hover > .last-card--on {
        background: $warning-darken-2;
        border-top: tall $warning;
    }
    LastCardButton:focus > .last-card--on {
        text-style: $button-focus-text-style;
        background-tint: $foreground 5%;
    }
    LastCardButton > .last-card--pressed {
        color: $button-color-foreground;
        background: $warning;
        background-tint: $background 30%;
        text-style: bold;
        border-top: tall $warning-darken-2;
        border-bottom: tall $warning-lighten-2;
    }
    /* Off: flat, in the panel's colours, faded as Textual fades a disabled
       button: to 70%, twice over but for the words, which are $text-disabled
       (auto 38%) at 60%, faded once: auto 16%. */
    LastCardButton > .last-card--off {
        color: auto 16%;
        background: $panel 49%;
        text-style: bold;
        border-top: tall $panel-lighten-1 49%;
        border-bottom: tall $panel-darken-1 49%;
    }
    /* Plain terminals: a box of their characters, lit from above as the tall
       borders are. */
    .-ascii LastCardButton > .last-card--on, .-ascii LastCardButton > .last-card--pressed {
        border: ascii $warning-darken-3;
        border-top: ascii $warning-lighten-2;
        border-left: ascii $warning-lighten-2;
    }
    .-ascii LastCardButton > .last-card--off {
        border: ascii $panel-darken-1;
        border-top: ascii $panel-lighten-2;
        border-left: ascii $panel-lighten-2;
    }
    """

    COMPONENT_CLASSES = {"last-card--on", "last-card--pressed", "last-card--off"}

    BINDINGS = [Binding("enter", "press", N_("Press button"), show=False)]

    FOCUS_ON_CLICK = False

    DRAWN_FROM = ("label", "allowed", "pressed")
    label: reactive[str] = reactive("", repaint=False)
    """The words on the button."""
    allowed: reactive[bool] = reactive(True, repaint=False)
    """Whether the call can be made (or armed, or taken back) now."""
    pressed: reactive[bool] = reactive(False, repaint=False)
    """Shown pressed, for a moment after a press."""

    class Pressed(Message):
        """The button was pressed (clicked, or Enter while it has the focus) while
        the call was allowed."""

        def __init__(self, button: LastCardButton) -> None:
            super().__init__()
            self.button = button

        @property
        def control(self) -> LastCardButton:
            return self.button

    def __init__(self, label: str, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.set_reactive(LastCardButton.label, label)

    # Tab passes it by while the call is not allowed; its :can-focus says what it
    # is, a button, and stays: a move that allows the call changes no pseudo-class.
    _PSEUDO_CLASSES: ClassVar[dict[str, Callable[[Widget], bool]]] = {
        **Widget._PSEUDO_CLASSES,
        "can-focus": lambda widget: widget.can_focus,
    }

    def allow_focus(self) -> bool:
        return self.allowed

    def watch_allowed(self, allowed: bool) -> None:
        if not allowed and self.has_focus:
            self.blur()  # as a disabled widget is

    @property
    def box(self) -> Box:
        if not self.allowed:
            return self.component_box("last-card--off")
        return self.component_box("last-card--pressed" if self.pressed else "last-card--on")

    def draw_rows(self, box: Box, size: Size) -> list[Strip]:
        words = self.cached_strip(
            (self.label, size.width), lambda: self._words(size.width), box.fill
        )
        # In the middle, as a button's label is.
        left = max(0, size.width - words.cell_length) // 2
        rows = [Strip.blank(size.width, box.blank)] * size.height
        if rows:
            rows[(size.height - 1) // 2] = Strip.join([Strip.blank(left, box.blank), words])
        return rows

    def _words(self, width: int) -> Text:
        # A space either side, where there is room, as a button pads its label.
        if cell_len(self.label) + 2 <= width:
            return Text(f" {self.label} ")
        words = Text(self.label)
        words.truncate(width, overflow="ellipsis")
        return words

    # --- Pressing ----------------------------------------------------------------------

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.press()

    def action_press(self) -> None:
        self.press()

    def press(self) -> None:
        """Press the button: it shows so a moment, and says so (`Pressed`). Nothing
        while the call is not allowed, or a press shows still."""
        if not self.allowed or self.pressed or not self.display:
            return
        self.pressed = True
        self.set_timer(PRESSED_FOR, self._let_go)
        self.post_message(self.Pressed(self))

    def _let_go(self) -> None:
        self.pressed = False
