"""Player names on this machine: cleaning what is typed, and the names offered."""

from __future__ import annotations

import getpass
import unicodedata

from .i18n import _

MAX_NAME = 16
"""Longest player name: longer ones would not fit the seat badges at the table."""

BOT_NAMES = ("Ada", "Bob", "Cy", "Di", "Ed")


def without_controls(text: str) -> str:
    """``text`` without control and formatting characters (they would upset the
    terminal)."""
    return "".join(ch for ch in text if not unicodedata.category(ch).startswith("C"))


def clean_name(text: str) -> str:
    """``text`` as a player name: `without_controls`, runs of spaces made one, no
    spaces at either end."""
    return " ".join(without_controls(text).split())


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
