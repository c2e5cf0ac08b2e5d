"""Small words shared by the narration and the menus: a rank with its article,
a game's rules in brief, and what went wrong with the save file."""

from __future__ import annotations

from craits_core import Rank, RuleSet, StoreError

from ..i18n import _


def rank_with_article(rank: Rank) -> str:
    """A rank with its article: "a J", "an A"."""
    if rank in (Rank.ACE, Rank.EIGHT):
        return _("an {rank}").format(rank=rank.label)
    if rank is Rank.QUEEN:
        # Translators: the queen apart from the other ranks, for languages where
        # her article differs ("una Q" in Italian, "un J" for the others).
        return _("a {queen}").format(queen=rank.label)
    return _("a {rank}").format(rank=rank.label)


def describe_rules(rules: RuleSet) -> str:
    """The game's length and its variants, in a few words."""
    parts = [_("short game") if rules.short_game else _("full game")]
    for on_, name in (
        (rules.colour_matching, _("colour matching")),
        (rules.voluntary_draw, _("voluntary draw")),
        (rules.seven_skips, _("seven skips")),
        (rules.wild_nine, _("wild nine")),
    ):
        if on_:
            parts.append(name)
    return ", ".join(parts)


def store_problem(err: StoreError) -> str:
    """What went wrong with the save file, in the player's language (from the
    error's code and values; the engine's English for one not known here)."""
    p = err.params
    template = {
        "not-sqlite": _("{path} is not a Craits save file (it is not a SQLite database)."),
        "foreign": _("{path} is not a Craits save file (it belongs to another program)."),
        "cut-short": _("{path} is damaged: it is cut short."),
        "damaged": _("{path} is damaged ({detail})."),
        "old-tables": _("{path} is damaged: its tables are not those of a Craits save file."),
        "newer": _(
            "{path} was written by a newer version of Craits (save format {version}; "
            "this version reads format {readable})."
        ),
        "unreadable": _("{path} cannot be read ({detail})."),
        "no-folder": _("The folder of {path} cannot be created ({detail})."),
        "busy": _("Another program is using {path}."),
        "cannot-open": _("{path} cannot be opened ({detail})."),
        "unwritable": _("{path} cannot be written to ({detail})."),
        "in-use": _("This game is open in another window. Play it there, or quit it there first."),
        "unknown-game": _("There is no saved game {game} in {path}."),
        "game-damaged": _("Saved game {game} in {path} is damaged ({detail})."),
        "gone": _("Game {game} is no longer in {path}: it was deleted."),
        "changed-elsewhere": _(
            "Game {game} was played on elsewhere (in another window?). Resume it again "
            "to carry on from there."
        ),
    }.get(err.code)
    if template is not None:
        return template.format(**p)
    text = str(err)  # a sentence, as the others are
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")
