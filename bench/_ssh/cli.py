"""The bench's command line."""

from __future__ import annotations

import argparse
import asyncio
import sys

from .games import run_games
from .human import HUMAN_DEFAULTS, run_human
from .server import serve_child
from .startup import run_start_up
from .terminal import ScreenReader


async def run(args: argparse.Namespace) -> int:
    """The bench, in the mode asked for; its exit status."""
    # The loop stamps the players' bytes and events as they come: it must get the
    # interpreter back quickly from the thread that parses the screens.
    sys.setswitchinterval(0.001)
    reader = ScreenReader()
    try:
        if args.start_up:
            return await run_start_up(args, reader)
        if args.human:
            return await run_human(args, reader)
        return await run_games(args, reader)
    finally:
        reader.close()


def parse(description: str, argv: list[str] | None = None) -> argparse.Namespace:
    """The command line ``argv`` (None: this process's), its defaults filled in for
    the mode it asks for; exits with a message if it is wrong."""
    parser = argparse.ArgumentParser(
        description=description, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--human",
        action="store_true",
        help="SSH people who think 2-4 s before each move, bots at the server's pace "
        "(defaults: 40 sessions, 10 tables, 180 s, bot pace 0.6 s); games may stay unfinished",
    )
    parser.add_argument(
        "--web-share",
        type=float,
        default=0.0,
        metavar="F",
        help="--human: that share of the sessions (0 to 1) in browsers, through the web "
        "door (websockets speaking the page's protocol), the others over SSH, at the "
        "same tables (default 0: all over SSH); --start-up: any share, every session "
        "in a browser",
    )
    parser.add_argument(
        "--start-up",
        action="store_true",
        help="how soon a session shows its lobby, alone and --sessions at once (default 8), "
        "and its app's memory there, with fresh apps and with apps forked from the "
        "preloaded one",
    )
    parser.add_argument(
        "--rounds", type=int, default=5, help="--start-up: sessions one after another (5)"
    )
    parser.add_argument(
        "--seconds", type=float, help="how long to play (default 120; --human: 180)"
    )
    parser.add_argument(
        "--overtime",
        type=float,
        default=120.0,
        help="extra seconds for the games in play to finish (default 120)",
    )
    parser.add_argument("--sessions", type=int, help="players (default 40)")
    parser.add_argument("--tables", type=int, help="tables (default 10)")
    parser.add_argument("--clients", choices=("ssh", "ipc"), default="ssh")
    parser.add_argument(
        "--bot-pace", type=float, help="seconds before a bot move (default 0.05; --human: 0.6)"
    )
    parser.add_argument(
        "--think", type=float, default=0.0, help="seconds a socket player waits before its move"
    )
    parser.add_argument(
        "--lang", help="the language of the SSH sessions' apps (default: the environment's)"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--verbose", action="store_true", help="say when a turn is slow to show")
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--data-dir", help=argparse.SUPPRESS)
    parser.add_argument("--tokens", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--app", help=argparse.SUPPRESS)
    parser.add_argument("--no-preload", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--web", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.serve:
        return args
    if not 0.0 <= args.web_share <= 1.0:
        parser.error("--web-share is a share of the sessions, from 0 to 1")
    if args.web_share and not (args.human or args.start_up):
        parser.error("--web-share goes with --human or --start-up")
    if args.start_up:
        args.sessions = args.sessions or 8
        args.bot_pace = 0.6 if args.bot_pace is None else args.bot_pace
        return args
    defaults = HUMAN_DEFAULTS if args.human else {"seconds": 120.0, "bot_pace": 0.05}
    for name, value in {"sessions": 40, "tables": 10, **defaults}.items():
        if getattr(args, name) is None:
            setattr(args, name, value)
    if args.human and args.clients != "ssh":
        parser.error("--human plays over SSH: it takes no --clients ipc")
    if args.sessions % args.tables:
        parser.error("--sessions must be a multiple of --tables")
    return args


def main(description: str) -> int:
    """Run the bench as the command line asks (``description``: its help's)."""
    args = parse(description)
    if args.serve:
        asyncio.run(serve_child(args))
        return 0
    return asyncio.run(run(args))
