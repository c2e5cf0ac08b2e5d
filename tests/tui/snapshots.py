"""Screens of the app drawn the same way every time, for snapshot tests and screenshots.

A `Scene` brings a freshly started app to one screen: a stacked or seeded game,
driven by keys as a player would, or by the engine when many moves are needed.
`render` runs a scene headless and returns the screen as SVG text;
`check_snapshot` compares that text with the stored file under ``snapshots/``.
``screenshots/make.py`` renders the same scenes into images, so the pictures in
the documentation and the snapshots under test never drift apart.

Why each choice keeps the drawing stable:

- the dark theme and plain settings are fixed here, not read from the user;
- English is forced while the scene renders, whatever the environment says;
- bots play at the "slow" pace, and every scene ends on a screen where no bot
  can move (the person's turn, a dialog, or the end of the game), so no timer
  races the screenshot;
- animations are off, and `render` waits until two consecutive drawings agree;
- notifications are off in ``run_test`` and cleared before the picture anyway;
- nothing shows the clock: a saved game reads "just now".
"""

from __future__ import annotations

import difflib
import gettext
import html
import os
import re
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from rich.cells import cell_len
from textual.pilot import Pilot
from textual.screen import Screen

from craits_core import CallIdiot, Card, Draw, Game, Play, RuleSet, State
from craits_tui import i18n
from craits_tui.app import CraitsApp
from craits_tui.launch import Launch
from craits_tui.screens.first_start import LessonsOffer
from craits_tui.screens.game_over import GameOver
from craits_tui.screens.options import OptionsScreen
from craits_tui.screens.replay import ReplayScreen
from craits_tui.screens.round_summary import RoundSummary
from craits_tui.screens.scores import ScoresScreen
from craits_tui.screens.suit_picker import SuitPicker
from craits_tui.screens.table import TableScreen
from craits_tui.settings import Settings
from craits_tui.table import LocalTable, Seat
from craits_tui.widgets.hand import Hand

from ..decks import stacked_game

SIZE = (100, 32)
"""The terminal size of most scenes: roomy enough for every panel of the table."""

SNAPSHOT_DIR = Path(__file__).parent / "snapshots"
UPDATE_VARIABLE = "CRAITS_UPDATE_SNAPSHOTS"

SETTINGS = Settings(pace="slow", theme="dark", animations=False, lessons_offered=True)
"""Slow bots never move before the picture; no animations and no hover tracking;
the lessons offered at a first start already offered (the `first_start` scene
offers them)."""

STABLE_TRIES = 20
"""How many times `render` redraws, at most, waiting for two drawings to agree."""

Build = Callable[[CraitsApp, Pilot[str | None]], Awaitable[None]]


@dataclass(frozen=True)
class Scene:
    """A screen worth a picture, and the steps that lead a new app to it."""

    name: str
    build: Build
    size: tuple[int, int] = SIZE

    @property
    def description(self) -> str:
        """What the picture shows: the first line of its build function's docstring."""
        return (self.build.__doc__ or self.name).strip().splitlines()[0]


# --- Games -----------------------------------------------------------------------------

BOTS = ("normal", "normal")
"""Bob and Cy, beside Ann, the person at the terminal."""

NAMES = ("Ann", "Bob", "Cy", "Di", "Ed")


def seat(app: CraitsApp, game: Game, bots: Sequence[str | None] = (None, *BOTS)) -> TableScreen:
    """Open ``game`` at the app's table, seat 0 a person and the others as given.

    Every scene opens its table where no bot has anything to do (the person's turn,
    or the end), so a bot's timer cannot change the screen before the picture.
    """
    seats = tuple(Seat(name, bot) for name, bot in zip(game.state.players, bots, strict=True))
    table = app.play(game, seats)
    assert table.next_bot_move() is None, "a bot could move while the picture is taken"
    screen = app.screen
    assert isinstance(screen, TableScreen)
    return screen


def play(game: Game, player: int, code: str, *, announce: bool = False) -> None:
    """Let seat ``player`` play the card ``code`` (e.g. "7H"), through the engine."""
    game.handle(Play(player, Card.parse(code), announce=announce))


def number_of(screen: TableScreen, code: str) -> str:
    """The number key that plays ``code`` (e.g. "8D"): the hand orders cards itself."""
    return str(screen.query_one(Hand).cards.index(Card.parse(code)) + 1)


def mid_round_game() -> Game:
    """Round 2 for Ann, Bob and Cy: Bob's 7 makes Cy draw, Cy's 7 makes Ann draw.

    Ann's turn comes with four cards she may play (10♣ Q♣ on the clubs, 7♠ on the
    7, the wild 8♦) and four she may not.
    """
    game = stacked_game(
        [
            "KS 8D 4H 10C 7S QC 2H",
            "7H 3C 5S 9D KD JC 6H",
            "7C 9S 4S QH 10D 6C 3D",
        ],
        "JH",
        "2C AS",
        dealer=0,
    )
    play(game, 1, "7H")
    play(game, 2, "7C")
    return game


def crank_game() -> Game:
    """Bob starts a crank with 2♥, Cy raises it with A♣: Ann must answer with 2♠ or A♦."""
    game = stacked_game(
        [
            "2S AD 9C QS 5H JD 4C",
            "2H 6S 8H 10H 3S KC 9H",
            "AC 7D 4D JS 6D 10S 3H",
        ],
        "KH",
        dealer=0,
    )
    play(game, 1, "2H")
    play(game, 2, "AC")
    return game


def big_hand_game() -> Game:
    """Twelve cards for Ann after a crank: Bob's 2♥ and Cy's 2♣ made her draw four.

    Bob and Cy went on with Q♣ and Q♦: Ann may play a diamond (the 10th to 12th
    cards of her hand among them) or her Q♠.
    """
    game = stacked_game(
        [
            "3S 5H 9D JC 10S 6D 4H QS",
            "2H QC 3C 5S 6S 8S 9S JS",
            "2C QD 3D 5D 7D 8D 10D JD",
        ],
        "KH",
        "7S 9C 4D KD",
        dealer=0,
    )
    play(game, 1, "2H")
    play(game, 2, "2C")
    game.handle(Draw(0))
    play(game, 1, "QC")
    play(game, 2, "QD")
    return game


def last_card_game() -> Game:
    """Round 6 (three cards): Ann plays hearts down to her K♥ while Bob and Cy draw.

    Their hands end with threes that cancel cards: Bob's 3♠ the 5♦, Cy's two 3s the
    9♠ and the 4♣.
    """
    game = stacked_game(
        ["JH QH KH", "3S 10C 5D", "3D 9S 4C"],
        "JS",
        "KS 3C 6C AD",
        dealer=2,
    )
    play(game, 0, "JH")
    game.handle(Draw(1))
    game.handle(Draw(2))
    play(game, 0, "QH", announce=True)
    game.handle(Draw(1))
    game.handle(Draw(2))
    return game


def five_game() -> Game:
    """Round 6 (three cards) for five: Ann's turn, and a mark on every other seat.

    Bob forgot his last card and Cy called him: he drew two and loses his next
    turn. Cy said "last card" with her Q♦; Di drew, having nothing to play; Ed
    forgot his last card too, and can be called now.
    """
    game = stacked_game(
        ["3C KD 9S", "KC 3D JS", "QC QD 4S", "JC 5S 6S", "AC JD 10S"], "KH", "2S 4H QS", dealer=0
    )
    for player, code in ((1, "KC"), (2, "QC"), (3, "JC"), (4, "AC"), (0, "3C"), (1, "3D")):
        play(game, player, code)
    game.handle(CallIdiot(2, 1))
    play(game, 2, "QD", announce=True)
    game.handle(Draw(3))
    play(game, 4, "JD")
    return game


def bots_play(game: Game, until: Callable[[State], bool] = lambda state: False) -> Game:
    """Let seeded bots play every seat until ``until`` holds, or to the end of the game."""
    table = LocalTable(game, [Seat(name, "normal") for name in game.state.players])
    while not game.state.is_over and not until(game.state):
        move = table.next_bot_move()
        assert move is not None, "the bots are stuck"
        game.handle(move)
    return game


def anns_turn_in_round(number: int) -> Callable[[State], bool]:
    """A stop for `bots_play`: round ``number`` has come, and it is Ann's turn."""
    return lambda state: state.round_number == number and state.current_player == 0


def short_game() -> Game:
    """A seeded short game (eight rounds) for Ann, Bob and Cy."""
    return Game.new(["Ann", "Bob", "Cy"], seed=7, rules=RuleSet(short_game=True))


# --- Scenes ------------------------------------------------------------------------------


async def table(app: CraitsApp, pilot: Pilot[str | None]) -> None:
    """The table mid-round, Ann's turn: the cards she may play lit, the others dimmed."""
    seat(app, mid_round_game())


async def table_big_hand(app: CraitsApp, pilot: Pilot[str | None]) -> None:
    """A hand of twelve after a crank: a key over every card, 0 and letters past the ninth."""
    seat(app, big_hand_game())


async def table_crank(app: CraitsApp, pilot: Pilot[str | None]) -> None:
    """A crank of 3 that Ann must answer with an ace or a 2."""
    seat(app, crank_game())


async def suit_picker(app: CraitsApp, pilot: Pilot[str | None]) -> None:
    """Ann plays the 8♦ and names a suit."""
    screen = seat(app, mid_round_game())
    await pilot.pause()
    await pilot.press(number_of(screen, "8D"))
    await wait_for(pilot, SuitPicker)


async def round_summary(app: CraitsApp, pilot: Pilot[str | None]) -> None:
    """Ann goes out; the summary shows each 3 cancelling a card."""
    seat(app, last_card_game())
    await pilot.pause()
    await pilot.press("1")  # Ann's last card, the K♥
    await wait_for(pilot, RoundSummary)


async def scores(app: CraitsApp, pilot: Pilot[str | None]) -> None:
    """The scoreboard (the s key) after three rounds of a short game."""
    seat(app, bots_play(short_game(), anns_turn_in_round(4)))
    await pilot.pause()
    await pilot.press("s")
    await wait_for(pilot, ScoresScreen)


async def game_over(app: CraitsApp, pilot: Pilot[str | None]) -> None:
    """The end of a short game: the winner's banner, the standings, the rounds."""
    seat(app, bots_play(short_game()))  # the table opens on the final standings
    await wait_for(pilot, GameOver)


async def watching(app: CraitsApp, pilot: Pilot[str | None]) -> None:
    """Four bots play, paused: the hand of the player to move, face up."""
    game = bots_play(
        Game.new(["Ada", "Bob", "Cy", "Di"], seed=4),
        lambda state: state.round_number == 2 and len(state.pile) > 4,
    )
    app.play(game, tuple(Seat(name, "normal") for name in game.state.players))
    screen = app.screen
    assert isinstance(screen, TableScreen)
    # Paused before the table is first drawn: no bot's timer races the picture.
    screen.action_pause()


async def table_five(app: CraitsApp, pilot: Pilot[str | None]) -> None:
    """Five at the table: Bob left, Cy and Di across, Ed right, each with a mark."""
    game = five_game()
    app.play(game, tuple(Seat(n, None if i == 0 else "normal") for i, n in enumerate(NAMES)))
    screen = app.screen
    assert isinstance(screen, TableScreen)
    # Held before the table is first drawn: the bots would call Ed at once.
    screen.action_pause()


async def motion(app: CraitsApp, pilot: Pilot[str | None]) -> None:
    """A card in motion: Cy's 7♣ halfway from his seat to the discard pile."""
    from craits_tui.moves_shown import Flight, Spot, flight_face
    from craits_tui.widgets.discard import DiscardPile
    from craits_tui.widgets.motion import Motion, Piece, PieceKind, centred, path_between
    from craits_tui.widgets.seats import Seating

    screen = seat(app, mid_round_game())
    await pilot.pause()
    # Held halfway, as no animation runs while a picture is taken: the piece as
    # the motion layer flies it.
    face = flight_face(Flight((Card.parse("7C"),), 1, 2, Spot.DISCARD), screen.look)
    width = face.cell_len + 2
    start = centred(screen.query_one(Seating).place_of(2), width)
    end = centred(screen.query_one(DiscardPile).region, width)
    path = path_between(start, end, 6, app.size, width)
    piece = Piece(face, path, 0.3, easing="linear", kind=PieceKind.CARD)
    screen.query_one(Motion).place_piece(piece)
    piece.progress = 0.5


async def lesson(app: CraitsApp, pilot: Pilot[str | None]) -> None:
    """The first lesson of "Learn to play": what to do, and the table to do it at."""
    # The pupil is named after the login, which differs from machine to machine.
    login = os.environ.get("LOGNAME")
    os.environ["LOGNAME"] = "ann"
    try:
        app.open_lesson("match")
    finally:
        if login is None:
            del os.environ["LOGNAME"]
        else:
            os.environ["LOGNAME"] = login
    await pilot.pause()


async def start(app: CraitsApp, pilot: Pilot[str | None]) -> None:
    """The start menu, offering to resume a game left unfinished."""
    seat(app, mid_round_game())
    await pilot.pause()
    app.show_menu()


async def first_start(app: CraitsApp, pilot: Pilot[str | None]) -> None:
    """A first start: the lessons offered over the start menu."""
    app.offer_lessons()
    await wait_for(pilot, LessonsOffer)


async def options(app: CraitsApp, pilot: Pilot[str | None]) -> None:
    """The options (the o key) over the table."""
    seat(app, mid_round_game())
    await pilot.pause()
    await pilot.press("o")
    await wait_for(pilot, OptionsScreen)


async def replay(app: CraitsApp, pilot: Pilot[str | None]) -> None:
    """A replay in a crank: Ann's 2♠ has made it 6, and it is Bob's turn."""
    game = bots_play(short_game())
    screen = ReplayScreen(game, SETTINGS)
    await app.push_screen(screen)
    await wait_for(pilot, ReplayScreen)
    # Paused, as a replay opens: no timer races the picture.
    timeline = screen.timeline
    screen.go(next(i for i in range(len(timeline)) if timeline.view(i, None).crank == 6) + 1)


async def help_screen(app: CraitsApp, pilot: Pilot[str | None]) -> None:
    """The help, opened from the start menu on its Rules tab."""
    await pilot.press("question_mark")


async def help_controls(app: CraitsApp, pilot: Pilot[str | None]) -> None:
    """The help's Controls tab: keys and what they do, side by side."""
    await pilot.press("question_mark", "c")


SCENES: tuple[Scene, ...] = (
    Scene("start", start),
    Scene("table", table),
    Scene("table_crank", table_crank),
    Scene("suit_picker", suit_picker),
    Scene("round_summary", round_summary),
    Scene("scores", scores),
    Scene("game_over", game_over),
    Scene("watching", watching),
    Scene("options", options),
    Scene("help", help_screen),
    Scene("table_80x24", table, size=(80, 24)),  # the smallest window the game allows
    Scene("start_80x24", start, size=(80, 24)),
    Scene("first_start_80x24", first_start, size=(80, 24)),
    Scene("help_controls_80x24", help_controls, size=(80, 24)),
    Scene("table_160x48", table, size=(160, 48)),  # room for big cards
    Scene("table_140x45", table, size=(140, 45)),
    Scene("table_crank_80x24", table_crank, size=(80, 24)),
    Scene("table_big_hand_80x24", table_big_hand, size=(80, 24)),
    Scene("table_big_hand_140x45", table_big_hand, size=(140, 45)),
    Scene("table_five", table_five),
    Scene("table_five_80x24", table_five, size=(80, 24)),
    Scene("table_five_140x45", table_five, size=(140, 45)),
    Scene("watching_140x45", watching, size=(140, 45)),
    Scene("motion", motion),
    Scene("lesson", lesson),
    Scene("lesson_80x24", lesson, size=(80, 24)),
    Scene("replay", replay),
    Scene("replay_80x24", replay, size=(80, 24)),
)
"""Every scene, in the order a player meets them."""

SCENES_BY_NAME = {scene.name: scene for scene in SCENES}


# --- Driving the app -------------------------------------------------------------------


async def wait_for(pilot: Pilot[str | None], screen_type: type[Screen[object]]) -> None:
    """Pause until ``screen_type`` is on top; a clear failure if it never comes."""
    for _ in range(50):
        if isinstance(pilot.app.screen, screen_type):
            return
        await pilot.pause()
    raise AssertionError(f"expected {screen_type.__name__}, got {pilot.app.screen!r}")


def make_app(workdir: Path) -> CraitsApp:
    """A new app with its own save file and settings under ``workdir``."""
    return CraitsApp(
        Launch(),
        SETTINGS,
        store_path=workdir / "games.sqlite3",
        settings_file=workdir / "settings.json",
    )


def other_language() -> str | None:
    """The catalog the environment selects, if any: a picture drawn in it would not
    be the English one stored."""
    return gettext.find(i18n.DOMAIN, i18n.LOCALE_DIR)


async def render(scene: Scene, workdir: Path) -> str:
    """Run ``scene`` in a new headless app and return its screen as SVG text.

    The words drawn while it runs are English whatever the environment says: the
    module's translation is swapped for the untranslated one, and put back after.
    """
    saved = i18n._translation
    i18n._translation = gettext.NullTranslations()
    try:
        app = make_app(workdir)
        app.animation_level = "none"  # tabs and scrolls jump to their end at once
        async with app.run_test(size=scene.size) as pilot:
            await pilot.pause()
            await scene.build(app, pilot)
            return await stable_screenshot(app, pilot)
    finally:
        i18n._translation = saved


async def stable_screenshot(app: CraitsApp, pilot: Pilot[str | None]) -> str:
    """The screen once it stops changing: two drawings in a row that agree."""
    app.clear_notifications()
    await pilot.pause()
    before = app.export_screenshot()
    for _ in range(STABLE_TRIES):
        await pilot.pause()
        now = app.export_screenshot()
        if now == before:
            return now
        before = now
    raise AssertionError(f"the screen kept changing after {STABLE_TRIES} redraws")


# --- Comparing ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Outcome:
    """What `check_snapshot` did: compared it, or wrote it (and why)."""

    written: bool
    path: Path
    reason: str = ""


def update_requested() -> bool:
    return os.environ.get(UPDATE_VARIABLE, "") not in ("", "0")


def check_snapshot(name: str, svg: str, directory: Path = SNAPSHOT_DIR) -> Outcome:
    """Compare ``svg`` with the stored ``<name>.svg``; write it when missing or asked to.

    On a mismatch the new drawing is kept beside the old one as ``<name>.new.svg``
    and AssertionError says how the text on the screen changed.
    """
    path = directory / f"{name}.svg"
    new_path = directory / f"{name}.new.svg"
    if update_requested() or not path.exists():
        reason = "updated" if path.exists() else "new"
        directory.mkdir(parents=True, exist_ok=True)
        path.write_text(svg, encoding="utf-8")
        new_path.unlink(missing_ok=True)
        return Outcome(True, path, reason)
    stored = path.read_text(encoding="utf-8")
    if stored == svg:
        # A leftover from an earlier failure would only mislead.
        new_path.unlink(missing_ok=True)
        return Outcome(False, path)
    new_path.write_text(svg, encoding="utf-8")
    raise AssertionError(mismatch_message(name, path, new_path, stored, svg))


def mismatch_message(name: str, path: Path, new_path: Path, old: str, new: str) -> str:
    diff = list(
        difflib.unified_diff(
            screen_lines(old), screen_lines(new), "stored", "now", n=1, lineterm=""
        )
    )
    what = (
        "The text on the screen changed:\n" + "\n".join(diff)
        if diff
        else "The text is the same: colours, styles or layout changed."
    )
    return (
        f"Snapshot {name!r} differs from {path.name}.\n"
        f"{what}\n"
        f"The new drawing is in {new_path}: open both in a browser to compare. "
        f"If the change is wanted, run the tests again with {UPDATE_VARIABLE}=1."
    )


CHAR_WIDTH = 12.2
"""Rich's SVG export puts a cell every 12.2 units (its default 20-unit font, times 0.61)."""

_TEXT = re.compile(
    r'<text class="[^"]*" x="([\d.]+)" y="[\d.]+" textLength="[\d.]+" '
    r'clip-path="url\(#[^)]*-line-(\d+)\)">(.*?)</text>'
)


def screen_lines(svg: str) -> list[str]:
    """The terminal's text, line by line, read back from an SVG screenshot (which
    leaves runs of blanks out and places each run of text at its column)."""
    lines: dict[int, str] = {}
    for match in _TEXT.finditer(svg):
        column = round(float(match.group(1)) / CHAR_WIDTH)
        row = int(match.group(2))
        text = html.unescape(match.group(3)).replace("\xa0", " ")
        line = lines.get(row, "")
        lines[row] = line + " " * max(0, column - cell_len(line)) + text
    return [lines.get(i, "").rstrip() for i in range(max(lines, default=-1) + 1)]
