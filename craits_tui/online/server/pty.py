"""The pseudo-terminal a session's app runs in: its modes and its size.

The terminal starts in the modes the app itself would set (those of Textual's
driver): no signals from keys, no line editing, no echo, no flow control. A key
the player types before the app has taken the terminal (a ^C right after
connecting, say) is then one more byte for the app, not a signal that kills it
half-started.

Window sizes are passed on at most every `Limits.resize_interval`: a client
resizing in a loop would otherwise have its app redraw for every one, taking the
machine from the other players.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import os
import struct
import termios
from collections.abc import Callable, Sequence

Size = tuple[int, int, int, int]
"""Columns, rows, and the window's width and height in pixels (0 if unknown)."""

MAX_SIZE = (1000, 400)
"""The largest terminal (columns, rows) a session gets: its app draws every cell,
and a client asking for a million of them must not make it try."""

_IFLAG, _LFLAG, _CC = 0, 3, 6  # indexes in termios.tcgetattr's list


def bounded(size: Sequence[int]) -> Size:
    """``size`` (as a client sent it) within `MAX_SIZE`."""
    width, height, pixwidth, pixheight = [*size, 0, 0][:4]
    return (
        min(width, MAX_SIZE[0]),
        min(height, MAX_SIZE[1]),
        min(pixwidth, 65535),
        min(pixheight, 65535),
    )


def open_terminal(size: Size) -> tuple[int, int]:
    """A new pseudo-terminal of ``size`` in the app's own modes: (master, slave)."""
    master, slave = os.openpty()
    try:
        attrs = termios.tcgetattr(slave)
        attrs[_IFLAG] &= ~(
            termios.IXON | termios.IXOFF | termios.ICRNL | termios.INLCR | termios.IGNCR
        )
        attrs[_LFLAG] &= ~(termios.ECHO | termios.ICANON | termios.IEXTEN | termios.ISIG)
        attrs[_CC][termios.VMIN] = 1
        attrs[_CC][termios.VTIME] = 0
        # Output keeps its processing: a plain line the app prints still ends
        # with a carriage return.
        termios.tcsetattr(slave, termios.TCSANOW, attrs)
        set_size(master, size)
    except BaseException:
        os.close(master)
        os.close(slave)
        raise
    return master, slave


def set_size(fd: int, size: Sequence[int]) -> None:
    """Tell the terminal its size (the kernel then tells the app, with SIGWINCH)."""
    width, height, pixwidth, pixheight = [*size, 0, 0][:4]
    with contextlib.suppress(OSError):
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", height, width, pixwidth, pixheight))


class Resizer:
    """Window sizes, coalesced: each is applied at once if the last one was applied
    ``interval`` seconds ago or more, and otherwise kept until then (only the
    latest: a size superseded in between is never applied). The last size always
    arrives."""

    def __init__(self, apply: Callable[[Size], None], interval: float) -> None:
        self._apply = apply
        self.interval = interval
        self._wanted: Size | None = None
        self._last = float("-inf")
        self._timer: asyncio.TimerHandle | None = None

    def want(self, size: Size) -> None:
        """The client's window is now ``size``."""
        self._wanted = size
        if self._timer is not None:
            return  # it goes with the next turn
        loop = asyncio.get_running_loop()
        due = self._last + self.interval
        if loop.time() >= due:
            self._fire()
        else:
            self._timer = loop.call_at(due, self._fire)

    def _fire(self) -> None:
        self._timer = None
        size, self._wanted = self._wanted, None
        if size is not None:
            self._last = asyncio.get_running_loop().time()
            self._apply(size)

    def cancel(self) -> None:
        """Apply nothing more."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self._wanted = None
