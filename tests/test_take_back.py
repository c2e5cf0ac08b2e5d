"""Taking moves back against bots: the table rebuilds the game and its bots from a
prefix of the log, and the save file follows."""

from __future__ import annotations

import json
import random
import signal
import subprocess
import sys
import textwrap
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from craits_core import (
    Announce,
    CallIdiot,
    Card,
    ChooseSuit,
    Command,
    Draw,
    Game,
    Play,
    RuleSet,
    Suit,
)
from craits_core.events import (
    Event,
    IdiotCalled,
    LastCardAnnounced,
    RoundEnded,
    StockReshuffled,
)
from craits_core.store import GameStore
from craits_tui.online.client.table import RemoteTable
from craits_tui.online.protocol import ListedSeat, Message, TableInfo
from craits_tui.saved_meta import SavedMeta
from craits_tui.table import LocalTable, Seat, Table

from .decks import stacked_game
from .helpers import kinds

NAMES = ("Ann", "Bob", "Cy")


# --- Helpers ----------------------------------------------------------------------


def seated(
    game: Game,
    bots: Sequence[str | None] = (None, "normal", "normal"),
    store: GameStore | None = None,
) -> LocalTable:
    """``game`` at a table: seat 0 a person (unless ``bots`` says otherwise)."""
    seats = [Seat(name, bot) for name, bot in zip(game.state.players, bots, strict=True)]
    game_id = None
    if store is not None:
        game_id = store.add(game, meta=SavedMeta(seats=tuple(seats)).to_dict())
    return LocalTable(game, seats, store=store, game_id=game_id)


def bots_reply(table: LocalTable) -> None:
    """Let the bots move until none has anything to do (the person's turn, or the
    game's end)."""
    for _ in range(10_000):
        move = table.next_bot_move()
        if move is None:
            return
        table.submit(move)
    raise AssertionError("the bots never stopped")


def person_move(table: LocalTable, *, draw_first: bool = False) -> Command:
    """Ann's move on her turn: her first legal play (or a draw, first if asked),
    the suit chosen when the starter asks for one."""
    moves = [m for m in table.legal_moves(0) if isinstance(m, Play | Draw | ChooseSuit)]
    assert moves, "it is not Ann's turn"
    if draw_first:
        moves.sort(key=lambda m: not isinstance(m, Draw))
    table.submit(moves[0])
    return moves[0]


def position(table: LocalTable) -> tuple[Any, ...]:
    """Everything the game is at this moment."""
    return (table.game.state, table.game.events, table.event_count())


def take_backs_saved(store: GameStore, table: LocalTable) -> int:
    assert table.game_id is not None
    return SavedMeta.of(store.record(table.game_id)).take_backs


def reloaded(path: Path, game_id: str) -> Game:
    with GameStore(path) as fresh:
        return fresh.load(game_id, attach=False)


# --- What is taken back -------------------------------------------------------------


def test_each_take_back_goes_back_one_move_of_the_persons() -> None:
    table = seated(Game.new(NAMES, seed=5))
    bots_reply(table)
    before: list[tuple[Any, ...]] = []
    for _ in range(3):
        before.append(position(table))
        person_move(table)
        bots_reply(table)
    assert table.game.state.round_number == 1  # all three in the first round
    for expected in reversed(before):
        assert table.take_back(0) is True
        assert position(table) == expected
    # Back at the person's first move of the round: nothing more to take back.
    assert table.take_back(0) is False
    assert position(table) == before[0]
    assert table.take_backs == 3


def test_the_position_comes_back_for_every_seat() -> None:
    game = Game.new(NAMES, seed=9)
    table = seated(game)
    bots_reply(table)
    keep = table.event_count()
    twin = game.clone()
    person_move(table)
    bots_reply(table)
    assert table.take_back(0)
    for seat in (None, 0, 1, 2):
        assert table.events_for(seat) == twin.events_for(seat)
    assert table.event_count() == keep == twin.event_count
    assert table.legal_moves(0) == twin.legal_moves(0)


def test_an_announcement_riding_on_the_play_and_an_idiot_call_go_with_it() -> None:
    # Ann leads with two cards; she plays one without saying "last card", and the
    # bot calls "idiot": both are taken back with her play.
    game = stacked_game(["3H 9C", "KS QS"], "3S", dealer=1, names=["Ann", "Bob"])
    table = seated(game, (None, "normal"))
    start = position(table)
    table.submit(Play(0, Card.parse("3H")))
    assert CallIdiot(1, 0) in table.legal_moves(1)
    bots_reply(table)
    assert IdiotCalled in kinds(table.events_for(None))
    assert table.take_back(0)
    assert position(table) == start
    # Said along with the play, the announcement goes too.
    table.submit(Play(0, Card.parse("3H"), announce=True))
    assert isinstance(table.events_for(None)[-2], LastCardAnnounced)
    bots_reply(table)
    assert table.take_back(0)
    assert position(table) == start
    assert not any(isinstance(m, Announce) for m in table.legal_moves(0))


def test_the_dealers_choice_of_suit_is_a_move_to_take_back() -> None:
    game = stacked_game(
        ["3H 9C KD", "KS QS 4D", "5C 6C 7C"], "8S", dealer=0, names=["Ann", "Bob", "Cy"]
    )
    table = seated(game)
    start = position(table)
    assert ChooseSuit(0, Suit.HEARTS) in table.legal_moves(0)
    table.submit(ChooseSuit(0, Suit.HEARTS))
    bots_reply(table)
    assert table.event_count() > start[2]
    assert table.take_back(0)
    assert position(table) == start
    assert table.take_back(0) is False


def test_nothing_is_taken_back_across_the_end_of_a_round() -> None:
    # One card each (round 8 of 15): Ann goes out, the round ends, the next is dealt.
    game = stacked_game(["3H", "KS", "QD"], "3S", dealer=2, names=["Ann", "Bob", "Cy"])
    table = seated(game)
    table.submit(Play(0, Card.parse("3H")))
    assert table.game.state.round_number == 9
    bots_reply(table)
    after = position(table)
    assert table.take_back_point(0) is None
    assert table.take_back(0) is False
    assert position(table) == after
    assert table.take_backs == 0


def test_a_game_over_is_not_taken_back() -> None:
    game = stacked_game(
        ["3H", "KS", "QD"],
        "3S",
        dealer=2,
        names=["Ann", "Bob", "Cy"],
        rules=RuleSet(short_game=True),
    )
    table = seated(game)
    table.submit(Play(0, Card.parse("3H")))
    assert table.game.state.is_over
    assert table.take_back(0) is False
    assert table.game.state.is_over


def test_only_the_persons_own_moves_are_taken_back() -> None:
    table = seated(Game.new(NAMES, seed=5))
    bots_reply(table)
    person_move(table)
    bots_reply(table)
    after = position(table)
    assert table.take_back(1) is False  # a bot's seat
    assert table.take_back(7) is False
    assert position(table) == after


# --- Where take-backs are offered -----------------------------------------------------


class _Line:
    closed = False

    def send(self, message: Message) -> bool:
        return True


@pytest.mark.parametrize(
    "bots",
    [
        pytest.param((None, None, "normal"), id="people taking turns"),
        pytest.param(("normal", "normal", "easy"), id="bots watched"),
    ],
)
def test_take_backs_are_for_one_person_alone_with_bots(bots: tuple[str | None, ...]) -> None:
    table = seated(Game.new(NAMES, seed=5), bots)
    assert not table.can_take_back
    for _ in range(6):
        seat = table.game.state.current_player
        assert seat is not None
        move = table.next_bot_move() if table.seats[seat].is_bot else table.legal_moves(seat)[0]
        assert move is not None
        table.submit(move)
    after = position(table)
    assert table.take_back(0) is False
    assert table.take_back_point(0) is None
    assert position(table) == after
    assert seated(Game.new(NAMES, seed=5)).can_take_back


def test_a_table_on_a_server_takes_nothing_back() -> None:
    info = TableInfo(
        "abcd",
        "A table",
        (ListedSeat("Ann", connected=True), ListedSeat("Bob", bot="normal", person=False)),
    )
    remote: Table = RemoteTable(_Line(), info, seat=0)
    assert remote.can_take_back is False
    assert remote.take_back(0) is False
    assert remote.take_back_point(0) is None
    assert remote.take_backs == 0


# --- The bots, the listeners ------------------------------------------------------------


def test_the_bots_forget_what_was_taken_back() -> None:
    # After each take-back the bots are those of the game resumed from its log:
    # they decide as bots that never saw the moves taken back.
    table = seated(Game.new(NAMES, seed=21))
    bots_reply(table)
    for _ in range(3):
        person_move(table)
        bots_reply(table)
    old_bots = table.bots
    for _ in range(3):
        assert table.take_back(0)
        assert all(table.bots[seat] is not old_bots[seat] for seat in (1, 2))
        person_move(table, draw_first=True)  # another move this time
        resumed = LocalTable(Game.from_events(table.game.events), table.seats)
        assert table.next_bot_move() == resumed.next_bot_move()
        bots_reply(table)
        bots_reply(resumed)
        assert resumed.game.events == table.game.events


def test_listeners_hear_the_game_after_the_take_back() -> None:
    table = seated(Game.new(NAMES, seed=5))
    heard: list[Event] = []
    told: list[int] = []

    def listener(index: int, event: Event) -> None:
        told.append(index)
        heard.append(event)

    unsubscribe = table.subscribe(listener)
    dealt = table.event_count()
    bots_reply(table)
    person_move(table)
    bots_reply(table)
    assert heard == list(table.game.events[dealt:])  # as the game has them, not redacted
    assert told == list(range(dealt, table.event_count()))  # each with its place in the log
    assert table.take_back(0)
    assert len(heard) > table.event_count() - dealt  # nothing told of the take-back itself
    keep = table.event_count()
    heard.clear()
    told.clear()
    person_move(table, draw_first=True)
    bots_reply(table)
    assert heard == list(table.game.events[keep:])
    assert told == list(range(keep, table.event_count()))  # counted from the log cut back
    unsubscribe()
    person_move(table)
    assert heard == list(table.game.events[keep : keep + len(heard)])
    assert len(heard) < table.event_count() - keep


# --- The save file -------------------------------------------------------------------------


def test_the_save_file_follows_a_take_back(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    with GameStore(path) as store:
        table = seated(Game.new(NAMES, seed=5), store=store)
        game_id = table.game_id
        assert game_id is not None
        seats = SavedMeta.of(store.record(game_id)).seats
        bots_reply(table)
        for _ in range(2):
            person_move(table)
            bots_reply(table)
        assert table.take_back(0)
        assert reloaded(path, game_id).events == table.game.events
        record = store.record(game_id)
        assert record.event_count == table.event_count()
        assert SavedMeta.of(record) == SavedMeta(seats=seats, take_backs=1)
        # Later moves are saved after the cut, not after the log as it was.
        person_move(table, draw_first=True)
        bots_reply(table)
        assert table.saved and table.save_problem is None
        assert reloaded(path, game_id).events == table.game.events
        assert table.take_back(0)
        assert take_backs_saved(store, table) == 2
        # Another program cannot take the game while this one plays it.
        with GameStore(path) as other, pytest.raises(Exception, match="another program"):
            other.load(game_id)
    with GameStore(path) as store:
        resumed = LocalTable(store.load(game_id), table.seats, store=store, game_id=game_id)
        assert resumed.take_backs == 2
        assert resumed.game.events == table.game.events


def test_a_take_back_that_cannot_be_saved_plays_on_unsaved(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    store = GameStore(path)
    table = seated(Game.new(NAMES, seed=5), store=store)
    game_id = table.game_id
    assert game_id is not None
    bots_reply(table)
    person_move(table)
    bots_reply(table)
    saved = reloaded(path, game_id).events
    store.close()
    assert table.take_back(0)
    assert table.save_problem is not None and not table.saved
    person_move(table)  # the game goes on, unsaved
    bots_reply(table)
    assert reloaded(path, game_id).events == saved  # what was saved stays saved


def test_reshuffles_after_a_take_back_are_those_of_the_game_resumed(tmp_path: Path) -> None:
    # Ann keeps drawing, so the stock runs out and is reshuffled: taken back and
    # made again, the moves deal the same cards, live and from the file.
    path = tmp_path / "games.sqlite3"
    with GameStore(path) as store:
        table = seated(Game.new(["Ann", "Bob"], seed=3), (None, "normal"), store=store)
        game_id = table.game_id
        assert game_id is not None
        bots_reply(table)
        for _ in range(200):
            keep = table.event_count()
            person_move(table, draw_first=True)
            bots_reply(table)
            if StockReshuffled in kinds(table.events_for(None, since=keep)):
                break
        else:
            raise AssertionError("the stock was never reshuffled")
        first_time = table.game.events
        moves = [command for start, command in table.game.round_moves() if start >= keep]
        assert table.take_back(0)
        assert table.event_count() == keep
        for command in moves:
            table.submit(command)
        assert table.game.events == first_time
        assert reloaded(path, game_id).events == first_time


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_a_program_killed_after_a_take_back_resumes_where_it_was(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    script = textwrap.dedent(
        f"""
        import json, os, signal
        from craits_core import Game
        from craits_core.store import GameStore
        from tests.test_take_back import bots_reply, person_move, seated
        store = GameStore({str(path)!r})
        table = seated(Game.new({list(NAMES)!r}, seed=5), store=store)
        bots_reply(table)
        for _ in range(3):
            person_move(table)
            bots_reply(table)
        assert table.take_back(0)
        print(json.dumps([table.game_id, table.game.to_json()]), flush=True)
        os.kill(os.getpid(), signal.SIGKILL)
        """
    )
    root = Path(__file__).resolve().parent.parent
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=root, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == -signal.SIGKILL, done.stderr
    game_id, live = json.loads(done.stdout)
    live = Game.from_json(live).events
    with GameStore(path) as store:
        record = store.record(game_id)
        assert SavedMeta.of(record).take_backs == 1
        resumed = store.load(game_id)  # the claim died with the program
        assert resumed.events == live
        assert resumed.state.current_player == 0


# --- The engine's part: the moves of a round, a game rebuilt from a prefix ---------------


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_rounds_moves_make_its_log_again(seed: int) -> None:
    game = Game.new(NAMES, seed=seed, rules=RuleSet(short_game=True), first_round=6)
    rng = random.Random(seed)
    while game.state.round_number < 7:
        seat = game.state.current_player
        assert seat is not None
        game.handle(rng.choice(game.legal_moves(seat)))
    for _ in range(6):
        seat = game.state.current_player
        assert seat is not None
        game.handle(rng.choice(game.legal_moves(seat)))
    moves = game.round_moves()
    first = moves[0][0]
    assert not isinstance(game.events[first - 1], RoundEnded)  # after the deal, in this round
    again = game.rewound(first)
    for start, command in moves:
        assert again.event_count == start
        again.handle(command)
    assert again.events == game.events


def test_a_game_is_rewound_only_to_where_a_move_starts() -> None:
    game = Game.new(NAMES, seed=4)
    for _ in range(3):
        seat = game.state.current_player
        assert seat is not None
        game.handle(game.legal_moves(seat)[0])
    starts = [start for start, _command in game.round_moves()]
    assert game.rewound(starts[-1]).events == game.events[: starts[-1]]
    assert game.rewound(game.event_count).state == game.state
    for keep in (0, starts[-1] + 1, game.event_count + 1):
        if keep in starts:
            continue
        with pytest.raises(ValueError):
            game.rewound(keep)
