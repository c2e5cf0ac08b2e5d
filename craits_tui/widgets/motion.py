"""The motion layer: cards that travel across the table, and marks that pop up and go.

A `Motion` is mounted once on a screen. It takes no room: the pieces it shows are
one line of text each, drawn over everything else (``overlay: screen``) at an
absolute place that Textual's animator moves along a path worked out beforehand.

What a terminal is sent is what matters here (players over SSH): each step of a
piece repaints the cells it covers and those it left, and Textual sends the line
under the cells it left from the edge of the widget there (100 to 350 bytes a
step, by `bench/motion.py`), so the number of steps is what costs. A path has
`STEPS_PER_SECOND` steps a second at most, however far it goes and however often
the animator ticks (60 a second).

Input is never held up. Any key ends every motion at once (the pieces land, their
arrival callbacks run) before the key does what it does; a press on a flying piece
does the same and clicks what lies under it. Switched off, the layer mounts
nothing and draws nothing: an arrival callback runs at once, as if the piece had
landed already.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial

from rich.text import Text
from textual import events, on
from textual.geometry import Offset, Region, Size
from textual.message import Message
from textual.reactive import var
from textual.widget import Widget

from ..faces import CardLook
from ..moves_shown import Flight, Movement, TablePlaces, flight_face, mark_text
from .plain import PlainWidget

FLY_SECONDS = 0.3
"""How long a card takes to cross the table."""

MARK_SECONDS = 0.4
"""How long a mark stays up."""

STEPS_PER_SECOND = 10
"""Steps of a piece a second, at most: each costs a small repaint (`bench/motion.py`)
and, as Textual places a piece anew, a layout of the screen: at 20 a second a move
with motion cost some 100 ms of CPU, at 10 some 70 (`bench/tui.py`)."""

Arrival = Callable[[], object]
"""Called when a piece lands (or at once, with motion off)."""


def centred(region: Region, width: int) -> Offset:
    """Where a one-line piece ``width`` cells wide sits centred on ``region``."""
    return Offset(region.x + (region.width - width) // 2, region.y + (region.height - 1) // 2)


def path_between(
    start: Offset, end: Offset, steps: int, within: Size, width: int
) -> tuple[Offset, ...]:
    """The places of a piece ``width`` wide going from ``start`` to ``end`` in
    ``steps`` equal steps (no more than the cells between them), kept inside a screen
    of size ``within``; a place the same as the one before is left out."""
    distance = max(abs(end.x - start.x), abs(end.y - start.y))
    steps = max(1, min(steps, distance))
    right = max(0, within.width - width)
    bottom = max(0, within.height - 1)
    path: list[Offset] = []
    for step in range(steps + 1):
        x = round(start.x + (end.x - start.x) * step / steps)
        y = round(start.y + (end.y - start.y) * step / steps)
        place = Offset(min(max(x, 0), right), min(max(y, 0), bottom))
        if not path or path[-1] != place:
            path.append(place)
    return tuple(path)


def steps_for(duration: float) -> int:
    """The steps a motion of ``duration`` seconds may take."""
    return max(1, round(duration * STEPS_PER_SECOND))


class Piece(PlainWidget):
    """A flying card or a mark: one line of text, moved along its path by `progress`."""

    DEFAULT_CSS = """
    Piece {
        position: absolute;
        overlay: screen;
        width: auto;
        height: 1;
        text-wrap: nowrap;
    }
    /* A flying card: its face (or back) on a card-like patch. */
    Piece.-card {
        background: $panel-lighten-2;
        text-style: bold;
    }
    Piece.-mark {
        background: $warning;
        color: $text;
        text-style: bold;
    }
    """

    progress: var[float] = var(0.0)
    """From 0 (at the start of the path) to 1 (arrived), animated."""

    def __init__(
        self,
        text: Text,
        path: tuple[Offset, ...],
        duration: float,
        *,
        easing: str,
        on_arrival: Arrival | None = None,
        at: Region | None = None,
        classes: str = "",
    ) -> None:
        super().__init__(classes=f"motion-piece {classes}".strip())
        self.text = Text(" ") + text + Text(" ")
        self.path = path
        self.duration = duration
        self.easing = easing
        self.on_arrival = on_arrival
        self.at = at
        """For a mark: the region it pops up over (marks there stack)."""
        self.landed = False
        self._drawn_at = path[0]
        self.styles.offset = path[0]
        # Sized by its text: ``width: auto`` would measure it against the layer,
        # which takes no room.
        self.styles.width = self.text.cell_len

    @property
    def width(self) -> int:
        return self.text.cell_len

    @property
    def place(self) -> Offset:
        """Where the piece is drawn now."""
        index = min(len(self.path) - 1, int(self.progress * len(self.path)))
        return self.path[index]

    def watch_progress(self) -> None:
        place = self.place
        # The animator ticks at 60 a second; the piece moves (and the terminal is
        # sent anything) only when it reaches the next place of its path.
        if place != self._drawn_at:
            self._drawn_at = place
            self.styles.offset = place

    def render(self) -> Text:
        return self.text


class Motion(Widget):
    """The screen's moving pieces: `fly` a card from one region to another, `mark` a
    region with a word, `finish` them all at once."""

    DEFAULT_CSS = """
    /* The layer takes no room: its pieces are drawn over everything else, each at
       the place its animation puts it. */
    Motion {
        position: absolute;
        width: 0;
        height: 0;
    }
    """

    enabled: var[bool] = var(True)
    """Off (the animations setting, ``--low-bandwidth``): nothing is mounted or drawn."""

    class Landed(Message):
        """Every motion has ended: the layer is idle again."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self._pieces: list[Piece] = []
        self._last_key: events.Key | None = None

    @property
    def active(self) -> bool:
        """Whether motions are shown: switched on, here and app-wide (Textual's
        ``animation_level``, which ``TEXTUAL_ANIMATIONS=none`` also sets)."""
        return self.enabled and self.is_mounted and self.app.animation_level != "none"

    @property
    def busy(self) -> bool:
        """Whether a piece is on its way."""
        return bool(self._pieces)

    def on_mount(self) -> None:
        # Every message the app takes in is seen here, keys the first time they come
        # in: before the focused widget, and so before any binding, has them.
        self.app.message_signal.subscribe(self, self._app_message, immediate=True)

    def on_unmount(self) -> None:
        self.app.message_signal.unsubscribe(self)

    def _app_message(self, message: Message) -> None:
        if self._pieces and isinstance(message, events.Key) and message is not self._last_key:
            # The same key comes back to the app once the widgets had it, to run its
            # binding: by then a motion it started must not be ended.
            self._last_key = message
            self.finish()

    def watch_enabled(self, enabled: bool) -> None:
        if not enabled:
            self.finish()

    # --- Motions ------------------------------------------------------------------

    def fly(
        self,
        face: Text,
        start: Region,
        end: Region,
        *,
        duration: float = FLY_SECONDS,
        on_arrival: Arrival | None = None,
    ) -> None:
        """A small piece showing ``face`` (a card's short face, or a back) travels
        from the middle of ``start`` to the middle of ``end`` (screen regions, as
        `Widget.region` gives them) and goes when it arrives; then ``on_arrival``
        runs, to show what arrived where it landed. With motion off, or no way to
        go, ``on_arrival`` runs at once and nothing is drawn."""
        if not self.active:
            if on_arrival is not None:
                on_arrival()
            return
        width = face.cell_len + 2
        path = path_between(
            centred(start, width), centred(end, width), steps_for(duration), self.app.size, width
        )
        if len(path) < 2:
            if on_arrival is not None:
                on_arrival()
            return
        self._start(
            Piece(
                face, path, duration, easing="in_out_cubic", on_arrival=on_arrival, classes="-card"
            )
        )

    def mark(self, text: Text, at: Region, *, duration: float = MARK_SECONDS) -> None:
        """A short mark ("skipped", "+2 crank") pops up over the middle of ``at``,
        rises a line halfway through ``duration``, and goes. Marks over the same
        region at once stack upwards."""
        if not self.active:
            return
        width = text.cell_len + 2
        stacked = sum(1 for piece in self._pieces if piece.at == at)
        start = centred(at, width) - Offset(0, 2 * stacked)
        path = path_between(start, start - Offset(0, 1), 1, self.app.size, width)
        self._start(Piece(text, path, duration, easing="linear", at=at, classes="-mark"))

    def show(self, movements: Iterable[Movement], places: TablePlaces, look: CardLook) -> None:
        """Show what an event moves (`moves_shown.movements_for`) on a table whose
        places are ``places``: a movement whose place is not on the screen is left
        out."""
        for movement in movements:
            if isinstance(movement, Flight):
                start = places.region_of(movement.source)
                end = places.region_of(movement.target)
                if start is not None and end is not None:
                    self.fly(flight_face(movement, look), start, end)
            else:
                at = places.region_of(movement.at)
                if at is not None:
                    self.mark(mark_text(movement, look), at)

    def finish(self) -> None:
        """End every motion at once: each piece goes, and its arrival callback runs,
        in the order they started."""
        for piece in list(self._pieces):
            # Its animation would tick again otherwise, and land it a second time.
            self.app.animator.force_stop_animation(piece, "progress")
            self._land(piece)

    def _start(self, piece: Piece) -> None:
        self._pieces.append(piece)
        self.mount(piece)
        piece.animate(
            "progress",
            1.0,
            duration=piece.duration,
            easing=piece.easing,
            on_complete=partial(self._land, piece),
        )

    def _land(self, piece: Piece) -> None:
        if piece.landed:
            return
        piece.landed = True
        self._pieces.remove(piece)
        piece.display = False  # gone from the next frame, whenever the removal comes
        piece.remove()
        if piece.on_arrival is not None:
            piece.on_arrival()
        if not self._pieces:
            self.post_message(self.Landed())

    # --- The mouse ----------------------------------------------------------------

    @on(events.MouseDown)
    def _pressed(self, event: events.MouseDown) -> None:
        """A press on a flying piece is meant for what lies under it: the motions
        end and that widget is clicked."""
        event.stop()
        x, y = event.screen_x, event.screen_y
        self.finish()
        for widget, region in self.screen.get_widgets_at(x, y):
            if isinstance(widget, Piece) or widget is self:
                continue
            widget.post_message(
                events.Click(
                    widget,
                    x - region.x,
                    y - region.y,
                    0,
                    0,
                    event.button,
                    event.shift,
                    event.meta,
                    event.ctrl,
                    x,
                    y,
                    event.style,
                )
            )
            return

    @on(events.Click)
    def _clicked(self, event: events.Click) -> None:
        # The piece was still there when the button came up: its press was the click.
        event.stop()
