"""The motion layer: cards that travel across the table, and marks that pop up and go.

A `Motion` is mounted once on a screen, over all of it, and draws its pieces itself:
each is one line of text at a place that Textual's animator moves along a path
worked out beforehand. Nothing is laid out as a piece moves: a step repaints the
cells the piece left and those it entered, and the terminal is sent those alone
(`bench/motion.py`). A path has `STEPS_PER_SECOND` steps a second at most, however
far it goes and however often the animator ticks (60 a second).

Where no piece is, the layer is not there: Textual's compositor paints each cell
from the front-most widget over it, so the layer's lines hand every stretch of the
screen without a piece on to what lies beneath (`_Through`), and a stretch with one
is drawn as what lies beneath with the piece over it (`_Crossed`). The mouse finds
the layer only on a piece, too (`Motion.visible`).

Input is never held up. Any key ends every motion at once (the pieces land, their
arrival callbacks run) before the key does what it does; a press on a flying piece
does the same and clicks what lies under it. Switched off, the layer draws nothing:
an arrival callback runs at once, as if the piece had landed already.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import partial

from rich.segment import Segment
from rich.text import Text
from textual import events, on
from textual.geometry import Offset, Region
from textual.message import Message
from textual.reactive import var
from textual.strip import Strip
from textual.widget import Widget

from ..faces import CardLook
from ..moves_shown import Flight, Movement, TablePlaces, flight_face, mark_text
from .lines import text_strip
from .pieces import Arrival, Piece, PieceKind, centred, path_between

FLY_SECONDS = 0.3
"""How long a card takes to cross the table."""

MARK_SECONDS = 0.4
"""How long a mark stays up."""

STEPS_PER_SECOND = 10
"""Steps of a piece a second, at most: each costs a small repaint (`bench/motion.py`)."""


def steps_for(duration: float) -> int:
    """The steps a motion of ``duration`` seconds may take."""
    return max(1, round(duration * STEPS_PER_SECOND))


class Motion(Widget):
    """The screen's moving pieces: `fly` a card from one region to another, `mark` a
    region with a word, `finish` them all at once."""

    DEFAULT_CSS = """
    /* Over the whole screen (drawn only where a piece is), sized by the
       terminal: a size that followed the screen's layout would change as the
       screen is first laid out, and each change repaints the whole screen. */
    Motion {
        position: absolute;
        overlay: screen;
        width: 100vw;
        height: 100vh;
    }
    Motion > .motion--card {
        background: $panel-lighten-2;
        text-style: bold;
    }
    Motion > .motion--mark {
        background: $warning;
        color: $text;
        text-style: bold;
    }
    """

    COMPONENT_CLASSES = {kind.value for kind in PieceKind}

    enabled: var[bool] = var(True)
    """Off (the animations setting, ``--low-bandwidth``): nothing is drawn."""

    class Landed(Message):
        """Every motion has ended: the layer is idle again."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self._pieces: list[Piece] = []
        self._faces: dict[int, Strip] = {}
        """Each piece's line as drawn, by its id: made once."""
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

    @property
    def pieces(self) -> tuple[Piece, ...]:
        """The pieces shown, in the order they started."""
        return tuple(self._pieces)

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
        piece = Piece(
            face,
            path,
            duration,
            easing="in_out_cubic",
            kind=PieceKind.CARD,
            on_arrival=on_arrival,
        )
        self._start(piece)

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
        self._start(Piece(text, path, duration, easing="linear", kind=PieceKind.MARK, at=at))

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

    def place_piece(self, piece: Piece) -> None:
        """Draw ``piece`` where its progress puts it, until it lands: it moves as
        its progress is set (by the animator, or by hand: a picture of a piece
        halfway)."""
        piece._moved = self._moved
        self._pieces.append(piece)
        self._repaint(piece.region)

    def _start(self, piece: Piece) -> None:
        self.place_piece(piece)
        self.app.animator.animate(
            piece,
            "progress",
            1.0,
            duration=piece.duration,
            easing=piece.easing,
            on_complete=partial(self._land, piece),
        )

    def _moved(self, piece: Piece, left: Offset) -> None:
        self._repaint(Region(*left, piece.width, 1), piece.region)

    def _land(self, piece: Piece) -> None:
        if piece.landed:
            return
        piece.landed = True
        piece._moved = None
        self._pieces.remove(piece)
        self._faces.pop(id(piece), None)
        self._repaint(piece.region)
        if piece.on_arrival is not None:
            piece.on_arrival()
        if not self._pieces:
            self.post_message(self.Landed())

    def _set_dirty(self, *regions: Region) -> None:
        # Textual marks a widget dirty whole when it is first sized (and on every
        # plain refresh): for the layer, that is the whole screen sent again, a
        # frame after the screen's first. With no piece on it, it has nothing of
        # its own to repaint.
        if regions or self._pieces:
            super()._set_dirty(*regions)

    def _repaint(self, *regions: Region) -> None:
        """Repaint the cells of ``regions`` (on the screen): what lies beneath shows
        again where no piece is left."""
        offset = self.region.offset
        self.refresh(*(region.translate(-offset) for region in regions))

    # --- Drawing ------------------------------------------------------------------

    def render_lines(self, crop: Region) -> list[Strip]:
        # Not through `render_line` and Textual's cache of lines: a line of the
        # layer is drawn anew with what lies beneath it, whenever the screen is.
        if not self._pieces:
            return [_THROUGH] * crop.height
        origin = self.region.offset
        rows: dict[int, list[Piece]] = {}
        for piece in self._pieces:
            rows.setdefault(piece.place.y - origin.y, []).append(piece)
        lines: list[Strip] = []
        for y in crop.line_range:
            pieces = rows.get(y)
            if pieces is None:
                lines.append(_THROUGH)
            else:
                faces = [(piece.place.x - origin.x, self._face(piece)) for piece in pieces]
                lines.append(_Crossed(self, Offset(origin.x, origin.y + y), faces))
        return lines

    def _face(self, piece: Piece) -> Strip:
        """A piece's line as drawn, in its kind's look."""
        face = self._faces.get(id(piece))
        if face is None:
            style = self.get_component_rich_style(piece.kind.value)
            face = text_strip(piece.text, style, self.app.console)
            background = self.background_colors[1]
            for line_filter in self.get_line_filters():
                face = face.apply_filter(line_filter, background)
            self._faces[id(piece)] = face
        return face

    def beneath(self, x: int, y: int, width: int) -> Strip:
        """What the screen shows beneath the layer from (``x``, ``y``), ``width``
        cells of one widget's (the caller keeps within a stretch of one)."""
        for widget, region in self.screen.get_widgets_at(x, y):
            if widget is not self:
                lines = widget.render_lines(Region(x - region.x, y - region.y, width, 1))
                if lines:
                    return lines[0].crop_extend(0, width, None)
        return Strip.blank(width)

    @property  # type: ignore[override]
    def visible(self) -> bool:
        """Whether the layer is there for the mouse: only where a piece is drawn
        (Textual asks when it looks for the widget under the mouse, which has just
        moved there). Anywhere else a click goes to what lies beneath."""
        if not self._pieces:
            return False
        mouse = self.app.mouse_position
        return any(piece.region.contains_point(mouse) for piece in self._pieces)

    # --- The mouse ----------------------------------------------------------------

    @on(events.MouseDown)
    def _pressed(self, event: events.MouseDown) -> None:
        """A press on a flying piece is meant for what lies under it: the motions
        end and that widget is clicked."""
        event.stop()
        x, y = event.screen_x, event.screen_y
        self.finish()
        for widget, region in self.screen.get_widgets_at(x, y):
            if widget is self:
                continue
            click = events.Click(
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
            # Handled where it lands, and no further: bubbled up to the app, it
            # would be taken for a click from the terminal and sent again.
            click.stop()
            widget.post_message(click)
            return

    @on(events.Click)
    def _clicked(self, event: events.Click) -> None:
        # The piece was still there when the button came up: its press was the click.
        event.stop()


class _Through(Strip):
    """A line of the layer with no piece on it: divided into the stretches of the
    screen between widgets' edges, it gives none of them, and the compositor takes
    each from the widget beneath."""

    def divide(self, cuts: Iterable[int]) -> Sequence[Strip]:
        return [None] * len(list(cuts))  # type: ignore[list-item]


_THROUGH = _Through([])


class _Crossed(Strip):
    """A line of the layer with pieces on it: the stretches of the screen a piece
    crosses are what lies beneath with the piece over it; the others, none."""

    def __init__(self, layer: Motion, start: Offset, faces: list[tuple[int, Strip]]) -> None:
        # As a strip, the pieces on a blank line: what a look at one cell finds.
        segments: list[Segment] = []
        end = 0
        for x, face in sorted(faces, key=lambda item: item[0]):
            if x > end:
                segments.append(Segment(" " * (x - end)))
            segments.extend(face.crop(max(0, end - x)))
            end = max(end, x + face.cell_length)
        super().__init__(segments)
        self._layer = layer
        self._start = start
        """Where the line starts on the screen."""
        self._faces = faces

    def divide(self, cuts: Iterable[int]) -> Sequence[Strip]:
        stretches: list[Strip | None] = []
        start = 0
        for end in cuts:
            stretches.append(self._stretch(start, end))
            start = end
        return stretches  # type: ignore[return-value]

    def _stretch(self, start: int, end: int) -> Strip | None:
        crossing = [
            (x, face) for x, face in self._faces if x < end and x + face.cell_length > start
        ]
        if not crossing:
            return None
        line = self._layer.beneath(self._start.x + start, self._start.y, end - start)
        for x, face in crossing:
            left, right = max(start, x), min(end, x + face.cell_length)
            line = Strip.join(
                [
                    line.crop(0, left - start),
                    face.crop(left - x, right - x),
                    line.crop(right - start, end - start),
                ]
            )
        return line.simplify()
