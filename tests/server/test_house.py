"""The house's rules: how many tables a player may open, tables nobody comes back
to, and tables that outlive a restart of the server."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

from craits_core import GameStore, replay
from craits_tui.online.server.authority import Authority
from craits_tui.online.server.ipc import IpcServer
from craits_tui.online.server.limits import Limits
from craits_tui.saved_meta import SavedMeta

from .test_authority import (
    SHORT,
    Client,
    bobs_turn,
    last_welcome,
    serving,
    sit_two,
    start,
    take_turn,
    turn_of,
)


async def create(client: Client) -> dict[str, Any]:
    """Ask for a table of two (a bot's seat and one's own); the answer."""
    mark = client.send("create", seats=[None, "random"])
    answers = ("joined", "refused")
    await client.until(lambda: any(op in answers for op in client.ops(mark)))
    return next(m for m in client.received[mark:] if m["op"] in answers)


# --- Quotas ---------------------------------------------------------------------------


async def test_a_player_may_keep_three_tables_open_and_is_told_why_not_a_fourth(
    tmp_path: Path,
) -> None:
    async with serving(tmp_path, abandon_after=60.0) as (authority, path):
        ann = await Client.connect(path, authority.open_session("Ann", address="10.0.0.1"))
        for _ in range(3):
            assert (await create(ann))["op"] == "joined"
            await start(ann)
            await ann.reply("left", ann.send("leave"))
        # Three games go on (their creator left each, a bot in his seat): no fourth.
        assert len(authority.tables) == 3
        refused = await create(ann)
        assert refused["op"] == "refused" and refused["code"] == "your-tables"
        assert refused["params"] == {"limit": 3} and "3" in refused["message"]
        # The same player from another session counts as the same player.
        again = await Client.connect(path, authority.open_session("Ann", address="10.0.0.9"))
        assert (await create(again))["code"] == "your-tables"
        # Another player from the same address is held to the address's quota.
        cy = await Client.connect(path, authority.open_session("Cy", address="10.0.0.1"))
        assert (await create(cy))["code"] == "address-tables"
        # Someone else, elsewhere, opens one at once.
        di = await Client.connect(path, authority.open_session("Di", address="10.0.0.2"))
        assert (await create(di))["op"] == "joined"


async def test_the_server_holds_as_many_tables_as_it_may(tmp_path: Path) -> None:
    async with serving(tmp_path, max_tables=2) as (authority, path):
        for i in range(2):
            player = await Client.connect(path, authority.open_session(f"P{i}", address=str(i)))
            assert (await create(player))["op"] == "joined"
        late = await Client.connect(path, authority.open_session("Late", address="9"))
        assert (await create(late))["code"] == "too-many-tables"


async def test_a_table_nobody_comes_back_to_closes_and_stays_closed(tmp_path: Path) -> None:
    async with serving(tmp_path, abandon_after=0.2, grace=0.1) as (authority, path):
        ann, bob = await sit_two(path, authority, [None, None], **SHORT)
        await start(ann, bob)
        code = ann.code or ""
        table = authority.tables[code]
        game_id = table.game_id
        await ann.close()
        await bob.close()
        watcher = await Client.connect(path, authority.open_session("Cy"))
        await watcher.until(lambda: code not in authority.tables)
        # Its game is saved as it was, and marked: a restart leaves the table closed.
        record = authority.house.store.record(game_id or "")  # type: ignore[union-attr]
        kept = SavedMeta.of(record).table
        assert not record.finished and kept is not None and kept.closed
        assert Authority(authority.house.store).restore() == 0


# --- A restart --------------------------------------------------------------------------


async def test_a_table_comes_back_after_a_restart_and_its_players_sit_down_again(
    tmp_path: Path,
) -> None:
    rng = random.Random(5)
    limits = Limits(rate=10_000, burst=10_000)
    async with serving(tmp_path, grace=30.0) as (authority, path):
        ann, bob = await bobs_turn(path, authority, rng, [None, None, "random"])
        code = ann.code or ""
        table = authority.tables[code]
        game_id = table.game_id or ""
        bob_code = last_welcome(bob)["reconnect"]
        events = table.game.events  # type: ignore[union-attr]
    # The server has stopped (its store closed with it). A new one starts on the store.
    store = GameStore(tmp_path / "server-games.sqlite3")
    authority = Authority(store, grace=30.0, bot_pace=0.0)
    ipc = IpcServer(authority, limits)
    path = await ipc.start()
    try:
        assert authority.restore() == 1
        table = authority.tables[code]
        assert table.game is not None and table.game.events == events
        assert [s.name for s in table.slots] == ["Ann", "Bob", "Ada"]
        assert [s.bot for s in table.slots] == [None, None, "random"]
        assert table.slots[1].code == bob_code
        # Ann comes back with her key: the lobby tells her where her seat is kept.
        ann = await Client.connect(path, authority.open_session("Ann", key="SHA256:ann"))
        assert last_welcome(ann)["table"] == code
        joined = await ann.reply("joined", ann.send("join", code=code))
        assert joined["seat"] == 0
        await ann.until(lambda: len(ann.events) == len(events))
        # Bob comes back from a new machine, with the code he was shown.
        bob = await Client.connect(path, authority.open_session("Robert"))
        joined = await bob.reply("joined", bob.send("reconnect", code=bob_code))
        assert joined["seat"] == 1
        await bob.until(lambda: len(bob.events) == len(events))
        assert bob.my_turn  # the game waited for him through the restart
        # They play the game to its end; it is the game the store replays.
        game = table.game
        async with asyncio.timeout(60):
            while not game.state.is_over:
                for client in (ann, bob):
                    if client.my_turn and client.moves():
                        await take_turn(client, rng)
                await asyncio.sleep(0.001)
        assert store.record(game_id).finished
        assert replay(store.load(game_id, attach=False).events) == game.state
    finally:
        await authority.close()
        await ipc.close()
        store.close()


async def test_the_grace_period_counts_from_the_restart(tmp_path: Path) -> None:
    rng = random.Random(6)
    async with serving(tmp_path, grace=30.0) as (authority, path):
        ann, _ = await bobs_turn(path, authority, rng, [None, None])
        code = ann.code or ""
    store = GameStore(tmp_path / "server-games.sqlite3")
    authority = Authority(store, grace=0.05, bot_pace=0.0)
    ipc = IpcServer(authority, Limits(rate=10_000, burst=10_000))
    path = await ipc.start()
    try:
        authority.restore()
        table = authority.tables[code]
        # Nobody has come back yet: the seats wait, and then bots stand in.
        assert [s.bot for s in table.slots] == [None, None]
        ann = await Client.connect(path, authority.open_session("Ann", key="SHA256:ann"))
        await ann.reply("joined", ann.send("join", code=code))
        await ann.until(lambda: table.slots[1].bot == "normal")
        assert table.slots[1].holder is not None and table.slots[1].holder.key == "SHA256:bob"
    finally:
        await authority.close()
        await ipc.close()
        store.close()


# --- Who may take a seat back ----------------------------------------------------------


async def test_a_name_alone_takes_back_a_seat_only_while_its_player_is_away(
    tmp_path: Path,
) -> None:
    rng = random.Random(7)
    async with serving(tmp_path, grace=30.0) as (authority, path):
        ann = await Client.connect(path, authority.open_session("Ann"))
        bob = await Client.connect(path, authority.open_session("Bob"))
        joined = await ann.reply("joined", ann.send("create", seats=[None, None], rules=SHORT))
        code = joined["code"]
        await bob.reply("joined", bob.send("join", code=code))
        await start(ann, bob)
        await turn_of(bob, ann, rng)
        # Someone else calling himself Bob, while Bob is there: refused, Bob stays.
        other = await Client.connect(path, authority.open_session("bob"))
        refused = await other.reply("refused", other.send("join", code=code))
        assert refused["code"] == "seat-taken"
        assert authority.tables[code].slots[1].member is not None
        # Once Bob is away, his name is all it takes (no key to tell them apart).
        await bob.close()
        await ann.reply("seat")
        joined = await other.reply("joined", other.send("join", code=code))
        assert joined["seat"] == 1


async def test_bots_take_names_unlike_the_people_at_the_table(tmp_path: Path) -> None:
    async with serving(tmp_path) as (authority, path):
        ann = await Client.connect(path, authority.open_session("ada"))
        bob = await Client.connect(path, authority.open_session("BOB"))
        joined = await ann.reply("joined", ann.send("create", seats=[None, None, None, None]))
        await bob.reply("joined", bob.send("join", code=joined["code"]))
        await start(ann, bob)
        assert ann.view is not None and ann.view.players == ("ada", "BOB", "Cy", "Di")
