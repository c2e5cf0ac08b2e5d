"""A log line for each event, told from one seat's side ("you" for that seat)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from craits_core import Card, DrawReason, Rank
from craits_core import events as ev

from ..faces import suit_name
from ..i18n import _, ngettext

if TYPE_CHECKING:
    from .narrator import Narrator


def log_line(n: Narrator, event: ev.Event) -> str | None:
    """One line for the log, or None for events that speak for themselves (a turn
    beginning, the crank ending)."""
    match event:
        case ev.GameStarted(players=players):
            return _("A new game: {players}.").format(players=", ".join(players))
        case ev.DealerChosen():
            return _dealer_chosen(n, event)
        case ev.RoundStarted():
            return _round_started(n, event)
        case ev.SuitAsked(player=player):
            return _("{who} must decide the starter's suit.").format(who=n.who(player))
        case ev.SuitChosen():
            return _suit_chosen(n, event)
        case ev.CardPlayed():
            return _card_played(n, event)
        case ev.LastCardAnnounced(player=player):
            return _("{who}: “Last card!”").format(who=n.who(player))
        case ev.CardsDrawn():
            return _cards_drawn(n, event)
        case ev.StockReshuffled(count=count):
            return ngettext(
                "The discard pile is shuffled into a new stock ({n} card).",
                "The discard pile is shuffled into a new stock ({n} cards).",
                count,
            ).format(n=count)
        case ev.CrankRaised(count=count):
            return _("The crank is at {n}!").format(n=count)
        case ev.DirectionReversed(direction=direction):
            if direction == 1:
                return _("Play now goes clockwise.")
            return _("Play now goes counter-clockwise.")
        case ev.PlayerSkipped(player=player):
            if player == n.seat:
                return _("You are skipped.")
            return _("{who} is skipped.").format(who=n.who(player))
        case ev.TurnLost(player=player):
            return _("{who} lost this turn (the idiot's penalty).").format(who=n.who(player))
        case ev.IdiotCalled(player=caller, target=target):
            if target == n.seat:  # "called You an idiot" would be wrong
                return _("{caller} called you an idiot: no “Last card!”").format(
                    caller=n.who(caller)
                )
            return _("{caller} called {target} an idiot: no “Last card!”").format(
                caller=n.who(caller), target=n.who(target)
            )
        case ev.RoundEnded():
            return _round_ended(n, event)
        case ev.GameEnded(winners=winners):
            return _game_ended(n, winners)
    return None


def _dealer_chosen(n: Narrator, e: ev.DealerChosen) -> str:
    if e.draws:
        seat, card = next((s, c) for s, c in e.draws[-1] if s == e.dealer)
        template = (
            _("You drew the lowest card ({card}) and deal first.")
            if seat == n.seat
            else _("{who} drew the lowest card ({card}) and deals first.")
        )
        return template.format(who=n.who(seat), card=n.card(card))
    if e.dealer == n.seat:
        return _("You deal first.")
    return _("{who} deals first.").format(who=n.who(e.dealer))


def _round_started(n: Narrator, e: ev.RoundStarted) -> str:
    starter = e.starter
    if starter is None and e.deck is not None:  # the full deal, as a replay has it
        starter = e.deck[len(n.players) * e.hand_size]
    assert starter is not None
    n.starter = starter
    template = (
        _("Round {n}: {size} each. You deal; the starter is {card}.")
        if e.dealer == n.seat
        else _("Round {n}: {size} each. {dealer} deals; the starter is {card}.")
    )
    return template.format(
        n=e.round_number,
        size=ngettext("{n} card", "{n} cards", e.hand_size).format(n=e.hand_size),
        dealer=n.who(e.dealer),
        card=n.card(starter),
    )


def _suit_chosen(n: Narrator, e: ev.SuitChosen) -> str:
    starter = n.starter
    if starter is None or starter.rank is not Rank.NINE:
        template = _("{who} chose {suit}.")
    elif e.suit is starter.suit:
        template = _("{who} kept {suit}.")
    else:
        template = _("{who} switched to {suit}.")
    return template.format(who=n.who(e.player), suit=suit_name(e.suit))


def _card_played(n: Narrator, e: ev.CardPlayed) -> str:
    card: Card = e.card
    line = _("{who} played {card}").format(who=n.who(e.player), card=n.card(card))
    named = e.named_suit
    if card.rank is Rank.EIGHT:
        return line + _(" and named {suit}.").format(suit=suit_name(e.suit))
    if named is not None:  # a 9 switched
        return line + _(" and switched to {suit}.").format(suit=suit_name(named))
    tail = {
        Rank.TWO: _(": crank!"),
        Rank.FOUR: _(": skip!"),
        Rank.SIX: _(": play again.") if e.player == n.seat else _(": plays again."),
        Rank.TEN: _(": reverse!"),
    }.get(card.rank, ".")
    return line + tail


def _cards_drawn(n: Narrator, e: ev.CardsDrawn) -> str:
    who = n.who(e.player)
    if e.count == 0:
        return _("{who}: nothing left to draw, pass.").format(who=who)
    if e.player == n.seat and e.cards:
        what = n.cards(e.cards)
    else:
        what = ngettext("a card", "{n} cards", e.count).format(n=e.count)
    reason = {
        DrawReason.TURN: "",
        DrawReason.CRANK: _(" for the crank"),
        DrawReason.FIVE: _(" (a 5 was played)"),
        DrawReason.SEVEN: _(" (a 7 was played)"),
        DrawReason.PENALTY: _(" as the penalty"),
    }[e.reason]
    return _("{who} drew {what}{reason}.").format(who=who, what=what, reason=reason)


def _round_ended(n: Narrator, e: ev.RoundEnded) -> str:
    if not e.went_out:
        head = _("Round {n} is blocked: nobody could play or draw.")
    else:
        head = _("Round {n} is over: {who} went out.").format(
            n="{n}", who=", ".join(n.who(s) for s in e.went_out)
        )
    scores = ", ".join(
        f"{n.who(s)} {score:+d}" if score < 0 else f"{n.who(s)} {score}"
        for s, score in enumerate(e.scores)
    )
    return head.format(n=e.round_number) + " " + scores


def _game_ended(n: Narrator, winners: tuple[int, ...]) -> str:
    if n.seat in winners:  # not "You wins!"
        if len(winners) == 1:
            return _("Game over: you win!")
        return _("Game over: you share the win with {names}!").format(
            names=", ".join(n.players[s] for s in winners if s != n.seat)
        )
    names = ", ".join(n.players[s] for s in winners)
    return ngettext(
        "Game over: {names} wins!", "Game over: {names} share the win!", len(winners)
    ).format(names=names)
