"""The crank counter: unmissable while a crank runs, with what must be done."""

from __future__ import annotations

import textwrap

from rich.cells import cell_len
from rich.text import Text
from textual.reactive import reactive

from ..i18n import _
from .plain import PlainWidget


class CrankCounter(PlainWidget):
    """The crank's count, and what the player facing it must do.

    A box of a fixed size (the stylesheet's, for the terminal's size), crank or no
    crank: a crank that starts, grows or ends is a repaint, never a new layout of
    the table. Lines are cut short rather than wrapped past the box, so none is
    lost; a long name takes a second line where the box has one."""

    # Its rules for the screen's size classes (.-short, .-big, ...) and the app's
    # .-ascii start above the widget: Textual must not scope them to it.
    SCOPED_CSS = False
    DEFAULT_CSS = """
    CrankCounter {
        width: 100%;
        height: 7;
        padding: 0 0 0 1;
        /* Invisible, but there: the box is as big with a crank as without. */
        border: blank;
    }
    CrankCounter.-active {
        background: $error;
        color: $text;
        text-style: bold;
        border: heavy $error-lighten-2;
    }
    /* A short table keeps the crank box's rows for the plays that led to it; a
       narrow one gives it a line more, for who must answer. */
    .-short CrankCounter, .-short CrankCounter.-active {
        height: 4;
        border: none;
    }
    .-narrow.-short CrankCounter, .-narrow.-short CrankCounter.-active { height: 5; }
    .-narrow CrankCounter { padding: 0; }
    .-ascii CrankCounter.-active { border: ascii $error-lighten-2; }
    .-ascii .-short CrankCounter.-active { border: none; }
    """

    count: reactive[int] = reactive(0)
    facing: reactive[str] = reactive("")
    """Who must answer the crank ("you must answer", or with a name), empty when
    nobody."""

    def watch_count(self, count: int) -> None:
        self.set_class(count > 0, "-active")

    def render(self) -> Text:
        if not self.count:
            return Text(_("no crank"), style="dim", no_wrap=True, overflow="ellipsis")
        width = self.content_size.width
        rule = _("play an A or a 2,")
        if cell_len(rule) > width:
            rule = _("an A or a 2,")
        lines = [
            Text(_("CRANK {n}").format(n=self.count), style="bold"),
            Text(rule),
            Text(_("or draw {n}").format(n=self.count)),
        ]
        if self.facing:
            # A long name takes the box's spare lines, if it has any.
            room = max(1, self.content_size.height - len(lines))
            facing = textwrap.wrap(self.facing, max(1, width)) or [""]
            if len(facing) > room:
                facing = [*facing[: room - 1], " ".join(facing[room - 1 :])]
            lines.extend(Text(part, style="italic") for part in facing)
        for line in lines:
            line.truncate(width, overflow="ellipsis")
        return Text("\n").join(lines)
