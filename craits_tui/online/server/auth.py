"""Tries at logging in: judged one at a time, slowed per address, counted, logged.

What guessing a password over SSH would need, and what stands in its way:

- Many tries on one connection: at most `Limits.auth_tries` fail, then the
  connection is closed.
- Tries sent without waiting for the answers (SSH allows it, and asyncssh drops a
  try still waiting when the next arrives): a try is judged only when the one
  before it on its connection has been answered, and a try dropped that way
  counts as failed, unjudged. Pipelining gets nothing but a closed connection.
- Many connections, one after another or at once: each client address has a
  back-off (`Backoff`) that grows with its failures across connections, and no
  try from it is judged, nor its failure answered, before the back-off is over.
  The right password from another address is not slowed at all.

Every failure is logged (time, address, user, method; never what was tried), so
a host sees an attack and can feed the lines to a blocker.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import asyncssh

from .config import StartupError

log = logging.getLogger("craits.server")

FORGET_AFTER = 15 * 60.0
"""Seconds after its last failure that an address's back-off is forgotten."""
MAX_ADDRESSES = 10_000
"""Addresses whose failures are remembered at once (the longest quiet are forgotten
first), so that failures from a great many addresses cannot fill the memory."""


def load_authorized_keys(path: Path) -> asyncssh.SSHAuthorizedKeys:
    """The keys allowed in (``--authorized-keys``), every line checked: asyncssh
    would skip a line it cannot read, and a host's mistyped key would then fail
    to let its player in with no word why. `StartupError` names the line."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as err:
        raise StartupError(f"{path}: {err.strerror or err}") from None
    except UnicodeDecodeError:
        raise StartupError(f"{path}: not a text file (not UTF-8)") from None
    count = 0
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        try:
            asyncssh.import_authorized_keys(line)
        except ValueError as err:
            # asyncssh says why only for a line's options; a key it cannot read
            # comes back as a file without entries.
            why = "" if str(err) == "No valid entries found" else f" ({err})"
            raise StartupError(f"{path}, line {number}: not a public key{why}") from None
        count += 1
    if count == 0:
        raise StartupError(f"{path}: no keys in it")
    return asyncssh.import_authorized_keys(text)


@dataclass
class _Record:
    failures: int = 0
    ready_at: float = 0.0
    """No try from the address is judged or answered before this."""
    last: float = 0.0


class Backoff:
    """Failed tries per client address, and how long its next try must wait: the
    ``base`` after the first failure, doubled by each further one, ``most`` at most.
    Shared by every connection from the address, so it holds against any number
    of them; a success forgets it, and so does a quiet `FORGET_AFTER`."""

    def __init__(
        self, base: float, most: float, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.base = base
        self.most = most
        self._clock = clock
        self._records: OrderedDict[str, _Record] = OrderedDict()

    def wait(self, key: str) -> float:
        """Seconds before a try from ``key`` may be judged (0: now)."""
        record = self._records.get(key)
        return 0.0 if record is None else max(0.0, record.ready_at - self._clock())

    def failures(self, key: str) -> int:
        """Failures remembered for ``key``."""
        record = self._records.get(key)
        return 0 if record is None else record.failures

    def failed(self, key: str) -> float:
        """Count a failure from ``key``; the seconds until its next try may be judged."""
        now = self._clock()
        self._forget_old(now)
        record = self._records.pop(key, None) or _Record()
        self._records[key] = record  # the most recent last
        record.failures += 1
        delay = min(self.most, self.base * 2.0 ** min(record.failures - 1, 64))
        # A failure counted while the address already waits (a try dropped unjudged)
        # can only push its next try further away, never bring it nearer.
        record.ready_at = max(record.ready_at, now + delay)
        record.last = now
        return record.ready_at - now

    def succeeded(self, key: str) -> None:
        """Someone at ``key`` knew the way in: its failures are forgotten."""
        self._records.pop(key, None)

    def _forget_old(self, now: float) -> None:
        while self._records:
            key, record = next(iter(self._records.items()))
            if now - record.last <= FORGET_AFTER and len(self._records) < MAX_ADDRESSES:
                break
            del self._records[key]


class LoginTries:
    """One connection's tries at logging in.

    Each try waits for the answer to the one before it (a future per connection
    chains them, shielded so that a try dropped by asyncssh does not break the
    chain) and for its address's back-off; then it is judged at once, with nothing
    awaited between judging and counting. A failure's answer waits for the
    back-off it started. `too_many` is called (once) when the connection has used
    up its failures."""

    def __init__(
        self,
        backoff: Backoff,
        key: str,
        address: str,
        max_failures: int,
        too_many: Callable[[], None],
    ) -> None:
        self.backoff = backoff
        self.key = key
        self.address = address
        self.max_failures = max_failures
        self.failures = 0
        self.closed = False
        """Set when the connection is gone: a try then dropped was abandoned, not failed."""
        self._too_many = too_many
        self._answered: asyncio.Future[None] | None = None

    async def judge(self, user: str, method: str, check: Callable[[], bool]) -> bool:
        """Whether this try (``check``) gets in, answered in its turn."""
        loop = asyncio.get_running_loop()
        previous = self._answered
        answered: asyncio.Future[None] = loop.create_future()
        self._answered = answered
        judged = False
        try:
            if previous is not None:
                await asyncio.shield(previous)
            while (wait := self.backoff.wait(self.key)) > 0:
                await asyncio.sleep(wait)
            if self.failures >= self.max_failures:
                _release(answered)
                return False  # the connection is being closed
            judged = True
            if check():
                self.backoff.succeeded(self.key)
                _release(answered)
                return True
            delay = self._failed(user, method, "")
            loop.call_later(delay, _release, answered)
            await asyncio.sleep(delay)
            return False
        except asyncio.CancelledError:
            if not judged:
                if previous is None or previous.done():
                    _release(answered)
                else:
                    previous.add_done_callback(lambda _: _release(answered))
                if not self.closed and self.failures < self.max_failures:
                    self._failed(user, method, ", dropped for the next before its turn")
            raise

    def _failed(self, user: str, method: str, how: str) -> float:
        self.failures += 1
        delay = self.backoff.failed(self.key)
        log.warning(
            "login failed: %s, user %r, %s%s (failure %d of %d on this connection; "
            "%d from this address: it waits %.3gs)",
            self.address,
            user,
            method,
            how,
            self.failures,
            self.max_failures,
            self.backoff.failures(self.key),
            delay,
        )
        if self.failures >= self.max_failures:
            log.warning("%s: too many failed tries, disconnected", self.address)
            asyncio.get_running_loop().call_soon(self._too_many)
        return delay


def _release(future: asyncio.Future[None]) -> None:
    if not future.done():
        future.set_result(None)
