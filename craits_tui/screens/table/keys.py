"""The table's keys: each binding, and when the footer offers it.

A move key that the moves of the moment do not allow is not offered but still
heard: it falls through to a binding that says why it does nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.binding import Binding, BindingType

from craits_core import Announce, CallIdiot, Draw

from ...abilities_text import KEY as ABILITIES_KEY
from ...i18n import N_
from ...widgets.hand import CARD_KEYS
from .watching import WATCH_ACTIONS

if TYPE_CHECKING:
    from .screen import TableScreen

MOVE_ACTIONS = ("draw", "last_card", "call_idiot", "play_number", "hint", "take_back")
"""The footer's keys that come and go with the moves allowed."""

TABLE_BINDINGS: list[BindingType] = [
    Binding("d", "draw", N_("Draw")),
    Binding("l", "last_card", N_("Last card!")),
    Binding("i", "call_idiot", N_("Idiot!")),
    Binding("s", "scores", N_("Scores")),
    Binding("h", "hint", N_("Hint")),
    Binding("u", "take_back", N_("Take back")),
    Binding("o", "options", N_("Options")),
    # The pace is in the options; the footer offers its own key only to those
    # watching bots, who have room for it and a use for it. (Of two bindings of
    # one key, the first that is not switched off is the one shown and run.)
    Binding("p", "watch_pace", N_("Pace")),
    Binding("p", "pace", N_("Pace"), show=False),
    # Watching bots: a pause to study a hand, and a move at a time while paused.
    Binding("space", "pause", N_("Pause")),
    Binding("space", "go_on", N_("Go on")),
    Binding("right,n", "one_move", N_("One move"), key_display="→"),
    Binding("v", "hide_hand", N_("Hide hand")),
    Binding("v", "show_hand", N_("Show hand")),
    Binding(ABILITIES_KEY, "abilities", N_("Cards")),
    Binding("question_mark", "help", N_("Help"), key_display="?"),
    # Leaving is the footer's last key, where a player looks for the way out; where
    # it leads is the table's (its policy's `leaves_to`): one of these is offered.
    Binding(
        "escape",
        "leave_by_escape('menu')",
        N_("Leave"),
        key_display="esc",
        tooltip=N_("Back to the start menu: the game is saved, to resume there."),
    ),
    Binding("escape", "leave_by_escape('lessons')", N_("Lessons"), key_display="esc"),
    Binding(
        "escape",
        "leave_by_escape('lobby')",
        N_("Leave"),
        key_display="esc",
        tooltip=N_("Back to the lobby, after asking."),
    ),
    Binding("q", "quit_game('menu')", N_("Quit")),
    # Online, q leaves for the lobby as Esc does (the footer shows Esc alone).
    Binding("q", "quit_game('lobby')", N_("Leave"), show=False),
    *[Binding(key, f"play_number({n})", show=False) for n, key in enumerate(CARD_KEYS, 1)],
    # The log scrolls from the keyboard while the hand keeps the focus.
    Binding("pageup", "log('page_up')", show=False),
    Binding("pagedown", "log('page_down')", show=False),
    Binding("right_square_bracket", "log('to_end')", show=False),
    # A move key that does nothing says why: when its binding above is switched
    # off, the key falls through to these.
    *[
        Binding(key, f"why_not('{action}')", show=False)
        for key, action in (
            ("d", "draw"),
            ("l", "last_card"),
            ("i", "call_idiot"),
            ("h", "hint"),
            ("u", "take_back"),
        )
    ],
]


def offered(screen: TableScreen, action: str, parameters: tuple[object, ...]) -> bool | None:
    """Whether the footer of a table screen offers ``action`` (True), shows it
    unavailable (None) or hides it and lets its key fall through (False), as
    `Screen.check_action`; its policy has the last word."""
    table, control, seat = screen.table, screen.control, screen.seat
    if action == "leave_by_escape":
        return parameters == (screen.policy.leaves_to,)
    if action == "quit_game":
        return parameters == ("lobby" if screen.policy.leaves_to == "lobby" else "menu",)
    if action in ("pace", *WATCH_ACTIONS) and not table.bots_play_here:
        return False  # the bots play elsewhere (on the server), at its pace
    if action in WATCH_ACTIONS:
        return False  # for those who watch bots (their policy offers them)
    if action not in MOVE_ACTIONS:
        return True
    if seat is None:
        return False  # watching: no hand, no moves, not in the footer
    if not control.caught_up:
        return None
    moves = control.moves()
    match action:
        case "draw":
            may = any(isinstance(m, Draw) for m in moves)
        case "hint":
            may = control.my_turn() and bool(moves)
        case "take_back":
            if not table.can_take_back:
                return False  # not offered: online, hot-seat
            may = table.take_back_point(seat) is not None
        case "call_idiot":
            may = any(isinstance(m, CallIdiot) for m in moves)
        case "last_card":
            view = control.view
            can_arm = control.my_turn() and view is not None and len(view.hand) == 2
            may = can_arm or any(isinstance(m, Announce) for m in moves)
        case _:
            may = True
    return True if may else None
