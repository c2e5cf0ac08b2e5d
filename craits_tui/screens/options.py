"""Options: how the game looks and moves, changed while playing and kept for next time.

Every change takes effect at once (the theme and the language under the dialog,
the bots' pace) and is saved as it is made; the cards' look reaches the table
when the dialog closes.
"""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Checkbox, Label, RadioButton, RadioSet, Static

from ..i18n import N_, _, current_language, languages
from ..requests import ChangeSettings
from ..settings import THEMES, Settings
from ..widgets.footer import Footer
from .forms import chosen, cursor_on_choice, pace_choice
from .roomy import Roomy
from .speaking import Speaking

_THEME_NAMES = {"dark": N_("Dark"), "light": N_("Light")}

TOGGLES: tuple[tuple[str, str, str, str], ...] = (
    ("four_colour", N_("Cards"), N_("Four-colour deck"), N_("Blue diamonds, green clubs.")),
    ("ascii", "", N_("Letters for suits"), N_("If suit symbols show badly.")),
    ("auto_announce", N_("Last card"), N_("Say it for me"), N_("Said with your play to one card.")),
    ("animations", N_("Motion"), N_("Animations"), N_("Off for slow links: no hover.")),
    (
        "bell",
        N_("Bell"),
        N_("Ring for my turn"),
        N_("Also when called an idiot; online, after a wait."),
    ),
    ("auto_draw", N_("Drawing"), N_("Draw for me"), N_("When no card can be played.")),
)
"""Each on/off setting: its `Settings` field, its row's label, its name, what it does."""


class OptionsScreen(Speaking, Roomy, ModalScreen[Settings]):
    """Bot pace, theme, the cards' look, saying "Last card!", animations.

    Each change is asked of the app as it is made (`ChangeSettings`); dismissed
    with the settings as they are now."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", N_("Done")),
    ]

    def __init__(
        self,
        settings: Settings,
        *,
        pace: bool = True,
        keeps_settings: bool = True,
    ) -> None:
        super().__init__()
        self._current = settings
        self.pace = pace
        """Whether to offer the bots' pace (online, the server sets it)."""
        self._keeps_settings = keeps_settings
        """Whether the settings are kept for the next start (a session online keeps
        none, so it offers no language for next time)."""

    def compose(self) -> ComposeResult:
        settings = self._settings
        yield from self.compose_too_small()
        with Vertical(id="options-dialog"):
            yield Static(_("Options"), id="options-title")
            with Horizontal(classes="option", id="option-pace-row"):
                yield Label(_("Bot pace"), classes="option-label")
                yield from pace_choice("option-pace", settings.pace)
            with Horizontal(classes="option"):
                yield Label(_("Theme"), classes="option-label")
                with RadioSet(id="option-theme", compact=True, classes="inline"):
                    for theme in THEMES:
                        yield RadioButton(
                            _(_THEME_NAMES[theme]),
                            value=theme == settings.theme,
                            id=f"theme-{theme}",
                        )
            with Horizontal(classes="option", id="option-language-row"):
                yield Label(_("Language"), classes="option-label")
                with RadioSet(id="option-language", compact=True, classes="inline"):
                    speaking = settings.language or current_language()
                    for code, name in languages().items():
                        yield RadioButton(name, value=code == speaking, id=f"language-{code}")
            for field, row, name, explanation in TOGGLES:
                with Horizontal(classes="option"):
                    yield Label(_(row) if row else "", classes="option-label")
                    yield Checkbox(
                        _(name), getattr(settings, field), compact=True, id=f"option-{field}"
                    )
                    yield Label(_(explanation), classes="option-hint")
            with Horizontal(id="options-buttons"):
                yield Button(_("Done"), id="options-done", variant="primary")
        yield Footer()

    def on_mount(self) -> None:
        self.composed()
        self.query_one("#option-pace" if self.pace else "#option-theme").focus()

    def composed(self) -> None:
        for radios in self.query(RadioSet):
            cursor_on_choice(radios)
        self.query_one("#option-pace-row").display = self.pace
        keeps = self._keeps_settings
        self.query_one("#option-language-row").display = len(languages()) > 1 and keeps

    @property
    def _settings(self) -> Settings:
        return self._current

    def _change(self, settings: Settings) -> None:
        self._current = settings
        self.post_message(ChangeSettings(settings))

    @on(RadioSet.Changed)
    @on(Checkbox.Changed)
    def _changed(self) -> None:
        settings = self._settings
        changed = settings.but(
            pace=self._choice("pace") or settings.pace,
            theme=self._choice("theme") or settings.theme,
            **{
                field: self.query_one(f"#option-{field}", Checkbox).value
                for field, _r, _n, _e in TOGGLES
            },
        )
        if changed != settings:
            self._change(changed)

    @on(RadioSet.Changed, "#option-language")
    def _language_changed(self) -> None:
        # Kept apart: any other change leaves the language as it was set (or, when
        # never set, following the system's).
        language = self._choice("language")
        if language is not None and language != self._settings.language:
            self._change(self._settings.but(language=language))

    def _choice(self, name: str) -> str | None:
        """The value chosen in the radio set ``option-{name}``."""
        return chosen(self.query_one(f"#option-{name}", RadioSet), name)

    @on(Button.Pressed, "#options-done")
    def action_close(self) -> None:
        self.dismiss(self._settings)
