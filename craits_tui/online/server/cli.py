"""``craits-tui serve``: its options, and running the server until it is stopped."""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import re
import signal
import sys
from pathlib import Path
from typing import Any

from ..web.config import WebConfig, origin
from .app import is_loopback, shown_host, ssh_target
from .config import AUTH_MODES, PASSWORD_VARIABLE, ServerConfig, StartupError, default_data_dir
from .limits import Limits

_DURATION = re.compile(r"\s*(\d+(?:\.\d*)?|\.\d+)\s*(ms|s|m|min|h)?\s*", re.IGNORECASE)
_UNITS = {None: 1.0, "ms": 0.001, "s": 1.0, "m": 60.0, "min": 60.0, "h": 3600.0}


def duration(text: str) -> float:
    """Seconds from "90", "90s", "1.5m", "30min", "2h" or "600ms"."""
    match = _DURATION.fullmatch(text)
    if match is None:
        raise argparse.ArgumentTypeError(f"not a duration: {text!r} (e.g. 60s, 30m, 1h)")
    number, unit = match.groups()
    return float(number) * _UNITS[unit.lower() if unit else None]


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def _port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a port: {text!r}") from None
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError("a port is 0 to 65535")
    return value


def _count(group: argparse._ArgumentGroup, flag: str, default: int | None, help: str) -> None:
    """An option that counts (sessions, tries, names): a whole number, 1 or more."""
    group.add_argument(flag, type=_positive_int, default=default, metavar="N", help=help)


def _time(group: argparse._ArgumentGroup, flag: str, default: float, help: str) -> None:
    """An option that is a length of time, as `duration` reads it ("90s", "30m")."""
    group.add_argument(flag, type=duration, default=default, metavar="TIME", help=help)


def build_serve_parser(parent: Any) -> argparse.ArgumentParser:
    """Add ``serve``'s options: to ``parent`` itself when it is an `ArgumentParser`,
    or as a ``serve`` subcommand when it is what ``add_subparsers()`` returned.
    Returns the parser holding the options."""
    description = (
        "Let friends play at your tables over SSH: ssh -p PORT host drops them into "
        "the game; with --web PORT, a browser does too, at the same tables. The server "
        "keeps the games in its data directory."
    )
    if isinstance(parent, argparse.ArgumentParser):
        parser = parent
        parser.description = parser.description or description
    else:
        parser = parent.add_parser("serve", help="run the SSH game server", description=description)
    parser.set_defaults(serve=True)
    net = parser.add_argument_group("network")
    net.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to listen on (default 127.0.0.1; 0.0.0.0 for every network)",
    )
    net.add_argument("--port", type=_port, default=2222, help="the SSH port (default 2222)")
    net.add_argument(
        "--web",
        type=_port,
        metavar="PORT",
        help="also serve the game to browsers on this port (the same tables as SSH)",
    )
    net.add_argument("--no-ssh", action="store_true", help="no SSH port: the web page alone")
    net.add_argument(
        "--web-cert", type=Path, metavar="FILE", help="the web page over TLS: the certificate"
    )
    net.add_argument("--web-key", type=Path, metavar="FILE", help="...and its private key")
    net.add_argument(
        "--trust-proxy",
        action="append",
        default=[],
        metavar="ADDR",
        help="a reverse proxy (address or network) whose X-Forwarded-For and "
        "X-Forwarded-Proto are believed; may be given again",
    )
    auth = parser.add_argument_group("who may play")
    auth.add_argument(
        "--auth",
        choices=AUTH_MODES,
        default="open",
        help="open: anyone who can reach the port (for a LAN); password: one "
        "shared password; keys: the keys in --authorized-keys",
    )
    auth.add_argument(
        "--password-file",
        type=Path,
        metavar="FILE",
        help=f"the shared password, on the file's first line (or set {PASSWORD_VARIABLE})",
    )
    auth.add_argument(
        "--authorized-keys",
        type=Path,
        metavar="FILE",
        help="public keys allowed in, one a line (as ~/.ssh/authorized_keys)",
    )
    limits = parser.add_argument_group("limits and timing")
    _count(limits, "--max-sessions", 50, "sessions at once in all (default 50)")
    _count(limits, "--per-address", 8, "sessions at once from one address (default 8)")
    _count(
        limits,
        "--tables-each",
        3,
        "tables open at once that one player, or one address, has opened, whichever "
        "way (a new table, a quick match, a rematch) (default 3)",
    )
    _time(
        limits,
        "--login-timeout",
        10.0,
        "time to log in, and as long again to start the game, before a "
        "connection is closed (default 10s)",
    )
    _count(
        limits,
        "--max-connecting",
        None,
        "connections at once not yet in a game (logging in), in all; when "
        "full, a newcomer pushes out the oldest of the address holding the most "
        "(default: twice --max-sessions)",
    )
    _count(
        limits,
        "--connecting-per-address",
        None,
        "connections at once not yet in a game from one address (default: twice --per-address)",
    )
    _count(
        limits,
        "--auth-tries",
        3,
        "failed passwords or keys before a connection is closed (default 3); "
        "each failure also makes its address wait longer for its next try "
        "(1s, doubling up to 60s)",
    )
    _time(
        limits,
        "--idle-timeout",
        30 * 60.0,
        "end a session after this long without input (default 30m)",
    )
    _time(
        limits,
        "--grace",
        60.0,
        "how long a dropped player's seat waits before a bot plays it (default 60s)",
    )
    _time(limits, "--bot-pace", 0.6, "pause before each bot move (default 0.6s)")
    _time(
        limits,
        "--quick-wait",
        30.0,
        "how long a quick-match table waits for another person before bots "
        "take its empty seats and it starts (default 30s)",
    )
    _time(
        limits,
        "--rematch-time",
        60.0,
        "how long the people at a finished game have to accept a rematch (default 60s)",
    )
    _time(
        limits,
        "--slow-turn",
        180.0,
        "the turn clock of a table made without a turn timer (default 3m): when it "
        "runs out a bot makes the move, and after two in a row it plays on until the "
        "player presses a key",
    )
    players = parser.add_argument_group("players and ratings")
    _count(players, "--names-per-key", 3, "names one SSH key may claim on this server (default 3)")
    players.add_argument(
        "--leaderboard",
        choices=("keys", "all"),
        help="who the leaderboard lists: players who log in with a key, or everyone "
        "rated (default: keys; all with --auth password)",
    )
    parser.add_argument(
        "--motion",
        action="store_true",
        help="cards fly across the players' tables, as at a table at home (each "
        "session's app then takes some two and a half times the CPU a move; without it, a "
        "player may still turn animations on in the options)",
    )
    parser.add_argument(
        "--no-preload",
        action="store_true",
        help="start each session's app as a fresh Python (about a second to the lobby, "
        "and some 40 MiB more a session) instead of forking it from one that has "
        "imported the game already",
    )
    parser.add_argument(
        "--data-dir",
        type=Path,
        metavar="DIR",
        help=f"host key and saved games (default {default_data_dir()})",
    )
    parser.add_argument(
        "--verbose",
        action="store_true",
        help="log more: every connection, and the SSH library's own lines "
        "(failed logins, refusals and errors are always logged)",
    )
    return parser


def config_from(args: argparse.Namespace) -> ServerConfig:
    """The server's configuration from parsed options; ValueError says what is wrong."""
    password = None
    if args.auth == "password":
        if args.password_file is not None:
            try:
                text = args.password_file.read_text(encoding="utf-8")
            except OSError as err:
                raise ValueError(f"cannot read {args.password_file}: {err.strerror}") from None
            except UnicodeDecodeError:
                raise ValueError(f"{args.password_file}: not a text file (not UTF-8)") from None
            password = text.splitlines()[0] if text.splitlines() else ""
        else:
            password = os.environ.get(PASSWORD_VARIABLE)
    keys = args.authorized_keys
    if args.auth == "keys" and keys is not None and not keys.is_file():
        raise ValueError(f"no such file: {args.authorized_keys}")
    limits = Limits(
        max_sessions=args.max_sessions,
        per_address=args.per_address,
        idle_timeout=args.idle_timeout,
        login_timeout=args.login_timeout,
        start_timeout=args.login_timeout,
        max_connecting=args.max_connecting or 0,
        connecting_per_address=args.connecting_per_address or 0,
        auth_tries=args.auth_tries,
        tables_each=args.tables_each,
    )
    web = None
    if args.web is not None:
        web = WebConfig(args.web, args.web_cert, args.web_key, tuple(args.trust_proxy))
    elif args.web_cert or args.web_key or args.trust_proxy:
        raise ValueError("--web-cert, --web-key and --trust-proxy need --web PORT")
    return ServerConfig(
        host=args.host,
        port=args.port,
        ssh=not args.no_ssh,
        web=web,
        auth=args.auth,
        password=password,
        authorized_keys=args.authorized_keys,
        grace=args.grace,
        bot_pace=args.bot_pace,
        quick_wait=args.quick_wait,
        rematch_time=args.rematch_time,
        slow_turn=round(args.slow_turn),
        names_per_key=args.names_per_key,
        leaderboard=args.leaderboard,
        limits=limits,
        data_dir=args.data_dir,
        preload=not args.no_preload,
        **({"app": ("craits_tui",)} if args.motion else {}),
    )


def web_address(config: ServerConfig, port: int) -> str:
    """The page's address, as a player would type it (HOST for a wildcard)."""
    assert config.web is not None
    return origin(config.web.scheme, shown_host(config.host), port) + "/"


BOT_THREAD_SWITCH = 0.001
"""Seconds a thread runs before Python lets another (the event loop) take over."""


LOG_FORMAT = "%(asctime)s %(levelname)s %(message)s"


def configure_logging(verbose: bool) -> None:
    """The server's log on stderr: its own lines (failed logins, refusals, the apps'
    errors, sessions) always; with ``verbose``, more of its own and asyncssh's."""
    logging.basicConfig(level=logging.INFO if verbose else logging.WARNING, format=LOG_FORMAT)
    logging.getLogger("craits.server").setLevel(logging.DEBUG if verbose else logging.INFO)


STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
"""Each stops the server with the same cleanup (a closed terminal sends SIGHUP)."""


def serve_main(args: argparse.Namespace) -> int:
    """Run the server until Ctrl+C, SIGTERM or SIGHUP; the exit status (2: it could
    not start, for a reason said in one line)."""
    configure_logging(args.verbose)
    try:
        config = config_from(args)
    except ValueError as err:
        print(f"craits-tui serve: {err}", file=sys.stderr)
        return 2
    # Hard bots think in threads (see `ServerTable._drive`); the event loop, which answers
    # every session, gets its turn every millisecond instead of every five.
    sys.setswitchinterval(BOT_THREAD_SWITCH)
    # Whatever the server makes (the store's files, the socket's directory) is
    # the host's alone.
    umask = os.umask(0o077)
    try:
        asyncio.run(_serve(config))
    except StartupError as err:
        print(f"craits-tui serve: {err}", file=sys.stderr)
        return 2
    except OSError as err:
        where = f"{config.host} port {config.port}"
        if config.web is not None:
            where += f" (or web port {config.web.port})"
        print(f"craits-tui serve: cannot listen on {where}: {err.strerror or err}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        pass
    finally:
        os.umask(umask)
    return 0


async def _serve(config: ServerConfig) -> None:
    from .ssh import CraitsServer  # asyncssh only when serving

    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in STOP_SIGNALS:
        loop.add_signal_handler(sig, stop.set)
    server = CraitsServer(config)
    await server.start()
    if config.ssh:
        print(f"Craits server: ssh {ssh_target(config.host, server.port)}  (auth: {config.auth})")
        print(f"Host key: {server.fingerprint}")
    if server.web is not None:
        print(f"In a browser: {web_address(config, server.web.port)}  (auth: {config.auth})")
    if config.auth == "open" and not is_loopback(config.host):
        print("Anyone who can reach this port can play: --auth password or keys to restrict it.")
    print("Ctrl+C stops the server.", flush=True)
    try:
        await stop.wait()
    finally:
        await server.close()


def main(argv: list[str] | None = None) -> int:
    """``python -m craits_tui.online.server.cli``: the same as ``craits-tui serve``."""
    parser = argparse.ArgumentParser(prog="craits-tui serve")
    build_serve_parser(parser)
    return serve_main(parser.parse_args(argv))


if __name__ == "__main__":
    raise SystemExit(main())
