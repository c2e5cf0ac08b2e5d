"""Playing at the table, by mouse and by keys, as a player does."""

from __future__ import annotations

import threading
import time
from dataclasses import replace
from pathlib import Path

import pytest
from rich.console import Console
from rich.text import Text
from textual.notifications import Notification
from textual.pilot import Pilot

from craits_core import (
    CallIdiot,
    Card,
    ChooseSuit,
    Draw,
    Event,
    Game,
    GameStore,
    Play,
    RuleSet,
    StoreError,
    Suit,
)
from craits_core import bots as bots_module
from craits_core.bots import NormalBot
from craits_core.events import GameEnded, IdiotCalled, SuitChosen
from craits_tui import pacing
from craits_tui.app import CraitsApp
from craits_tui.faces import CardLook
from craits_tui.launch import Launch
from craits_tui.narrate import Narrator
from craits_tui.screens.game_over import GameOver
from craits_tui.screens.handover import HandoverScreen
from craits_tui.screens.round_summary import CardFlow, RoundSummary
from craits_tui.screens.start import StartScreen
from craits_tui.screens.suit_picker import SuitPicker
from craits_tui.screens.table import TableScreen
from craits_tui.table import LocalTable, Seat
from craits_tui.widgets.crank import CrankCounter
from craits_tui.widgets.footer import Footer, FooterKey
from craits_tui.widgets.hand import CARD_KEYS, GAP, CardScale, Hand
from craits_tui.widgets.last_card import LastCardButton
from craits_tui.widgets.scoreboard import Scoreboard
from craits_tui.widgets.seats import SeatBadge, SeatInfo, Seating, Shade
from craits_tui.widgets.status import StatusLine
from craits_tui.widgets.stock import DrawPile
from craits_tui.widgets.title import TitleBar

from ..decks import cards, stacked_game
from .conftest import at_table, bots_at_rest, click, hold_bots, make_app, seat_up, until
from .snapshots import screen_lines

# Ann (seat 0, a person) plays first: Bob (seat 1, a bot) deals.
ANN_FIRST = dict(dealer=1, names=["Ann", "Bob"])

CARD_WIDTH = CardScale.SMALL.value[0]
"""A small card's width: the hand's at the size of most tests."""


def ann_to_play() -> Game:
    """Ann (seat 0) to play first, on the J♥, with 7♥ K♠ 8♣ 2♦ Q♥; Bob holds five clubs."""
    return stacked_game(["7H KS 8C 2D QH", "3C 4C 5C 6C 9C"], "JH", **ANN_FIRST)


def card_offset(index: int) -> tuple[int, int]:
    """Where to click the hand's ``index``-th card (the hand has one column of padding)."""
    return (1 + index * (CARD_WIDTH + GAP) + 2, 2)


def hand_of(screen: TableScreen) -> tuple[Card, ...]:
    return screen.query_one(Hand).cards


def at(screen: TableScreen, code: str) -> tuple[int, int]:
    """Where to click ``code`` in the hand as shown (sorted by suit and rank)."""
    return card_offset(hand_of(screen).index(Card.parse(code)))


def key(screen: TableScreen, code: str) -> str:
    """The key that plays ``code``: the one shown over it."""
    return CARD_KEYS[hand_of(screen).index(Card.parse(code))]


async def test_click_a_card_to_play_it(tmp_path: Path) -> None:
    game = ann_to_play()
    async with at_table(tmp_path, game) as (_, pilot, screen):
        await click(pilot, Hand, offset=at(screen, "7H"))
        await pilot.pause()
        assert game.state.pile[-1] == Card.parse("7H")
        assert Card.parse("7H") not in hand_of(screen)


async def test_keys_pick_and_play_a_card(tmp_path: Path) -> None:
    game = ann_to_play()
    # Bob's turn stays his while Ann presses a key in it.
    async with at_table(tmp_path, game, held=True) as (_, pilot, screen):
        hand = screen.query_one(Hand)
        assert hand.cards[hand.cursor] in hand.playable  # the cursor starts on a playable card
        steps = (hand.cards.index(Card.parse("QH")) - hand.cursor) % len(hand.cards)
        await pilot.press(*["right"] * steps, "enter")
        await pilot.pause()
        assert game.state.pile[-1] == Card.parse("QH")
        events = game.event_count
        await pilot.press("d")  # not Ann's turn any more: nothing happens
        await pilot.pause()
        assert game.event_count == events and len(hand_of(screen)) == 4


async def test_up_and_down_move_between_rows_of_a_big_hand(tmp_path: Path) -> None:
    game = ann_to_play()
    async with at_table(tmp_path, game, size=(80, 24)) as (app, pilot, screen):
        hand = screen.query_one(Hand)
        # A hand grown by a crank: fifteen cards, three rows of six at 80 columns
        # (with the scroll bar they need).
        hand.cards = tuple(cards("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AH 2H"))
        hand.cursor = 4
        await pilot.pause()
        await pilot.press("down")
        assert hand.cursor == 10
        await pilot.press("down")  # the last row is short: its last card
        assert hand.cursor == 14
        await pilot.pause()
        assert "2♥" in shown(app) and "A♠" not in shown(app)  # scrolled to show it
        await pilot.hover(Hand, offset=(1 + 2 * (CARD_WIDTH + GAP) + 2, 2 * 4 + 2))
        assert hand.hovered == 14  # the mouse finds the cards where they are shown
        await pilot.press("down")  # no row below
        assert hand.cursor == 14
        await pilot.press("up", "up")
        assert hand.cursor == 2
        await pilot.pause()
        assert "A♠" in shown(app) and "2♥" not in shown(app)
        await pilot.press("up")  # no row above
        assert hand.cursor == 2


async def test_number_key_plays_that_card(tmp_path: Path) -> None:
    game = ann_to_play()
    async with at_table(tmp_path, game) as (_, pilot, screen):
        await pilot.press(key(screen, "QH"))
        await pilot.pause()
        assert game.state.pile[-1] == Card.parse("QH")


async def test_an_illegal_card_is_refused_with_the_reason(tmp_path: Path) -> None:
    game = ann_to_play()
    async with at_table(tmp_path, game) as (_, pilot, screen):
        events_before = game.event_count
        await click(pilot, Hand, offset=at(screen, "KS"))  # on a J♥
        await pilot.pause()
        assert game.event_count == events_before
        assert len(hand_of(screen)) == 5
        notice = screen.query_one(StatusLine).notice
        assert notice == "You must follow hearts or play a J or an 8."


async def test_draw_with_the_key_or_by_clicking_the_stock(tmp_path: Path) -> None:
    game = stacked_game(["3S KS 4C 2D 5D", "3C 4H 5C 6C 9C"], "JH", "10H 10C", **ANN_FIRST)
    # Bob's turn stays his, to be seen.
    async with at_table(tmp_path, game, held=True) as (app, pilot, screen):
        await pilot.press("d")
        await pilot.pause()
        assert Card.parse("10H") in hand_of(screen)
        assert game.state.current_player == 1
    app = make_app(tmp_path / "again")
    async with app.run_test(size=(100, 32)) as pilot:
        game = stacked_game(["3S KS 4C 2D 5D", "3C 4H 5C 6C 9C"], "JH", "10H 10C", **ANN_FIRST)
        screen = seat_up(app, game, [None, "normal"])
        await pilot.pause()
        await click(pilot, "#stock")
        await pilot.pause()
        assert Card.parse("10H") in hand_of(screen)


async def test_enter_draws_when_there_is_nothing_to_play(tmp_path: Path) -> None:
    game = stacked_game(["3S KS 4C 2D 5D", "3C 4H 5C 6C 9C"], "JH", "10H 10C", **ANN_FIRST)
    # Bob's turn stays his, to be seen.
    async with at_table(tmp_path, game, held=True) as (app, pilot, screen):
        assert "nothing to play, draw a card (d or Enter)" in shown(app)
        await pilot.press(key(screen, "KS"))  # a card named by its number is still refused
        await pilot.pause()
        assert len(hand_of(screen)) == 5
        await pilot.press("enter")
        await pilot.pause()
        assert Card.parse("10H") in hand_of(screen)
        assert game.state.current_player == 1


async def test_enter_does_not_draw_when_a_card_can_be_played(tmp_path: Path) -> None:
    game = stacked_game(["3S KS 4C 2D QH", "3C 4H 5C 6C 9C"], "JH", "10H 10C", **ANN_FIRST)
    async with at_table(tmp_path, game) as (_, pilot, screen):
        hand = screen.query_one(Hand)
        hand.cursor = hand.cards.index(Card.parse("KS"))
        await pilot.press("enter")  # refused: the Q♥ could be played
        await pilot.pause()
        assert len(hand_of(screen)) == 5
        assert game.state.pile[-1] == Card.parse("JH")


async def test_an_eight_asks_for_a_suit(tmp_path: Path) -> None:
    game = stacked_game(["8C KS 4C 2D 5D 8H", "3C 4H 5C 6C 9C 10C"], "JH", **ANN_FIRST)
    async with at_table(tmp_path, game) as (app, pilot, screen):
        await pilot.press(key(screen, "8C"))
        await pilot.pause()
        assert isinstance(app.screen, SuitPicker)
        # Enter would name diamonds, held most after the 8♣ (the 8♥ follows anything).
        assert app.screen.focused is not None and app.screen.focused.id == "suit-D"
        await pilot.press("s")
        await pilot.pause()
        assert game.state.active_suit is Suit.SPADES
        assert game.state.pile[-1] == Card.parse("8C")


async def test_the_suit_picker_takes_clicks(tmp_path: Path) -> None:
    game = stacked_game(["9C KS 4C 2D 5D", "3H 4H 5H 6H 9H"], "JC", **ANN_FIRST)
    # Bob's nine would switch the suit again.
    async with at_table(tmp_path, game, held=True) as (app, pilot, screen):
        await click(pilot, Hand, offset=at(screen, "9C"))
        await until(pilot, lambda: app.screen.query("#suit-S"), "the suit picker")
        assert isinstance(app.screen, SuitPicker)
        await click(pilot, "#suit-S")
        await until(pilot, lambda: game.state.active_suit is Suit.SPADES, "spades")


async def test_the_dealer_decides_a_starter_eight(tmp_path: Path) -> None:
    game = stacked_game(["3S KS 4C 2D 5D", "3C 4H 5C 6C 9C"], "8H", dealer=0, names=["Ann", "Bob"])
    # Bob's turn stays his, to be seen.
    async with at_table(tmp_path, game, held=True) as (app, pilot, _):
        assert isinstance(app.screen, SuitPicker)
        await pilot.press("d")
        await pilot.pause()
        assert game.state.active_suit is Suit.DIAMONDS
        assert game.state.current_player == 1


async def test_the_starter_suit_picker_closed_unanswered_comes_back_with_a_move(
    tmp_path: Path,
) -> None:
    # The dealer must decide before anything else: after Esc, a card's number, Enter,
    # a click on a card or on the stock opens the picker again rather than a refusal.
    game = stacked_game(["3S KS 4C 2D 5D", "3C 4H 5C 6C 9C"], "8H", dealer=0, names=["Ann", "Bob"])
    async with at_table(tmp_path, game) as (app, pilot, screen):
        for move in ("1", "enter", "card", "stock"):
            assert isinstance(app.screen, SuitPicker)
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is screen
            if move == "card":
                await click(pilot, Hand, offset=at(screen, "KS"))
            elif move == "stock":
                await click(pilot, DrawPile)
            else:
                await pilot.press(move)
            await pilot.pause()
        assert isinstance(app.screen, SuitPicker)
        assert not errors_told(app)
        await pilot.press("c")
        await pilot.pause()
        assert game.state.active_suit is Suit.CLUBS
        assert len(game.state.hands[0]) == 5  # nothing played, nothing drawn


async def test_last_card_said_with_the_play(tmp_path: Path) -> None:
    game = stacked_game(["7H KS", "3C 4C"], "JH", **ANN_FIRST)
    async with at_table(tmp_path, game) as (_, pilot, screen):
        assert screen.query_one(LastCardButton).allowed
        await pilot.press("l", key(screen, "7H"))
        await pilot.pause()
        assert game.state.announced[0]


async def test_last_card_said_after_the_play(tmp_path: Path) -> None:
    game = stacked_game(["7H KS", "3C 4C"], "JH", **ANN_FIRST)
    # However long Ann takes, Bob does not call her an idiot first.
    async with at_table(tmp_path, game, held=True) as (_, pilot, screen):
        await pilot.press(key(screen, "7H"))
        await pilot.pause()
        assert not game.state.announced[0]
        await click(pilot, "#last-card")
        await pilot.pause()
        assert game.state.announced[0]
        assert not screen.query_one(LastCardButton).allowed


async def test_the_last_card_button_takes_a_click_tab_and_enter_only_when_the_call_is_open(
    tmp_path: Path,
) -> None:
    # Five cards: nothing to say yet.
    async with at_table(tmp_path, ann_to_play(), held=True) as (_, pilot, screen):
        button = screen.query_one(LastCardButton)
        assert not button.allowed and button not in screen.focus_chain
        await click(pilot, button)
        await pilot.pause()
        assert not button.pressed and not screen.control.armed
    game = stacked_game(["7H KS", "3C 4C"], "JH", **ANN_FIRST)
    async with at_table(tmp_path, game, held=True) as (_, pilot, screen):
        button = screen.query_one(LastCardButton)
        assert button.allowed and button in screen.focus_chain
        button.focus()
        await pilot.press("enter")
        await until(pilot, lambda: "✓" in button.label, "the call armed")
        assert screen.control.armed and len(game.state.hands[0]) == 2  # nothing played


async def test_the_last_card_button_is_boxed_in_ascii(tmp_path: Path) -> None:
    game = stacked_game(["7H KS", "3C 4C"], "JH", **ANN_FIRST)
    async with at_table(tmp_path, game, held=True, ascii=True) as (app, pilot, screen):
        button = screen.query_one(LastCardButton)
        box = button.region

        def drawn() -> list[str]:
            lines = screen_lines(app.export_screenshot())[box.y : box.bottom]
            return [line.ljust(box.right)[box.x : box.right] for line in lines]

        assert drawn() == ["+--------------+", "|  Last card!  |", "+--------------+"]
        # Armed, it says so in ASCII too: no "✓".
        button.focus()
        await pilot.press("enter")
        await until(pilot, lambda: screen.control.armed, "the call armed")
        await pilot.pause()
        assert drawn()[1] == "|[x] Last card!|"


async def test_call_idiot_on_an_opponent_who_forgot(tmp_path: Path) -> None:
    game = stacked_game(
        ["7C KH 4D", "3H 4H 5H"], "JH", "2C 2D 2H 2S", dealer=0, names=["Ann", "Bob"]
    )
    # The test makes Bob's moves.
    async with at_table(tmp_path, game, held=True) as (_, pilot, screen):
        # Bob is to play first; he plays down to two cards... then to one, without a word.
        game.handle(Play(1, Card.parse("3H")))
        game.handle(Play(0, Card.parse("KH")))
        await pilot.pause()
        game.handle(Play(1, Card.parse("5H")))
        await pilot.pause()
        badge = screen.query_one(SeatBadge)  # Bob's: the only other player
        assert badge.info is not None and badge.info.seat == 1 and badge.info.callable
        await click(pilot, SeatBadge)
        await pilot.pause()
        assert len(game.state.hands[1]) == 3
        assert game.state.lost_turns[1] == 1


async def test_call_idiot_with_the_key(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        game = stacked_game(["7C KS", "3H 4H"], "JH", dealer=0, names=["Ann", "Bob"])
        # Bob's bot may still say "Last card!" in Ann's turn, and would, given time.
        hold_bots(seat_up(app, game, [None, "normal"]))
        game.handle(Play(1, Card.parse("3H")))
        await pilot.pause()
        await pilot.press("i")
        await pilot.pause()
        assert len(game.state.hands[1]) == 3


async def test_a_crank_against_you_is_shown_and_drawn(tmp_path: Path) -> None:
    # The starter 2 cranks Ann (left of the dealer); she holds no ace or 2.
    game = stacked_game(["3S KS 4C 9D 5D", "3C 4H 5C 6C 9C"], "2H", **ANN_FIRST)
    async with at_table(tmp_path, game) as (_, pilot, screen):
        crank = screen.query_one(CrankCounter)
        assert crank.count == 2 and crank.render().plain.startswith("CRANK 2")
        await pilot.press(key(screen, "KS"))  # refused: the crank wants an ace or a 2
        await pilot.pause()
        assert len(hand_of(screen)) == 5
        await pilot.press("d")
        await pilot.pause()
        assert len(hand_of(screen)) == 7
        assert crank.count == 0


async def test_the_status_line_takes_a_second_row_rather_than_cut_its_keys(
    tmp_path: Path,
) -> None:
    game = stacked_game(["3S KS 4C 9D 5D", "3C 4H 5C 6C 9C"], "2H", **ANN_FIRST)
    async with at_table(tmp_path, game, size=(80, 24)) as (app, pilot, screen):
        status = screen.query_one(StatusLine)
        assert status.message == "Crank at 2: you hold no A or 2, draw 2 (d or Enter)."
        assert "Enter)." in shown(app)
        # A line longer than the table is wide (a long name, a wordier language).
        status.message = "Crank at 2: Bartholomew holds no A or 2, draws 2 (d or Enter)."
        await pilot.pause()
        assert status.size.height == 2 and "Enter)." in shown(app)
        status.message = "Bob's turn."  # a short line again, the rest of the table as it was
        await pilot.pause()
        assert status.size.height == 1


async def test_a_crank_answered_with_an_ace(tmp_path: Path) -> None:
    game = stacked_game(["3S KS AC 9D 5D", "3C 4H 5C 6C 9C"], "2H", **ANN_FIRST)
    # Bob, with no ace or 2, would draw the crank at once.
    async with at_table(tmp_path, game, held=True) as (_, pilot, screen):
        await pilot.press(key(screen, "AC"))
        await pilot.pause()
        assert game.state.crank == 3
        assert screen.query_one(CrankCounter).count == 3


async def test_finish_a_round_then_see_the_summary(tmp_path: Path) -> None:
    game = stacked_game(["QH", "KC"], "JH", **ANN_FIRST)  # round 8: one card each
    async with at_table(tmp_path, game, pace="instant") as (app, pilot, screen):
        await pilot.press("1")
        await pilot.pause()
        assert isinstance(app.screen, RoundSummary)
        assert game.state.round_number == 9  # the next round is dealt already...
        assert screen.view is not None and screen.view.round_number == 8  # ...not yet shown
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen
        assert screen.view.round_number == 9


async def test_finish_a_short_game(tmp_path: Path) -> None:
    game = stacked_game(["QH", "KC"], "JH", rules=RuleSet(short_game=True), **ANN_FIRST)
    async with at_table(tmp_path, game, pace="instant") as (app, pilot, screen):
        await pilot.press("1")
        await pilot.pause()
        assert isinstance(app.screen, RoundSummary)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameOver)
        assert game.state.is_over and game.state.winners == (0,)
        # Again: the same players and rules, a new deal from the first round.
        await pilot.press("a")
        await pilot.pause()
        # (Under the suit picker, if Ann deals herself a starter 8 or 9.)
        again = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        assert again.table is not screen.table
        assert again.table.seats == screen.table.seats
        assert again.view is not None and again.view.rules == RuleSet(short_game=True)
        assert again.view.round_number == 1 and again.view.totals == (0, 0)
        assert app.store is not None and len(app.store.games()) == 2


async def test_bots_play_a_whole_game_to_the_end(tmp_path: Path) -> None:
    launch_app = make_app(tmp_path, pace="instant")
    async with launch_app.run_test(size=(100, 32)) as pilot:
        game = Game.new(["Ada", "Bob", "Cy"], seed=5, rules=RuleSet(short_game=True), first_round=6)
        seat_up(launch_app, game, ["normal", "normal", "random"])

        def shown_up() -> type[object]:
            return type(launch_app.screen)

        while shown_up() is not GameOver:
            await until(pilot, lambda: shown_up() in (RoundSummary, GameOver), "a round's end")
            if shown_up() is RoundSummary:
                await pilot.press("enter")  # it would close by itself, after a while
                await until(pilot, lambda: shown_up() is not RoundSummary, "the next round")
        assert game.state.is_over


async def test_resume_after_a_restart(tmp_path: Path) -> None:
    # Her 6 has Ann play again: no bot's move comes between the save and the check.
    game = stacked_game(["6H KS 8C 2D QH", "3C 4C 5C 6C 9C"], "JH", **ANN_FIRST)
    async with at_table(tmp_path, game) as (_, pilot, screen):
        await pilot.press(key(screen, "6H"))
        await pilot.pause()
        assert game.state.current_player == 0 and len(game.state.hands[0]) == 4
        saved_state = game.state
    again = make_app(tmp_path, launch=Launch(resume=True))
    async with again.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = again.screen
        assert isinstance(screen, TableScreen)
        assert screen.table.game.state == saved_state
        assert screen.view == screen.table.game.view(0)


async def test_a_tiny_window_asks_to_be_made_bigger(tmp_path: Path) -> None:
    game = ann_to_play()
    async with at_table(tmp_path, game) as (_, pilot, screen):
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        assert screen.has_class("-too-small")
        assert screen.query_one("#too-small").display
        assert not screen.query_one(Hand).display or not screen.query_one("#table").display
        await pilot.resize_terminal(100, 32)
        await pilot.pause()
        assert not screen.has_class("-too-small")
        assert screen.query_one("#table").display
        await pilot.press(key(screen, "7H"))
        await pilot.pause()
        assert game.state.pile[-1] == Card.parse("7H")


async def ready(pilot: Pilot[None], app: CraitsApp) -> None:
    """Say "ready" to the handover a hot-seat game opens with."""
    await pilot.pause()
    assert isinstance(app.screen, HandoverScreen)
    await pilot.press("enter")
    await pilot.pause()


async def test_a_hot_seat_game_opens_with_the_hand_hidden(tmp_path: Path) -> None:
    # Whoever opens (or resumes) the game may not be the one whose hand is on show;
    # the bots wait too, since they may play first.
    game = stacked_game(["7H KS", "3C 4C", "5H 6H"], "JH", dealer=0, names=["Ann", "Bob", "Cy"])
    async with at_table(tmp_path, game, [None, "normal", None]) as (app, pilot, screen):
        assert isinstance(app.screen, HandoverScreen)
        assert "Pass the terminal to Ann." in shown(app)
        # Bob, a bot, waits for her too: no move of his is on its way.
        assert game.state.current_player == 1 and bots_at_rest(screen)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen and screen.seat == 0


async def test_hot_seat_hides_the_hand_between_people(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        game = stacked_game(["7H KS 8C", "3C 4C 5C"], "JH", "9S", **ANN_FIRST)
        screen = seat_up(app, game, [None, None])
        await ready(pilot, app)
        assert screen.seat == 0
        await pilot.press(key(screen, "7H"))  # now Bob's turn
        await pilot.pause()
        assert isinstance(app.screen, HandoverScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen
        assert screen.seat == 1
        assert set(hand_of(screen)) == set(game.state.hands[1])
        assert screen.view == game.view(1)
        await pilot.press("d")  # Bob cannot follow: draws the 9♠
        await pilot.pause()
        assert isinstance(app.screen, HandoverScreen)
        await pilot.press("enter")
        await pilot.pause()
        log_text = "\n".join(line.plain for line in screen.query_one("#log").lines)
        assert "9♠" not in log_text  # Bob's draw is not shown to Ann


async def test_hot_seat_lets_the_last_player_say_last_card(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        game = stacked_game(["7H KS", "3H 4C"], "JH", **ANN_FIRST)
        screen = seat_up(app, game, [None, None])
        await ready(pilot, app)
        await pilot.press(key(screen, "7H"))  # Ann is left with one card and said nothing
        await pilot.pause()
        assert isinstance(app.screen, HandoverScreen)
        await pilot.press("l")
        await pilot.pause()
        assert game.state.announced[0]
        assert isinstance(app.screen, HandoverScreen)


async def test_opening_a_game_in_progress_does_not_relive_past_rounds(tmp_path: Path) -> None:
    import random

    app = make_app(tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        game = Game.new(["Ann", "Bob", "Cy"], seed=8)
        rng = random.Random(8)
        while len(game.state.round_scores) < 2:
            game.handle(rng.choice(game.legal_moves(game.state.current_player)))
        screen = seat_up(app, game, [None, "normal", "normal"])
        hold_bots(screen)  # the game as it was opened, not a bot's move later
        await pilot.pause()
        assert app.screen is screen or not isinstance(app.screen, RoundSummary)
        assert screen.view == game.view(0)
        assert len(screen.query_one("#log").lines) > 0


async def test_a_damaged_save_file_is_left_alone_and_play_goes_on(tmp_path: Path) -> None:
    from craits_tui.screens.start import StartScreen
    from craits_tui.screens.store_problem import StoreProblem

    damaged = tmp_path / "games.sqlite3"
    garbage = b"this is not a database, just some bytes\x00\x01\x02" * 50
    damaged.write_bytes(garbage)
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, StoreProblem)
        assert str(damaged) in str(app.screen.query_one("#problem").render())
        await click(pilot, "#fresh")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        assert app.store is not None and app.store.path != damaged
    assert damaged.read_bytes() == garbage


def seat_against_a_bot(app: CraitsApp) -> tuple[Game, TableScreen]:
    """Seat Ann, to play first (7♥ K♠ 8♣ on the J♥), against a normal bot's three clubs."""
    game = stacked_game(["7H KS 8C", "3C 4C 5C"], "JH", **ANN_FIRST)
    return game, seat_up(app, game, [None, "normal"])


def errors_told(app: CraitsApp) -> list[str]:
    """The error notices the app has shown, oldest first."""
    return [n.message for n in app._notifications if n.severity == "error"]


def disk_full(*args: object, **kwargs: object) -> None:
    """A save file that can take nothing more."""
    raise StoreError("could not save the game: disk full")


async def test_a_save_that_fails_mid_game_lets_the_game_go_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        game, _ = seat_against_a_bot(app)
        await pilot.pause()
        assert app.store is not None
        saved = len(app.store.load(app.store.games()[0].id).events)
        monkeypatch.setattr(app.store, "_append", disk_full)
        await pilot.press(key(app.screen, "7H"))
        await pilot.pause()
        assert game.state.pile[-1] == Card.parse("7H")  # played all the same
        told = errors_told(app)
        assert told and "disk full" in told[0] and "not saved" in told[0]
        assert len(app.store.load(app.store.games()[0].id).events) == saved  # kept as it was
        await pilot.press("q")
        await pilot.pause()
        assert app._exit_renderables == [
            "Saving stopped partway through this game: start craits-tui again to go on "
            "from the last move saved."
        ]


async def test_a_game_open_in_another_window_is_not_resumed_here(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        seat_against_a_bot(app)
        await pilot.pause()
        assert app.store is not None
        game_id = app.store.games()[0].id
        path = app.store.path
    with GameStore(path) as window:
        window.load(game_id)  # the game at a table in another window
        again = make_app(tmp_path, launch=Launch(resume=True))
        async with again.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            assert isinstance(again.screen, StartScreen)
            told = errors_told(again)
            assert told == [
                "This game is open in another window. Play it there, or quit it there first."
            ]


@pytest.mark.usefixtures("lockless")
async def test_a_game_played_on_elsewhere_stops_saving_here(tmp_path: Path) -> None:
    # Where the file system keeps no locks, another window can take the game on.
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        game, _ = seat_against_a_bot(app)
        await pilot.pause()
        assert app.store is not None
        game_id = app.store.games()[0].id
        with GameStore(app.store.path) as elsewhere:
            other = elsewhere.load(game_id)
            other.handle(Play(0, Card.parse("8C"), Suit.HEARTS))
        await pilot.press(key(app.screen, "7H"))
        await pilot.pause()
        assert game.state.pile[-1] == Card.parse("7H")  # this window plays on
        told = errors_told(app)
        assert told and "another window" in told[0]
        # The other window's move is the one saved.
        assert app.store.load(game_id, attach=False).state.pile[-1] == Card.parse("8C")


@pytest.mark.parametrize(
    ("bell_after", "bell", "rings"),
    [(0.0, True, 1), (0.0, False, 0), (None, True, 0), (60.0, True, 0)],
    ids=["after-a-wait", "turned-off", "at-this-terminal", "no-long-wait"],
)
async def test_the_turn_rings_the_bell_after_a_long_wait(
    tmp_path: Path, bell_after: float | None, bell: bool, rings: int
) -> None:
    app = make_app(tmp_path, pace="instant")
    app.settings = app.settings.but(bell=bell)
    rung: list[None] = []
    app.bell = lambda: rung.append(None)  # type: ignore[method-assign]
    async with app.run_test(size=(100, 32)) as pilot:
        game = stacked_game(["QH KS 8C", "QC 4D 5D"], "JH", **ANN_FIRST)
        screen = seat_up(app, game, [None, "normal"])
        screen.policy.bell_after = bell_after
        await pilot.pause()
        await pilot.press(key(screen, "QH"))

        # Bob answers with the Q♣; the bell rings (or not) as the table shows it.
        def answered() -> bool:
            return game.state.pile[-1] == Card.parse("QC") and screen.control.my_turn()

        await until(pilot, answered, "Bob's answer shown")
        assert game.state.current_player == 0
        assert len(rung) == rings


async def test_a_big_terminal_deals_big_cards_that_play_with_a_click(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        game, screen = seat_against_a_bot(app)
        await pilot.pause()
        hand = screen.query_one(Hand)
        # Room for two rows of cards: a number line and three of card each.
        assert not hand.big and hand.card_size[1] == 4 and hand.size.height == 8
        await pilot.resize_terminal(160, 48)
        await pilot.pause()
        assert hand.big and hand.card_size[1] == 6 and hand.size.height == 12  # five of card
        faces = Console(width=80, color_system=None)
        with faces.capture() as shown:
            faces.print(hand.render())
        assert "│  ♥  │" in shown.get()
        # The middle of the second card (K♠ 7♥ 8♣), big: seven columns and a gap.
        await click(pilot, Hand, offset=(1 + 1 * 8 + 3, 3))
        await pilot.pause()
        assert game.state.pile[-1] == Card.parse("7H")
        # Bigger yet on a terminal bigger yet: seven lines of card.
        await pilot.resize_terminal(200, 60)
        await pilot.pause()
        assert hand.card_size == (9, 8) and hand.size.height == 16
        await pilot.resize_terminal(100, 32)
        await pilot.pause()
        assert not hand.big


async def test_a_new_game_that_cannot_be_saved_is_played_unsaved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert app.store is not None
        monkeypatch.setattr(app.store, "add", disk_full)
        game, screen = seat_against_a_bot(app)
        await pilot.pause()
        assert app.screen is screen
        assert any("played unsaved" in n.message for n in app._notifications)
        await pilot.press(key(screen, "7H"))
        await pilot.pause()
        assert game.state.pile[-1] == Card.parse("7H")
        await pilot.press("q")
        await pilot.pause()
        assert app._exit_renderables == ["This game was not saved, so it cannot be resumed."]


async def test_options_at_the_table_change_the_cards_and_the_announcing(tmp_path: Path) -> None:
    game = stacked_game(["QH 4S", "3C 4C"], "JH", **ANN_FIRST)
    async with at_table(tmp_path, game) as (app, pilot, screen):
        assert "♥" in shown(app)
        await pilot.press("o")
        await click(pilot, "#option-ascii")
        await click(pilot, "#option-auto_announce")
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen
        assert not any(glyph in shown(app) for glyph in "♠♥♦♣")  # hand, piles, log, status
        assert "QH" in shown(app).replace(" ", "")
        await pilot.press(key(screen, "QH"))  # down to one card: said for Ann
        await pilot.pause()
        assert game.state.announced[0]
        assert "Pace" not in footer_keys(screen)  # it is in the options...
        await pilot.press("p")  # ...and its key still works
        assert app.settings.pace == "normal" and screen.settings.pace == "normal"  # from slow


async def test_the_hint_key_says_what_the_hard_bot_would_do(tmp_path: Path) -> None:
    # The Q♥ is the only card that follows, and it leaves Ann with one card.
    game = stacked_game(["QH 4S", "3C 4C"], "JH", **ANN_FIRST)
    async with at_table(tmp_path, game) as (app, pilot, screen):
        await pilot.press("h")

        def hints() -> list[Notification]:
            return [n for n in app._notifications if n.title == "Hint"]

        await until(pilot, hints, "the hint")  # the hard bot thinks in a thread
        assert hints()[0].message == (
            "Play Q♥, and say “Last card!” (l) — the Q♥ is the only card that fits"
        )
        hand = screen.query_one(Hand)
        assert hand.cards[hand.cursor] == Card.parse("QH")
        assert game.state.pile[-1] == Card.parse("JH")  # a hint plays nothing
        await pilot.press("l", "enter")
        await pilot.pause()
        assert game.state.pile[-1] == Card.parse("QH")
        assert not hints()  # it was for that move


def test_a_hint_to_draw_names_the_key() -> None:
    narrator = Narrator(["Ann", "Bob"], 0, CardLook())
    # Where drawing is a choice, Enter plays the chosen card: the hint says d.
    assert narrator.advice(Draw(0)) == "Draw a card (d)"


def test_a_hint_to_play_a_nine_says_whether_to_keep_its_suit() -> None:
    # The player is asked next whether to switch: the hint answers that too.
    narrator = Narrator(["Ann", "Bob"], 0, CardLook())
    nine = Card.parse("9S")
    assert narrator.advice(Play(0, nine)) == "Play 9♠ and keep spades"
    assert narrator.advice(Play(0, nine, Suit.SPADES)) == "Play 9♠ and keep spades"
    assert narrator.advice(Play(0, nine, Suit.CLUBS)) == "Play 9♠ and switch to clubs"
    assert narrator.advice(Play(0, Card.parse("8S"), Suit.SPADES)) == "Play 8♠ and name spades"
    assert narrator.advice(Play(0, Card.parse("KS"))) == "Play K♠"


def test_the_log_speaks_to_you_in_good_grammar() -> None:
    narrator = Narrator(["Ann", "Bob", "Cy"], 0, CardLook())
    assert narrator.event(IdiotCalled(1, 0)) == "Bob called you an idiot: no “Last card!”"
    assert narrator.event(IdiotCalled(0, 2)).startswith("You called Cy")
    totals = (0, 0, 0)
    assert narrator.event(GameEnded(totals, (0,))) == "Game over: you win!"
    assert narrator.event(GameEnded(totals, (0, 2))) == "Game over: you share the win with Cy!"
    assert narrator.event(GameEnded(totals, (1,))) == "Game over: Bob wins!"


@pytest.mark.parametrize(
    ("starter", "suit", "told"),
    [
        ("9H", Suit.HEARTS, "Bob kept hearts."),
        ("9H", Suit.DIAMONDS, "Bob switched to diamonds."),
        ("8H", Suit.CLUBS, "Bob chose clubs."),
    ],
)
def test_the_log_tells_a_starter_nine_kept_from_switched(
    starter: str, suit: Suit, told: str
) -> None:
    game = stacked_game(["3S KS", "3C 4H"], starter, dealer=1, names=["Ann", "Bob"])
    game.handle(ChooseSuit(1, suit))
    narrator = Narrator(game.state.players, 0, CardLook())
    told_of = {type(e): narrator.event(e) for e in game.events_for(0)}
    assert told_of[SuitChosen] == told


def footer_keys(screen: TableScreen) -> dict[str, FooterKey]:
    """The footer's keys by description."""
    return {key.description: key for key in screen.query_one(Footer).keys}


async def test_the_footer_follows_the_moves_on_offer(tmp_path: Path) -> None:
    # Ann holds nothing that follows J♥: she must draw.
    game = stacked_game(["3C 4C 5C 6C 9C", "7H KS 8C 2D QH"], "JH", **ANN_FIRST)
    # Bob's turn stays his, to be seen.
    async with at_table(tmp_path, game, held=True) as (_, pilot, screen):
        keys = footer_keys(screen)
        assert keys["Draw"].enabled
        assert not keys["Idiot!"].enabled
        assert "Quit" in keys

        await pilot.press("d")
        await pilot.pause()
        assert game.state.current_player == 1
        assert not footer_keys(screen)["Draw"].enabled


@pytest.mark.parametrize("size", [(100, 32), (80, 24)])
async def test_click_a_key_in_the_footer(size: tuple[int, int], tmp_path: Path) -> None:
    game = stacked_game(["3C 4C 5C 6C 9C", "7H KS 8C 2D QH"], "JH", **ANN_FIRST)
    # Bob's 7♥ would have Ann draw another.
    async with at_table(tmp_path, game, held=True, size=size) as (_, pilot, screen):
        text = screen.query_one(Footer).render().plain
        # Every key fits, at 80 columns too (closer together there, and without
        # the keys the help and the menu also offer).
        assert len(text) <= size[0] and text.rstrip().endswith("esc Leave")
        await click(pilot, Footer, offset=(text.index("Draw"), 0))
        # The click presses the key, which the app reads in a turn of its own.
        await until(pilot, lambda: len(game.state.hands[0]) == 6, "Ann's draw")


async def test_a_footer_too_long_for_its_keys_drops_the_first_words(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = seat_up(
            app, stacked_game(["3C 4C 5C", "7H KS 8C"], "JH", **ANN_FIRST), [None, "normal"]
        )
        hold_bots(screen)  # Bob's 7♥ would have Ann draw another
        await pilot.pause()
        footer = screen.query_one(Footer)
        # Words as long as another language's: even without the keys to spare, the
        # compact line would be too long.
        footer.keys = tuple(replace(k, description=k.description + "-xxxx") for k in footer.keys)
        text = footer.render().plain
        assert len(text.rstrip()) <= 80 and text.rstrip().endswith("esc Leave-xxxx")
        assert "Options" not in text and "Quit" not in text
        assert text.startswith("⏎ d ")  # Play (Enter) and Draw are known without their words
        await click(pilot, Footer, offset=(text.index("d "), 0))
        # The click still finds its key, which the app reads in a turn of its own.
        await until(pilot, lambda: len(hand_of(screen)) == 4, "Ann's draw")


def shown(app: CraitsApp) -> str:
    """The terminal's text, as the player reads it."""
    return "\n".join(screen_lines(app.export_screenshot()))


async def test_the_plays_before_your_turn_and_the_draw_are_all_shown(tmp_path: Path) -> None:
    app = make_app(tmp_path, pace="instant")
    async with app.run_test(size=(100, 32)) as pilot:
        # Ann deals; each bot has one card to play, and then Ann has none: her hand
        # does not change while the table fills in around it.
        hands = ["4H 6H 7H 9H 10D", "JS 4C 6C 7C 10C", "QS 4D 6D 7D 9D", "KS JD JC KD 10H"]
        game = stacked_game(hands, "3S", dealer=0)
        screen = seat_up(app, game, [None, "normal", "normal", "normal"])
        await until(pilot, lambda: screen.check_action("draw", ()), "Ann's turn to draw")
        lines = [" ".join(line.split()) for line in shown(app).splitlines()]
        for play in ("J♠ Bob", "Q♠ Cy", "K♠ Di"):  # in the trail of plays
            assert any(play in line for line in lines)
        assert any("draw (d)" in line for line in lines)


async def test_the_crank_box_keeps_its_size_for_a_long_name(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        # The starter 2 cranks Ann (left of the dealer, Cy); her ace passes it on.
        hands = ["AC 4H 6H 7H 9H", "3C 4C 5C 6C 9C", "3D 4D 5D 6D 9D"]
        game = stacked_game(hands, "2H", dealer=2, names=["Ann", "Bartholomew", "Cy"])
        screen = seat_up(app, game, [None, "normal", "normal"])
        # Bartholomew holds no ace or 2: left to himself he would draw the crank
        # before the screen is read, on a busy machine.
        hold_bots(screen)
        await pilot.pause()
        assert "you must answer" in shown(app)
        crank = screen.query_one(CrankCounter)
        box = crank.region
        await pilot.press(key(screen, "AC"))
        await pilot.pause()
        # The name takes the box's spare line, and the box keeps its size: a crank
        # passed on is no new layout of the table.
        lines = crank.render().plain.splitlines()
        assert " ".join(lines[-2:]).split() == ["Bartholomew", "must", "answer"]
        assert "Bartholomew" in shown(app) and crank.region == box


async def test_a_small_table_shows_the_crank_and_the_plays_together(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        # Eight cards take two rows of the hand: the middle of the table is short.
        hands = [
            "AC 4H 6H 7H 9H 10S JS QS",
            "3C 4C 5C 6C 9C 10C JC QC",
            "3D 4D 5D 6D 9D 10D JD QD",
        ]
        game = stacked_game(hands, "2H", dealer=2)
        screen = seat_up(app, game, [None, "normal", "normal"])
        await pilot.pause()
        text = shown(app)
        # Who must answer takes two lines of the narrow box, and none is cut.
        assert "CRANK 2" in text and "you must" in text and "answer" in text
        assert "…" not in screen.query_one(CrankCounter).render().plain
        assert "no plays" in text


async def test_the_scoreboard_sets_names_closer_before_cutting_them(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 32)) as pilot:
        # Five names of three letters: too many for two cells between them.
        names = ["Ann", "Bob", "Cyd", "Dee", "Eve"]
        screen = seat_up(app, Game.new(names, seed=11), [None, *["normal"] * 4])
        await pilot.pause()
        board = screen.query_one(Scoreboard)
        header = board.render().plain.splitlines()[0]
        assert header.split()[2:] == names and header.endswith("Ann Bob Cyd Dee Eve ")
        assert len(header) <= board.content_size.width


async def test_the_scoreboard_cuts_long_names_to_fit(tmp_path: Path) -> None:
    game = Game.new(["Ann", "Bartholomew-Long", "Cy", "Di"], seed=11)
    async with at_table(tmp_path, game, [None, "normal", "normal", "normal"]) as (_, _, screen):
        board = screen.query_one(Scoreboard)
        lines = board.render().plain.splitlines()
        assert len(lines) == 1 + 15 + 1  # a header, a row a round, the totals
        assert all(len(line) <= board.content_size.width for line in lines)
        names = lines[0].split()[2:]
        assert names[0] == "Ann" and names[2:] == ["Cy", "Di"]
        assert names[1].endswith("…") and "Bartholomew-Long".startswith(names[1][:-1])


async def test_the_leaders_star_never_hides_a_name(tmp_path: Path) -> None:
    # Four short names fill the board; a star on top would cut Cy's to "…".
    game = Game.new(["Root", "Ada", "Bob", "Cy"], seed=11)
    bots = [None, "normal", "normal", "normal"]
    # A side column of 35 cells: 33 for the board.
    async with at_table(tmp_path, game, bots, size=(117, 32)) as (_, _, screen):
        board = screen.query_one(Scoreboard)
        assert board.content_size.width == 33
        board.round_scores = ((90, 30, 10, 0),)
        header = board.render().plain.splitlines()[0].split()
        assert header[2:] == ["Root", "Ada", "Bob", "Cy"]
        board.players = ("Ann", "Ada", "Bob", "Cy")  # one cell less: room for the star
        assert board.render().plain.splitlines()[0].split()[2:] == ["Ann", "Ada", "Bob", "★", "Cy"]


async def test_every_round_and_the_totals_fit_a_small_terminal(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        seat_up(app, Game.new(["Ann", "Bob", "Cy"], seed=3), [None, "normal", "normal"])
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        lines = [" ".join(line.split()) for line in shown(app).splitlines()]
        assert any("Scores (lowest total wins)" in line for line in lines)
        assert any("15 8 · · ·" in line for line in lines)
        assert any("Total 0 0 0" in line for line in lines)


async def test_the_title_keeps_the_points_whole_in_a_narrow_window(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = seat_up(app, Game.new(["Ann", "Bob"], seed=3), [None, "normal"])
        await pilot.pause()
        title = screen.query_one(TitleBar)
        assert title.render().plain == "Craits · round 1 of 15 · 8 cards each · you: 0 pts"
        # Late in a game, with a big score, the game's name gives way first.
        title.parts = ("Craits", "round 15 of 15 · 8 cards each", "Bob's hand · you: -1250 pts")
        assert title.render().plain == "round 15 of 15 · 8 cards each · Bob's hand · you: -1250 pts"


async def test_a_narrow_badge_keeps_the_points_whole(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        names = ["Ann", "Bob", "Christopher", "Di", "Ed"]
        seat_up(app, Game.new(names, seed=12), [None, "normal", "normal", "normal", "normal"])
        await pilot.pause()
        badges = [badge.render().plain.split("\n") for badge in app.screen.query(SeatBadge)]
        assert len(badges) == 4
        for name, *_fan, about, mark in badges:
            assert name.removeprefix("▶ ").split()[0] in ("Bob", "Christopher", "Di", "Ed")
            # (The seats across the table, a line shorter, show the points on
            # the marks' line, when they have no mark.)
            assert (mark if "╯" in about else about).endswith(("pt", "pts"))
        # Ed forgot his last card: his badge gives the key whole, not "(i or cl…".
        badge = app.screen.query(SeatBadge).last()
        badge.info = SeatInfo(seat=4, name="Ed", cards=1, bot="normal", callable=True)
        assert badge.render().plain.splitlines()[-1] == "Idiot! (i)"


async def test_a_narrow_badge_keeps_the_bot_level_where_it_fits(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        names = ["Ann", "Bob", "Cy", "Di", "Ed"]
        screen = seat_up(app, Game.new(names, seed=12), [None, "hard", "normal", "easy", "random"])
        hold_bots(screen)  # Bob's eight cards as dealt
        await pilot.pause()
        badge = screen.query_one(Seating).badge_of(1)

        def name_and_about() -> tuple[str, str]:
            lines = badge.render().plain.split("\n")
            return lines[0], lines[-2]

        assert name_and_about() == ("Bob", "hard · 0 pts")
        # More points leave no room for the level beside them: it goes by the name.
        badge.info = SeatInfo(seat=1, name="Bob", cards=12, bot="hard", total=140)
        assert name_and_about() == ("Bob     hard", "140 pts")
        # Where the level does not fit there either, the name and points stay whole.
        badge.info = SeatInfo(seat=1, name="Bobby-Joe", cards=12, bot="normal", total=-1140)
        assert name_and_about() == ("Bobby-Joe", "-1140 pts")


async def test_a_player_who_went_out_is_shown_so_not_as_on_a_last_card(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        seat_up(app, Game.new(["Ann", "Bob"], seed=3), [None, "normal"])
        await pilot.pause()
        badge = app.screen.query_one(SeatBadge)
        badge.info = SeatInfo(seat=1, name="Bob", cards=1, bot="normal", announced=True)
        assert badge.render().plain.splitlines()[-1] == "LAST CARD!"
        assert badge.shade is Shade.LAST_CARD
        # His last card played: the round is over, or a crank goes on without him.
        badge.info = SeatInfo(seat=1, name="Bob", cards=0, bot="normal", announced=True)
        assert badge.render().plain.splitlines()[-1] == "went out"
        assert badge.shade is Shade.PLAIN


def test_a_card_and_its_points_stay_on_one_line_of_the_summary() -> None:
    entries = [Text("6♥ 30"), Text("K♦ 10"), Text("3♦ cancels 2♦"), Text("A♣ 1")]
    console = Console(width=14, color_system=None)
    with console.capture() as captured:
        console.print(CardFlow(entries))
    assert captured.get().splitlines() == ["6♥ 30  K♦ 10", "3♦ cancels 2♦", "A♣ 1"]


async def test_two_people_at_one_terminal_take_turns(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        hands = ["KH 4S 5S 6S 9S", "3H QH 4D 6D 9D", "JC QC KC AC 2C"]
        game = stacked_game(hands, "JH", dealer=2, names=["Ann", "Ben", "Cy"])
        screen = seat_up(app, game, [None, None, "normal"])
        await ready(pilot, app)
        await pilot.press(key(screen, "KH"))
        await pilot.pause()
        # Ann's cards are hidden until Ben says he is ready.
        assert isinstance(app.screen, HandoverScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen
        assert set(hand_of(screen)) == {Card.parse(c) for c in hands[1].split()}
        badges = [badge.info for badge in screen.query(SeatBadge)]
        assert [info.seat for info in badges if info is not None] == [2, 0]  # from Ben's left
        assert "Your turn" in shown(app)


@pytest.mark.parametrize(
    ("bobs_hand", "deliberation"), [("3C 4C 5C 6C 9C", 0.6), ("3H 4H 5H 6H 9H", 1.3)]
)
async def test_a_bot_with_no_choice_plays_sooner(
    bobs_hand: str, deliberation: float, tmp_path: Path
) -> None:
    # Ann deals: Bob plays first, on the J♥. He must draw, or may play any heart.
    game = stacked_game(["7H KS 8C 2D QH", bobs_hand], "JH", dealer=0)
    # His turn stays his, to be looked at.
    async with at_table(tmp_path, game, held=True) as (_, _, screen):
        assert game.state.current_player == 1
        choices = screen.bots.choices()
        assert choices is not None and pacing.deliberation(choices) == deliberation


async def test_watching_bots_shows_the_hand_of_the_player_to_move(tmp_path: Path) -> None:
    # Ann deals: Bob plays first, on the J♥, then Cy.
    game = stacked_game(["7H KS 8C 2D QH", "3C 4C 5H 6C 9C", "AS 2S 3S 4S 6S"], "JH")
    # The bots wait, paused: the test plays for them.
    async with at_table(tmp_path, game, ["normal"] * 3, held=True) as (app, pilot, screen):
        hand = screen.query_one(Hand)
        assert set(hand.cards) == set(cards("3C 4C 5H 6C 9C"))
        assert hand.playable == {Card.parse("5H")}
        assert "Bob to play, holding:" in shown(app)
        # No keys to play them: no numbers over the cards, and a click does nothing.
        assert "1" not in str(hand.render()).splitlines()[0]
        await click(pilot, Hand, offset=card_offset(hand.cards.index(Card.parse("5H"))))
        await pilot.pause()
        assert game.state.current_player == 1 and len(game.state.hands[1]) == 5
        game.handle(Play(1, Card.parse("5H")))  # everyone else draws one
        await pilot.pause()
        assert game.state.current_player == 2
        assert set(hand.cards) == set(game.state.hands[2]) and len(hand.cards) == 6  # drew one
        assert hand.playable == {m.card for m in game.legal_moves(2) if isinstance(m, Play)}
        assert "Cy to play, holding:" in shown(app)
        # v hides it (for the suspense, or a slow link), and shows it again.
        assert "Hide hand" in footer_keys(screen)
        await pilot.press("v")
        assert not screen.query_one("#own").display and "Cy's turn." in shown(app)
        assert "Show hand" in footer_keys(screen)
        await pilot.press("v")
        assert screen.query_one("#own").display and "Cy to play, holding:" in shown(app)


async def test_watching_bots_pauses_and_goes_a_move_at_a_time(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        game = stacked_game(["7H KS 8C 2D QH", "3C 4C 5H 6C 9C", "AS 2S 3S 4S 6S"], "JH")
        screen = seat_up(app, game, ["normal"] * 3)
        # Slow, so paused before the first move, or (on a busy machine) after it.
        await pilot.press("space", "p", "p", "p")  # then instant
        assert app.settings.pace == "instant"
        # Instant bots would play on: paused, none is on its way once they rest.
        await until(pilot, lambda: bots_at_rest(screen), "the bots to rest")
        moved = game.event_count
        assert screen.query_one(TitleBar).parts[-1] == "watching, paused"
        assert {"Go on", "One move"} <= set(footer_keys(screen)) and "Pause" not in footer_keys(
            screen
        )
        player = game.state.current_player
        await pilot.press("right")  # the player to move plays, no one else
        await until(pilot, lambda: game.state.current_player != player, "the one move")
        await until(pilot, lambda: bots_at_rest(screen), "the bots to rest again")
        assert game.event_count > moved
        assert screen.query_one(TitleBar).parts[-1] == "watching, paused"
        moved = game.event_count
        await pilot.press("space")
        await until(pilot, lambda: game.event_count > moved, "the bots to go on")
        assert screen.query_one(TitleBar).parts[-1] == "watching"
        assert "Pause" in footer_keys(screen)


async def test_a_round_summary_waits_for_a_watcher_who_paused(tmp_path: Path) -> None:
    # One card each: Bob goes out with the first move.
    game = stacked_game(["7S", "5H", "AC"], "JH")
    # Paused before the first move.
    async with at_table(tmp_path, game, ["normal"] * 3, held=True) as (app, pilot, _):
        await pilot.press("right")
        await until(pilot, lambda: isinstance(app.screen, RoundSummary), "the round's summary")
        summary = app.screen
        assert isinstance(summary, RoundSummary) and summary.auto_close is None


async def test_watching_bots_offers_no_play_key(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = seat_up(app, Game.new(["Ada", "Bob", "Cy"], seed=1), ["normal"] * 3)
        await pilot.pause()
        assert app.focused is None
        assert "Play" not in footer_keys(screen)
        assert {"Scores", "Pace", "Options", "Help", "Quit"} <= set(footer_keys(screen))
        await pilot.press("p")
        assert app.settings.pace == "normal"  # from slow


def test_the_bots_hear_every_event_once_even_as_a_move_comes_while_they_are_made(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = Game.new(["Ann", "Bob", "Cy"], seed=5)

    def move() -> None:
        seat = game.state.current_player
        assert seat is not None
        game.handle(game.legal_moves(seat)[0])

    heard: dict[int, list[Event]] = {1: [], 2: []}
    elsewhere = threading.Thread(target=move)

    class Ear(NormalBot):
        """Hears for its seat; while the bots are being made, a move is made in
        another thread (as a person moves while the screen's thread makes them)."""

        def __init__(self, seed: int) -> None:
            super().__init__(seed=seed)
            self.seat = seed % 31

        def observe(self, event: Event) -> None:
            heard[self.seat].append(event)
            if not elsewhere.is_alive() and elsewhere.ident is None:
                count = game.event_count
                elsewhere.start()
                deadline = time.monotonic() + 5
                while game.event_count == count and elsewhere.is_alive():
                    assert time.monotonic() < deadline
                    time.sleep(0.001)

    monkeypatch.setattr(bots_module, "make_bot", lambda level, seed: Ear(seed))
    move()  # before the table is set
    table = LocalTable(game, [Seat("Ann"), Seat("Bob", "normal"), Seat("Cy", "normal")])
    move()  # before its bots are made
    assert heard == {1: [], 2: []}
    assert table.bots.keys() == {1, 2}
    elsewhere.join(5)
    move()  # after
    for seat in (1, 2):
        assert heard[seat] == game.events_for(seat)


async def test_a_key_that_does_nothing_says_why(tmp_path: Path) -> None:
    game = ann_to_play()
    async with at_table(tmp_path, game, held=True) as (_, pilot, screen):
        status = screen.query_one(StatusLine)
        events = game.event_count
        for key, reason in [
            ("d", "You have a card you can play, so you may not draw."),
            ("i", "Nobody to call: “Idiot!” is for a player who played down to one card"),
            ("l", "You can say “Last card!” only when a play leaves you one card."),
        ]:
            await pilot.press(key)
            await until(pilot, lambda reason=reason: status.notice.startswith(reason), key)
        assert game.event_count == events  # nothing was done


async def test_a_notice_goes_when_its_situation_passes(tmp_path: Path) -> None:
    game = ann_to_play()
    async with at_table(tmp_path, game, held=True) as (_, pilot, screen):
        await pilot.press(key(screen, "QH"))
        await until(pilot, lambda: game.state.current_player == 1, "Bob's turn")
        status = screen.query_one(StatusLine)
        await pilot.press("d")
        await until(pilot, lambda: status.notice == "It is Bob's turn, not yours.", "the notice")
        screen.action_one_move()  # Bob plays or draws: it is Ann's turn again
        await until(pilot, lambda: game.state.current_player == 0, "Ann's turn")
        await until(pilot, lambda: status.notice == "", "the notice gone")


async def test_escape_leaves_for_the_menu_and_the_game_resumes_from_there(tmp_path: Path) -> None:
    from craits_tui.screens.start import StartScreen

    game = ann_to_play()
    async with at_table(tmp_path, game, held=True) as (app, pilot, screen):
        await pilot.press(key(screen, "QH"))
        await until(pilot, lambda: game.state.current_player == 1, "Bob's turn")
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, StartScreen), "the menu")
        await pilot.press("r")
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "the table again")
        again = app.screen
        assert isinstance(again, TableScreen) and again is not screen
        assert again.view is not None and Card.parse("QH") not in again.view.hand
        assert len(again.view.hand) == 4


def counting_bells(app: CraitsApp) -> list[str]:
    rings: list[str] = []
    app.bell = lambda: rings.append("ding")  # type: ignore[method-assign]
    return rings


async def test_the_bell_rings_when_the_turn_comes_back(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    rings = counting_bells(app)
    async with app.run_test(size=(100, 32)) as pilot:
        game = ann_to_play()
        screen = seat_up(app, game, [None, "normal"])
        hold_bots(screen)
        await pilot.pause()
        assert rings == []  # the game's first turn is no news
        await pilot.press(key(screen, "QH"))
        await until(pilot, lambda: game.state.current_player == 1, "Bob's turn")
        screen.action_one_move()
        await until(pilot, lambda: rings == ["ding"], "the bell for Ann's turn")


async def test_the_bell_rings_when_you_are_called_an_idiot(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    rings = counting_bells(app)
    async with app.run_test(size=(100, 32)) as pilot:
        # Ann plays down to one card without a word; Bob calls her an idiot.
        game = stacked_game(["QH 4S", "3C 4C"], "JH", **ANN_FIRST)
        screen = seat_up(app, game, [None, "normal"])
        hold_bots(screen)
        await pilot.pause()
        await pilot.press(key(screen, "QH"))
        await until(pilot, lambda: game.state.current_player == 1, "Bob's turn")
        game.handle(CallIdiot(1, 0))
        await until(pilot, lambda: rings == ["ding"], "the bell for the call")


async def test_hot_seat_names_whose_hand_is_shown(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        game = ann_to_play()
        seat_up(app, game, [None, None])
        await pilot.pause()
        await pilot.press("enter")  # Ann is ready
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
        assert "Ann's hand" in " ".join(app.screen.query_one(TitleBar).parts)


async def test_a_turn_starts_on_a_playable_card_that_is_not_the_wild_eight(tmp_path: Path) -> None:
    # Sorted by suit, the 8♠ comes before the 7♥: Enter must not throw the 8 away.
    game = stacked_game(["8S KD 7H 2D 4D", "3C 4C 5C 6C 9C"], "JH", **ANN_FIRST)
    async with at_table(tmp_path, game, held=True) as (_, _, screen):
        hand = screen.query_one(Hand)
        assert hand.cards.index(Card.parse("8S")) < hand.cards.index(Card.parse("7H"))
        assert hand.cards[hand.cursor] == Card.parse("7H")


async def test_u_takes_back_your_move_and_the_bots_reply(tmp_path: Path) -> None:
    game = ann_to_play()
    async with at_table(tmp_path, game, held=True) as (_, pilot, screen):
        start = game.event_count
        await pilot.press(key(screen, "QH"))
        await until(pilot, lambda: screen.table.game.state.current_player == 1, "Bob's turn")
        screen.action_one_move()  # Bob answers
        await until(pilot, lambda: screen.table.game.state.current_player == 0, "Ann's turn")
        await pilot.press("u")
        table = screen.table
        await until(pilot, lambda: table.event_count() == start, "the take-back")
        assert screen.view is not None and Card.parse("QH") in screen.view.hand
        assert set(hand_of(screen)) == set(cards("7H KS 8C 2D QH"))
        assert table.game.state.current_player == 0 and table.take_backs == 1
        # The game goes on from there, as if the move had never been made.
        await pilot.press(key(screen, "7H"))
        await until(pilot, lambda: table.game.state.pile[-1] == Card.parse("7H"), "the 7♥")
        assert Card.parse("7H") not in hand_of(screen)


async def test_u_is_not_offered_at_a_shared_terminal(tmp_path: Path) -> None:
    game = ann_to_play()
    async with at_table(tmp_path, game, [None, None]) as (app, pilot, screen):
        await pilot.press("enter")  # Ann is ready
        await until(pilot, lambda: app.screen is screen, "the table")
        shown = [b.binding.key for b in screen.active_bindings.values() if b.binding.show]
        assert "d" in shown and "u" not in shown
        await pilot.press("u")
        status = screen.query_one(StatusLine)
        await until(pilot, lambda: "only in a game against bots" in status.notice, "why not")


async def test_the_card_panel_and_the_log_are_a_key_away(tmp_path: Path) -> None:
    from craits_tui.screens.abilities import AbilitiesScreen
    from craits_tui.widgets.log import GameLog

    async with at_table(tmp_path, ann_to_play(), held=True) as (app, pilot, screen):
        await pilot.press("c")
        await until(pilot, lambda: isinstance(app.screen, AbilitiesScreen), "the card panel")
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is screen, "the table")
        log = screen.query_one(GameLog)
        for n in range(80):
            log.say(f"line {n}")
        await pilot.pause()
        assert log.following
        await pilot.press("pageup")
        await until(pilot, lambda: not log.following, "the log scrolled up")
        assert screen.query_one(Hand).has_focus  # the hand keeps the keys for cards
        await pilot.press("right_square_bracket")
        await until(pilot, lambda: log.following, "the log at its end")
