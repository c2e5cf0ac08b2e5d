"""Learn to play, with keys as a player would: the list of lessons, lessons played
through, wrong moves explained, a lesson left and taken up again."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from rich.cells import cell_len
from textual.widgets import OptionList

from craits_core import Card, Suit
from craits_tui import i18n
from craits_tui.app import CraitsApp
from craits_tui.cli import _launch, build_parser
from craits_tui.launch import Launch
from craits_tui.learn.format import THEM, YOU, Lesson, Step
from craits_tui.learn.lessons import LESSONS
from craits_tui.screens.learn import LessonList
from craits_tui.screens.lesson import LessonPolicy
from craits_tui.screens.lesson_done import LessonDone
from craits_tui.screens.round_summary import RoundSummary
from craits_tui.screens.suit_picker import SuitPicker
from craits_tui.screens.table import TableScreen
from craits_tui.widgets.coach_panel import CoachPanel
from craits_tui.widgets.hand import Hand

from .conftest import bots_at_rest, click, make_app, showing, until
from .snapshots import screen_lines


def progress_of(tmp_path: Path) -> dict:
    return json.loads((tmp_path / "lessons.json").read_text(encoding="utf-8"))


def at_lesson(app: Any) -> bool:
    """Whether the app shows a lesson's table, mounted."""
    return showing(app, TableScreen) and isinstance(app.screen.policy, LessonPolicy)


def key(screen: TableScreen, code: str) -> str:
    """The number key that plays ``code`` (the hand is shown sorted)."""
    return str(screen.query_one(Hand).cards.index(Card.parse(code)) + 1)


def your_step(screen: TableScreen) -> bool:
    """The lesson waits for a move of yours, and the table shows where it stands."""
    return isinstance(screen.policy.coach.beat, Step) and bots_at_rest(screen)


def panel_text(screen: TableScreen) -> str:
    return screen.query_one(CoachPanel).text


async def open_lessons(pilot, app) -> LessonList:  # type: ignore[no-untyped-def]
    await until(pilot, lambda: isinstance(app.screen, LessonList), "the list of lessons")
    return app.screen


async def start_lesson(pilot, app, number: int) -> TableScreen:  # type: ignore[no-untyped-def]
    """From the list, the ``number``-th lesson (1-based) by the arrow keys and Enter."""
    listing = await open_lessons(pilot, app)
    options = listing.query_one(OptionList)
    steps = number - 1 - (options.highlighted or 0)
    await pilot.press(*(["down"] * steps if steps > 0 else ["up"] * -steps), "enter")
    await until(pilot, lambda: at_lesson(app), "the lesson's table")
    screen = app.screen
    assert isinstance(screen, TableScreen)
    await until(pilot, lambda: your_step(screen), "your first move")
    return screen


async def test_learn_on_the_command_line_opens_the_lessons(tmp_path: Path) -> None:
    launch = _launch(build_parser().parse_args(["--learn"]))
    assert launch == Launch(learn=True)
    app = make_app(tmp_path, pace="instant", launch=launch)
    async with app.run_test(size=(100, 32)) as pilot:
        listing = await open_lessons(pilot, app)
        options = listing.query_one(OptionList)
        assert options.option_count == 7
        assert options.highlighted == 0  # nothing done yet: the first lesson


async def test_the_start_menu_opens_the_lessons_and_esc_comes_back(tmp_path: Path) -> None:
    app = make_app(tmp_path, pace="instant")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: type(app.screen).__name__ == "StartScreen", "the start menu")
        await pilot.press("l")
        await open_lessons(pilot, app)
        await pilot.press("escape")
        await until(pilot, lambda: type(app.screen).__name__ == "StartScreen", "the start menu")
        await click(pilot, "#learn")
        listing = await open_lessons(pilot, app)
        await pilot.press("tab", "tab")  # the list, "Start", then "Back"
        assert listing.focused is listing.query_one("#lessons-back")
        await pilot.press("enter")
        await until(pilot, lambda: type(app.screen).__name__ == "StartScreen", "the start menu")


async def test_play_the_first_lesson_through_then_go_on_to_the_next(tmp_path: Path) -> None:
    app = make_app(tmp_path, pace="instant", launch=Launch(learn=True))
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await start_lesson(pilot, app, 1)
        game = screen.policy.table.game
        assert "Play the card of the same suit: J♠" in panel_text(screen)
        await pilot.press(key(screen, "JS"))
        await until(
            pilot, lambda: your_step(screen) and game.state.pile[-1].rank.label == "A", "Ada's A♠"
        )
        assert "Ada played A♠, another spade." in panel_text(screen)
        await pilot.press(key(screen, "AD"))
        await until(pilot, lambda: your_step(screen) and len(game.state.pile) == 5, "Ada's Q♦")
        await pilot.press("d")
        await until(pilot, lambda: isinstance(app.screen, LessonDone), "the lesson's end")
        assert Card.parse("JD") in game.state.hands[YOU]
        assert progress_of(tmp_path)["done"] == ["match"]
        await pilot.press("enter")  # the next lesson
        await until(
            pilot,
            lambda: at_lesson(app) and app.screen.policy.lesson.id == "eight-nine",
            "the second lesson",
        )


async def test_the_eight_and_nine_by_keys_with_a_wrong_suit_explained(tmp_path: Path) -> None:
    app = make_app(tmp_path, pace="instant", launch=Launch(learn=True))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start_lesson(pilot, app, 2)
        game = screen.policy.table.game
        await pilot.press(key(screen, "8H"))
        await until(pilot, lambda: isinstance(app.screen, SuitPicker), "the suit picker")
        await pilot.press("s")  # spades: allowed, but not what the lesson is about
        await until(pilot, lambda: app.screen is screen, "back at the table")
        await pilot.pause()
        assert len(game.state.pile) == 1  # nothing played
        assert "name diamonds here" in panel_text(screen)
        await pilot.press(key(screen, "8H"))
        await until(pilot, lambda: isinstance(app.screen, SuitPicker), "the suit picker")
        await pilot.press("d")
        await until(
            pilot, lambda: your_step(screen) and screen.policy.coach.beats_done == 2, "Ada's draw"
        )
        assert game.state.active_suit is Suit.DIAMONDS
        assert "Ada had no diamond and no 8" in panel_text(screen)
        await pilot.press(key(screen, "9D"))
        await until(pilot, lambda: isinstance(app.screen, SuitPicker), "keep or switch")
        await pilot.press("h")
        await until(pilot, lambda: isinstance(app.screen, LessonDone), "the lesson's end")
        assert game.state.active_suit is Suit.HEARTS
        await pilot.press("escape")  # back to the list, the two lessons ticked
        listing = await open_lessons(pilot, app)
        prompt = str(listing.query_one(OptionList).get_option_at_index(1).prompt)
        assert prompt.startswith("✓ 2.")


async def test_a_card_that_does_not_fit_is_explained_not_played(tmp_path: Path) -> None:
    app = make_app(tmp_path, pace="instant", launch=Launch(learn=True))
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await start_lesson(pilot, app, 1)
        await pilot.press(key(screen, "KH"))
        await pilot.pause()
        assert len(screen.policy.table.game.state.pile) == 1
        assert "K♥ does not fit on Q♠" in panel_text(screen)
        assert "Play the card of the same suit: J♠" in panel_text(screen)  # still asked


async def test_the_hint_key_shows_the_move_even_off_turn(tmp_path: Path) -> None:
    app = make_app(tmp_path, pace="instant", launch=Launch(learn=True))
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await start_lesson(pilot, app, 6)
        game = screen.policy.table.game
        await pilot.press("h")
        await pilot.pause()
        assert "Hint: Play Q♠, and say “Last card!” (l)" in panel_text(screen)
        await pilot.press(key(screen, "QS"))  # forgot "Last card!"
        await pilot.pause()
        assert len(game.state.hands[YOU]) == 2
        assert "say “Last card!” with it" in panel_text(screen)
        await pilot.press("l", key(screen, "QS"))
        await until(
            pilot,
            lambda: your_step(screen) and len(game.state.hands[THEM]) == 1,
            "Ada's play to one card",
        )
        await pilot.press("h")
        await pilot.pause()
        assert "Hint: Call Ada an idiot (i)" in panel_text(screen)
        await pilot.press("i")
        await until(pilot, lambda: isinstance(app.screen, LessonDone), "the lesson's end")
        assert game.state.lost_turns[THEM] == 1


async def test_leave_a_lesson_and_take_it_up_again_after_a_restart(tmp_path: Path) -> None:
    app = make_app(tmp_path, pace="instant", launch=Launch(learn=True))
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await start_lesson(pilot, app, 3)
        await pilot.press(key(screen, "4S"))
        await until(
            pilot, lambda: your_step(screen) and screen.policy.coach.beats_done == 1, "the 4"
        )
        await pilot.press("escape")
        listing = await open_lessons(pilot, app)
        assert "left part way" in str(listing.query_one(OptionList).get_option_at_index(2).prompt)
    assert progress_of(tmp_path)["started"] == {"four-ten-seven": 1}

    again = make_app(tmp_path, pace="instant", launch=Launch(learn=True))
    async with again.run_test(size=(100, 32)) as pilot:
        screen = await start_lesson(pilot, again, 3)
        game = screen.policy.table.game
        assert game.state.pile[-1] == Card.parse("4S")
        assert Card.parse("4S") not in screen.query_one(Hand).cards
        assert "Welcome back" in panel_text(screen)
        assert "Now play 7♠" in panel_text(screen)
        # And from the start again, with r in the list.
        await pilot.press("escape")
        await open_lessons(pilot, again)
        await pilot.press("r")
        await until(pilot, lambda: at_lesson(again), "the lesson again")
        assert len(again.screen.policy.table.game.state.pile) == 1


async def test_going_out_shows_the_scores_then_the_lesson_end(tmp_path: Path) -> None:
    app = make_app(tmp_path, pace="instant", launch=Launch(learn=True))
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await start_lesson(pilot, app, 7)
        game = screen.policy.table.game
        await pilot.press(key(screen, "3H"))  # keep the 3, the coach says
        await pilot.pause()
        assert "keep it" in panel_text(screen)
        await pilot.press(key(screen, "KH"))
        await until(
            pilot, lambda: your_step(screen) and screen.policy.coach.beats_done == 2, "Ada's A♥"
        )
        await pilot.press("l", key(screen, "QH"))
        await until(
            pilot, lambda: your_step(screen) and screen.policy.coach.beats_done == 4, "Ada's draw"
        )
        await pilot.press(key(screen, "3H"))
        await until(pilot, lambda: isinstance(app.screen, RoundSummary), "the round's scores")
        assert game.state.round_scores[0] == (0, 30)  # Ada's 3 cancels one of her 30s
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, LessonDone), "the lesson's end")
        assert "That was the last lesson" in str(app.screen.query_one("#lesson-done-last").render())
        assert screen.table.next_bot_move() is None  # the lesson is over: Ada waits


@pytest.mark.parametrize("press", ["enter", "click"])
async def test_the_last_round_leads_to_the_lesson_end_and_no_new_deal(
    press: str, tmp_path: Path
) -> None:
    app = make_app(tmp_path, pace="instant", launch=Launch(learn=True))
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await start_lesson(pilot, app, 7)
        for _step in screen.policy.lesson.steps:
            await until(pilot, lambda: your_step(screen), "your move")
            screen.submit(screen.policy.coach.intended(screen.view))
        await until(pilot, lambda: showing(app, RoundSummary), "the round's scores")
        if press == "enter":
            await pilot.press("enter")
        else:
            await click(pilot, "#next")
        await until(pilot, lambda: showing(app, LessonDone), "the lesson's end")
        await pilot.pause()
        # Nothing of the round the engine deals next is shown behind the box.
        assert screen.view is not None and screen.view.round_number == 6
        assert not screen.query_one(Hand).cards
        assert screen.table.next_bot_move() is None
        await pilot.press("escape")  # its choices: the list of lessons
        await open_lessons(pilot, app)


def cells(line: str, start: int, width: int) -> str:
    """The part of a screen's ``line`` in columns ``start`` to ``start + width``."""
    kept, column = [], 0
    for char in line:
        if start <= column < start + width:
            kept.append(char)
        column += cell_len(char)
    return "".join(kept)


def words(text: str) -> str:
    return " ".join(text.split())


def coach_as_drawn(app: CraitsApp, screen: TableScreen) -> str:
    """The words inside the coach's panel as the screen shows them, lines joined."""
    region = screen.query_one(CoachPanel).content_region
    lines = screen_lines(app.export_screenshot())[region.y : region.bottom]
    return words(" ".join(cells(line, region.x, region.width) for line in lines))


async def read_every_step(pilot, app: CraitsApp, lesson: Lesson) -> None:  # type: ignore[no-untyped-def]
    """Play ``lesson`` through, checking at each of your steps that the coach's
    title, what to do, and the rule or what happened are drawn whole."""
    app.open_lesson(lesson.id)
    await until(
        pilot,
        lambda: at_lesson(app) and app.screen.policy.lesson is lesson,  # type: ignore[attr-defined]
        "the lesson's table",
    )
    screen = app.screen
    assert isinstance(screen, TableScreen)
    for number, _step in enumerate(lesson.steps, start=1):
        await until(pilot, lambda: your_step(screen), "your move")
        await pilot.pause()  # laid out with the coach's new words
        shown = coach_as_drawn(app, screen)
        panel = screen.policy.coach.panel
        for part in (panel.title, panel.now, *panel.said):
            assert words(part) in shown, f"{lesson.id}, step {number}: {part!r} is cut"
        screen.submit(screen.policy.coach.intended(screen.view))
    await until(
        pilot,
        lambda: showing(app, LessonDone) or showing(app, RoundSummary),
        "the lesson's end",
    )


@pytest.mark.parametrize(
    ("language", "size"),
    # The smallest window in every language; and the longest language (Tagalog) at
    # the next size too, where the panel is kept to a part of the column. Larger
    # windows only give it more room.
    [*((language, (80, 24)) for language in ("en", "it", "tl", "eo")), ("tl", (100, 32))],
    ids=lambda value: "x".join(map(str, value)) if isinstance(value, tuple) else value,
)
async def test_the_coach_is_read_whole_at_every_step(
    language: str, size: tuple[int, int], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What to do, and the rule or what happened, are on the screen in full, as
    drawn: none of it cut off at the panel's foot, in every language."""
    monkeypatch.setattr(i18n, "_translation", i18n._translation)  # English again afterwards
    i18n.use_language(language)
    app = make_app(tmp_path, pace="instant", launch=Launch(learn=True))
    async with app.run_test(size=size) as pilot:
        await open_lessons(pilot, app)
        for lesson in LESSONS:
            await read_every_step(pilot, app, lesson)


async def test_a_damaged_progress_file_opens_the_lessons_from_scratch(tmp_path: Path) -> None:
    (tmp_path / "lessons.json").write_text("{damaged", encoding="utf-8")
    app = make_app(tmp_path, pace="instant", launch=Launch(learn=True))
    async with app.run_test(size=(100, 32)) as pilot:
        listing = await open_lessons(pilot, app)
        assert listing.query_one(OptionList).highlighted == 0
        screen = await start_lesson(pilot, app, 1)
        await pilot.press(key(screen, "JS"))
        await until(pilot, lambda: your_step(screen), "Ada's reply")
        await pilot.press("escape")
        await open_lessons(pilot, app)
    assert progress_of(tmp_path)["started"] == {"match": 2}


async def test_quitting_in_a_lesson_remembers_it(tmp_path: Path) -> None:
    app = make_app(tmp_path, pace="instant", launch=Launch(learn=True))
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await start_lesson(pilot, app, 4)
        await pilot.press(key(screen, "5H"))
        await until(
            pilot, lambda: your_step(screen) and screen.policy.coach.beats_done == 3, "Ada's 6"
        )
        await pilot.press("q")
        await until(pilot, lambda: not app.is_running, "the app to close")
    assert screen.control.leaving  # no bot moved on while the app ended
    assert progress_of(tmp_path)["started"] == {"five-six": 3}


async def test_progress_that_cannot_be_kept_is_said_and_the_lesson_goes_on(
    tmp_path: Path,
) -> None:
    (tmp_path / "lessons.json").mkdir()  # in the way of the file
    app = make_app(tmp_path, pace="instant", launch=Launch(learn=True))
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await start_lesson(pilot, app, 6)
        await pilot.press("l", key(screen, "QS"))
        await until(
            pilot, lambda: your_step(screen) and screen.policy.coach.beats_done == 2, "Ada's Q♥"
        )
        await pilot.press("i")
        await until(pilot, lambda: isinstance(app.screen, LessonDone), "the lesson's end")
        assert any("cannot be kept" in n.message for n in app._notifications)
