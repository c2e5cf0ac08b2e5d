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

from .cards import FULL_DECK, Card, Rank, Suit
from .commands import Announce, CallIdiot, ChooseSuit, Command, Draw, Play
from .errors import IllegalMove
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
from .rules import (
    CRANK_STEP,
    RuleSet,
    answers_crank,
    matches,
    resulting_suit,
    round_blocked,
    starter_suit_options,
    suit_options,
)
from .scoring import score_hand, winners
from .state import State, initial_state
from .view import PlayerView


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
    rank = starter.rank
    left = _next_seat(fold.state, dealer)
    if rank is Rank.TWO:
        fold.emit(CrankRaised(CRANK_STEP[rank]))
        _pass_turn(fold, dealer)
    elif rank is Rank.FOUR:
        _pass_turn(fold, dealer, skip=True)
    elif rank is Rank.FIVE:
        _everyone_draws_one(fold, dealer)
        _pass_turn(fold, dealer)
    elif rank is Rank.SIX:
        fold.emit(TurnBegan(dealer))
    elif rank is Rank.SEVEN:
        _draw(fold, left, 1, DrawReason.SEVEN)
        _pass_turn(fold, dealer, skip=fold.state.rules.seven_skips)
    elif rank is Rank.EIGHT or rank is Rank.NINE:
        fold.emit(SuitAsked(dealer))
    elif rank is Rank.TEN:
        fold.emit(DirectionReversed(-fold.state.direction))
        _pass_turn(fold, dealer)
    else:
        _pass_turn(fold, dealer)


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


# --- Refusals -------------------------------------------------------------------------


def _name(state: State, seat: int) -> str:
    return state.players[seat]


def _check_seat(state: State, seat: object, what: str = "player") -> int:
    if type(seat) is not int or not 0 <= seat < len(state.players):
        raise IllegalMove("no-such-seat", f"There is no {what} {seat!r} at this table.", seat=seat)
    return seat


def _check_turn(state: State, seat: int) -> None:
    if state.is_over:
        raise IllegalMove("game-over", "The game is over.")
    current = state.current_player
    if seat != current:
        if current is None:
            raise IllegalMove("no-turn", "Nobody can play right now.")
        raise IllegalMove(
            "not-your-turn",
            f"It is {_name(state, current)}'s turn, not yours.",
            current=current,
        )
    if state.choosing_suit:
        raise IllegalMove(
            "choose-suit-first",
            f"First decide the suit of the starter {state.pile[-1].label}.",
            starter=str(state.pile[-1]),
        )


def _must_follow(state: State) -> IllegalMove:
    top = state.pile[-1]
    suit = state.active_suit
    assert suit is not None
    rules = state.rules
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
        "must-follow",
        f"You must follow {follow} or play {' or '.join(others)}.",
        suit=suit.value,
        rank=top.rank.label,
    )


def _a(rank: Rank) -> str:
    """A rank with its article, as said aloud: "a J", "an A", "an 8"."""
    return f"{'an' if rank in (Rank.ACE, Rank.EIGHT) else 'a'} {rank.label}"


def _crank_refusal(state: State, hand: tuple[Card, ...]) -> IllegalMove:
    count = state.crank
    if any(answers_crank(c) for c in hand):
        return IllegalMove(
            "crank-answer",
            f"The crank is at {count}: you must play an ace or a 2.",
            count=count,
        )
    return IllegalMove(
        "crank-draw",
        f"The crank is at {count} and you hold no ace or 2: draw {count}.",
        count=count,
    )


# --- Deciding ---------------------------------------------------------------------------


def decide(state: State, command: Command) -> list[Event]:
    """The events ``command`` produces in ``state``; raises `IllegalMove` if not allowed."""
    return apply(state, command)[0]


def apply(state: State, command: Command) -> tuple[list[Event], State]:
    """`decide`, also returning the state after the events (saves folding them twice)."""
    fold = _Fold(state)
    handler = _HANDLERS.get(type(command))
    if handler is None:
        raise IllegalMove("unknown-command", f"{command!r} is not a move in this game.")
    handler(fold, command)
    return fold.events, fold.state


def _play(fold: _Fold, command: Play) -> None:
    state = fold.state
    seat = _check_seat(state, command.player)
    _check_turn(state, seat)
    card = command.card
    hand = state.hands[seat]
    if not isinstance(card, Card) or card not in hand:
        label = card.label if isinstance(card, Card) else repr(card)
        raise IllegalMove("not-in-hand", f"You don't hold the {label}.", card=str(card))
    crank = state.crank
    if crank:
        if not answers_crank(card):
            raise _crank_refusal(state, hand)
    elif not matches(card, state.pile[-1], state.active_suit, state.rules):  # type: ignore[arg-type]
        raise _must_follow(state)
    suit = _checked_suit(command)

    fold.emit(CardPlayed(seat, card, resulting_suit(card, suit)))
    left = len(fold.state.hands[seat])
    if command.announce and left == 1:
        fold.emit(LastCardAnnounced(seat))
    rank = card.rank
    if rank is Rank.TWO or (crank and rank is Rank.ACE):
        # The crank runs on, even when this was the player's last card.
        fold.emit(CrankRaised(crank + CRANK_STEP[rank]))
        if any(fold.state.hands):
            _pass_turn(fold, seat)
        else:
            fold.emit(CrankEnded())
            _end_round(fold)
        return
    if rank is Rank.FIVE:
        _everyone_draws_one(fold, seat)
    elif rank is Rank.SEVEN:
        _draw(fold, _next_seat(fold.state, seat), 1, DrawReason.SEVEN)
    if not left:
        _end_round(fold)
    elif rank is Rank.FOUR:
        _pass_turn(fold, seat, skip=True)
    elif rank is Rank.SIX:
        fold.emit(TurnBegan(seat))
    elif rank is Rank.SEVEN:
        _pass_turn(fold, seat, skip=fold.state.rules.seven_skips)
    elif rank is Rank.TEN:
        fold.emit(DirectionReversed(-fold.state.direction))
        _pass_turn(fold, seat)
    else:
        _pass_turn(fold, seat)


def _checked_suit(play: Play) -> Suit | None:
    """Check a play's suit choice; returns the suit it names (`Play.named_suit`)."""
    if play.suit is not None and not isinstance(play.suit, Suit):
        raise IllegalMove("not-a-suit", f"{play.suit!r} is not a suit.", suit=repr(play.suit))
    card, named = play.card, play.named_suit
    if card.rank is Rank.EIGHT:
        if named is None:
            raise IllegalMove("suit-required", "Name a suit for your 8.")
        return named
    if card.rank is Rank.NINE:
        if named is None or named is card.suit.mate:
            return named
        raise IllegalMove(
            "nine-suit",
            f"A 9 keeps its suit or switches to its colour mate: {card.suit} or {card.suit.mate}.",
            suit=named.value,
            allowed=[card.suit.value, card.suit.mate.value],
        )
    if named is not None:
        raise IllegalMove("no-suit", "Only an 8 or a 9 names a suit.", suit=named.value)
    return None


def _draw_command(fold: _Fold, command: Draw) -> None:
    state = fold.state
    seat = _check_seat(state, command.player)
    _check_turn(state, seat)
    hand = state.hands[seat]
    if state.crank:
        if any(answers_crank(c) for c in hand):
            raise _crank_refusal(state, hand)
        _draw(fold, seat, state.crank, DrawReason.CRANK)
        fold.emit(CrankEnded())
    else:
        if not state.rules.voluntary_draw and _playable(state, hand):
            raise IllegalMove(
                "must-play",
                "You have a card you can play, so you may not draw.",
                playable=[str(c) for c in _playable(state, hand)],
            )
        _draw(fold, seat, 1, DrawReason.TURN)
    state = fold.state
    if _someone_out(state) or round_blocked(state.hands, state.passed):
        _end_round(fold)
    else:
        _pass_turn(fold, seat)


def _playable(state: State, hand: tuple[Card, ...]) -> list[Card]:
    top, suit, rules = state.pile[-1], state.active_suit, state.rules
    return [c for c in hand if matches(c, top, suit, rules)]  # type: ignore[arg-type]


def _choose_suit(fold: _Fold, command: ChooseSuit) -> None:
    state = fold.state
    seat = _check_seat(state, command.player)
    if not state.choosing_suit:
        if state.is_over:
            raise IllegalMove("game-over", "The game is over.")
        raise IllegalMove("no-suit-to-choose", "There is no suit to decide now.")
    if seat != state.current_player:
        dealer = _name(state, state.current_player)  # type: ignore[arg-type]
        raise IllegalMove(
            "not-your-turn",
            f"{dealer} decides the starter's suit, not you.",
            current=state.current_player,
        )
    starter = state.pile[-1]
    options = starter_suit_options(starter)
    if command.suit not in options:
        raise IllegalMove(
            "starter-suit",
            f"The starter {starter.label} can become {' or '.join(str(s) for s in options)}.",
            allowed=[s.value for s in options],
        )
    fold.emit(SuitChosen(seat, command.suit))
    _pass_turn(fold, seat)


def _announce(fold: _Fold, command: Announce) -> None:
    state = fold.state
    seat = _check_seat(state, command.player)
    if state.is_over:
        raise IllegalMove("game-over", "The game is over.")
    if state.announced[seat]:
        raise IllegalMove("already-announced", "You already announced your last card.")
    if len(state.hands[seat]) != 1:
        raise IllegalMove(
            "not-last-card",
            "You can announce only when a play leaves you with one card.",
            cards=len(state.hands[seat]),
        )
    if state.window != seat:
        raise IllegalMove(
            "no-window", "Nothing to announce: you did not just play down to one card."
        )
    fold.emit(LastCardAnnounced(seat))


def _call_idiot(fold: _Fold, command: CallIdiot) -> None:
    state = fold.state
    seat = _check_seat(state, command.player)
    target = _check_seat(state, command.target, "player to call")
    if state.is_over:
        raise IllegalMove("game-over", "The game is over.")
    if target == seat:
        raise IllegalMove("call-self", "You cannot call yourself an idiot.")
    name = _name(state, target)
    if state.announced[target]:
        raise IllegalMove(
            "already-announced",
            f"Nobody to call: {name} announced their last card.",
            target=target,
        )
    cards = len(state.hands[target])
    if cards != 1:
        raise IllegalMove(
            "not-last-card",
            f"Wrong call: {name} holds {cards} cards, not one.",
            target=target,
            cards=cards,
        )
    if state.window != target:
        raise IllegalMove(
            "no-window",
            f"Nobody to call: {name} did not just play down to one card.",
            target=target,
        )
    fold.emit(IdiotCalled(seat, target))
    _draw(fold, target, 2, DrawReason.PENALTY)


_HANDLERS = {
    Play: _play,
    Draw: _draw_command,
    ChooseSuit: _choose_suit,
    Announce: _announce,
    CallIdiot: _call_idiot,
}


# --- Legal moves ------------------------------------------------------------------------


def legal_moves(state: State, seat: int) -> list[Command]:
    """Every command ``seat`` may issue now, in the normal form (no ``announce=True``,
    a 9 that keeps its suit with ``suit=None``). `decide` accepts exactly these."""
    if state.is_over or type(seat) is not int or not 0 <= seat < len(state.players):
        return []
    window = state.window
    return _legal(
        seat,
        state.hands[seat],
        state.pile[-1] if state.pile else None,
        state.active_suit,
        state.crank,
        state.rules,
        state.current_player,
        state.choosing_suit,
        window,
        window is not None and len(state.hands[window]) == 1 and not state.announced[window],
    )


def legal_moves_in_view(view: PlayerView) -> list[Command]:
    """The legal moves of the view's seat, from the view alone: everything they
    depend on is what that seat may know. Equal to `legal_moves` on the full state,
    so a remote player's screen knows what it may do without asking."""
    seat = view.seat
    if view.is_over or seat is None:
        return []
    window = view.window
    return _legal(
        seat,
        view.hand,
        view.discard[-1] if view.discard else None,
        view.active_suit,
        view.crank,
        view.rules,
        view.current_player,
        view.choosing_suit,
        window,
        window is not None and view.hand_sizes[window] == 1 and not view.announced[window],
    )


def _legal(
    seat: int,
    hand: tuple[Card, ...],
    top: Card | None,
    suit: Suit | None,
    crank: int,
    rules: RuleSet,
    current: int | None,
    choosing_suit: bool,
    window: int | None,
    window_callable: bool,
) -> list[Command]:
    moves: list[Command] = []
    if seat == current and top is not None:
        if choosing_suit:
            return [ChooseSuit(seat, s) for s in starter_suit_options(top)]
        if crank:
            moves = [Play(seat, c) for c in hand if c.rank is Rank.ACE or c.rank is Rank.TWO]
            if not moves:
                moves.append(Draw(seat))
        else:
            for card in hand:
                if matches(card, top, suit, rules):  # type: ignore[arg-type]
                    rank = card.rank
                    if rank is Rank.EIGHT or rank is Rank.NINE:
                        moves.extend(Play(seat, card, s) for s in suit_options(card))
                    else:
                        moves.append(Play(seat, card))
            if not moves or rules.voluntary_draw:
                moves.append(Draw(seat))
    if window_callable:
        moves.append(Announce(seat) if window == seat else CallIdiot(seat, window))  # type: ignore[arg-type]
    return moves
