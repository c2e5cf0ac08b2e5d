"""The table as a newcomer meets it: a window resized, "Last card!" said ahead, and
quitting with a key still on its way."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot

from craits_core import Card, Command, Game, GameStore, Play
from craits_core.events import CardPlayed
from craits_tui.app import CraitsApp
from craits_tui.saved_meta import SavedMeta
from craits_tui.screens.table import TableScreen
from craits_tui.widgets.hand import Hand
from craits_tui.widgets.last_card import LastCardButton

from ..decks import stacked_game
from .conftest import at_table, click, hold_bots, make_app, seat_up, until
from .test_table import ANN_FIRST, ann_to_play, hand_of, key

# --- After the window was too small, the keys work again --------------------------


def play_key_shown(app: CraitsApp) -> bool:
    """Whether the footer offers Enter to play: the hand has the keyboard."""
    bindings = app.screen.active_bindings
    return "enter" in bindings and bindings["enter"].binding.action == "choose"


@pytest.mark.parametrize("back_to", [(100, 32), (140, 45)])
async def test_the_hand_has_the_keys_again_after_the_window_was_too_small(
    back_to: tuple[int, int], tmp_path: Path
) -> None:
    game = ann_to_play()
    async with at_table(tmp_path, game, held=True) as (app, pilot, screen):
        hand = screen.query_one(Hand)
        assert hand.has_focus and play_key_shown(app)
        await pilot.resize_terminal(60, 20)
        await until(pilot, lambda: screen.has_class("-too-small"), "the note to make it bigger")
        await pilot.resize_terminal(*back_to)
        await until(pilot, lambda: not screen.has_class("-too-small"), "the table again")
        await until(pilot, lambda: hand.has_focus, "the hand to have the keys")
        assert play_key_shown(app)
        # The arrows and Enter play the card they pick, with no Tab first.
        steps = (hand.cards.index(Card.parse("QH")) - hand.cursor) % len(hand.cards)
        await pilot.press(*["right"] * steps, "enter")
        await until(pilot, lambda: game.state.pile[-1] == Card.parse("QH"), "the Q♥ played")


async def test_a_window_too_small_twice_running_still_gives_the_keys_back(
    tmp_path: Path,
) -> None:
    game = ann_to_play()
    async with at_table(tmp_path, game, held=True) as (_, pilot, screen):
        hand = screen.query_one(Hand)
        for size in ((60, 20), (70, 22), (100, 32)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
        await until(pilot, lambda: hand.has_focus, "the hand to have the keys")
        await pilot.press("enter")
        await until(pilot, lambda: len(game.state.hands[0]) == 4, "a card played with Enter")


# --- "Last card!" said ahead rides on the next play ---------------------------------


def sent_commands(screen: TableScreen, monkeypatch: pytest.MonkeyPatch) -> list[Command]:
    """The commands the table screen hands to its table, from now on."""
    sent: list[Command] = []
    submit = screen.table.submit

    def recording(command: Command) -> object:
        sent.append(command)
        return submit(command)

    monkeypatch.setattr(screen.table, "submit", recording)
    return sent


async def last_card_to_say(pilot: Pilot[None], app: CraitsApp) -> tuple[Game, TableScreen]:
    """Ann to play with two cards, 7♥ and K♠, on the J♥ (Bob held)."""
    game = stacked_game(["7H KS", "3C 4C"], "JH", **ANN_FIRST)
    screen = seat_up(app, game, [None, "normal"])
    hold_bots(screen)
    await pilot.pause()
    return game, screen


async def arm(pilot: Pilot[None], screen: TableScreen, how: str) -> None:
    """Say "Last card!" ahead, by clicking the button or pressing `l`."""
    if how == "click":
        await click(pilot, "#last-card")
    else:
        await pilot.press("l")
    button = screen.query_one(LastCardButton)
    await until(pilot, lambda: "✓" in str(button.label), "the call armed")


@pytest.mark.parametrize("by", ["enter", "number"])
@pytest.mark.parametrize("how", ["click", "key"])
async def test_a_play_carries_last_card_said_ahead(
    how: str, by: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Said with the button or `l`, then played with Enter on the chosen card or with
    its number key: the play carries the call."""
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        game, screen = await last_card_to_say(pilot, app)
        sent = sent_commands(screen, monkeypatch)
        await arm(pilot, screen, how)
        if by == "enter":
            hand = screen.query_one(Hand)
            assert hand.cards[hand.cursor] == Card.parse("7H")  # K♠ does not fit the J♥
            await pilot.press("enter")
        else:
            await pilot.press(key(screen, "7H"))
        await until(pilot, lambda: len(game.state.hands[0]) == 1, "the card played")
        assert sent == [Play(0, Card.parse("7H"), announce=True)]
        assert game.state.announced[0]


@pytest.mark.parametrize("how", ["click", "key"])
async def test_last_card_said_ahead_is_taken_back_the_same_way(
    how: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        game, screen = await last_card_to_say(pilot, app)
        sent = sent_commands(screen, monkeypatch)
        await arm(pilot, screen, how)
        button = screen.query_one(LastCardButton)
        if how == "click":
            # A button takes no second click while it shows the first one pressed.
            await until(pilot, lambda: not button.pressed, "the button up")
            await click(pilot, "#last-card")
        else:
            await pilot.press("l")
        await until(pilot, lambda: "✓" not in str(button.label), "the call taken back")
        await pilot.press(key(screen, "7H"))
        await until(pilot, lambda: len(game.state.hands[0]) == 1, "the card played")
        assert sent == [Play(0, Card.parse("7H"), announce=False)]
        assert Card.parse("7H") not in hand_of(screen)


# --- Quitting: the keys after `q` do nothing ------------------------------------------


def type_at_once(app: CraitsApp, *keys: str) -> None:
    """Keys that arrive together, as a terminal sends keys typed fast (`pilot.press`
    waits for the app to settle after each key, which hides what they do then)."""
    for name in keys:
        app.simulate_key(name)


async def test_keys_typed_with_q_do_not_take_a_move_back(tmp_path: Path) -> None:
    game = ann_to_play()
    async with at_table(tmp_path, game, held=True) as (app, pilot, screen):
        table = screen.table
        await pilot.press(key(screen, "QH"))
        await until(pilot, lambda: game.state.current_player == 1, "Bob's turn")
        screen.action_one_move()  # Bob answers: Ann has a move to take back
        await until(pilot, lambda: game.state.current_player == 0, "Ann's turn")
        assert table.take_back_point(0) is not None
        events = list(game.events)
        game_id = table.game_id
        type_at_once(app, "q", "u")
        await pilot.pause()
        assert app.return_code == 0  # `q` quit
    assert game_id is not None
    with GameStore(tmp_path / "games.sqlite3") as store:
        assert SavedMeta.of(store.record(game_id)).take_backs == 0
        assert list(store.load(game_id, attach=False).events) == events


@pytest.mark.parametrize("move_key", ["d", "enter"])
async def test_keys_typed_with_q_make_no_move(move_key: str, tmp_path: Path) -> None:
    # Nothing of Ann's fits the J♥: `d` and Enter would draw.
    game = stacked_game(["3C 4C 5C 6C 9C", "7H KS 8C 2D QH"], "JH", **ANN_FIRST)
    async with at_table(tmp_path, game, held=True) as (app, pilot, screen):
        events = list(game.events)
        game_id = screen.table.game_id
        type_at_once(app, "q", move_key)
        await pilot.pause()
        assert app.return_code == 0  # `q` quit
    assert game_id is not None
    with GameStore(tmp_path / "games.sqlite3") as store:
        assert list(store.load(game_id, attach=False).events) == events


async def test_the_start_menu_has_the_keys_again_after_the_window_was_too_small(
    tmp_path: Path,
) -> None:
    # Every screen that asks for a bigger window gives the keys back, not the table alone.
    from craits_tui.screens.start import StartScreen

    app = make_app(tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, StartScreen), "the start menu")
        screen = app.screen
        await until(pilot, lambda: screen.focused is not None, "a button to have the keys")
        focused = screen.focused
        await pilot.resize_terminal(60, 20)
        await until(pilot, lambda: screen.has_class("-too-small"), "the note to make it bigger")
        await pilot.resize_terminal(100, 32)
        await until(pilot, lambda: not screen.has_class("-too-small"), "the menu again")
        await until(pilot, lambda: screen.focused is focused, "the same button to have the keys")


# --- Going out with an 8 -------------------------------------------------------------


async def test_going_out_with_an_8_asks_no_suit(tmp_path: Path) -> None:
    # The round ends with the play: whatever suit the 8 names changes nothing.
    from craits_tui.screens.suit_picker import SuitPicker

    game = stacked_game(["8C", "3C"], "JH", **ANN_FIRST)
    async with at_table(tmp_path, game, held=True) as (app, pilot, _):
        await pilot.press("enter")
        await until(
            pilot,
            lambda: any(isinstance(e, CardPlayed) for e in game.events),
            "the 8 played",
        )
        played = next(e for e in game.events if isinstance(e, CardPlayed))
        assert played.card == Card.parse("8C") and played.suit
        assert not isinstance(app.screen, SuitPicker)


def test_the_suit_picker_starts_on_the_suit_a_hint_advised() -> None:
    from craits_core import Suit
    from craits_tui.faces import CardLook
    from craits_tui.screens.suit_picker import SuitPicker

    hand = [Card.parse(c) for c in ("8C", "2H", "3H", "4H")]
    suits = [Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES]
    picker = SuitPicker(hand[0], suits, CardLook(), hand=hand)
    assert picker.likely_choice() is Suit.HEARTS  # held most
    advised = SuitPicker(hand[0], suits, CardLook(), hand=hand, advised=Suit.SPADES)
    assert advised.likely_choice() is Suit.SPADES


# --- Help: a key typed right after ? is the help's ----------------------------------


async def test_a_key_typed_right_after_help_goes_to_the_help(tmp_path: Path) -> None:
    from craits_tui.screens.help import HelpScreen

    async with at_table(tmp_path, ann_to_play(), held=True) as (app, pilot, screen):
        # c: the Controls tab in the help, but the cards' abilities at the table.
        type_at_once(app, "question_mark", "c")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen), "the help")
        await pilot.pause()
        assert app.screen.query_one("TabbedContent").active == "controls"
        assert app.screen_stack[-2] is screen
