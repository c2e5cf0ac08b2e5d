"""Deciding commands: the rules of play, turn by turn.

`decide(state, command)` checks a command against the state and returns the events
it produces, or raises `IllegalMove`. `legal_moves(state, seat)` lists exactly the
commands `decide` accepts. Randomness (the next round's deal, a reshuffle) comes
from the seed and the number of shuffles so far, both in the state, so deciding is a
pure function too: same state and command, same events.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .cards import FULL_DECK, Card, Rank
from .commands import Announce, CallIdiot, ChooseSuit, Command, Draw, Play
from .events import (
    CardPlayed,
    CardsDrawn,
    CrankEnded,
    CrankRaised,
    DealerChosen,
    DirectionReversed,
    DrawReason,
    Event,
    GameEnded,
    GameStarted,
    IdiotCalled,
    LastCardAnnounced,
    PlayerSkipped,
    RoundEnded,
    RoundStarted,
    StockReshuffled,
    SuitAsked,
    SuitChosen,
    TurnBegan,
    TurnLost,
)
from .fold import evolve_in_place
from .legality import check, legal_moves  # noqa: F401  (bots import it from here)
from .rules import (
    CRANK_STEP,
    RuleSet,
    resulting_suit,
    round_blocked,
)
from .scoring import score_hand, winners
from .state import State, initial_state


class _Fold:
    """Collects the events of one decision, folding each into the state as it goes,
    so later steps of the decision see the table as the earlier ones left it.

    It folds into its own copy of the state, made once: the caller's state is
    never touched, and a refused command leaves nothing behind.
    """

    __slots__ = ("events", "state")

    def __init__(self, state: State) -> None:
        self.state = state.copy()
        self.events: list[Event] = []

    def emit(self, event: Event) -> None:
        self.events.append(event)
        evolve_in_place(self.state, event)


def _rng(state: State) -> random.Random:
    return random.Random(f"{state.seed}:{state.shuffles}")


# --- Starting the game and its rounds -----------------------------------------------


def start_game(
    players: Sequence[str],
    rules: RuleSet,
    seed: int | str,
    first_round: int,
    deck: Sequence[Card] | None = None,
    dealer: int | None = None,
) -> tuple[list[Event], State]:
    """The opening events of a game: players, the draw for dealer, the first deal."""
    fold = _Fold(initial_state())
    fold.emit(GameStarted(tuple(players), rules, seed, first_round))
    if dealer is None:
        draws, dealer = _draw_for_dealer(len(players), _rng(fold.state))
        fold.emit(DealerChosen(draws, dealer))
    else:
        fold.emit(DealerChosen((), dealer))
    _start_round(fold, first_round, dealer, tuple(deck) if deck is not None else None)
    return fold.events, fold.state


def _draw_for_dealer(
    players: int, rng: random.Random
) -> tuple[tuple[tuple[tuple[int, Card], ...], ...], int]:
    """Everyone draws a card, seat 0 first; the lowest deals; tied lowest draw again."""
    deck = list(FULL_DECK)
    rng.shuffle(deck)
    drawing = list(range(players))
    passes = []
    while True:
        if len(deck) < len(drawing):  # Endless ties are possible in theory only.
            deck = list(FULL_DECK)
            rng.shuffle(deck)
        draw = tuple((seat, deck.pop(0)) for seat in drawing)
        passes.append(draw)
        low = min(card.rank for _, card in draw)
        drawing = [seat for seat, card in draw if card.rank == low]
        if len(drawing) == 1:
            return tuple(passes), drawing[0]


def _start_round(
    fold: _Fold, round_number: int, dealer: int, deck: tuple[Card, ...] | None
) -> None:
    """Deal the round, then apply the starter as the dealer's first turn."""
    state = fold.state
    if deck is None:
        shuffled = list(FULL_DECK)
        _rng(state).shuffle(shuffled)
        deck = tuple(shuffled)
    fold.emit(RoundStarted(round_number, state.rules.schedule[round_number - 1], dealer, deck))
    starter = fold.state.pile[-1]
    if starter.rank is Rank.EIGHT or starter.rank is Rank.NINE:
        fold.emit(SuitAsked(dealer))  # the dealer's decision, before anyone plays
    else:
        _card_acts(fold, dealer, starter, crank_before=0)


def _end_round(fold: _Fold) -> None:
    """Score the round; deal the next one, or end the game after the last."""
    state = fold.state
    scores = tuple(score_hand(hand) if hand else 0 for hand in state.hands)
    went_out = tuple(seat for seat, hand in enumerate(state.hands) if not hand)
    fold.emit(RoundEnded(state.round_number, state.hands, scores, went_out))
    state = fold.state
    if state.round_number >= len(state.rules.schedule):
        fold.emit(GameEnded(state.totals, winners(state.totals)))
    else:
        _start_round(fold, state.round_number + 1, (state.dealer + 1) % len(state.players), None)


# --- Seats and turns ----------------------------------------------------------------


def _next_seat(state: State, seat: int) -> int:
    """The next seat in the direction of play that still holds cards."""
    n = len(state.players)
    hands = state.hands
    step = state.direction
    nxt = (seat + step) % n
    while not hands[nxt] and nxt != seat:
        nxt = (nxt + step) % n
    return nxt


def _pass_turn(fold: _Fold, seat: int, skip: bool = False) -> None:
    """Hand the turn on from ``seat``. A skip (a 4) passes over the next player without
    using up a lost turn; a player with a lost turn is passed over and loses it."""
    nxt = _next_seat(fold.state, seat)
    if skip:
        fold.emit(PlayerSkipped(nxt))
        nxt = _next_seat(fold.state, nxt)
    while fold.state.lost_turns[nxt]:
        fold.emit(TurnLost(nxt))
        nxt = _next_seat(fold.state, nxt)
    fold.emit(TurnBegan(nxt))


def _draw(fold: _Fold, seat: int, count: int, reason: DrawReason) -> int:
    """``seat`` draws up to ``count`` cards, reshuffling the discard pile (but its top
    card) under the stock when the stock runs short. Returns how many were drawn."""
    state = fold.state
    if len(state.stock) < count and len(state.pile) > 1:
        cards = list(state.pile[:-1])
        _rng(state).shuffle(cards)
        fold.emit(StockReshuffled(tuple(cards), len(cards)))
    cards = fold.state.stock[:count]
    fold.emit(CardsDrawn(seat, cards, reason, len(cards)))
    return len(cards)


def _everyone_draws_one(fold: _Fold, seat: int) -> None:
    """A 5: every other player draws one card, in turn order from the next player."""
    n = len(fold.state.players)
    step = fold.state.direction
    for i in range(1, n):
        other = (seat + i * step) % n
        _draw(fold, other, 1, DrawReason.FIVE)


def _someone_out(state: State) -> bool:
    return not all(state.hands)


# --- Deciding ---------------------------------------------------------------------------


def decide(state: State, command: Command) -> list[Event]:
    """The events ``command`` produces in ``state``; raises `IllegalMove` if not allowed."""
    return apply(state, command)[0]


def apply(state: State, command: Command) -> tuple[list[Event], State]:
    """`decide`, also returning the state after the events (saves folding them twice)."""
    check(state, command)
    fold = _Fold(state)
    _HANDLERS[type(command)](fold, command)
    return fold.events, fold.state


def _play(fold: _Fold, command: Play) -> None:
    seat, card = command.player, command.card
    crank = fold.state.crank
    fold.emit(CardPlayed(seat, card, resulting_suit(card, command.named_suit)))
    if command.announce and len(fold.state.hands[seat]) == 1:
        fold.emit(LastCardAnnounced(seat))
    _card_acts(fold, seat, card, crank_before=crank)


def _card_acts(fold: _Fold, seat: int, card: Card, crank_before: int) -> None:
    """What ``card`` does once ``seat`` has played it (a starter: as if the dealer
    had): its ability, then the round's end if ``seat`` went out, else the turn
    handed on. An 8 or a 9 named its suit as it was played."""
    rank = card.rank
    if rank is Rank.TWO or (crank_before and rank is Rank.ACE):
        _raise_crank(fold, seat, crank_before + CRANK_STEP[rank])
        return
    if rank is Rank.FIVE:
        _everyone_draws_one(fold, seat)
    elif rank is Rank.SEVEN:
        _draw(fold, _next_seat(fold.state, seat), 1, DrawReason.SEVEN)
    if not fold.state.hands[seat]:
        _end_round(fold)  # going out: the card's draws were still made
    elif rank is Rank.FOUR:
        _pass_turn(fold, seat, skip=True)
    elif rank is Rank.SIX:
        fold.emit(TurnBegan(seat))  # the same player plays again
    elif rank is Rank.SEVEN:
        _pass_turn(fold, seat, skip=fold.state.rules.seven_skips)
    elif rank is Rank.TEN:
        fold.emit(DirectionReversed(-fold.state.direction))
        _pass_turn(fold, seat)
    else:
        _pass_turn(fold, seat)


def _raise_crank(fold: _Fold, seat: int, count: int) -> None:
    """A 2 starts the crank, an ace or a 2 raises it; it runs on among those who
    still hold cards, even when ``seat`` just went out, and ends with no draw when
    nobody holds any."""
    fold.emit(CrankRaised(count))
    if any(fold.state.hands):
        _pass_turn(fold, seat)
    else:
        fold.emit(CrankEnded())
        _end_round(fold)


def _draw_command(fold: _Fold, command: Draw) -> None:
    seat = command.player
    state = fold.state
    if state.crank:
        _draw(fold, seat, state.crank, DrawReason.CRANK)
        fold.emit(CrankEnded())
    else:
        _draw(fold, seat, 1, DrawReason.TURN)
    state = fold.state
    if _someone_out(state) or round_blocked(state.hands, state.passed):
        _end_round(fold)
    else:
        _pass_turn(fold, seat)


def _choose_suit(fold: _Fold, command: ChooseSuit) -> None:
    fold.emit(SuitChosen(command.player, command.suit))
    _pass_turn(fold, command.player)


def _announce(fold: _Fold, command: Announce) -> None:
    fold.emit(LastCardAnnounced(command.player))


def _call_idiot(fold: _Fold, command: CallIdiot) -> None:
    fold.emit(IdiotCalled(command.player, command.target))
    _draw(fold, command.target, 2, DrawReason.PENALTY)


_HANDLERS = {
    Play: _play,
    Draw: _draw_command,
    ChooseSuit: _choose_suit,
    Announce: _announce,
    CallIdiot: _call_idiot,
}
