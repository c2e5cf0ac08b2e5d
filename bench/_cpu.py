"""CPU time of another process, read from /proc (Linux): no dependency.

Two readings, for two uses. ``/proc/PID/stat`` gives the user and system time of the
whole process, threads that have ended included, in clock ticks (1/100 s as a rule):
right for a total over many moves. ``/proc/PID/task/*/schedstat`` gives the time on
a CPU of each live thread in nanoseconds: fine enough for one move, blind only to a
thread that ended in between (the game starts none on an ordinary move).
"""

from __future__ import annotations

import os
from dataclasses import dataclass

CLOCK_TICK = os.sysconf("SC_CLK_TCK")
"""Clock ticks a second, the unit of /proc/PID/stat's times."""


@dataclass(frozen=True, slots=True)
class CpuReading:
    """A process's CPU time so far."""

    at: float
    """When it was read, in the caller's clock."""
    ticks: int
    """User and system time of the whole process, in 1/`CLOCK_TICK` s."""
    ns: int
    """Time on a CPU of its live threads, in nanoseconds."""
    machine: tuple[int, int] = (0, 0)
    """The whole machine's busy and total time so far, all CPUs, in clock ticks."""

    def seconds_since(self, earlier: CpuReading) -> float:
        """CPU seconds from ``earlier`` to this reading, by the ticks."""
        return (self.ticks - earlier.ticks) / CLOCK_TICK

    def ns_since(self, earlier: CpuReading) -> int:
        return self.ns - earlier.ns

    def machine_busy_since(self, earlier: CpuReading) -> float:
        """How busy the machine's CPUs were from ``earlier`` to this reading, 0 to 1:
        others' work as well as the program's and the bench's."""
        busy = self.machine[0] - earlier.machine[0]
        total = self.machine[1] - earlier.machine[1]
        return busy / total if total > 0 else 0.0


def stat_ticks(pid: int) -> int:
    """utime + stime of process ``pid``, in clock ticks (0 once it is gone)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            stat = f.read()
    except OSError:
        return 0
    # The command's name, in parentheses, may hold spaces: count from its end.
    fields = stat[stat.rindex(b")") + 2 :].split()
    return int(fields[11]) + int(fields[12])  # fields 14 and 15 of proc(5)


def thread_ns(pid: int) -> int:
    """Nanoseconds on a CPU of the live threads of process ``pid``."""
    total = 0
    try:
        tids = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return 0
    for tid in tids:
        try:
            with open(f"/proc/{pid}/task/{tid}/schedstat", "rb") as f:
                total += int(f.read().split()[0])
        except (OSError, ValueError, IndexError):
            continue  # the thread ended meanwhile
    return total


def machine_ticks() -> tuple[int, int]:
    """The machine's busy and total CPU time, all CPUs, from the first line of
    /proc/stat: idle and waiting for I/O are not busy; guests are counted in user."""
    try:
        with open("/proc/stat", "rb") as f:
            fields = [int(n) for n in f.readline().split()[1:9]]
    except (OSError, ValueError):
        return (0, 0)
    total = sum(fields)  # user nice system idle iowait irq softirq steal
    return (total - fields[3] - fields[4], total)


def read_cpu(pid: int, at: float) -> CpuReading:
    return CpuReading(at, stat_ticks(pid), thread_ns(pid), machine_ticks())


def schedstat_available() -> bool:
    """Whether this kernel keeps per-thread run times (CONFIG_SCHEDSTATS or not, recent
    kernels do; a container may hide them)."""
    return thread_ns(os.getpid()) > 0
