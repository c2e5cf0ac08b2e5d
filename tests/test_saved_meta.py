"""What is kept with a saved game beside its log (`SavedMeta`): written and read back
alike, saves of other versions read, values that make no sense read as not saved
(or refused, strictly), and read nowhere else."""

from __future__ import annotations

import ast
import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from craits_core import Game, GameStore, RuleSet
from craits_core.store import GameRecord
from craits_tui.online.server.attendance import Attendance
from craits_tui.online.server.saved import SavedTable
from craits_tui.online.server.seats import Identity
from craits_tui.saved_meta import KeptSeat, SavedMeta, TableMeta
from craits_tui.seat import Seat

ROOT = Path(__file__).resolve().parent.parent

SEATS = (Seat("Ann"), Seat("Bob", "hard"), Seat("Cy", "random"))

TABLE = TableMeta(
    code="ABCD",
    name="Ann's table",
    creator=Identity("Ann", "SHA256:a"),
    seats=(
        KeptSeat(person=True, holder=Identity("Ann", "SHA256:a"), code="KLMNPQRS"),
        KeptSeat(person=False),
        KeptSeat(person=True, holder=Identity("Cy"), code=None),
    ),
    host_seat=0,
    address="10.0.0.1",
    closed=True,
    quick=False,
    turn_time=30,
    spectator_chat=True,
    people=((0, Identity("Ann", "SHA256:a")), (2, Identity("Cy"))),
    attendance=((0, Attendance(moves=4, own=3, timeouts=1)), (2, Attendance(gone_at=17))),
)

# What Craits kept before the meta had a version: a local game with moves taken
# back, and a server's table (as `table_meta` wrote it then).
OLD_LOCAL = {
    "seats": [{"name": "Ann", "bot": None}, {"name": "Bob", "bot": "hard"}],
    "take_backs": 2,
}
OLD_SERVER = {
    "seats": [{"name": "Ann", "bot": None}, {"name": "Ada", "bot": "normal"}],
    "table": {
        "code": "WXYZ",
        "name": "Quick match",
        "host_seat": None,
        "creator": {"user": "Ann", "key": None},
        "address": "",
        "seats": [
            {"person": True, "holder": {"user": "Ann", "key": None}, "code": "ABCDEFGH"},
            {"person": False, "holder": None, "code": None},
        ],
        "closed": False,
        "quick": True,
        "turn_time": None,
        "spectator_chat": False,
        "people": {"0": {"user": "Ann", "key": None}},
        "attendance": {"0": {"moves": 2, "own": 2, "timeouts": 0, "in_row": 0}},
    },
}


def through_json(meta: SavedMeta) -> Any:
    return json.loads(json.dumps(meta.to_dict()))


def record_of(meta: object, players: tuple[str, ...]) -> GameRecord:
    now = datetime.now(UTC)
    return GameRecord(
        "g1", players, RuleSet(), now, now, "playing", 1, 1, meta if isinstance(meta, dict) else {}
    )


# --- Written and read back ---------------------------------------------------------


@pytest.mark.parametrize(
    "meta",
    [
        SavedMeta(),
        SavedMeta(seats=SEATS),
        SavedMeta(seats=SEATS, take_backs=3),
        SavedMeta(seats=SEATS, table=TABLE),
        SavedMeta(seats=(), take_backs=1),
    ],
)
def test_a_meta_is_read_back_as_it_was_written(meta: SavedMeta) -> None:
    assert SavedMeta.from_dict(through_json(meta)) == meta
    assert SavedMeta.from_dict(through_json(meta), strict=True) == meta


def test_the_meta_says_its_version() -> None:
    assert SavedMeta(seats=SEATS).to_dict()["version"] == SavedMeta.VERSION


def test_a_meta_kept_by_the_store_is_read_from_its_record(tmp_path: Path) -> None:
    meta = SavedMeta(seats=SEATS[:2], take_backs=1)
    with GameStore(tmp_path / "games.sqlite3") as store:
        game_id = store.add(Game.new(["Ann", "Bob"], seed=1), meta=meta.to_dict())
        record = store.record(game_id)
    assert SavedMeta.of(record) == meta
    assert SavedMeta.of(record).seats_for(record.players) == SEATS[:2]


# --- Saves of other versions ----------------------------------------------------------


def test_a_local_save_of_before_the_version_is_read() -> None:
    meta = SavedMeta.from_dict(OLD_LOCAL, strict=True)
    assert meta == SavedMeta(seats=(Seat("Ann"), Seat("Bob", "hard")), take_backs=2)


def test_a_server_save_of_before_the_version_is_read() -> None:
    meta = SavedMeta.from_dict(OLD_SERVER, strict=True)
    assert meta.seats == (Seat("Ann"), Seat("Ada", "normal"))
    assert meta.take_backs == 0
    assert meta.table == TableMeta(
        code="WXYZ",
        name="Quick match",
        creator=Identity("Ann"),
        seats=(KeptSeat(True, Identity("Ann"), "ABCDEFGH"), KeptSeat(False)),
        quick=True,
        people=((0, Identity("Ann")),),
        attendance=((0, Attendance(moves=2, own=2)),),
    )
    # Written again, it is what it was (and says its version).
    assert {k: v for k, v in meta.to_dict().items() if k not in ("version", "take_backs")} == {
        "seats": OLD_SERVER["seats"],
        "table": {**OLD_SERVER["table"], "attendance": {"0": Attendance(2, 2).to_dict()}},
    }


@pytest.mark.parametrize("data", [{}, {"version": 1}, {"seats": None, "table": None}])
def test_a_meta_that_says_nothing_is_read_as_nothing_saved(data: dict[str, Any]) -> None:
    assert SavedMeta.from_dict(data, strict=True) == SavedMeta()


def test_what_a_meta_of_another_version_adds_is_left_out() -> None:
    data = {**OLD_LOCAL, "version": SavedMeta.VERSION + 1, "colour": "red"}
    assert SavedMeta.from_dict(data, strict=True) == SavedMeta.from_dict(OLD_LOCAL)


def test_a_table_setting_that_does_not_read_as_one_is_its_default() -> None:
    table = {
        **OLD_SERVER["table"],  # type: ignore[dict-item]
        "host_seat": "0",
        "turn_time": -5,
        "quick": "yes",
        "address": None,
        "people": {"0": {"user": "Ann"}, "7": {"user": "Zed"}, "x": {"user": "X"}},
    }
    meta = SavedMeta.from_dict({**OLD_SERVER, "table": table}, strict=True)
    assert meta.table is not None
    assert meta.table.host_seat is None and meta.table.turn_time is None
    assert not meta.table.quick and meta.table.address == "None"
    assert meta.table.people == ((0, Identity("Ann")),)  # seats the table has


# --- Values that make no sense -----------------------------------------------------------


@pytest.mark.parametrize("data", [None, [], "seats", 3])
def test_a_meta_that_is_no_object_is_read_as_nothing_saved(data: object) -> None:
    assert SavedMeta.from_dict(data) == SavedMeta()
    with pytest.raises(ValueError, match="meta is an object"):
        SavedMeta.from_dict(data, strict=True)


@pytest.mark.parametrize(
    ("part", "value"),
    [
        ("seats", "as they were"),
        ("seats", [1, 2]),
        ("seats", [{"name": "Ann", "bot": 5}]),
        ("seats", [{"bot": None}]),
        ("take_backs", -1),
        ("take_backs", "2"),
        ("take_backs", True),
        ("table", "ABCD"),
        ("table", {**OLD_SERVER["table"], "code": 7}),  # type: ignore[dict-item]
        ("table", {**OLD_SERVER["table"], "seats": "two"}),  # type: ignore[dict-item]
        ("table", {**OLD_SERVER["table"], "creator": "Ann"}),  # type: ignore[dict-item]
        ("table", {**OLD_SERVER["table"], "people": ["Ann"]}),  # type: ignore[dict-item]
        ("table", {**OLD_SERVER["table"], "attendance": {"0": 3}}),  # type: ignore[dict-item]
    ],
)
def test_a_part_that_makes_no_sense_is_read_as_not_saved(part: str, value: object) -> None:
    data = {**OLD_SERVER, "take_backs": 1, part: value}
    meta = SavedMeta.from_dict(data)
    default = SavedMeta()
    assert getattr(meta, part) == getattr(default, part)
    # The other parts are read all the same.
    good = SavedMeta.from_dict({**OLD_SERVER, "take_backs": 1})
    for other in ("seats", "take_backs", "table"):
        if other != part:
            assert getattr(meta, other) == getattr(good, other)
    with pytest.raises(ValueError, match="meta cannot be read"):
        SavedMeta.from_dict(data, strict=True)


def test_seats_are_those_of_a_game_only_one_for_each_player() -> None:
    meta = SavedMeta(seats=SEATS)
    assert meta.seats_for(["Ann", "Bob", "Cy"]) == SEATS
    assert meta.seats_for(["Ann", "Bob"]) is None
    assert SavedMeta().seats_for(["Ann"]) is None


def test_a_server_reads_its_table_back_with_a_seat_for_each_player() -> None:
    saved = SavedTable.of(record_of(OLD_SERVER, ("Ann", "Ada")))
    assert saved is not None
    assert [(s.name, s.bot, s.person, s.code) for s in saved.slots] == [
        ("Ann", None, True, "ABCDEFGH"),
        ("Ada", "normal", False, None),
    ]
    assert SavedTable.of(record_of(OLD_LOCAL, ("Ann", "Bob"))) is None  # not a server's
    with pytest.raises(ValueError, match="one seat per player"):
        SavedTable.of(record_of(OLD_SERVER, ("Ann", "Ada", "Bo")))
    with pytest.raises(ValueError, match="meta cannot be read"):
        SavedTable.of(record_of({**OLD_SERVER, "seats": "two"}, ("Ann", "Ada")))


# --- One home ----------------------------------------------------------------------------


def meta_reads(path: Path) -> list[str]:
    """Where ``path`` reads a saved game's meta itself: ``x.meta[...]``,
    ``x.meta.get(...)`` or any other use of what ``x.meta`` holds."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        inner = node.value if isinstance(node, ast.Subscript | ast.Attribute) else None
        if isinstance(inner, ast.Attribute) and inner.attr == "meta":
            found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    return found


def test_only_the_saved_meta_module_reads_a_games_meta() -> None:
    home = ROOT / "craits_tui" / "saved_meta.py"
    offenders = [
        place
        for folder in ("craits_core", "craits_tui", "bench", "tools")
        for path in sorted((ROOT / folder).rglob("*.py"))
        if path != home
        for place in meta_reads(path)
    ]
    assert offenders == []
