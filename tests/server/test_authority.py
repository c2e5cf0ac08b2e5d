"""The table authority, driven through its socket by raw JSON-line clients.

Each client here is what a session's app is to the server: it says hello with its
session's token, sits at a table, keeps its seat's view by folding the events it
receives (`craits_core.view.project`) and picks its moves from that view alone
(`legal_moves_in_view`). Bots play at pace 0, so whole games take a moment.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import random
import threading
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest

import craits_core.bots
from craits_core import (
    Announce,
    CallIdiot,
    Command,
    Draw,
    Event,
    Game,
    GameStore,
    Play,
    PlayerView,
    RuleSet,
    command_to_dict,
    event_from_dict,
    evolve,
    initial_state,
    legal_moves_in_view,
    project,
)
from craits_core.bots import NormalBot
from craits_core.events import (
    CardPlayed,
    CardsDrawn,
    IdiotCalled,
    LastCardAnnounced,
    RoundEnded,
    RoundStarted,
    SuitChosen,
)
from craits_tui.online.protocol import MAX_LINE
from craits_tui.online.server.authority import Authority, SessionRefused
from craits_tui.online.server.ipc import IpcServer
from craits_tui.online.server.limits import Limits
from tests.decks import stacked_game

TIMEOUT = 5.0
SHORT = {"short_game": True}

MOVES = (CardPlayed, CardsDrawn, SuitChosen)
"""The events that are a seat's moves."""


def moved(events: Sequence[Event], seat: int) -> bool:
    """Whether ``seat`` made a move among ``events``."""
    return any(isinstance(e, MOVES) and e.player == seat for e in events)


@asynccontextmanager
async def serving(
    tmp_path: Path, limits: Limits | None = None, **options: Any
) -> AsyncIterator[tuple[Authority, Path]]:
    """An authority (bots at pace 0, its games saved in ``tmp_path``) behind its socket.

    The scripted players here move far faster than people: unless a test is about
    limits, the rate limit is out of their way."""
    limits = limits or Limits(rate=10_000, burst=10_000)
    store = GameStore(tmp_path / "server-games.sqlite3")
    options.setdefault("bot_pace", 0.0)
    authority = Authority(store, **options)
    ipc = IpcServer(authority, limits)
    path = await ipc.start()
    try:
        yield authority, path
    finally:
        await authority.close()
        await ipc.close()
        store.close()


class Client:
    """A session's app in miniature: a line to the server and a seat's view."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader = reader
        self.writer = writer
        self.received: list[dict[str, Any]] = []
        self.events: list[Event] = []
        """The events received (read off the wire with the codec)."""
        self.seat: int | None = None
        self.code: str | None = None
        self.view: PlayerView | None = None
        self.closed = False
        self.token: str | None = None
        self.resuming = False
        """Whether a join goes on from the events already here (a join with ``since``)."""
        self._news = asyncio.Event()
        self._task = asyncio.get_running_loop().create_task(self._read())

    @classmethod
    async def connect(cls, path: Path, token: str | None = None) -> Client:
        reader, writer = await asyncio.open_unix_connection(str(path), limit=MAX_LINE + 1)
        client = cls(reader, writer)
        client.token = token
        if token is not None:
            client.send("hello", token=token)
            await client.reply("welcome")
        return client

    async def _read(self) -> None:
        try:
            while line := await self.reader.readline():
                self._take(json.loads(line))
        except ConnectionError:
            pass
        self.closed = True
        self._news.set()

    def _take(self, message: dict[str, Any]) -> None:
        op = message["op"]
        if op == "joined":
            self.seat, self.code = message["seat"], message["code"]
            if not self.resuming:
                self.events, self.view = [], None
        elif op == "event":
            index, event = message["index"], event_from_dict(message["event"])
            assert index <= len(self.events), f"event {index} came after {len(self.events)}"
            if index == len(self.events):
                self.events.append(event)
                self.view = project(self.view, event, self.seat)
        self.received.append(message)
        self._news.set()

    # --- Talking ----------------------------------------------------------------

    def send(self, op: str, **fields: Any) -> int:
        """Send a message; returns the mark to look for its answer from."""
        self.send_raw(json.dumps({"op": op, **fields}).encode() + b"\n")
        return len(self.received)

    def send_raw(self, data: bytes) -> int:
        self.writer.write(data)
        return len(self.received)

    def play(self, command: Command) -> int:
        return self.send("command", command=command_to_dict(command))

    async def until(self, test: Callable[[], bool], timeout: float = TIMEOUT) -> None:
        """Wait until ``test()`` holds (checked on every message)."""
        async with asyncio.timeout(timeout):
            while not test():
                if self.closed:
                    raise AssertionError("the connection closed")
                self._news.clear()
                await self._news.wait()

    async def until_true(self, test: Callable[[], bool], timeout: float = TIMEOUT) -> None:
        """Wait until ``test()`` holds, for a condition no message announces."""
        async with asyncio.timeout(timeout):
            while not test():
                await asyncio.sleep(0.005)

    async def reply(self, op: str, mark: int = 0, timeout: float = TIMEOUT) -> dict[str, Any]:
        """The first message ``op`` received at or after ``mark``."""
        found: list[dict[str, Any]] = []

        def seen() -> bool:
            found[:] = [m for m in self.received[mark:] if m["op"] == op][:1]
            return bool(found)

        await self.until(lambda: seen() or self.closed, timeout)
        if not found:
            raise AssertionError(f"no {op} before the connection closed: {self.received[mark:]}")
        return found[0]

    def ops(self, mark: int = 0) -> list[str]:
        return [m["op"] for m in self.received[mark:]]

    async def close(self) -> None:
        self.writer.close()
        await self._task

    # --- Playing ----------------------------------------------------------------

    @property
    def my_turn(self) -> bool:
        view = self.view
        return view is not None and not view.is_over and view.current_player == self.seat

    def moves(self) -> list[Command]:
        assert self.view is not None
        return legal_moves_in_view(self.view)


async def sit_two(
    path: Path, authority: Authority, seats: list[str | None], **rules: bool
) -> tuple[Client, Client]:
    """Ann creates a table of ``seats`` (hers first), Bob joins it by its code."""
    ann = await Client.connect(path, authority.open_session("Ann", key="SHA256:ann"))
    bob = await Client.connect(path, authority.open_session("Bob", key="SHA256:bob"))
    mark = ann.send("create", name="Friday", seats=seats, rules=rules)
    joined = await ann.reply("joined", mark)
    assert joined["seat"] == 0 and joined["table"]["host"] == "Ann"
    listed = await bob.reply("tables")
    assert not listed["tables"] or listed["tables"][0]["code"] == joined["code"]
    mark = bob.send("join", code=joined["code"].lower(), seat=None)
    joined_bob = await bob.reply("joined", mark)
    assert joined_bob["seat"] == 1
    await ann.until(
        lambda: any(
            m["op"] == "table" and m["table"]["seats"][1]["name"] == "Bob" for m in ann.received
        )
    )
    return ann, bob


async def start(ann: Client, *others: Client) -> None:
    mark = ann.send("start")
    for client in (ann, *others):
        await client.until(lambda c=client: c.view is not None)
    assert "refused" not in ann.ops(mark)


async def take_turn(client: Client, rng: random.Random) -> None:
    """Play one legal move from the client's own view and wait for its events.

    A bot's call may change the view while the move travels; the rules may then
    refuse it (with a rule's own code), and the caller tries again."""
    moves = client.moves()
    move = rng.choice(moves)
    if isinstance(move, Play) and client.view is not None and len(client.view.hand) == 2:
        move = Play(move.player, move.card, move.suit, announce=True)
    seen = len(client.events)
    mark = client.play(move)
    await client.until(lambda: len(client.events) > seen or "refused" in client.ops(mark))
    for message in client.received[mark:]:
        if message["op"] == "refused":
            assert message["code"] not in ("bad-message", "not-your-seat", "too-fast"), message


def states_after(events: Sequence[Event]) -> list[Any]:
    """The full state after each event of a whole log."""
    state, states = initial_state(), []
    for event in events:
        state = evolve(state, event)
        states.append(state)
    return states


def cards_in(value: Any) -> set[str]:
    """Every card code anywhere in an event's values."""
    found: set[str] = set()
    if isinstance(value, str):
        if 2 <= len(value) <= 3 and value[-1] in "CDHS" and value[:-1] in _RANKS:
            found.add(value)
    elif isinstance(value, list | tuple):
        for item in value:
            found |= cards_in(item)
    elif isinstance(value, dict):
        for key, item in value.items():
            if key != "type":
                found |= cards_in(item)
    return found


_RANKS = {"A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"}


def assert_sees_no_hidden_card(client: Client, full: Sequence[Event]) -> None:
    """Nothing ``client`` received names a card another seat held at that moment
    (the hands shown at a round's end are public, by the rules): its lines as they
    came over the wire."""
    states = states_after(full)
    assert len(client.events) <= len(full)
    for message in client.received:
        if message["op"] != "event":
            continue
        index, wire = message["index"], message["event"]
        assert "deck" not in wire and "seed" not in wire
        event = event_from_dict(wire)
        if isinstance(event, CardsDrawn) and event.player != client.seat:
            assert event.cards is None
        if isinstance(event, RoundEnded):
            continue
        hands = states[index].hands
        for seat, hand in enumerate(hands):
            if seat != client.seat:
                leaked = cards_in(wire) & {str(c) for c in hand}
                assert not leaked, f"event {index} shows {leaked} of seat {seat}: {event}"


# --- A whole game -------------------------------------------------------------------


async def test_two_people_and_a_bot_play_a_whole_game(tmp_path: Path) -> None:
    rng = random.Random(5)
    async with serving(tmp_path) as (authority, path):
        ann, bob = await sit_two(path, authority, [None, None, "normal"], **SHORT)
        await start(ann, bob)
        table = authority.tables[ann.code or ""]
        assert table.game is not None
        while not table.game.state.is_over:
            for client in (ann, bob):
                if client.my_turn and client.moves():
                    await take_turn(client, rng)
            await asyncio.sleep(0.001)
        game = table.game
        count = game.event_count
        for client in (ann, bob):
            await client.until(lambda c=client: len(c.events) == count)
        # Each saw every move (the other's too), in its own redacted form...
        assert ann.events == game.events_for(0) and bob.events == game.events_for(1)
        assert any(isinstance(e, CardPlayed) and e.player == 1 for e in ann.events)
        assert any(isinstance(e, CardPlayed) and e.player == 0 for e in bob.events)
        # ...and its view, folded from that alone, is the seat's view of the game.
        assert ann.view == game.view(0) and bob.view == game.view(1)
        full = game.events
        assert_sees_no_hidden_card(ann, full)
        assert_sees_no_hidden_card(bob, full)
        # The store has the whole game, which replays to the same end.
        record = authority.house.store.record(table.game_id or "")  # type: ignore[union-attr]
        assert record.finished
        assert record.meta["seats"] == [
            {"name": "Ann", "bot": None},
            {"name": "Bob", "bot": None},
            {"name": "Ada", "bot": "normal"},
        ]
        stored = GameStore(tmp_path / "server-games.sqlite3")
        replayed = stored.load(record.id, attach=False)
        stored.close()
        assert Game.from_events(replayed.events).state == game.state
        await ann.until(
            lambda: any(m["op"] == "table" and m["table"]["over"] for m in ann.received)
        )
        mark = ann.send("leave")
        assert (await ann.reply("left", mark))["code"] == table.code


async def test_a_spectator_sees_every_move_and_no_hand(tmp_path: Path) -> None:
    async with serving(tmp_path) as (authority, path):
        ann, bob = await sit_two(path, authority, [None, None, "random"], **SHORT)
        await start(ann, bob)
        cy = await Client.connect(path, authority.open_session("Cy"))
        mark = cy.send("join", code=ann.code, spectate=True)
        joined = await cy.reply("joined", mark)
        assert joined["seat"] is None and joined["table"]["spectators"] == 1
        await cy.until(lambda: len(cy.events) == joined["events"])
        for event in cy.events:
            if isinstance(event, RoundStarted):
                assert event.hand is None
            if isinstance(event, CardsDrawn):
                assert event.cards is None
        refused = await cy.reply("refused", cy.play(CallIdiot(0, 1)))
        assert refused["code"] == "not-your-seat"


def two_cards_each(names: list[str], rules: RuleSet) -> Game:
    # Ann (seat 0) deals; Bob plays first and is left with one card.
    return stacked_game(["10C 5S", "QH 3S"], "JH", "JC QC KS QS", names=names, rules=rules)


# --- What is refused changes nothing ---------------------------------------------------


async def test_commands_for_another_seat_illegal_ones_and_garbage_are_refused(
    tmp_path: Path,
) -> None:
    async with serving(tmp_path, deal=two_cards_each) as (authority, path):
        ann, bob = await sit_two(path, authority, [None, None])
        mark = bob.send("start")
        assert (await bob.reply("refused", mark))["code"] == "not-host"
        mark = bob.play(CallIdiot(1, 0))
        assert (await bob.reply("refused", mark))["code"] == "not-started"
        await start(ann, bob)
        table = authority.tables[ann.code or ""]
        assert table.game is not None
        mover, other = (ann, bob) if ann.my_turn else (bob, ann)
        assert mover.my_turn
        before = table.game.event_count
        heard = len(other.received)
        # A move for the other seat, even a legal one...
        wrong = dataclasses.replace(mover.moves()[0], player=other.seat)
        refused = await mover.reply("refused", mover.play(wrong))
        assert refused["code"] == "not-your-seat"
        # ...a card not in hand (the engine's refusal, code, words and params)...
        assert mover.view is not None
        missing = next(c for c in table.game.state.hands[other.seat or 0])
        refused = await mover.reply("refused", mover.play(Play(mover.seat or 0, missing)))
        assert refused["code"] == "not-in-hand" and refused["params"] == {"card": str(missing)}
        assert "hold" in refused["message"]
        # ...garbage of every kind.
        for line in (
            b"not json\n",
            b"[1, 2]\n",
            b'{"op": 3}\n',
            b'{"op": "fly"}\n',
            b'{"op": "command", "command": {"type": "play"}}\n',
            b'{"op": "join", "code": 7}\n',
            b"\xff\xfe\n",
            b"\n",
            b"[" * 30_000 + b"]" * 30_000 + b"\n",
        ):
            refused = await mover.reply("refused", mover.send_raw(line))
            assert refused["code"] in ("bad-message", "no-such-table"), line
        # A line far longer than the limit is one bad message.
        mark = mover.send_raw(b"x" * (MAX_LINE * 2) + b"\n")
        assert (await mover.reply("refused", mark))["code"] == "bad-message"
        mark = mover.send("tables")
        await mover.reply("tables", mark)
        assert table.game.event_count == before
        # The other player heard of none of it (all of it came before their answer).
        await other.reply("tables", other.send("tables"))
        assert other.ops(heard) == ["tables"]
        # A connection that ends in the middle of a command changes nothing either.
        half = json.dumps({"op": "command", "command": command_to_dict(mover.moves()[0])})
        mover.send_raw(half[: len(half) // 2].encode())
        await mover.close()
        await other.reply("seat", heard)
        assert table.game.event_count == before


async def test_hello_is_needed_and_a_bad_token_is_turned_away(tmp_path: Path) -> None:
    limits = Limits(rate=10_000, burst=10_000, handshake=0.3)
    async with serving(tmp_path, limits) as (_, path):
        stranger = await Client.connect(path)
        mark = stranger.send("tables")
        assert (await stranger.reply("refused", mark))["code"] == "bad-message"
        mark = stranger.send("hello", token="guess")
        assert (await stranger.reply("refused", mark))["code"] == "unknown-session"
        await stranger.until(lambda: stranger.closed)
        silent = await Client.connect(path)
        await silent.until(lambda: silent.closed)  # no hello in time
        assert silent.ops() == ["bye"]


# --- "Last card" and "idiot" across players ----------------------------------------------


async def test_an_idiot_call_from_another_player_and_the_window_decided_by_the_server(
    tmp_path: Path,
) -> None:
    async with serving(tmp_path, deal=two_cards_each) as (authority, path):
        ann, bob = await sit_two(path, authority, [None, None])
        await start(ann, bob)
        assert bob.my_turn
        mark = bob.play(Play(1, next(c for c in bob.view.hand if str(c) == "QH")))  # type: ignore[union-attr]
        await ann.until(lambda: ann.view is not None and ann.view.window == 1)
        assert CallIdiot(0, 1) in ann.moves()
        mark_ann = ann.play(CallIdiot(0, 1))
        await bob.until(lambda: any(isinstance(e, IdiotCalled) for e in bob.events))
        late = bob.play(Announce(1))
        refused = await bob.reply("refused", late)
        assert refused["code"] in ("no-window", "already-announced", "not-last-card")
        assert "refused" not in ann.ops(mark_ann) and bob.ops(mark)[0] == "event"


async def test_an_announcement_and_a_call_at_once_one_wins(tmp_path: Path) -> None:
    async with serving(tmp_path, deal=two_cards_each) as (authority, path):
        ann, bob = await sit_two(path, authority, [None, None])
        await start(ann, bob)
        bob.play(Play(1, next(c for c in bob.view.hand if str(c) == "QH")))  # type: ignore[union-attr]
        await ann.until(lambda: ann.view is not None and ann.view.window == 1)
        await bob.until(lambda: bob.view is not None and bob.view.window == 1)
        mark_bob = bob.play(Announce(1))
        mark_ann = ann.play(CallIdiot(0, 1))
        outcomes = (IdiotCalled, LastCardAnnounced)

        def decided(client: Client, mark: int) -> Callable[[], bool]:
            return lambda: (
                "refused" in client.ops(mark) or any(isinstance(e, outcomes) for e in client.events)
            )

        await ann.until(decided(ann, mark_ann))
        await bob.until(decided(bob, mark_bob))
        for client in (ann, bob):  # everything sent to them before this has arrived
            await client.reply("tables", client.send("tables"))
        # Whoever reached the server first won; the other was refused.
        refusals = ann.ops(mark_ann).count("refused") + bob.ops(mark_bob).count("refused")
        assert refusals == 1
        assert len({type(e) for e in ann.events} & set(outcomes)) == 1
        assert ann.events == bob.events[: len(ann.events)] or len(ann.events) == len(bob.events)
        assert ann.view is not None and bob.view is not None
        assert ann.view.announced == bob.view.announced
        assert ann.view.lost_turns == bob.view.lost_turns


# --- Drops, grace, stand-ins and coming back --------------------------------------------


def last_welcome(client: Client) -> dict[str, Any]:
    """The latest `Welcome` ``client`` received."""
    return next(m for m in reversed(client.received) if m["op"] == "welcome")


def seat_message(seat: int, **changes: object) -> dict[str, Any]:
    """The ``seat`` message of a person at ``seat``, there and playing, but for
    ``changes`` (``connected=False``, ``bot="normal"``, ...)."""
    return {
        "op": "seat",
        "seat": seat,
        "connected": True,
        "bot": None,
        "dozing": False,
        "grace": None,
        "left": False,
        "person": True,
        **changes,
    }


def seat_news(client: Client, mark: int) -> list[dict[str, Any]]:
    """The ``seat`` messages ``client`` received from ``mark`` on."""
    return [m for m in client.received[mark:] if m["op"] == "seat"]


async def turn_of(client: Client, other: Client, rng: random.Random) -> None:
    """Play until it is ``client``'s turn (the other person plays their turns)."""
    async with asyncio.timeout(TIMEOUT):
        while not client.my_turn:
            if other.my_turn and other.moves():
                await take_turn(other, rng)
            else:
                await asyncio.sleep(0.005)


async def bobs_turn(
    path: Path, authority: Authority, rng: random.Random, seats: list[str | None]
) -> tuple[Client, Client]:
    """Ann and Bob at a short game of ``seats`` (`sit_two`) started and played (by
    ``rng``) until it is Bob's turn."""
    ann, bob = await sit_two(path, authority, seats, **SHORT)
    await start(ann, bob)
    await turn_of(bob, ann, rng)
    return ann, bob


async def test_a_drop_within_the_grace_waits_and_the_stream_resumes(tmp_path: Path) -> None:
    rng = random.Random(2)
    async with serving(tmp_path, grace=30.0) as (authority, path):
        ann, bob = await bobs_turn(path, authority, rng, [None, None])
        table = authority.tables[ann.code or ""]
        assert table.game is not None
        heard, count = len(ann.received), table.game.event_count
        await bob.close()
        seat = await ann.reply("seat", heard)
        assert seat == seat_message(1, connected=False, grace=30.0)  # what is left of it: all
        # Bob's turn, and no bot for his seat: the game waits for him.
        assert table.slots[1].bot is None and 1 not in table.bots.levels  # type: ignore[union-attr]
        assert table.game.event_count == count
        # The same session connects again and asks for the events it lacks.
        again = await Client.connect(path, bob.token)
        seen = bob.events
        again.resuming, again.events, again.seat = True, list(seen), 1
        for event in seen:
            again.view = project(again.view, event, 1)
        mark = again.send("join", code=ann.code, since=len(seen))
        joined = await again.reply("joined", mark)
        assert joined["seat"] == 1 and joined["events"] == count == len(seen)
        assert [m for m in again.received[mark:] if m["op"] == "event"] == []
        # A join from an earlier index gets the events from there on.
        mark = again.send("join", code=ann.code, since=count - 3)
        await again.reply("joined", mark)
        await again.until(lambda: again.ops(mark).count("event") == 3)
        resent = [m for m in again.received[mark:] if m["op"] == "event"]
        assert [(m["index"], event_from_dict(m["event"])) for m in resent] == list(
            enumerate(seen[-3:], count - 3)
        )
        await ann.until(lambda: len(seat_news(ann, heard)) >= 2)
        assert seat_news(ann, heard)[1] == seat_message(1)


async def test_the_same_name_and_key_take_the_seat_back_in_a_new_session(
    tmp_path: Path,
) -> None:
    rng = random.Random(3)
    async with serving(tmp_path, grace=30.0) as (authority, path):
        ann, bob = await bobs_turn(path, authority, rng, [None, None, "random"])
        await bob.close()
        await ann.reply("seat")
        # A new SSH session: same name and key, a new token.
        bob2 = await Client.connect(path, authority.open_session("Bob", key="SHA256:bob"))
        mark = bob2.send("join", code=ann.code)
        joined = await bob2.reply("joined", mark)
        assert joined["seat"] == 1
        await bob2.until(lambda: len(bob2.events) == joined["events"])
        assert bob2.my_turn  # the game waited: it is still his turn
        await take_turn(bob2, rng)
        # Somebody else with the same name but no key cannot.
        mallory = await Client.connect(path, authority.open_session("Bob"))
        mark = mallory.send("join", code=ann.code)
        assert (await mallory.reply("refused", mark))["code"] == "table-full"


async def test_a_bot_stands_in_after_the_grace_and_the_code_takes_the_seat_back(
    tmp_path: Path,
) -> None:
    rng = random.Random(4)
    async with serving(tmp_path, grace=0.2) as (authority, path):
        ann, bob = await sit_two(path, authority, [None, None], **SHORT)
        await start(ann, bob)
        code = last_welcome(bob)["reconnect"]
        assert code and last_welcome(bob)["table"] == ann.code
        # While Bob is there, his code takes nothing from him.
        eve = await Client.connect(path, authority.open_session("Eve", key="SHA256:eve"))
        mark = eve.send("reconnect", code=code)
        assert (await eve.reply("refused", mark))["code"] == "seat-taken"
        assert bob.ops()[-1] != "bye"
        await turn_of(bob, ann, rng)
        heard = len(ann.received)
        await bob.close()
        await ann.until(lambda: len(seat_news(ann, heard)) == 2)
        assert seat_news(ann, heard) == [
            seat_message(1, connected=False, grace=0.2),
            seat_message(1, connected=False, bot="normal"),
        ]
        # The bot plays Bob's turns now (and Ann plays hers).
        before = len(ann.events)

        def bot_moved() -> bool:
            return moved(ann.events[before:], 1)

        async with asyncio.timeout(TIMEOUT):
            while not bot_moved() and not (ann.view and ann.view.is_over):
                if ann.my_turn and ann.moves():
                    await take_turn(ann, rng)
                else:
                    await asyncio.sleep(0.005)
        assert bot_moved()
        # Bob comes back from another machine: no key, but the code on his screen.
        bob2 = await Client.connect(path, authority.open_session("Robert"))
        mark = bob2.send("reconnect", code=code.lower().replace("-", " "))
        joined = await bob2.reply("joined", mark)
        assert joined["seat"] == 1
        renamed = await bob2.reply("welcome", mark)
        assert renamed["name"] == "Bob"
        # The code served once: the seat has a new one, shown to its holder.
        new_code = renamed["reconnect"]
        assert new_code and new_code != code and renamed["table"] == ann.code
        await ann.until(lambda: len(seat_news(ann, heard)) == 3)
        assert seat_news(ann, heard)[2] == seat_message(1)
        # The bot plays no more: Bob's turn waits for Bob.
        table = authority.tables[ann.code or ""]
        assert table.slots[1].bot is None and 1 not in table.bots.levels  # type: ignore[union-attr]
        # The old code is spent; a wrong one is refused.
        for spent in (code, "AAAA-AAAA"):
            mark = eve.send("reconnect", code=spent)
            assert (await eve.reply("refused", mark))["code"] == "unknown-code"


# --- Names --------------------------------------------------------------------------------


async def test_names_arrive_clean_and_unique(tmp_path: Path) -> None:
    async with serving(tmp_path) as (authority, path):
        evil = await Client.connect(
            path, authority.open_session("\x1b]0;pwned\x07Ann\x1b[2J\u202e")
        )
        # Each with a key of their own: "ann" is not the same player as "Ann".
        ann = await Client.connect(path, authority.open_session("ann", key="SHA256:a"))
        ada = await Client.connect(path, authority.open_session("ADA", key="SHA256:b"))
        long = await Client.connect(
            path, authority.open_session("Bartholomew-the-Magnificent", key="SHA256:c")
        )
        assert evil.received[0]["name"] == "Ann"
        assert ann.received[0]["name"] == "ann 2"  # unique in the lobby already
        mark = evil.send(
            "create",
            name="\x1b[31mRed\x9b2J table\x07 with a long name",
            seats=[None, "random", None, None, None],
        )
        table = (await evil.reply("joined", mark))["table"]
        assert table["name"] == "Red table with a long na" and len(table["name"]) == 24
        assert table["seats"][1]["name"] == "Ada"
        for client in (ann, ada, long):
            mark = client.send("join", code=table["code"])
            joined = await client.reply("joined", mark)
        names = [s["name"] for s in joined["table"]["seats"]]
        assert names == ["Ann", "Ada", "ann 2", "ADA 2", "Bartholomew-the-"]
        # A name changed at the table comes with a new welcome.
        assert [m["name"] for m in ada.received if m["op"] == "welcome"] == ["ADA", "ADA 2"]
        # A Cyrillic "Су" reads as "Cy": no new name; "аlice" mixes alphabets: refused.
        await Client.connect(path, authority.open_session("Cy", key="SHA256:d"))
        lookalike = await Client.connect(path, authority.open_session("Су", key="SHA256:e"))
        assert lookalike.received[0]["name"] == "Су 2"
        for refused in ("аlice", "ㅤㅤ", " ​ "):
            with pytest.raises(SessionRefused):
                authority.open_session(refused)
        for client in (evil, ann, ada, long):
            for message in client.received:
                text = json.dumps(message, ensure_ascii=False)
                assert "\x1b" not in text and "\x9b" not in text and "\u202e" not in text
                assert "pwned" not in text and "\x07" not in text


# --- Limits ---------------------------------------------------------------------------------


async def test_too_fast_is_refused_and_a_flood_of_garbage_is_shown_the_door(
    tmp_path: Path,
) -> None:
    limits = Limits(rate=20, burst=40, bad_lines=10, bad_line_rate=0.01)
    async with serving(tmp_path, limits) as (authority, path):
        ann = await Client.connect(path, authority.open_session("Ann"))
        calm = await Client.connect(path, authority.open_session("Calm"))
        mark = ann.send_raw(b'{"op": "tables"}\n' * 100)
        await ann.until(lambda: len(ann.received) - mark >= 100)
        answers = ann.ops(mark)
        assert 39 <= answers.count("tables") <= 45  # the burst, less the hello
        assert answers.count("refused") == 100 - answers.count("tables")
        assert {m["code"] for m in ann.received[mark:] if m["op"] == "refused"} == {"too-fast"}
        # One client's flood of garbage: the others are answered meanwhile...
        flood = await Client.connect(path, authority.open_session("Flood"))
        flood.send_raw(b"garbage\n" * 5000)
        assert await calm.reply("tables", calm.send("tables"))
        # ...and the flood ends with a bye after its allowance of bad lines.
        await flood.until(lambda: flood.closed)
        assert flood.ops()[-1] == "bye" and flood.received[-1]["code"] == "bad-messages"
        assert flood.ops().count("refused") <= 20
        assert (await calm.reply("tables", calm.send("tables"))) is not None


# --- The lobby --------------------------------------------------------------------------------


async def test_filling_handing_over_leaving_and_closing(tmp_path: Path) -> None:
    async with serving(tmp_path) as (authority, path):
        ann, bob = await sit_two(path, authority, [None, None, None])
        cy = await Client.connect(path, authority.open_session("Cy"))
        # The host fills the free seat with a bot; a guest cannot.
        mark = bob.send("fill", seat=2, bot="random")
        assert (await bob.reply("refused", mark))["code"] == "not-host"
        mark = ann.send("fill", seat=2, bot="random")
        table = (await bob.reply("table", mark))["table"]
        assert table["seats"][2] == {
            "name": "Ada",
            "bot": "random",
            "connected": True,
            "person": False,
            "player": None,
        }
        mark = ann.send("fill", seat=1, bot="random")
        assert (await ann.reply("refused", mark))["code"] == "seat-taken"
        mark = cy.send("join", code=ann.code)
        assert (await cy.reply("refused", mark))["code"] == "table-full"
        mark = cy.send("join", code=ann.code, spectate=True)
        assert (await cy.reply("joined", mark))["seat"] is None
        # The host leaves before the start: the next person hosts.
        mark = ann.send("leave")
        assert (await ann.reply("left", mark))["code"] == bob.code
        await bob.until(
            lambda: any(m["op"] == "table" and m["table"]["host"] == "Bob" for m in bob.received)
        )
        mark = bob.send("fill", seat=0, bot="normal")  # the new host may fill
        seats = (await bob.reply("table", mark))["table"]["seats"]
        assert [s["bot"] for s in seats] == ["normal", None, "random"]
        # The last person leaves: the table closes, its spectator is told.
        mark = len(cy.received)
        bob.send("leave")
        closed = await cy.reply("left", mark)
        assert closed["code"] == bob.code and closed["message"]
        assert authority.tables == {}


async def test_leaving_a_game_hands_the_seat_to_a_bot_at_once(tmp_path: Path) -> None:
    rng = random.Random(6)
    async with serving(tmp_path, grace=30.0) as (authority, path):
        ann, bob = await bobs_turn(path, authority, rng, [None, None])
        heard = len(ann.received)
        mark = bob.send("leave")
        await bob.reply("left", mark)
        await ann.until(lambda: len(seat_news(ann, heard)) >= 1)
        # Left on purpose, not a drop.
        assert seat_news(ann, heard)[0] == seat_message(1, connected=False, bot="normal", left=True)
        # No grace: the bot plays Bob's turn at once.
        await ann.until(lambda: moved(ann.events[-10:], 1) or ann.my_turn)
        # Bob comes back from the lobby: the seat is his again.
        mark = bob.send("join", code=ann.code)
        assert (await bob.reply("joined", mark))["seat"] == 1
        await ann.until(lambda: seat_news(ann, heard)[-1]["bot"] is None)


# --- Bots that think ------------------------------------------------------------------


class Pondering(NormalBot):
    """A normal bot that, on its turn, thinks until the test lets it decide."""

    def __init__(self, seed: int | str | None = None) -> None:
        super().__init__(seed=seed)
        self.thinking = threading.Event()
        self.go_on = threading.Event()

    def choose(self, view: PlayerView, legal: Any) -> Command:
        self.thinking.set()
        self.go_on.wait(2 * TIMEOUT)
        return super().choose(view, legal)


@pytest.fixture
def bots(monkeypatch: pytest.MonkeyPatch) -> list[Pondering]:
    """Every bot the server seats is a `Pondering` one, in the order made."""
    made: list[Pondering] = []

    def make_bot(level: str, seed: int | str | None = None) -> Pondering:
        made.append(Pondering(seed))
        return made[-1]

    monkeypatch.setattr(craits_core.bots, "make_bot", make_bot)
    return made


async def test_a_stand_in_thinking_when_its_person_comes_back_does_not_move(
    tmp_path: Path, bots: list[Pondering]
) -> None:
    rng = random.Random(4)
    async with serving(tmp_path, grace=30.0) as (authority, path):
        ann, bob = await sit_two(path, authority, [None, None], **SHORT)
        await start(ann, bob)
        await turn_of(ann, bob, rng)
        mark = bob.send("leave")  # a bot stands in at once
        await bob.reply("left", mark)
        async with asyncio.timeout(TIMEOUT):
            while not (bots and bots[0].thinking.is_set()):
                if ann.my_turn and ann.moves():
                    await take_turn(ann, rng)
                await asyncio.sleep(0.005)
        # Bob is back while his stand-in thinks on his turn: the turn is his.
        mark = bob.send("join", code=ann.code)
        assert (await bob.reply("joined", mark))["seat"] == 1
        await bob.until(lambda: bob.my_turn)
        heard = len(ann.events)
        table = authority.tables[ann.code or ""]
        assert table.bots is not None
        bots[0].go_on.set()
        await ann.until_true(lambda: table.bots.dropped == 1)  # type: ignore[union-attr]
        assert len(ann.events) == heard and bob.my_turn


async def test_a_bot_thinking_holds_up_nobody(tmp_path: Path, bots: list[Pondering]) -> None:
    rng = random.Random(3)
    async with serving(tmp_path) as (authority, path):
        ann, bob = await sit_two(path, authority, [None, None, "hard"], **SHORT)
        await start(ann, bob)
        async with asyncio.timeout(TIMEOUT):
            while not bots[0].thinking.is_set():
                for client in (ann, bob):
                    if client.my_turn and client.moves():
                        await take_turn(client, rng)
                await asyncio.sleep(0.005)
        # As the bot thinks, the server still answers (here, a draw out of turn).
        loop = asyncio.get_running_loop()
        asked = loop.time()
        mark = ann.play(Draw(0))
        assert (await ann.reply("refused", mark))["code"] == "not-your-turn"
        assert loop.time() - asked < TIMEOUT
        # Once it has decided, its move is played.
        played = len(ann.events)
        bots[0].go_on.set()
        await ann.until(lambda: moved(ann.events[played:], 2))
