"""Advice: a move as a hint words it, and a bot's reason for it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from craits_core import Announce, CallIdiot, ChooseSuit, Command, Draw, Play, Rank

from ..faces import CardLook, suit_name
from ..i18n import _, ngettext

if TYPE_CHECKING:  # the bots load only when first needed
    from craits_core.bots.reasons import Reason

    from .narrator import Narrator


def advice(n: Narrator, move: Command, crank: int = 0) -> str:
    """A move as advice: "Play 7♠", "Play 8♣ and name hearts", "Draw 4 cards (d)"
    (``crank``: the count a draw takes), with a reminder to say "Last card!" when
    the play leaves one card."""
    match move:
        case Play():
            return _play_advice(n.look, move)
        case Draw():
            # The key, because where drawing is a choice, Enter plays the chosen card.
            if crank:
                return ngettext("Draw {n} card (d)", "Draw {n} cards (d)", crank).format(n=crank)
            return _("Draw a card (d)")
        case ChooseSuit(suit=suit):
            return _("Choose {suit}").format(suit=suit_name(suit))
        case Announce():
            return _("Say “Last card!”")
        case CallIdiot(target=target):
            return _("Call {who} an idiot").format(who=n.players[target])
    return str(move)


def _play_advice(look: CardLook, move: Play) -> str:
    card = look.plain(move.card)
    rank = move.card.rank
    named = move.named_suit
    if named is not None and rank is Rank.EIGHT:
        text = _("Play {card} and name {suit}").format(card=card, suit=suit_name(named))
    elif named is not None:  # a 9 switched
        text = _("Play {card} and switch to {suit}").format(card=card, suit=suit_name(named))
    elif rank is Rank.NINE:  # the player is asked next: keep or switch
        text = _("Play {card} and keep {suit}").format(card=card, suit=suit_name(move.card.suit))
    else:
        text = _("Play {card}").format(card=card)
    if move.announce:  # the play leaves one card: forgetting to say so costs two
        text = _("{play}, and say “Last card!” (l)").format(play=text)
    return text


def bot_reason(look: CardLook, reason: Reason) -> str:
    """Why a bot would make a move (a hint's reason), in the player's language;
    the engine's English for a code not known here."""
    values = dict(reason.params)
    template = reason_template(reason.code, values.get("n", 0))
    if template is None:
        return str(reason)
    if "card" in values:
        values["card"] = look.plain(values["card"])
    if "suit" in values:
        values["suit"] = suit_name(values["suit"])
    return template.format(**values)


def reason_template(code: str, n: int) -> str | None:
    """The words for a bot's reason (see `craits_core.bots.reasons`), by its code;
    ``n`` chooses the plural. None for a code not known here."""
    if code == "name-suit":
        if n == 0:  # nothing to follow with, whichever suit (going out with an 8)
            return _("name {suit}")
        return ngettext(
            "name {suit}: you hold {n} card to follow with",
            "name {suit}: you hold {n} cards to follow with",
            n,
        )
    if code == "follow":
        return ngettext(
            "you can follow it with {n} more card", "you can follow it with {n} more cards", n
        )
    if code == "search-card":
        return ngettext(
            "on average {n} point fewer than the {card}, in {runs} simulated rounds",
            "on average {n} points fewer than the {card}, in {runs} simulated rounds",
            n,
        )
    if code == "search-draw":
        return ngettext(
            "on average {n} point fewer than drawing, in {runs} simulated rounds",
            "on average {n} points fewer than drawing, in {runs} simulated rounds",
            n,
        )
    if code == "no-handoff":
        return ngettext(
            "don't hand the turn to {name}, who holds {n} card",
            "don't hand the turn to {name}, who holds {n} cards",
            n,
        )
    return {
        "go-out": _("go out"),
        # What the hand's score drops by: not the card's face value when 3s are in it.
        "shed": _("get rid of the {card}: your hand scores {points} less"),
        "keep-three": _("keep the {card}: it cancels your worst card"),
        "keep-eight": _("keep the {card} for when nothing else fits"),
        "keep-for-crank": _("keep the {card} to answer a crank"),
        "start-crank": _("start a crank on {name}"),
        "crank-last-card": _("crank {name}, who holds one card"),
        "raise-crank": _("raise the crank to {count} on {name}"),
        "make-draw": _("make {name} draw"),
        "make-last-card-draw": _("make {name}, on one card, draw"),
        "not-followed": _("{name} could not follow {suit} before"),
        "play-again": _("the {card} lets you play again"),
        "stuck-again": _("nothing to follow the {card}: you would draw"),
        "last-card-fits": _("your last card, the {card}, will fit"),
        "draw": _("better than any card you could play"),
        "no-crank-answer": _("no ace or 2 to answer the crank"),
        "nothing-fits": _("nothing fits"),
        "only-card": _("the {card} is the only card that fits"),
        "call-idiot": _("{name} did not announce their last card: call idiot"),
        "announce": _("announce your last card"),
        "only-move": _("the only move"),
        "best-move": _("the best move"),
    }.get(code)
