"""A first start: the lessons offered to a newcomer, once, over the start menu."""

from __future__ import annotations

from enum import Enum
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label, Static

from ..i18n import N_, _, ngettext
from ..learn.lessons import LESSONS, OPPONENT
from ..widgets.footer import Footer


class FirstStartChoice(Enum):
    """What a newcomer answered to the lessons offered."""

    LEARN = "learn"
    """The first lesson, now."""
    NOT_NOW = "not-now"
    """The start menu (the lessons stay in it)."""


class LessonsOffer(ModalScreen[FirstStartChoice]):
    """ "New to Craits? Learn to play in 5 minutes": dismissed with the choice made."""

    DEFAULT_CSS = """
    LessonsOffer {
        align: center middle;
    }
    #offer {
        width: 66;
        max-width: 95%;
        height: auto;
        max-height: 100%;
        padding: 1 2;
        border: thick $accent;
        background: $surface;
    }
    #offer-title {
        width: 100%;
        text-style: bold;
        color: $accent;
        margin-bottom: 1;
    }
    #offer-what {
        margin-bottom: 1;
    }
    #offer-later-note {
        color: $text-muted;
        margin-bottom: 1;
    }
    #offer-buttons {
        height: auto;
        width: auto;
    }
    #offer-buttons Button {
        margin-right: 1;
    }
    """

    AUTO_FOCUS = "#offer-learn"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("l", "choose('learn')", N_("Learn to play")),
        Binding("escape,n", "choose('not-now')", N_("Not now")),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="offer"):
            yield Label(_("New to Craits? Learn to play in 5 minutes."), id="offer-title")
            yield Static(
                ngettext(
                    "{n} short deal against {them}, with a coach beside the table who "
                    "says what to do and why.",
                    "{n} short deals against {them}, with a coach beside the table who "
                    "says what to do and why.",
                    len(LESSONS),
                ).format(n=len(LESSONS), them=OPPONENT),
                id="offer-what",
            )
            yield Static(
                _("The lessons stay in the start menu: Learn to play (l)."),
                id="offer-later-note",
            )
            with Horizontal(id="offer-buttons"):
                yield Button(
                    _("Learn to play (l)"),
                    id="offer-learn",
                    variant="primary",
                    action="screen.choose('learn')",
                )
                yield Button(
                    _("Not now (Esc)"), id="offer-not-now", action="screen.choose('not-now')"
                )
        yield Footer()

    def action_choose(self, choice: str) -> None:
        """Answer with ``choice``, a `FirstStartChoice`'s value (not now, if unknown)."""
        known = {c.value: c for c in FirstStartChoice}
        self.dismiss(known.get(choice, FirstStartChoice.NOT_NOW))
