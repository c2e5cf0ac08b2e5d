"""The feed and the pacing of the table screen, without Textual."""

from __future__ import annotations

import pytest

from craits_core import Draw, DrawReason, Event, Play
from craits_core.events import CardsDrawn
from craits_tui import pacing
from craits_tui.feed import Feed
from craits_tui.table import LocalTable, Seat

from .decks import cards, stacked_game


def table_of_two() -> LocalTable:
    # Ann (seat 0) plays first: Bob deals.
    game = stacked_game(["7H KS 8C 2D QH", "3C 4C 5C 6C 9C"], "JH", dealer=1, names=["Ann", "Bob"])
    return LocalTable(game, [Seat("Ann"), Seat("Bob", "normal")])


def anns_feed(table: LocalTable) -> Feed:
    """Ann's feed of ``table``, hearing every event the table tells from now on."""
    feed = Feed(table, 0)
    table.subscribe(feed.arrive)
    return feed


def test_a_feed_folds_what_its_seat_sees_one_event_at_a_time() -> None:
    table = table_of_two()
    feed = anns_feed(table)
    feed.show_seat(0)
    table.submit(Play(0, cards("7H")[0]))
    assert feed.waiting > 0 and feed.view is not None
    assert cards("7H")[0] in feed.view.hand  # not shown yet
    while (event := feed.next()) is not None:
        assert isinstance(event, Event)
    assert feed.caught_up
    assert cards("7H")[0] not in feed.view.hand
    assert feed.view == table.game.view(0)


def test_a_held_feed_keeps_events_waiting_and_the_other_hands_hidden() -> None:
    table = table_of_two()
    feed = anns_feed(table)
    feed.show_seat(0)
    table.submit(Play(0, cards("QH")[0]))
    feed.held = True
    assert feed.next() is None and not feed.caught_up
    feed.held = False
    shown = [feed.next() for _ in range(feed.waiting)]
    table.submit(Draw(1))
    later = [feed.next() for _ in range(feed.waiting)]
    drawn = [e for e in later if isinstance(e, CardsDrawn)]
    assert shown and drawn
    # Bob's card reaches Ann's feed face down.
    assert drawn == [CardsDrawn(1, None, DrawReason.TURN, 1)]


def test_an_event_heard_twice_is_folded_once() -> None:
    table = table_of_two()
    table.submit(Play(0, cards("QH")[0]))
    events = table.events_for(None)
    feed = Feed(table, 0)
    feed.show_seat(0)  # caught up with the log as it is when the feed begins
    for index, event in enumerate(events):
        feed.arrive(index, event)
    assert feed.waiting == 0


def test_a_restarted_feed_follows_the_log_as_it_is_now() -> None:
    table = table_of_two()
    feed = anns_feed(table)
    table.submit(Play(0, cards("QH")[0]))
    stream = feed.restart()
    assert feed.caught_up and feed.shown == table.event_count() == len(stream)
    assert feed.view == table.game.view(0)


@pytest.mark.parametrize(("choices", "factor"), [(0, 0.6), (1, 0.6), (2, 1.0), (3, 1.0), (4, 1.3)])
def test_a_forced_move_comes_sooner_than_a_choice(choices: int, factor: float) -> None:
    assert pacing.bot_delay(1.0, choices, human_may_announce=False) == factor


def test_a_person_who_may_say_last_card_gets_time_to() -> None:
    assert pacing.bot_delay(0.3, 1, human_may_announce=True) == pacing.HUMAN_GRACE
    assert pacing.bot_delay(0.0, None, human_may_announce=False) == pacing.SHORTEST


def test_a_card_in_motion_arrives_before_the_next_move() -> None:
    assert pacing.bot_delay(0.1, 2, human_may_announce=False, motion=0.3) == 0.3
    # "Instant" waits for nothing: the next move ends the motion.
    assert pacing.bot_delay(0.0, 2, human_may_announce=False, motion=0.3) == pacing.SHORTEST


def test_a_round_summary_closes_by_itself_only_when_nobody_is_there_to_close_it() -> None:
    assert pacing.round_pause(0.8, people=True, paused=False) is None
    assert pacing.round_pause(0.8, people=False, paused=True) is None
    assert pacing.round_pause(0.3, people=False, paused=False) == pacing.ROUND_PAUSE
    assert pacing.round_pause(1.6, people=False, paused=False) == 8.0
