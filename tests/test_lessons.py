"""Learn to play, without a screen: every lesson's deal and script hold up under the
engine, the coach follows a lesson and explains wrong moves, progress survives bad
files."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from craits_core import (
    FULL_DECK,
    Announce,
    CallIdiot,
    Card,
    Command,
    Draw,
    DrawReason,
    Game,
    Play,
    Suit,
)
from craits_core.events import (
    CardPlayed,
    CardsDrawn,
    LastCardAnnounced,
    StockReshuffled,
    TurnBegan,
)
from craits_tui.learn.coach import Coach
from craits_tui.learn.format import (
    THEM,
    YOU,
    Deal,
    Lesson,
    Position,
    Reply,
    Step,
    cards,
    command_for,
    due_reply,
    position,
)
from craits_tui.learn.lessons import LESSONS, lesson_by_id, next_lesson
from craits_tui.learn.progress import (
    Progress,
    ProgressFile,
    load_progress,
    progress_path,
    save_progress,
)
from craits_tui.learn.table import LessonTable

from .decks import stacked_game

NAMES = ("Pat", "Ada")
BY_ID = [pytest.param(lesson, id=lesson.id) for lesson in LESSONS]


def plain(command: Command) -> Command:
    """A command as `legal_moves` lists it (no "Last card!" riding along)."""
    return replace(command, announce=False) if isinstance(command, Play) else command


def step_moves(step: Step, game: Game) -> list[Command]:
    """Every move ``step`` accepts that the rules allow now."""
    legal = game.legal_moves(YOU)
    hand = game.state.hands[YOU]
    if step.expect.cards:
        moves = [step.expect.intended([card]) for card in step.expect.cards if card in hand]
    else:
        moves = [step.expect.intended(hand)]
    return [m for m in moves if plain(m) in legal and step.expect.accepts(m)]


def play_lesson(lesson: Lesson) -> Iterator[tuple[int, Game]]:
    """Every way through ``lesson`` its steps accept: the game after each beat, for
    each path (the index of the beat just played with it)."""

    def walk(game: Game, at: int) -> Iterator[tuple[int, Game]]:
        if at == len(lesson.beats):
            return
        beat = lesson.beats[at]
        if isinstance(beat, Reply):
            assert game.state.current_player == THEM, f"{lesson.id}: beat {at} is not theirs"
            assert plain(beat.move) in game.legal_moves(THEM), f"{lesson.id}: reply {at}"
            game.handle(beat.move)
            yield at, game
            yield from walk(game, at + 1)
            return
        moves = step_moves(beat, game)
        assert moves, f"{lesson.id}: step {at} has no legal move it accepts"
        for move in moves:
            branch = game.clone()
            branch.handle(move)
            yield at, branch
            yield from walk(branch, at + 1)

    yield from walk(lesson.new_game(NAMES), 0)


# --- The lessons ---------------------------------------------------------------------


def test_the_lessons_teach_the_rules_in_order() -> None:
    assert [lesson.id for lesson in LESSONS] == [
        "match",
        "eight-nine",
        "four-ten-seven",
        "five-six",
        "crank",
        "last-card",
        "going-out",
    ]
    assert len({lesson.id for lesson in LESSONS}) == len(LESSONS)
    assert next_lesson(LESSONS[0]) is LESSONS[1] and next_lesson(LESSONS[-1]) is None
    assert lesson_by_id("crank") is LESSONS[4] and lesson_by_id("nope") is None


@pytest.mark.parametrize("lesson", BY_ID)
def test_a_lesson_is_short(lesson: Lesson) -> None:
    # Seven lessons in under five minutes: a few moves each, from small hands.
    assert 1 <= len(lesson.steps) <= 3
    assert len(lesson.deal.yours) <= 5
    assert len(lesson.beats) <= 5


@pytest.mark.parametrize("lesson", BY_ID)
def test_a_lessons_deal_is_dealt_as_written(lesson: Lesson) -> None:
    deck = lesson.deal.deck()
    assert len(deck) == 52 and set(deck) == set(FULL_DECK)
    game = lesson.new_game(NAMES)
    state = game.state
    assert state.players == NAMES
    assert sorted(state.hands[YOU]) == sorted(lesson.deal.yours)
    assert sorted(state.hands[THEM]) == sorted(lesson.deal.theirs)
    assert state.top_card == lesson.deal.starter
    assert state.dealer == lesson.deal.dealer
    # The stock's top cards are the ones the lesson means to be drawn, in order.
    drawn = [c for c in deck[2 * len(lesson.deal.yours) + 1 :]][: len(lesson.deal.stock)]
    assert tuple(drawn) == lesson.deal.stock


def test_a_deal_refuses_a_card_twice_or_hands_of_two_sizes() -> None:
    with pytest.raises(ValueError, match="twice"):
        Deal(cards("AS KS"), cards("AS QS"), Card.parse("JS")).deck()
    with pytest.raises(ValueError, match="same size"):
        Deal(cards("AS KS"), cards("QS"), Card.parse("JS")).deck()


@pytest.mark.parametrize("lesson", BY_ID)
def test_each_beat_is_legal_when_it_comes_and_the_lesson_ends(lesson: Lesson) -> None:
    """Whichever of its moves each step is played with, every scripted reply is
    legal when its turn comes, and the lesson is played to its end."""
    ends = 0
    for at, game in play_lesson(lesson):
        assert position(lesson, game.events).beats == at + 1
        if at == len(lesson.beats) - 1:
            ends += 1
            coach = Coach(lesson, NAMES, events=game.events_for(YOU))
            assert coach.done
            assert due_reply(lesson, game.events) is None
    assert ends >= 1


@pytest.mark.parametrize("lesson", BY_ID)
def test_each_step_waits_for_you(lesson: Lesson) -> None:
    """When a step comes, it is your turn (or, for an "Idiot!" call, your call)."""
    game = lesson.new_game(NAMES)
    for beat in lesson.beats:
        if isinstance(beat, Step):
            move = beat.expect.intended(game.state.hands[YOU])
            assert plain(move) in game.legal_moves(YOU)
            if not isinstance(move, CallIdiot):
                assert game.state.current_player == YOU
            game.handle(move)
        else:
            game.handle(beat.move)


@pytest.mark.parametrize("lesson", BY_ID)
def test_a_lesson_left_part_way_is_played_again_to_where_it_was(lesson: Lesson) -> None:
    for beats in range(len(lesson.beats) + 1):
        game = lesson.play_to(beats, NAMES)
        assert position(lesson, game.events).beats == beats


def test_a_move_counts_once_whatever_events_it_makes() -> None:
    """A play said with "Last card!", and a draw the stock was reshuffled for, are
    one move each, also while the second of their events has yet to come."""
    ace, two = Card.parse("AS"), Card.parse("2S")
    events = [
        CardPlayed(YOU, ace, Suit.SPADES),
        LastCardAnnounced(YOU),
        TurnBegan(THEM),
        StockReshuffled((two,), 1),
        CardsDrawn(THEM, (two,), DrawReason.TURN, 1),
    ]
    assert [command_for(events, i) for i in range(len(events))] == [
        Play(YOU, ace, announce=True),
        None,
        None,
        Draw(THEM),
        None,
    ]
    lesson = LESSONS[0]  # your step, then the opponent's reply
    assert position(lesson, events[:4]) == Position(beats=1, steps=1, replies=0)
    assert position(lesson, events) == Position(beats=2, steps=1, replies=1)


@pytest.mark.parametrize("lesson", BY_ID)
def test_every_text_of_a_lesson_has_its_fields(lesson: Lesson) -> None:
    coach = Coach(lesson, NAMES)
    texts: list[tuple[str, tuple]] = [(lesson.title, ()), (lesson.intro, ()), (lesson.outro, ())]
    for beat in lesson.beats:
        if isinstance(beat, Step):
            for text in (beat.instruction, beat.done, beat.hint, beat.other):
                texts.append((text, beat.values))
            texts += [(text, beat.values) for _card, text in beat.notes]
        else:
            texts.append((beat.note, beat.values))
    for text, values in texts:
        said = coach.words(text, values)
        assert "{" not in said and "}" not in said, said


def test_the_first_lesson_says_which_card_you_drew() -> None:
    lesson = LESSONS[0]
    game = lesson.play_to(len(lesson.beats), NAMES)
    assert Card.parse("JD") in game.state.hands[YOU]
    coach = Coach(lesson, NAMES, events=game.events_for(YOU)[:-2])
    for event in game.events_for(YOU)[-2:]:
        coach.heard(event)
    assert "You drew J♦." in coach.panel.said[0]


# --- The coach -----------------------------------------------------------------------


def follow(lesson: Lesson) -> tuple[Game, Coach]:
    """A lesson's game with a coach hearing it from the start."""
    game = lesson.new_game(NAMES)
    coach = Coach(lesson, NAMES, events=game.events_for(YOU))
    game.subscribe(coach.heard)
    return game, coach


def following(lesson_id: str) -> tuple[Game, Coach]:
    """The lesson of ``lesson_id`` followed from its start (`follow`)."""
    lesson = lesson_by_id(lesson_id)
    assert lesson is not None
    return follow(lesson)


def judged(coach: Coach, game: Game, command: Command):  # type: ignore[no-untyped-def]
    """The coach's verdict on ``command``, with the rules' refusal as the table finds it."""
    try:
        game.clone().handle(command)
        refusal = None
    except ValueError as err:
        refusal = err
    return coach.judge(command, game.view(YOU), refusal)  # type: ignore[arg-type]


def test_the_coach_opens_with_the_rule_and_the_first_step() -> None:
    lesson = LESSONS[0]
    _game, coach = follow(lesson)
    panel = coach.panel
    assert panel.title == "Lesson 1 of 7: Match the suit or the rank, or draw"
    assert panel.said == (lesson.intro,)
    assert panel.now == "The top card is Q♠. Play the card of the same suit: J♠."
    assert not panel.done and not panel.warning


def test_the_coach_says_what_happened_then_what_to_do() -> None:
    game, coach = follow(LESSONS[0])
    assert judged(coach, game, Play(YOU, Card.parse("JS"))).made
    game.handle(Play(YOU, Card.parse("JS")))
    assert coach.panel.said == ("J♠ matches Q♠: they are both spades.",)
    assert coach.panel.now == "Ada is playing…"
    game.handle(Play(THEM, Card.parse("AS")))
    assert coach.panel.said == (
        "J♠ matches Q♠: they are both spades.",
        "Ada played A♠, another spade.",
    )
    assert coach.panel.now.startswith("The top card is A♠.")


def test_a_card_that_does_not_match_is_explained_and_not_played() -> None:
    game, coach = follow(LESSONS[0])
    verdict = judged(coach, game, Play(YOU, Card.parse("KH")))
    assert not verdict.made
    assert verdict.why == (
        "K♥ does not fit on Q♠: a card must have the same suit (spades) or the same "
        "rank (Q). An 8 fits on anything."
    )
    assert coach.panel.warning == verdict.why
    # The right move clears it.
    game.handle(Play(YOU, Card.parse("JS")))
    assert coach.panel.warning == ""


def test_a_suit_named_by_an_eight_is_the_one_explained() -> None:
    game, coach = following("eight-nine")
    game.handle(Play(YOU, Card.parse("8H"), Suit.DIAMONDS))
    game.handle(Draw(THEM))
    verdict = judged(coach, game, Play(YOU, Card.parse("QH")))
    assert not verdict.made
    assert "the suit to follow is diamonds, named with the 8♥" in verdict.why


def test_drawing_while_a_card_fits_is_explained() -> None:
    game, coach = follow(LESSONS[0])
    verdict = judged(coach, game, Draw(YOU))
    assert not verdict.made
    assert verdict.why == "You may draw only when nothing fits, and J♠ fits: play a card instead."


def test_a_legal_move_the_step_does_not_ask_for_is_explained_and_not_made() -> None:
    game, coach = following("eight-nine")
    verdict = judged(coach, game, Play(YOU, Card.parse("8H"), Suit.SPADES))
    assert not verdict.made
    assert verdict.why == (
        "An 8 may name any suit, but name diamonds here: then your 9♦ can follow."
    )
    assert judged(coach, game, Play(YOU, Card.parse("8H"), Suit.DIAMONDS)).made


def test_a_card_with_its_own_note_gets_it() -> None:
    game, coach = following("going-out")
    verdict = judged(coach, game, Play(YOU, Card.parse("3H")))
    assert not verdict.made and verdict.why.startswith("The 3 fits, but keep it")
    assert judged(coach, game, Play(YOU, Card.parse("QH"))).made  # either high heart


def test_a_play_to_one_card_waits_for_last_card() -> None:
    game, coach = following("last-card")
    verdict = judged(coach, game, Play(YOU, Card.parse("QS")))
    assert not verdict.made
    assert verdict.why == (
        "This play leaves you one card: say “Last card!” with it. Press l, then play Q♠ again."
    )
    assert judged(coach, game, Play(YOU, Card.parse("QS"), announce=True)).made


def test_the_crank_is_explained_to_a_player_who_plays_another_card() -> None:
    game, coach = following("crank")
    verdict = judged(coach, game, Play(YOU, Card.parse("KD")))
    assert not verdict.made and verdict.why.startswith("The crank is on: only an ace or a 2")
    verdict = judged(coach, game, Draw(YOU))
    assert not verdict.made and verdict.why.startswith("You hold an ace or a 2")


def test_a_wrong_idiot_call_is_explained() -> None:
    game, coach = follow(LESSONS[0])
    verdict = judged(coach, game, CallIdiot(YOU, THEM))
    assert not verdict.made and "only on a player who has just played down to one" in verdict.why
    verdict = judged(coach, game, Announce(YOU))
    assert not verdict.made and "“Last card!” is said with the play" in verdict.why


@pytest.mark.parametrize("lesson", BY_ID)
def test_every_card_you_cannot_play_is_explained_in_the_lessons_words(lesson: Lesson) -> None:
    """At every step, each card of yours the rules refuse gets the coach's own
    explanation (naming that card, or the crank), never the engine's sentence."""
    game, coach = follow(lesson)
    for beat in lesson.beats:
        if isinstance(beat, Step):
            legal = game.legal_moves(YOU)
            for card in game.state.hands[YOU]:
                if any(isinstance(m, Play) and m.card == card for m in legal):
                    continue
                verdict = judged(coach, game, Play(YOU, card))
                assert not verdict.made
                assert coach.look.plain(card) in verdict.why or "crank" in verdict.why
            game.handle(beat.expect.intended(game.state.hands[YOU]))
        else:
            assert not judged(coach, game, Draw(YOU)).made  # not your turn
            game.handle(beat.move)
    assert coach.done


def test_the_hint_names_the_move_and_why() -> None:
    game, coach = follow(LESSONS[0])
    assert coach.hint(game.view(YOU)) == "Play J♠ — Same suit as Q♠."
    assert coach.panel.hint == "Play J♠ — Same suit as Q♠."
    game.handle(Play(YOU, Card.parse("JS")))
    assert coach.panel.hint == ""  # said of the move made
    game, coach = following("last-card")
    game.handle(Play(YOU, Card.parse("QS"), announce=True))
    assert coach.hint(game.view(YOU)) == "Wait a moment: Ada is to play."
    game.handle(Play(THEM, Card.parse("QH")))
    assert coach.hint(game.view(YOU)) == "Call Ada an idiot (i)"


def test_a_lesson_taken_up_again_says_so() -> None:
    lesson = LESSONS[2]
    game = lesson.play_to(2, NAMES)
    coach = Coach(lesson, NAMES, events=game.events_for(YOU))
    assert coach.beats_done == 2
    assert coach.panel.said == ("Welcome back: the lesson goes on where you left it.",)
    assert coach.panel.now == "Ada is playing…"


def test_the_coach_ends_the_lesson() -> None:
    game, coach = following("last-card")
    game.handle(Play(YOU, Card.parse("QS"), announce=True))
    game.handle(Play(THEM, Card.parse("QH")))
    assert not coach.done
    game.handle(CallIdiot(YOU, THEM))
    assert coach.done and coach.panel.done
    assert coach.panel.now == "Lesson complete!"
    assert coach.panel.said == ("Ada drew two cards as the penalty, and will miss the next turn.",)
    # Once it is over, the table is free: the coach stands aside.
    assert judged(coach, game, Draw(YOU)).made


# --- The lesson's table ----------------------------------------------------------------


def test_the_opponent_plays_the_reply_due_and_waits_otherwise() -> None:
    lesson = LESSONS[0]
    table = LessonTable(lesson, NAMES)
    assert table.next_bot_move() is None  # your move first
    table.submit(Play(YOU, Card.parse("JS")))
    assert table.next_bot_move() == Play(THEM, Card.parse("AS"))
    assert table.humans == [YOU] and table.store is None  # a lesson is not saved
    done = LessonTable(lesson, NAMES, beats=len(lesson.beats))
    assert done.game.state.current_player == THEM
    assert done.next_bot_move() is None  # the lesson is over: nothing more to play


def test_a_reply_that_is_not_legal_is_played_by_a_bot_instead() -> None:
    lesson = LESSONS[0]
    wrong = Reply(Play(THEM, Card.parse("KC")), "{them} played.")  # K♣ on J♠: no
    broken = replace(lesson, beats=(lesson.beats[0], wrong, *lesson.beats[2:]))
    table = LessonTable(broken, NAMES)
    table.submit(Play(YOU, Card.parse("JS")))
    move = table.next_bot_move()
    assert move is not None and move in table.legal_moves(THEM)


def test_the_table_says_why_a_move_is_refused_without_making_it() -> None:
    table = LessonTable(LESSONS[0], NAMES)
    before = table.event_count()
    refusal = table.refusal(Play(YOU, Card.parse("KH")))
    assert refusal is not None and refusal.code == "must-follow"
    assert table.refusal(Play(YOU, Card.parse("JS"))) is None
    assert table.event_count() == before


# --- Progress ----------------------------------------------------------------------------


def test_progress_is_kept_beside_the_settings(tmp_path: Path) -> None:
    assert progress_path(tmp_path / "settings.json") == tmp_path / "lessons.json"


def test_progress_round_trips(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "lessons.json"
    progress = Progress().finished("match").left_at("crank", 3)
    save_progress(progress, path)
    assert load_progress(path) == progress
    assert load_progress(path).is_done("match") and load_progress(path).beats_done("crank") == 3
    assert [p.name for p in path.parent.iterdir()] == ["lessons.json"]  # no temporary file left


def test_finishing_a_lesson_forgets_where_it_was_left() -> None:
    progress = Progress().left_at("crank", 3).finished("crank")
    assert progress.is_done("crank") and progress.beats_done("crank") == 0
    assert Progress().left_at("crank", 2).left_at("crank", 0).started == {}


@pytest.mark.parametrize(
    "text",
    [
        "",
        "{not json",
        "[1, 2]",
        '"done"',
        '{"done": "match", "started": []}',
        '{"done": [1, "match"], "started": {"crank": "3", "match": -1, "five-six": 2}}',
        "\x00\x01",
    ],
)
def test_a_damaged_progress_file_reads_as_what_can_be_read(tmp_path: Path, text: str) -> None:
    path = tmp_path / "lessons.json"
    path.write_text(text, encoding="utf-8")
    progress = load_progress(path)
    assert progress.done <= {"match"}
    assert set(progress.started) <= {"five-six"}


def test_a_missing_or_unreadable_progress_file_is_no_progress(tmp_path: Path) -> None:
    assert load_progress(tmp_path / "none.json") == Progress()
    (tmp_path / "dir.json").mkdir()
    assert load_progress(tmp_path / "dir.json") == Progress()


def test_a_progress_file_that_cannot_be_written_says_why(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder", encoding="utf-8")
    store = ProgressFile(blocker / "lessons.json")
    assert store.save(Progress().finished("match"))  # a reason, not a crash
    assert ProgressFile(None).save(Progress()) is None
    assert ProgressFile(None).load() == Progress()


def test_progress_is_saved_as_plain_json(tmp_path: Path) -> None:
    path = tmp_path / "lessons.json"
    save_progress(Progress().finished("match").left_at("crank", 1), path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data == {"version": 1, "done": ["match"], "started": {"crank": 1}}


def test_a_crank_with_nothing_to_answer_it_says_to_draw_the_count() -> None:
    game = stacked_game(["KD QC JS", "3H 4S 5S"], "2C", dealer=1, names=list(NAMES))
    assert game.state.crank == 2 and game.state.current_player == YOU
    coach = Coach(LESSONS[0], NAMES)
    play = Play(YOU, Card.parse("KD"))
    verdict = judged(coach, game, play)
    assert verdict.why == "The crank is at 2 and you hold no ace or 2: draw the 2 cards (d)."
