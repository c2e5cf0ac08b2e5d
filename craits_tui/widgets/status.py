"""The status line: what the player can do now, always in view."""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.text import Text
from textual.geometry import Size
from textual.reactive import reactive
from textual.strip import Strip

from .box import Box
from .lines import BoxedWidget


class StatusLine(BoxedWidget):
    """What to do now, e.g. "Your turn: follow ♥ or play a J or an 8". One line; two
    when a narrow window (or a longer language) needs them, so the keys it names at
    its end are never cut off.

    A notice (why a key did nothing, why a move was refused) takes the line's place
    for a while: where the player's eyes already are, and gone once the situation it
    speaks of has passed.

    Its looks (plain, the player's turn, a notice) are component classes that the
    line draws itself: a turn that starts or ends, or a notice, changes no CSS
    class, and repaints the line only where its words or look changed.
    """

    DEFAULT_CSS = """
    StatusLine {
        height: auto;
        max-height: 2;
    }
    StatusLine > .status--plain {
        background: $panel;
        padding: 0 1;
    }
    StatusLine > .status--urgent {
        background: $accent 40%;
        text-style: bold;
        padding: 0 1;
    }
    /* A notice: why a key did nothing, or a move was refused. */
    StatusLine > .status--notice {
        background: $warning 45%;
        text-style: bold;
        padding: 0 1;
    }
    """

    COMPONENT_CLASSES = {"status--plain", "status--urgent", "status--notice"}

    DRAWN_FROM = ("message", "urgent", "notice")
    message: reactive[str] = reactive("", repaint=False)
    urgent: reactive[bool] = reactive(False, repaint=False)
    """Whether the line stands out: the player's turn."""
    notice: reactive[str] = reactive("", repaint=False)
    """Said over the message until cleared ("" for none)."""

    @property
    def words(self) -> str:
        """What the line says now: the notice, if any, else the message."""
        return self.notice or self.message

    @property
    def box(self) -> Box:
        if self.notice:
            return self.component_box("status--notice")
        return self.component_box("status--urgent" if self.urgent else "status--plain")

    def watch_message(self, old: str, new: str) -> None:
        if not self.notice:
            self._fit(old, new)

    def watch_notice(self, old: str, new: str) -> None:
        self._fit(old or self.message, new or self.message)

    def _fit(self, old: str, new: str) -> None:
        # A layout costs far more than a redraw: only when the line count changes.
        if not self.is_mounted:
            return
        width = self.box.inner(self._content()).width
        if self._rows(old, width) != self._rows(new, width):
            self.refresh(layout=True)

    @staticmethod
    def _rows(words: str, width: int) -> int:
        """The lines ``words`` take (at most two: the rest is cut)."""
        return 1 if cell_len(words) <= width else 2

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return self._rows(self.words, width - self.box.gutter.width)

    def draw_rows(self, box: Box, size: Size) -> Sequence[Strip]:
        words = self.words
        return self.cached_lines((words, size), lambda: self._wrapped(words, size), box.fill)

    def _wrapped(self, words: str, size: Size) -> list[Text]:
        lines = Text(words, overflow="ellipsis").wrap(self.app.console, max(1, size.width))
        return list(lines)[: size.height]
