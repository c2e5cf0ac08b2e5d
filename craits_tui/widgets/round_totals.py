"""A finished game round by round: each player's points in each round beside their
running total, each one's best and worst round marked."""

from __future__ import annotations

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual.reactive import reactive

from ..i18n import _
from ..results import Results
from .columns import name_widths, shorten
from .plain import PlainWidget


class RoundTotals(PlainWidget):
    """A row a round (its number and hand size), a column a player: the points of
    the round, then the total so far, dimmer; a last row of the totals. Each
    player's best round is in the success colour, their worst in the error colour,
    and the winners' names are starred.

    Laid out by hand, as the scoreboard is: the names share what room the numbers
    leave, cut short when they must.
    """

    DEFAULT_CSS = """
    RoundTotals {
        width: 1fr;
        height: auto;
    }
    RoundTotals > .round-totals--best {
        color: $text-success;
    }
    RoundTotals > .round-totals--worst {
        color: $text-error;
    }
    """

    COMPONENT_CLASSES = {"round-totals--best", "round-totals--worst"}

    results: reactive[Results | None] = reactive(None, layout=True)

    def __init__(self, results: Results | None = None, *, ascii: bool = False, **kwargs: str):
        super().__init__(**kwargs)
        self.ascii = ascii
        self.set_reactive(RoundTotals.results, results)

    def render(self) -> Text:
        results = self.results
        text = Text(no_wrap=True, overflow="crop")
        if results is None or not results.rounds:
            return text
        count = results.seats
        by_seat = sorted(results.placings, key=lambda p: p.seat)
        rounds = results.rounds
        points = [[str(row.points[s]) for row in rounds] for s in range(count)]
        totals = [[str(row.totals[s]) for row in rounds] for s in range(count)]
        point_width = [max(map(cell_len, column)) for column in points]
        total_width = [max(map(cell_len, column)) for column in totals]
        needs = [p + 1 + t for p, t in zip(point_width, total_width, strict=True)]

        header = [_("Rnd"), _("Cards")]
        numbers = [[str(row.number), str(row.hand_size)] for row in rounds]
        last = ["", _("Total")]
        widths = [max(cell_len(line[c]) for line in (header, last, *numbers)) for c in range(2)]

        star = "* " if self.ascii else "★ "
        names = [p.name for p in by_seat]
        starred = [(star if p.seat in results.winners else "") + p.name for p in by_seat]
        # Short of room, the stars go first (the winners' columns are bold), then
        # a cell between the players; then the names are cut.
        for shown, gap in ((starred, 2), (names, 2), (names, 1)):
            room = self.content_size.width - 2 - sum(widths) - 2 - gap * count
            cells = name_widths(shown, needs, room)
            if all(cell_len(n) <= w for n, w in zip(shown, cells, strict=True)):
                break

        bold = Style(bold=True)
        dim = Style(dim=True)
        best = self.get_component_rich_style("round-totals--best")
        worst = self.get_component_rich_style("round-totals--worst")
        winners = [p.seat in results.winners for p in by_seat]

        def lead(cells: list[str], style: Style) -> None:
            text.append(" ")
            text.append(cells[0].rjust(widths[0]), style)
            text.append("  ")
            text.append(cells[1].rjust(widths[1]), style)

        lead(header, bold)
        for seat, name in enumerate(shown):
            width = cells[seat]
            label = name if cell_len(name) <= width else shorten(name, width)
            text.append(" " * (gap + width - cell_len(label)))
            text.append(label, bold)
        for index, row in enumerate(rounds):
            text.append("\n")
            lead(numbers[index], dim)
            for seat, placing in enumerate(by_seat):
                style = bold if winners[seat] else Style()
                marked = len(rounds) > 1 and placing.best != placing.worst
                if marked and placing.best is not None and placing.best.number == row.number:
                    style += best
                elif marked and placing.worst is not None and placing.worst.number == row.number:
                    style += worst
                cell = f"{points[seat][index]:>{point_width[seat]}} "
                text.append(" " * (gap + cells[seat] - needs[seat]))
                text.append(cell, style)
                text.append(f"{totals[seat][index]:>{total_width[seat]}}", dim)
        text.append("\n")
        lead(last, bold)
        for seat in range(count):
            total = str(rounds[-1].totals[seat])
            text.append(" " * (gap + cells[seat] - cell_len(total)))
            text.append(total, bold)
        return text
