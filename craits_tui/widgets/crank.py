"""The crank counter: unmissable while a crank runs, with what must be done."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive

from ..i18n import _
from .plain import PlainWidget


class CrankCounter(PlainWidget):
    """The crank's count, and what the player facing it must do."""

    count: reactive[int] = reactive(0)
    facing: reactive[str] = reactive("")
    """Who must answer the crank ("you" or a name), empty when nobody."""

    _text_size = (0, 0)

    def watch_count(self, count: int) -> None:
        self.set_class(count > 0, "-active")
        self._fit()

    def watch_facing(self) -> None:
        self._fit()

    def _fit(self) -> None:
        # The box fits its text: text of another size needs the table laid out
        # again; text of the same size (most steps of a crank) only a repaint.
        lines = self.render().split()
        size = (len(lines), max(line.cell_len for line in lines))
        if size != self._text_size:
            self._text_size = size
            self.refresh(layout=True)

    def render(self) -> Text:
        if not self.count:
            return Text(_("no crank"), style="dim")
        head = Text(_("CRANK {n}").format(n=self.count), style="bold")
        rule = Text(_("play an A or a 2,"))
        rule2 = Text(_("or draw {n}").format(n=self.count))
        lines = [head, rule, rule2]
        if self.facing:
            lines.append(Text(self.facing, style="italic"))
        return Text("\n").join(lines)
