"""Names that look alike: the skeletons of Unicode's UTS #39 (Security Mechanisms).

Two strings are confusable when they have the same *skeleton*: each character
replaced by the prototype it is drawn like ("ɑ" by "a", a capital "I" or the
click "ǀ" by "l", a dotless "ı" by "i", a Cyrillic "С" by "C"), between two
canonical decompositions. The table is Unicode's own ``confusables.txt``,
shipped in the package (``craits_tui/unicode``) and read the first time a
skeleton is asked for.
"""

from __future__ import annotations

import unicodedata
from functools import cache
from importlib.resources import files


def skeleton(text: str) -> str:
    """The UTS #39 skeleton of ``text``: NFD, each character mapped to its
    prototype, NFD again. Equal skeletons: strings drawn alike."""
    table = _prototypes()
    decomposed = unicodedata.normalize("NFD", text)
    return unicodedata.normalize("NFD", "".join(table.get(c, c) for c in decomposed))


@cache
def _prototypes() -> dict[str, str]:
    """The prototype of each confusable character, from ``confusables.txt``."""
    text = files("craits_tui").joinpath("unicode/confusables.txt").read_text(encoding="utf-8")
    table: dict[str, str] = {}
    for line in text.splitlines():
        data = line.split("#", 1)[0].strip()
        if not data:
            continue
        source, target, *_ = (field.strip() for field in data.split(";"))
        table[chr(int(source, 16))] = "".join(chr(int(cp, 16)) for cp in target.split())
    return table
