"""Watching bots: pause them, move them on one move at a time, choose their pace."""

from __future__ import annotations

from ...i18n import _
from ...requests import ChangeSettings
from ...settings import PACE_NAMES, PACES
from .base import TableBase


class Watching(TableBase):
    """The part of the table screen for those who watch bots play."""

    def action_watch_pace(self) -> None:
        self.action_pace()

    def action_pause(self) -> None:
        """Watching: the bots stop until space (or → for a single move)."""
        self._set_paused(True)

    def action_go_on(self) -> None:
        self._set_paused(False)

    def action_one_move(self) -> None:
        """Paused: the next bot makes its move, and the bots wait again."""
        if self.control.paused and not self.control.one_move:
            self.control.one_move = True
            self._bot_step()

    def action_hide_hand(self) -> None:
        """Watching: no hand on show, for the suspense (or a slow link)."""
        self._set_hand_hidden(True)

    def action_show_hand(self) -> None:
        self._set_hand_hidden(False)

    def _set_hand_hidden(self, hidden: bool) -> None:
        self.control.hand_hidden = hidden
        self.refresh_bindings()
        self._refresh_table()

    def _set_paused(self, paused: bool) -> None:
        self.control.paused = paused
        self.refresh_bindings()
        self._refresh_table()  # the title says so
        self._schedule_bots()

    def action_pace(self) -> None:
        """Bots play slower or faster: slow, normal, fast, instant, round again."""
        paces = list(PACES)
        pace = paces[(paces.index(self.settings.pace) + 1) % len(paces)]
        self.settings = self.settings.but(pace=pace)
        self.post_message(ChangeSettings(self.settings))
        self.notify(_("Bot pace: {pace}.").format(pace=_(PACE_NAMES[pace])), timeout=2)
        self._schedule_bots()
