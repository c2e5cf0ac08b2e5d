"""What each part of the table shows, worked out from a seat's view and its moves.

`table_props` is a pure function: the table screen hands it the shown seat's view,
the moves that seat may make and a few facts of the screen (whose hand is on show,
a "last card" said ahead), and sets each widget from its part of the answer. No
Textual here, and nothing of layout or colour: the same props could feed another
view of the table (plain text for a screen reader, say).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from craits_core import (
    Announce,
    CallIdiot,
    Card,
    Command,
    Draw,
    Play,
    PlayerView,
    Suit,
    legal_moves_in_view,
)

from .i18n import _, ngettext
from .narrate import Narrator
from .narrate.status import crank_facing, round_words
from .seat import Seat
from .seat_rows import SeatInfo, seat_rows


@dataclass(frozen=True, slots=True)
class HandProps:
    """The hand at the bottom of the table."""

    cards: tuple[Card, ...]
    playable: frozenset[Card]
    """The cards that may be played now (drawn bright)."""
    my_turn: bool
    """Whether a card chosen now is played (not while a suit is being chosen)."""


@dataclass(frozen=True, slots=True)
class TableProps:
    """Everything the table's widgets show at one moment."""

    mine: bool
    """The shown seat's turn, with the table caught up with the game."""
    hand: HandProps | None
    """The hand on show; None while watching with no hand to show."""
    top: Card | None
    active_suit: Suit | None
    stock: int
    can_draw: bool
    crank: int
    crank_facing: str
    """Who must answer the crank, in words ("" when none runs)."""
    direction: int
    seats: tuple[SeatInfo, ...]
    status: str
    urgent: bool
    """Whether the status line asks for the player's attention."""
    title: tuple[str, str, str]
    last_card_enabled: bool
    last_card_armed: bool
    """"Last card!" said ahead, to ride on the next play (the button shows a tick)."""


@dataclass(frozen=True, slots=True)
class Seen:
    """What the screen knows besides the view and the moves."""

    seat: int | None
    """The seat whose side the table shows (None: watching bots)."""
    seats: Sequence[Seat] | None
    """Who plays each seat, a person or a bot (None: not known)."""
    others: Sequence[int]
    """The seats shown around the table, in their order."""
    caught_up: bool
    """Whether every event of the game has been shown."""
    armed: bool = False
    paused: bool = False
    hot_seat: bool = False
    """Several people at this terminal: the title names the hand on show."""
    open_view: PlayerView | None = None
    """Watching: the view of the player to move, when the table shows their hand."""


def table_props(
    view: PlayerView, moves: Sequence[Command], seen: Seen, narrator: Narrator
) -> TableProps:
    """What the table shows of ``view``, where ``moves`` are the shown seat's legal
    moves (none while the table is catching up)."""
    mine = seen.caught_up and seen.seat is not None and view.current_player == seen.seat
    hand = _hand(view, moves, seen, mine)
    can_arm = mine and len(view.hand) == 2 and not view.crank
    return TableProps(
        mine=mine,
        hand=hand,
        top=view.top_card,
        active_suit=view.active_suit,
        stock=view.stock_size,
        can_draw=any(isinstance(m, Draw) for m in moves),
        crank=view.crank,
        crank_facing=crank_facing(view),
        direction=view.direction,
        seats=seat_rows(
            view,
            seen.seats,
            shown=seen.others,
            dealer=view.dealer,
            callable_seats={m.target for m in moves if isinstance(m, CallIdiot)},
        ),
        status=(
            narrator.status(view, moves, hand_shown=hand is not None and seen.seat is None)
            if seen.caught_up
            else _("…")
        ),
        urgent=mine or any(isinstance(m, CallIdiot | Announce) for m in moves),
        title=("Craits", round_words(view), _who(view, seen)),
        last_card_enabled=can_arm or any(isinstance(m, Announce) for m in moves),
        last_card_armed=seen.armed and can_arm,
    )


def _hand(view: PlayerView, moves: Sequence[Command], seen: Seen, mine: bool) -> HandProps | None:
    if seen.seat is None:
        shown = seen.open_view
        if shown is None:
            return None
        # Watching bots: the hand of the player to move, what they may play bright.
        playable = frozenset(m.card for m in legal_moves_in_view(shown) if isinstance(m, Play))
        return HandProps(shown.hand, playable, my_turn=True)
    playable = frozenset(m.card for m in moves if isinstance(m, Play))
    return HandProps(view.hand, playable, my_turn=mine and not view.choosing_suit)


def _who(view: PlayerView, seen: Seen) -> str:
    """The title's last part: the player's points, or that the table is watched."""
    if seen.seat is None:
        return _("watching, paused") if seen.paused else _("watching")
    points = view.totals[seen.seat]
    who = ngettext("you: {points} pt", "you: {points} pts", abs(points)).format(points=points)
    if seen.hot_seat:
        # Hot-seat: whose hand is on show, for the one who looks.
        # Translators: the title at a shared terminal ("Ann's hand · you: 12 pts").
        who = _("{name}'s hand · {points}").format(name=view.players[seen.seat], points=who)
    return who
