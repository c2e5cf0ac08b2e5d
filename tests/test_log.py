"""The event log: its JSON form, saving and reading back, refusing corrupt input,
and the hooks that follow it (subscribers and writers)."""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from craits_core import (
    LOG_VERSION,
    Announce,
    CallIdiot,
    Card,
    CorruptLog,
    Draw,
    Game,
    IllegalMove,
    Play,
    RuleSet,
    event_from_dict,
    event_to_dict,
    replay,
)
from craits_core.events import (
    CardPlayed,
    CardsDrawn,
    DealerChosen,
    Event,
    GameEnded,
    GameStarted,
    IdiotCalled,
    LastCardAnnounced,
    RoundEnded,
    RoundStarted,
    TurnBegan,
)
from tests.decks import stacked_game

from .helpers import kinds

NAMES = ["Ann", "Bob", "Cy", "Di", "Ed"]


def random_move(game: Game, rnd: random.Random) -> Any:
    """A random legal move, mostly of the seat to act; plays announce half the time."""
    state = game.state
    moves = game.legal_moves(state.current_player) if state.current_player is not None else []
    if not moves or rnd.random() < 0.1:
        moves = [m for seat in range(len(state.players)) for m in game.legal_moves(seat)] or moves
    move = rnd.choice(moves)
    if isinstance(move, Play) and rnd.random() < 0.5:
        move = Play(move.player, move.card, move.suit, announce=True)
    return move


def play_on(game: Game, rnd: random.Random, steps: int) -> Game:
    for _ in range(steps):
        if game.state.is_over:
            break
        game.handle(random_move(game, rnd))
    return game


def finished_game(players: int = 3, seed: int = 11, rules: RuleSet | None = None) -> Game:
    """A whole game of the last two rounds of the short schedule, played at random."""
    rules = rules or RuleSet(short_game=True)
    game = Game.new(NAMES[:players], seed=seed, rules=rules, first_round=len(rules.schedule) - 1)
    play_on(game, random.Random(seed), 100_000)
    assert game.state.is_over
    return game


GAMES: list[tuple[str, Callable[[], Game]]] = [
    (
        "two players, full rules",
        lambda: play_on(Game.new(NAMES[:2], seed=1), random.Random(1), 400),
    ),
    (
        "five players, every variant",
        lambda: play_on(
            Game.new(
                NAMES,
                seed="five",
                rules=RuleSet(
                    short_game=True,
                    colour_matching=True,
                    voluntary_draw=True,
                    seven_skips=True,
                    wild_nine=True,
                ),
            ),
            random.Random(5),
            400,
        ),
    ),
    ("a finished game", lambda: finished_game(4, seed=3)),
    (
        "a stacked deck",
        lambda: play_on(stacked_game(["8H 2C", "9S 5D"], "9C"), random.Random(2), 60),
    ),
]


@pytest.fixture(params=GAMES, ids=[name for name, _ in GAMES])
def game(request: pytest.FixtureRequest) -> Game:
    return request.param[1]()


def saved(game: Game) -> dict[str, Any]:
    return json.loads(game.to_json())


def text(data: Any) -> str:
    return json.dumps(data)


# --- Events as JSON ------------------------------------------------------------------


def test_every_event_has_a_json_ready_dict_with_a_type(game: Game) -> None:
    events = game.events
    assert len(events) > 3
    for event in events:
        assert isinstance(event, Event)
        data = event_to_dict(event)
        assert isinstance(data.get("type"), str) and data["type"] == event.type
        assert json.loads(json.dumps(data)) == data
        assert event_from_dict(json.loads(json.dumps(data))) == event


def test_the_log_alone_rebuilds_the_game(game: Game) -> None:
    assert replay(game.events) == game.state
    assert Game.from_events(game.events).state == game.state
    stored = json.loads(json.dumps([event_to_dict(e) for e in game.events]))
    assert Game.from_events(stored).events == game.events


def test_the_saved_game_carries_its_format_and_version(game: Game) -> None:
    data = saved(game)
    assert isinstance(LOG_VERSION, int) and LOG_VERSION >= 1
    assert data["version"] == LOG_VERSION
    assert isinstance(data["format"], str) and data["format"]
    assert data["events"] == [event_to_dict(e) for e in game.events]


def assert_same_game(copy: Game, game: Game) -> None:
    assert copy.state == game.state
    assert copy.events == game.events
    assert copy.to_json() == game.to_json()
    for seat in [*range(len(game.state.players)), None]:
        assert copy.events_for(seat) == game.events_for(seat)
        assert copy.view(seat) == game.view(seat)
        if seat is not None:
            assert copy.legal_moves(seat) == game.legal_moves(seat)


@pytest.mark.parametrize("players, seed", [(2, 4), (3, "tre"), (5, 9)])
def test_to_json_and_from_json_round_trip_at_every_step(players: int, seed: int | str) -> None:
    rules = RuleSet(short_game=True)
    game = Game.new(NAMES[:players], seed=seed, rules=rules, first_round=6)
    rnd = random.Random(str(seed))
    while True:
        copy = Game.from_json(game.to_json())
        assert_same_game(copy, game)
        if game.state.is_over:
            break
        # The copy goes on exactly like the original.
        move = random_move(game, rnd)
        assert copy.handle(move) == game.handle(move)
        assert copy.state == game.state


def test_json_round_trip_of_a_fresh_game_without_a_seed() -> None:
    game = Game.new(NAMES[:3])  # Fresh randomness, recorded in the log.
    copy = Game.from_json(game.to_json())
    assert_same_game(copy, game)
    rnd = random.Random(0)
    play_on(game, rnd, 200)
    assert_same_game(Game.from_json(game.to_json()), game)
    assert_same_game(Game.from_json(game.to_json().encode()), game)


# --- Corrupt input -------------------------------------------------------------------


def base_game() -> Game:
    """A short game with plays, draws, a crank and a round change, saved mid-round."""
    game = Game.new(NAMES[:3], seed=21, rules=RuleSet(short_game=True), first_round=6)
    rnd = random.Random(21)
    while (
        game.state.round_number < 7 or sum(isinstance(e, CardPlayed) for e in game.events[-8:]) < 2
    ):
        game.handle(random_move(game, rnd))
    assert not game.state.is_over
    return game


@pytest.fixture(scope="module")
def base() -> dict[str, Any]:
    return saved(base_game())


def index_of(data: dict[str, Any], kind: type[Event], nth: int = 0) -> int:
    """Where the ``nth`` event of class ``kind`` is in a saved game's events."""
    return [i for i, e in enumerate(data["events"]) if e["type"] == kind.type][nth]


def edit(data: dict[str, Any], change: Callable[[dict[str, Any]], Any]) -> str:
    copy = json.loads(json.dumps(data))
    change(copy)
    return json.dumps(copy)


def assert_corrupt(source: str | bytes, *words: str) -> CorruptLog:
    with pytest.raises(ValueError) as caught:
        Game.from_json(source)
    err = caught.value
    assert isinstance(err, CorruptLog), f"{type(err).__name__}: {err}"
    message = str(err)
    assert message.strip()
    for word in words:
        assert word.lower() in message.lower(), f"{message!r} does not mention {word!r}"
    return err


@pytest.mark.parametrize("source", ["", "{", "nonsense", "[1, 2", b"\xff\xfe\x00", "{'format': 1}"])
def test_not_json_is_refused(source: str | bytes) -> None:
    assert_corrupt(source, "JSON")


@pytest.mark.parametrize(
    "data",
    [[], 42, None, "text", {}, {"format": "chess", "version": 1, "events": []}, {"version": 1}],
    ids=repr,
)
def test_wrong_format_is_refused(data: Any) -> None:
    assert_corrupt(text(data))


def test_a_newer_version_is_refused(base: dict[str, Any]) -> None:
    assert_corrupt(edit(base, lambda d: d.update(version=LOG_VERSION + 1)), "newer")


@pytest.mark.parametrize("version", ["1", None, 1.0, [1]], ids=repr)
def test_a_version_that_is_not_a_number_is_refused(base: dict[str, Any], version: Any) -> None:
    assert_corrupt(edit(base, lambda d: d.update(version=version)))


def test_a_missing_version_is_refused(base: dict[str, Any]) -> None:
    assert_corrupt(edit(base, lambda d: d.pop("version")))


@pytest.mark.parametrize("events", [None, {}, "events", 3], ids=repr)
def test_a_log_that_is_not_a_list_is_refused(base: dict[str, Any], events: Any) -> None:
    assert_corrupt(edit(base, lambda d: d.update(events=events)))
    assert_corrupt(edit(base, lambda d: d.pop("events")))


def test_an_empty_log_is_refused(base: dict[str, Any]) -> None:
    assert_corrupt(edit(base, lambda d: d.update(events=[])))
    with pytest.raises(CorruptLog):
        Game.from_events([])


def test_a_log_cut_short_at_the_start_is_refused(base: dict[str, Any]) -> None:
    for keep in (1, 2):
        assert_corrupt(edit(base, lambda d, k=keep: d.update(events=d["events"][:k])))


@pytest.mark.parametrize(
    "kind, field",
    [
        (GameStarted, "players"),
        (GameStarted, "rules"),
        (DealerChosen, "dealer"),
        (RoundStarted, "deck"),
        (CardPlayed, "card"),
        (CardPlayed, "suit"),
        (CardsDrawn, "reason"),
        (TurnBegan, "player"),
    ],
)
def test_a_missing_field_is_refused(base: dict[str, Any], kind: type[Event], field: str) -> None:
    at = index_of(base, kind)
    assert_corrupt(edit(base, lambda d: d["events"][at].pop(field)), kind.type, field)


def test_an_event_without_a_type_is_refused(base: dict[str, Any]) -> None:
    at = index_of(base, CardPlayed)
    assert_corrupt(edit(base, lambda d: d["events"][at].pop("type")))


@pytest.mark.parametrize("kind", ["card-eaten", "", None, 7, "CARD-PLAYED"], ids=repr)
def test_an_unknown_event_type_is_refused(base: dict[str, Any], kind: Any) -> None:
    at = index_of(base, CardPlayed)
    err = assert_corrupt(edit(base, lambda d: d["events"][at].update(type=kind)))
    assert "type" in str(err)


@pytest.mark.parametrize("kind", [["card-played"], {"name": "card-played"}], ids=repr)
def test_an_event_type_that_is_not_a_string_is_refused(base: dict[str, Any], kind: Any) -> None:
    at = index_of(base, CardPlayed)
    assert_corrupt(edit(base, lambda d: d["events"][at].update(type=kind)))


@pytest.mark.parametrize("event", [None, 5, "card-played", ["card-played"]], ids=repr)
def test_an_event_that_is_not_an_object_is_refused(base: dict[str, Any], event: Any) -> None:
    at = index_of(base, CardPlayed)
    assert_corrupt(edit(base, lambda d: d["events"].__setitem__(at, event)))


@pytest.mark.parametrize("card", ["1X", "ZZ", "JOKER", "", 17, None, ["AS"], "11H"], ids=repr)
def test_a_card_that_is_not_a_card_is_refused(base: dict[str, Any], card: Any) -> None:
    at = index_of(base, CardPlayed)
    err = assert_corrupt(edit(base, lambda d: d["events"][at].update(card=card)))
    if isinstance(card, str) and card:
        assert card in str(err)
    deal = index_of(base, RoundStarted)
    assert_corrupt(edit(base, lambda d: d["events"][deal]["deck"].__setitem__(5, card)))
    drawn = index_of(base, CardsDrawn)
    assert_corrupt(edit(base, lambda d: d["events"][drawn].update(cards=[card])))


@pytest.mark.parametrize(
    "field, value",
    [("suit", "X"), ("suit", None), ("player", "1"), ("player", 1.0), ("player", True)],
)
def test_a_field_of_the_wrong_kind_is_refused(base: dict[str, Any], field: str, value: Any) -> None:
    at = index_of(base, CardPlayed)
    assert_corrupt(edit(base, lambda d: d["events"][at].update({field: value})))


def test_a_card_played_that_was_not_in_the_hand_is_refused(base: dict[str, Any]) -> None:
    events = Game.from_json(text(base)).events
    played = 0
    for at, event in enumerate(events):
        if not isinstance(event, CardPlayed):
            continue
        before = replay(events[:at])
        hand = before.hands[event.player]
        # A card of another hand, of the stock, and one the rules would allow.
        strangers = [c for h in before.hands for c in h if c not in hand] + list(before.stock)
        for card in strangers[:3]:
            assert_corrupt(
                edit(base, lambda d, a=at, c=card: d["events"][a].update(card=str(c))),
            )
        played += 1
    assert played >= 2


def test_a_removed_event_is_refused(base: dict[str, Any]) -> None:
    events = Game.from_json(text(base)).events
    for at, event in enumerate(events):
        if isinstance(event, LastCardAnnounced):
            continue  # An announcement is a move of its own: the log stays valid without it.
        assert_corrupt(edit(base, lambda d, a=at: d["events"].pop(a)))


def test_a_truncated_move_is_refused(base: dict[str, Any]) -> None:
    # The last move's events end with turn-began; without it the move is incomplete.
    events = Game.from_json(text(base)).events
    assert isinstance(events[-1], TurnBegan)
    assert not isinstance(events[-2], TurnBegan)
    assert_corrupt(edit(base, lambda d: d["events"].pop()))


def test_reordered_events_are_refused(base: dict[str, Any]) -> None:
    events = Game.from_json(text(base)).events
    swapped = 0
    for at in range(len(events) - 1):
        a, b = events[at], events[at + 1]
        if a == b or LastCardAnnounced in kinds((a, b)):
            continue
        swapped += 1

        def swap(d: dict[str, Any], i: int = at) -> None:
            d["events"][i], d["events"][i + 1] = d["events"][i + 1], d["events"][i]

        assert_corrupt(edit(base, swap))
    assert swapped > 10


def test_a_duplicated_event_is_refused(base: dict[str, Any]) -> None:
    for kind in (CardPlayed, CardsDrawn, TurnBegan, RoundStarted):
        at = index_of(base, kind, -1)
        assert_corrupt(edit(base, lambda d, a=at: d["events"].insert(a, d["events"][a])))


def test_a_changed_deck_is_refused(base: dict[str, Any]) -> None:
    for nth in (0, -1):  # The first deal, and a later one.
        at = index_of(base, RoundStarted, nth)

        def swap_cards(d: dict[str, Any], a: int = at) -> None:
            deck = d["events"][a]["deck"]
            deck[0], deck[-1] = deck[-1], deck[0]

        assert_corrupt(edit(base, swap_cards))
        assert_corrupt(edit(base, lambda d, a=at: d["events"][a]["deck"].pop()))
        assert_corrupt(
            edit(
                base,
                lambda d, a=at: d["events"][a]["deck"].__setitem__(1, d["events"][a]["deck"][0]),
            )
        )


def test_a_stacked_deck_with_a_card_twice_is_refused() -> None:
    game = stacked_game(["8H 2C", "9S 5D"], "9C")
    data = saved(game)
    deck = data["events"][2]["deck"]
    deck[-1] = deck[0]
    assert_corrupt(text(data))


@pytest.mark.parametrize(
    "kind, change",
    [
        (GameStarted, lambda e: e.update(seed=e["seed"] + 1)),
        (GameStarted, lambda e: e.update(players=e["players"][:1])),
        (GameStarted, lambda e: e.update(players=[*e["players"], "Zed"])),
        (GameStarted, lambda e: e.update(rules={**e["rules"], "jokers": True})),
        (GameStarted, lambda e: e.update(first_round=99)),
        (DealerChosen, lambda e: e.update(dealer=(e["dealer"] + 1) % 3)),
        (CardsDrawn, lambda e: e.update(player=(e["player"] + 1) % 3)),
        (CardsDrawn, lambda e: e.update(cards=[*e["cards"][::-1], "KS"])),
        (CardsDrawn, lambda e: e.update(reason="penalty")),
        (CardsDrawn, lambda e: e.update(count=e["count"] + 1)),
        (TurnBegan, lambda e: e.update(player=(e["player"] + 1) % 3)),
        (RoundEnded, lambda e: e.update(scores=[s + 1 for s in e["scores"]])),
        (
            RoundEnded,
            lambda e: e.update(went_out=[s for s in range(3) if s not in e["went_out"]]),
        ),
    ],
)
def test_a_tampered_event_is_refused(
    base: dict[str, Any], kind: type[Event], change: Callable[[dict[str, Any]], None]
) -> None:
    at = index_of(base, kind)
    assert_corrupt(edit(base, lambda d: change(d["events"][at])))


def test_a_tampered_end_of_game_is_refused() -> None:
    data = saved(finished_game())
    assert data["events"][-1]["type"] == GameEnded.type
    for change in (
        lambda e: e.update(winners=[s for s in range(3) if s not in e["winners"]]),
        lambda e: e.update(totals=[t - 1 for t in e["totals"]]),
    ):
        assert_corrupt(edit(data, lambda d, c=change: c(d["events"][-1])))
    # Nothing may follow the end of the game.
    more = event_to_dict(TurnBegan(0))
    assert_corrupt(edit(data, lambda d: d["events"].append(more)))


def test_corrupt_input_never_disturbs_a_good_game(base: dict[str, Any]) -> None:
    good = Game.from_json(text(base))
    before = good.to_json()
    with pytest.raises(CorruptLog):
        Game.from_json(edit(base, lambda d: d["events"].pop(5)))
    assert good.to_json() == before
    assert json.loads(before) == base


# --- Subscribers and writers ---------------------------------------------------------


def test_a_subscriber_gets_every_new_event_once_in_order() -> None:
    game = Game.new(NAMES[:3], seed=8, rules=RuleSet(short_game=True), first_round=7)
    got: list[Event] = []
    also: list[Event] = []
    unsubscribe = game.subscribe(got.append)
    game.subscribe(also.append)
    start = len(game.events)
    rnd = random.Random(8)
    returned: list[Event] = []
    while not game.state.is_over:
        returned.extend(game.handle(random_move(game, rnd)))
    assert got == also == returned == list(game.events[start:])
    assert RoundStarted in kinds(got), "the next deal is delivered too"
    unsubscribe()
    unsubscribe()  # A second call is harmless.


def test_refused_commands_deliver_nothing() -> None:
    game = stacked_game(["KH 4C", "QD 5S", "JC 9H"], "KD")
    got: list[Event] = []
    game.subscribe(got.append)
    for command in (Play(0, Card.parse("KH")), Play(1, Card.parse("5S")), Draw(1), Announce(1)):
        with pytest.raises(IllegalMove):
            game.handle(command)
    assert got == []


def test_unsubscribe_stops_the_events() -> None:
    game = stacked_game(["KH 4C", "QD 5S", "JC 9H"], "KD")
    got: list[Event] = []
    unsubscribe = game.subscribe(got.append)
    first = game.handle(Play(1, Card.parse("QD")))
    unsubscribe()
    game.handle(Draw(2))
    assert got == first


def test_a_subscriber_that_unsubscribes_gets_no_more_events() -> None:
    # Unsubscribing stops the events, also when it is done from inside the callback
    # in the middle of a move's events.
    game = stacked_game(["KH 4C", "QD 5S", "JC 9H"], "KD")
    got: list[Event] = []

    def once(event: Event) -> None:
        got.append(event)
        unsubscribe()

    unsubscribe = game.subscribe(once)
    produced = game.handle(Play(1, Card.parse("QD")))
    assert len(produced) > 1
    assert got == produced[:1]


def test_a_subscriber_sees_the_log_order_when_another_one_reacts() -> None:
    # A host that lets a bot react inside a callback (here: call "idiot" as soon as
    # a player is down to one card): every subscriber still gets the log's order.
    game = stacked_game(["KH 4C", "QD 5S", "JC 9H"], "KD")
    got: list[Event] = []

    def referee(event: Event) -> None:
        if isinstance(event, CardPlayed) and game.legal_moves(0) == [CallIdiot(0, 1)]:
            game.handle(CallIdiot(0, 1))

    game.subscribe(referee)
    game.subscribe(got.append)
    start = len(game.events)
    game.handle(Play(1, Card.parse("QD")))
    assert kinds(game.events[start:]) == [CardPlayed, TurnBegan, IdiotCalled, CardsDrawn]
    assert got == list(game.events[start:])


def test_a_writer_gets_each_moves_events_before_they_take_effect() -> None:
    game = Game.new(NAMES[:4], seed=13, rules=RuleSet(short_game=True), first_round=7)
    written: list[list[Event]] = []
    order: list[str] = []

    def writer(events: list[Event]) -> None:
        # Nothing has happened yet: the game is still as it was before the move.
        assert len(game.events) == expected_size
        assert game.state is expected_state
        written.append(list(events))
        order.append("writer")

    game.add_writer(writer)
    game.subscribe(lambda event: order.append("listener"))
    rnd = random.Random(13)
    start = len(game.events)
    while not game.state.is_over:
        expected_size, expected_state = len(game.events), game.state
        command = random_move(game, rnd)
        produced = game.handle(command)
        assert written[-1] == produced == list(game.events[expected_size:])
        assert order[-len(produced) - 1 :] == ["writer"] + ["listener"] * len(produced)
    assert [event for batch in written for event in batch] == list(game.events[start:])


def test_a_writer_is_not_called_for_a_refused_command() -> None:
    game = stacked_game(["KH 4C", "QD 5S", "JC 9H"], "KD")
    written: list[Any] = []
    game.add_writer(written.append)
    with pytest.raises(IllegalMove):
        game.handle(Play(0, Card.parse("KH")))
    assert written == []


def test_a_writer_that_raises_leaves_the_game_unchanged() -> None:
    game = stacked_game(["KH 4C", "QD 5S", "JC 9H"], "KD")
    twin = game.clone()
    got: list[Event] = []
    game.subscribe(got.append)

    def broken(events: list[Event]) -> None:
        raise OSError("disk full")

    remove = game.add_writer(broken)
    state, events, saved_text = game.state, game.events, game.to_json()
    move = Play(1, Card.parse("QD"))
    with pytest.raises(OSError, match="disk full"):
        game.handle(move)
    assert game.state is state
    assert game.events == events
    assert game.to_json() == saved_text
    assert got == []
    remove()
    remove()  # A second call is harmless.
    # Without the writer the same move goes through, exactly as on an untouched copy.
    assert game.handle(move) == twin.handle(move)
    assert game.state == twin.state
    assert got == list(game.events[len(events) :])


def test_a_writer_that_fails_once_does_not_disturb_the_next_moves() -> None:
    game = Game.new(NAMES[:3], seed=17, rules=RuleSet(short_game=True), first_round=7)
    twin = game.clone()
    calls = 0

    def flaky(events: list[Event]) -> None:
        nonlocal calls
        calls += 1
        if calls % 3 == 0:
            raise RuntimeError("try again")

    game.add_writer(flaky)
    rnd = random.Random(17)
    while not game.state.is_over:
        move = random_move(game, rnd)
        try:
            game.handle(move)
        except RuntimeError:
            game.handle(move)  # The retry is written and applied.
        twin.handle(move)
        assert game.state == twin.state
    assert game.events == twin.events


def test_changing_an_event_handed_out_does_not_change_the_game() -> None:
    # Whoever gets events (the caller of handle, a subscriber, a reader of the log
    # or of a redacted stream) may keep them, and change the lists they came in;
    # the events themselves cannot change, and the game's own log, and so what it
    # saves, stays as it was.
    game = stacked_game(["KH 4C", "QD 5S", "JC 9H"], "KD")
    got: list[Event] = []
    game.subscribe(got.append)
    produced = game.handle(Play(1, card := Card.parse("QD")))
    expected, saved_text = game.events, game.to_json()
    with pytest.raises(dataclasses.FrozenInstanceError):
        produced[0].card = Card.parse("AS")  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        got[-1].player = 0  # type: ignore[misc]
    started = game.events[0]
    assert isinstance(started, GameStarted) and isinstance(started.players, tuple)
    produced.clear()
    got.clear()
    game.events_for(0).append(TurnBegan(0))
    assert game.events == expected
    assert game.to_json() == saved_text
    assert game.state.pile[-1] == card
    assert Game.from_json(game.to_json()).state == game.state


def test_a_clone_has_no_subscribers_or_writers() -> None:
    game = stacked_game(["KH 4C", "QD 5S", "JC 9H"], "KD")
    got: list[Any] = []
    game.subscribe(got.append)
    game.add_writer(got.append)
    copy = game.clone()
    copy.handle(Play(1, Card.parse("QD")))
    assert got == []
    assert game.events != copy.events
