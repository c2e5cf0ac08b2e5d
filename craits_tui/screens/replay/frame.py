"""What a replay shows at one event, worked out from the timeline alone: the seats,
the piles, the hands, the words. The screen only hands each part to its widget.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from craits_core import Card, PlayerView, Suit
from craits_core.view import view

from ...hand_order import in_hand_order
from ...i18n import _, ngettext
from ...table import Seat
from ...widgets.seats import SeatInfo
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
    """The whole table, no hand in it: for the scoreboard."""


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
    state = timeline.states[index]
    event = timeline.events[index]
    players = state.players
    actor = event.get("player")
    drawn = (event.get("cards") or ()) if event["type"] == "cards-drawn" else ()
    fresh = frozenset(Card.parse(code) for code in drawn if isinstance(code, str))
    open_hands = viewer is None or timeline.revealed[index]
    rows = []
    for seat, (name, hand) in enumerate(zip(players, _hands(state.hands, players), strict=True)):
        up = open_hands or seat == viewer
        # A hand face down carries no card of it: only how many, and how many are new.
        rows.append(
            HandRow(
                seat=seat,
                name=name,
                cards=in_hand_order(hand) if up else (),
                count=len(hand),
                face_up=up,
                fresh=fresh if seat == actor and up else frozenset(),
                fresh_count=len(drawn) if seat == actor else 0,
                turn=seat == state.current_player,
            )
        )
    facing = state.current_player
    return Frame(
        title=_title(timeline, index, viewer, code),
        place=timeline.place(index),
        now=lines[index],
        earlier=tuple(lines[max(0, index - LOG_KEPT) : index]),
        seats=_seats(timeline, index, seats),
        hands=tuple(rows),
        top=state.top_card,
        active_suit=state.active_suit,
        stock=state.stock_size,
        crank=state.crank,
        facing=""
        if facing is None or not state.crank
        else _("you must answer")
        if facing == viewer
        else _("{who} must answer").format(who=players[facing]),
        direction=state.direction,
        plays=tuple((players[seat], card) for seat, card in timeline.plays(index, PLAYS_SHOWN)),
        table=view(state, None),
    )


def _hands(
    hands: tuple[tuple[Card, ...], ...], players: tuple[str, ...]
) -> tuple[tuple[Card, ...], ...]:
    """A hand for every player (none before the first deal)."""
    return hands if len(hands) == len(players) else tuple(() for _ in players)


def _seats(timeline: Timeline, index: int, seats: Sequence[Seat] | None) -> tuple[SeatInfo, ...]:
    state = timeline.states[index]
    hands = _hands(state.hands, state.players)
    known = seats is not None and len(seats) == len(state.players)
    dealt = state.round_number > 0
    return tuple(
        SeatInfo(
            seat=seat,
            name=name,
            cards=len(hands[seat]),
            bot=seats[seat].bot if seats is not None and known else None,
            dealer=dealt and seat == state.dealer,
            turn=seat == state.current_player,
            announced=bool(state.announced and state.announced[seat]),
            lost_turns=state.lost_turns[seat] if state.lost_turns else 0,
            total=state.totals[seat] if state.totals else 0,
            known=known,
        )
        for seat, name in enumerate(state.players)
    )


def _title(timeline: Timeline, index: int, viewer: int | None, code: str | None) -> tuple[str, ...]:
    state = timeline.states[index]
    names = ", ".join(state.players)
    replay = (
        _("Replay {code}: {players}").format(code=code, players=names)
        if code
        else _("Replay: {players}").format(players=names)
    )
    if state.round_number:
        where = ngettext(
            "round {n} of {total} · {size} card each",
            "round {n} of {total} · {size} cards each",
            state.hand_size,
        ).format(n=state.round_number, total=len(state.rules.schedule), size=state.hand_size)
    else:
        where = _("before the first deal")
    if viewer is None:
        # Translators: a replay's title ends with whose cards it shows: here, every hand.
        seen = _("all hands")
    else:
        # Translators: a replay's title ends with whose cards it shows: one player's.
        seen = _("as {who} saw it").format(who=state.players[viewer])
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
