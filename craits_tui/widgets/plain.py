"""The base of the game's own widgets."""

from __future__ import annotations

from textual.reactive import Reactive
from textual.widget import Widget


class PlainWidget(Widget):
    """A widget that draws text with no links in it.

    Textual looks through every line a widget draws for links to highlight. The
    game's widgets have none, and every session redraws some of them on every
    move: without the search, a move costs a few percent less to draw.
    """

    auto_links: Reactive[bool] = Reactive(False)
