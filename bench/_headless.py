"""The watching table run headless, in the bench's own process: what is where on the
screen, and what a move redraws. Four bots (Ada, Bob, Cy, Di, level normal) and seed
7, as in the runs in a pseudo-terminal.
"""

from __future__ import annotations

import asyncio
import statistics
import tempfile
import time
from collections import Counter
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from craits_core import Event
from craits_core.events import GameEnded, RoundEnded, RoundStarted

HIDE_HAND = "v"
"""The key that hides the hand of the player to move, when watching."""

ROUND_EVENTS: frozenset[type[Event]] = frozenset({RoundEnded, RoundStarted, GameEnded})
"""Events after which a move is not an ordinary one (a summary, a new deal)."""


def label(widget: Any) -> str:
    """A widget by its id, or its nearest ancestor's below the screen, or its class."""
    from textual.screen import Screen
    from textual.widget import Widget

    node = widget
    while not node.id and isinstance(node.parent, Widget):
        if isinstance(node.parent, Screen):
            break
        node = node.parent
    return f"#{node.id}" if node.id else type(node).__name__


def name_of(widget: Any) -> str:
    """A widget by its id, else by its class and `label`: "SeatBadge in #opponents"."""
    if widget.id:
        return f"#{widget.id}"
    return f"{type(widget).__name__} in {label(widget)}"


def table_of(app: Any) -> Any | None:
    """The game the table's screen shows (under a round's summary if one is up)."""
    tables = [s.table for s in app.screen_stack if hasattr(s, "table")]
    return tables[-1] if tables and hasattr(tables[-1], "subscribe") else None


@asynccontextmanager
async def watching_table(
    size: tuple[int, int],
    *,
    pace: str,
    hand: bool,
    motion: bool,
    listener: Callable[[int, Event], None] | None = None,
) -> AsyncIterator[Any]:
    """A pilot at the watching table, laid out at ``size``, the hand of the player to
    move shown or hidden, motion on or off (the "animations" setting). A ``listener``
    hears the game's events from the first move on."""
    from craits_tui.app import CraitsApp
    from craits_tui.launch import Launch, NewGame
    from craits_tui.settings import Settings
    from craits_tui.table import Seat

    seats = tuple(Seat(name, "normal") for name in ("Ada", "Bob", "Cy", "Di"))
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp)
        app = CraitsApp(
            Launch(new_game=NewGame(seats, seed="7")),
            Settings(pace=pace, animations=motion),
            store_path=home / "games.sqlite3",
            settings_file=home / "settings.json",
        )
        async with app.run_test(size=size) as pilot:
            unsubscribe = None
            if listener is not None:
                # The table opens after the app's mount; its first bot moves a
                # pace later.
                deadline = time.monotonic() + 10.0
                while (table := table_of(app)) is None and time.monotonic() < deadline:
                    await pilot.pause(0.01)
                if table is None:
                    raise RuntimeError("no table to follow: no screen with a `table`")
                unsubscribe = table.subscribe(listener)
            try:
                await pilot.pause(0.2)
                if not hand:
                    await pilot.press(HIDE_HAND)
                    await pilot.pause(0.2)
                yield pilot
            finally:
                if unsubscribe is not None:
                    unsubscribe()


def widget_map(size: tuple[int, int], pace: str, hand: bool, motion: bool) -> list[list[str]]:
    """The widget at every cell of the watching table, by `label`, just after the deal."""
    from textual.errors import NoWidget

    cols, rows = size
    names = [["?"] * cols for _ in range(rows)]

    async def lay_out() -> None:
        async with watching_table(size, pace=pace, hand=hand, motion=motion) as pilot:
            screen = pilot.app.screen
            for y in range(rows):
                for x in range(cols):
                    with suppress(NoWidget):
                        names[y][x] = label(screen.get_widget_at(x, y)[0])

    asyncio.run(lay_out())
    return names


@dataclass
class _Move:
    events: list[type[Event]] = field(default_factory=list)
    refreshed: dict[int, str] = field(default_factory=dict)
    """id() of each widget asked to redraw, and its label."""
    laid_out: set[int] = field(default_factory=set)
    calls: int = 0
    whole: dict[int, int] = field(default_factory=dict)
    """Cells of each widget asked to redraw whole (border and padding included)."""
    parts: Counter[int] = field(default_factory=Counter)
    """Cells of the regions of each widget asked to redraw only in part."""

    @property
    def cells(self) -> int:
        """Cells asked to redraw: a widget's whole, or the parts of it asked for."""
        return sum(self.whole.values()) + sum(
            cells for key, cells in self.parts.items() if key not in self.whole
        )


@dataclass(frozen=True)
class RefreshCount:
    """What the table redraws on its ordinary moves (neither a round's end nor a deal)."""

    widgets: list[int]
    """A move: how many widgets were asked to redraw (`Widget.refresh`), each once."""
    layouts: list[int]
    """A move: how many of them asked for a layout as well."""
    calls: list[int]
    """A move: calls to `Widget.refresh`, all told."""
    cells: list[int]
    """A move: the cells of the screen those calls asked to redraw."""
    names: Counter[str]
    """In how many of the moves each widget (by `label`) was redrawn; a label that
    several widgets share counts once a widget."""

    @property
    def moves(self) -> int:
        return len(self.widgets)

    @property
    def median_widgets(self) -> int:
        return round(statistics.median(self.widgets)) if self.widgets else 0

    @property
    def median_cells(self) -> int:
        return round(statistics.median(self.cells)) if self.cells else 0

    @property
    def median_layouts(self) -> int:
        return round(statistics.median(self.layouts)) if self.layouts else 0


def count_refreshes(
    size: tuple[int, int],
    *,
    hand: bool,
    motion: bool = False,
    moves: int = 20,
    pace: str = "fast",
    timeout: float = 40.0,
) -> RefreshCount:
    """Watch ``moves`` ordinary moves headless and count the widgets each asked to
    redraw, by wrapping `Widget.refresh` for the time. The moves are told apart by the
    game's events: those of one move come together, then the table redraws. The
    count starts with the first move: the same moves every time, the game and its
    bots being seeded. At "fast", a move's redrawing is over long before the next."""
    from textual.screen import Screen
    from textual.widget import Widget

    seen: list[_Move] = [_Move()]
    original: Callable[..., Any] = Widget.refresh

    def refresh(self: Widget, *regions: Any, **options: Any) -> Any:
        if not isinstance(self, Screen):
            move = seen[-1]
            move.calls += 1
            move.refreshed.setdefault(id(self), name_of(self))
            if options.get("layout"):
                move.laid_out.add(id(self))
            if options.get("repaint", True):
                if regions:
                    move.parts[id(self)] += sum(r.area for r in regions)
                else:
                    move.whole[id(self)] = self.outer_size.area
        return original(self, *regions, **options)

    def hear(_index: int, event: Event) -> None:
        if seen[-1].calls:
            seen.append(_Move())  # the first event of the next move
        seen[-1].events.append(type(event))

    def ordinary() -> list[_Move]:
        # The first and the last are cut short by the start and the end of the count.
        return [m for m in seen[1:-1] if m.events and not ROUND_EVENTS & set(m.events)]

    async def watch() -> None:
        Widget.refresh = refresh  # type: ignore[method-assign]
        try:
            options = {"pace": pace, "hand": hand, "motion": motion}
            async with watching_table(size, **options, listener=hear) as pilot:
                deadline = time.monotonic() + timeout
                while len(ordinary()) < moves and time.monotonic() < deadline:
                    await pilot.pause(0.1)
        finally:
            Widget.refresh = original  # type: ignore[method-assign]

    asyncio.run(watch())
    counted = ordinary()[:moves]
    names: Counter[str] = Counter()
    for move in counted:
        names.update(move.refreshed.values())
    return RefreshCount(
        widgets=[len(m.refreshed) for m in counted],
        layouts=[len(m.laid_out) for m in counted],
        calls=[m.calls for m in counted],
        cells=[m.cells for m in counted],
        names=names,
    )
