"""Saying it again: the screens on show follow a change of language at once.

Every word a player reads is translated where it is shown: screens translate as
they compose, widgets as they render, and the footer translates the keys'
descriptions (marked with `N_` where the bindings are declared). So a screen
composed after the language changed speaks the new one; the screens already on
the stack are asked to say their words again (`speak_all_again`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import cast

from textual.screen import Screen


class Speaking:
    """Mixin for a Screen that may be on show when the language changes (under
    the options, where it is chosen): it says its words again in the new one.

    By default the screen is composed again, set up as on mount (`composed`),
    and what had the keyboard has it back. A screen that holds more than its
    compose shows (the table: a game's log) overrides `speak_again`."""

    async def speak_again(self) -> None:
        """Show every word again in the language in use now."""
        screen = cast(Screen[object], self)  # a Screen, as this mixin's users are
        focused = screen.focused
        where = focused.id if focused is not None else None
        await screen.recompose()
        self.composed()
        again = screen.query(f"#{where}") if where else None
        if again:
            screen.set_focus(again.first(), scroll_visible=False)

    def composed(self) -> None:
        """Set up what compose cannot (a radio set's cursor, what is hidden): a
        screen calls it on mount, and `speak_again` after composing again."""


def speak_all_again(screens: Iterable[Screen[object]]) -> None:
    """Have ``screens`` (the app's stack) show the language in use now: every
    footer's keys, and all else a `Speaking` screen shows."""
    for screen in screens:
        screen.refresh_bindings()
        if isinstance(screen, Speaking):
            # On the screen's own message loop: its widgets are removed and
            # mounted again there, after the message that changed the language.
            screen.call_later(screen.speak_again)
