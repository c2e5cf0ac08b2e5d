"""Names that reach other players' screens: cleaned, bounded and unique at a table.

A player's name (their SSH user name) and a table's name are typed by one person
and drawn on everyone else's terminal. Left as typed, a name could carry escape
sequences that move the cursor, retitle the window, rewrite the clipboard or hide
text, or bidi overrides that make it read backwards. So every name is cleaned here
once, when it enters the server, and only cleaned names are ever sent.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

NAME_LENGTH = 16
"""The longest player name, in characters."""

TABLE_NAME_LENGTH = 24
"""The longest table name, in characters."""

# Escape sequences as terminals parse them, 7-bit and 8-bit forms alike, so the
# whole sequence goes (not just its ESC, which would leave "[2J" behind):
# - CSI: ESC [ (or 0x9B), parameters and intermediates, one final byte;
# - OSC, DCS, SOS, PM, APC: ESC ] P X ^ _ (or 0x9D 0x90 0x98 0x9E 0x9F) up to
#   BEL or ST (ESC \ or 0x9C); an unterminated string runs to the end of the text;
# - any other ESC and the one character after it.
_SEQUENCES = re.compile(
    r"""
      (?:\x1b\[|\x9b) [\x20-\x3f]* [\x40-\x7e]?
    | (?:\x1b[\]PX^_]|[\x9d\x90\x98\x9e\x9f]) .*? (?:\x07|\x1b\\|\x9c|$)
    | \x1b .?
    """,
    re.VERBOSE | re.DOTALL,
)

_BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""Marks, embeddings, overrides and isolates: they reorder the text around them."""

_KEPT_FORMAT = frozenset("\u200d")
"""Format characters kept: the zero-width joiner holds emoji sequences together."""

_MAX_MARKS = 2
"""Combining marks kept on one character: enough for any script, too few to smear
a name over the lines above and below it."""


def clean_text(text: str, limit: int) -> str:
    """``text`` with nothing a terminal would act on, at most ``limit`` characters.

    Drops escape sequences (whole), C0 and C1 controls, bidi controls, line and
    paragraph separators and other invisible format characters, and piles of
    combining marks; turns any run of spaces into one space. Printable characters
    of every script stay. The result may be empty.
    """
    text = _SEQUENCES.sub("", text)
    text = unicodedata.normalize("NFC", text)
    kept: list[str] = []
    marks = 0
    for char in text:
        category = unicodedata.category(char)
        if category.startswith("Z"):
            # Any space, and the line and paragraph separators, becomes one space.
            if kept and kept[-1] != " ":
                kept.append(" ")
            marks = 0
            continue
        if category in ("Cc", "Cs", "Cn") or char in _BIDI:
            continue
        if category == "Cf" and char not in _KEPT_FORMAT:
            continue
        if category.startswith("M"):
            marks += 1
            if marks > _MAX_MARKS or not kept or kept[-1] == " ":
                continue
        else:
            marks = 0
        kept.append(char)
    cleaned = "".join(kept).strip()
    return _cut(cleaned, limit)


def _cut(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters, without a dangling joiner or space."""
    text = text[:limit]
    return text.rstrip(" \u200d")


def clean_name(text: str, default: str = "Player") -> str:
    """A player's name as others will see it (``default`` when nothing is left)."""
    return clean_text(text, NAME_LENGTH) or default


def clean_table_name(text: str, default: str) -> str:
    """A table's name as others will see it (``default`` when nothing is left)."""
    return clean_text(text, TABLE_NAME_LENGTH) or clean_text(default, TABLE_NAME_LENGTH)


def unique_name(name: str, taken: Iterable[str], limit: int = NAME_LENGTH) -> str:
    """``name``, or ``name`` with a number appended ("Ann 2"), unlike every name in
    ``taken``. Names differing only in case count as the same: on a screen they
    are too easily mistaken for each other."""
    used = {other.casefold() for other in taken}
    if name.casefold() not in used:
        return name
    number = 2
    while True:
        suffix = f" {number}"
        candidate = _cut(name[: limit - len(suffix)], limit) + suffix
        if candidate.casefold() not in used:
            return candidate
        number += 1
