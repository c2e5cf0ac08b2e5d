"""Watching bots: pause them, move them on one move at a time, choose their pace,
hide the hand on show."""

from __future__ import annotations

from .policy import TablePolicy

WATCH_ACTIONS = ("watch_pace", "pause", "go_on", "one_move", "hide_hand", "show_hand")
"""The keys of those who watch: offered at no other table."""


class WatchingPolicy(TablePolicy):
    """A table of bots alone, watched: no hand of one's own, and the keys that
    stop the bots, move them on by hand and set their pace."""

    def allowed(
        self, action: str, parameters: tuple[object, ...], default: bool | None
    ) -> bool | None:
        control = self.screen.control
        if action == "watch_pace":
            return True
        if action in ("pause", "go_on", "one_move"):
            return control.paused is (action != "pause")
        if action in ("hide_hand", "show_hand"):
            return bool(control.feed.open_views) and control.hand_hidden is (action == "show_hand")
        return default
