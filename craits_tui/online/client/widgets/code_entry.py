"""The lobby's table-code row: a code typed anywhere in the lobby lands in its
field, even one whose first letter is a key of the lobby."""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.message import Message
from textual.reactive import reactive
from textual.timer import Timer
from textual.widgets import Input, Label

from ....i18n import _
from ....names import clean_name

CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""The letters of the server's table codes: none that reads like another (0/O, 1/I)."""

CODE_LENGTH = 4
"""Letters in a table code."""

KEY_WAIT = 1.0
"""Seconds a lobby key that may be a code's first letter waits before it acts:
the rest of a code typed within them makes it the code's letter instead."""

ON_ENTER_ONLY = frozenset({"app.quit", "quit"})
"""Actions a held key runs on Enter only, never by itself: ending the session
cannot be taken back, and a code's first letter must never end it."""


@dataclasses.dataclass(frozen=True)
class HeldKey:
    """A key of the lobby held back, its letter in the field: the first letter of
    a code, or the key, as what comes next says."""

    letter: str
    action: str
    """The key's action, for the lobby to run when the key is due."""
    words: str
    """What the key does, as its footer says."""
    on_enter: bool
    """Due on Enter only (`ON_ENTER_ONLY`), not after `KEY_WAIT` seconds too."""

    @classmethod
    def of(cls, letter: str, binding: Binding) -> HeldKey:
        """The key ``binding`` binds, held back with its ``letter`` in the field."""
        words = _(binding.description)  # marked where the key is declared
        return cls(letter, binding.action, words, binding.action in ON_ENTER_ONLY)


class CodeEntry(Horizontal):
    """The lobby's row for a table's code: its label, its field, and a hint that
    says what Enter does.

    The lobby hands it each letter or digit typed while the field does not have
    the focus (`take`): it starts a code in the field, which takes the focus for
    the rest. A key of the lobby that may be a code's first letter (``m`` for a
    quick match: M is a code's letter) is held back instead (`held`): its letter
    shows in the field, and unless more of a code follows the key is due after
    `KEY_WAIT` seconds or on Enter (the ones in `ON_ENTER_ONLY` on Enter only).
    When it is due, or on Escape, the field is emptied and `KeysBack` tells the
    lobby that its keys are its own again."""

    DEFAULT_CSS = """
    CodeEntry {
        height: 1;
        padding: 0 2;
    }
    CodeEntry #lobby-code-label {
        width: auto;
        margin-right: 1;
        text-style: bold;
    }
    CodeEntry #lobby-code {
        width: 14;
        margin-right: 2;
        background: $boost;
    }
    CodeEntry #lobby-code:focus {
        background: $accent 30%;
    }
    CodeEntry #lobby-code-hint {
        width: 1fr;
        color: $text-muted;
    }
    CodeEntry.-held #lobby-code-hint {
        color: $text;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "clear", show=False)]

    held: reactive[HeldKey | None] = reactive(None, init=False)
    """The lobby key held back, its letter alone in the field; None: none is."""

    class KeysBack(Message):
        """The field gives the lobby its keys back: ``action`` is the held key's,
        due now, for the lobby to run (None: the field was cleared with Escape)."""

        def __init__(self, action: str | None) -> None:
            super().__init__()
            self.action = action

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._timer: Timer | None = None
        self._lead: str | None = None
        """The letter of a held key that a code went on from: the key, not the
        code's, when the code is one letter too long."""

    def compose(self) -> ComposeResult:
        yield Label(_("Table code"), id="lobby-code-label")
        yield Input(
            placeholder=_("4 letters"),
            max_length=16,
            compact=True,
            # Not selected: the letter the field was given is the code's first.
            select_on_focus=False,
            id="lobby-code",
        )
        yield Label(_("Enter joins it."), id="lobby-code-hint", markup=False)

    @property
    def code(self) -> str:
        """The code typed, without spaces. One letter too long after a held key
        (as after ``c``, the lobby's key to the field): the key's letter is not
        the code's."""
        typed = clean_name(self.query_one(Input).value).replace(" ", "")
        lead = self._lead
        if lead is not None and len(typed) == CODE_LENGTH + 1 and typed[0].casefold() == lead:
            return typed[1:]
        return typed

    def take(self, character: str | None, binding: Binding | None) -> bool:
        """A key typed while the field does not have the focus, ``binding`` the
        lobby's own for it, if any: True when the field took it."""
        if character is None or not (character.isascii() and character.isalnum()):
            return False
        field = self.query_one(Input)
        if binding is not None and not field.value:
            if character.upper() not in CODE_LETTERS:
                return False  # no code begins with it: the key acts at once
            self._type(character)
            self.held = HeldKey.of(character.casefold(), binding)
        else:
            self._type(character)  # a code begun, or going on
        return True

    def open(self) -> None:
        """The focus to the field, for a code to be typed there."""
        # At once, not after the keys queued (`focus()` waits for them): the code's
        # next letter goes to the field, not to the table list.
        self.app.set_focus(self.query_one(Input))

    def _type(self, character: str) -> None:
        field = self.query_one(Input)
        if len(field.value) < (field.max_length or len(field.value) + 1):
            field.value += character
            field.cursor_position = len(field.value)
        self.open()

    def watch_held(self, held: HeldKey | None) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        if held is not None and not held.on_enter:
            self._timer = self.set_timer(KEY_WAIT, self._due)
        self.set_class(held is not None, "-held")
        if held is None:
            hint = _("Enter joins it.")
        elif held.on_enter:
            hint = _("Enter: {action}, or go on typing a code.").format(action=held.words)
        else:
            hint = _("{action} in a moment, or go on typing a code.").format(action=held.words)
        self.query_one("#lobby-code-hint", Label).update(hint)

    def _due(self) -> None:
        """The held key acts: the field is the lobby's no more (and if the lobby
        is no longer shown, the key is dropped)."""
        held = self.held
        if held is None:
            return
        self._clear()
        if self.screen.is_active:
            self.post_message(self.KeysBack(held.action))

    def _clear(self) -> None:
        self.held = None
        self._lead = None
        self.query_one(Input).value = ""

    def action_clear(self) -> None:
        """Escape: the field emptied, a held key dropped, the keys the lobby's again."""
        self._clear()
        self.post_message(self.KeysBack(None))

    @on(Input.Changed)
    def _changed(self, event: Input.Changed) -> None:
        held = self.held
        if held is not None and event.value.casefold() != held.letter:
            # More than the key's letter: a code, which the letter begins (or the
            # letter taken back).
            self._lead = held.letter if event.value.casefold().startswith(held.letter) else None
            self.held = None
        elif not event.value:
            self._lead = None

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        if self.held is not None:  # a lone letter is no code: the key, at once
            event.stop()
            self._due()
