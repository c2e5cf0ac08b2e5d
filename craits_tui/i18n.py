"""Translation: every string a player reads goes through `_` (or `ngettext`).

English is the source language. Another language is a gettext catalog under
``locale/<lang>/LC_MESSAGES/craits.mo``; nothing else changes. The language follows
the usual environment (LANGUAGE, LC_ALL, LC_MESSAGES, LANG) or ``--lang``.
"""

from __future__ import annotations

import gettext
from pathlib import Path

DOMAIN = "craits"
LOCALE_DIR = Path(__file__).parent / "locale"

_translation: gettext.NullTranslations = gettext.translation(DOMAIN, LOCALE_DIR, fallback=True)


def use_language(language: str | None) -> None:
    """Switch to ``language`` (e.g. "it"), or back to the environment's choice."""
    global _translation
    languages = [language] if language else None
    _translation = gettext.translation(DOMAIN, LOCALE_DIR, languages=languages, fallback=True)


def _(message: str) -> str:
    """The translation of ``message``."""
    return _translation.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The translation of ``singular``/``plural`` for the number ``n``."""
    return _translation.ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Mark ``message`` for translation where it is defined; translate it where shown."""
    return message
