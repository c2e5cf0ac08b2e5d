"""How the screens tell a table: its seats, its game, its bots, the seat kept there."""

from __future__ import annotations

from rich.text import Text

from ....i18n import _, ngettext
from ....narrate import describe_rules
from ....screens.setup import kind_options
from ...protocol import ListedSeat, TableInfo
from ..connection import KeptSeat


def level_name(level: str) -> str:
    """A bot level as the set-up form names it ("Bot: normal")."""
    return {value: label for label, value in kind_options()}.get(level, level)


def seat_words(seat: ListedSeat, host: str | None) -> str:
    """A seat in the lobby's details: the name, and what kind of seat it is."""
    if seat.free:
        return _("a free seat")
    name = seat.name or "?"
    if seat.bot is not None and seat.person:
        return _("{name} (away: a bot plays)").format(name=name)
    if seat.bot is not None:
        return _("{name} ({kind})").format(name=name, kind=level_name(seat.bot))
    if name == host:
        return _("{name} (host)").format(name=name)
    if not seat.connected:
        return _("{name} (away)").format(name=name)
    return name


def players_words(info: TableInfo) -> str:
    """Who sits at the table, in the lobby's list: its people, its bots apart, and
    its seats ("2 / 4", "1 + 2 bots / 4"), short enough for the list to fit 80
    columns in every language. A person's seat counts as theirs while a bot
    stands in for them."""
    people = sum(seat.person and not seat.free for seat in info.seats)
    bots = sum(not seat.person and seat.bot is not None for seat in info.seats)
    seats = len(info.seats)
    if not bots:
        return f"{people} / {seats}"
    return ngettext(
        "{people} + {bots} bot / {seats}", "{people} + {bots} bots / {seats}", bots
    ).format(people=people, bots=bots, seats=seats)


def listing_row(info: TableInfo) -> tuple[Text, ...]:
    """The table's row in the lobby's list: its code, name, host, seats, game and
    how many watch it."""
    return (
        Text(info.code, style="bold"),
        Text(table_name(info), style="italic" if info.quick else ""),
        Text(info.host or ""),
        Text(players_words(info)),
        Text(game_words(info)),
        Text(str(info.spectators) if info.spectators else ""),
    )


def table_details(info: TableInfo) -> str:
    """The lobby's line about the selected table: its rules, who sits there, and
    its turn timer and spectators' chat, if it has them (the line is short)."""
    seats = ", ".join(seat_words(s, info.host) for s in info.seats)
    words = [
        _("Rules: {rules}. Seats: {seats}.").format(rules=describe_rules(info.rules), seats=seats)
    ]
    if info.turn_time:
        words.append(turn_timer_words(info.turn_time))
    if info.spectator_chat:
        words.append(_("Spectators may chat."))
    return " ".join(words)


def table_name(info: TableInfo) -> str:
    """The table's name as shown: a quick-match table's in the player's language
    (the server names those in English)."""
    return _("Quick match") if info.quick else info.name


def turn_time_words(seconds: int) -> str:
    """A turn timer's length: "30 s", "2 min"."""
    if seconds >= 120 and seconds % 60 == 0:
        return _("{n} min").format(n=seconds // 60)
    return _("{n} s").format(n=seconds)


def turn_timer_words(seconds: int) -> str:
    """A table's turn timer, in a sentence."""
    return _("Turn timer: {time} a move.").format(time=turn_time_words(seconds))


def table_options(info: TableInfo) -> str:
    """The table's turn timer and whether its spectators may chat, in two sentences."""
    clock = turn_timer_words(info.turn_time) if info.turn_time else _("No turn timer.")
    chat = _("Spectators may chat.") if info.spectator_chat else _("Spectators may not chat.")
    return clock + " " + chat


def game_words(info: TableInfo) -> str:
    """Where the table's game stands, in a word."""
    if info.over:
        return _("over")
    return _("playing") if info.started else _("waiting")


def kept_table_words(kept: KeptSeat) -> str:
    """The table where the player's seat is kept: its name and code, or its code."""
    if kept.name is not None:
        return _("{name} ({code})").format(name=kept.name, code=kept.table)
    return _("table {code}").format(code=kept.table)


def with_code(sentence: str, code: str) -> Text:
    """``sentence`` with ``code`` in it in bold: the part to note down."""
    text = Text(sentence)
    text.highlight_words([code], style="bold")
    return text
