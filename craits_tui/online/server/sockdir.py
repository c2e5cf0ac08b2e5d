"""The private directory of the authority's socket: short, written down, and
cleaned up by the next start when a server was killed without its cleanup.

A Unix socket's path has room for 107 bytes, so the directory is a fresh
``craits-XXXXXXXX`` in the temporary directory (or ``/tmp`` when that one's path
is too long). Its path is written in the data directory (a *record*), so the next
server on that data directory, holding its lock, finds what an earlier one left.
It removes only what is provably an earlier server's: a real directory of its
own user, mode 0700, named ``craits-…``, holding nothing but its sockets.
"""

from __future__ import annotations

import contextlib
import logging
import os
import shutil
import stat
import tempfile
from collections.abc import Iterable
from pathlib import Path

log = logging.getLogger("craits.server")

PREFIX = "craits-"
TABLES = "tables.sock"
"""The authority's socket, the apps' way to the tables (`ipc`)."""
SPAWNER = "spawner.sock"
"""The preloaded app's socket, the server's way to fork a session's app (`zygote`)."""
NAMES = (TABLES, SPAWNER)
"""What a server's directory may hold."""
MAX_PATH = 100
"""Bytes a socket path may take here, below the system's 107, with the socket's name."""


def make(record: Path | None, names: Iterable[str]) -> Path:
    """A new private directory for sockets called ``names``; with a ``record``,
    an earlier server's directory is removed first and the new one written down."""
    names = tuple(names)
    if record is not None:
        remove_stale(record, names)
    base = tempfile.gettempdir()
    longest = max((len(n) for n in names), default=0)
    if len(os.fsencode(base)) + len(PREFIX) + 10 + longest > MAX_PATH:
        base = "/tmp"
    directory = Path(tempfile.mkdtemp(prefix=PREFIX, dir=base))
    os.chmod(directory, 0o700)  # mkdtemp makes it so; say it where it matters
    if record is not None:
        _write(record, f"{directory}\n")
    return directory


def remove(directory: Path, record: Path | None) -> None:
    """Remove this server's ``directory``, and its ``record`` if it names it."""
    shutil.rmtree(directory, ignore_errors=True)
    if record is not None and _read(record) == directory:
        with contextlib.suppress(OSError):
            record.unlink()


def remove_stale(record: Path, names: Iterable[str]) -> None:
    """Remove the directory ``record`` names if it is an earlier server's (see the
    module), then the record."""
    stale = _read(record)
    if stale is None:
        return
    if _ours(stale, set(names)):
        for entry in os.listdir(stale):
            os.unlink(stale / entry)
        os.rmdir(stale)
        log.info("removed %s, left by an earlier server", stale)
    elif os.path.lexists(stale):
        log.warning("%s is not what this server made: left alone", stale)
    with contextlib.suppress(OSError):
        record.unlink()


def _ours(path: Path, names: set[str]) -> bool:
    if not path.is_absolute() or not path.name.startswith(PREFIX):
        return False
    try:
        info = os.lstat(path)
        if not stat.S_ISDIR(info.st_mode) or info.st_uid != os.getuid():
            return False
        if stat.S_IMODE(info.st_mode) != 0o700:
            return False
        entries = os.listdir(path)
        return all(
            entry in names and stat.S_ISSOCK(os.lstat(path / entry).st_mode) for entry in entries
        )
    except OSError:
        return False


def _read(record: Path) -> Path | None:
    try:
        text = record.read_text(encoding="utf-8").strip()
    except (OSError, UnicodeDecodeError):
        return None
    return Path(text) if text else None


def _write(record: Path, text: str) -> None:
    """Write ``record`` whole or not at all (a crash leaves the old one or the new)."""
    partial = record.with_name(record.name + ".new")
    fd = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as file:
        file.write(text)
    os.replace(partial, record)
