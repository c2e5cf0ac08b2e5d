"""Scrolling a text with the keys a screen binds to its ``scroll('…')`` action."""

from __future__ import annotations

from textual.widget import Widget


def scroll(widget: Widget, how: str) -> None:
    """Scroll ``widget`` as a key bound to ``scroll(how)`` asks: "up", "down",
    "page_up", "page_down", "home" or "end"."""
    moves = {
        "up": widget.scroll_up,
        "down": widget.scroll_down,
        "page_up": widget.scroll_page_up,
        "page_down": widget.scroll_page_down,
        "home": widget.scroll_home,
        "end": widget.scroll_end,
    }
    moves[how]()
