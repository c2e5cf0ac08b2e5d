"""How this side draws the emotes of the protocol (`protocol.EMOTES`).

The server sends an emote by its name alone; each session draws it its own way:
a picture (an emoji) and a few words, or, under the ASCII setting, an emoticon
made of letters. Every emote's look is here, once. No Textual here.

The emoji are ones terminals draw two cells wide (Emoji_Presentation, no
variation selector), so a line's width is the same on every terminal that
knows them; `rich.cells.cell_len` measures them so.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from ...i18n import N_, _
from ...names import clean_text


@dataclasses.dataclass(frozen=True, slots=True)
class EmoteLook:
    """One emote as this side draws it."""

    glyph: str
    """Its picture: an emoji two cells wide."""
    ascii: str
    """Its picture in letters, for the ASCII setting."""
    words: str
    """What the sender does, after their name ("waves"): marked for translation."""
    label: str
    """Its name in the emote picker ("Wave"): marked for translation."""

    def picture(self, ascii: bool = False) -> str:
        return self.ascii if ascii else self.glyph


LOOKS: Mapping[str, EmoteLook] = {
    "wave": EmoteLook("👋", "o/", N_("waves"), N_("Wave")),
    "gg": EmoteLook("🤝", "GG", N_("says good game"), N_("Good game")),
    "nice": EmoteLook("👍", "+1", N_("says nice one"), N_("Nice one")),
    "laugh": EmoteLook("😂", "XD", N_("laughs"), N_("Laugh")),
    "wow": EmoteLook("😮", ":O", N_("is amazed"), N_("Wow")),
    "oops": EmoteLook("😅", "^^;", N_("says oops"), N_("Oops")),
    "thinking": EmoteLook("🤔", "(?)", N_("is thinking"), N_("Thinking")),
    "thanks": EmoteLook("🙏", "^_^", N_("says thanks"), N_("Thanks")),
}
"""Every emote of `protocol.EMOTES`, by name, in the protocol's order (the
picker's)."""

_UNKNOWN_WIDTH = 20
"""The most of an emote's name told, for one this side does not know yet."""


def emote_picture(name: str, ascii: bool = False) -> str:
    """The emote's picture: its emoji, or its letters under ``ascii``."""
    look = LOOKS.get(name)
    return look.picture(ascii) if look is not None else "*"


def emote_words(name: str) -> str:
    """What the sender of the emote does ("waves"), in the player's language; an
    emote a newer server knows and this side does not is told by its name."""
    look = LOOKS.get(name)
    if look is not None:
        return _(look.words)
    return clean_text(name, _UNKNOWN_WIDTH) or "?"


def emote_text(name: str, ascii: bool = False) -> str:
    """The emote as a chat line says it, after the sender's name ("👋 waves")."""
    return f"{emote_picture(name, ascii)} {emote_words(name)}"


def emote_label(name: str) -> str:
    """The emote's name in the picker ("Wave"), in the player's language."""
    look = LOOKS.get(name)
    return _(look.label) if look is not None else emote_words(name)
