"""Legality: whether a command may be made now, and if not, why, in one place.

A command's legality depends only on what its seat may know, so the same checks
run on the full `State` (the engine, before it decides) and on that seat's
`PlayerView` (a screen, or a remote player's client, before it sends). Both offer
what the checks read (`Position`). A refusal is an `IllegalMove` whose `code` is
a `Refusal`; its English sentence is the engine's, and `craits_tui.narrate`
words the code in the player's language.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from .cards import Card, Rank, Suit
from .commands import Announce, CallIdiot, ChooseSuit, Command, Draw, Play
from .errors import IllegalMove, Refusal
from .rules import RuleSet, answers_crank, matches, starter_suit_options, suit_options
from .view import PlayerView


class Position(Protocol):
    """What legality reads: the full state, or the acting seat's view."""

    players: tuple[str, ...]
    rules: RuleSet
    current_player: int | None
    choosing_suit: bool
    is_over: bool
    crank: int
    active_suit: Suit | None
    announced: tuple[bool, ...]
    window: int | None

    @property
    def top_card(self) -> Card | None: ...

    def hand_of(self, seat: int) -> tuple[Card, ...]: ...

    def held(self, seat: int) -> int: ...


def check(position: Position, command: Command) -> None:
    """Raise `IllegalMove` if ``command`` may not be made where ``position`` stands."""
    checker = _CHECKS.get(type(command))
    if checker is None:
        raise IllegalMove(Refusal.UNKNOWN_COMMAND, f"{command!r} is not a move in this game.")
    checker(position, command)


def refusal_in_view(view: Position, command: Command) -> IllegalMove | None:
    """Why ``command`` is refused where its seat's ``view`` stands (None: it is
    allowed); the same reason the engine would give."""
    try:
        check(view, command)
    except IllegalMove as err:
        return err
    return None


def _seat(position: Position, seat: object, what: str = "player") -> int:
    if type(seat) is not int or not 0 <= seat < len(position.players):
        raise IllegalMove(
            Refusal.NO_SUCH_SEAT, f"There is no {what} {seat!r} at this table.", seat=seat
        )
    return seat


def _not_over(position: Position) -> None:
    if position.is_over:
        raise IllegalMove(Refusal.GAME_OVER, "The game is over.")


def _turn(position: Position, seat: int) -> None:
    _not_over(position)
    current = position.current_player
    if seat != current:
        if current is None:
            raise IllegalMove(Refusal.NO_TURN, "Nobody can play right now.")
        raise IllegalMove(
            Refusal.NOT_YOUR_TURN,
            f"It is {position.players[current]}'s turn, not yours.",
            current=current,
        )
    if position.choosing_suit:
        starter = position.top_card
        assert starter is not None
        raise IllegalMove(
            Refusal.CHOOSE_SUIT_FIRST,
            f"First decide the suit of the starter {starter.label}.",
            starter=str(starter),
        )


def _check_play(position: Position, command: Play) -> None:
    seat = _seat(position, command.player)
    _turn(position, seat)
    card = command.card
    hand = position.hand_of(seat)
    if not isinstance(card, Card) or card not in hand:
        label = card.label if isinstance(card, Card) else repr(card)
        raise IllegalMove(Refusal.NOT_IN_HAND, f"You don't hold the {label}.", card=str(card))
    top = position.top_card
    assert top is not None and position.active_suit is not None
    if position.crank:
        if not answers_crank(card):
            raise _crank_refusal(position.crank, hand)
    elif not matches(card, top, position.active_suit, position.rules):
        raise _must_follow(top, position.active_suit, position.rules)
    _check_suit(command)


def _check_suit(play: Play) -> None:
    """An 8 names a suit, a 9 may name its colour mate, no other card names one."""
    if play.suit is not None and not isinstance(play.suit, Suit):
        raise IllegalMove(Refusal.NOT_A_SUIT, f"{play.suit!r} is not a suit.", suit=repr(play.suit))
    card, named = play.card, play.named_suit
    if card.rank is Rank.EIGHT:
        if named is None:
            raise IllegalMove(Refusal.SUIT_REQUIRED, "Name a suit for your 8.")
    elif card.rank is Rank.NINE:
        if named is not None and named is not card.suit.mate:
            raise IllegalMove(
                Refusal.NINE_SUIT,
                "A 9 keeps its suit or switches to its colour mate: "
                f"{card.suit} or {card.suit.mate}.",
                suit=named.value,
                allowed=[card.suit.value, card.suit.mate.value],
            )
    elif named is not None:
        raise IllegalMove(Refusal.NO_SUIT, "Only an 8 or a 9 names a suit.", suit=named.value)


def _check_draw(position: Position, command: Draw) -> None:
    seat = _seat(position, command.player)
    _turn(position, seat)
    hand = position.hand_of(seat)
    if position.crank:
        if any(answers_crank(c) for c in hand):
            raise _crank_refusal(position.crank, hand)
        return
    if position.rules.voluntary_draw:
        return
    top, suit = position.top_card, position.active_suit
    assert top is not None and suit is not None
    playable = [c for c in hand if matches(c, top, suit, position.rules)]
    if playable:
        raise IllegalMove(
            Refusal.MUST_PLAY,
            "You have a card you can play, so you may not draw.",
            playable=[str(c) for c in playable],
        )


def _check_choose_suit(position: Position, command: ChooseSuit) -> None:
    seat = _seat(position, command.player)
    if not position.choosing_suit:
        _not_over(position)
        raise IllegalMove(Refusal.NO_SUIT_TO_CHOOSE, "There is no suit to decide now.")
    current = position.current_player
    assert current is not None
    if seat != current:
        raise IllegalMove(
            Refusal.NOT_YOUR_TURN,
            f"{position.players[current]} decides the starter's suit, not you.",
            current=current,
        )
    starter = position.top_card
    assert starter is not None
    options = starter_suit_options(starter)
    if command.suit not in options:
        raise IllegalMove(
            Refusal.STARTER_SUIT,
            f"The starter {starter.label} can become {' or '.join(str(s) for s in options)}.",
            allowed=[s.value for s in options],
        )


def _check_announce(position: Position, command: Announce) -> None:
    seat = _seat(position, command.player)
    _not_over(position)
    if position.announced[seat]:
        raise IllegalMove(Refusal.ALREADY_ANNOUNCED, "You already announced your last card.")
    held = position.held(seat)
    if held != 1:
        raise IllegalMove(
            Refusal.NOT_LAST_CARD,
            "You can announce only when a play leaves you with one card.",
            cards=held,
        )
    if position.window != seat:
        raise IllegalMove(
            Refusal.NO_WINDOW, "Nothing to announce: you did not just play down to one card."
        )


def _check_call_idiot(position: Position, command: CallIdiot) -> None:
    seat = _seat(position, command.player)
    target = _seat(position, command.target, "player to call")
    _not_over(position)
    if target == seat:
        raise IllegalMove(Refusal.CALL_SELF, "You cannot call yourself an idiot.")
    name = position.players[target]
    if position.announced[target]:
        raise IllegalMove(
            Refusal.ALREADY_ANNOUNCED,
            f"Nobody to call: {name} announced their last card.",
            target=target,
        )
    held = position.held(target)
    if held != 1:
        raise IllegalMove(
            Refusal.NOT_LAST_CARD,
            f"Wrong call: {name} holds {held} cards, not one.",
            target=target,
            cards=held,
        )
    if position.window != target:
        raise IllegalMove(
            Refusal.NO_WINDOW,
            f"Nobody to call: {name} did not just play down to one card.",
            target=target,
        )


def _must_follow(top: Card, suit: Suit, rules: RuleSet) -> IllegalMove:
    others = []
    if top.rank is not Rank.EIGHT and not (top.rank is Rank.NINE and rules.wild_nine):
        others.append(_a(top.rank))
    others.append(_a(Rank.EIGHT))
    if rules.wild_nine:
        others.append(_a(Rank.NINE))
    follow = (
        f"{suit} or {'red' if suit.is_red else 'black'}" if rules.colour_matching else str(suit)
    )
    return IllegalMove(
        Refusal.MUST_FOLLOW,
        f"You must follow {follow} or play {' or '.join(others)}.",
        suit=suit.value,
        rank=top.rank.label,
    )


def _a(rank: Rank) -> str:
    """A rank with its article, as said aloud: "a J", "an A", "an 8"."""
    return f"{'an' if rank in (Rank.ACE, Rank.EIGHT) else 'a'} {rank.label}"


def _crank_refusal(count: int, hand: tuple[Card, ...]) -> IllegalMove:
    if any(answers_crank(c) for c in hand):
        return IllegalMove(
            Refusal.CRANK_ANSWER,
            f"The crank is at {count}: you must play an ace or a 2.",
            count=count,
        )
    return IllegalMove(
        Refusal.CRANK_DRAW,
        f"The crank is at {count} and you hold no ace or 2: draw {count}.",
        count=count,
    )


_CHECKS: dict[type, Callable[[Position, Any], None]] = {
    Play: _check_play,
    Draw: _check_draw,
    ChooseSuit: _check_choose_suit,
    Announce: _check_announce,
    CallIdiot: _check_call_idiot,
}


def legal_moves(position: Position, seat: int) -> list[Command]:
    """Every command ``seat`` may issue now, in the normal form (no ``announce=True``,
    a 9 that keeps its suit with ``suit=None``): exactly the commands `check`
    lets through. On a view, only the view's own seat's moves are known."""
    if position.is_over or type(seat) is not int or not 0 <= seat < len(position.players):
        return []
    moves: list[Command] = []
    top = position.top_card
    if seat == position.current_player and top is not None:
        if position.choosing_suit:
            return [ChooseSuit(seat, s) for s in starter_suit_options(top)]
        hand = position.hand_of(seat)
        if position.crank:
            moves = [Play(seat, c) for c in hand if answers_crank(c)]
            if not moves:
                moves.append(Draw(seat))
        else:
            suit, rules = position.active_suit, position.rules
            assert suit is not None
            for card in hand:
                if matches(card, top, suit, rules):
                    if card.rank is Rank.EIGHT or card.rank is Rank.NINE:
                        moves.extend(Play(seat, card, s) for s in suit_options(card))
                    else:
                        moves.append(Play(seat, card))
            if not moves or rules.voluntary_draw:
                moves.append(Draw(seat))
    window = position.window
    if window is not None and position.held(window) == 1 and not position.announced[window]:
        moves.append(Announce(seat) if window == seat else CallIdiot(seat, window))
    return moves


def legal_moves_in_view(view: PlayerView) -> list[Command]:
    """The legal moves of the view's seat, from the view alone: everything they
    depend on is what that seat may know. Equal to `legal_moves` on the full state,
    so a remote player's screen knows what it may do without asking."""
    return [] if view.seat is None else legal_moves(view, view.seat)
