"""The base of the game's own widgets."""

from __future__ import annotations

from textual.geometry import Region, Size
from textual.reactive import Reactive
from textual.strip import Strip
from textual.widget import Widget


class KeptLines(Widget):
    """A widget whose lines, as Textual renders them (its styles laid on, border,
    padding and all), are kept until it is refreshed: each frame asks every widget
    near a change for its lines, and most have not changed."""

    _kept: tuple[Region, Size, list[Strip]] | None = None

    def render_lines(self, crop: Region) -> list[Strip]:
        kept = self._kept
        size = self.outer_size
        if kept is not None and kept[1] == size:
            whole, _size, lines = kept
            if crop == whole:
                return lines
            if whole.contains_region(crop):
                # A part (what lies beneath a flying card): cut from the whole.
                lines = lines[crop.y - whole.y : crop.bottom - whole.y]
                if crop.column_span == whole.column_span:
                    return lines
                left = crop.x - whole.x
                return [line.crop(left, left + crop.width) for line in lines]
        lines = super().render_lines(crop)
        if kept is None or kept[1] != size or crop.area >= kept[0].area:
            self._kept = (crop, size, lines)
        return lines

    def refresh(
        self,
        *regions: Region,
        repaint: bool = True,
        layout: bool = False,
        recompose: bool = False,
    ) -> KeptLines:
        self._kept = None
        if repaint and not regions:
            self.drawn_whole()
        super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)
        return self

    def notify_style_update(self) -> None:
        self._kept = None
        self.drawn_whole()
        super().notify_style_update()

    def drawn_whole(self) -> None:
        """The widget is to be drawn whole again (the size, the language, the look
        or the styles may have changed): what a subclass keeps of its drawing goes."""


class PlainWidget(KeptLines):
    """A widget that draws text with no links in it, its lines kept (`KeptLines`).

    Textual looks through every line a widget draws for links to highlight. The
    game's widgets have none, and every session redraws some of them on every
    move: without the search, a move costs a few percent less to draw.
    """

    auto_links: Reactive[bool] = Reactive(False)
