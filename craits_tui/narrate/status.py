"""The status line: what the player can do now, or whose turn it is."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from craits_core import Announce, CallIdiot, Command, Draw, Play, PlayerView, Rank

from ..faces import suit_name
from ..i18n import _, ngettext
from .words import rank_with_article

if TYPE_CHECKING:
    from .narrator import Narrator


def status_line(
    n: Narrator, view: PlayerView, moves: Sequence[Command], *, hand_shown: bool = False
) -> str:
    """One line saying what the player can do now, or whose turn it is.
    ``hand_shown``: the hand below is that of the player to move (watching bots)."""
    if view.is_over:
        return _("The game is over.")
    current = view.current_player
    calls = [m for m in moves if isinstance(m, CallIdiot)]
    if calls:
        return _("{who} is on one card and said nothing: call “Idiot!” (i)").format(
            who=n.players[calls[0].target]
        )
    if any(isinstance(m, Announce) for m in moves) and current != n.seat:
        return _("You are on one card: say “Last card!” (l) before anyone moves.")
    if current is None:
        return ""
    if current != n.seat:
        who = n.players[current]
        if view.crank:
            template = (
                _("{who} must answer a crank of {n}, holding:")
                if hand_shown
                else _("{who}'s turn: the crank is at {n}.")
            )
            return template.format(who=who, n=view.crank)
        template = _("{who} to play, holding:") if hand_shown else _("{who}'s turn.")
        return template.format(who=who)
    return _my_turn(n, view, moves)


def _my_turn(n: Narrator, view: PlayerView, moves: Sequence[Command]) -> str:
    top = view.top_card
    assert top is not None and view.active_suit is not None
    if view.choosing_suit:
        if top.rank is Rank.EIGHT:
            return _("The starter is an 8: name any suit.")
        return _("The starter is a 9: keep {suit} or switch to {mate}.").format(
            suit=suit_name(top.suit), mate=suit_name(top.suit.mate)
        )
    plays = [m for m in moves if isinstance(m, Play)]
    can_draw = any(isinstance(m, Draw) for m in moves)
    if view.crank:
        if plays:
            return _("Crank at {n}: play an A or a 2 (you must).").format(n=view.crank)
        return _("Crank at {n}: you hold no A or 2, draw {n} (d or Enter).").format(n=view.crank)
    if not plays:
        return _("Your turn: nothing to play, draw a card (d or Enter).")
    text = _("Your turn: follow {suit} or play {options}.").format(
        suit=n.look.glyph(view.active_suit), options=_(" or ").join(other_options(view))
    )
    if can_draw:
        text += _(" You may also draw (d).")
    return text


def other_options(view: PlayerView) -> list[str]:
    """What else than the suit may be played on the top card: "a J", "an 8", "a 9"."""
    top = view.top_card
    assert top is not None
    wild_nine = view.rules.wild_nine
    options = []
    if top.rank is not Rank.EIGHT and not (top.rank is Rank.NINE and wild_nine):
        options.append(rank_with_article(top.rank))
    options.append(_("an 8"))
    if wild_nine:
        options.append(_("a 9"))
    return options


def crank_facing(view: PlayerView) -> str:
    """Who must answer the crank, in words ("" when nobody): "you" when it is the
    seat the view is of."""
    facing = view.current_player
    if facing is None or not view.crank:
        return ""
    if facing == view.seat:
        return _("you must answer")
    return _("{who} must answer").format(who=view.players[facing])


def round_words(view: PlayerView) -> str:
    """Where the game stands, for a title: "round 6 of 15 · 3 cards each"."""
    return ngettext(
        "round {n} of {total} · {size} card each",
        "round {n} of {total} · {size} cards each",
        view.hand_size,
    ).format(n=view.round_number, total=view.rounds, size=view.hand_size)
