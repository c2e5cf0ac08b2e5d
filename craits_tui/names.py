"""Names that reach a screen: players' and tables', cleaned, measured and told apart.

A name is typed by one person and drawn on everyone's terminal (over SSH, on other
people's). Left as typed, a name could carry escape sequences that move the
cursor, retitle the window or rewrite the clipboard, bidi overrides that make it
read backwards, or characters that draw nothing at all (U+3164 looks like an empty
name). So names are cleaned here, once, as they come in; they are measured in
terminal cells, as they are drawn; and two names count as the same when they
would read the same: after Unicode normalisation, case folding and Unicode's own
table of characters drawn alike (`lookalikes`: "ɑlice", "aIice" and "alice").
A player's name on a server may not mix alphabets ("аlice" with a Cyrillic "а"
beside "alice"): see `name_problem`.
"""

from __future__ import annotations

import getpass
import re
import unicodedata
from collections.abc import Iterable
from functools import lru_cache

import regex
from rich.cells import cell_len

from .i18n import _
from .lookalikes import skeleton

MAX_NAME = 16
"""Longest player name, in terminal cells: longer ones would not fit the badges."""

MAX_TABLE_NAME = 24
"""Longest table name, in terminal cells."""

BOT_NAMES = ("Ada", "Bob", "Cy", "Di", "Ed")

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

_INVISIBLE = regex.compile(r"[\p{Default_Ignorable_Code_Point}\u2800]")
"""Characters that draw nothing: format characters, fillers (U+3164, U+115F),
variation selectors, the blank braille pattern."""

_KEPT = frozenset("\u200d\ufe0f")
"""Invisible characters kept: the zero-width joiner and the emoji presentation
selector hold emoji sequences together."""

_MAX_MARKS = 2
"""Combining marks kept on one character: enough for any script, too few to smear
a name over the lines above and below it."""


def clean_text(text: str, cells: int | None = None) -> str:
    """``text`` with nothing a terminal would act on, and nothing that draws
    nothing; at most ``cells`` terminal cells wide when given.

    Drops escape sequences (whole), control characters, bidi controls and other
    invisible characters, and piles of combining marks; turns any run of spaces
    (and line separators) into one space. Printable characters of every script
    stay. The result may be empty.
    """
    text = unicodedata.normalize("NFC", _SEQUENCES.sub("", text))
    kept: list[str] = []
    marks = 0
    for char in text:
        category = unicodedata.category(char)
        if category.startswith("Z"):
            if kept and kept[-1] != " ":
                kept.append(" ")
            marks = 0
            continue
        if category in ("Cc", "Cs", "Cn", "Co"):
            continue
        if char not in _KEPT and (category == "Cf" or _INVISIBLE.match(char)):
            continue
        if category.startswith("M"):
            marks += 1
            if marks > _MAX_MARKS or not kept or kept[-1] == " ":
                continue
        else:
            marks = 0
        kept.append(char)
    cleaned = "".join(kept).strip(" \u200d\ufe0f")
    return cut(cleaned, cells) if cells is not None else cleaned


def clean_name(text: str) -> str:
    """``text`` as a player name: `clean_text`, not yet cut to `MAX_NAME`."""
    return clean_text(text)


def without_controls(text: str) -> str:
    """``text`` without control and formatting characters, spaces kept as typed
    (for a name still being typed)."""
    return "".join(ch for ch in text if not unicodedata.category(ch).startswith("C"))


def cut(text: str, cells: int) -> str:
    """``text`` cut to at most ``cells`` terminal cells, without splitting a
    character from its marks, and without a dangling joiner or space."""
    width = 0
    end = 0
    for i, char in enumerate(text):
        width += cell_len(char)
        if width > cells:
            break
        end = i + 1
    else:
        return text
    # Marks and joiners belong to the character before them.
    while end and unicodedata.category(text[end - 1]).startswith("M"):
        end -= 1
    return text[:end].rstrip(" \u200d\ufe0f")


def width(text: str) -> int:
    """How many terminal cells ``text`` takes."""
    return cell_len(text)


def _folded(text: str) -> str:
    """``text`` with compatibility forms and case folded ("Ａｎｎ" and "ANN": "ann")."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", text).casefold())


@lru_cache(maxsize=4096)
def name_key(name: str) -> str:
    """What a player known by name alone is known by: the UTS #39 skeleton of the
    name, case folded ("Ａｎｎ", "ann" and a Cyrillic "аnn" are one name)."""
    return skeleton(_folded(name))


@lru_cache(maxsize=4096)
def name_keys(name: str) -> frozenset[str]:
    """What two names are told apart by: names that share a key read the same.

    The skeleton of the name case folded (`name_key`: "ALICE" is "alice", and so
    is "ɑlice"), and the name's own skeleton case folded, since folding the case
    first would hide a lookalike that is only one in its case: a capital "I" is
    drawn as an "l", so "aIice" reads "alice" though "aiice" does not."""
    return frozenset({name_key(name), skeleton(_folded(skeleton(name)))})


def same_name(one: str, other: str) -> bool:
    """Whether two names read the same (they share one of their `name_keys`)."""
    return not name_keys(one).isdisjoint(name_keys(other))


def unique_name(name: str, taken: Iterable[str], cells: int = MAX_NAME) -> str:
    """``name``, or ``name`` with a number appended ("Ann 2"), unlike every name in
    ``taken`` (by `name_keys`), within ``cells`` cells."""
    used = {key for other in taken for key in name_keys(other)}
    if used.isdisjoint(name_keys(name)):
        return name
    number = 2
    while True:
        suffix = f" {number}"
        candidate = cut(name, cells - len(suffix)) + suffix
        if used.isdisjoint(name_keys(candidate)):
            return candidate
        number += 1


# --- Alphabets ------------------------------------------------------------------------

_SCRIPTS = [
    "Latin",
    "Greek",
    "Cyrillic",
    "Armenian",
    "Georgian",
    "Hebrew",
    "Arabic",
    "Syriac",
    "Thaana",
    "Nko",
    "Devanagari",
    "Bengali",
    "Gurmukhi",
    "Gujarati",
    "Oriya",
    "Tamil",
    "Telugu",
    "Kannada",
    "Malayalam",
    "Sinhala",
    "Thai",
    "Lao",
    "Tibetan",
    "Myanmar",
    "Khmer",
    "Mongolian",
    "Ethiopic",
    "Cherokee",
    "Canadian_Aboriginal",
    "Hangul",
    "Hiragana",
    "Katakana",
    "Bopomofo",
    "Han",
    "Yi",
    "Tifinagh",
    "Coptic",
    "Glagolitic",
    "Runic",
    "Ogham",
    "Vai",
    "Javanese",
    "Balinese",
    "Sundanese",
    "Tai_Le",
    "Lisu",
    "Osage",
    "Adlam",
]
_SCRIPT_PATTERNS = {name: regex.compile(rf"\p{{Script_Extensions={name}}}") for name in _SCRIPTS}
_COMMON = regex.compile(r"[\p{Script=Common}\p{Script=Inherited}]")

# Scripts written together (UTS #39): Japanese mixes Han with kana, Korean Han with
# Hangul, Chinese Han with Bopomofo.
_WRITTEN_WITH = {
    "Han": {"Jpan", "Kore", "Hanb"},
    "Hiragana": {"Jpan"},
    "Katakana": {"Jpan"},
    "Hangul": {"Kore"},
    "Bopomofo": {"Hanb"},
}


def _scripts(char: str) -> frozenset[str] | None:
    """The scripts ``char`` is written in (with the writing systems that combine
    them); None for a character every script shares (digits, punctuation, marks)."""
    if _COMMON.match(char):
        return None
    found = {name for name, pattern in _SCRIPT_PATTERNS.items() if pattern.match(char)}
    if not found:
        found = {unicodedata.name(char, "?").split(" ")[0].title()}
    for name in list(found):
        found |= _WRITTEN_WITH.get(name, set())
    return frozenset(found)


def mixed_scripts(text: str) -> list[str]:
    """The alphabets ``text`` mixes, if it mixes some that are not written together
    (an empty list if it does not). Latin may go with Japanese, Chinese or Korean."""
    sets = [s for s in map(_scripts, text) if s is not None]
    if not sets:
        return []
    common = frozenset.intersection(*sets)
    if common:
        return []
    others = [s for s in sets if "Latin" not in s]
    if others and frozenset.intersection(*others) & {"Jpan", "Kore", "Hanb"}:
        return []  # Latin with one East Asian writing system: "Ann太郎"
    return sorted({name for s in sets for name in s if name not in ("Jpan", "Kore", "Hanb")})


def name_problem(name: str) -> str | None:
    """Why ``name`` (cleaned) cannot be a player's name on a server, in a sentence
    for the player; None when it can."""
    if not name:
        return "Your name shows nothing on a screen: connect with a name of letters or digits (ssh NAME@host)."
    scripts = mixed_scripts(name)
    if scripts:
        return (
            f"Your name mixes alphabets ({' and '.join(scripts)}) that can look like another "
            "name: connect with a name in one alphabet (ssh NAME@host)."
        )
    return None


def own_name() -> str:
    """The player's name as the system knows it (capitalised when all lowercase,
    as login names usually are), or "You"."""
    try:
        user = clean_text(getpass.getuser(), MAX_NAME)
    except (OSError, KeyError, ImportError):  # no login name (e.g. an unknown uid)
        user = ""
    if not user:
        return _("You")
    return user.capitalize() if user.islower() else user
