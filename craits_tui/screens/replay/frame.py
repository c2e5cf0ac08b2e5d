"""What a replay shows at one event, worked out from the timeline alone: the seats,
the piles, the hands, the words. The screen only hands each part to its widget.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from craits_core import Card, PlayerView, Suit
from craits_core.events import CardsDrawn

from ...hand_order import in_hand_order
from ...i18n import _
from ...narrate.status import crank_facing, round_words
from ...seat_rows import SeatInfo, seat_rows
from ...table import Seat
from ...widgets.trail import SHOWN as PLAYS_SHOWN
from .timeline import Place, Timeline

LOG_KEPT = 100
"""Earlier lines of the log a frame carries: more than any window is tall."""


@dataclass(frozen=True)
class HandRow:
    """One player's hand as the replay shows it."""

    seat: int
    name: str
    cards: tuple[Card, ...]
    """The hand, face up (empty when it is face down, or empty)."""
    count: int
    face_up: bool
    fresh: frozenset[Card] = frozenset()
    """Face up: the cards the current event drew."""
    fresh_count: int = 0
    """Face down: how many cards the current event drew."""
    turn: bool = False
    """The player whose turn it is."""


@dataclass(frozen=True)
class Frame:
    """The replay at one event: everything drawn, in words and values."""

    title: tuple[str, ...]
    """The title's parts: the replay, the round, the view."""
    place: Place
    now: str
    """The current event's line."""
    earlier: tuple[str, ...]
    """The lines before it, oldest first (the last `LOG_KEPT`)."""
    seats: tuple[SeatInfo, ...]
    hands: tuple[HandRow, ...]
    top: Card | None
    active_suit: Suit | None
    stock: int
    crank: int
    facing: str
    """Who must answer the crank, in words ("" when nobody)."""
    direction: int
    plays: tuple[tuple[str, Card], ...]
    """The round's last plays, oldest first: who, and which card."""
    table: PlayerView
    """The table as the view's seat saw it (a spectator's for every hand): for
    the scoreboard."""


def frame_at(
    timeline: Timeline,
    index: int,
    viewer: int | None,
    lines: Sequence[str],
    *,
    code: str | None = None,
    seats: Sequence[Seat] | None = None,
) -> Frame:
    """The replay at event ``index``: every hand face up (``viewer`` None), or as
    ``viewer``'s seat saw it. ``lines``: each event's line in that view's words;
    ``code``: the code the replay is shared by; ``seats``: who sat where, people or
    bots, where known."""
    table = timeline.view(index, viewer)
    return Frame(
        title=_title(timeline, table, code),
        place=timeline.place(index),
        now=lines[index],
        earlier=tuple(lines[max(0, index - LOG_KEPT) : index]),
        seats=seat_rows(table, seats, dealer=table.dealer if table.round_number else None),
        hands=_hands(timeline, index, table),
        top=table.top_card,
        active_suit=table.active_suit,
        stock=table.stock_size,
        crank=table.crank,
        facing=crank_facing(table),
        direction=table.direction,
        plays=tuple(
            (table.players[seat], card) for seat, card in timeline.plays(index, PLAYS_SHOWN)
        ),
        table=table,
    )


def _hands(timeline: Timeline, index: int, table: PlayerView) -> tuple[HandRow, ...]:
    """Each player's hand as ``table``'s seat saw it: every hand face up for a
    spectator of the replay, and for a seat once a round's end has shown them all;
    else its own face up, the others face down."""
    viewer = table.seat
    shown = timeline.hands(index) if viewer is None else timeline.shown_hands(index)
    event = timeline.seen(index, viewer)
    drew = event if isinstance(event, CardsDrawn) else None
    rows = []
    for seat, name in enumerate(table.players):
        if shown is not None:
            hand: tuple[Card, ...] | None = shown[seat]
        else:
            hand = table.hand if seat == viewer else None
        # A hand face down carries no card of it: only how many, and how many are new.
        mine = drew is not None and drew.player == seat
        rows.append(
            HandRow(
                seat=seat,
                name=name,
                cards=in_hand_order(hand) if hand is not None else (),
                count=table.hand_sizes[seat],
                face_up=hand is not None,
                fresh=frozenset(drew.cards or ()) if mine and hand is not None else frozenset(),
                fresh_count=drew.count if mine else 0,
                turn=seat == table.current_player,
            )
        )
    return tuple(rows)


def _title(timeline: Timeline, table: PlayerView, code: str | None) -> tuple[str, ...]:
    names = ", ".join(table.players)
    replay = (
        _("Replay {code}: {players}").format(code=code, players=names)
        if code
        else _("Replay: {players}").format(players=names)
    )
    where = round_words(table) if table.round_number else _("before the first deal")
    if table.seat is None:
        # Translators: a replay's title ends with whose cards it shows: here, every hand.
        seen = _("all hands")
    else:
        # Translators: a replay's title ends with whose cards it shows: one player's.
        seen = _("as {who} saw it").format(who=table.players[table.seat])
    parts = (replay, where, seen)
    if timeline.in_play:
        parts += (_("the round in play is not shown"),)
    return parts


def place_text(place: Place) -> str:
    """Where the replay stands: "turn 5 of 31 · event 123 of 955"."""
    event = _("event {n} of {total}").format(n=place.event, total=place.events)
    if not place.round:
        return event
    if not place.turn:
        # Translators: where a replay stands, before the round's first turn.
        turn = _("the deal")
    else:
        turn = _("turn {n} of {total}").format(n=place.turn, total=place.turns)
    return f"{turn} · {event}"
