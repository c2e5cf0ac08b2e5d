"""The scoreboard across the rounds: a row per round, a column per player, totals."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from craits_core import PlayerView

from ..i18n import _


class Scoreboard(Widget):
    """Round by round scores, the current round highlighted and the leader marked.

    Drawn as one Rich table that changes only when a round starts or ends, so it
    costs nothing while cards are played.
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

    def render(self) -> Table:
        table = Table(box=None, padding=(0, 1), show_edge=False)
        table.add_column(_("Rnd"), justify="right", style="dim")
        table.add_column(_("Cards"), justify="right", style="dim")
        totals = [0] * len(self.players)
        for scores in self.round_scores:
            totals = [t + s for t, s in zip(totals, scores, strict=True)]
        best = min(totals) if totals and self.round_scores else None
        for seat, name in enumerate(self.players):
            leader = best is not None and totals[seat] == best
            header = ("★ " if leader else "") + name
            table.add_column(header, justify="right", style="bold" if leader else "")
        for index, size in enumerate(self.schedule):
            number = index + 1
            played = number - self.first_round
            row: list[str | Text] = [str(number), str(size)]
            if 0 <= played < len(self.round_scores):
                row += [str(s) for s in self.round_scores[played]]
            else:
                row += ["·" if number >= self.first_round else "–"] * len(self.players)
            style = "reverse" if number == self.current_round else ""
            table.add_row(*row, style=style)
        table.add_section()
        table.add_row(
            Text(_("Total"), style="bold"), "", *[Text(str(t), style="bold") for t in totals]
        )
        return table
