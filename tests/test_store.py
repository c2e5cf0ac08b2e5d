"""The game store: saving, resuming, listing, refusing files that are not ours."""

from __future__ import annotations

import json
import random
import signal
import sqlite3
import subprocess
import sys
import textwrap
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC
from pathlib import Path
from typing import NamedTuple

import pytest

from craits_core import Command, Game, RuleSet, event_from_dict, event_to_dict
from craits_core.events import CardPlayed, CardsDrawn, StockReshuffled, TurnBegan
from craits_core.store import (
    GAME_PROBLEMS,
    OPENING_PROBLEMS,
    GameRecord,
    GameStore,
    StoreError,
    UnknownGame,
    default_store_path,
)

NAMES = ["Ann", "Bob", "Cy"]


# --- Helpers ----------------------------------------------------------------------


def short_game(seed: int, players: int = 2, first_round: int = 8) -> Game:
    """A short game: from round 8 (one card each) it ends after one round."""
    rules = RuleSet(short_game=True)
    return Game.new(NAMES[:players], seed=seed, rules=rules, first_round=first_round)


def any_move(game: Game, rng: random.Random) -> Command | None:
    """A random legal move of any seat (off-turn calls included), or None."""
    moves = [m for seat in range(len(game.state.players)) for m in game.legal_moves(seat)]
    return rng.choice(moves) if moves else None


def play(
    game: Game,
    rng: random.Random,
    steps: int | None = None,
    *,
    twins: tuple[Game, ...] = (),
    after: Callable[[], None] | None = None,
) -> int:
    """Play random moves on ``game`` (and the same on ``twins``) for ``steps`` moves
    or until the game is over; call ``after()`` after each. Returns the moves made."""
    made = 0
    while (steps is None or made < steps) and not game.state.is_over:
        move = any_move(game, rng)
        if move is None:
            break
        game.handle(move)
        for twin in twins:
            twin.handle(move)
        made += 1
        if after is not None:
            after()
    return made


def reloaded(path: Path, game_id: str) -> Game:
    """The game as the file alone holds it, read by a store of its own."""
    with GameStore(path) as fresh:
        return fresh.load(game_id, attach=False)


def files_in(folder: Path) -> dict[str, bytes]:
    """The files of ``folder`` (not the folder of the games' locks)."""
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "games.sqlite3"


# --- Where the file is ------------------------------------------------------------


def test_a_missing_file_and_its_folders_are_created(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "er" / "games.sqlite3"
    with GameStore(path) as store:
        assert store.path == path
        assert store.games() == []
        assert store.latest_unfinished() is None
    assert path.exists()


def test_a_zero_length_file_is_a_new_empty_store(path: Path) -> None:
    path.touch()
    with GameStore(path) as store:
        game_id = store.add(short_game(1))
    with GameStore(path) as store:
        assert [r.id for r in store.games()] == [game_id]


@pytest.mark.skipif(sys.platform != "linux", reason="XDG directories are a Linux convention")
def test_the_default_path_follows_xdg_data_home(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    expected = tmp_path / "data" / "craits" / "games.sqlite3"
    assert default_store_path() == expected
    with GameStore() as store:
        assert store.path == expected
        store.add(short_game(1))
    assert expected.exists()


# --- Saving and resuming ----------------------------------------------------------


def test_a_game_written_closed_and_reopened_plays_on_exactly(path: Path) -> None:
    rng = random.Random(11)
    game = Game.new(NAMES, seed=3)
    twin = game.clone()
    with GameStore(path) as store:
        game_id = store.add(game)
        play(game, rng, 60, twins=(twin,))

    with GameStore(path) as store:
        (record,) = store.games()
        assert record.id == game_id
        assert record.event_count == twin.event_count
        resumed = store.load(game_id)
        assert resumed.state == twin.state
        assert resumed.events == twin.events

        def same() -> None:
            assert resumed.state == twin.state

        play(resumed, rng, 60, twins=(twin,), after=same)

    assert reloaded(path, game_id).events == twin.events


def test_after_every_command_the_file_alone_holds_the_game(path: Path) -> None:
    # What a process killed between two commands would leave behind.
    game = short_game(5, players=3, first_round=6)
    with GameStore(path) as store:
        game_id = store.add(game)
        assert reloaded(path, game_id).state == game.state

        def on_disk() -> None:
            assert reloaded(path, game_id).state == game.state

        moves = play(game, random.Random(2), after=on_disk)
    assert moves > 20
    assert game.state.is_over


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_a_killed_process_loses_nothing_it_saved(path: Path) -> None:
    script = textwrap.dedent(
        f"""
        import os, random, signal
        from craits_core import Game
        from craits_core.store import GameStore
        from tests.test_store import play
        store = GameStore({str(path)!r})
        game = Game.new({NAMES!r}, seed=9)
        print(store.add(game), flush=True)
        play(game, random.Random(4), 50)
        os.kill(os.getpid(), signal.SIGKILL)
        """
    )
    root = Path(__file__).resolve().parent.parent
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=root, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == -signal.SIGKILL, done.stderr
    game_id = done.stdout.strip()

    expected = Game.new(NAMES, seed=9)
    play(expected, random.Random(4), 50)
    assert reloaded(path, game_id).events == expected.events


def test_two_games_side_by_side_stay_independent(path: Path) -> None:
    rng = random.Random(7)
    first, second = Game.new(NAMES, seed=1), Game.new(NAMES[:2], seed=2)
    first_twin, second_twin = first.clone(), second.clone()
    with GameStore(path) as store:
        first_id, second_id = store.add(first), store.add(second)
        assert first_id != second_id
        for _ in range(30):
            play(first, rng, 1, twins=(first_twin,))
            play(second, rng, 2, twins=(second_twin,))

    with GameStore(path) as store:
        assert store.load(first_id).events == first_twin.events
        assert store.load(second_id).events == second_twin.events
        counts = {r.id: r.event_count for r in store.games()}
    assert counts == {first_id: first_twin.event_count, second_id: second_twin.event_count}


def test_two_stores_on_one_file_share_it(path: Path) -> None:
    with GameStore(path) as one, GameStore(path) as two:
        mine = short_game(1, players=3, first_round=6)
        theirs = short_game(2, players=3, first_round=6)
        mine_id, theirs_id = one.add(mine), two.add(theirs)
        rng = random.Random(3)
        for _ in range(15):
            play(mine, rng, 1)
            play(theirs, rng, 1)
        assert {r.id for r in one.games()} == {r.id for r in two.games()} == {mine_id, theirs_id}
        assert one.load(theirs_id, attach=False).events == theirs.events
        assert two.load(mine_id, attach=False).events == mine.events


# --- Refusing a command that cannot be saved ---------------------------------------


def assert_refused(game: Game, match: str, code: str = "") -> None:
    """Playing a legal move raises StoreError (with ``code``, for a user interface to
    say in its own words) and leaves ``game`` as it was."""
    state, events = game.state, game.events
    move = any_move(game, random.Random(1))
    assert move is not None
    with pytest.raises(StoreError, match=match) as caught:
        game.handle(move)
    assert caught.value.code == code
    assert game.state is state
    assert game.events == events


def test_a_game_of_a_closed_store_refuses_commands(path: Path) -> None:
    game = Game.new(NAMES, seed=4)
    store = GameStore(path)
    game_id = store.add(game)
    play(game, random.Random(1), 5)
    store.close()
    assert store.closed
    assert_refused(game, "closed")
    assert reloaded(path, game_id).events == game.events


def test_a_locked_file_refuses_the_command_until_it_is_free(path: Path) -> None:
    game = Game.new(NAMES, seed=4)
    with GameStore(path, timeout=0.05) as store:
        game_id = store.add(game)
        other = sqlite3.connect(path, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")  # Another program writing, for longer than we wait.
        try:
            assert_refused(game, "another program", "busy")
        finally:
            other.execute("ROLLBACK")
            other.close()
        play(game, random.Random(1), 5)
    assert reloaded(path, game_id).events == game.events


class Shared(NamedTuple):
    """A game one of two stores of the same file added, as two programs have them."""

    game: Game
    game_id: str
    one: GameStore
    two: GameStore


@contextmanager
def shared_game(path: Path) -> Iterator[Shared]:
    """A new game added (and so attached) by the first of two stores of ``path``."""
    game = Game.new(NAMES, seed=6)
    with GameStore(path) as one, GameStore(path) as two:
        yield Shared(game, one.add(game), one, two)


@pytest.mark.usefixtures("lockless")
def test_a_game_moved_on_elsewhere_refuses_to_fork(path: Path) -> None:
    # Where the file system keeps no locks, two stores can attach one game: the
    # check of each save against the saved log still keeps it from forking.
    with shared_game(path) as (game, game_id, one, two):
        elsewhere = two.load(game_id)
        play(elsewhere, random.Random(1), 1)
        assert_refused(game, "changed elsewhere", "changed-elsewhere")
        assert one.load(game_id, attach=False).events == elsewhere.events


# --- One program at a time -----------------------------------------------------------


def test_a_game_attached_in_one_store_cannot_be_attached_in_another(path: Path) -> None:
    with shared_game(path) as (game, game_id, one, two):
        with pytest.raises(StoreError, match="open in another program") as caught:
            two.load(game_id)
        assert caught.value.code == "in-use" and caught.value.params["game"] == game_id
        assert two.load(game_id, attach=False).events == game.events  # reading is free
        one.detach(game)
        elsewhere = two.load(game_id)
        play(elsewhere, random.Random(1), 3)
        with pytest.raises(StoreError, match="open in another program"):
            one.load(game_id)
    with GameStore(path) as three:  # closing gives the claim up
        assert three.load(game_id).events == elsewhere.events


def test_a_game_is_claimed_whatever_name_its_file_is_opened_by(path: Path) -> None:
    alias = path.with_name("alias.sqlite3")
    try:
        alias.symlink_to(path)
    except OSError:
        pytest.skip("no symbolic links here")
    with GameStore(path) as one, GameStore(alias) as two:
        game_id = one.add(Game.new(NAMES, seed=6))
        with pytest.raises(StoreError, match="open in another program"):
            two.load(game_id)


def test_one_store_may_attach_a_game_twice_and_keeps_it_while_either_is(path: Path) -> None:
    with GameStore(path) as one, GameStore(path) as two:
        first = Game.new(NAMES, seed=6)
        game_id = one.add(first)
        second = one.load(game_id)
        one.detach(first)
        with pytest.raises(StoreError, match="open in another program"):
            two.load(game_id)
        one.detach(second)
        two.load(game_id)


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_a_game_is_claimed_by_a_running_program_and_freed_when_it_is_killed(path: Path) -> None:
    with GameStore(path) as store:
        game_id = store.add(Game.new(NAMES, seed=6))
    script = textwrap.dedent(
        f"""
        import sys
        from craits_core.store import GameStore
        store = GameStore({str(path)!r})
        store.load({game_id!r})
        print("playing", flush=True)
        sys.stdin.readline()  # until killed
        """
    )
    root = Path(__file__).resolve().parent.parent
    other = subprocess.Popen(
        [sys.executable, "-c", script],
        cwd=root,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert other.stdout is not None and other.stdout.readline() == "playing\n"
        with GameStore(path) as store, pytest.raises(StoreError, match="another program"):
            store.load(game_id)
    finally:
        other.send_signal(signal.SIGKILL)
        other.wait(timeout=30)
    with GameStore(path) as store:
        store.load(game_id)


def test_a_game_open_elsewhere_is_not_deleted(path: Path) -> None:
    with shared_game(path) as (game, game_id, one, two):
        with pytest.raises(StoreError, match="open in another program") as caught:
            two.delete(game_id)
        assert caught.value.code == "in-use" and caught.value.params["game"] == game_id
        play(game, random.Random(1), 3)  # still saved as it goes
        assert reloaded(path, game_id).events == game.events
        one.detach(game)
        two.delete(game_id)
        assert two.games() == []
        # The claim taken for the deletion is given up with it.
        assert not list((path.parent / (path.name + ".locks")).iterdir())


@pytest.mark.usefixtures("lockless")
def test_a_game_deleted_elsewhere_refuses_commands(path: Path) -> None:
    # Where the file system keeps no locks, a game can be deleted while it is played.
    with shared_game(path) as (game, game_id, _, two):
        two.delete(game_id)
        assert_refused(game, "no longer saved", "gone")


# --- Attaching ----------------------------------------------------------------------


def test_a_game_is_added_only_once(path: Path) -> None:
    game = short_game(1)
    with GameStore(path) as store:
        game_id = store.add(game)
        with pytest.raises(StoreError, match=game_id):
            store.add(game)


def test_attach_saves_a_game_loaded_without_it(path: Path) -> None:
    with GameStore(path) as store:
        game_id = store.add(Game.new(NAMES, seed=8))
        game = store.load(game_id, attach=False)
        play(game, random.Random(1), 3)
        with pytest.raises(StoreError, match="not this game"):
            store.attach(game_id, game)  # It has moved on without the store.

        game = store.load(game_id, attach=False)
        store.attach(game_id, game)
        play(game, random.Random(1), 3)
        assert store.load(game_id, attach=False).events == game.events


def test_a_detached_game_plays_on_unsaved(path: Path) -> None:
    game = Game.new(NAMES, seed=8)
    with GameStore(path) as store:
        game_id = store.add(game)
        saved = game.event_count
        store.detach(game)
        play(game, random.Random(1), 3)
        assert store.record(game_id).event_count == saved


# --- Listing, deleting ----------------------------------------------------------------


def test_listing_says_what_each_game_is(path: Path) -> None:
    done = short_game(1)
    older, newer = Game.new(NAMES, seed=2), Game.new(NAMES[:2], seed=3)
    with GameStore(path) as store:
        done_id = store.add(done)
        older_id = store.add(older)
        newer_id = store.add(newer)
        play(newer, random.Random(1), 3)
        play(done, random.Random(1))
        assert done.state.is_over

        records = store.games()
        assert [r.id for r in records] == [done_id, newer_id, older_id]  # Last played first.
        by_id = {r.id: r for r in records}
        assert by_id[done_id].status == "finished" and by_id[done_id].finished
        assert by_id[older_id].status == by_id[newer_id].status == "playing"
        assert store.latest_unfinished() == by_id[newer_id]

        record = by_id[newer_id]
        assert isinstance(record, GameRecord)
        assert record.players == ("Ann", "Bob")
        assert record.rules == RuleSet()
        assert record.event_count == newer.event_count
        assert record.round_number == newer.state.round_number == 1
        assert record.started_at.tzinfo == UTC
        assert record.started_at <= record.updated_at
        assert store.record(newer_id) == record


def test_the_round_number_and_status_follow_the_play(path: Path) -> None:
    game = short_game(3, players=2, first_round=6)
    with GameStore(path) as store:
        game_id = store.add(game)
        rounds_seen = set()

        def check() -> None:
            record = store.record(game_id)
            assert record.round_number == game.state.round_number
            assert record.finished == game.state.is_over
            rounds_seen.add(record.round_number)

        play(game, random.Random(5), after=check)
        assert rounds_seen == {6, 7, 8}
        assert store.latest_unfinished() is None


def test_latest_unfinished_is_the_last_game_played(path: Path) -> None:
    first, second = Game.new(NAMES, seed=1), Game.new(NAMES, seed=2)
    with GameStore(path) as store:
        first_id = store.add(first)
        second_id = store.add(second)
        latest = store.latest_unfinished()
        assert latest is not None and latest.id == second_id
        play(first, random.Random(1), 1)
        latest = store.latest_unfinished()
        assert latest is not None and latest.id == first_id


def test_delete_forgets_a_game(path: Path) -> None:
    game, kept = Game.new(NAMES, seed=1), Game.new(NAMES, seed=2)
    with GameStore(path) as store:
        game_id, kept_id = store.add(game), store.add(kept)
        store.delete(game_id)
        assert [r.id for r in store.games()] == [kept_id]
        play(game, random.Random(1), 2)  # It plays on, unsaved.
        with pytest.raises(UnknownGame):
            store.load(game_id)


def test_unfinished_lists_the_games_not_over(path: Path) -> None:
    done, first, second = short_game(1), Game.new(NAMES, seed=1), Game.new(NAMES, seed=2)
    with GameStore(path) as store:
        done_id, first_id, second_id = store.add(done), store.add(first), store.add(second)
        play(done, random.Random(1))
        assert done.state.is_over
        play(first, random.Random(1), 1)
        assert [r.id for r in store.unfinished()] == [first_id, second_id]
        assert done_id in {r.id for r in store.games()}


# --- Rewinding (a move taken back) --------------------------------------------------


def move_starts(game: Game) -> list[int]:
    """Where each move of the round in play starts in ``game``'s log."""
    return [start for start, _command in game.round_moves()]


def test_rewind_cuts_the_saved_log_and_the_rebuilt_game_saves_on(path: Path) -> None:
    rng = random.Random(8)
    game = Game.new(NAMES, seed=12)
    with GameStore(path) as store:
        game_id = store.add(game, meta={"seats": "as they were"})
        play(game, rng, 12)
        keep = move_starts(game)[-4]
        before = store.record(game_id)
        store.rewind(game_id, keep, meta={"seats": "as they were", "take_backs": 1})
        record = store.record(game_id)
        assert record.event_count == keep
        assert record.meta == {"seats": "as they were", "take_backs": 1}
        assert record.updated_at >= before.updated_at
        rebuilt = game.rewound(keep)
        assert reloaded(path, game_id).events == rebuilt.events == game.events[:keep]
        # The game as it was no longer matches the file: it cannot fork it.
        assert_refused(game, "changed elsewhere", "changed-elsewhere")
        store.attach(game_id, rebuilt)
        store.detach(game)
        play(rebuilt, rng, 10)
        assert reloaded(path, game_id).events == rebuilt.events
        assert store.record(game_id).event_count == rebuilt.event_count


def test_rewind_without_meta_keeps_what_was_kept(path: Path) -> None:
    game = Game.new(NAMES, seed=12)
    with GameStore(path) as store:
        game_id = store.add(game, meta={"seats": [1, 2, 3]})
        play(game, random.Random(8), 5)
        store.rewind(game_id, move_starts(game)[0])
        assert store.record(game_id).meta == {"seats": [1, 2, 3]}


def test_rewind_puts_the_status_and_round_back(path: Path) -> None:
    game = short_game(3, players=2, first_round=7)
    dealt = game.event_count
    with GameStore(path) as store:
        game_id = store.add(game)
        play(game, random.Random(5))
        assert store.record(game_id).finished
        last_round = move_starts(game)[-1]  # the move that ended the game
        store.rewind(game_id, last_round)
        record = store.record(game_id)
        assert not record.finished and record.round_number == 8
        assert store.latest_unfinished() == record
        store.rewind(game_id, dealt)
        assert store.record(game_id).round_number == 7
        assert reloaded(path, game_id).state.round_number == 7


def test_the_claim_is_kept_through_a_rewind(path: Path) -> None:
    game = Game.new(NAMES, seed=12)
    with GameStore(path) as one, GameStore(path) as two:
        game_id = one.add(game)
        play(game, random.Random(8), 6)
        keep = move_starts(game)[-2]
        one.rewind(game_id, keep)
        rebuilt = game.rewound(keep)
        one.attach(game_id, rebuilt)
        one.detach(game)
        with pytest.raises(StoreError, match="open in another program"):
            two.load(game_id)


@pytest.mark.parametrize("keep", [0, -1, 10_000, "3"])
def test_a_rewind_out_of_the_log_changes_nothing(path: Path, keep: object) -> None:
    game = Game.new(NAMES, seed=12)
    with GameStore(path) as store:
        game_id = store.add(game, meta={"a": 1})
        play(game, random.Random(8), 4)
        before = store.record(game_id)
        with pytest.raises(StoreError, match="cannot be rewound"):
            store.rewind(game_id, keep, meta={"b": 2})  # type: ignore[arg-type]
        assert store.record(game_id) == before
        assert reloaded(path, game_id).events == game.events
        with pytest.raises(UnknownGame):
            store.rewind("nope", 3)


@pytest.mark.parametrize("action", ["load", "record", "delete"])
def test_an_unknown_id_is_a_key_error(path: Path, action: str) -> None:
    with GameStore(path) as store, pytest.raises(KeyError) as caught:
        getattr(store, action)("nosuchid")
    assert isinstance(caught.value, StoreError)
    assert "nosuchid" in str(caught.value)
    assert str(path) in str(caught.value)
    assert caught.value.code == "unknown-game"
    assert caught.value.params == {"path": path, "game": "nosuchid"}


# --- Files that are not ours, or damaged ------------------------------------------------


def saved_store(path: Path) -> None:
    """A good save file holding a few games, closed (so its log is folded in)."""
    with GameStore(path) as store:
        for seed in range(3):
            game = Game.new(NAMES, seed=seed)
            store.add(game)
            play(game, random.Random(seed), 40)


def garbage(path: Path) -> None:
    path.write_bytes(random.Random(1).randbytes(5000))


def text_file(path: Path) -> None:
    path.write_text("my shopping list\neggs\n", encoding="utf-8")


def truncated(size: Callable[[int], int]) -> Callable[[Path], None]:
    def make(path: Path) -> None:
        saved_store(path)
        data = path.read_bytes()
        path.write_bytes(data[: size(len(data))])

    return make


def foreign(journal_mode: str, application_id: int) -> Callable[[Path], None]:
    def make(path: Path) -> None:
        conn = sqlite3.connect(path)
        conn.execute(f"PRAGMA journal_mode = {journal_mode}")
        conn.execute(f"PRAGMA application_id = {application_id}")
        conn.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)")
        conn.execute("INSERT INTO notes (text) VALUES ('not a card game')")
        conn.commit()
        conn.close()

    return make


@pytest.mark.parametrize(
    ("make", "complaint"),
    [
        (garbage, "is not a Craits save file"),
        (text_file, "is not a Craits save file"),
        (foreign("DELETE", 0), "is not a Craits save file"),
        (foreign("WAL", 0x12345678), "is not a Craits save file"),
        (truncated(lambda n: n // 2), "is damaged"),
        (truncated(lambda n: n - 4096), "is damaged"),
        (truncated(lambda n: 4096), "is damaged"),
        (truncated(lambda n: 60), "is damaged"),
    ],
    ids=[
        "garbage",
        "text",
        "foreign",
        "foreign-wal",
        "truncated-half",
        "truncated-last-page",
        "truncated-to-one-page",
        "truncated-header",
    ],
)
def test_a_file_that_is_not_a_sound_save_is_refused_and_left_alone(
    path: Path, make: Callable[[Path], None], complaint: str
) -> None:
    make(path)
    before = files_in(path.parent)
    with pytest.raises(StoreError, match=complaint) as caught:
        GameStore(path)
    assert str(path) in str(caught.value)
    # Said as a code too, for a user interface to put in the player's language.
    assert caught.value.code in OPENING_PROBLEMS
    assert caught.value.params["path"] == path
    assert files_in(path.parent) == before


def test_a_save_file_from_a_newer_version_is_refused(path: Path) -> None:
    saved_store(path)
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA user_version = 99")
    conn.commit()
    conn.close()
    with pytest.raises(StoreError, match="newer version") as caught:
        GameStore(path)
    assert caught.value.code == "newer" and caught.value.params["version"] == 99


def damage_event(path: Path, game_id: str, sql: str, data: str | None = None) -> None:
    conn = sqlite3.connect(path)
    conn.execute(sql, {"id": game_id, "data": data})
    conn.commit()
    conn.close()


def stored_rows(path: Path, game_id: str) -> list[str]:
    conn = sqlite3.connect(path)
    rows = conn.execute(
        "SELECT data FROM events WHERE game_id = ? ORDER BY seq", (game_id,)
    ).fetchall()
    conn.close()
    return [data for (data,) in rows]


def test_each_event_is_stored_in_its_codec_form(path: Path) -> None:
    game = Game.new(NAMES, seed=6)
    with GameStore(path) as store:
        game_id = store.add(game)
        play(game, random.Random(6), 60)
    rows = stored_rows(path, game_id)
    assert [json.loads(row) for row in rows] == [event_to_dict(e) for e in game.events]
    assert [event_from_dict(json.loads(row)) for row in rows] == list(game.events)


def test_a_game_stored_before_draws_carried_their_count_loads(path: Path) -> None:
    game = Game.new(NAMES, seed=7, rules=RuleSet(voluntary_draw=True))
    with GameStore(path) as store:
        game_id = store.add(game)
        play(game, random.Random(7), 150)
    assert any(isinstance(e, StockReshuffled) for e in game.events)
    conn = sqlite3.connect(path)
    for seq, row in enumerate(stored_rows(path, game_id)):
        data = json.loads(row)
        if data["type"] in (CardsDrawn.type, StockReshuffled.type):
            del data["count"]
            conn.execute(
                "UPDATE events SET data = ? WHERE game_id = ? AND seq = ?",
                (json.dumps(data), game_id, seq),
            )
    conn.commit()
    conn.close()
    old = reloaded(path, game_id)
    assert old.events == game.events
    assert old.state == game.state


REWRITE = "UPDATE events SET data = :data WHERE game_id = :id AND seq = 5"


@pytest.mark.parametrize(
    ("sql", "data"),
    [
        (REWRITE, "not json"),
        (REWRITE, "[1, 2]"),
        (REWRITE, json.dumps({"type": CardPlayed.type})),
        (REWRITE, json.dumps(event_to_dict(TurnBegan(2)))),
        ("DELETE FROM events WHERE game_id = :id AND seq = 5", None),
    ],
    ids=["not-json", "not-an-object", "incomplete", "breaks-the-rules", "missing"],
)
def test_a_damaged_game_log_is_named_and_spares_the_others(
    path: Path, sql: str, data: str | None
) -> None:
    with GameStore(path) as store:
        games = [Game.new(NAMES, seed=s) for s in (1, 2)]
        damaged_id, sound_id = (store.add(game) for game in games)
        for game in games:
            play(game, random.Random(1), 20)
    damage_event(path, damaged_id, sql, data)

    with GameStore(path) as store:
        with pytest.raises(StoreError, match=damaged_id) as caught:
            store.load(damaged_id)
        assert "damaged" in str(caught.value)
        assert caught.value.code in GAME_PROBLEMS
        assert caught.value.params["game"] == damaged_id
        assert {r.id for r in store.games()} == {damaged_id, sound_id}
        assert store.load(sound_id).events == games[1].events
        store.delete(damaged_id)
        assert [r.id for r in store.games()] == [sound_id]


def test_an_empty_sqlite_database_becomes_a_store(path: Path) -> None:
    # What a creation cut short by a kill can leave: a database with nothing in it.
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA journal_mode = WAL")
    conn.close()
    assert path.stat().st_size > 0
    with GameStore(path) as store:
        store.add(short_game(1))
        assert len(store.games()) == 1


def test_what_the_program_keeps_with_a_game_comes_back(tmp_path: Path) -> None:
    seats = {"seats": [{"name": "Ann", "bot": None}, {"name": "Bob", "bot": "normal"}]}
    with GameStore(tmp_path / "games.sqlite3") as store:
        game_id = store.add(Game.new(["Ann", "Bob"], seed=4), meta=seats)
    with GameStore(tmp_path / "games.sqlite3") as store:
        assert store.record(game_id).meta == seats
        assert store.latest_unfinished().meta == seats
