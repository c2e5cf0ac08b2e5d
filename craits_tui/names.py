"""Player names on this machine: cleaning what is typed, and the names offered."""

from __future__ import annotations

import getpass
import unicodedata

from .i18n import _

MAX_NAME = 16
"""Longest player name: longer ones would not fit the seat badges at the table."""

BOT_NAMES = ("Ada", "Bob", "Cy", "Di", "Ed")


def clean_name(text: str) -> str:
    """``text`` as a player name: control and formatting characters removed (they
    would upset the terminal), runs of spaces made one, no spaces at either end."""
    kept = "".join(ch for ch in text if not unicodedata.category(ch).startswith("C"))
    return " ".join(kept.split())


def own_name() -> str:
    """The player's name as the system knows it (capitalised when all lowercase,
    as login names usually are), or "You"."""
    try:
        user = clean_name(getpass.getuser())[:MAX_NAME]
    except (OSError, KeyError, ImportError):  # no login name (e.g. an unknown uid)
        user = ""
    if not user:
        return _("You")
    return user.capitalize() if user.islower() else user
