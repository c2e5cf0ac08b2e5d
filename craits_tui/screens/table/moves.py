"""The player's moves: cards chosen, suits named, draws, calls, take-backs.

Every key and click becomes a command for the table, which the rules accept or
refuse; a refusal is said in the player's words and changes nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from craits_core import (
    Announce,
    CallIdiot,
    Card,
    ChooseSuit,
    Command,
    Draw,
    IllegalMove,
    Play,
    PlayerView,
    Rank,
    Suit,
)

from ...i18n import _
from ...narrate import store_problem

if TYPE_CHECKING:
    from .screen import TableScreen


class PlayerInput:
    """Turns the keys and clicks of the person at a table screen into moves."""

    def __init__(self, screen: TableScreen) -> None:
        self.screen = screen
        self.control = screen.control
        self._told_unsaved = False  # the player knows the game stopped being saved

    def submit(self, command: Command) -> bool:
        """Hand a command to the table (through the screen's policy); its events come
        back as the table's. Whether the table took it."""
        screen, control = self.screen, self.control
        if control.leaving:
            return False  # a click, or a bot's move, that was on its way when the player quit
        if not screen.policy.lets_through(command):
            return False
        try:
            screen.table.submit(command)
        except IllegalMove as err:
            screen.notice(screen.narrator.refusal(err, control.view))
            return False
        problem = screen.table.save_problem
        if problem is not None and not self._told_unsaved:
            self._told_unsaved = True
            screen.notify(
                _(
                    "This game can no longer be saved: {problem} It goes on, but its "
                    "moves from here on are not saved."
                ).format(problem=store_problem(problem)),
                severity="error",
                timeout=20,
            )
        if (
            control.hint is not None
            and command.player == control.seat
            and isinstance(command, Play | Draw | ChooseSuit)
        ):
            # The hint was for the move just made: left up, it would read as
            # advice for the next turn.
            control.hint = None
            screen.app.clear_notifications()
        return True

    def card_chosen(self, card: Card, with_enter: bool) -> None:
        """A card of the hand chosen (clicked, or Enter on it)."""
        seat = self.control.seat
        if seat is None or not self.control.caught_up:
            return
        if self._reask_starter_suit():
            return
        moves = self.control.moves()
        can_play = any(isinstance(m, Play) for m in moves)
        if with_enter and not can_play and any(isinstance(m, Draw) for m in moves):
            # Enter is "do the obvious thing": with no card to play, that is drawing.
            self.draw()
            return
        view = self.control.view
        options = [m for m in moves if isinstance(m, Play) and m.card == card]
        if len(options) > 1 and view is not None and len(view.hand) == 1:
            # Going out ends the round: the suit an 8 or a 9 names then changes
            # nothing, so it names its own, with no question asked for nothing.
            own = [m for m in options if m.suit in (None, card.suit)]
            self._play((own or options)[0])
            return
        if len(options) > 1:
            self._ask_suit(card, [m.suit for m in options])
            return
        suit = card.suit if card.rank is Rank.EIGHT else None  # refused with the reason
        self._play(Play(seat, card, suit))

    def _play(self, play: Play) -> None:
        view = self.control.view
        announce = self.control.armed or (
            view is not None and len(view.hand) == 2 and self.screen.settings.auto_announce
        )
        if self.submit(Play(play.player, play.card, play.suit, announce=announce)):
            self.control.armed = False

    def _ask_suit(self, card: Card, suits: list[Suit | None]) -> None:
        from ..suit_picker import SuitPicker

        choices = [s if s is not None else card.suit for s in suits]

        def chosen(suit: Suit | None) -> None:
            seat = self.control.seat
            if suit is not None and seat is not None:
                self._play(Play(seat, card, suit).normal())

        view = self.control.view
        hand = view.hand if view is not None else ()
        hint = self.control.hint
        # The suit a hint for this very card advised, where the picker starts.
        advised = hint.suit if isinstance(hint, Play) and hint.card == card else None
        picker = SuitPicker(card, choices, self.screen.look, hand=hand, advised=advised)
        self.screen.app.push_screen(picker, chosen)

    def ask_starter_suit(self, view: PlayerView) -> None:
        """The starter's suit to name, in a picker (once)."""
        from ..suit_picker import SuitPicker

        app = self.screen.app
        if self.control.feed.held or isinstance(app.screen, SuitPicker):
            return
        top = view.top_card
        assert top is not None
        suits = [m.suit for m in self.control.moves() if isinstance(m, ChooseSuit)]

        def chosen(suit: Suit | None) -> None:
            seat = self.control.seat
            if suit is not None and seat is not None:
                self.submit(ChooseSuit(seat, suit))

        app.push_screen(
            SuitPicker(top, suits, self.screen.look, starter=True, hand=view.hand), chosen
        )

    def _reask_starter_suit(self) -> bool:
        """After the starter's suit picker was closed unanswered, a move opens it
        again: nothing else can be done first. Returns whether it did."""
        view = self.control.view
        if view is None or not view.choosing_suit or not self.control.my_turn():
            return False
        self.ask_starter_suit(view)
        return True

    def draw(self) -> None:
        """Draw (the key, or a click on the stock)."""
        seat = self.control.seat
        if seat is not None and self.control.my_turn() and not self._reask_starter_suit():
            self.submit(Draw(seat))

    def last_card(self) -> None:
        """ "Last card!": said now when it may be, else armed to ride on the next play."""
        seat = self.control.seat
        if seat is None:
            return
        if any(isinstance(m, Announce) for m in self.control.moves()):
            self.submit(Announce(seat))
        elif self.control.my_turn():
            armed = self.control.armed = not self.control.armed
            self.screen.notify(
                _("You will say “Last card!” with your next play.")
                if armed
                else _("You will not say “Last card!”."),
                timeout=2,
            )
            self.screen.refresh_table()

    def call_idiot(self, target: int | None = None) -> None:
        """Call "Idiot!" on ``target`` (a click on a seat; None: the key, on the
        first who may be called)."""
        seat = self.control.seat
        if target is not None and seat is not None:
            self.submit(CallIdiot(seat, target))  # refused, with the reason, if not due
            return
        calls = [m for m in self.control.moves() if isinstance(m, CallIdiot)]
        if calls:
            self.submit(calls[0])

    def why_not(self, action: str) -> None:
        """A move key pressed when it does nothing: say why, in a notice."""
        seat = self.control.seat
        if seat is None:
            return
        notice = self.screen.notice
        if not self.control.caught_up:
            notice(_("One moment: the last move is still being shown."))
        elif action == "draw":
            self.submit(Draw(seat))  # refused, with the rule's reason
        elif action == "last_card":
            view = self.control.view
            if view is not None and view.current_player != seat and len(view.hand) == 2:
                notice(_("Say “Last card!” with your play, when your turn comes."))
            else:
                self.submit(Announce(seat))  # refused, with the reason
        elif action == "call_idiot":
            notice(
                _(
                    "Nobody to call: “Idiot!” is for a player who played down to one card "
                    "without saying “Last card!”."
                )
            )
        elif action == "hint":
            notice(_("A hint is for your turn."))
        elif action == "take_back":
            notice(
                _("Nothing to take back in this round yet.")
                if self.screen.table.can_take_back
                else _("Moves can be taken back only in a game against bots alone.")
            )

    def take_back(self) -> None:
        """Take back the player's last move and the bots' replies since: the
        position is rebuilt from the log up to that move."""
        screen, control = self.screen, self.control
        seat = control.seat
        if seat is None or not screen.table.take_back(seat):
            self.why_not("take_back")
            return
        # Back at a turn with nothing but a draw, the player makes it (or takes
        # back further) themselves: no draw made for them there.
        screen.auto_draw.skip_here()
        # Nothing heard before belongs to the game any more: the bots' timer, a bot
        # thinking, a hint for the old position.
        screen.bots.stop()
        control.armed = False
        control.forget_moves()
        if control.hint is not None:
            control.hint = None
            screen.app.clear_notifications()
        screen.drawing.retell(control.feed.restart())
        screen.refresh_table()
        screen.following.open_due_dialogs()
        screen.bots.schedule()
        screen.notice(_("Taken back: your move and the replies to it."))
