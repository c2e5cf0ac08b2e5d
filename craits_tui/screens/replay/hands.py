"""A replay's hands: a row for each player, face up or face down."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.reactive import reactive

from ...faces import CardLook
from ...widgets.plain import PlainWidget
from .frame import HandRow


class HandsPanel(PlainWidget):
    """Each player's hand on a row: the cards face up (the ones the current event
    drew standing out), or a back for each card; the player to move marked."""

    DEFAULT_CSS = """
    HandsPanel {
        height: auto;
        max-height: 12;
        padding: 0 1;
        background: $success 8%;
    }
    """

    rows: reactive[tuple[HandRow, ...]] = reactive((), layout=True)

    def __init__(self, look: CardLook, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.look = look

    def render(self) -> Table:
        table = Table.grid(expand=True, padding=(0, 1))
        table.add_column(width=1, no_wrap=True)
        table.add_column(no_wrap=True, max_width=16)
        table.add_column(justify="right", no_wrap=True)
        table.add_column(ratio=1, overflow="fold")
        turn = "▶" if not self.look.ascii else ">"
        for row in self.rows:
            name = Text(row.name, style="bold" if row.turn else "", overflow="ellipsis")
            table.add_row(
                Text(turn, style="bold") if row.turn else "",
                name,
                Text(str(row.count), style="dim"),
                self._cards(row),
            )
        return table

    def _cards(self, row: HandRow) -> Text:
        if row.face_up:
            faces = []
            for card in row.cards:
                face = self.look.short(card)
                if card in row.fresh:
                    face.stylize("reverse")
                faces.append(face)
            return Text(" ").join(faces)
        # Face down: a back for each card, the ones just drawn (how many, not which)
        # standing out at the end.
        back = "##" if self.look.ascii else "░░"
        backs = [Text(back, style="dim") for _ in range(row.count)]
        for text in backs[row.count - row.fresh_count :] if row.fresh_count else ():
            text.stylize("reverse")
        return Text(" ").join(backs)
