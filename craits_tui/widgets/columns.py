"""Columns headed by players' names, laid out by hand: widths that share the room
between the names, and names cut to fit them."""

from __future__ import annotations

from rich.cells import cell_len


def name_widths(names: list[str], needs: list[int], room: int) -> list[int]:
    """Widths for the name columns: each name's own where ``room`` allows, else an
    even share of it, the shortest names served first (and of equal ones the first
    seat's last, so what is left over goes to it); never narrower than the scores
    under the name (``needs``)."""
    widths = [max(need, cell_len(name)) for name, need in zip(names, needs, strict=True)]
    left = room
    order = sorted(range(len(names)), key=lambda i: (widths[i], -i))
    for served, i in enumerate(order):
        widths[i] = max(needs[i], min(widths[i], left // (len(order) - served)))
        left -= widths[i]
    return widths


def shorten(name: str, width: int) -> str:
    """``name`` cut to ``width`` cells, an ellipsis saying so."""
    cut = name
    while cut and cell_len(cut) > width - 1:
        cut = cut[:-1]
    return cut + "…" if width > 0 else ""
