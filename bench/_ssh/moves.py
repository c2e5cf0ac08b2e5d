"""What a person at a terminal presses for a move, decided from facts, not words.

The seat's hand is what its screen shows (the card faces, `screen`); everything
else (whose turn, the top card, the suit to follow, the crank, who forgot to say
"Last card!") is what the organiser's spectator view holds, from the table's
events. With both, the engine lists the legal moves as the app's own list comes,
and the keys are those drawn over the cards.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Iterable
from dataclasses import dataclass, replace

from craits_core import CallIdiot, Card, Draw, Play, PlayerView, legal_moves_in_view

from .screen import ShownCard
from .socket_player import Player
from .terminal import END, HOME, RIGHT, ScreenPlayer

CALL, DRAW, ARM, ENTER = b"i", b"d", b"l", b"\r"
FIRST_SUIT = b"1"
"""The suit picker's first suit."""


@dataclass(frozen=True, slots=True)
class Keys:
    """The keys for a move."""

    press: bytes
    suit: bool = False
    """A suit picker opens (or is open already, for a starter): its first suit then."""


def seat_view(spectator: PlayerView, seat: int, hand: Iterable[Card]) -> PlayerView:
    """The game as ``seat`` sees it: a spectator's view with the seat's ``hand``."""
    return replace(spectator, seat=seat, hand=tuple(hand))


def card_keys(index: int, shown: ShownCard) -> bytes:
    """The keys that play the card at ``index`` of the hand: the key drawn over it;
    past the last key, the cursor taken from the first card (Home: the arrows wrap
    around) to it, and Enter."""
    if shown.key:
        return shown.key.encode()
    return HOME + RIGHT * index + ENTER


def keys_for(
    spectator: PlayerView, seat: int, hand: list[tuple[int, ShownCard]], picker: bool
) -> Keys | None:
    """The keys for ``seat``'s move, as a person picks it: a suit, when the screen
    shows a suit picker (``picker``: for the starter, or after an 8 or a 9 whose
    suit was not named); "Idiot!" on a player who did not say "Last card!"; on the
    seat's turn, the first card of the hand the rules allow ("Last card!" armed
    first when it leaves one), else draw. ``hand``: the cards seen, each with its
    place in the hand. None: nothing to do."""
    if picker:
        return Keys(FIRST_SUIT)
    view = seat_view(spectator, seat, (shown.card for _index, shown in hand))
    moves = legal_moves_in_view(view)
    if any(isinstance(move, CallIdiot) for move in moves):
        return Keys(CALL)
    if view.current_player != seat:
        return None
    if view.choosing_suit:
        return Keys(b"", suit=True)  # the app asks for the starter's suit by itself
    held = view.hand_sizes[seat]
    for index, shown in sorted(hand, key=lambda seen: seen[0]):
        options = [m for m in moves if isinstance(m, Play) and m.card == shown.card]
        if options:
            # The app asks for a suit when the card may name several, unless it is
            # the last card (going out: the suit would change nothing).
            arm = ARM if held == 2 else b""
            return Keys(arm + card_keys(index, shown), suit=len(options) > 1 and held > 1)
    if any(isinstance(move, Draw) for move in moves):
        return Keys(DRAW)
    return None


async def look_at_hand(player: ScreenPlayer, cards: int) -> list[tuple[int, ShownCard]]:
    """The hand of ``cards`` cards as the player sees it, each card with its place:
    the whole hand on the screen, or a hand too long to show whole looked at from
    its first card (Home), then from its last (End)."""
    shown = player.reading.hand
    if len(shown) >= cards:
        return list(enumerate(shown))
    seen: dict[Card, tuple[int, ShownCard]] = {}
    for key, first in ((HOME, True), (END, False)):
        drawn = player.reading
        player.press(key)
        await player.until_screen(lambda r, d=drawn: r.hand != d.hand, timeout=1.0)
        await player.settled()
        shown = player.reading.hand
        for offset, card in enumerate(shown):
            index = offset if first else cards - len(shown) + offset
            seen.setdefault(card.card, (index, card))
    return list(seen.values())


async def carry_out(
    player: ScreenPlayer, organiser: Player, seat: int, keys: Keys, wait: float
) -> bool:
    """Press ``keys`` for ``seat``'s move, and its suit picker's first suit when it
    opens. Whether the server carried the move out (as the organiser saw it) within
    ``wait`` seconds of each press."""
    seen = organiser.moved.get(seat, 0)

    def moved() -> bool:
        return organiser.moved.get(seat, 0) > seen

    player.press(keys.press)
    if keys.suit:
        waits = [
            asyncio.ensure_future(organiser.until(moved, timeout=wait)),
            asyncio.ensure_future(player.until_screen(lambda r: r.picker, timeout=wait)),
        ]
        try:
            await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
        finally:  # (also when the run stops this turn)
            for task in waits:
                task.cancel()
            await asyncio.gather(*waits, return_exceptions=True)
        if not moved() and player.reading.picker:
            player.press(FIRST_SUIT)
    with contextlib.suppress(TimeoutError):
        await organiser.until(moved, timeout=wait)
    return moved()
