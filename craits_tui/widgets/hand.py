"""The player's hand: cards in rows, playable ones bright, the rest dimmed."""

from __future__ import annotations

from enum import Enum
from functools import partial

from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.css.scalar import Unit
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget

from craits_core import Card, Rank

from ..faces import CardLook
from ..hand_order import in_hand_order
from ..i18n import N_, _
from .box import joined
from .lines import LineWidget

GAP = 1


class CardScale(Enum):
    """How big the hand's cards are drawn, for the terminal's size: a card's width,
    and the height of a row of cards (a number line above the card's lines)."""

    SMALL = (5, 4)
    MEDIUM = (7, 6)
    LARGE = (9, 8)


CARD_KEYS = "1234567890bfgmrwyz"
"""The key that plays each card of the hand, first to last, shown above the card:
the digits (0 for the tenth, as on the keyboard's row), then letters, which every
common layout has unshifted (a shifted digit is a different symbol on each). The
letters are the ones no other key at the table takes, less those a rank is written
with (a, j, k, q), which would read as "play the ace"."""


class Hand(LineWidget, can_focus=True):
    """The cards of the seat shown. Click a card or pick one with the arrows and Enter.

    Drawn a line at a time: a card played, drawn, lit or hovered repaints the lines
    of its row of cards, each face made once for its look and style."""

    # Its rules for the screen's size classes (.-short, .-big, ...) start above the
    # widget: Textual must not scope them to it.
    SCOPED_CSS = False
    DEFAULT_CSS = """
    Hand {
        width: 1fr;
        height: auto;
        min-height: 8;
        /* No padding on the right: the scroll bar of a big hand goes there. */
        padding: 0 0 0 1;
    }
    /* Bigger cards: room for two rows of them, as for the small ones. */
    .-big Hand { min-height: 12; }
    .-huge Hand, .-grand Hand { min-height: 16; }
    Hand > .hand--playable {
        color: $text;
        text-style: bold;
    }
    Hand > .hand--unplayable { color: $text-muted; }
    Hand > .hand--cursor {
        color: $accent;
        text-style: bold;
    }
    Hand > .hand--hover {
        color: $success;
        text-style: bold;
    }
    Hand > .hand--refused { color: $error; }
    Hand > .hand--number { color: $text-muted; }
    """

    BINDINGS = [
        Binding("left", "move(-1)", N_("Previous card"), show=False),
        Binding("right", "move(1)", N_("Next card"), show=False),
        Binding("up", "row(-1)", N_("Row above"), show=False),
        Binding("down", "row(1)", N_("Row below"), show=False),
        Binding("home", "jump(0)", N_("First card"), show=False),
        Binding("end", "jump(-1)", N_("Last card"), show=False),
        Binding("enter", "choose", N_("Play"), show=True),
    ]

    COMPONENT_CLASSES = {
        "hand--playable",
        "hand--unplayable",
        "hand--cursor",
        "hand--hover",
        "hand--refused",
        "hand--number",
    }

    DRAWN_FROM = ("cards", "playable", "my_turn", "cursor", "hovered", "numbered")
    cards: reactive[tuple[Card, ...]] = reactive((), repaint=False)
    playable: reactive[frozenset[Card]] = reactive(frozenset(), repaint=False)
    my_turn: reactive[bool] = reactive(False, repaint=False)
    """Whether the hand shown is the one to play: the cards it may play lit, the rest
    dimmed."""
    cursor: reactive[int] = reactive(0, repaint=False)
    hovered: reactive[int | None] = reactive(None, repaint=False)
    hover_tracking: reactive[bool] = reactive(True, repaint=False)
    numbered: reactive[bool] = reactive(True, repaint=False)
    """The keys that play the cards (`CARD_KEYS`), over the cards."""
    scale: reactive[CardScale] = reactive(CardScale.SMALL, layout=True)
    """How big the cards are: bigger on a terminal with room for them."""

    class CardChosen(Message):
        """The player picked a card to play."""

        def __init__(self, card: Card, *, with_enter: bool = False) -> None:
            super().__init__()
            self.card = card
            self.with_enter = with_enter
            """Picked with Enter on the cursor, not by its number or a click."""

    def __init__(self, look: CardLook, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.look = look

    # --- Layout ---------------------------------------------------------------------

    @property
    def big(self) -> bool:
        """Whether the cards are bigger than the smallest: the rank and the suit
        on lines of their own."""
        return self.scale is not CardScale.SMALL

    @property
    def card_size(self) -> tuple[int, int]:
        """A card's width, and the height of a row of cards (with its number line)."""
        return self.scale.value

    def _per_row(self, width: int | None = None) -> int:
        width = width if width is not None else self.content_size.width
        card = self.card_size[0]
        return max(1, (max(width, card) + GAP) // (card + GAP))

    def _rows(self, cards: int, width: int | None = None) -> int:
        return max(1, -(-cards // self._per_row(width)))

    def get_content_height(self, container, viewport, width: int) -> int:  # type: ignore[no-untyped-def]
        return self._rows(len(self.cards), width) * self.card_size[1]

    def card_at(self, x: int, y: int) -> int | None:
        """The index of the card at content offset (x, y), if any."""
        width, height = self.card_size
        column, inside = divmod(x, width + GAP)
        if inside >= width:
            return None
        per_row = self._per_row()
        if column >= per_row:
            return None
        index = (y // height) * per_row + column
        return index if 0 <= index < len(self.cards) else None

    # --- Drawing --------------------------------------------------------------------

    def draw_lines(self, size: Size) -> list[Strip]:
        base = self.component_style()
        if not self.cards:
            return [self.cached_strip("empty", lambda: Text(_("(no cards)"), style="dim"), base)]
        per_row = self._per_row(size.width)
        lines: list[Strip] = []
        for start in range(0, len(self.cards), per_row):
            lines.extend(self._row(start, self.cards[start : start + per_row], base))
        return lines

    def _row(self, start: int, cards: tuple[Card, ...], base: Style) -> list[Strip]:
        width, height = self.card_size
        gap = " " * GAP
        numbers = self.component_style("hand--number")
        parts: list[list[Strip]] = [[] for _ in range(height)]
        for offset, card in enumerate(cards):
            index = start + offset
            number = CARD_KEYS[index] if self.numbered and index < len(CARD_KEYS) else ""
            words = partial(Text, number.center(width) + gap, style=numbers)
            parts[0].append(self.cached_strip(("number", number, width, numbers), words, base))
            frame = self._frame_name(index, card)
            dimmed = self.my_turn and card not in self.playable
            face = self._face(card, frame, dimmed, base)
            spacer = self.cached_strip("gap", lambda: Text(gap), base)
            for line, part in zip(parts[1:], face, strict=True):
                line.append(part)
                line.append(spacer)
        return [joined(line) for line in parts]

    def _face(self, card: Card, frame: str, dimmed: bool, base: Style) -> tuple[Strip, ...]:
        """A card's face in its frame's style (dimmed: not playable on the player's turn)."""

        style = self.component_style(frame)

        def lines() -> list[Text]:
            width, height = self.card_size
            if self.big:
                face = self.look.medium(card, style, width, height - 1)
            else:
                face = self.look.small(card, style)
            if dimmed:
                for line in face:
                    line.stylize("dim")
            return face

        return self.cached_lines(("face", self.look, self.scale, card, style, dimmed), lines, base)

    def _frame_name(self, index: int, card: Card) -> str:
        """The component class a card's frame is drawn in."""
        if index == self.hovered:
            return "hand--hover" if card in self.playable or not self.my_turn else "hand--refused"
        if index == self.cursor and self.has_focus:
            return "hand--cursor"
        if self.my_turn and card in self.playable:
            return "hand--playable"
        return "hand--unplayable"

    # --- Input ----------------------------------------------------------------------

    def validate_cards(self, cards: tuple[Card, ...]) -> tuple[Card, ...]:
        return in_hand_order(cards)

    def watch_cards(self, old: tuple[Card, ...], cards: tuple[Card, ...]) -> None:
        if self.cursor >= len(cards):
            self.cursor = max(0, len(cards) - 1)
        # The table is laid out again only when the hand needs more or fewer rows,
        # and its height changes with them (the stylesheet may give it a minimum
        # that holds both): a layout costs several times a repaint, and most plays
        # and draws need none.
        rows = self._rows(len(cards))
        if self._rows(len(old)) != rows and self.size.height != self._height_for(rows):
            self.refresh(layout=True)

    def _height_for(self, rows: int) -> int:
        """The hand's height with ``rows`` rows of cards, as the stylesheet lets it be."""
        height = rows * self.card_size[1] + self.styles.gutter.height
        floor = self.styles.min_height
        if floor is not None and floor.unit is Unit.CELLS:
            height = max(height, int(floor.value))
        return height

    def point_at_playable(self) -> None:
        """Put the cursor on the first card that can be played, if any: a wild 8
        only when nothing else fits, as Enter plays the card under the cursor and
        an 8 is worth keeping."""
        playable = [i for i, card in enumerate(self.cards) if card in self.playable]
        ordinary = [i for i in playable if self.cards[i].rank is not Rank.EIGHT]
        if playable:
            self.cursor = (ordinary or playable)[0]

    def action_move(self, step: int) -> None:
        if self.cards:
            self.cursor = (self.cursor + step) % len(self.cards)

    def action_row(self, step: int) -> None:
        """The card above or below the cursor; the last one, if the row below is short."""
        per_row = self._per_row()
        row = self.cursor // per_row + step
        if self.cards and 0 <= row <= (len(self.cards) - 1) // per_row:
            self.cursor = min(self.cursor + step * per_row, len(self.cards) - 1)

    def watch_cursor(self, cursor: int) -> None:
        # In a container that scrolls (a big hand), the cursor's row is kept in view.
        parent = self.parent
        if isinstance(parent, Widget) and parent.allow_vertical_scroll:
            width, height = self.card_size
            row = Region(0, cursor // self._per_row() * height, width, height)
            parent.scroll_to_region(
                row.translate(self.virtual_region.offset), animate=False, immediate=True
            )

    def action_jump(self, index: int) -> None:
        if self.cards:
            self.cursor = index % len(self.cards)

    def action_choose(self) -> None:
        if self.cards:
            self.post_message(self.CardChosen(self.cards[self.cursor], with_enter=True))

    def choose_number(self, number: int) -> None:
        """Play the n-th card (1-based), as its key in `CARD_KEYS` does."""
        if 1 <= number <= len(self.cards):
            self.cursor = number - 1
            self.post_message(self.CardChosen(self.cards[number - 1]))

    def _card_under(self, event: events.MouseEvent) -> int | None:
        offset = event.get_content_offset(self)
        return None if offset is None else self.card_at(offset.x, offset.y)

    def on_mouse_move(self, event: events.MouseMove) -> None:
        if self.hover_tracking:
            self.hovered = self._card_under(event)

    def on_leave(self, event: events.Leave) -> None:
        self.hovered = None

    def on_click(self, event: events.Click) -> None:
        index = self._card_under(event)
        if index is not None:
            self.cursor = index
            self.post_message(self.CardChosen(self.cards[index]))
