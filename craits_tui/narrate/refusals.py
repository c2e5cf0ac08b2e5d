"""Why a move was refused, in the player's language: the one place a refusal's
code becomes words, for the local and the online game alike."""

from __future__ import annotations

from collections.abc import Sequence

from craits_core import IllegalMove, PlayerView, Refusal, Suit

from ..faces import suit_name
from ..i18n import _, ngettext
from .status import other_options


def refusal_words(err: IllegalMove, view: PlayerView | None, players: Sequence[str]) -> str:
    """Why ``err``'s move was refused, from its code and values (the engine's own
    English sentence for a code not known here). ``view``: where the player stands,
    for what they could play instead."""
    p = err.params
    target = players[p["target"]] if isinstance(p.get("target"), int) else None
    match err.code:
        case Refusal.MUST_FOLLOW if view is not None and view.top_card is not None:
            return _("You must follow {suit} or play {options}.").format(
                suit=suit_name(Suit(p["suit"])), options=_(" or ").join(other_options(view))
            )
        case Refusal.NOT_YOUR_TURN if isinstance(p.get("current"), int):
            return _("It is {who}'s turn, not yours.").format(who=players[p["current"]])
        case Refusal.CRANK_ANSWER:
            return _("The crank is at {n}: you must play an ace or a 2.").format(n=p["count"])
        case Refusal.CRANK_DRAW:
            return _("The crank is at {n} and you hold no ace or 2: draw {n}.").format(n=p["count"])
        case Refusal.ALREADY_ANNOUNCED:
            if target:
                return _("Nobody to call: {who} announced their last card.").format(who=target)
            return _("You already announced your last card.")
        case Refusal.NO_WINDOW:
            if target:
                return _("Nobody to call: {who} did not just play down to one card.").format(
                    who=target
                )
            return _("Nothing to announce: you did not just play down to one card.")
        case Refusal.NOT_LAST_CARD:
            if target:
                return ngettext(
                    "Wrong call: {who} holds {n} card, not one.",
                    "Wrong call: {who} holds {n} cards, not one.",
                    p["cards"],
                ).format(who=target, n=p["cards"])
            return _("You can say “Last card!” only when a play leaves you one card.")
    fixed = {
        Refusal.MUST_PLAY: _("You have a card you can play, so you may not draw."),
        Refusal.CHOOSE_SUIT_FIRST: _("First decide the suit of the starter."),
        Refusal.SUIT_REQUIRED: _("Name a suit for your 8."),
        Refusal.NINE_SUIT: _("A 9 keeps its suit or switches to its colour mate."),
        Refusal.STARTER_SUIT: _("That suit is not a choice for this starter."),
        Refusal.NO_SUIT: _("Only an 8 or a 9 names a suit."),
        Refusal.CALL_SELF: _("You cannot call yourself an idiot."),
        Refusal.GAME_OVER: _("The game is over."),
        Refusal.NO_TURN: _("Nobody can play right now."),
        Refusal.NOT_IN_HAND: _("You don't hold that card."),
    }
    return fixed.get(err.code, str(err))  # type: ignore[call-overload]
