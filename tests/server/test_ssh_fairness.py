"""Nobody shut out, ratings earned, nobody stalling: the server against players who
try to cheat it, over SSH for real.

Each player is an asyncssh client (with a key of its own, or none, from an address
of 127.0.0.0/8: any of them reaches the server on 127.0.0.1, and the server sees
each as an address of its own), whose session runs the relay of
`test_ssh_social`: the test speaks the table protocol through the server's real
terminals, sessions and identities. Nothing waits a set time: every wait is for a
message, with a deadline.
"""

from __future__ import annotations

import random
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest

from craits_core import Game, RuleSet
from craits_tui.online.server import house as house_module
from craits_tui.online.server import operations
from craits_tui.online.server.chat import ChatPace
from craits_tui.online.server.ledger import (
    KEYLESS_PLACEMENT_GAMES,
    PLACEMENT_GAMES,
    Placing,
    player_id,
)
from craits_tui.online.server.limits import Limits, TablePace
from craits_tui.online.server.mutes import MAX_MUTES
from craits_tui.online.server.ssh import CraitsServer
from craits_tui.saved_meta import SavedMeta
from tests.server.test_authority import MOVES, Client, seat_message, take_turn
from tests.server.test_ssh_social import (
    SHORT,
    TIMEOUT,
    Player,
    anyone,
    messages,
    now,
    play_out,
    running,
    table_of,
    until,
)

FREE_PACE = TablePace(burst=1000, rate=1000)
"""Tables opened as fast as a test likes, where the pace is not what it tests."""


@pytest.fixture
def rounds(monkeypatch: pytest.MonkeyPatch) -> Callable[[int], None]:
    """Every game is the last ``n`` rounds of its schedule (and seeded)."""

    def last(n: int) -> None:
        def deal(names: list[str], rules: RuleSet) -> Game:
            first = len(rules.schedule) - n + 1
            return Game.new(names, rules=rules, seed=len(names) + n, first_round=first)

        monkeypatch.setattr(house_module, "_new_game", deal)

    return last


async def session(player: Player) -> Client:
    return await player.session()


def refusal(client: Client, mark: int) -> dict[str, Any] | None:
    found = [m for m in client.received[mark:] if m["op"] == "refused"]
    return found[0] if found else None


async def answer(client: Client, mark: int, op: str) -> dict[str, Any]:
    """The answer to what was sent at ``mark``: ``op``, or the refusal."""
    await until(client, lambda: op in client.ops(mark) or "refused" in client.ops(mark))
    refused = refusal(client, mark)
    if refused is not None:
        return refused
    return next(m for m in client.received[mark:] if m["op"] == op)


# --- Nobody shut out ------------------------------------------------------------------


async def test_a_quick_match_flood_from_one_address_never_shuts_another_out(
    tmp_path: Path,
) -> None:
    # Room for 6 tables in all: a flood that kept its tables would fill it in 6 rounds.
    limits = Limits(max_sessions=6, per_address=8)
    async with running(
        tmp_path, limits=limits, quick_wait=3600, table_pace=FREE_PACE, abandon_after=0.2
    ) as server:
        flood = [Player(server, f"f{i}") for i in range(4)]
        honest = Player(server, "hana", address="127.0.0.2")
        try:
            clients = [await session(p) for p in flood]
            hana = await session(honest)
            refused = []
            for _ in range(12):
                marks = [c.send("quick", short=True) for c in clients]
                answers = [
                    await answer(c, m, "joined") for c, m in zip(clients, marks, strict=True)
                ]
                refused += [a["code"] for a in answers if a["op"] == "refused"]
                for client, got in zip(clients, answers, strict=True):
                    if got["op"] == "joined":
                        mark = client.send("leave")
                        await client.reply("left", mark, TIMEOUT)
                # Whatever the flood does, another address opens a table, and quick
                # matches, at once.
                mark = hana.send("create", name="Mine", seats=[None, "normal"], rules=SHORT)
                assert (await answer(hana, mark, "joined"))["op"] == "joined"
                mark = hana.send("quick")
                assert (await answer(hana, mark, "joined"))["op"] == "joined"
                mark = hana.send("leave")
                await hana.reply("left", mark, TIMEOUT)
            # The flood met its address's quota; its tables, left, closed.
            assert "address-tables" in refused
        finally:
            for player in (*flood, honest):
                player.close()


async def test_a_started_table_its_people_left_closes_and_counts_as_left_unfinished(
    tmp_path: Path, rounds: Callable[[int], None]
) -> None:
    rounds(4)
    async with running(tmp_path, abandon_after=0.3) as server:
        a, b, w = Player(server, "ann"), Player(server, "bob"), Player(server, "wes")
        try:
            ann, bob, wes = await session(a), await session(b), await session(w)
            code = await table_of(ann, bob, seats=[None, None, "random"])
            mark = wes.send("join", code=code, spectate=True)
            await wes.reply("joined", mark, TIMEOUT)
            ann.send("start")
            rng = random.Random(3)
            for client in (ann, bob):
                await until(client, lambda c=client: c.view is not None)

            # Each plays some moves of their own, then they go: Ann first. A bot
            # that stands in for her meanwhile leaves her own moves the most of her
            # seat's.
            def own(seat: int) -> int:
                return sum(1 for e in ann.events if isinstance(e, MOVES) and e.player == seat)

            while min(own(0), own(1)) < 6:
                mover = next((c for c in (ann, bob) if c.my_turn), None)
                if mover is None:
                    await anyone([ann, bob], lambda: ann.my_turn or bob.my_turn)
                    continue
                await take_turn(mover, rng)
            mark = ann.send("leave")
            await ann.reply("left", mark, TIMEOUT)
            # Bob goes a move later: two who leave with no move between leave at the
            # same moment, and share the last place.
            seen = len(bob.events)
            while len(bob.events) == seen:
                if bob.my_turn:
                    await take_turn(bob, rng)
                else:
                    await anyone([bob], lambda: len(bob.events) > seen or bob.my_turn)
            mark = bob.send("leave")
            await bob.reply("left", mark, TIMEOUT)
            # Though someone watches, the table closes: its people are gone.
            gone = await wes.reply("left", 0, TIMEOUT)
            assert gone["code"] == code
            authority = server.authority
            assert authority is not None and code not in authority.tables
            # Its game is saved as it stood, closed for good, and rated: Ann left first.
            store, ledger = server.store, server.ledger
            assert store is not None and ledger is not None
            (record,) = store.games()
            kept = SavedMeta.of(record).table
            assert not record.finished and kept is not None and kept.closed
            first, last = (ledger.rating(player_id(p.name, p.fingerprint)) for p in (a, b))
            assert first.games == last.games == 1
            assert first.mu < last.mu
        finally:
            for player in (a, b, w):
                player.close()
    async with running(tmp_path) as server:
        assert server.authority is not None and not server.authority.tables


async def test_a_table_waiting_to_start_closes_as_soon_as_nobody_sits_at_it(
    tmp_path: Path,
) -> None:
    async with running(tmp_path) as server:
        a = Player(server, "ann")
        try:
            ann = await session(a)
            code = await table_of(ann, seats=[None, None])
            mark = ann.send("leave")
            await ann.reply("left", mark, TIMEOUT)
            assert server.authority is not None and code not in server.authority.tables
        finally:
            a.close()


async def test_quick_match_counts_toward_a_players_tables(tmp_path: Path) -> None:
    limits = Limits(tables_each=1)
    async with running(tmp_path, limits=limits, table_pace=FREE_PACE) as server:
        a, c = Player(server, "ann"), Player(server, "cy", address="127.0.0.3")
        try:
            ann, cy = await session(a), await session(c)
            code = await table_of(ann, seats=[None, None])
            mark = cy.send("join", code=code)
            await cy.reply("joined", mark, TIMEOUT)
            mark = ann.send("leave")  # Cy hosts it now; it is still the one Ann opened
            await ann.reply("left", mark, TIMEOUT)
            for ask in ({"op": "quick"}, {"op": "create", "seats": [None, None], "rules": SHORT}):
                mark = ann.send(**ask)
                refused = await ann.reply("refused", mark, TIMEOUT)
                assert refused["code"] == "your-tables"
        finally:
            a.close()
            c.close()


async def test_opening_tables_too_fast_is_refused_whichever_way(tmp_path: Path) -> None:
    pace = TablePace(burst=2, rate=0.001)
    async with running(tmp_path, table_pace=pace, quick_wait=3600) as server:
        a, h = Player(server, "ann"), Player(server, "hana", address="127.0.0.2")
        try:
            ann, hana = await session(a), await session(h)
            for ask in ({"op": "create", "seats": [None, None]}, {"op": "quick"}):
                mark = ann.send(**ask)
                await ann.reply("joined", mark, TIMEOUT)
                mark = ann.send("leave")
                await ann.reply("left", mark, TIMEOUT)
            for ask in ({"op": "create", "seats": [None, None]}, {"op": "quick"}):
                mark = ann.send(**ask)
                refused = await ann.reply("refused", mark, TIMEOUT)
                assert refused["code"] == "try-later" and refused["params"]["wait"] > 0
            # Another player from another address is not slowed by Ann.
            mark = hana.send("quick")
            await hana.reply("joined", mark, TIMEOUT)
        finally:
            a.close()
            h.close()


async def test_a_rematch_opens_its_table_within_the_pace_too(
    tmp_path: Path, rounds: Callable[[int], None]
) -> None:
    rounds(1)
    pace = TablePace(burst=2, rate=0.001)
    async with running(tmp_path, table_pace=pace) as server:
        a, b = Player(server, "ann"), Player(server, "bob", address="127.0.0.2")
        try:
            ann, bob = await session(a), await session(b)
            await table_of(ann, seats=[None, None])  # Ann's first table: left at once
            mark = ann.send("leave")
            await ann.reply("left", mark, TIMEOUT)
            await table_of(ann, bob, seats=[None, None, "random"])
            ann.send("start")
            await play_out([ann, bob])
            for client in (ann, bob):
                await client.reply("rematch-state", 0, TIMEOUT)
            ann.send("rematch")
            await until(bob, lambda: messages(bob, "rematch-state")[-1]["accepted"] == [0])
            mark = bob.send("rematch")
            refused = await bob.reply("refused", mark, TIMEOUT)
            # The host (Ann) has opened her tables for now: no new one yet, and
            # Bob's yes is not taken, so the offer stays open while it lasts.
            assert refused["code"] == "try-later"
            await until(bob, lambda: messages(bob, "rematch-state")[-1]["waiting"] == [1])
            assert messages(bob, "rematch-state")[-1]["outcome"] is None
        finally:
            a.close()
            b.close()


async def test_a_table_reopened_at_a_restart_counts_toward_its_players_tables(
    tmp_path: Path,
) -> None:
    limits = Limits(tables_each=1)
    async with running(tmp_path, limits=limits) as server:
        a = Player(server, "ann")
        ann = await session(a)
        await table_of(ann, seats=[None, "random"])
        ann.send("start")
        await until(ann, lambda: ann.view is not None)
        a.close()
    async with running(tmp_path, limits=limits) as server:
        a.server = server
        try:
            ann = await session(a)
            mark = ann.send("create", seats=[None, "random"], rules=SHORT)
            assert (await ann.reply("refused", mark, TIMEOUT))["code"] == "your-tables"
        finally:
            a.close()


# --- Fair ratings ----------------------------------------------------------------------


async def test_throwaway_names_that_leave_at_once_lift_no_rating(
    tmp_path: Path, rounds: Callable[[int], None]
) -> None:
    rounds(1)
    fast = Limits(rate=1000, burst=1000)  # one session plays game after game
    async with running(tmp_path, table_pace=FREE_PACE, limits=fast) as server:
        farmer = Player(server, "farmer")
        try:
            boss = await session(farmer)
            for game in range(20):
                stooges = [Player(server, f"s{game}x{i}", key=False) for i in range(3)]
                clients = [await session(p) for p in stooges]
                await table_of(boss, *clients, seats=[None] * 4)
                boss.send("start")
                for client in clients:
                    await until(client, lambda c=client: c.view is not None)
                    mark = client.send("leave")
                    await client.reply("left", mark, TIMEOUT)
                await play_out([boss])
                mark = boss.send("leave")
                await boss.reply("left", mark, TIMEOUT)
                for stooge in stooges:
                    stooge.close()
            assert server.ledger is not None
            rating = server.ledger.rating(player_id("farmer", farmer.fingerprint))
            assert rating.games == 0 and rating.shown is None
            assert "rated" not in boss.ops(0)
        finally:
            farmer.close()


async def test_names_alone_wait_longer_for_a_rating_and_the_board_lists_keys(
    tmp_path: Path,
) -> None:
    async with running(tmp_path) as server:
        ledger = server.ledger
        assert ledger is not None
        k, n = Player(server, "kim"), Player(server, "ned", key=False)
        try:
            kim, ned = await session(k), await session(n)
            kim_id, ned_id = player_id("kim", k.fingerprint), player_id("ned", None)
            for _ in range(PLACEMENT_GAMES):
                ledger.rate([Placing(kim_id, "kim", 0), Placing(ned_id, "ned", 1)])
            mark = ned.send("leaderboard")
            board = await ned.reply("standings", mark, TIMEOUT)
            assert board["placement"] == KEYLESS_PLACEMENT_GAMES
            assert board["you"]["rating"] is None  # placing still, after a key's 5
            assert board["listed"] is False  # and told that a name alone is never listed
            assert [s["name"] for s in board["top"]] == ["kim"]
            for _ in range(KEYLESS_PLACEMENT_GAMES - PLACEMENT_GAMES):
                ledger.rate([Placing(kim_id, "kim", 0), Placing(ned_id, "ned", 1)])
            mark = ned.send("leaderboard")
            board = await ned.reply("standings", mark, TIMEOUT)
            # Rated now, but the board lists players who log in with a key.
            assert board["you"]["rating"] is not None and board["you"]["place"] is None
            assert [s["name"] for s in board["top"]] == ["kim"] and board["rated"] == 1
            mark = kim.send("leaderboard")
            board = await kim.reply("standings", mark, TIMEOUT)
            assert board["placement"] == PLACEMENT_GAMES and board["listed"] is True
        finally:
            k.close()
            n.close()
    async with running(tmp_path, leaderboard="all") as server:
        n = Player(server, "ned", key=False)
        try:
            ned = await session(n)
            mark = ned.send("leaderboard")
            board = await ned.reply("standings", mark, TIMEOUT)
            assert [s["name"] for s in board["top"]] == ["kim", "ned"]
            assert board["you"]["place"] == 2 and board["listed"] is True
        finally:
            n.close()


async def test_one_key_claims_a_few_names_at_most(tmp_path: Path) -> None:
    async with running(tmp_path, names_per_key=3) as server:
        first = Player(server, "ann")
        try:
            await session(first)
            for name in ("annie", "anna"):
                again = Player(server, name)
                again.key = first.key
                await session(again)
                again.close()
            fourth = Player(server, "ana")
            fourth.key = first.key
            said = await fourth.turned_away()
            assert "claimed 3 names" in said and "ann, annie, anna" in said
            fourth.close()
        finally:
            first.close()


# --- No stalling -------------------------------------------------------------------------


async def test_a_table_made_without_a_timer_still_has_a_long_clock_and_a_sleeper_dozes(
    tmp_path: Path,
) -> None:
    async with running(tmp_path, slow_turn=1) as server:
        a, b = Player(server, "ann"), Player(server, "bob")
        try:
            ann, bob = await session(a), await session(b)
            mark = ann.send("create", seats=[None, None], rules=SHORT)
            joined = await ann.reply("joined", mark, TIMEOUT)
            assert joined["table"]["turn_time"] == 1  # said to everyone
            mark = bob.send("join", code=joined["code"])
            await bob.reply("joined", mark, TIMEOUT)
            ann.send("start")
            await until(bob, lambda: bob.view is not None)
            # Ann never moves. Bob sees her clock run out, twice in a row; then
            # a bot plays her seat, though she is here, until she presses a key.
            rng = random.Random(5)

            def dozes() -> bool:
                return any(m["seat"] == 0 and m["dozing"] for m in messages(bob, "seat"))

            while not dozes():
                if bob.my_turn:
                    await take_turn(bob, rng)
                else:
                    await until(bob, lambda: bob.my_turn or dozes())
            ran_out = [m for m in messages(bob, "clock") if m["seat"] == 0 and m["ran_out"]]
            assert len(ran_out) == 2
            # Bob heard it first: Ann's own line may still be on its way.
            await until(
                ann, lambda: any(m["seat"] == 0 and m["dozing"] for m in messages(ann, "seat"))
            )
            dozing = next(m for m in messages(ann, "seat") if m["seat"] == 0 and m["dozing"])
            assert dozing["bot"] == "normal" and dozing["connected"]
            mark = now(ann)
            ann.send("back")
            back = await ann.reply("seat", mark, TIMEOUT)
            assert back == seat_message(0)
        finally:
            a.close()
            b.close()


async def test_a_person_whose_clock_ran_out_three_times_counts_as_having_left(
    tmp_path: Path, rounds: Callable[[int], None], monkeypatch: pytest.MonkeyPatch
) -> None:
    rounds(4)
    monkeypatch.setattr(operations, "TURN_TIMES", (1, 600))
    async with running(tmp_path, limits=Limits(rate=1000, burst=1000)) as server:
        a, b = Player(server, "ann"), Player(server, "bob")
        try:
            ann, bob = await session(a), await session(b)
            await table_of(ann, bob, seats=[None, None], turn_time=1)
            ann.send("start")
            rng = random.Random(8)
            for client in (ann, bob):
                await until(client, lambda c=client: c.view is not None)
            # Bob lets his clock run out on two turns in a row (and dozes, and wakes
            # up), plays one, lets it run out once more, then plays on.
            plan = ["idle", "idle", "play", "idle"]

            def over() -> bool:
                return all(c.view is not None and c.view.is_over for c in (ann, bob))

            while not over():
                if ann.my_turn:
                    await take_turn(ann, rng)
                elif bob.my_turn and plan and plan.pop(0) == "idle":
                    mark = now(bob)
                    await until(
                        bob,
                        lambda m=mark: any(
                            c["seat"] == 1 and c["ran_out"] for c in messages(bob, "clock", m)
                        ),
                    )
                    if len(plan) == 2:  # the second in a row: he dozes
                        await until(
                            bob, lambda m=mark: any(s["dozing"] for s in messages(bob, "seat", m))
                        )
                        mark = bob.send("back")
                        await until(
                            bob,
                            lambda m=mark: any(not s["dozing"] for s in messages(bob, "seat", m)),
                        )
                elif bob.my_turn:
                    await take_turn(bob, rng)
                else:
                    await anyone([ann, bob], lambda: over() or ann.my_turn or bob.my_turn)
            rated = {c["name"]: c for c in (await ann.reply("rated", 0, TIMEOUT))["changes"]}
            assert rated["bob"]["place"] == 2 and rated["ann"]["place"] == 1
        finally:
            a.close()
            b.close()


# --- Names, codes, mutes -----------------------------------------------------------------


LOOKALIKES = ("\u0251lice", "al\u0131ce", "aIice", "a\u01c0ice")


async def test_a_claimed_name_is_refused_in_every_lookalike(tmp_path: Path) -> None:
    async with running(tmp_path) as server:
        alice = Player(server, "alice")
        try:
            await session(alice)
            for lookalike in LOOKALIKES:
                for key in (True, False):
                    impostor = Player(server, lookalike, key=key)
                    said = await impostor.turned_away()
                    assert "'" + lookalike + "' belongs to" in said
                    impostor.close()
        finally:
            alice.close()


ORDINARY_NAMES = ("Niccolò", "Maria Santos", "Ñino", "Ĉiela", "Eĥo", "Σωκράτης", "Дмитрий")


async def test_ordinary_names_of_every_language_log_in_and_claim(tmp_path: Path) -> None:
    async with running(tmp_path) as server:
        players = [Player(server, name) for name in ORDINARY_NAMES]
        try:
            for player in players:
                client = await session(player)
                assert client.received[0]["name"] == player.name
            for player in players:
                other = Player(server, player.name)
                assert "belongs to another player's key" in await other.turned_away()
                other.close()
        finally:
            for player in players:
                player.close()


async def test_replay_codes_cannot_be_guessed_in_bulk(
    tmp_path: Path, rounds: Callable[[int], None]
) -> None:
    rounds(1)
    async with running(tmp_path, auth_delay=30.0) as server:
        a, b = Player(server, "ann"), Player(server, "bob", address="127.0.0.2")
        g = Player(server, "gus", address="127.0.0.3")
        try:
            ann, bob = await session(a), await session(b)
            await table_of(ann, seats=[None, "random"])
            ann.send("start")
            await play_out([ann])
            await until(ann, lambda: any(m["table"]["replay"] for m in messages(ann, "table")))
            code = next(
                m["table"]["replay"] for m in messages(ann, "table") if m["table"]["replay"]
            )
            # A wrong code; then the address waits, even for a right one.
            gus = await session(g)
            mark = gus.send("replay", code="ZZZ-ZZ9")
            assert (await gus.reply("refused", mark, TIMEOUT))["code"] == "no-such-replay"
            mark = gus.send("replay", code=code)
            refused = await gus.reply("refused", mark, TIMEOUT)
            assert refused["code"] == "try-later" and refused["params"]["wait"] >= 29
            # Another address is not slowed.
            mark = bob.send("replay", code=code)
            await bob.reply("replay-data", mark, TIMEOUT)
            # Guessing on and on ends the session: every guess counts against it,
            # a refused one too (its allowance is 20 bad lines).
            guesses = 0
            while "bye" not in gus.ops(0):
                assert guesses < 30, "the session should have ended by now"
                mark = gus.send("replay", code="ZZZ-ZZ9")
                guesses += 1
                await until(gus, lambda m=mark: bool({"refused", "bye"} & set(gus.ops(m))))
            assert next(m for m in gus.received if m["op"] == "bye")["code"] == "bad-messages"
        finally:
            for player in (a, b, g):
                player.close()


async def test_mutes_are_capped_and_answered_with_what_changed(tmp_path: Path) -> None:
    async with running(tmp_path, limits=Limits(rate=1000, burst=1000)) as server:
        b = Player(server, "bob")
        try:
            bob = await session(b)
            for number in range(MAX_MUTES):
                mark = bob.send("mute", player=f"{number:012x}")
                changed = await bob.reply("mute-changed", mark, TIMEOUT)
                assert changed == {"op": "mute-changed", "player": f"{number:012x}", "muted": True}
            mark = bob.send("mute", player="ffffffffffff")
            refused = await bob.reply("refused", mark, TIMEOUT)
            assert refused["code"] == "too-many-mutes" and refused["params"]["limit"] == MAX_MUTES
            assert "muted" not in bob.ops(0)  # never the whole list again
            mark = bob.send("mute", player=f"{0:012x}", muted=False)
            assert not (await bob.reply("mute-changed", mark, TIMEOUT))["muted"]
            mark = bob.send("mute", player="ffffffffffff")
            assert (await bob.reply("mute-changed", mark, TIMEOUT))["muted"]
        finally:
            b.close()


@asynccontextmanager
async def back_under_another_name(server: CraitsServer) -> AsyncIterator[tuple[Client, ...]]:
    """Ann's table; Cy, who has no key, says a line there and Bob mutes him; Cy
    leaves, and comes back from the same address as Cyril, to watch. Ann, Bob and
    Cyril's lines to the server."""
    players = [
        Player(server, "ann"),
        Player(server, "bob", address="127.0.0.2"),
        Player(server, "cy", key=False, address="127.0.0.3"),
        Player(server, "cyril", key=False, address="127.0.0.3"),
    ]
    try:
        ann, bob, cy = [await session(p) for p in players[:3]]
        code = await table_of(ann, bob, cy, spectator_chat=True)
        seen = now(bob)
        cy.send("say", text="one")
        heard = await bob.reply("chat", seen, TIMEOUT)
        mark = bob.send("mute", player=heard["sender"])
        await bob.reply("mute-changed", mark, TIMEOUT)
        mark = cy.send("leave")
        await cy.reply("left", mark, TIMEOUT)
        players[2].close()
        cyril = await session(players[3])
        mark = cyril.send("join", code=code, spectate=True)
        await cyril.reply("joined", mark, TIMEOUT)
        yield ann, bob, cyril
    finally:
        for player in players:
            player.close()


async def test_a_name_alone_cannot_shed_the_chat_pace_under_another_name(tmp_path: Path) -> None:
    async with (
        running(tmp_path, chat_pace=ChatPace(burst=1, rate=0.001)) as server,
        back_under_another_name(server) as (_, _, cyril),
    ):
        mark = cyril.send("say", text="two")
        refused = await cyril.reply("refused", mark, TIMEOUT)
        assert refused["code"] == "too-chatty"  # the address's pace, used up by Cy


async def test_a_name_alone_cannot_shed_a_mute_under_another_name(tmp_path: Path) -> None:
    async with running(tmp_path) as server, back_under_another_name(server) as (ann, bob, cyril):
        seen_ann, seen_bob = now(ann), now(bob)
        cyril.send("say", text="it is me again")
        assert (await ann.reply("chat", seen_ann, TIMEOUT))["name"] == "cyril"
        bob.send("say", text="quiet here")  # after Cyril's line: its echo ends the wait
        await until(bob, lambda: any(m["op"] == "chat" for m in bob.received[seen_bob:]))
        assert [m["text"] for m in messages(bob, "chat", seen_bob)] == ["quiet here"]


async def test_whoever_comes_in_mid_turn_sees_the_clock_that_runs(tmp_path: Path) -> None:
    async with running(tmp_path, slow_turn=60) as server:
        a, w = Player(server, "ann"), Player(server, "wes", address="127.0.0.2")
        try:
            ann, wes = await session(a), await session(w)
            code = await table_of(ann, seats=[None, "random"])
            ann.send("start")
            await until(ann, lambda: any(m["seat"] == 0 for m in messages(ann, "clock")))
            mark = wes.send("join", code=code, spectate=True)
            await wes.reply("joined", mark, TIMEOUT)
            clock = await wes.reply("clock", mark, TIMEOUT)
            assert clock["seat"] == 0 and 0 < clock["seconds"] <= 60 and not clock["ran_out"]
        finally:
            a.close()
            w.close()
