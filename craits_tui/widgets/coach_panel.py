"""The coach beside a lesson's table: what it says, part after part."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.reactive import reactive
from textual.widgets import Static

from ..i18n import _
from ..learn.coach import Panel


class CoachPanel(VerticalScroll, can_focus=False):
    """What the coach says: the lesson, what to do now, then why the last move was
    not made, or else what happened and why.

    Each part is a line or paragraph of its own, wrapped to the panel's width; the
    panel takes the lines they need, at most three quarters of the side column
    (all of it in a short window), and scrolls, with the mouse, should the parts
    ever need more than that.
    """

    # Its size follows the screen's (`.-short`): not scoped to the panel alone.
    SCOPED_CSS = False
    DEFAULT_CSS = """
    /* The coach takes the lines its words need, the log below it what is left. */
    CoachPanel {
        scrollbar-size-vertical: 1;
        height: auto;
        max-height: 75%;
        padding: 0 0 1 0;
        border-bottom: solid $primary 40%;
    }
    /* A short window: the coach may take the whole column, and its parts sit
       close (their colours tell them apart), so that a lesson's rule is read
       whole at 80x24 in every language. */
    .-short CoachPanel {
        max-height: 100%;
        padding: 0;
    }
    .-short CoachPanel > Static {
        margin-top: 0;
    }
    /* A table with no side column: the coach at the screen's side. */
    CoachPanel.-docked {
        dock: right;
        width: 40%;
        height: 100%;
        max-height: 100%;
        padding: 0 1;
        border-bottom: none;
        border-left: vkey $primary 40%;
    }
    CoachPanel > Static {
        height: auto;
        margin-top: 1;
    }
    CoachPanel > .coach-title {
        margin-top: 0;
        color: $accent;
        text-style: bold;
    }
    CoachPanel > .coach-now {
        color: $text;
        background: $accent 25%;
        text-style: bold;
    }
    CoachPanel > .coach-hint {
        color: $text-success;
    }
    CoachPanel > .coach-warning {
        color: $text-warning;
        text-style: bold;
    }
    CoachPanel > .coach-said {
        color: $text;
    }
    """

    panel: reactive[Panel | None] = reactive(None, recompose=True)

    def compose(self) -> ComposeResult:
        panel = self.panel
        if panel is None:
            return
        # What to do comes first, where a small window cannot cut it off.
        yield Static(panel.title, markup=False, classes="coach-title")
        yield Static(panel.now, markup=False, classes="coach-now")
        if panel.hint and not panel.done:
            hint = _("Hint: {hint}").format(hint=panel.hint)
            yield Static(hint, markup=False, classes="coach-hint")
        if panel.warning:
            yield Static(panel.warning, markup=False, classes="coach-warning")
        elif panel.said:
            yield Static("\n".join(panel.said), markup=False, classes="coach-said")

    @property
    def text(self) -> str:
        """The words shown, part after part, a blank line between parts."""
        return "\n\n".join(str(part.content) for part in self.query(Static))
