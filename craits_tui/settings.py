"""The player's settings, kept in the platform's config directory."""

from __future__ import annotations

import json
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any

from .i18n import N_
from .last_game import LastGame

PACES = {"slow": 1.6, "normal": 0.8, "fast": 0.3, "instant": 0.0}
"""Seconds between bot moves at each pace."""

PACE_NAMES = {
    "slow": N_("Slow"),
    "normal": N_("Normal"),
    "fast": N_("Fast"),
    "instant": N_("Instant"),
}
"""Each pace as a player reads it (marked here, translated where shown)."""

THEMES = {"dark": "textual-dark", "light": "textual-light"}


def settings_path() -> Path:
    import platformdirs  # here, not at the top: it costs start-up 4 ms

    return platformdirs.user_config_path("craits", appauthor=False) / "settings.json"


@dataclass(frozen=True)
class Settings:
    """How the game looks and moves for this player."""

    pace: str = "normal"
    ascii: bool = False
    four_colour: bool = False
    theme: str = "dark"
    animations: bool = True
    """Off for slow links: no animation and no hover tracking."""
    auto_announce: bool = False
    """Say "last card" automatically when a play leaves one card."""
    bell: bool = True
    """Ring the terminal's bell when your turn comes back after others played (online,
    after a long wait), and when you are called an idiot."""
    language: str | None = None
    save_file: str | None = None
    """Where games are saved, when not in the default place."""
    lessons_offered: bool = False
    """Whether the lessons were offered at a first start: they are offered once."""
    last_game: LastGame = field(default_factory=LastGame)
    """The New game form as it last started a game, to open that way again."""
    auto_draw: bool = False
    """Draw (or pass) for the player, after a beat, when drawing is all they can do."""

    @property
    def bot_delay(self) -> float:
        return PACES.get(self.pace, PACES["normal"])

    @property
    def hover(self) -> bool:
        return self.animations

    def but(self, **changes: Any) -> Settings:
        return replace(self, **changes)

    @classmethod
    def from_dict(cls, data: Any) -> Settings:
        """Settings from saved data; anything unknown or malformed is left at its default."""
        if not isinstance(data, dict):
            return cls()
        defaults = cls()
        values: dict[str, Any] = {"last_game": LastGame.from_dict(data.get("last_game"))}
        for f in fields(cls):
            if f.name in values:
                continue
            value = data.get(f.name, getattr(defaults, f.name))
            default = getattr(defaults, f.name)
            # A field that may be unset (None) is text when set: a language, a path.
            kind = str if default is None else type(default)
            if isinstance(value, kind) or (value is None and default is None):
                values[f.name] = value
        settings = cls(**values)
        if settings.pace not in PACES:
            settings = replace(settings, pace=defaults.pace)
        if settings.theme not in THEMES:
            settings = replace(settings, theme=defaults.theme)
        return settings

    def to_dict(self) -> dict[str, Any]:
        """The settings as saved (`from_dict` reads them back)."""
        data = {f.name: getattr(self, f.name) for f in fields(self)}
        data["last_game"] = self.last_game.to_dict()
        return data


def load_settings(path: Path | None = None) -> Settings:
    """The saved settings, or the defaults when there are none or they are unreadable."""
    path = path or settings_path()
    try:
        return Settings.from_dict(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, ValueError):
        return Settings()


def save_settings(settings: Settings, path: Path | None = None) -> None:
    path = path or settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(settings.to_dict(), indent=2), encoding="utf-8")
    tmp.replace(path)
