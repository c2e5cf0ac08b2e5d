"""A replay's hands: a row for each player, face up or face down."""

from __future__ import annotations

from rich.cells import cell_len
from rich.console import RenderableType
from rich.table import Table
from rich.text import Text
from textual.reactive import reactive

from ...faces import CardLook
from ...i18n import ngettext
from ...widgets.plain import PlainWidget
from .frame import HandRow

CARD = 5
"""A small card's width (`CardLook.small`), and one column between two."""
NAMES = 14
"""The widest a name is shown beside cards drawn as cards."""


class HandsPanel(PlainWidget):
    """Each player's hand on a row: the cards face up (the ones the current event
    drew standing out), or a back for each card; the player to move marked.

    ``big``: each card drawn as a card, three lines high (a window with room for
    it); a hand too long for one row of them is written out on its three lines."""

    DEFAULT_CSS = """
    HandsPanel {
        height: auto;
        /* A crank's hands that wrap take no more than this from the table. */
        max-height: 40%;
        padding: 0 1;
        background: $success 8%;
    }
    """

    rows: reactive[tuple[HandRow, ...]] = reactive((), layout=True)
    big: reactive[bool] = reactive(False, layout=True)

    def __init__(self, look: CardLook, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.look = look

    def render(self) -> RenderableType:
        if self.big:
            return Text("\n").join(self._big_row(row) for row in self.rows)
        table = Table.grid(expand=True, padding=(0, 1))
        table.add_column(width=1, no_wrap=True)
        table.add_column(no_wrap=True, max_width=16)
        table.add_column(justify="right", no_wrap=True)
        table.add_column(ratio=1, overflow="fold")
        for row in self.rows:
            table.add_row(
                self._turn(row),
                Text(row.name, style="bold" if row.turn else "", overflow="ellipsis"),
                Text(str(row.count), style="dim"),
                Text(" ").join(self._faces(row)),
            )
        return table

    def _turn(self, row: HandRow) -> Text:
        return Text(">" if self.look.ascii else "▶", style="bold") if row.turn else Text(" ")

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

    def _big_row(self, row: HandRow) -> Text:
        """Three lines: the name and the count beside the cards drawn as cards, or
        beside the hand written out when a row of cards would not fit."""
        width = self.content_size.width
        widest = max(max(cell_len(r.name) + 2, cell_len(self._count(r.count))) for r in self.rows)
        side = min(NAMES, widest) + 1
        name = self._turn(row) + Text(" ") + Text(row.name, style="bold" if row.turn else "")
        name.truncate(side - 1, overflow="ellipsis")
        count = Text(self._count(row.count), style="dim")
        count.truncate(side - 1, overflow="ellipsis")
        lines = [name, count, Text()]
        for line in lines:
            line.pad_right(side - line.cell_len)
        room = width - side
        if row.count * (CARD + 1) <= room + 1:
            cards = [self._card(row, index) for index in range(row.count)]
            for part, line in enumerate(lines):
                line.append_text(Text(" ").join(card[part] for card in cards))
        else:
            written = Text(" ").join(self._faces(row))
            wrapped = written.wrap(self.app.console, max(1, room))
            for line, part in zip(lines, wrapped, strict=False):
                line.append_text(part)
        return Text("\n").join(lines)

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
