"""The smallest Textual apps worth comparing with.

`bench/tui.py` starts them in a pseudo-terminal, to set the game against what
Textual itself costs:

    python bench/minimal_app.py
        Start-up: a Static and a Footer.
    python bench/minimal_app.py --widgets N --every S --ticks FILE [--cells C] [--layouts K]
        CPU per move: N Statics (with a border) in three columns above a Footer,
        together some C cells of the window, and every S seconds a "move" that changes
        a little text in each of them, as a move of the game redraws its widgets (K of
        them ask for a layout too, the others only for a redraw). Each move's number
        is written to FILE just before the widgets change, as the game saves a move
        before drawing it, so that the bench can tell when each began and how many
        there were.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Grid
from textual.widgets import Footer, Static


class MinimalApp(App[None]):
    """A "hello" and a footer; q quits."""

    # The word the bench waits for, the last of the table's footer.
    BINDINGS = [Binding("q", "quit", "Leave")]

    def compose(self) -> ComposeResult:
        yield Static("hello")
        yield Footer()


COLUMNS = 3


class BusyApp(App[None]):
    """``widgets`` Statics and a footer; every ``every`` seconds each one's text
    changes a little (the first ``layouts`` of them laid out again, as well). The
    Statics cover some ``cells`` cells (None: the window above the footer)."""

    CSS_PATH = "minimal_app.tcss"
    # The word the bench waits for, the last of the table's footer.
    BINDINGS = [Binding("q", "quit", "Leave")]

    def __init__(
        self,
        widgets: int,
        every: float,
        ticks: Path,
        *,
        cells: int | None = None,
        layouts: int = 0,
    ) -> None:
        super().__init__()
        self.widgets = widgets
        self.every = every
        self.ticks_file = ticks
        self.cells = cells
        self.layouts = layouts
        self.tick = 0

    def compose(self) -> ComposeResult:
        with Grid(id="tiles"):
            for n in range(self.widgets):
                yield Static(self._text(n), classes="tile")
        yield Footer()

    def on_mount(self) -> None:
        rows = -(-self.widgets // COLUMNS)
        room = max(1, (self.size.height - 1) // rows)  # the footer's line left free
        if self.cells is None:
            height = room
        else:
            width = self.size.width // COLUMNS
            height = round(self.cells / self.widgets / max(1, width))
        for tile in self.query(".tile"):
            # A border and a line at the least: the two lines shown may be cropped.
            tile.styles.height = min(max(height, 3), room)
        self._write_tick()
        self.set_interval(self.every, self._move)

    def _text(self, n: int) -> str:
        return f"widget {n + 1}\nmove {self.tick}"

    def _move(self) -> None:
        self.tick += 1
        self._write_tick()
        for n, tile in enumerate(self.query(".tile").results(Static)):
            tile.update(self._text(n), layout=n < self.layouts)

    def _write_tick(self) -> None:
        # Whole or not at all: the bench may read the file at any moment.
        spare = self.ticks_file.with_suffix(".new")
        spare.write_text(str(self.tick))
        os.replace(spare, self.ticks_file)


def main() -> None:
    if len(sys.argv) == 1:
        MinimalApp().run()
        return
    import argparse  # only here: the start-up measured is Textual's, not argparse's

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--widgets", type=int, required=True, help="widgets changed a move")
    parser.add_argument("--every", type=float, default=0.8, help="seconds between moves")
    parser.add_argument("--ticks", type=Path, required=True, help="each move's number, written")
    parser.add_argument("--cells", type=int, help="cells of the window the widgets cover")
    parser.add_argument("--layouts", type=int, default=0, help="widgets also laid out a move")
    args = parser.parse_args()
    BusyApp(args.widgets, args.every, args.ticks, cells=args.cells, layouts=args.layouts).run()


if __name__ == "__main__":
    main()
