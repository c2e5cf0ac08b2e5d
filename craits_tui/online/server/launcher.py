"""What a session's app process does before its app, and around it.

Both ways of starting an app come here: a fresh ``python -c LAUNCHER`` (`app`,
`main`) and a child of the preloaded app (`zygote`, `main_forked`). Either way the
app's errors go to the
server's log, not to the player's screen, where a traceback would show the
server's paths: the error pipe becomes the app's ``sys.stderr`` (Textual draws on
``sys.__stderr__``, which stays the terminal), and an exception that escapes the
app, or a nonzero exit, is logged there and leaves the player one sentence
(`FAILED`).

Only the standard library here: a fresh process imports this before the app.
"""

from __future__ import annotations

import contextlib
import fcntl
import io
import locale
import os
import random
import runpy
import sys
import termios
import traceback
from collections.abc import Mapping
from typing import NoReturn, TextIO

LOG_FD_VARIABLE = "CRAITS_LOG_FD"
"""The number of the error pipe, in a fresh process's environment (taken out of it
before the app runs)."""
FAILED = "Something went wrong in this session, and it has ended."
"""What the player reads when their app fails (the details are in the server's log)."""


def error_log(fd: int) -> TextIO:
    """The error pipe ``fd``, made ``sys.stderr``: what the app writes there, and
    its traceback if it fails, go to the server's log."""
    os.set_inheritable(fd, False)
    log = open(fd, "w", encoding="utf-8", errors="backslashreplace", buffering=1)  # noqa: SIM115
    sys.stderr = log
    return log


def take_terminal(fd: int) -> None:
    """Make the terminal on ``fd`` this session's controlling terminal, so the kernel
    tells the app when the player's window changes size (SIGWINCH) and hangs it up
    when the session ends."""
    with contextlib.suppress(OSError):  # the game still runs; it only misses resizes
        fcntl.ioctl(fd, termios.TIOCSCTTY, 0)


def run(target: str, log: TextIO) -> NoReturn:
    """Run the app ``target`` (a module, or a ``.py`` script) with ``sys.argv`` as it
    is, as ``__main__``. Its success ends the process as a plain Python's end would
    (SystemExit); its failure is logged, told the player in one sentence, and ends
    the process at once."""
    try:
        if target.endswith(".py"):
            runpy.run_path(target, run_name="__main__")
        else:
            runpy.run_module(target, run_name="__main__", alter_sys=True)
    except SystemExit as end:
        if end.code is None or end.code == 0:
            raise
        print("the app ended with", repr(end.code), file=log)
    except BaseException:
        traceback.print_exc(file=log)  # here whatever the app made of sys.stderr
    else:
        raise SystemExit(0)
    failed(log)


def failed(log: TextIO) -> NoReturn:
    """The app failed (what went wrong is in ``log``): one sentence for the player,
    and the process ends at once."""
    log.flush()
    with open(1, "wb", closefd=False) as terminal:
        terminal.write(b"\r\n" + FAILED.encode() + b"\r\n")
    # Not sys.exit: a thread the failed app left running must not keep it alive.
    os._exit(1)


def main() -> NoReturn:
    """A fresh process's start: ``python -c LAUNCHER TARGET ARGS...``, its error
    pipe's number in the environment, its terminal on stdin, stdout and stderr."""
    log = error_log(int(os.environ.pop(LOG_FD_VARIABLE)))
    take_terminal(0)
    target, sys.argv = sys.argv[1], sys.argv[1:]
    run(target, log)


def main_forked(
    argv: list[str], env: Mapping[str, str], cwd: str, terminal: int, errors: int, told: int
) -> NoReturn:
    """A child of the zygote, just forked: it becomes the session's app, and runs
    it as `main` does. ``argv``: the app and its arguments; ``env``, ``cwd``: its
    whole environment and its directory; ``terminal``: its terminal's slave end;
    ``errors``: the error pipe; ``told``: the pipe the zygote waits on until this
    process leads a session of its own (the server's signals then reach it)."""
    log = error_log(errors)  # first: what goes wrong from here is logged
    try:
        os.setsid()
        take_terminal(terminal)
        for fd in (0, 1, 2):
            os.dup2(terminal, fd)
        os.close(terminal)
        os.close(told)
        _standard_streams()
        os.environ.clear()
        os.environ.update(env)
        os.chdir(cwd)
        _read_again()
        sys.argv = argv
    except BaseException:
        traceback.print_exc(file=log)
        failed(log)
    run(argv[0], log)


def _standard_streams() -> None:
    """stdin and stdout, and stderr as Textual draws on it (``sys.__stderr__``: the
    app's ``sys.stderr`` is the error pipe), on the terminal, made as a fresh Python
    in UTF-8 mode makes them (the zygote's were pipes to the server)."""
    unbuffered = bool(sys.__stdout__ and sys.__stdout__.write_through)  # -u, PYTHONUNBUFFERED
    sys.stdin = sys.__stdin__ = _stream(0, "r", "surrogateescape", unbuffered)
    sys.stdout = sys.__stdout__ = _stream(1, "w", "surrogateescape", unbuffered)
    sys.__stderr__ = _stream(2, "w", "backslashreplace", unbuffered)


def _stream(fd: int, mode: str, errors: str, unbuffered: bool) -> io.TextIOWrapper:
    """One standard stream, as CPython's start makes it (``create_stdio``): ``unbuffered``,
    written straight through (stdin is still read through a buffer); else
    line-buffered on a terminal, and stderr always."""
    raw = io.FileIO(fd, mode + "b", closefd=False)
    buffer: io.RawIOBase | io.BufferedIOBase = raw
    if mode == "r":
        buffer = io.BufferedReader(raw)
    elif not unbuffered:
        buffer = io.BufferedWriter(raw)
    stream = io.TextIOWrapper(
        buffer,  # type: ignore[arg-type]
        encoding="utf-8",
        errors=errors,
        newline="\n",
        line_buffering=not unbuffered and (raw.isatty() or fd == 2),
        write_through=unbuffered,
    )
    stream.mode = mode  # type: ignore[misc]
    return stream


def _read_again() -> None:
    """What the zygote's imports took from its environment or its start, taken
    again for this child: the C library's locale (as Python sets it at its start),
    `random`'s seed (its own fork hook reseeds it too: this is the promise), the
    interface's language. (What Textual and rich read at import, or at their first
    use in the zygote, TEXTUAL_*, ESCDELAY, LC_TERMINAL, TERM_PROGRAM and
    UNICODE_VERSION, no client sends: the zygote reads it in the environment every
    app starts from, `app.app_environment`.)"""
    # (A locale this machine lacks leaves C, as it leaves a fresh Python.)
    with contextlib.suppress(locale.Error):
        locale.setlocale(locale.LC_CTYPE, "")
    random.seed()
    i18n = sys.modules.get("craits_tui.i18n")
    if i18n is not None:
        i18n.use_language(None)
