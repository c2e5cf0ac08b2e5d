"""The winner's moment at the end of a game: a banner with the winner's words, and
card suits that fall into a row above and below it, then stay.

What a terminal is sent is what costs (players over SSH), so the fall is a few
frames, `FRAMES_PER_SECOND` a second, each a repaint of the banner's few lines,
and it is over in under two seconds. It never holds anything up: the words show
from the first frame, any key or click settles the banner at once (and then does
what it does), and with animations off the settled banner is all there is.
"""

from __future__ import annotations

import random

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.timer import Timer

from craits_core import Suit

from ..faces import CardLook
from .plain import PlainWidget

FRAMES = 16
"""How many frames the fall takes; the last one is the settled banner."""

FRAMES_PER_SECOND = 10
"""As many as the table's moving cards take at most (`widgets/motion.py`)."""

SPACING = 4
"""Cells between two suits of a row."""

ORDER = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


class Celebration(PlainWidget):
    """``words`` (who won) between two rows of suits that fall into place.

    The banner settles after `FRAMES` frames, or at once on a key, a click or
    `settle`; ``animate`` False (the player's animations setting) shows it settled
    from the start.
    """

    DEFAULT_CSS = """
    Celebration {
        width: 1fr;
        height: auto;
    }
    Celebration > .celebration--words {
        color: $accent;
        text-style: bold;
    }
    Celebration > .celebration--shine {
        color: $text;
        background: $accent;
        text-style: bold;
    }
    """

    COMPONENT_CLASSES = {"celebration--words", "celebration--shine"}

    frame: reactive[int] = reactive(0)
    """How far the fall has come: `FRAMES` is settled."""

    def __init__(
        self,
        words: str,
        look: CardLook | None = None,
        *,
        animate: bool = True,
        **kwargs: str,
    ) -> None:
        super().__init__(**kwargs)
        self.words = words
        self.look = look or CardLook()
        self.animate = animate
        self._timer: Timer | None = None
        self._since = 0.0
        self.set_reactive(Celebration.frame, 0 if animate else FRAMES)

    @property
    def settled(self) -> bool:
        """Whether the banner stands still, as it stays."""
        return self.frame >= FRAMES

    def on_mount(self, event: events.Mount) -> None:
        # A key pressed before (the Enter that closed the last round's summary)
        # comes back to the app once the widgets had it, to run its binding: the
        # banner is not settled by it.
        self._since = event.time
        if self.app.animation_level == "none":  # also TEXTUAL_ANIMATIONS=none
            self.set_reactive(Celebration.frame, FRAMES)
        if self.settled:
            return
        self._timer = self.set_interval(1 / FRAMES_PER_SECOND, self._next_frame)
        # Every message the app takes in passes here, keys before any widget or
        # binding has them: the key settles the banner, then does what it does.
        self.app.message_signal.subscribe(self, self._app_message, immediate=True)

    def on_unmount(self) -> None:
        self._stop()

    def _app_message(self, message: Message) -> None:
        if (
            isinstance(message, events.Key | events.MouseDown)
            and message.time >= self._since
            and self.screen.is_active
        ):
            self.settle()

    def _next_frame(self) -> None:
        self.frame += 1
        if self.settled:
            self._stop()

    def settle(self) -> None:
        """Show the settled banner now."""
        self.frame = max(self.frame, FRAMES)
        self._stop()

    def _stop(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
            self.app.message_signal.unsubscribe(self)

    # --- Drawing -------------------------------------------------------------------------------

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        # The words may take more than a line: a row of suits above and below them.
        return len(self._words(width)) + 2

    def _words(self, width: int) -> list[Text]:
        """The words, centred on lines ``width`` cells wide."""
        star = "*" if self.look.ascii else "★"
        words = Text(f"{star} {self.words} {star}", justify="center")
        words.stylize(self.get_component_rich_style("celebration--words"))
        if not self.settled:
            self._shine(words)
        return list(words.wrap(self.app.console, max(1, width)))

    def render(self) -> Text:
        width = max(1, self.content_size.width)
        lines = self._words(width)
        for line in lines:
            line.pad_right(width - cell_len(line.plain))
        height = len(lines) + 2
        grid: list[Text] = [Text(" " * width), *lines, Text(" " * width)]
        for column, row, suit in self._pieces(width, height):
            cell = grid[row]
            if cell.plain[column] != " ":
                continue  # the words stay in front of a suit falling past them
            piece = self.look.suit(suit)
            grid[row] = cell[:column] + piece + cell[column + 1 :]
        text = Text("\n").join(grid)
        text.no_wrap = True
        text.overflow = "crop"
        return text

    def _shine(self, words: Text) -> None:
        """A glint that runs along the words while the suits fall."""
        length = len(words.plain)
        start = self.frame * (length + 3) // FRAMES - 3
        words.stylize(
            self.get_component_rich_style("celebration--shine"),
            max(0, start),
            max(0, min(length, start + 3)),
        )

    def _pieces(self, width: int, height: int) -> list[tuple[int, int, Suit]]:
        """The suits to draw in this frame: each as its column, row and suit.

        Settled, a row of suits tops the banner and another closes it, half a
        space along. While it falls, each of them drops in from the top row at a
        moment of its own, one row a frame, to its place; and as many again fall
        right through and are gone before the end.
        """
        shuffle = random.Random(width)  # the same fall every time, at a given width
        pieces: list[tuple[int, int, Suit]] = []
        bottom = height - 1
        for index, column in enumerate(range(1, width, SPACING // 2)):
            top = index % 2 == 0
            suit = ORDER[(index // 2) % 4] if top else ORDER[3 - (index // 2) % 4]
            start = shuffle.randrange(max(1, FRAMES - height - 2))
            goal = 0 if top else bottom
            if self.settled:
                pieces.append((column, goal, suit))
                continue
            if self.frame >= start:
                pieces.append((column, min(goal, self.frame - start), suit))
            # One that passes through, beside it.
            through = shuffle.randrange(max(1, FRAMES - height))
            row = self.frame - through
            if 0 <= row < height and column + 1 < width:
                pieces.append((column + 1, row, ORDER[(index + 1) % 4]))
        return pieces
