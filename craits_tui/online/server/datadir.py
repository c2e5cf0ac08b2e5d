"""The server's data directory: private, held by one server at a time, and what it keeps.

It holds the host key (players' SSH clients check it), the saved games and the
record of the socket directory (`sockdir`). All of it is the host's alone: the
directory is made (or tightened to) mode 0700 and the files 0600, whichever
directory ``--data-dir`` names and however it was left. Two servers on one
directory would play the same saved games apart, so the first one holds a lock
on it and a second one stops at once.
"""

from __future__ import annotations

import fcntl
import logging
import os
import stat
from pathlib import Path

import asyncssh

from craits_core import GameStore, StoreError

from .config import StartupError

log = logging.getLogger("craits.server")

HOST_KEY = "host_key"
STORE = "games.sqlite3"
STORE_SIDECARS = ("-wal", "-shm", "-journal")
"""The files SQLite keeps beside the store; it gives them the store's own mode."""
LOCK = "server.lock"
SOCKET_RECORD = "socket-dir"


class DataDir:
    """The data directory, made private and locked for as long as the server runs."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = -1

    @classmethod
    def open(cls, path: Path) -> DataDir:
        """Make or tighten ``path`` (mode 0700) and lock it; `StartupError` if it
        cannot be, or another server holds it."""
        data = cls(path)
        try:
            path.mkdir(parents=True, exist_ok=True, mode=0o700)
            info = path.stat()
            if not stat.S_ISDIR(info.st_mode):
                raise StartupError(f"{path}: not a directory")
            _private(path, 0o700)
        except OSError as err:
            raise StartupError(f"{path}: {err.strerror or err}") from None
        data._take_lock()
        return data

    def _take_lock(self) -> None:
        path = self.path / LOCK
        try:
            fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
        except OSError as err:
            raise StartupError(f"{path}: {err.strerror or err}") from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            raise StartupError(
                f"{self.path}: another Craits server is using this data directory"
            ) from None
        # The holder's process id, for the host who wonders which server it is.
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode())
        self._lock = fd

    def close(self) -> None:
        """Let the directory go (the lock; the files stay)."""
        if self._lock >= 0:
            os.close(self._lock)
            self._lock = -1

    @property
    def socket_record(self) -> Path:
        """Where the socket directory of the running server is written down."""
        return self.path / SOCKET_RECORD

    def host_key(self) -> asyncssh.SSHKey:
        """The server's host key: made on the first start, then read (`load_host_key`)."""
        return load_host_key(self.path)

    def open_store(self) -> GameStore:
        """The saved games, in a file only the host can read."""
        path = self.path / STORE
        try:
            # Made empty and private before SQLite opens it (an empty file becomes a
            # new store): SQLite gives its sidecars the store's own mode.
            os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
        except FileExistsError:
            pass
        except OSError as err:
            raise StartupError(f"{path}: {err.strerror or err}") from None
        self._protect_store(path, warn=True)
        try:
            store = GameStore(path)
        except StoreError as err:
            raise StartupError(str(err)) from None
        self._protect_store(path, warn=False)  # sidecars that opening made
        return store

    def _protect_store(self, path: Path, *, warn: bool) -> None:
        for file in (path, *(path.with_name(path.name + s) for s in STORE_SIDECARS)):
            try:
                _private(file, 0o600, warn=warn)
            except FileNotFoundError:
                pass
            except OSError as err:
                raise StartupError(f"{file}: {err.strerror or err}") from None


def load_host_key(directory: Path) -> asyncssh.SSHKey:
    """The server's host key, made on the first start and kept in ``directory``
    (``host_key``, mode 0600), so players' SSH clients recognise the server.
    `StartupError` if the file is there but is no private key."""
    directory.mkdir(parents=True, exist_ok=True, mode=0o700)
    path = directory / HOST_KEY
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        try:
            _private(path, 0o600)
            return asyncssh.read_private_key(path)
        except OSError as err:
            raise StartupError(f"{path}: {err.strerror or err}") from None
        except ValueError as err:  # asyncssh's KeyImportError among them
            raise StartupError(
                f"{path}: not a usable private key ({err}); move it away for a new one"
            ) from None
    key = asyncssh.generate_private_key("ssh-ed25519")
    with os.fdopen(fd, "wb") as file:
        file.write(key.export_private_key())
    return key


def _private(path: Path, mode: int, *, warn: bool = True) -> None:
    """Give ``path`` exactly ``mode`` (no rights for anyone else), saying so if it
    had more."""
    had = stat.S_IMODE(path.stat().st_mode)
    if had != mode:
        os.chmod(path, mode)
        if warn and had & 0o077:
            log.warning("%s was open to others (mode %o): now %o", path, had, mode)
