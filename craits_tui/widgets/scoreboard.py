"""The scoreboard across the rounds: a row per round, a column per player, totals."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual.reactive import reactive

from craits_core import PlayerView

from ..i18n import _
from .columns import name_widths, shorten
from .plain import PlainWidget


class Scoreboard(PlainWidget):
    """Round by round scores, the current round highlighted and the leader marked.

    Laid out by hand rather than as a Rich table, which would be measured and drawn
    cell by cell on every refresh. It changes only when a round starts or ends.
    """

    DEFAULT_CSS = """
    Scoreboard {
        /* A row that wrapped would no longer line up with the rest: too narrow a
           board cuts its names short instead (and crops, at the very least). */
        text-wrap: nowrap;
        text-overflow: clip;
    }
    """

    players: reactive[tuple[str, ...]] = reactive(())
    schedule: reactive[tuple[int, ...]] = reactive(())
    round_scores: reactive[tuple[tuple[int, ...], ...]] = reactive(())
    current_round: reactive[int] = reactive(0)
    """The 1-based round of the schedule being played."""
    first_round: reactive[int] = reactive(1)

    def show(self, view: PlayerView) -> None:
        """Follow the scores of ``view``."""
        self.players = view.players
        self.schedule = view.rules.schedule
        self.first_round = view.first_round
        self.round_scores = view.round_scores
        self.current_round = view.round_number

    def render(self) -> Text:
        totals = [0] * len(self.players)
        for scores in self.round_scores:
            totals = [t + s for t, s in zip(totals, scores, strict=True)]
        best = min(totals) if totals and self.round_scores else None
        leaders = [best is not None and total == best for total in totals]
        rows: list[tuple[list[str], bool]] = []
        for index, size in enumerate(self.schedule):
            number = index + 1
            played = number - self.first_round
            row = [str(number), str(size)]
            if 0 <= played < len(self.round_scores):
                row += [str(s) for s in self.round_scores[played]]
            else:
                row += ["·" if number >= self.first_round else "–"] * len(self.players)
            rows.append((row, number == self.current_round))
        # "Total" stands under "Cards", right-aligned across the first two
        # columns: a long word for it widens neither.
        label = _("Total")
        header = [_("Rnd"), _("Cards")]
        widths = [
            max(cell_len(line[column]) for line in (header, *(row for row, _n in rows)))
            for column in range(2)
        ]
        widths[1] = max(widths[1], cell_len(label) - widths[0] - 2)
        totals_shown = [str(t) for t in totals]
        needs = [
            max(cell_len(line[column]) for line in (totals_shown, *(row[2:] for row, _n in rows)))
            for column in range(len(totals))
        ]
        # The name columns share the room the first two leave, two cells apart.
        # Short of room, the star goes before any of a name (the leaders' columns
        # are bold anyway), then a cell before each name, then the cell at either
        # end of the rows.
        starred = [
            ("★ " if lead else "") + name for lead, name in zip(leaders, self.players, strict=True)
        ]
        plain_names = list(self.players)
        for names, gap, edge in (
            (starred, 2, 1),
            (plain_names, 2, 1),
            (plain_names, 1, 1),
            (plain_names, 1, 0),
        ):
            room = self.content_size.width - 2 * edge - 2 - sum(widths) - gap * len(names)
            widths_of_names = name_widths(names, needs, room)
            if all(cell_len(n) <= w for n, w in zip(names, widths_of_names, strict=True)):
                break
        for name, width in zip(names, widths_of_names, strict=True):
            header.append(name if cell_len(name) <= width else shorten(name, width))
        spaces = [edge, 2, *[gap] * len(names), edge]
        widths += widths_of_names
        # Column styles: the round and hand size dim, the leaders' columns bold.
        styles = ["dim", "dim", *["bold" if lead else "" for lead in leaders]]
        text = Text(no_wrap=True, overflow="crop")
        _append_row(text, header, widths, ["bold"] * len(header), spaces)
        plain = ["", "", *styles[2:]]  # dim under reverse would be a grey smudge
        for row, current in rows:
            text.append("\n")
            _append_row(text, row, widths, plain if current else styles, spaces, current)
        text.append("\n")
        first = widths[0] + spaces[1] + widths[1]
        bold = ["bold"] * (1 + len(totals))
        _append_row(
            text, [label, *totals_shown], [first, *widths[2:]], bold, spaces[:1] + spaces[2:]
        )
        return text


def _append_row(
    text: Text,
    cells: list[str],
    widths: list[int],
    styles: list[str],
    spaces: list[int],
    current: bool = False,
) -> None:
    """One line of right-aligned cells, ``spaces`` before each and after the last;
    the round played now in reverse."""
    start = len(text)
    for cell, width, style, space in zip(cells, widths, styles, spaces, strict=False):
        text.append(" " * (space + width - cell_len(cell)))
        text.append(cell, style=style)
    text.append(" " * spaces[-1])
    if current:
        text.stylize("reverse", start, len(text))
