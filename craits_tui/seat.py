"""`Seat`: who plays a seat of a game, a person or a bot of some level."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Seat:
    """A seat at the table: a person, or a bot of some level."""

    name: str
    bot: str | None = None

    @property
    def is_bot(self) -> bool:
        return self.bot is not None

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "bot": self.bot}

    @classmethod
    def from_dict(cls, data: Any) -> Seat:
        if not isinstance(data, dict) or not isinstance(data.get("name"), str):
            raise ValueError(f"not a seat: {data!r}")
        bot = data.get("bot")
        if bot is not None and not isinstance(bot, str):
            raise ValueError(f"not a bot level: {bot!r}")
        return cls(data["name"], bot)
