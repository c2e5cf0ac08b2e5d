"""What ``craits-tui serve`` can be told, and how it says it cannot start."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import platformdirs

from ..web.config import WebConfig
from .chat import ChatPace
from .ledger import NAMES_PER_KEY, Board
from .limits import Limits, TablePace

AUTH_MODES = ("open", "password", "keys")

PASSWORD_VARIABLE = "CRAITS_SERVER_PASSWORD"


class StartupError(Exception):
    """The server cannot start, for a reason the host can fix (a damaged file, a
    data directory in use): ``str()`` is one line naming the file and the problem."""


def default_data_dir() -> Path:
    """The server's directory: its host key and its saved games."""
    return platformdirs.user_data_path("craits", appauthor=False) / "server"


@dataclass(frozen=True)
class ServerConfig:
    """Everything ``craits-tui serve`` can be told."""

    host: str = "127.0.0.1"
    port: int = 2222
    auth: str = "open"
    """``open`` (anyone: for a LAN), ``password`` (one shared password) or ``keys``
    (the public keys in `authorized_keys`)."""
    password: str | None = None
    authorized_keys: Path | None = None
    grace: float = 60.0
    bot_pace: float = 0.6
    quick_wait: float = 30.0
    """Seconds a quick-match table waits for another person before bots fill it."""
    rematch_time: float = 60.0
    """Seconds the people at a finished game have to accept a rematch."""
    abandon_after: float = 10.0
    """Seconds a started table stays open once its people are gone."""
    slow_turn: int = 180
    """Seconds a person has for each move at a table made without a turn timer."""
    names_per_key: int = NAMES_PER_KEY
    """Names one SSH key may claim on the server."""
    leaderboard: Board | None = None
    """Who the leaderboard lists: ``keys`` (players who log in with a key) or
    ``all``; None: ``keys``, but ``all`` with ``--auth password``, where nobody
    logs in with a key."""
    chat_pace: ChatPace = field(default_factory=ChatPace)
    table_pace: TablePace = field(default_factory=TablePace)
    """How fast one player, or one address, may open tables."""
    limits: Limits = field(default_factory=Limits)
    data_dir: Path | None = None
    """Where the host key and the games are kept (default: `default_data_dir`)."""
    app: tuple[str, ...] = ("craits_tui", "--low-bandwidth")
    """The module (or ``.py`` script) each session runs, with its arguments; the
    server adds ``--remote SOCKET``. Without motion by default: a flying card
    costs every session's app some two and a half times the CPU of a move (`--motion`)."""
    preload: bool = True
    """Fork each session's app from one that has imported the app already (`zygote`):
    the lobby comes up at once, and the sessions share the imported modules'
    memory. Off: each session's app is a fresh Python, as it is meanwhile."""
    auth_delay: float = 1.0
    """Seconds a client address waits after its first failed try at logging in
    before its next try is judged (and the failure answered); each further failure
    doubles it, up to `auth_delay_max`."""
    auth_delay_max: float = 60.0
    keepalive: float = 30.0
    """Seconds between keepalives: a connection that dies without a word is noticed
    after three missed ones, and its seat's grace period begins."""
    ssh: bool = True
    """Whether the SSH door is open (``--no-ssh``: the web door alone)."""
    web: WebConfig | None = None
    """The web door (``--web PORT``), if open."""

    def __post_init__(self) -> None:
        if self.auth not in AUTH_MODES:
            raise ValueError(f"--auth must be one of {', '.join(AUTH_MODES)}")
        if self.auth == "password" and not self.password:
            raise ValueError(
                f"--auth password needs a password: --password-file or {PASSWORD_VARIABLE}"
            )
        if self.auth == "keys" and self.authorized_keys is None:
            raise ValueError("--auth keys needs --authorized-keys FILE")
        if self.grace < 0 or self.bot_pace < 0:
            raise ValueError("--grace and --bot-pace cannot be negative")
        if self.quick_wait < 0 or self.rematch_time <= 0:
            raise ValueError("--quick-wait cannot be negative, nor --rematch-time 0")
        if self.auth_delay < 0 or self.auth_delay_max < self.auth_delay:
            raise ValueError("auth_delay cannot be negative nor more than auth_delay_max")
        if self.slow_turn < 1 or self.names_per_key < 1:
            raise ValueError("--slow-turn is 1s at least, and --names-per-key 1 at least")
        if not self.ssh and self.web is None:
            raise ValueError("--no-ssh leaves no way in: add --web PORT")
        if self.web is not None and self.auth == "keys":
            raise ValueError("--web needs --auth open or password: a browser has no SSH key")
        if self.leaderboard is None:
            board: Board = "all" if self.auth == "password" else "keys"
            object.__setattr__(self, "leaderboard", board)
