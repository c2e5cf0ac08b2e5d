"""How the player reached the server, as the server told the session's app: the
door they came by, what they typed after ``ssh``, the web page's origin. The app
shows commands and links the player can use from where they are."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ...i18n import _
from ..protocol import ADDRESS_VARIABLE, DOOR_VARIABLE, WEB_ADDRESS_VARIABLE, Door


@dataclass(frozen=True)
class Reached:
    """The player's way to the server."""

    door: Door = Door.SSH
    ssh: str | None = None
    """What the player typed after ``ssh`` to come here ("-p 2222 192.0.2.7"), if known."""
    web: str | None = None
    """The web page's origin ("http://192.0.2.7:8080"), when the server serves one."""

    @classmethod
    def from_environment(cls, env: Mapping[str, str]) -> Reached:
        """What the server put in the app's environment (a door it does not name: SSH)."""
        try:
            door = Door(env.get(DOOR_VARIABLE, Door.SSH.value))
        except ValueError:
            door = Door.SSH
        return cls(door, env.get(ADDRESS_VARIABLE) or None, env.get(WEB_ADDRESS_VARIABLE) or None)

    def table_link(self, code: str) -> str | None:
        """The link that opens the web page at the table ``code``, if there is a page."""
        return f"{self.web}/t/{code}" if self.web else None

    def replay_words(self, code: str) -> str:
        """How to watch the replay ``code`` again, for a player who came this way: by
        SSH, the command; in a browser, its link (either on a line of its own, to be
        copied whole), or the lobby."""
        if self.door is Door.WEB and self.web:
            sentence = _(
                "Replay code {code}: anyone can watch it from the lobby, or at this link:"
            ).format(code=code)
            return f"{sentence}\n{self.web}/r/{code}"
        if self.door is Door.WEB:
            return _(
                "Replay code {code}: anyone can watch it from the lobby (Replay, then the code)."
            ).format(code=code)
        sentence = _(
            "Replay code {code}: anyone can watch it from the lobby, or with this command:"
        ).format(code=code)
        return f"{sentence}\nssh -t {self.ssh or 'HOST'} replay {code}"
