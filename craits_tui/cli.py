"""The command line: `craits-tui` and its options."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any, NoReturn

from craits_core import RuleSet
from craits_core.bot_levels import DEFAULT_LEVEL
from craits_core.bot_levels import LEVELS as BOT_LEVELS
from craits_core.rules import MAX_PLAYERS, MIN_PLAYERS
from craits_core.threads import limit_threads

from .i18n import _, use_language
from .last_game import DEFAULT_PLAYERS
from .launch import Launch, NewGame
from .names import BOT_NAMES, own_name
from .settings import PACES, THEMES, Settings, load_settings, save_settings, settings_path
from .table import Seat


class _Formatter(argparse.HelpFormatter):
    """The usage line's heading in the player's language."""

    def add_usage(self, usage, actions, groups, prefix=None):  # type: ignore[no-untyped-def]
        super().add_usage(usage, actions, groups, _("usage: ") if prefix is None else prefix)


class _Parser(argparse.ArgumentParser):
    """argparse with its own words (the usage line, the help option, an error's
    heading) in the player's language; the rest of an error is argparse's English."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(add_help=False, formatter_class=_Formatter, **kwargs)
        ask = self.add_argument_group(_("options"))
        ask.add_argument("-h", "--help", action="help", help=_("show this help and exit"))

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(2, _("{prog}: error: {message}").format(prog=self.prog, message=message) + "\n")


def _look_switch(group: argparse._ArgumentGroup, flag: str, help: str) -> None:
    """A look-and-feel option that turns something on: left out, it is None, not
    False, so that the saved setting stands."""
    group.add_argument(flag, action="store_true", default=None, help=help)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="craits-tui",
        description=_(
            "Craits, the card game, in your terminal. Without options it opens the start "
            "menu (resume, new game, past games). Games are saved as you play."
        ),
        epilog=_("To let friends play with you over SSH: craits-tui serve --help"),
    )
    game = parser.add_argument_group(_("start a game at once (skips the menu)"))
    game.add_argument(
        "--players",
        type=int,
        metavar="N",
        help=_("players at the table, {low}-{high}: you and N-1 bots").format(
            low=MIN_PLAYERS, high=MAX_PLAYERS
        ),
    )
    game.add_argument("--seed", help=_("seed for a reproducible game (a number or a word)"))
    game.add_argument("--watch", action="store_true", help=_("seat only bots and watch them play"))
    game.add_argument(
        "--bots",
        metavar="LEVELS",
        help=_("bot levels, comma separated, one per bot seat ({levels}); default normal").format(
            levels=", ".join(BOT_LEVELS)
        ),
    )
    game.add_argument(
        "--names", metavar="NAMES", help=_("player names, comma separated, yours first")
    )
    game.add_argument(
        "--humans",
        type=int,
        metavar="N",
        help=_("people taking turns at this terminal (hot-seat); default 1"),
    )
    game.add_argument(
        "--short", action="store_true", help=_("the short game: 8 rounds (8 cards down to 1)")
    )
    game.add_argument(
        "--colour-matching", action="store_true", help=_("variant: a card also matches the colour")
    )
    game.add_argument(
        "--voluntary-draw",
        action="store_true",
        help=_("variant: you may draw even when you could play"),
    )
    game.add_argument(
        "--seven-skips",
        action="store_true",
        help=_("variant: a 7 also makes the next player lose the turn"),
    )
    game.add_argument(
        "--wild-nine",
        action="store_true",
        help=_("variant: a 9 is wild, naming its suit or its colour mate"),
    )
    game.add_argument("--resume", action="store_true", help=_("resume the latest unfinished game"))
    game.add_argument(
        "--learn",
        action="store_true",
        help=_("learn to play: short guided lessons (they go on where you left them)"),
    )

    look = parser.add_argument_group(_("look and feel (saved for next time)"))
    look.add_argument("--pace", choices=list(PACES), help=_("how fast bots play"))
    _look_switch(look, "--ascii", _("letters for suits and plain box lines"))
    _look_switch(look, "--four-colour", _("four-colour deck (blue diamonds, green clubs)"))
    look.add_argument("--theme", choices=list(THEMES), help=_("dark or light"))
    _look_switch(look, "--low-bandwidth", _("no animations or hover tracking (for slow SSH links)"))
    look.add_argument(
        "--lang", help=_("language of the interface (e.g. it, tl, eo) where a translation exists")
    )

    files = parser.add_argument_group(_("files"))
    files.add_argument(
        "--store",
        type=Path,
        metavar="FILE",
        help=_("the save file (default: in your data directory)"),
    )
    files.add_argument(
        "--settings",
        type=Path,
        metavar="FILE",
        help=_("the settings file (default: {path})").format(path=settings_path()),
    )
    # The server starts each online session's app with this; players never type it.
    parser.add_argument("--remote", metavar="SOCKET", help=argparse.SUPPRESS)
    # With --remote, for "ssh host replay CODE": that replay alone, not the lobby.
    parser.add_argument("--replay", metavar="CODE", help=argparse.SUPPRESS)
    return parser


def needs_ascii(environ: Mapping[str, str]) -> bool:
    """Whether the terminal's locale says it cannot show suit symbols (not UTF-8).

    The locale variables decide, the first set of LC_ALL, LC_CTYPE, LANG; none set
    says nothing, and UTF-8 is assumed, as nearly every terminal is.
    """
    lang = environ.get("LANG", "")
    ctype = environ.get("LC_CTYPE", "")
    if not environ.get("LC_ALL") and ctype == "C.UTF-8" and lang.upper() in ("C", "POSIX"):
        return True  # Python itself turned a plain C locale into C.UTF-8
    value = environ.get("LC_ALL") or ctype or lang
    if not value:
        return False
    if value.upper() in ("C", "POSIX"):
        return True
    encoding = value.partition(".")[2].partition("@")[0].lower().replace("-", "")
    return encoding != "utf8"


def main(argv: list[str] | None = None) -> None:
    limit_threads()
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["serve"]:
        from .online.server.cli import main as serve

        raise SystemExit(serve(argv[1:]))
    if argv[:1] == ["web"]:
        from .online.web.local import main as web

        raise SystemExit(web(argv[1:]))
    # The language first, so that --help and the errors speak it too.
    early = argparse.ArgumentParser(add_help=False)
    early.add_argument("--lang")
    early.add_argument("--settings", type=Path)
    early.add_argument("--remote")
    known, _rest = early.parse_known_args(argv)
    # Read once, here: an online session (--remote) keeps no settings file.
    settings = Settings() if known.remote else load_settings(known.settings)
    use_language(known.lang or settings.language)
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.remote:
        _remote(args)
        return
    changes = {
        "pace": args.pace,
        "ascii": args.ascii,
        "four_colour": args.four_colour,
        "theme": args.theme,
        "animations": False if args.low_bandwidth else None,
        "language": args.lang,
    }
    chosen = {k: v for k, v in changes.items() if v is not None}
    if chosen:
        settings = settings.but(**chosen)
        try:
            save_settings(settings, args.settings)
        except OSError as err:
            print(f"craits-tui: settings not saved: {err}", file=sys.stderr)
    if needs_ascii(os.environ):
        settings = settings.but(ascii=True)
    use_language(settings.language)

    try:
        launch = _launch(args)
    except ValueError as err:
        parser.error(str(err))

    from .app import CraitsApp

    store = args.store or (Path(settings.save_file) if settings.save_file else None)
    app = CraitsApp(launch, settings, store_path=store, settings_file=args.settings)
    message = app.run()
    if message:
        print(message)


def _remote(args: argparse.Namespace) -> None:
    """An online session, started by the server: the settings file here is the
    server's, not the player's, so none is read or written. (The pace is the host's
    to set, on the app's command line: a benchmark's apps show each move at once.)"""
    settings = Settings(
        ascii=bool(args.ascii) or needs_ascii(os.environ),
        four_colour=bool(args.four_colour),
        theme=args.theme or "dark",
        animations=not args.low_bandwidth,
        language=args.lang,
    )
    if args.pace:
        settings = settings.but(pace=args.pace)
    use_language(settings.language)
    from .online.client.app import run_remote

    run_remote(args.remote, settings, replay=args.replay)


def _launch(args: argparse.Namespace) -> Launch:
    rules = RuleSet(
        short_game=args.short,
        colour_matching=args.colour_matching,
        voluntary_draw=args.voluntary_draw,
        seven_skips=args.seven_skips,
        wild_nine=args.wild_nine,
    )
    if args.learn:
        return Launch(learn=True)
    if args.resume:
        return Launch(resume=True)
    if not _wants_game(args, rules):
        return Launch()
    count = args.players or DEFAULT_PLAYERS
    if not MIN_PLAYERS <= count <= MAX_PLAYERS:
        raise ValueError(
            _("--players must be {low} to {high}").format(low=MIN_PLAYERS, high=MAX_PLAYERS)
        )
    humans = 0 if args.watch else 1 if args.humans is None else args.humans
    if not 0 <= humans <= count:
        raise ValueError(_("--humans must be between 0 and the number of players"))
    levels = [s.strip() for s in args.bots.split(",")] if args.bots else []
    for level in levels:
        if level not in BOT_LEVELS:
            raise ValueError(
                _("unknown bot level {level} (choose from {levels})").format(
                    level=level, levels=", ".join(BOT_LEVELS)
                )
            )
    names = [s.strip() for s in args.names.split(",")] if args.names else []
    if humans and not (names and names[0]):
        # As the set-up screen names you, so that past games count one person once.
        names = [own_name(), *names[1:]]
    taken = {name.casefold() for name in names}
    spare = iter(name for name in BOT_NAMES if name.casefold() not in taken)
    seats = []
    for i in range(count):
        name = names[i] if i < len(names) and names[i] else next(spare)
        bot_index = i - humans
        level = (
            None
            if i < humans
            else (
                levels[bot_index]
                if bot_index < len(levels)
                else (levels[-1] if levels else DEFAULT_LEVEL)
            )
        )
        seats.append(Seat(name, level))
    if len({s.name for s in seats}) != len(seats):
        raise ValueError(_("player names must differ"))
    return Launch(new_game=NewGame(tuple(seats), rules, args.seed))


def _wants_game(args: argparse.Namespace, rules: RuleSet) -> bool:
    """Whether any option of "start a game at once" was given: each one skips the
    menu, a rule variant alone too (``craits-tui --short`` plays the short game)."""
    seating = (args.players, args.seed, args.bots, args.names, args.humans)
    return args.watch or any(option is not None for option in seating) or rules != RuleSet()
