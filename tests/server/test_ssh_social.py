"""Coming back to the server, over SSH for real: names and keys, ratings and the
leaderboard, quick match, chat, rematch, turn clocks and replays by code.

Each player is an asyncssh client on 127.0.0.1, logged in with a key of its own
(or none). Its session runs a relay for an app (``RELAY_APP``): the relay says
hello on the server's socket with the session's token, then passes each line the
client types to the socket and each line of the server to the terminal, raw.
So a test plays the protocol itself through a real SSH session and the server's
own terminal, sessions and identities, as `test_authority.Client` does on the
socket; the screens of these features are tested in ``tests/tui``.

Nothing here waits a set time: every wait is for a message, with a deadline.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from pathlib import Path
from typing import Any

import asyncssh
import pytest

from craits_core import Game, RuleSet, event_from_dict
from craits_tui.online.server import house as house_module
from craits_tui.online.server import operations
from craits_tui.online.server.chat import ChatPace
from craits_tui.online.server.ledger import PLACEMENT_GAMES, Placing, player_id
from craits_tui.online.server.ssh import CraitsServer
from tests.server.conftest import running_script
from tests.server.test_authority import Client, moved, take_turn

TIMEOUT = 20.0
"""Seconds a test waits for a message: long, for a busy machine; a passing test
never waits that long."""

RELAY_APP = r"""
import asyncio, json, os, sys, tty

at = sys.argv.index("--remote")
path, extra = sys.argv[at + 1], sys.argv[at + 2:]
token = os.environ.pop("CRAITS_SESSION")
tty.setraw(0)  # no echo, no line editing: the lines pass as typed


async def main():
    reader, writer = await asyncio.open_unix_connection(path, limit=1 << 20)
    out = os.fdopen(1, "wb", buffering=0)
    if extra:
        out.write(json.dumps({"op": "argv", "argv": extra}).encode() + b"\n")
    writer.write(json.dumps({"op": "hello", "token": token}).encode() + b"\n")
    loop = asyncio.get_running_loop()
    done = asyncio.Event()
    typed = bytearray()

    def read_keys():
        data = os.read(0, 65536)
        if not data:
            done.set()
            return
        typed.extend(data)
        while b"\n" in typed:
            line, _, rest = bytes(typed).partition(b"\n")
            typed[:] = rest
            writer.write(line + b"\n")

    async def listen():
        while line := await reader.readline():
            out.write(line)
        done.set()

    loop.add_reader(0, read_keys)
    loop.create_task(listen())
    await done.wait()


asyncio.run(main())
"""

SHORT = {"short_game": True}


@pytest.fixture
def one_round(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every game is the last round of its schedule: one card each, over at once."""

    def last_round(names: list[str], rules: RuleSet) -> Game:
        return Game.new(names, rules=rules, seed=len(names), first_round=len(rules.schedule))

    monkeypatch.setattr(house_module, "_new_game", last_round)


def running(tmp_path: Path, **options: Any) -> AbstractAsyncContextManager[CraitsServer]:
    """The server on a free port of 127.0.0.1, each session a relay."""
    return running_script(tmp_path, RELAY_APP, **options)


class Player:
    """One person: an SSH key (or none), and the sessions they open."""

    def __init__(
        self, server: CraitsServer, name: str, *, key: bool = True, address: str = "127.0.0.1"
    ) -> None:
        self.server = server
        self.name = name
        self.key = asyncssh.generate_private_key("ssh-ed25519") if key else None
        self.address = address
        """Where the player connects from (any of 127.0.0.0/8 reaches the server)."""
        self.connections: list[asyncssh.SSHClientConnection] = []

    @property
    def fingerprint(self) -> str | None:
        return str(self.key.get_fingerprint()) if self.key is not None else None

    async def session(self, command: str | None = None) -> Client:
        """A new SSH session's line to the server, once it is welcomed."""
        client = await self.open(command)
        await client.reply("welcome", timeout=TIMEOUT)
        return client

    async def connect(self, **options: Any) -> asyncssh.SSHClientConnection:
        """A new SSH connection: with this player's key, or none (any password will do)."""
        conn = await asyncssh.connect(
            "127.0.0.1",
            self.server.port,
            username=self.name,
            known_hosts=None,
            client_keys=[self.key] if self.key is not None else None,
            password="",
            agent_path=None,
            local_addr=(self.address, 0),
            **options,
        )
        self.connections.append(conn)
        return conn

    async def open(self, command: str | None = None) -> Client:
        conn = await self.connect(encoding=None)
        process = await conn.create_process(
            command, term_type="xterm", term_size=(100, 32), stderr=asyncssh.STDOUT
        )
        return Client(process.stdout, process.stdin)  # type: ignore[arg-type]

    async def turned_away(self, command: str | None = None) -> str:
        """What a session that never starts says before it ends (status 1)."""
        conn = await self.connect()
        run = conn.run(command, term_type="xterm", stderr=asyncssh.STDOUT)
        result = await asyncio.wait_for(run, TIMEOUT)
        assert result.exit_status == 1, result
        return str(result.stdout)

    def close(self) -> None:
        for conn in self.connections:
            conn.close()


@asynccontextmanager
async def people(server: CraitsServer, *names: str) -> AsyncIterator[list[Player]]:
    players = [Player(server, name) for name in names]
    try:
        yield players
    finally:
        for player in players:
            player.close()


async def table_of(host: Client, *guests: Client, **create: Any) -> str:
    """The host opens a table; the guests sit at it in turn; its code."""
    create.setdefault("name", "Friday")
    create.setdefault("rules", SHORT)
    create.setdefault("seats", [None] * (1 + len(guests)))
    mark = host.send("create", **create)
    code = (await host.reply("joined", mark, TIMEOUT))["code"]
    for guest in guests:
        mark = guest.send("join", code=code)
        await guest.reply("joined", mark, TIMEOUT)
    return code


async def play_out(clients: list[Client], seed: int = 0) -> None:
    """Everyone plays their legal moves until the game is over."""
    rng = random.Random(seed)
    for client in clients:
        await client.until(lambda c=client: c.view is not None, TIMEOUT)

    def over() -> bool:
        return all(c.view is not None and c.view.is_over for c in clients)

    while not over():
        mover = next((c for c in clients if c.my_turn), None)
        if mover is None:
            await anyone(clients, lambda: over() or any(c.my_turn for c in clients))
            continue
        await take_turn(mover, rng)


async def anyone(clients: list[Client], test: Callable[[], bool]) -> None:
    """Wait until ``test()`` holds, looked at whenever any of ``clients`` hears news."""
    waits = [asyncio.ensure_future(c.until(test, TIMEOUT)) for c in clients]
    done, pending = await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
    for wait in pending:
        wait.cancel()
    await asyncio.gather(*pending, return_exceptions=True)
    for wait in done:
        wait.result()


def messages(client: Client, op: str, mark: int = 0) -> list[dict[str, Any]]:
    return [m for m in client.received[mark:] if m["op"] == op]


async def until(client: Client, test: Callable[[], bool]) -> None:
    await client.until(test, TIMEOUT)


# --- Who is who ----------------------------------------------------------------------


async def test_the_first_key_claims_a_name_and_no_other_sits_under_it(tmp_path: Path) -> None:
    async with running(tmp_path) as server, people(server, "ann") as (ann,):
        first = await ann.session()
        assert first.received[0]["name"] == "ann"
        await ann.session()  # the same key is the same player, in a second session
        other_key, no_key = Player(server, "Ann"), Player(server, "ann", key=False)
        try:
            said = await other_key.turned_away()
            assert "belongs to another player's key" in said
            said = await no_key.turned_away()
            assert "log in with that key" in said
        finally:
            other_key.close()
            no_key.close()
    # The claim is kept in the server's store: it holds after a restart.
    async with running(tmp_path) as server, people(server, "ANN") as (impostor,):
        assert "belongs to another player's key" in await impostor.turned_away()
        free = Player(server, "bea", key=False)
        try:
            assert (await free.session()).received[0]["name"] == "bea"  # no key, a free name
        finally:
            free.close()


# --- Ratings, the leaderboard, replays -----------------------------------------------


async def test_a_finished_game_of_three_rates_them_and_its_replay_is_shared_by_code(
    tmp_path: Path, one_round: None
) -> None:
    async with running(tmp_path) as server, people(server, "ann", "bob", "cy") as players:
        ann, bob, cy = clients = [await p.session() for p in players]
        await table_of(ann, bob, cy, seats=[None, None, None, "normal"])
        ann.send("start")
        await play_out(clients)
        totals = ann.view.totals  # type: ignore[union-attr]
        for client in clients:
            rated = (await client.reply("rated", 0, TIMEOUT))["changes"]
            assert [c["name"] for c in rated] == ["ann", "bob", "cy"]  # the bot is not rated
            for change in rated:
                better = sum(totals[other["seat"]] < totals[change["seat"]] for other in rated)
                assert change["place"] == better + 1  # by total, the lowest first; ties share
                assert change["games"] == 1 and change["after"] is None  # placing still
        await until(ann, lambda: any(m["table"].get("replay") for m in messages(ann, "table")))
        code = next(m["table"]["replay"] for m in messages(ann, "table") if m["table"]["replay"])

        # The ratings moved as the places say (the ledger keeps what is not shown yet).
        ledger = server.ledger
        assert ledger is not None
        after = {p.name: ledger.rating(player_id(p.name, p.fingerprint)) for p in players}
        best = min(rated, key=lambda c: c["place"])["name"]
        worst = max(rated, key=lambda c: c["place"])["name"]
        if best != worst:
            assert after[best].mu > after[worst].mu

        # The leaderboard: 22 placed players, and Ann's own standing among them.
        for n in range(22):
            for _ in range(PLACEMENT_GAMES):
                ledger.rate([Placing(f"key:p{n}", f"p{n}", 0), Placing("key:x", "x", n)])
        mark = ann.send("leaderboard")
        board = await ann.reply("standings", mark, TIMEOUT)
        assert len(board["top"]) == 20 and board["placement"] == PLACEMENT_GAMES
        assert board["rated"] == 23  # the 22, and their opponent "x"
        assert [s["place"] for s in board["top"]] == list(range(1, 21))
        shown = [s["rating"] for s in board["top"]]
        assert shown == sorted(shown, reverse=True)
        assert board["you"] == {"place": None, "name": "ann", "rating": None, "games": 1}

        # Anyone may watch the game by its code, in any case, without its dash.
        watcher = Player(server, "dee")
        try:
            dee = await watcher.session()
            mark = dee.send("replay", code=code.lower().replace("-", ""))
            first = await dee.reply("replay-data", mark, TIMEOUT)
            await until(dee, lambda: len(messages(dee, "replay-data", mark)) == first["parts"])
            parts = messages(dee, "replay-data", mark)
            assert [p["part"] for p in parts] == list(range(parts[0]["parts"]))
            events = [event for part in parts for event in part["events"]]
            replayed = Game.from_events(events)
            assert replayed.state.is_over and replayed.state.totals == totals
            assert replayed.state.players == ("ann", "bob", "cy", "Ada")
            mark = dee.send("replay", code="NOPE-NO")
            assert (await dee.reply("refused", mark, TIMEOUT))["code"] == "no-such-replay"
        finally:
            watcher.close()


async def test_ssh_replay_code_starts_the_app_for_that_replay_and_nothing_else_runs(
    tmp_path: Path,
) -> None:
    async with running(tmp_path) as server, people(server, "ann") as (ann,):
        client = await ann.open("replay abc-def")
        argv = await client.reply("argv", 0, TIMEOUT)
        assert argv["argv"] == ["--replay=abc-def"]
        await client.reply("welcome", 0, TIMEOUT)
        said = await ann.turned_away("ls -la")
        assert "replay CODE" in said
        for command in ("replay ../../etc", "replay --help", "replay", "replay -x abc-def"):
            said = await ann.turned_away(command)
            assert said.strip() == (
                "That is not a replay code: a replay code is six letters and digits, like ABC-DEF."
            )


# --- Quick match -------------------------------------------------------------------------


async def test_quick_match_seats_people_together_and_fills_with_bots_when_nobody_comes(
    tmp_path: Path,
) -> None:
    async with (
        running(tmp_path, quick_wait=0.5) as server,
        people(server, "ann", "bob") as (
            a,
            b,
        ),
    ):
        ann, bob = await a.session(), await b.session()
        mark = ann.send("quick", short=True)
        joined = await ann.reply("joined", mark, TIMEOUT)
        table = joined["table"]
        assert table["quick"] and table["host"] is None and len(table["seats"]) == 4
        assert table["turn_time"] == operations.QUICK_TURN_TIME  # strangers keep a clock
        assert 0 < table["starts_in"] <= 0.5
        mark = bob.send("quick", short=False)  # another length: another table
        other = await bob.reply("joined", mark, TIMEOUT)
        assert other["code"] != joined["code"]
        mark = bob.send("quick", short=True)
        again = await bob.reply("joined", mark, TIMEOUT)
        assert again["code"] == joined["code"] and again["seat"] == 1
        # Nobody else comes: bots take the two empty seats, and the game begins.
        for client in (ann, bob):
            await until(client, lambda c=client: c.view is not None)
        started = ann.view
        assert started is not None and started.players[:2] == ("ann", "bob")
        await until(ann, lambda: any(m["table"]["started"] for m in messages(ann, "table")))
        seats = next(m["table"]["seats"] for m in messages(ann, "table") if m["table"]["started"])
        assert [s["bot"] for s in seats] == [None, None, "normal", "normal"]
        # The long game's table closed when Bob left it for the short one.
        assert other["code"] not in server.authority.tables  # type: ignore[union-attr]


async def test_a_full_quick_match_table_starts_at_once(tmp_path: Path) -> None:
    names = ("ann", "bob", "cy", "di")
    async with running(tmp_path, quick_wait=3600) as server, people(server, *names) as players:
        clients = [await p.session() for p in players]
        for client in clients:
            mark = client.send("quick")
            await client.reply("joined", mark, TIMEOUT)
        for client in clients:
            await until(client, lambda c=client: c.view is not None)
        assert clients[0].view.players == names  # type: ignore[union-attr]
        assert len({c.code for c in clients}) == 1


# --- Chat ------------------------------------------------------------------------------


def now(client: Client) -> int:
    """A mark in ``client``'s messages: what comes after it is news."""
    return len(client.received)


async def test_chat_is_cleaned_cut_and_rate_limited_and_emotes_are_known_ones(
    tmp_path: Path,
) -> None:
    pace = ChatPace(burst=3, rate=0.001)  # three lines, then none for a long while
    async with (
        running(tmp_path, chat_pace=pace) as server,
        people(server, "ann", "bob") as (
            a,
            b,
        ),
    ):
        ann, bob = await a.session(), await b.session()
        await table_of(ann, bob)
        seen = now(bob)
        mark = ann.send("say", text="\x1b[2J\x1b[31mhello\x07  \u202eworld")
        line = await bob.reply("chat", seen, TIMEOUT)
        assert line["text"] == "hello world" and line["name"] == "ann" and line["seat"] == 0
        assert (await ann.reply("chat", mark, TIMEOUT))["text"] == "hello world"
        seen = now(bob)
        ann.send("say", text="x" * 500)
        assert len((await bob.reply("chat", seen, TIMEOUT))["text"]) == 200
        mark = ann.send("emote", emote="shrug-and-leave")
        assert (await ann.reply("refused", mark, TIMEOUT))["code"] == "bad-message"
        seen = now(bob)
        ann.send("emote", emote="gg")
        assert (await bob.reply("chat", seen, TIMEOUT))["emote"] == "gg"
        mark = ann.send("say", text="one more")
        refused = await ann.reply("refused", mark, TIMEOUT)
        assert refused["code"] == "too-chatty" and refused["params"]["wait"] > 0
        mark = bob.send("say", text="   ")
        assert (await bob.reply("refused", mark, TIMEOUT))["code"] == "bad-message"
        # Someone who joins later reads the latest lines.
        c = Player(server, "cy")
        try:
            cy = await c.session()
            mark = cy.send("join", code=ann.code, spectate=True)
            await cy.reply("joined", mark, TIMEOUT)
            await until(cy, lambda: len(messages(cy, "chat", mark)) == 3)
            # A spectator writes only where the host allows it.
            mark = cy.send("say", text="hi all")
            assert (await cy.reply("refused", mark, TIMEOUT))["code"] == "chat-closed"
        finally:
            c.close()


async def test_a_muted_player_is_not_heard_in_any_session_and_spectators_write_if_allowed(
    tmp_path: Path,
) -> None:
    async with running(tmp_path) as server, people(server, "ann", "bob", "cy") as (a, b, c):
        ann, bob, cy = await a.session(), await b.session(), await c.session()
        await table_of(ann, bob, spectator_chat=True)
        mark = cy.send("join", code=ann.code, spectate=True)
        await cy.reply("joined", mark, TIMEOUT)
        seen = now(ann)
        cy.send("say", text="good luck")
        heard = await ann.reply("chat", seen, TIMEOUT)
        assert heard["seat"] is None and heard["name"] == "cy"
        # Bob mutes Cy: Cy's next line reaches Ann, not Bob.
        mark = bob.send("mute", player=heard["sender"])
        changed = await bob.reply("mute-changed", mark, TIMEOUT)
        assert changed == {"op": "mute-changed", "player": heard["sender"], "muted": True}
        seen, mark = now(ann), now(bob)
        cy.send("say", text="anyone there?")
        await ann.reply("chat", seen, TIMEOUT)
        bob.send("say", text="still here")
        await bob.reply("chat", mark, TIMEOUT)  # Bob's own line, sent after Cy's
        assert [m["text"] for m in messages(bob, "chat", mark)] == ["still here"]
        # A new session of Bob's does not hear Cy either, nor Cy's lines kept.
        bob.send("leave")
        again = await b.session()
        assert (await again.reply("muted", 0, TIMEOUT))["players"] == [heard["sender"]]
        mark = again.send("join", code=ann.code, spectate=True)
        await again.reply("joined", mark, TIMEOUT)
        await until(again, lambda: any(m["text"] == "still here" for m in messages(again, "chat")))
        assert all(m["name"] != "cy" for m in messages(again, "chat"))
        mark = again.send("mute", player=heard["sender"], muted=False)
        assert not (await again.reply("mute-changed", mark, TIMEOUT))["muted"]
        seen = now(again)
        cy.send("say", text="hello again")
        assert (await again.reply("chat", seen, TIMEOUT))["text"] == "hello again"


# --- Rematch ----------------------------------------------------------------------------


async def finished_duel(server: CraitsServer, a: Player, b: Player) -> tuple[Client, Client]:
    """Ann and Bob play a game with a bot to its end."""
    ann, bob = await a.session(), await b.session()
    await table_of(ann, bob, seats=[None, None, "random"])
    ann.send("start")
    await play_out([ann, bob])
    for client in (ann, bob):
        await client.reply("rematch-state", 0, TIMEOUT)
    return ann, bob


async def test_a_rematch_seats_the_same_people_and_bots_once_all_accept(
    tmp_path: Path, one_round: None
) -> None:
    async with running(tmp_path) as server, people(server, "ann", "bob") as (a, b):
        ann, bob = await finished_duel(server, a, b)
        offer = messages(ann, "rematch-state")[-1]
        assert offer["waiting"] == [0, 1] and offer["accepted"] == [] and offer["seconds"] > 0
        old = ann.code
        marks = now(ann), now(bob)
        ann.send("rematch", accept=True)
        await until(bob, lambda: messages(bob, "rematch-state")[-1]["accepted"] == [0])
        assert messages(bob, "rematch-state")[-1]["waiting"] == [1]
        bob.send("rematch", accept=True)
        for client, mark, seat in ((ann, marks[0], 0), (bob, marks[1], 1)):
            joined = await client.reply("joined", mark, TIMEOUT)
            assert joined["code"] != old and joined["seat"] == seat
            assert messages(client, "rematch-state")[-1]["outcome"] == "started"
            await until(client, lambda c=client: c.view is not None and not c.view.is_over)
        assert ann.code == bob.code != old
        assert ann.view.players == ("ann", "bob", "Ada")  # type: ignore[union-attr]
        seats = messages(ann, "table", marks[0])[-1]["table"]["seats"]
        assert seats[2]["bot"] == "random" and not seats[2]["person"]
        assert old not in server.authority.tables  # type: ignore[union-attr]


async def test_a_quick_match_rematch_keeps_every_name(tmp_path: Path, one_round: None) -> None:
    # The bots of a quick table are named once the people sit: bob's name keeps
    # them from "Bob". Named afresh at the rematch, a bot took it from him.
    async with running(tmp_path, quick_wait=0.5) as server, people(server, "ann", "bob") as (a, b):
        ann, bob = await a.session(), await b.session()
        for client in (ann, bob):
            mark = client.send("quick", short=True)
            await client.reply("joined", mark, TIMEOUT)
        await play_out([ann, bob])
        first = ann.view
        assert first is not None and first.players == ("ann", "bob", "Ada", "Cy")
        for client in (ann, bob):
            await client.reply("rematch-state", 0, TIMEOUT)
        marks = now(ann), now(bob)
        ann.send("rematch", accept=True)
        bob.send("rematch", accept=True)
        for client, mark in zip((ann, bob), marks, strict=True):
            await client.reply("joined", mark, TIMEOUT)
            await until(client, lambda c=client: c.view is not None and not c.view.is_over)
            assert client.view.players == first.players  # type: ignore[union-attr]


async def test_a_rematch_declined_or_not_answered_in_time_is_off(
    tmp_path: Path, one_round: None
) -> None:
    async with (
        running(tmp_path, rematch_time=0.5) as server,
        people(server, "ann", "bob") as (
            a,
            b,
        ),
    ):
        ann, bob = await finished_duel(server, a, b)
        ann.send("rematch", accept=True)
        await until(bob, lambda: messages(bob, "rematch-state")[-1]["outcome"] == "expired")
        mark = bob.send("rematch", accept=True)
        assert (await bob.reply("refused", mark, TIMEOUT))["code"] == "no-rematch"
    async with running(tmp_path) as server, people(server, "cy", "di") as (c, d):
        cy, di = await finished_duel(server, c, d)
        mark = now(cy)
        cy.send("rematch", accept=True)
        di.send("rematch", accept=False)
        await until(cy, lambda: messages(cy, "rematch-state")[-1]["outcome"] == "declined")
        assert "joined" not in cy.ops(mark)
        assert messages(cy, "rematch-state")[-1]["declined"] == [di.seat]


async def test_a_rematch_is_only_asked_of_the_players_at_game_over(tmp_path: Path) -> None:
    async with running(tmp_path) as server, people(server, "ann", "bob") as (a, b):
        ann, bob = await a.session(), await b.session()
        await table_of(ann, bob)
        ann.send("start")
        await until(ann, lambda: ann.view is not None)
        mark = ann.send("rematch")
        assert (await ann.reply("refused", mark, TIMEOUT))["code"] == "not-over"


# --- Turn timers -----------------------------------------------------------------------


async def test_when_a_persons_time_runs_out_a_bot_makes_that_move_and_the_seat_stays_theirs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(operations, "TURN_TIMES", (1, 600))
    async with running(tmp_path) as server, people(server, "ann") as (a,):
        ann = await a.session()
        mark = ann.send("create", name="Clock", seats=[None, "random"], rules=SHORT, turn_time=1)
        joined = await ann.reply("joined", mark, TIMEOUT)
        assert joined["table"]["turn_time"] == 1
        ann.send("start")
        # The clock comes after the events that make it Ann's turn.
        await until(ann, lambda: any(m["seat"] == ann.seat for m in messages(ann, "clock")))
        began = next(
            i for i, m in enumerate(ann.received) if m["op"] == "clock" and m["seat"] == ann.seat
        )
        clock = ann.received[began]
        assert clock["seconds"] == 1 and not clock["ran_out"]
        # Ann does nothing: her time runs out, and a bot makes her move.
        await until(ann, lambda: any(m["ran_out"] for m in messages(ann, "clock")))
        seat = ann.seat
        assert seat is not None
        await until(
            ann,
            lambda: moved(
                [event_from_dict(m["event"]) for m in messages(ann, "event", began)], seat
            ),
        )
        # Her seat is still hers: no bot stands in for her.
        assert not [m for m in messages(ann, "seat") if m["seat"] == seat and m.get("bot")]
        mark = ann.send("tables")
        await ann.reply("tables", mark, TIMEOUT)
        listed = next(t for t in messages(ann, "tables")[-1]["tables"] if t["code"] == ann.code)
        assert listed["seats"][seat]["person"] and listed["seats"][seat]["bot"] is None


async def test_a_tables_settings_and_the_people_it_rates_outlast_a_restart(tmp_path: Path) -> None:
    async with running(tmp_path) as server, people(server, "ann", "bob") as (a, b):
        ann, bob = await a.session(), await b.session()
        code = await table_of(ann, bob, turn_time=30, spectator_chat=True)
        ann.send("start")
        await until(ann, lambda: ann.view is not None)
    async with running(tmp_path) as server:
        table = server.authority.tables[code]  # type: ignore[union-attr]
        assert (table.turn_time, table.spectator_chat, table.quick) == (30, True, False)
        assert {seat: who.user for seat, who in table.people.items()} == {0: "ann", 1: "bob"}
        assert table.info().turn_time == 30


async def test_leaving_a_game_unfinished_counts_as_last_place(
    tmp_path: Path, one_round: None
) -> None:
    async with running(tmp_path) as server, people(server, "ann", "bob", "cy") as players:
        ann, bob, cy = [await p.session() for p in players]
        await table_of(ann, bob, cy)
        ann.send("start")
        for client in (ann, bob, cy):
            await until(client, lambda c=client: c.view is not None)
        cy.send("leave")  # a bot plays Cy's seat from now on, to the end
        await play_out([ann, bob])
        rated = {c["name"]: c for c in (await ann.reply("rated", 0, TIMEOUT))["changes"]}
        assert rated["cy"]["place"] == 3
        assert {rated["ann"]["place"], rated["bob"]["place"]} <= {1, 2}
        # Cy left: the rematch is offered to the two who stayed, and a bot takes Cy's seat.
        offer = await bob.reply("rematch-state", 0, TIMEOUT)
        assert offer["waiting"] == [0, 1]
        marks = now(ann), now(bob)
        ann.send("rematch")
        bob.send("rematch")
        for client, mark in zip((ann, bob), marks, strict=True):
            await client.reply("joined", mark, TIMEOUT)
            await until(client, lambda c=client: c.view is not None and not c.view.is_over)
        seats = messages(ann, "table", marks[0])[-1]["table"]["seats"]
        assert [s["person"] for s in seats] == [True, True, False]
        assert seats[2]["bot"] == "normal"


async def test_spectators_follow_a_rematch_to_the_new_table(
    tmp_path: Path, one_round: None
) -> None:
    async with running(tmp_path) as server, people(server, "ann", "bob", "dee") as (a, b, d):
        dee = await d.session()
        ann, bob = await finished_duel_watched(server, a, b, dee)
        old, marks = dee.code, (now(dee), now(ann))
        ann.send("rematch")
        bob.send("rematch")
        joined = await dee.reply("joined", marks[0], TIMEOUT)
        new = await ann.reply("joined", marks[1], TIMEOUT)
        assert joined["seat"] is None and joined["code"] == new["code"] != old
        await until(dee, lambda: dee.view is not None and not dee.view.is_over)
        mark = dee.send("rematch")
        assert (await dee.reply("refused", mark, TIMEOUT))["code"] in ("no-rematch", "not-over")


async def finished_duel_watched(
    server: CraitsServer, a: Player, b: Player, watcher: Client
) -> tuple[Client, Client]:
    ann, bob = await a.session(), await b.session()
    code = await table_of(ann, bob, seats=[None, None, "random"])
    mark = watcher.send("join", code=code, spectate=True)
    await watcher.reply("joined", mark, TIMEOUT)
    ann.send("start")
    await play_out([ann, bob])
    await until(watcher, lambda: watcher.view is not None and watcher.view.is_over)
    await watcher.reply("rematch-state", 0, TIMEOUT)  # a spectator hears of the offer
    return ann, bob


async def test_the_table_hears_how_each_person_went_and_came_back(tmp_path: Path) -> None:
    """Who left on purpose, whose connection dropped (and how long the game waits
    for them), who is back and who gave their seat up for good: each is told."""
    async with (
        running(tmp_path, grace=600.0) as server,
        people(server, "ann", "bob", "cy") as (a, b, c),
    ):
        ann, bob, cy = [await p.session() for p in (a, b, c)]
        code = await table_of(ann, bob, cy)
        ann.send("start")
        for client in (ann, bob, cy):
            await until(client, lambda cl=client: cl.view is not None)
        mark = now(ann)
        bob.send("leave")  # on purpose: a bot at once, the seat still his
        left = await ann.reply("seat", mark, TIMEOUT)
        assert left["seat"] == 1 and left["bot"] == "normal" and not left["connected"]
        assert left["left"] and left["person"] and left["grace"] is None
        # Cy's connection drops: the game waits for him, as long as the house says.
        mark = now(ann)
        c.close()
        dropped = await ann.reply("seat", mark, TIMEOUT)
        assert dropped["seat"] == 2 and not dropped["connected"] and dropped["bot"] is None
        assert not dropped["left"] and dropped["person"]
        assert 590 < dropped["grace"] <= 600
        # He is back, in a new session: his seat, no grace left.
        mark = now(ann)
        cy = await c.session()
        cy.send("join", code=code)
        back = await ann.reply("seat", mark, TIMEOUT)
        assert back["seat"] == 2 and back["connected"] and back["bot"] is None
        assert back["grace"] is None and not back["left"]
        # Bob sits at another table: his seat here is a bot's, to the end.
        mark = now(ann)
        await table_of(bob, name="Elsewhere", seats=[None, "random"])
        await until(ann, lambda: any(not m["person"] for m in messages(ann, "seat", mark)))
        gone = [m for m in messages(ann, "seat", mark) if not m["person"]]
        assert {(m["seat"], m["bot"], m["connected"]) for m in gone} == {(1, "normal", False)}
