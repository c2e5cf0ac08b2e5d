"""The server's ledger: claimed names, ratings, the leaderboard and replay codes, in
the save file beside the game store's tables."""

from __future__ import annotations

import random
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from craits_core import Event, Game, GameStore, RuleSet, StoreError
from craits_core.events import GameEnded
from craits_tui.online.server.ledger import (
    KEYLESS_PLACEMENT_GAMES,
    PLACEMENT_GAMES,
    SCALE,
    Ledger,
    LedgerError,
    NameTaken,
    Placing,
    Rating,
    player_id,
    ranks,
)
from craits_tui.online.server.ratings import new_rating
from craits_tui.online.server.seats import CODE_LETTERS, normal_code

KEY_A = "SHA256:aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
KEY_B = "SHA256:bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "games.sqlite3"


@contextmanager
def opened(path: Path, **options: Any) -> Iterator[Ledger]:
    """The ledger in the save file ``path``, on its game store's connection."""
    with GameStore(path) as store:
        yield Ledger(store, **options)


@pytest.fixture
def ledger(path: Path) -> Iterator[Ledger]:
    with opened(path) as ledger:
        yield ledger


def key_of(name: str) -> str:
    """The player id of someone who logs in with a key, named after them."""
    return f"key:{name}"


def placing(name: str, total: int, *, left: bool = False, left_at: int = 0) -> Placing:
    return Placing(key_of(name), name, total, left, left_at)


def play(ledger: Ledger, *names: str) -> None:
    """Rate a game that ``names`` finished in that order (no ties)."""
    ledger.rate([placing(name, 10 * i) for i, name in enumerate(names)])


# --- Names --------------------------------------------------------------------------


def test_player_ids_are_the_key_else_the_name() -> None:
    assert player_id("Ann", KEY_A) == f"key:{KEY_A}"
    assert player_id("Ann", None) == "name:ann"
    assert player_id("ＡＮＮ", None) == player_id("ann", None)


def test_the_first_key_claims_a_name_and_may_come_back(ledger: Ledger) -> None:
    ledger.claim("Ann", KEY_A)
    ledger.claim("Ann", KEY_A)
    ledger.claim("ann", KEY_A)


def test_another_key_is_refused_a_claimed_name(ledger: Ledger) -> None:
    ledger.claim("Ann", KEY_A)
    with pytest.raises(NameTaken) as caught:
        ledger.claim("Ann", KEY_B)
    message = str(caught.value)
    assert "'Ann'" in message and "another name" in message
    assert message.count(".") == 1 and "\n" not in message


def test_a_login_without_a_key_is_refused_a_claimed_name(ledger: Ledger) -> None:
    ledger.claim("Ann", KEY_A)
    with pytest.raises(NameTaken, match="'Ann'"):
        ledger.claim("Ann", None)


def test_claimed_names_compare_as_they_read(ledger: Ledger) -> None:
    ledger.claim("Ann", KEY_A)
    # Another case, full-width letters, a Cyrillic "а": all read "ann".
    for lookalike in ("ANN", "ＡＮＮ", "\u0430nn"):
        with pytest.raises(NameTaken):
            ledger.claim(lookalike, KEY_B)
        with pytest.raises(NameTaken):
            ledger.claim(lookalike, None)
    ledger.claim("ANN", KEY_A)


def test_keyless_logins_claim_nothing(ledger: Ledger) -> None:
    ledger.claim("Bob", None)
    ledger.claim("Bob", None)
    # A keyless login did not claim the name: the first key may.
    ledger.claim("Bob", KEY_A)
    with pytest.raises(NameTaken):
        ledger.claim("Bob", None)


def test_a_key_may_claim_several_names_and_other_names_stay_free(ledger: Ledger) -> None:
    ledger.claim("Ann", KEY_A)
    ledger.claim("Annie", KEY_A)
    ledger.claim("Bob", KEY_B)
    ledger.claim("Cy", None)
    with pytest.raises(NameTaken):
        ledger.claim("Annie", KEY_B)


LOOKALIKES_OF_ALICE = (
    "\u0251lice",  # a Latin alpha
    "al\u0131ce",  # a dotless i
    "aIice",  # a capital I for the l
    "a\u01c0ice",  # a dental click for the l
    "ALICE",
    "Ａlice",
)


@pytest.mark.parametrize("lookalike", LOOKALIKES_OF_ALICE)
def test_a_name_that_reads_as_a_claimed_one_is_refused(ledger: Ledger, lookalike: str) -> None:
    ledger.claim("alice", KEY_A)
    with pytest.raises(NameTaken):
        ledger.claim(lookalike, KEY_B)
    with pytest.raises(NameTaken):
        ledger.claim(lookalike, None)
    ledger.claim(lookalike, KEY_A)  # hers: the same name to a reader


def test_a_name_claimed_in_its_lookalike_keeps_the_plain_one_too(ledger: Ledger) -> None:
    ledger.claim("aIice", KEY_A)
    with pytest.raises(NameTaken):
        ledger.claim("alice", KEY_B)


ORDINARY_NAMES = (
    "Niccolò",
    "Gianluca",
    "Ñino",
    "Maria Santos",
    "Ĉiela",
    "Eĥo",
    "Σωκράτης",
    "Ελένη",
    "Дмитрий",
    "Наташа",
)


def test_names_of_every_language_are_claimed_each_by_its_own_key(ledger: Ledger) -> None:
    for number, name in enumerate(ORDINARY_NAMES):
        ledger.claim(name, f"SHA256:key{number}")
    for number, name in enumerate(ORDINARY_NAMES):
        ledger.claim(name, f"SHA256:key{number}")
        with pytest.raises(NameTaken):
            ledger.claim(name, "SHA256:someone-else")


def test_a_key_claims_a_few_names_at_most(path: Path) -> None:
    with opened(path, names_per_key=3) as ledger:
        for name in ("Ann", "Annie", "Anna"):
            ledger.claim(name, KEY_A)
        with pytest.raises(NameTaken) as caught:
            ledger.claim("Ana", KEY_A)
        assert "Ann, Annie, Anna" in str(caught.value)
        for name in ("Ann", "ANNIE", "anna"):  # its own names, as often as it likes
            ledger.claim(name, KEY_A)
        ledger.claim("Ana", KEY_B)  # the name stayed free


def test_claims_outlast_the_ledger(path: Path) -> None:
    with opened(path) as ledger:
        ledger.claim("Ann", KEY_A)
    with opened(path) as ledger, pytest.raises(NameTaken):
        ledger.claim("Ann", KEY_B)


def test_a_claim_records_the_latest_name(ledger: Ledger) -> None:
    ledger.claim("Ann", KEY_A)
    ledger.claim("Bob", KEY_B)
    key_a, key_b = player_id("Ann", KEY_A), player_id("Bob", KEY_B)
    for _ in range(PLACEMENT_GAMES):
        ledger.rate([Placing(key_a, "Ann", 0), Placing(key_b, "Bob", 9)])
    ledger.claim("Annie", KEY_A)
    best, own = ledger.leaderboard(key_a)
    assert [s.name for s in best] == ["Annie", "Bob"]
    assert own is not None and own.name == "Annie"


# --- Ranks --------------------------------------------------------------------------


def test_ranks_are_by_total_lowest_first() -> None:
    assert ranks([placing("A", 30), placing("B", 5), placing("C", 12)]) == [3, 1, 2]


def test_equal_totals_share_a_rank_and_skip_the_next() -> None:
    got = ranks([placing("A", 5), placing("B", 5), placing("C", 9), placing("D", 1)])
    assert got == [2, 2, 4, 1]


def test_leavers_rank_after_everyone_who_stayed() -> None:
    got = ranks(
        [
            placing("A", 0, left=True),
            placing("B", 40),
            placing("C", 3, left=True),
            placing("D", 10),
        ]
    )
    assert got == [3, 2, 3, 1]


# --- Ratings ------------------------------------------------------------------------


def test_of_those_who_left_the_first_to_go_places_last() -> None:
    placings = [
        placing("Ann", 50),
        placing("Bob", 0, left=True, left_at=40),
        placing("Cy", 9, left=True, left_at=200),
        placing("Di", 3, left=True, left_at=40),
        placing("Ed", 20),
    ]
    assert ranks(placings) == [2, 4, 3, 4, 1]


def test_an_unknown_player_has_the_default_rating(ledger: Ledger) -> None:
    rating = ledger.rating(key_of("nobody"))
    assert (rating.mu, rating.sigma) == (new_rating().mu, new_rating().sigma)
    assert rating.games == 0 and rating.mu == pytest.approx(25.0)
    assert rating.sigma == pytest.approx(25 / 3)


def test_a_three_player_game_moves_ratings_the_right_way(path: Path) -> None:
    with opened(path) as ledger:
        changes = ledger.rate([placing("Cy", 40), placing("Ann", 3), placing("Bob", 17)])
        assert [(c.name, c.place) for c in changes] == [("Cy", 3), ("Ann", 1), ("Bob", 2)]
        cy, ann, bob = changes
        start = ledger.rating(key_of("newcomer"))
        assert all(c.before == start for c in changes)
        assert ann.after.mu > bob.after.mu > cy.after.mu
        assert ann.after.mu > start.mu > cy.after.mu
        assert all(c.after.sigma < start.sigma and c.after.games == 1 for c in changes)
    with opened(path) as ledger:
        for change in changes:
            assert ledger.rating(change.player) == change.after


def test_a_second_game_starts_from_the_first(ledger: Ledger) -> None:
    first = ledger.rate([placing("Ann", 0), placing("Bob", 5)])
    second = ledger.rate([placing("Ann", 0), placing("Bob", 5)])
    assert [c.before for c in second] == [c.after for c in first]
    assert second[0].after.mu > first[0].after.mu
    assert second[0].after.games == 2


def test_tied_players_share_a_rank_and_move_alike(ledger: Ledger) -> None:
    changes = ledger.rate([placing("Ann", 7), placing("Bob", 7), placing("Cy", 20)])
    ann, bob, cy = changes
    assert (ann.place, bob.place, cy.place) == (1, 1, 3)
    assert ann.after.mu == pytest.approx(bob.after.mu)
    assert ann.after.sigma == pytest.approx(bob.after.sigma)
    assert ann.after.mu > ann.before.mu and cy.after.mu < cy.before.mu


def test_a_leaver_ranks_last_whatever_their_total(ledger: Ledger) -> None:
    changes = ledger.rate([placing("Ann", 0, left=True), placing("Bob", 50), placing("Cy", 30)])
    ann, bob, cy = changes
    assert (ann.place, bob.place, cy.place) == (3, 2, 1)
    assert ann.after.mu < ann.before.mu
    assert ann.after.mu < bob.after.mu < cy.after.mu


def test_fewer_than_two_people_change_nothing(ledger: Ledger) -> None:
    assert ledger.rate([]) == []
    assert ledger.rate([placing("Ann", 3)]) == []
    assert ledger.rating(key_of("Ann")).games == 0
    assert ledger.leaderboard(key_of("Ann")) == ([], None)


def test_a_player_twice_in_one_game_is_a_mistake(ledger: Ledger) -> None:
    with pytest.raises(ValueError):
        ledger.rate([placing("Ann", 3), placing("Ann", 5)])
    assert ledger.rating(key_of("Ann")).games == 0


def test_a_rating_is_shown_after_the_placement_games(ledger: Ledger) -> None:
    ann = key_of("Ann")
    for games in range(1, PLACEMENT_GAMES + 1):
        play(ledger, "Ann", "Bob", "Cy")
        rating = ledger.rating(ann)
        assert rating.games == games
        assert rating.placed == (games == PLACEMENT_GAMES)
        assert (rating.shown is None) == (games < PLACEMENT_GAMES)
    shown = ledger.rating(ann).shown
    assert shown == round(ledger.rating(ann).conservative * SCALE) and shown > 0


def test_a_name_alone_earns_a_shown_rating_over_more_games_than_a_key(ledger: Ledger) -> None:
    named, keyed = player_id("Ann", None), key_of("Bob")
    for _ in range(PLACEMENT_GAMES):
        ledger.rate([Placing(named, "Ann", 0), Placing(keyed, "Bob", 1)])
    assert ledger.rating(keyed).shown is not None
    assert ledger.rating(named).shown is None
    assert ledger.rating(named).placement == KEYLESS_PLACEMENT_GAMES > PLACEMENT_GAMES
    for _ in range(KEYLESS_PLACEMENT_GAMES - PLACEMENT_GAMES):
        ledger.rate([Placing(named, "Ann", 0), Placing(keyed, "Bob", 1)])
    assert ledger.rating(named).shown is not None


@pytest.mark.parametrize("board", ["keys", "all"])
def test_the_leaderboard_lists_keys_or_everyone(path: Path, board: str) -> None:
    with opened(path, board=board) as ledger:
        named, keyed = player_id("Ann", None), key_of("Bob")
        for _ in range(KEYLESS_PLACEMENT_GAMES):
            ledger.rate([Placing(named, "Ann", 0), Placing(keyed, "Bob", 1)])
        best, own = ledger.leaderboard(named)
        assert own is not None and own.rating.shown is not None
        if board == "keys":
            assert [s.name for s in best] == ["Bob"] and ledger.rated_players() == 1
            assert own.place is None  # rated, but not listed
        else:
            assert [s.name for s in best] == ["Ann", "Bob"] and ledger.rated_players() == 2
            assert own.place == 1


def test_the_leaderboard_shows_a_player_once_when_a_key_claims_their_name(
    path: Path,
) -> None:
    with opened(path, board="all") as ledger:
        for _ in range(KEYLESS_PLACEMENT_GAMES):
            ledger.rate([Placing(player_id("Ann", None), "Ann", 0), Placing("key:b", "Bob", 1)])
        ledger.claim("Ann", KEY_A)
        for _ in range(PLACEMENT_GAMES):
            ledger.rate([Placing(player_id("Ann", KEY_A), "Ann", 0), Placing("key:b", "Bob", 1)])
        best, _ = ledger.leaderboard(None)
        assert [s.name for s in best] == ["Ann", "Bob"]


def test_a_shown_rating_is_never_below_zero() -> None:
    assert Rating(10.0, 6.0, PLACEMENT_GAMES).shown == 0
    assert Rating(25.0, 2.0, PLACEMENT_GAMES).shown == round(19 * SCALE)
    assert Rating(25.0, 2.0, PLACEMENT_GAMES - 1).shown is None


# --- The leaderboard ----------------------------------------------------------------


def test_the_leaderboard_lists_the_best_placed_players_in_order(ledger: Ledger) -> None:
    rng = random.Random(7)
    names = [f"P{i:02}" for i in range(25)]
    # Lower numbers tend to win, so the ratings spread.
    for _ in range(PLACEMENT_GAMES):
        for table in range(0, 25, 5):
            seated = names[table : table + 5]
            ledger.rate([placing(n, int(n[1:]) + rng.randrange(12)) for n in seated])
    play(ledger, "New", "Newer")  # placing: never on the board
    everyone = sorted(
        names,
        key=lambda n: (-ledger.rating(key_of(n)).conservative, n),
    )

    best, own = ledger.leaderboard(key_of("P24"), top=20)
    assert [s.name for s in best] == everyone[:20]
    assert [s.place for s in best] == list(range(1, 21))
    assert all(s.rating.placed for s in best)
    conservative = [s.rating.conservative for s in best]
    assert conservative == sorted(conservative, reverse=True)
    assert own is not None and own.name == "P24"
    assert own.place == everyone.index("P24") + 1

    best, own = ledger.leaderboard(key_of(best[2].name), top=3)
    assert len(best) == 3 and own == best[2]


def test_a_placing_player_has_a_standing_without_a_place(ledger: Ledger) -> None:
    play(ledger, "Ann", "Bob")
    best, own = ledger.leaderboard(key_of("Ann"))
    assert best == []
    assert own is not None and own.place is None and own.rating.games == 1
    assert ledger.leaderboard(key_of("Nobody"))[1] is None
    assert ledger.leaderboard(None)[1] is None


def test_leaderboard_ties_go_to_more_games_then_the_name(ledger: Ledger) -> None:
    # Bob and Ann tie every game, so their ratings are the same; Cy always last.
    for _ in range(PLACEMENT_GAMES):
        ledger.rate([placing("Bob", 1), placing("Ann", 1), placing("Cy", 9)])
    best, _ = ledger.leaderboard(None)
    assert [s.name for s in best] == ["Ann", "Bob", "Cy"]
    assert best[0].rating == best[1].rating
    assert ledger.leaderboard(key_of("Bob"))[1] == best[1]

    # Dee matches Ann's record in one more game.
    ledger.rate([placing("Dee", 1), placing("Eve", 1), placing("Cy", 9)])
    ann = ledger.rating(key_of("Ann"))
    with ledger._database.transaction("test") as conn:
        conn.execute(
            "UPDATE ledger_players SET mu = ?, sigma = ?, games = ? WHERE id = ?",
            (ann.mu, ann.sigma, ann.games + 1, key_of("Dee")),
        )
    best, own = ledger.leaderboard(key_of("Ann"))
    assert [s.name for s in best][:3] == ["Dee", "Ann", "Bob"]
    assert own is not None and own.place == 2


# --- Replay codes -------------------------------------------------------------------


def test_a_replay_code_is_made_once_and_found_however_typed(path: Path) -> None:
    with opened(path) as ledger:
        assert ledger.replay_code("g1") is None
        code = ledger.record_finished("g1")
        assert len(code) == 7 and code[3] == "-"
        assert set(code.replace("-", "")) <= set(CODE_LETTERS)
        assert ledger.record_finished("g1") == code
        assert ledger.replay_code("g1") == code
        for typed in (code, code.lower(), normal_code(code).lower(), f" {code} "):
            assert ledger.replay_game(typed) == "g1"
        assert ledger.replay_game("ZZZ-ZZZ" if code != "ZZZ-ZZZ" else "YYY-YYY") is None
    with opened(path) as ledger:
        assert ledger.record_finished("g1") == code
        assert ledger.replay_game(code) == "g1"


def test_replay_codes_differ_from_game_to_game(ledger: Ledger) -> None:
    codes = {ledger.record_finished(f"g{i}") for i in range(200)}
    assert len(codes) == 200
    assert all(ledger.replay_game(code) == ledger.replay_game(code.lower()) for code in codes)
    assert {ledger.replay_game(code) for code in codes} == {f"g{i}" for i in range(200)}


# --- The file -----------------------------------------------------------------------


def test_the_game_store_and_the_ledger_share_the_file_and_its_connection(path: Path) -> None:
    game = Game.new(["Ann", "Bob"], seed=3, rules=RuleSet(short_game=True), first_round=8)
    with GameStore(path) as store:
        ledger = Ledger(store)
        game_id = store.add(game)
        play(ledger, "Ann", "Bob")
        code = ledger.record_finished(game_id)
    with GameStore(path) as store:
        ledger = Ledger(store)
        assert [r.id for r in store.games()] == [game_id]
        assert store.load(game_id, attach=False).events == game.events
        assert ledger.replay_game(code) == game_id
        assert ledger.rating(key_of("Ann")).games == 1


def test_a_ledger_first_makes_a_file_the_game_store_opens(path: Path) -> None:
    with opened(path) as ledger:
        ledger.claim("Ann", KEY_A)
    with GameStore(path) as store:
        assert store.games() == []
    with opened(path) as ledger, pytest.raises(NameTaken):
        ledger.claim("Ann", KEY_B)


def test_a_closed_store_closes_its_ledger_too(path: Path) -> None:
    with opened(path) as ledger:
        pass
    with pytest.raises(LedgerError, match="closed"):
        ledger.rating("name:ann")


def test_a_file_another_program_writes_is_a_ledger_error_that_says_so(path: Path) -> None:
    with GameStore(path, timeout=0.05) as store:
        ledger = Ledger(store)
        other = sqlite3.connect(path, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")  # another program writing, longer than we wait
        try:
            with pytest.raises(LedgerError, match="another program") as caught:
                ledger.claim("Ann", KEY_A)
        finally:
            other.execute("ROLLBACK")
            other.close()
        assert caught.value.code == "busy" and caught.value.params["path"] == path
        ledger.claim("Ann", KEY_A)  # free again: the claim goes through
        with pytest.raises(NameTaken):
            ledger.claim("Ann", KEY_B)


def test_a_ledger_table_that_cannot_be_read_is_a_ledger_error_on_one_line(path: Path) -> None:
    with opened(path) as ledger:
        ledger.claim("Ann", KEY_A)
    conn = sqlite3.connect(path)
    conn.execute("DROP TABLE ledger_replays")
    conn.commit()
    conn.close()
    with opened(path) as ledger:
        with pytest.raises(LedgerError, match="no such table") as caught:
            ledger.replay_code("g1")
        assert "\n" not in str(caught.value) and caught.value.code == "unreadable"
        with pytest.raises(LedgerError, match="no such table") as caught:
            ledger.record_finished("g1")
        assert caught.value.code == "unwritable"


def test_the_end_of_a_game_is_saved_with_its_last_move_or_not_at_all(path: Path) -> None:
    # The store's hook writes the ledger's records in the transaction that saves
    # the move: when the hook fails, neither the move nor the records are saved.
    with GameStore(path) as store:
        ledger = Ledger(store)
        game = Game.new(["Ann", "Bob"], seed=3, rules=RuleSet(short_game=True), first_round=8)
        finished: list[str] = []

        def saving(events: list[Event]) -> None:
            if any(isinstance(event, GameEnded) for event in events):
                ledger.finish(game_id, [placing("Ann", 1), placing("Bob", 2)], over=True)
                if fail:
                    raise LedgerError("the disk is full")
                finished.append(game_id)

        game_id = store.add(game, saving=saving)
        fail = True
        while not game.state.is_over:
            move = game.legal_moves(game.state.current_player or 0)[0]
            try:
                game.handle(move)
            except LedgerError:
                assert not game.state.is_over  # refused: the game is as it was
                fail = False
        assert finished == [game_id]
    with GameStore(path) as store:
        ledger = Ledger(store)
        assert store.record(game_id).finished
        assert ledger.replay_code(game_id) is not None
        assert ledger.rating(key_of("Ann")).games == 1  # rated once, not twice


def test_an_older_ledger_is_brought_up_to_date(path: Path) -> None:
    # The first layout: one folded key a claimed name, players by name keyed
    # without Unicode's lookalikes ("sam", which now reads "sarn").
    with GameStore(path):
        pass
    conn = sqlite3.connect(path)
    conn.executescript(
        """
        CREATE TABLE ledger_players (id TEXT PRIMARY KEY, name TEXT NOT NULL,
            mu REAL, sigma REAL, games INTEGER NOT NULL DEFAULT 0);
        CREATE TABLE ledger_names (name_key TEXT PRIMARY KEY, name TEXT NOT NULL,
            key TEXT NOT NULL);
        CREATE TABLE ledger_replays (code TEXT PRIMARY KEY, game_id TEXT NOT NULL UNIQUE);
        INSERT INTO ledger_names VALUES ('alice', 'alice', 'SHA256:a');
        INSERT INTO ledger_players VALUES ('name:sam', 'sam', 30.0, 2.0, 12);
        INSERT INTO ledger_players VALUES ('name:alice', 'alice', 30.0, 2.0, 40);
        INSERT INTO ledger_replays VALUES ('ABCDEF', 'g1');
        """
    )
    conn.close()
    with opened(path, board="all") as ledger:
        with pytest.raises(NameTaken):
            ledger.claim("aIice", "SHA256:b")
        assert ledger.rating(player_id("sam", None)).games == 12
        assert ledger.replay_game("abc-def") == "g1"
        # The name alice played under before her key claimed it is off the board.
        for _ in range(KEYLESS_PLACEMENT_GAMES):
            ledger.rate([Placing("name:bob", "bob", 0), Placing("name:cy", "cy", 1)])
        assert "alice" not in [s.name for s in ledger.leaderboard(None)[0]]


@pytest.mark.parametrize("kind", ["random bytes", "another program's database"])
def test_a_file_that_is_not_a_save_file_is_refused_and_left_alone(path: Path, kind: str) -> None:
    if kind == "random bytes":
        path.write_bytes(random.Random(5).randbytes(8192))
    else:
        conn = sqlite3.connect(path)
        conn.execute("CREATE TABLE notes (text TEXT)")
        conn.execute("INSERT INTO notes VALUES ('mine')")
        conn.commit()
        conn.close()
    before = path.read_bytes()
    with pytest.raises(StoreError) as caught:
        GameStore(path)  # the ledger is opened on the store, which refuses the file
    message = str(caught.value)
    assert str(path) in message and "\n" not in message
    assert path.read_bytes() == before
    assert sorted(p.name for p in path.parent.iterdir()) == [path.name]
