"""Chat at an online table, from the session's side, against a stand-in server.

The stand-in is test_remote's `FakeServer`, taught chat as the server speaks it:
a line said or an emote comes back to the table as a `ChatLine` (so a line shows
once the server took it), the whole list of mutes (`Muted`) follows the welcome,
a mute is answered with what changed (`MuteChanged`), and the latest lines follow
a `Joined`.
"""

from __future__ import annotations

import dataclasses
import gettext
from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest
from rich.cells import cell_len
from textual.app import App
from textual.pilot import Pilot
from textual.widgets import Input, OptionList

from craits_core import Game, RuleSet
from craits_tui import i18n
from craits_tui.online.client.app import RemoteApp
from craits_tui.online.client.emotes import LOOKS, emote_text
from craits_tui.online.client.screens.chat import ChatInput, EmotePicker, MuteList
from craits_tui.online.client.screens.table import RemoteTableScreen
from craits_tui.online.client.screens.waiting import WaitingRoom
from craits_tui.online.client.table import RemoteTable
from craits_tui.online.client.talk import CHAT_KEPT
from craits_tui.online.client.widgets.chat import ChatPanel
from craits_tui.online.client.words import refusal_text
from craits_tui.online.protocol import (
    EMOTES,
    MAX_CHAT,
    ChatLine,
    Emote,
    Hello,
    ListedSeat,
    Message,
    Mute,
    MuteChanged,
    Muted,
    RefusalCode,
    Refused,
    Say,
    TableInfo,
)
from craits_tui.settings import Settings
from craits_tui.widgets.footer import Footer
from craits_tui.widgets.hand import Hand
from craits_tui.widgets.status import StatusLine

from .conftest import click, showing
from .snapshots import check_snapshot, other_language, screen_lines, stable_screenshot
from .test_remote import (
    SIZE,
    TOKEN,
    FakeServer,
    ann_first,
    connected,
    create_and_start,
    create_table,
    heard_up_to,
    in_lobby,
    opened,
    until,
)

ANN = "h-ann"
"""Ann's handle: the player of this session."""


def handle(name: str) -> str:
    return f"h-{name.lower()}"


class ChatServer(FakeServer):
    """The stand-in server, with chat: every person seated has a handle (`handle`),
    a line said comes back to the table, the mutes come whole after the welcome,
    and a mute is answered with what changed.

    ``history``: the table's latest lines, sent after each `Joined`; ``refuse_chat``:
    the answer to the next line or emote instead of its echo; ``mute_limit``: how
    many players one may mute (None: any number)."""

    def __init__(
        self, path: str, make_game: Callable[[list[str], RuleSet], Game] = ann_first
    ) -> None:
        super().__init__(path, make_game)
        self.history: list[ChatLine] = []
        self.muted: set[str] = set()
        self.refuse_chat: Refused | None = None
        self.mute_limit: int | None = None

    def seated(self, table: TableInfo, seat: int | None, code: str | None = None) -> None:
        seats = tuple(
            dataclasses.replace(s, player=handle(s.name)) if s.name and s.bot is None else s
            for s in table.seats
        )
        super().seated(dataclasses.replace(table, seats=seats), seat, code)
        for line in self.history:
            self.send(line)

    def answer(self, message: Message) -> None:
        match message:
            case Say(text=text):
                self.chat(ChatLine(ANN, "Ann", self.seat, text=text))
            case Emote(emote=emote):
                self.chat(ChatLine(ANN, "Ann", self.seat, emote=emote))
            case Hello(token=token):
                super().answer(message)
                if token == TOKEN:
                    self.send(Muted(tuple(sorted(self.muted))))
            case Mute(player=player, muted=True) if (
                self.mute_limit is not None
                and player not in self.muted
                and len(self.muted) >= self.mute_limit
            ):
                self.send(
                    Refused(
                        RefusalCode.TOO_MANY_MUTES, "Too many mutes.", {"limit": self.mute_limit}
                    )
                )
            case Mute(player=player, muted=muted):
                if muted:
                    self.muted.add(player)
                else:
                    self.muted.discard(player)
                self.send(MuteChanged(player, muted))
            case _:
                super().answer(message)

    def chat(self, line: ChatLine) -> None:
        if self.refuse_chat is not None:
            self.send(self.refuse_chat)
            self.refuse_chat = None
        else:
            self.say(line)

    def say(self, line: ChatLine) -> None:
        """A line to the table (its muters hear nothing)."""
        self.history.append(line)
        if line.sender not in self.muted:
            self.send(line)


@pytest.fixture
async def server(socket_path: str) -> AsyncIterator[ChatServer]:
    async with ChatServer(socket_path) as fake:
        yield fake


def three(names: list[str], rules: RuleSet) -> Game:
    return Game.new(names, seed=3, rules=rules)


@pytest.fixture
async def three_server(socket_path: str) -> AsyncIterator[ChatServer]:
    """A server whose games are dealt at random, for any number of players (Bob's
    table has three)."""
    async with ChatServer(socket_path, three) as fake:
        yield fake


def remote_app(path: str, ascii: bool = False) -> RemoteApp:
    settings = Settings(pace="slow", theme="dark", animations=False, ascii=ascii)
    app = RemoteApp(path, settings, token=TOKEN)
    app.bye_pause = 0.1
    return app


def notices(app: RemoteApp) -> str:
    return " ".join(n.message for n in app._notifications)


def panel(pilot: Pilot[Any]) -> ChatPanel:
    return pilot.app.screen.query_one(ChatPanel)


def shown(pilot: Pilot[Any]) -> str:
    """The panel's text, as drawn ("" while the screen has none yet)."""
    panels = pilot.app.screen.query(ChatPanel)
    return str(panels.first().render()) if panels else ""


async def say(pilot: Pilot[Any], text: str) -> None:
    """Open the chat line with its key, type ``text`` and send it."""
    screen = pilot.app.screen
    await pilot.press("t")
    await until(pilot, lambda: isinstance(pilot.app.screen, ChatInput))
    await pilot.press(*text, "enter")
    await until(pilot, lambda: pilot.app.screen is screen)


# --- The model ------------------------------------------------------------------------------


class Quiet:
    """A line to nowhere: enough for a table that only hears."""

    closed = False

    def send(self, message: Message) -> bool:
        return True


def test_the_table_keeps_the_latest_lines_cleaned() -> None:
    info = TableInfo("T1", "t", (ListedSeat("Ann", connected=True, player=ANN), ListedSeat()))
    table = RemoteTable(Quiet(), info, 0)
    heard: list[ChatLine] = []
    table.subscribe_chat(heard.append)
    table.hear_chat(ChatLine("h-bob", "Bob\x1b[2J", 1, "hi\x1b]0;owned\x07 there\u202e"))
    assert table.chat == [ChatLine("h-bob", "Bob", 1, "hi there")] == heard
    table.hear_chat(ChatLine("h-bob", "Bob", 1, "\x1b[31m"))  # nothing left to show
    assert len(table.chat) == 1
    for n in range(CHAT_KEPT + 5):
        table.hear_chat(ChatLine("h-bob", "Bob", 1, f"line {n}"))
    assert len(table.chat) == CHAT_KEPT and table.chat[-1].text == f"line {CHAT_KEPT + 4}"
    # Those one may mute: the writers and whoever sits here, never oneself.
    table.hear_chat(ChatLine(ANN, "Ann", 0, "me"))
    table.hear_chat(ChatLine("h-cy", "Cy", None, "watching"))
    assert table.chat_people("Ann") == {"h-bob": "Bob", "h-cy": "Cy"}


def test_every_emote_has_a_look_of_two_cells_and_one_in_letters() -> None:
    assert tuple(LOOKS) == EMOTES
    for name, look in LOOKS.items():
        assert cell_len(look.glyph) == 2, name
        assert look.ascii.isascii() and look.ascii.isprintable(), name
        assert emote_text(name, ascii=True).isascii()
    assert emote_text("wave") == "👋 waves" and emote_text("wave", ascii=True) == "o/ waves"
    # An emote this side does not know yet is told by its name.
    assert emote_text("dance\x1b[2J", ascii=True) == "* dance"


def test_the_chat_refusals_have_their_sentences() -> None:
    assert refusal_text("too-chatty", "", {"wait": 2.2}) == (
        "Not so fast: you can write again in 3 seconds."
    )
    assert refusal_text("too-chatty", "", {"wait": 0.4}) == (
        "Not so fast: you can write again in 1 second."
    )
    assert refusal_text("too-chatty", "Slow down.", {}).startswith("Not so fast")
    assert "watching" in refusal_text("chat-closed")


# --- Writing --------------------------------------------------------------------------------


async def test_a_line_typed_and_sent_shows_in_the_panel(server: ChatServer) -> None:
    async with in_lobby(server) as (app, pilot):
        screen = await create_and_start(pilot, server)
        assert "Nobody has written yet" in shown(pilot)
        await say(pilot, "good luck all")
        assert server.heard(Say) == [Say("good luck all")]
        await until(pilot, lambda: "Ann: good luck all" in shown(pilot))
        # Escape thinks better of it; an empty line sends nothing.
        await opened(pilot, ChatInput, "t")
        await pilot.press(*"never mind", "escape")
        await until(pilot, lambda: app.screen is screen)
        await say(pilot, "   ")
        await heard_up_to(pilot, server)
        assert server.heard(Say) == [Say("good luck all")]
        # The hand kept the focus: the game's keys still play.
        assert screen.focused is screen.query_one(Hand)


async def test_a_line_is_cut_to_the_longest_a_line_may_be(server: ChatServer) -> None:
    async with in_lobby(server) as (app, pilot):
        await create_and_start(pilot, server)
        await opened(pilot, ChatInput, "t")
        line = app.screen.query_one(Input)
        line.value = "字" * MAX_CHAT  # two cells each
        await until(pilot, lambda: cell_len(line.value) == MAX_CHAT)
        assert f"{MAX_CHAT}/{MAX_CHAT}" in str(app.screen.query_one("#chat-write-count").render())
        await pilot.press("enter")
        await until(pilot, lambda: server.heard(Say))
        assert server.heard(Say) == [Say("字" * (MAX_CHAT // 2))]


async def test_an_emote_by_its_key_and_by_a_click(server: ChatServer) -> None:
    async with in_lobby(server) as (app, pilot):
        screen = await create_and_start(pilot, server)
        await opened(pilot, EmotePicker, "e")
        await pilot.press("1")
        await until(pilot, lambda: "Ann 👋 waves" in shown(pilot))
        assert server.heard(Emote) == [Emote("wave")]
        picker = await opened(pilot, EmotePicker, "e")
        listed = picker.query_one(OptionList)
        # The "gg" row: the second of the list.
        await click(pilot, listed, offset=(4, EMOTES.index("gg")))
        await until(pilot, lambda: app.screen is screen)
        await until(pilot, lambda: "Ann 🤝 says good game" in shown(pilot))
        assert server.heard(Emote) == [Emote("wave"), Emote("gg")]
        # Escape picks none.
        await opened(pilot, EmotePicker, "e")
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is screen)
        await heard_up_to(pilot, server)
        assert len(server.heard(Emote)) == 2


async def test_too_chatty_says_how_long_to_wait(server: ChatServer) -> None:
    async with in_lobby(server) as (_, pilot):
        screen = await create_and_start(pilot, server)
        server.refuse_chat = Refused(RefusalCode.TOO_CHATTY, "Slow down.", {"wait": 3})
        await say(pilot, "spam")
        status = screen.query_one(StatusLine)
        await until(pilot, lambda: status.notice)
        assert status.notice == "Not so fast: you can write again in 3 seconds."
        assert "spam" not in shown(pilot)


async def test_the_waiting_room_chats_too(server: ChatServer) -> None:
    async with in_lobby(server) as (app, pilot):
        room = await create_table(pilot)
        await say(pilot, "hello")
        await until(pilot, lambda: "Ann: hello" in shown(pilot))
        server.refuse_chat = Refused(RefusalCode.TOO_CHATTY, "Slow down.", {"wait": 1})
        await say(pilot, "again")
        await until(pilot, lambda: "in 1 second." in notices(app))
        assert app.screen is room
        keys = {key.description for key in room.query_one(Footer).keys}
        assert {"Chat", "Emote", "Mute"} <= keys


# --- Reading -------------------------------------------------------------------------------------


async def test_lines_from_the_server_show_and_emotes_in_letters_under_ascii(
    server: ChatServer,
) -> None:
    server.history = [ChatLine("h-bob", "Bob", 0, "welcome, Ann")]
    app = remote_app(server.path, ascii=True)
    async with app.run_test(size=SIZE) as pilot:
        await connected(pilot)
        await pilot.press("j")  # Bob's table: its latest lines come with the join
        await until(pilot, lambda: showing(app, WaitingRoom))
        await until(pilot, lambda: "Bob: welcome, Ann" in shown(pilot))
        server.say(ChatLine("h-bob", "Bob", 0, emote="wave"))
        await until(pilot, lambda: "Bob o/ waves" in shown(pilot))
        assert shown(pilot).isascii()


async def test_mute_hides_a_players_lines_old_and_new(server: ChatServer) -> None:
    server.history = [ChatLine("h-bob", "Bob", 0, "first"), ChatLine("h-di", "Di", None, "hi")]
    async with in_lobby(server) as (app, pilot):
        room = await opened(pilot, WaitingRoom, "j")
        await until(pilot, lambda: "Di: hi" in shown(pilot))
        mutes = await opened(pilot, MuteList, "x")
        # Bob sits here and wrote; Di watches and wrote; Ann (this session) is not listed.
        assert mutes.muted_marks() == {"h-bob": False, "h-di": False}
        await pilot.press("enter")  # Bob, the first
        await until(pilot, lambda: mutes.muted_marks()["h-bob"])
        assert server.heard(Mute) == [Mute("h-bob", True)]
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is room)
        assert "first" not in shown(pilot) and "Di: hi" in shown(pilot)
        assert "1 muted" in str(panel(pilot).border_title)
        server.say(ChatLine("h-bob", "Bob", 0, "second"))  # not sent: Bob is muted
        server.say(ChatLine("h-di", "Di", None, "still here"))
        await until(pilot, lambda: "still here" in shown(pilot))
        assert "second" not in shown(pilot)
        # Heard again, by a click: the old line shows again.
        mutes = await opened(pilot, MuteList, "x")
        await click(pilot, mutes.query_one(OptionList), offset=(6, 0))
        await until(pilot, lambda: not mutes.muted_marks()["h-bob"])
        assert server.heard(Mute)[-1] == Mute("h-bob", False)
        await pilot.press("escape")
        await until(pilot, lambda: "Bob: first" in shown(pilot))


async def test_the_mutes_come_whole_after_the_welcome_then_a_change_at_a_time(
    server: ChatServer,
) -> None:
    server.muted = {"h-cy"}
    async with in_lobby(server) as (app, pilot):
        connection = app.connection
        assert connection is not None
        await until(pilot, lambda: connection.muted == {"h-cy"})
        # Each answer to a mute says only what changed: the others stay as they were.
        server.send(MuteChanged("h-bob", True))
        await until(pilot, lambda: connection.muted == {"h-bob", "h-cy"})
        server.send(MuteChanged("h-cy", False))
        await until(pilot, lambda: connection.muted == {"h-bob"})
        # Heard again, one never muted: nothing changes (the next change shows it is in).
        server.send(MuteChanged("h-ed", False))
        server.send(MuteChanged("h-fay", True))
        await until(pilot, lambda: "h-fay" in connection.muted)
        assert connection.muted == {"h-bob", "h-fay"}


async def test_one_mute_too_many_says_the_limit_over_the_table(server: ChatServer) -> None:
    server.muted = {"h-cy"}
    server.mute_limit = 1
    async with in_lobby(server) as (app, pilot):
        screen = await create_and_start(pilot, server)
        server.say(ChatLine("h-di", "Di", None, "hi all"))
        await until(pilot, lambda: "Di: hi all" in shown(pilot))
        mutes = await opened(pilot, MuteList, "x")
        # Di, who wrote, then Cy, muted elsewhere.
        assert mutes.muted_marks() == {"h-di": False, "h-cy": True}
        await pilot.press("enter")
        said = "You have muted 1 player: hear them again first."
        # Told over the mute list, where it is read: the table's status line is beneath.
        await until(pilot, lambda: said in notices(app))
        assert app.screen is mutes and mutes.muted_marks() == {"h-di": False, "h-cy": True}
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is screen)
        assert "Di: hi all" in shown(pilot)


def footer_words(app: App[Any]) -> set[str]:
    """The words of the keys the screen's footer offers."""
    return {str(key.description) for key in app.screen.query_one(Footer).keys}


async def test_a_spectator_without_chat_rights_reads_but_cannot_write(
    three_server: ChatServer,
) -> None:
    server = three_server
    server.history = [ChatLine("h-bob", "Bob", 0, "no spoilers")]
    async with in_lobby(server) as (app, pilot):
        room = await opened(pilot, WaitingRoom, "w")  # Bob's table, watched
        await until(pilot, lambda: "Bob: no spoilers" in shown(pilot))
        # The footer offers no key that would write; muting stays.
        assert footer_words(app) >= {"Mute"} and not footer_words(app) & {"Chat", "Emote"}
        await pilot.press("t")
        await until(pilot, lambda: notices(app))
        assert notices(app) == refusal_text("chat-closed") and app.screen is room
        server.start()  # Bob, the host, starts
        await until(pilot, lambda: showing(app, RemoteTableScreen))
        screen = app.screen
        assert isinstance(screen, RemoteTableScreen) and screen.seat is None
        await until(pilot, lambda: "Bob: no spoilers" in shown(pilot))
        assert footer_words(app) >= {"Mute"} and not footer_words(app) & {"Chat", "Emote"}
        status = screen.query_one(StatusLine)
        for key in ("t", "e"):
            status.notice = ""
            await pilot.press(key)
            await until(pilot, lambda: status.notice)
            assert app.screen is screen  # no line to type, no picker
            assert status.notice == refusal_text("chat-closed")
        await heard_up_to(pilot, server)
        assert not server.heard(Say) and not server.heard(Emote)
        # Muting needs no right to write.
        await opened(pilot, MuteList, "x")


async def test_a_spectator_may_write_where_the_host_lets_them(server: ChatServer) -> None:
    server.lobby[0] = dataclasses.replace(server.lobby[0], spectator_chat=True)
    async with in_lobby(server) as (_, pilot):
        await opened(pilot, WaitingRoom, "w")
        assert "Nobody has written yet" in shown(pilot)
        await say(pilot, "go Bob")
        await until(pilot, lambda: "Ann: go Bob" in shown(pilot))


# --- Small windows and pictures ------------------------------------------------------------------


async def test_at_80_by_24_the_table_shows_the_hand_and_the_chat(server: ChatServer) -> None:
    async with in_lobby(server, size=(80, 24)) as (app, pilot):
        screen = await create_and_start(pilot, server)
        for n in range(12):
            server.say(ChatLine("h-di", "Di", None, f"a rather long line of chat, number {n}"))
        await say(pilot, "ok")
        await until(pilot, lambda: "Ann: ok" in shown(pilot))
        hand = screen.query_one(Hand)
        chat = panel(pilot)
        assert hand.region.height and hand.cards and hand.region.bottom <= 23
        assert chat.region.height >= 3 and chat.region.bottom <= 23
        assert not chat.region.overlaps(hand.region)
        for key in ("e", "escape", "x", "escape"):
            await pilot.press(key)
            await pilot.pause()
        assert app.screen is screen


async def test_snapshot_of_a_table_with_chat(server: ChatServer) -> None:
    if other_language() is not None:
        pytest.skip("the stored picture has the English words")
    saved = i18n._translation
    i18n._translation = gettext.NullTranslations()
    try:
        async with in_lobby(server) as (app, pilot):
            await create_and_start(pilot, server)
            server.say(ChatLine("h-di", "Di", None, emote="wave"))
            server.say(ChatLine("h-di", "Di", None, "Watching from the rail: good luck, Ann!"))
            await say(pilot, "thanks Di")
            server.say(ChatLine("h-di", "Di", None, emote="thinking"))
            await until(pilot, lambda: "is thinking" in shown(pilot))
            svg = await stable_screenshot(app, pilot)  # type: ignore[arg-type]
    finally:
        i18n._translation = saved
    assert any("Ann: thanks Di" in line for line in screen_lines(svg))
    check_snapshot("online_table_chat", svg)
