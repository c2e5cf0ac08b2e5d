"""The moves on a `Sim`: `legal_moves` lists them as codes, `play` makes one in
place, `play_randomly` plays on with random ones (self-play, play-outs).

Legality mirrors `craits_core.legality.legal_moves`, and a move's effects mirror
`craits_core.decide` (through `rounds` and `steps`); the agreement tests play both
side by side and compare them after every move. Nothing here checks a move: `play`
trusts that it is one of `legal_moves`. The common moves (a card with no ability,
a draw of one card) take a short way through `play`, the rest the general steps.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import count

from .codes import (
    ANNOUNCE,
    ANNOUNCE_FLAG,
    BACK,
    CALL,
    CARD_PLAYS,
    CHOICES,
    CHOOSE,
    CRANK_ADDS,
    CRANK_ANSWERS,
    CRANKS,
    DRAW,
    DRAWS,
    HOP,
    KIND_SHIFT,
    NEXT,
    RANK,
    SKIP,
    STAY,
    SUIT_AFTER,
)
from .model import Sim
from .rounds import card_acts, end_round
from .steps import blocked, draw, pass_turn

_CHOOSE_KIND, _ANNOUNCE_KIND = CHOOSE >> KIND_SHIFT, ANNOUNCE >> KIND_SHIFT
_PLAY_BITS = ANNOUNCE_FLAG - 1
_DRAW_ONLY = (DRAW,)
_PLAYS: dict[int, tuple[int, ...]] = {}
"""The plays of each set of playable cards met so far (a search meets the same
ones again and again)."""
_PLAYS_KEPT = 1 << 17
_SUIT_PLAYS: dict[int, tuple[int, ...]] = {}
"""The plays of each set of cards of one suit met so far, by the set's bits."""
_SUIT_CARDS = (1 << 13) - 1


def _plays(playable: int) -> tuple[int, ...]:
    """The plays of a set of cards, lowest card first (the engine lists a hand's
    cards in the order they came; a set keeps none). Made of the plays of each
    suit's cards: far fewer sets than of the whole."""
    moves: tuple[int, ...] = ()
    for shift in (0, 13, 26, 39):
        cards = playable & _SUIT_CARDS << shift
        if cards:
            part = _SUIT_PLAYS.get(cards)
            if part is None:
                part = _SUIT_PLAYS[cards] = _card_plays(cards)
            moves += part
    if len(_PLAYS) >= _PLAYS_KEPT:
        _PLAYS.clear()
    _PLAYS[playable] = moves
    return moves


def _card_plays(cards: int) -> tuple[int, ...]:
    moves: list[int] = []
    while cards:
        low = cards & -cards
        moves += CARD_PLAYS[low.bit_length() - 1]
        cards ^= low
    return tuple(moves)


def legal_moves(sim: Sim, seat: int = -1) -> Sequence[int]:
    """Every move ``seat`` (default: the seat to act) may make now, as codes: the
    same moves as `legality.legal_moves`. The sequence may be shared: don't change it."""
    current = sim.current
    if seat >= 0 and seat != current:
        return _off_turn(sim, seat)
    if current < 0:
        return ()
    if sim.choosing:
        return CHOICES[sim.pile[-1]]
    hand = sim.hands[current]
    if sim.crank:
        playable = hand & CRANK_ANSWERS
        moves = (_PLAYS.get(playable) or _plays(playable)) if playable else _DRAW_ONLY
    else:
        playable = hand & sim.follow
        if playable:
            moves = _PLAYS.get(playable) or _plays(playable)
            if sim.voluntary:
                moves = (*moves, DRAW)
        else:
            moves = _DRAW_ONLY
    if sim.window >= 0:
        said = _window_move(sim, current)
        if said >= 0:
            return (*moves, said)
    return moves


def _off_turn(sim: Sim, seat: int) -> Sequence[int]:
    """The moves of a seat not to act: "last card" or "idiot", if any."""
    if sim.over or seat >= sim.n:
        return ()
    said = _window_move(sim, seat)
    return (said,) if said >= 0 else ()


def _window_move(sim: Sim, seat: int) -> int:
    """What ``seat`` may say while a last-card window is open: "last card" (its own
    window) or "idiot" (another's), when the window's seat holds one card it has not
    announced; -1 when nothing."""
    window = sim.window
    if window < 0 or sim.announced >> window & 1:
        return -1
    held = sim.hands[window]
    if not held or held & (held - 1):
        return -1
    return ANNOUNCE + seat if window == seat else CALL + seat * 8 + window


def play(sim: Sim, move: int) -> None:
    """Make ``move`` (one of `legal_moves`; "last card" and "idiot" name their
    seats) on ``sim`` in place."""
    if move < DRAW:
        seat = sim.current
        card = move & 63
        hands = sim.hands
        hand = hands[seat] ^ (1 << card)
        hands[seat] = hand
        sim.pile.append(card)
        code = move & _PLAY_BITS
        sim.suit = SUIT_AFTER[code]
        sim.follow = sim.follow_after[code]
        sim.passed = 0
        crank = sim.crank
        if hand:
            if hand & (hand - 1):
                sim.window = -1
            else:
                sim.window = seat
                if move & ANNOUNCE_FLAG:
                    sim.announced |= 1 << seat
            # The short ways, when nobody on the way is out or has a turn to lose:
            # the turn moves on a seat (a 4: two, a 10: back), or stays (a 6); an
            # ace or a 2 raises the crank (a 2 starts it) and hands it on.
            hop = CRANKS if crank else HOP[card]
            if hop == NEXT:
                nxt = (seat + sim.direction) % sim.n
                if hands[nxt] and not sim.lost[nxt]:
                    sim.current = nxt
                    return
            elif hop == STAY:
                sim.current = seat
                return
            elif hop == DRAWS:
                if _draws_short(sim, seat, card):
                    return
            else:
                step = -sim.direction if hop == BACK else sim.direction
                nxt = (seat + step) % sim.n
                if hop == SKIP and hands[nxt]:
                    nxt = (nxt + step) % sim.n
                if hands[nxt] and not sim.lost[nxt]:
                    if hop == CRANKS:
                        sim.crank = crank + CRANK_ADDS[card]
                    sim.direction = step
                    sim.current = nxt
                    return
        else:
            sim.window = -1
        card_acts(sim, seat, card, crank)
    elif move == DRAW:
        seat = sim.current
        stock = sim.stock
        crank = sim.crank
        if len(stock) >= (crank or 1):
            # The short way: the stock has what to draw (no reshuffle, no pass).
            hands = sim.hands
            hand = hands[seat]
            if crank:
                for _ in range(crank):
                    hand |= 1 << stock.pop()
                sim.crank = 0
            else:
                hand |= 1 << stock.pop()
                sim.window = -1  # one's own draw closes the last-card window
            hands[seat] = hand
            if sim.announced >> seat & 1 and hand & (hand - 1):
                sim.announced ^= 1 << seat
            # Outside the crank everyone holds cards (playing out ends the round),
            # and with cards in the stock nobody has passed since the last play.
            nxt = (seat + sim.direction) % sim.n
            if hands[nxt] and not sim.lost[nxt] and not sim.passed and (not crank or all(hands)):
                sim.current = nxt
            else:
                _turn_over(sim, seat)
        else:
            _draw_turn(sim, seat)
    else:
        kind = move >> KIND_SHIFT
        if kind == _CHOOSE_KIND:
            sim.suit = move & 3
            sim.table_set()
            sim.choosing = False
            pass_turn(sim, sim.current, False)
        elif kind == _ANNOUNCE_KIND:
            sim.announced |= 1 << (move & 7)
        else:
            target = move & 7
            sim.lost[target] += 1
            sim.window = -1
            draw(sim, target, 2)


def _draws_short(sim: Sim, seat: int, card: int) -> bool:
    """The short way of a 5 or a 7 played outside the crank by a seat left with
    cards, where everyone holds cards: when the stock has the cards to draw and
    the seat to play next has no turn to lose, make the draws and hand the turn
    on, and say so; else change nothing."""
    stock, hands, n, step = sim.stock, sim.hands, sim.n, sim.direction
    nxt = (seat + step) % n
    if RANK[card] == 7:
        after = (nxt + step) % n if sim.seven_skips else nxt
        if not stock or sim.lost[after]:
            return False
        hands[nxt] |= 1 << stock.pop()
        sim.announced &= ~(1 << nxt)  # two cards now
    else:
        if len(stock) < n - 1 or sim.lost[nxt]:
            return False
        after = nxt
        for i in range(1, n):
            other = (seat + i * step) % n
            hands[other] |= 1 << stock.pop()
        sim.announced &= 1 << seat
    sim.current = after
    return True


def _draw_turn(sim: Sim, seat: int) -> None:
    """``seat`` draws on its turn: the crank's count (which ends the crank), or one
    card (which closes the last-card window, and is a pass when none comes)."""
    crank = sim.crank
    if crank:
        draw(sim, seat, crank)
        sim.crank = 0
    else:
        sim.window = -1
        if not draw(sim, seat, 1):
            sim.passed |= 1 << seat
    _turn_over(sim, seat)


def _turn_over(sim: Sim, seat: int) -> None:
    """After ``seat``'s draw: the round ends if someone is out (a crank run on after
    a play-out) or the round is blocked; else the turn passes on."""
    if not all(sim.hands) or blocked(sim):
        end_round(sim)
    else:
        pass_turn(sim, seat, False)


def play_randomly(sim: Sim, rng: random.Random, limit: int = -1) -> int:
    """Play on with a uniformly random legal move of the seat to act until the game
    is over (or ``limit`` moves, when not negative); returns the moves made."""
    bits, moves_of, make = rng.getrandbits, legal_moves, play
    for made in range(limit) if limit >= 0 else count():
        if sim.over:
            return made
        moves = moves_of(sim)
        # Half the time there is one move: no need to draw a number for it.
        make(sim, moves[0] if len(moves) == 1 else moves[bits(32) * len(moves) >> 32])
    return limit
