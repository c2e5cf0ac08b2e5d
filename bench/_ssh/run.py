"""One run of a benchmark: the server in its child process, what the run gathers,
and the check of the saved games once the server has stopped."""

from __future__ import annotations

import argparse
import asyncio
import random
import shutil
import tempfile
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .report import LogCheck, check_logs
from .server import Child, client_side
from .socket_player import Results


@dataclass
class Run:
    """What a run shares between its set-up, its players and its report."""

    child: Child
    results: Results
    rng: random.Random
    per_table: int
    samples: list[dict[str, Any]] = field(default_factory=list)
    """The server's readings, every so often while the players play."""
    stop: asyncio.Event = field(default_factory=asyncio.Event)
    """Set when the sampling is to end."""
    hands: dict[str, dict[int, list[str]]] = field(default_factory=dict)
    """The hands the players' screens showed at the end (see `check_logs`)."""
    check: LogCheck = field(default_factory=LogCheck)
    """The saved games checked against what the players saw: filled in when the
    server has stopped."""


@asynccontextmanager
async def running(args: argparse.Namespace, tokens: int) -> AsyncIterator[Run]:
    """The server started with ``tokens`` players' tokens, in a data folder of its
    own; at the end of the block it stops, its saved games are checked, and its
    files go."""
    app = client_side(args.lang)
    data = Path(tempfile.mkdtemp(prefix="craits-bench-"))
    web = bool(getattr(args, "web_share", 0.0))
    child = await Child.start(data, tokens, args.bot_pace, app, web=web)
    run = Run(child, Results(), random.Random(args.seed), args.sessions // args.tables)
    try:
        yield run
    finally:
        run.results.ending = True
        await child.stop()
        run.check = check_logs(data, run.results, run.hands)
        shutil.rmtree(data, ignore_errors=True)
