"""Options for the whole test suite."""

from __future__ import annotations

import os
from pathlib import Path

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-snapshots",
        action="store_true",
        help="write the screen snapshots in tests/tui/snapshots/ anew instead of comparing",
    )


def pytest_configure(config: pytest.Config) -> None:
    # The snapshot helper reads the variable, so the option and it work alike.
    if config.getoption("--update-snapshots"):
        os.environ["CRAITS_UPDATE_SNAPSHOTS"] = "1"


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    # Twice the cores: much of the suite waits on real time (SSH handshakes, the
    # sessions' own processes, the apps' timers) rather than on the processor, and
    # a worker that waits leaves its core to another. On two cores this takes the
    # suite from over four minutes to about three.
    return 2 * (os.cpu_count() or 1)


@pytest.fixture
def lockless(monkeypatch: pytest.MonkeyPatch) -> None:
    """A file system that keeps no locks: no store can claim a game."""
    from craits_core.locks import GameLock

    def no_locks(store_path: Path, game_id: str) -> GameLock:
        raise OSError("locks are not supported here")

    monkeypatch.setattr(GameLock, "take", no_locks)


@pytest.fixture(autouse=True)
def same_language_after(monkeypatch: pytest.MonkeyPatch) -> None:
    """The language a test leaves is not the next test's: the options change it at
    once for the whole process (a random click on "Italiano" does), and the words
    the next test reads would be Italian."""
    from craits_tui import i18n

    monkeypatch.setattr(i18n, "_translation", i18n._translation)
