"""What a seat's badge shows of its player: the fan of their card backs, their name,
who plays (a person or a bot of some level) and their points, and what stands out
about them now."""

from __future__ import annotations

from dataclasses import dataclass

from rich.cells import cell_len
from rich.text import Text

from ..faces import CardLook, card_width
from ..i18n import N_, _, ngettext
from ..seat_rows import SeatInfo

# Marked here, translated where shown: the language may change after import.
_BOT_KINDS = {
    "random": N_("random bot"),
    "easy": N_("easy bot"),
    "normal": N_("normal bot"),
    "hard": N_("hard bot"),
    "expert": N_("expert bot"),
}
_BOT_LEVELS = {
    "random": N_("random"),
    "easy": N_("easy"),
    "normal": N_("normal"),
    "hard": N_("hard"),
    "expert": N_("expert"),
}


@dataclass(frozen=True)
class Fan:
    """A hand of card backs as drawn: its lines, and how many backs they show."""

    lines: tuple[Text, ...]
    shown: int
    """Backs drawn: fewer than the cards when a count stands beside them."""
    width: int
    """The columns of the backs alone, without the count."""


def fan(look: CardLook, cards: int, width: int, height: int = 3) -> Fan:
    """``cards`` card backs overlapping from the left, in at most ``width`` columns
    and ``height`` lines (at least 3).

    Each back but the last shows its left edge: two columns apart when they fit,
    one when not. A hand too big for even that shows as many backs as fit, with the
    count beside them, on the middle line.
    """
    height = max(3, height)
    if cards <= 0:
        return Fan(tuple(Text() for _ in range(height)), 0, 0)
    back = card_width(height) if height > 3 else 4  # a three-line hand: narrow backs
    step = 2 if (cards - 1) * 2 + back <= width else 1
    count = ""
    shown = cards
    if (cards - 1) + back > width:
        count = f" {cards}"
        shown = max(1, width - cell_len(count) - back + 1)
    tl, h, tr, v, bl, br = look.box
    down, up = ("+", "+") if look.ascii else ("┬", "┴")
    fill = "#" if look.ascii else "░"
    edges = shown - 1
    top = Text(tl + (h * (step - 1) + down) * edges + h * (back - 2) + tr)
    bottom = Text(bl + (h * (step - 1) + up) * edges + h * (back - 2) + br)
    middle = Text(v)
    middle.append((fill * (step - 1) + v) * edges, style="dim")
    middle.append(fill * (back - 2), style="dim")
    middle.append(v)
    lines = [top, *(middle.copy() for _ in range(height - 2)), bottom]
    if count:
        lines[height // 2].append(count, style="bold")
    return Fan(tuple(lines), shown, top.cell_len)


def name_and_about(info: SeatInfo, width: int) -> tuple[Text, Text]:
    """The name line, and the line of who plays and their points: as much of it
    as fits ("normal bot · 12 pts", "normal · 12 pts"), or else the points alone
    and the bot's level at the end of the name line, if it fits there."""
    name = Text("▶ " if info.turn else "", style="bold")
    name.append(info.name, style="bold")
    points = Text(ngettext("{n} pt", "{n} pts", abs(info.total)).format(n=info.total))
    if not info.known:
        return name, points
    if not info.bot:
        kinds = [_("person")]
    else:
        kind = (
            _(_BOT_KINDS[info.bot])
            if info.bot in _BOT_KINDS
            else _("{level} bot").format(level=info.bot)
        )
        kinds = [kind, _(_BOT_LEVELS.get(info.bot, info.bot))]
    for kind in kinds:
        about = Text(kind, style="dim")
        about.append(" · ", style="dim")
        about.append_text(points)
        if about.cell_len <= width:
            return name, about
    level = kinds[-1]
    room = width - name.cell_len - cell_len(level)
    if room >= 1:
        name.append(" " * room)
        name.append(level, style="dim")
    return name, points


def mark_of(info: SeatInfo, width: int) -> Text:
    """What stands out about the player now, if anything."""
    if info.callable:
        # The key whole, rather than a cut-off "(i or cl…": the words go first.
        call = _("Idiot!")
        for mark, how in (
            (f" {call} ", _("(i or click)")),
            (f" {call} ", "(i)"),
            (call, "(i)"),
        ):
            if cell_len(mark) + 1 + cell_len(how) <= width:
                break
        return Text.assemble((mark, "bold reverse"), " ", (how, "dim"))
    if not info.cards:  # the round is over, or a crank goes on without them
        # Translators: the shorter form of "went out", for a narrow seat.
        return Text(_fitting(width, _("went out"), _("out")), style="bold")
    if info.announced:
        # Translators: the shorter form of "LAST CARD!", for a narrow seat.
        return Text(_fitting(width, _("LAST CARD!"), _("LAST!")), style="bold reverse")
    if info.lost_turns:
        # Shorter where narrow, to the telegraphic, rather than cut off.
        words = _fitting(width, _("loses the next turn"), _("loses a turn"), _("loses turn"))
        return Text(words, style="italic")
    if info.dealer:
        return Text(_("(dealer)"), style="dim")
    return Text()


def _fitting(width: int, *forms: str) -> str:
    """The first of ``forms`` (longest first) that fits in ``width`` cells, or the
    last, shortest one: a shorter form rather than words cut off."""
    return next((form for form in forms if cell_len(form) <= width), forms[-1])
