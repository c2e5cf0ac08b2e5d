"""The smallest Textual app worth comparing with: a Static and a Footer.

`bench/tui.py` starts it in a pseudo-terminal to time Textual's own start-up.
"""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widgets import Footer, Static


class MinimalApp(App[None]):
    """A "hello" and a footer; q quits."""

    BINDINGS = [Binding("q", "quit", "Quit")]

    def compose(self) -> ComposeResult:
        yield Static("hello")
        yield Footer()


if __name__ == "__main__":
    MinimalApp().run()
