"""The fold: how each event changes the full state, and how it changes what one
seat sees. Both are written here side by side, one pair of steps an event class,
so a new event touches this module and `craits_core.events` only.

`evolve` folds the engine's own events into a `State`; `project` folds a seat's
stream (or the full events, redacted on the way) into a `PlayerView`. Folding
``game.events_for(seat)`` with `project` gives ``game.view(seat)`` at every step.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from . import events as ev
from .rules import announcement_stands, window_after_play
from .state import State
from .view import PlayerView, blank_view, redact


def evolve(state: State, event: ev.Event) -> State:
    """The state after ``event``; ``state`` itself is left as it was."""
    new = state.copy()
    _STEPS[type(event)][0](new, event)
    return new


def evolve_in_place(state: State, event: ev.Event) -> None:
    """Fold ``event`` into a state nobody else holds yet (a fresh copy being built)."""
    _STEPS[type(event)][0](state, event)


def project(current: PlayerView | None, event: ev.Event, seat: int | None) -> PlayerView:
    """Fold one event into ``seat``'s view (None: a spectator's).

    The event may be the full one or already redacted for ``seat``; ``current`` is
    None before the game-started event.
    """
    if isinstance(event, ev.GameStarted):
        return blank_view(seat, event.players, event.rules, event.first_round)
    if current is None:
        raise ValueError("a view starts with the game-started event")
    return _STEPS[type(event)][1](current, event)


def _set(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*items[:index], value, *items[index + 1 :])


# --- The steps, an event at a time: the state's (in place), then the view's ------


def _game_started(s: State, e: ev.GameStarted) -> None:
    n = len(e.players)
    s.players = e.players
    s.rules = e.rules
    s.seed = e.seed if e.seed is not None else 0
    s.first_round = e.first_round
    s.hands = ((),) * n
    s.announced = (False,) * n
    s.lost_turns = (0,) * n
    s.passed = (False,) * n
    s.totals = (0,) * n


def _dealer_chosen(s: State, e: ev.DealerChosen) -> None:
    s.dealer = e.dealer
    s.shuffles += 1 if e.draws else 0


def _dealer_chosen_seen(v: PlayerView, e: ev.DealerChosen) -> PlayerView:
    return replace(v, dealer=e.dealer)


def _round_started(s: State, e: ev.RoundStarted) -> None:
    n = len(s.players)
    deck = e.deck
    if deck is None:
        raise ValueError("the full state folds the full deal, not a seat's")
    # One card at a time from the seat after the dealer: seat (dealer+1+i) % n takes
    # deck[i], deck[i+n], deck[i+2n], ...
    dealt = n * e.hand_size
    hands = [()] * n
    for offset in range(n):
        seat = (e.dealer + 1 + offset) % n
        hands[seat] = deck[offset:dealt:n]
    s.round_number = e.round_number
    s.hand_size = e.hand_size
    s.dealer = e.dealer
    s.hands = tuple(hands)
    s.pile = (deck[dealt],)
    s.stock = deck[dealt + 1 :]
    s.active_suit = deck[dealt].suit
    s.direction = 1
    s.current_player = None
    s.choosing_suit = False
    s.crank = 0
    s.announced = (False,) * n
    s.window = None
    s.lost_turns = (0,) * n
    s.passed = (False,) * n
    s.shuffles += 1


def _round_started_seen(v: PlayerView, e: ev.RoundStarted) -> PlayerView:
    n = len(v.players)
    e = redact(e, v.seat, n)
    assert e.starter is not None and e.stock_size is not None
    return replace(
        v,
        hand=e.hand or (),
        hand_sizes=(e.hand_size,) * n,
        discard=(e.starter,),
        active_suit=e.starter.suit,
        crank=0,
        direction=1,
        current_player=None,
        choosing_suit=False,
        dealer=e.dealer,
        round_number=e.round_number,
        hand_size=e.hand_size,
        stock_size=e.stock_size,
        announced=(False,) * n,
        window=None,
        lost_turns=(0,) * n,
    )


def _suit_asked(s: State, e: ev.SuitAsked) -> None:
    s.current_player = e.player
    s.choosing_suit = True


def _suit_asked_seen(v: PlayerView, e: ev.SuitAsked) -> PlayerView:
    return replace(v, current_player=e.player, choosing_suit=True)


def _suit_chosen(s: State, e: ev.SuitChosen) -> None:
    s.active_suit = e.suit
    s.choosing_suit = False


def _suit_chosen_seen(v: PlayerView, e: ev.SuitChosen) -> PlayerView:
    return replace(v, active_suit=e.suit, choosing_suit=False)


def _card_played(s: State, e: ev.CardPlayed) -> None:
    hand = list(s.hands[e.player])
    hand.remove(e.card)
    s.hands = _set(s.hands, e.player, tuple(hand))
    s.pile = (*s.pile, e.card)
    s.active_suit = e.suit
    if True in s.passed:
        s.passed = (False,) * len(s.passed)
    s.window = window_after_play(e.player, len(hand))


def _card_played_seen(v: PlayerView, e: ev.CardPlayed) -> PlayerView:
    hand = v.hand
    if e.player == v.seat:
        held = list(hand)
        held.remove(e.card)
        hand = tuple(held)
    left = v.hand_sizes[e.player] - 1
    return replace(
        v,
        hand=hand,
        hand_sizes=_set(v.hand_sizes, e.player, left),
        discard=(*v.discard, e.card),
        active_suit=e.suit,
        window=window_after_play(e.player, left),
    )


def _last_card_announced(s: State, e: ev.LastCardAnnounced) -> None:
    s.announced = _set(s.announced, e.player, True)


def _last_card_announced_seen(v: PlayerView, e: ev.LastCardAnnounced) -> PlayerView:
    return replace(v, announced=_set(v.announced, e.player, True))


def _cards_drawn(s: State, e: ev.CardsDrawn) -> None:
    cards = e.cards
    if cards is None:
        raise ValueError("the full state folds the cards drawn, not their count")
    hand = s.hands[e.player] + cards
    s.hands = _set(s.hands, e.player, hand)
    s.stock = s.stock[e.count :]
    if s.announced[e.player] and not announcement_stands(len(hand)):
        s.announced = _set(s.announced, e.player, False)
    if e.reason.closes_window:
        s.window = None
    if e.reason.is_pass(e.count):
        s.passed = _set(s.passed, e.player, True)


def _cards_drawn_seen(v: PlayerView, e: ev.CardsDrawn) -> PlayerView:
    hand = v.hand + (e.cards or ()) if e.player == v.seat else v.hand
    size = v.hand_sizes[e.player] + e.count
    announced = v.announced
    if announced[e.player] and not announcement_stands(size):
        announced = _set(announced, e.player, False)
    return replace(
        v,
        hand=hand,
        hand_sizes=_set(v.hand_sizes, e.player, size),
        stock_size=v.stock_size - e.count,
        announced=announced,
        window=None if e.reason.closes_window else v.window,
    )


def _stock_reshuffled(s: State, e: ev.StockReshuffled) -> None:
    if e.cards is None:
        raise ValueError("the full state folds the stock's new order, not its size")
    s.stock = s.stock + e.cards
    s.pile = s.pile[-1:]
    s.shuffles += 1


def _stock_reshuffled_seen(v: PlayerView, e: ev.StockReshuffled) -> PlayerView:
    return replace(v, stock_size=v.stock_size + e.count, discard=v.discard[-1:])


def _crank_raised(s: State, e: ev.CrankRaised) -> None:
    s.crank = e.count


def _crank_raised_seen(v: PlayerView, e: ev.CrankRaised) -> PlayerView:
    return replace(v, crank=e.count)


def _crank_ended(s: State, e: ev.CrankEnded) -> None:
    s.crank = 0


def _crank_ended_seen(v: PlayerView, e: ev.CrankEnded) -> PlayerView:
    return replace(v, crank=0)


def _direction_reversed(s: State, e: ev.DirectionReversed) -> None:
    s.direction = e.direction


def _direction_reversed_seen(v: PlayerView, e: ev.DirectionReversed) -> PlayerView:
    return replace(v, direction=e.direction)


def _player_skipped(s: State, e: ev.PlayerSkipped) -> None:
    pass  # A fact for the table to show; whose turn it is comes with ev.TurnBegan.


def _player_skipped_seen(v: PlayerView, e: ev.PlayerSkipped) -> PlayerView:
    return v


def _turn_lost(s: State, e: ev.TurnLost) -> None:
    s.lost_turns = _set(s.lost_turns, e.player, s.lost_turns[e.player] - 1)


def _turn_lost_seen(v: PlayerView, e: ev.TurnLost) -> PlayerView:
    return replace(v, lost_turns=_set(v.lost_turns, e.player, v.lost_turns[e.player] - 1))


def _turn_began(s: State, e: ev.TurnBegan) -> None:
    s.current_player = e.player


def _turn_began_seen(v: PlayerView, e: ev.TurnBegan) -> PlayerView:
    return replace(v, current_player=e.player)


def _idiot_called(s: State, e: ev.IdiotCalled) -> None:
    s.lost_turns = _set(s.lost_turns, e.target, s.lost_turns[e.target] + 1)
    s.window = None


def _idiot_called_seen(v: PlayerView, e: ev.IdiotCalled) -> PlayerView:
    lost = _set(v.lost_turns, e.target, v.lost_turns[e.target] + 1)
    return replace(v, lost_turns=lost, window=None)


def _round_ended(s: State, e: ev.RoundEnded) -> None:
    s.round_scores = (*s.round_scores, e.scores)
    s.totals = tuple(t + r for t, r in zip(s.totals, e.scores, strict=True))
    s.current_player = None
    s.crank = 0
    s.window = None


def _round_ended_seen(v: PlayerView, e: ev.RoundEnded) -> PlayerView:
    return replace(
        v,
        round_scores=(*v.round_scores, e.scores),
        totals=tuple(t + s for t, s in zip(v.totals, e.scores, strict=True)),
        current_player=None,
        crank=0,
        window=None,
    )


def _game_ended(s: State, e: ev.GameEnded) -> None:
    s.is_over = True
    s.winners = e.winners
    s.current_player = None


def _game_ended_seen(v: PlayerView, e: ev.GameEnded) -> PlayerView:
    return replace(v, is_over=True, winners=e.winners, current_player=None)


def _game_started_seen(v: PlayerView, e: ev.GameStarted) -> PlayerView:
    return blank_view(v.seat, e.players, e.rules, e.first_round)  # see `project`


_STEPS: dict[
    type[ev.Event], tuple[Callable[[State, Any], None], Callable[[PlayerView, Any], PlayerView]]
]
_STEPS = {
    ev.GameStarted: (_game_started, _game_started_seen),
    ev.DealerChosen: (_dealer_chosen, _dealer_chosen_seen),
    ev.RoundStarted: (_round_started, _round_started_seen),
    ev.SuitAsked: (_suit_asked, _suit_asked_seen),
    ev.SuitChosen: (_suit_chosen, _suit_chosen_seen),
    ev.CardPlayed: (_card_played, _card_played_seen),
    ev.LastCardAnnounced: (_last_card_announced, _last_card_announced_seen),
    ev.CardsDrawn: (_cards_drawn, _cards_drawn_seen),
    ev.StockReshuffled: (_stock_reshuffled, _stock_reshuffled_seen),
    ev.CrankRaised: (_crank_raised, _crank_raised_seen),
    ev.CrankEnded: (_crank_ended, _crank_ended_seen),
    ev.DirectionReversed: (_direction_reversed, _direction_reversed_seen),
    ev.PlayerSkipped: (_player_skipped, _player_skipped_seen),
    ev.TurnLost: (_turn_lost, _turn_lost_seen),
    ev.TurnBegan: (_turn_began, _turn_began_seen),
    ev.IdiotCalled: (_idiot_called, _idiot_called_seen),
    ev.RoundEnded: (_round_ended, _round_ended_seen),
    ev.GameEnded: (_game_ended, _game_ended_seen),
}
"""Each event's two steps: the full state's (in place, on a fresh copy) and a
seat's view's."""
