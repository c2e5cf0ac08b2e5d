"""Every card of a big hand has a key, shown over it: 1-9, 0 for the tenth, then
letters no other key at the table takes."""

from __future__ import annotations

from pathlib import Path

import pytest

from craits_core import Card
from craits_tui.online.client.screens.table import RemoteTableScreen
from craits_tui.screens.suit_picker import SuitPicker
from craits_tui.screens.table import TableScreen
from craits_tui.widgets.hand import CARD_KEYS, Hand

from .conftest import hold_bots, make_app, seat_up, showing, until
from .snapshots import big_hand_game

TWELVE = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "b", "f"]
"""The keys over a hand of twelve, first card to last, as the player reads them."""


def keys_shown(hand: Hand) -> list[str]:
    """The keys over the hand's cards, row by row, as drawn."""
    lines = hand.render().plain.split("\n")
    height = hand.card_size[1]
    return [key for row in lines[::height] for key in row.split()]


@pytest.mark.parametrize("size", [(80, 24), (140, 45)])
async def test_every_card_of_a_hand_of_twelve_shows_its_key(
    size: tuple[int, int], tmp_path: Path
) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=size) as pilot:
        screen = seat_up(app, big_hand_game(), [None, "normal", "normal"])
        hold_bots(screen)
        await pilot.pause()
        hand = screen.query_one(Hand)
        await until(pilot, lambda: len(hand.cards) == 12, "Ann's hand of twelve")
        assert keys_shown(hand) == TWELVE


@pytest.mark.parametrize(("key", "code"), [("0", "6D"), ("b", "9D"), ("f", "KD")])
async def test_the_key_over_a_card_past_the_ninth_plays_it(
    key: str, code: str, tmp_path: Path
) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        game = big_hand_game()
        screen = seat_up(app, game, [None, "normal", "normal"])
        hold_bots(screen)
        await pilot.pause()
        hand = screen.query_one(Hand)
        await until(pilot, lambda: len(hand.cards) == 12, "Ann's hand of twelve")
        assert TWELVE[hand.cards.index(Card.parse(code))] == key  # shown over that card
        await pilot.press(key)
        if code == "9D":  # a 9 may switch to hearts: its suit is asked for
            await until(pilot, lambda: showing(app, SuitPicker), "the suit picker")
            await pilot.press("d")
        await until(pilot, lambda: game.state.pile[-1] == Card.parse(code), f"{code} played")
        assert len(game.state.hands[0]) == 11


@pytest.mark.parametrize("screen", [TableScreen, RemoteTableScreen])
def test_no_other_key_at_a_table_takes_a_card_key(screen: type[TableScreen]) -> None:
    # Each table (at home, online, in a lesson) binds the card keys to the cards
    # alone, at least fifteen of them, on keys every common layout has unshifted.
    assert len(CARD_KEYS) >= 15 and len(set(CARD_KEYS)) == len(CARD_KEYS)
    assert all(key.isdigit() or key in "abcdefghijklmnopqrstuvwxyz" for key in CARD_KEYS)
    bindings = screen._merge_bindings().key_to_bindings
    hand_keys = Hand._merge_bindings().key_to_bindings
    for position, key in enumerate(CARD_KEYS, 1):
        actions = [binding.action for binding in bindings.get(key, [])]
        assert actions == [f"play_number({position})"], key
        assert key not in hand_keys
