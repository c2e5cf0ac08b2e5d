"""`GameLock`: one program's claim on a saved game, so that two cannot play it at once.

The claim is a lock the operating system keeps on a small file beside the save file
(``games.sqlite3.locks/<game id>``): it ends when the file is closed, which a program
that is killed does too, so a claim never outlives its program. Locks are advisory
and per open file, so two stores in one process exclude each other as two programs do.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None  # type: ignore[assignment]
    import msvcrt


class GameLock:
    """A held claim on one saved game; `release` gives it up."""

    def __init__(self, path: Path, fd: int) -> None:
        self.path = path
        self._fd: int | None = fd

    @classmethod
    def take(cls, store_path: Path, game_id: str) -> GameLock | None:
        """Claim ``game_id`` of the save file ``store_path``; None when another store
        (here or in another program) holds it. Raises `OSError` when the lock file
        cannot be made or the file system keeps no locks."""
        real = store_path.resolve()  # one folder, whatever way the file is named
        folder = real.with_name(real.name + ".locks")
        folder.mkdir(exist_ok=True)
        path = folder / game_id
        while True:
            fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
            if not _lock(fd):
                os.close(fd)
                return None
            # The holder before may have removed the file between our opening it and
            # locking it: a lock on a file no longer there claims nothing. Again.
            try:
                same = os.path.samestat(os.fstat(fd), os.stat(path))
            except FileNotFoundError:
                same = False
            if same:
                return cls(path, fd)
            os.close(fd)

    def release(self) -> None:
        """Give the claim up (a second time does nothing). The file goes first, so
        that whoever opens it next makes a new one rather than lock this one."""
        fd, self._fd = self._fd, None
        if fd is None:
            return
        if fcntl is not None:  # Windows cannot remove a file that is open
            self.path.unlink(missing_ok=True)
        os.close(fd)


def _lock(fd: int) -> bool:
    """Lock ``fd`` without waiting: False when it is locked already. Raises `OSError`
    when it cannot be locked at all."""
    try:
        if fcntl is not None:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        else:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
    except OSError as err:
        if err.errno in (errno.EAGAIN, errno.EWOULDBLOCK, errno.EACCES, errno.EDEADLK):
            return False
        raise
    return True
