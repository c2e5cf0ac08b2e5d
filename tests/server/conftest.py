"""What the server's tests share: a private data directory for every test, and a
real SSH server started for a test and closed after it."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest

from craits_tui.online.server.ssh import CraitsServer, ServerConfig


@pytest.fixture(autouse=True)
def private_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The server's data directory (host key, games, ratings) is the test's own, and
    nothing a test does reaches the real user directories."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))


@asynccontextmanager
async def running_script(
    tmp_path: Path, script: str, **options: Any
) -> AsyncIterator[CraitsServer]:
    """The server on a free port of 127.0.0.1, each session running ``script`` (a
    stand-in for the app, written to ``tmp_path``) unless ``app`` is given; bots and
    logins take no time unless ``options`` say otherwise."""
    app = tmp_path / "session_app.py"
    app.write_text(script, encoding="utf-8")
    options.setdefault("app", (str(app),))
    options.setdefault("bot_pace", 0.0)
    options.setdefault("auth_delay", 0.0)
    server = CraitsServer(ServerConfig(host="127.0.0.1", port=0, **options))
    await server.start()
    try:
        yield server
    finally:
        await server.close()
