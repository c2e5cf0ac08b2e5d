"""The table of an online game: the table screen, with the server in the loop.

What it does its own way is its `OnlinePolicy`; this screen adds the keys of the
table's chat, and the styles of what the policy adds to the side column.
"""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.binding import BindingType

from ....screens.table import TableScreen
from ....settings import Settings
from ..connection import RemoteConnection
from ..reached import Reached
from ..table import RemoteTable
from ..widgets.chat import ChatPanel
from .chat import CHAT_BINDINGS
from .table_policy import OnlinePolicy


class RemoteTableScreen(TableScreen):
    """The table of an online game, with its chat's keys."""

    CSS_PATH = ["table.tcss", "chat.tcss"]
    BINDINGS: ClassVar[list[BindingType]] = CHAT_BINDINGS

    def __init__(
        self,
        table: RemoteTable,
        settings: Settings,
        connection: RemoteConnection,
        *,
        reached: Reached | None = None,
    ) -> None:
        """``reached``: how the player came to the server, if the server said."""
        self.online = OnlinePolicy(table, connection, reached)
        # The settings changed here are the session's, for it alone.
        super().__init__(table, settings, keeps_settings=False, policy=self.online)

    @on(ChatPanel.WriteAsked)
    def action_chat(self) -> None:
        self.online.chat.write()

    def action_emote(self) -> None:
        self.online.chat.emote()

    def action_mute(self) -> None:
        self.online.chat.mute()

    def action_chat_closed(self) -> None:
        self.online.chat.closed()
