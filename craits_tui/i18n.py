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


_NAMES = {"en": "English", "it": "Italiano", "tl": "Tagalog", "eo": "Esperanto"}
"""Languages by their own names, as a speaker looks for them in a list."""


def languages() -> dict[str, str]:
    """The languages the interface can speak: English and each catalog shipped, code
    to the language's own name."""
    found = sorted(
        path.parent.parent.name for path in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.mo")
    )
    return {code: _NAMES.get(code, code) for code in ["en", *found]}


def current_language() -> str:
    """The code of the language the interface speaks now ("en" when no catalog)."""
    language = _translation.info().get("language", "") or "en"
    return language.split("_")[0].lower()


def _(message: str) -> str:
    """The translation of ``message``."""
    return _translation.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The translation of ``singular``/``plural`` for the number ``n``."""
    return _translation.ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Mark ``message`` for translation where it is defined; translate it where shown."""
    return message
