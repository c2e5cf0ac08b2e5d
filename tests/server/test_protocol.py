"""The protocol's messages on the wire: what goes out comes back the same, and what
is not a message of the right shape is refused, naming the culprit."""

from __future__ import annotations

import pytest

from craits_core import RuleSet
from craits_tui.online.protocol import (
    TO_SERVER,
    TO_SESSION,
    BadMessage,
    CreateTable,
    FillSeat,
    Joined,
    JoinTable,
    Refused,
    SeatInfo,
    TableInfo,
    TableList,
    Welcome,
    decode,
    encode,
)

TABLE = TableInfo(
    code="ABCD",
    name="Friday",
    seats=(SeatInfo("Ann", None, True, True), SeatInfo(), SeatInfo("Ada", "hard", True, False)),
    rules=RuleSet(short_game=True, wild_nine=True),
    host="Ann",
    host_seat=0,
    started=True,
    spectators=2,
)


@pytest.mark.parametrize(
    "message",
    [
        Welcome("p1", "Ann", "ABCD", "WXYZ-2345"),
        TableList((TABLE, TABLE)),
        Joined("ABCD", None, TABLE, 12),
        Refused("must-follow", "You must follow hearts.", {"suit": "H"}),
    ],
)
def test_a_message_to_a_session_comes_back_as_it_went(message: object) -> None:
    assert decode(encode(message), TO_SESSION) == message  # type: ignore[arg-type]


def test_a_request_comes_back_as_it_went() -> None:
    for message in (
        CreateTable((None, "normal", None), RuleSet(short_game=True), "Friday"),
        JoinTable("abcd", seat=None, spectate=True, since=3),
    ):
        assert decode(encode(message), TO_SERVER) == message


@pytest.mark.parametrize(
    ("line", "field"),
    [
        (b'{"op": "fill", "seat": true}', "seat"),  # true is not a number
        (b'{"op": "fill", "seat": 1.0}', "seat"),
        (b'{"op": "join", "code": "ABCD", "spectate": 1}', "spectate"),  # nor 1 a truth
        (b'{"op": "join"}', "code"),
        (b'{"op": "create", "seats": [null, 3]}', "seats[1]"),
        (b'{"op": "create", "seats": [null], "rules": {"bogus": true}}', "rules"),
        (b'{"op": "welcome", "player": "p", "name": "Ann"}', "op"),  # not a request
        (b'{"op": "fly"}', "op"),
    ],
)
def test_a_line_of_the_wrong_shape_is_refused_naming_the_field(line: bytes, field: str) -> None:
    with pytest.raises(BadMessage) as refused:
        decode(line, TO_SERVER)
    assert refused.value.field == field


def test_fields_a_message_does_not_have_are_ignored() -> None:
    line = b'{"op": "fill", "seat": 2, "bot": "easy", "colour": "blue"}'
    assert decode(line, TO_SERVER) == FillSeat(2, "easy")
