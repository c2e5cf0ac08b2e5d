"""The crank counter: unmissable while a crank runs, with what must be done."""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.text import Text
from textual.geometry import Size
from textual.reactive import reactive
from textual.strip import Strip

from ..i18n import _
from .box import Box
from .lines import BoxedWidget, wrapped


class CrankCounter(BoxedWidget):
    """The crank's count, and what the player facing it must do.

    A box of a fixed size (the stylesheet's, for the terminal's size), crank or no
    crank: a crank that starts, grows or ends is a repaint, never a new layout of
    the table. Its two looks, with a crank and without, are component classes that
    the box draws itself, border and padding included: a crank changes no class.
    Lines are cut short rather than wrapped past the box, so none is lost; a long
    name takes a second line where the box has one."""

    # Its rules for the screen's size classes (.-short, .-big, ...) and the app's
    # .-ascii start above the widget: Textual must not scope them to it.
    SCOPED_CSS = False
    DEFAULT_CSS = """
    CrankCounter {
        width: 100%;
        height: 7;
    }
    /* Without a crank the border is blank, but there: the words stand where a
       crank's do. */
    CrankCounter > .crank--idle {
        border: blank;
        padding: 0 0 0 1;
    }
    CrankCounter > .crank--active {
        background: $error;
        color: $text;
        text-style: bold;
        border: heavy $error-lighten-2;
        padding: 0 0 0 1;
    }
    .-ascii CrankCounter > .crank--active { border: ascii $error-lighten-2; }
    /* A short table keeps the crank box's rows for the plays that led to it; a
       narrow one gives it a line more, for who must answer. */
    .-short CrankCounter { height: 4; }
    .-short CrankCounter > .crank--idle, .-short CrankCounter > .crank--active {
        border: none;
    }
    .-ascii .-short CrankCounter > .crank--active { border: none; }
    .-narrow.-short CrankCounter { height: 5; }
    .-narrow CrankCounter > .crank--idle, .-narrow CrankCounter > .crank--active {
        padding: 0;
    }
    """

    COMPONENT_CLASSES = {"crank--idle", "crank--active"}

    DRAWN_FROM = ("count", "facing")
    count: reactive[int] = reactive(0, repaint=False)
    facing: reactive[str] = reactive("", repaint=False)
    """Who must answer the crank ("you must answer", or with a name), empty when
    nobody."""

    @property
    def box(self) -> Box:
        return self.component_box("crank--active" if self.count else "crank--idle")

    def draw_rows(self, box: Box, size: Size) -> Sequence[Strip]:
        key = (self.count, self.facing, size)
        return self.cached_lines(key, lambda: self._words(size), box.fill)

    def _words(self, size: Size) -> list[Text]:
        width = size.width
        if not self.count:
            # Over two lines where narrow: no word of it is lost.
            return [Text(words, style="dim") for words in wrapped(_("no crank"), width)]
        rule = _("play an A or a 2,")
        if cell_len(rule) > width:
            rule = _("an A or a 2,")
        lines = [
            Text(_("CRANK {n}").format(n=self.count), style="bold"),
            Text(rule),
            Text(_("or draw {n}").format(n=self.count)),
        ]
        if self.facing:
            # A long name takes the box's spare lines, if it has any; a name too
            # long for them all is cut short.
            room = max(1, size.height - len(lines))
            facing = wrapped(self.facing, width)
            if len(facing) > room:
                facing = [*facing[: room - 1], " ".join(facing[room - 1 :])]
            lines.extend(Text(part, style="italic") for part in facing)
        for line in lines:
            line.truncate(width, overflow="ellipsis")
        return lines
