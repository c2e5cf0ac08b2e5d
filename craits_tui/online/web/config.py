"""What the web door is told (``craits-tui serve --web PORT ...``)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class WebConfig:
    """The web door: its port (on the server's ``--host``), its TLS certificate
    and key (both or neither), and the proxies whose ``X-Forwarded-For`` says who
    a request is from."""

    port: int = 8080
    cert: Path | None = None
    key: Path | None = None
    trust_proxy: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if (self.cert is None) != (self.key is None):
            raise ValueError("--web-cert and --web-key go together")

    @property
    def tls(self) -> bool:
        """Whether the page is served over TLS (https, wss)."""
        return self.cert is not None
