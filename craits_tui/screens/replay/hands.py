"""A replay's hands: a row for each player, face up or face down."""

from __future__ import annotations

from rich.cells import cell_len
from rich.console import Console
from rich.text import Text
from textual.reactive import reactive

from ...faces import CardLook
from ...i18n import ngettext
from ...widgets.plain import PlainWidget
from .frame import HandRow

CARD = 5
"""A small card's width (`CardLook.small`), and one column between two."""
NAMES = 16
"""The widest a name is shown beside a hand."""


class HandsPanel(PlainWidget):
    """Each player's hand on a row: the cards face up (the ones the current event
    drew standing out), or a back for each card; the player to move marked. A hand
    too long for its line goes on below it.

    ``big``: each card drawn as a card, three lines high (a window with room for
    it); a hand too long for one row of them is written out on its three lines.

    The panel is as high as its lines: a step of the replay that leaves that alone
    is a repaint, not a new layout of the screen."""

    DEFAULT_CSS = """
    HandsPanel {
        height: auto;
        /* A crank's hands that wrap take no more than this from the table. */
        max-height: 40%;
        padding: 0 1;
        background: $success 8%;
    }
    """

    rows: reactive[tuple[HandRow, ...]] = reactive(())
    big: reactive[bool] = reactive(False, layout=True)

    def __init__(self, look: CardLook, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.look = look

    def watch_rows(self, old: tuple[HandRow, ...], rows: tuple[HandRow, ...]) -> None:
        width = self.content_size.width
        if len(self._lines(old, width)) != len(self._lines(rows, width)):
            self.refresh(layout=True)

    def get_content_height(self, container, viewport, width: int) -> int:  # type: ignore[no-untyped-def]
        return len(self._lines(self.rows, width))

    def render(self) -> Text:
        return Text("\n").join(self._lines(self.rows, self.content_size.width))

    def _lines(self, rows: tuple[HandRow, ...], width: int) -> list[Text]:
        """Every line of the panel at ``width`` columns."""
        if not rows or width <= 0:
            return []
        console = self.app.console
        if self.big:
            return [line for row in rows for line in self._big_row(row, rows, width, console)]
        names = min(NAMES, max(cell_len(row.name) for row in rows))
        counts = max(len(str(row.count)) for row in rows)
        lines = []
        for row in rows:
            head = self._turn(row) + Text(" ")
            head.append_text(Text(row.name, style="bold" if row.turn else ""))
            head.truncate(2 + names, overflow="ellipsis", pad=True)
            head.append(" " + str(row.count).rjust(counts) + " ", style="dim")
            room = max(1, width - head.cell_len)
            hand = Text(" ").join(self._faces(row)).wrap(console, room) or [Text()]
            lines.append(head + hand[0])
            lines.extend(Text(" " * head.cell_len) + more for more in hand[1:])
        return lines

    def _turn(self, row: HandRow) -> Text:
        """The mark of the player to move (a span, not the line's style: what is
        added to it after stays plain)."""
        if not row.turn:
            return Text(" ")
        return Text.assemble((">" if self.look.ascii else "▶", "bold"))

    def _faces(self, row: HandRow) -> list[Text]:
        """The hand inline: a face for each card, or a back ("░░") face down; the
        cards the current event drew (or, face down, how many) standing out."""
        if row.face_up:
            faces = [self.look.short(card) for card in row.cards]
            fresh = [card in row.fresh for card in row.cards]
        else:
            back = "##" if self.look.ascii else "░░"
            faces = [Text(back, style="dim") for _ in range(row.count)]
            fresh = [i >= row.count - row.fresh_count for i in range(row.count)]
        for face, new in zip(faces, fresh, strict=True):
            if new:
                face.stylize("reverse")
        return faces

    def _big_row(
        self, row: HandRow, rows: tuple[HandRow, ...], width: int, console: Console
    ) -> list[Text]:
        """Three lines: the name and the count beside the cards drawn as cards, or
        beside the hand written out when a row of cards would not fit."""
        widest = max(max(cell_len(r.name) + 2, cell_len(self._count(r.count))) for r in rows)
        side = min(NAMES, widest) + 1
        name = self._turn(row) + Text(" ") + Text(row.name, style="bold" if row.turn else "")
        count = Text.assemble((self._count(row.count), "dim"))
        lines = [name, count, Text()]
        for line in lines:
            line.truncate(side - 1, overflow="ellipsis")
            line.pad_right(side - line.cell_len)
        room = width - side
        if row.count * (CARD + 1) <= room + 1:
            cards = [self._card(row, index) for index in range(row.count)]
            for part, line in enumerate(lines):
                line.append_text(Text(" ").join(card[part] for card in cards))
        else:
            written = Text(" ").join(self._faces(row)).wrap(console, max(1, room))
            for line, part in zip(lines, written, strict=False):
                line.append_text(part)
        return lines

    @staticmethod
    def _count(count: int) -> str:
        return "  " + ngettext("{n} card", "{n} cards", count).format(n=count)

    def _card(self, row: HandRow, index: int) -> list[Text]:
        if row.face_up:
            card = row.cards[index]
            drawn = self.look.small(card, "bold" if card in row.fresh else "dim")
            if card in row.fresh:
                drawn[1].stylize("reverse", 1, 4)
            return drawn
        drawn = self.look.back("dim")
        if index >= row.count - row.fresh_count:
            drawn[1].stylize("reverse", 1, 4)
        return drawn
