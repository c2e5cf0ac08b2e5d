"""The protocol's messages on the wire: what goes out comes back the same, and what
is not a message of the right shape is refused, naming the culprit."""

from __future__ import annotations

import json

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
    command_to_dict,
    event_to_dict,
)
from craits_tui.online.protocol import (
    TO_SERVER,
    TO_SESSION,
    BadMessage,
    CreateTable,
    EventSent,
    FillSeat,
    Joined,
    JoinTable,
    ListedSeat,
    Refused,
    ReplayData,
    SendCommand,
    TableInfo,
    TableList,
    Welcome,
    decode,
    encode,
)

TABLE = TableInfo(
    code="ABCD",
    name="Friday",
    seats=(
        ListedSeat("Ann", None, True, True),
        ListedSeat(),
        ListedSeat("Ada", "hard", True, False),
    ),
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
    "command",
    [
        Play(0, Card.parse("9H"), Suit("S"), announce=True),
        Play(2, Card.parse("10C")),
        Draw(1),
        ChooseSuit(0, Suit("D")),
        Announce(3),
        CallIdiot(1, 0),
    ],
)
def test_a_command_travels_as_the_codec_writes_it(command: Command) -> None:
    line = encode(SendCommand(command))
    assert json.loads(line)["command"] == command_to_dict(command)
    assert decode(line, TO_SERVER) == SendCommand(command)


def test_events_travel_as_the_codec_writes_them_with_their_index() -> None:
    game = Game.new(["Ann", "Bob", "Cy"], seed=4)
    for seat in (0, None):
        for index, event in enumerate(game.events_for(seat)):
            line = encode(EventSent(index, event))
            assert json.loads(line)["event"] == event_to_dict(event)
            assert decode(line, TO_SESSION) == EventSent(index, event)
    replay = ReplayData("R", 0, 1, tuple(game.events))
    assert decode(encode(replay), TO_SESSION) == replay
    with pytest.raises(BadMessage) as refused:
        decode(b'{"op": "event", "index": 0, "event": {"type": "fly"}}', TO_SESSION)
    assert refused.value.field == "event"


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
        (b'{"op": "command", "command": {"type": "play", "player": 0}}', "command"),
        (b'{"op": "command", "command": {"type": "fly", "player": 0}}', "command"),
        (b'{"op": "command", "command": {"type": "draw", "player": "0"}}', "command"),
    ],
)
def test_a_line_of_the_wrong_shape_is_refused_naming_the_field(line: bytes, field: str) -> None:
    with pytest.raises(BadMessage) as refused:
        decode(line, TO_SERVER)
    assert refused.value.field == field


def test_fields_a_message_does_not_have_are_ignored() -> None:
    line = b'{"op": "fill", "seat": 2, "bot": "easy", "colour": "blue"}'
    assert decode(line, TO_SERVER) == FillSeat(2, "easy")
