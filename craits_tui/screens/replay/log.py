"""A replay's log: the events so far, the current one last and marked."""

from __future__ import annotations

from rich.text import Text

from ...widgets.plain import PlainWidget


class EventLog(PlainWidget):
    """The latest events, as many as fit, the current one last and marked. A line
    too long for the width wraps, the latest kept whole."""

    DEFAULT_CSS = """
    EventLog {
        height: 1fr;
        overflow: hidden;
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.earlier: tuple[str, ...] = ()
        self.current = ""

    def show(self, earlier: tuple[str, ...], current: str) -> None:
        if (earlier, current) != (self.earlier, self.current):
            self.earlier = earlier
            self.current = current
            self.refresh()

    def render(self) -> Text:
        # Worked out as it is drawn: the room is the widget's at the moment.
        width = max(1, self.content_size.width)
        room = max(1, self.content_size.height)
        console = self.app.console
        rows = list(Text(self.current, style="bold").wrap(console, width))
        for line in reversed(self.earlier):
            if len(rows) >= room:
                break
            rows[:0] = Text(line, style="dim").wrap(console, width)
        return Text("\n").join(rows[-room:])
