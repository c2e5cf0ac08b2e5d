"""The player's moves: cards chosen, suits named, draws, calls, take-backs.

Every key and click becomes a command for the table, which the rules accept or
refuse; a refusal is said in the player's words and changes nothing.
"""

from __future__ import annotations

from textual import on

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
from ...widgets.hand import Hand
from ...widgets.last_card import LastCardButton
from ...widgets.seats import SeatBadge
from ...widgets.stock import DrawPile
from .base import TableBase


class PlayerInput(TableBase):
    """The part of the table screen that turns keys and clicks into moves."""

    _told_unsaved = False  # the player knows the game stopped being saved

    def _submit(self, command: Command) -> bool:
        """Hand a command to the table; its events come back as `GameEvent` messages."""
        if self.control.leaving:
            return False  # a click, or a bot's move, that was on its way when the player quit
        try:
            self.table.submit(command)
        except IllegalMove as err:
            self._notice(self.narrator.refusal(err, self.view))
            return False
        problem = self.table.save_problem
        if problem is not None and not self._told_unsaved:
            self._told_unsaved = True
            self.notify(
                _(
                    "This game can no longer be saved: {problem} It goes on, but its "
                    "moves from here on are not saved."
                ).format(problem=store_problem(problem)),
                severity="error",
                timeout=20,
            )
        if (
            self.control.hint is not None
            and command.player == self.seat
            and isinstance(command, Play | Draw | ChooseSuit)
        ):
            # The hint was for the move just made: left up, it would read as
            # advice for the next turn.
            self.control.hint = None
            self.app.clear_notifications()
        return True

    @on(Hand.CardChosen)
    def _card_chosen(self, message: Hand.CardChosen) -> None:
        if self.seat is None or not self.control.caught_up:
            return
        if self._reask_starter_suit():
            return
        moves = self.control.moves()
        can_play = any(isinstance(m, Play) for m in moves)
        if message.with_enter and not can_play and any(isinstance(m, Draw) for m in moves):
            # Enter is "do the obvious thing": with no card to play, that is drawing.
            self.action_draw()
            return
        card = message.card
        options = [m for m in moves if isinstance(m, Play) and m.card == card]
        if len(options) > 1 and self.view is not None and len(self.view.hand) == 1:
            # Going out ends the round: the suit an 8 or a 9 names then changes
            # nothing, so it names its own, with no question asked for nothing.
            own = [m for m in options if m.suit in (None, card.suit)]
            self._play((own or options)[0])
            return
        if len(options) > 1:
            self._ask_suit(card, [m.suit for m in options])
            return
        suit = card.suit if card.rank is Rank.EIGHT else None  # refused with the reason
        self._play(Play(self.seat, card, suit))

    def _play(self, play: Play) -> None:
        view = self.view
        announce = self.control.armed or (
            view is not None and len(view.hand) == 2 and self.settings.auto_announce
        )
        if self._submit(Play(play.player, play.card, play.suit, announce=announce)):
            self.control.armed = False

    def _ask_suit(self, card: Card, suits: list[Suit | None]) -> None:
        from ..suit_picker import SuitPicker

        choices = [s if s is not None else card.suit for s in suits]

        def chosen(suit: Suit | None) -> None:
            if suit is not None and self.seat is not None:
                self._play(Play(self.seat, card, suit).normal())

        hand = self.view.hand if self.view is not None else ()
        hint = self.control.hint
        # The suit a hint for this very card advised, where the picker starts.
        advised = hint.suit if isinstance(hint, Play) and hint.card == card else None
        picker = SuitPicker(card, choices, self.look, hand=hand, advised=advised)
        self.app.push_screen(picker, chosen)

    def _ask_starter_suit(self, view: PlayerView) -> None:
        from ..suit_picker import SuitPicker

        if self.feed.held or isinstance(self.app.screen, SuitPicker):
            return
        top = view.top_card
        assert top is not None
        suits = [m.suit for m in self.control.moves() if isinstance(m, ChooseSuit)]

        def chosen(suit: Suit | None) -> None:
            if suit is not None and self.seat is not None:
                self._submit(ChooseSuit(self.seat, suit))

        self.app.push_screen(
            SuitPicker(top, suits, self.look, starter=True, hand=view.hand), chosen
        )

    def _reask_starter_suit(self) -> bool:
        """After the starter's suit picker was closed unanswered, a move opens it
        again: nothing else can be done first. Returns whether it did."""
        view = self.view
        if view is None or not view.choosing_suit or not self.control.my_turn():
            return False
        self._ask_starter_suit(view)
        return True

    @on(DrawPile.Clicked)
    def action_draw(self) -> None:
        if self.seat is not None and self.control.my_turn() and not self._reask_starter_suit():
            self._submit(Draw(self.seat))

    @on(LastCardButton.Pressed)
    def action_last_card(self) -> None:
        if self.seat is None:
            return
        if any(isinstance(m, Announce) for m in self.control.moves()):
            self._submit(Announce(self.seat))
        elif self.control.my_turn():
            self.control.armed = not self.control.armed
            self.notify(
                _("You will say “Last card!” with your next play.")
                if self.control.armed
                else _("You will not say “Last card!”."),
                timeout=2,
            )
            self._refresh_table()

    @on(SeatBadge.IdiotClicked)
    def _idiot_clicked(self, message: SeatBadge.IdiotClicked) -> None:
        if self.seat is not None:
            self._submit(CallIdiot(self.seat, message.seat))

    def action_call_idiot(self) -> None:
        calls = [m for m in self.control.moves() if isinstance(m, CallIdiot)]
        if calls:
            self._submit(calls[0])

    def action_play_number(self, number: int) -> None:
        self.query_one(Hand).choose_number(number)

    def action_why_not(self, action: str) -> None:
        """A move key pressed when it does nothing: say why, in a notice."""
        seat = self.seat
        if seat is None:
            return
        if not self.control.caught_up:
            self._notice(_("One moment: the last move is still being shown."))
        elif action == "draw":
            self._submit(Draw(seat))  # refused, with the rule's reason
        elif action == "last_card":
            view = self.view
            if view is not None and view.current_player != seat and len(view.hand) == 2:
                self._notice(_("Say “Last card!” with your play, when your turn comes."))
            else:
                self._submit(Announce(seat))  # refused, with the reason
        elif action == "call_idiot":
            self._notice(
                _(
                    "Nobody to call: “Idiot!” is for a player who played down to one card "
                    "without saying “Last card!”."
                )
            )
        elif action == "hint":
            self._notice(_("A hint is for your turn."))
        elif action == "take_back":
            self._notice(
                _("Nothing to take back in this round yet.")
                if self.table.can_take_back
                else _("Moves can be taken back only in a game against bots alone.")
            )

    def action_take_back(self) -> None:
        """Take back the player's last move and the bots' replies since: the
        position is rebuilt from the log up to that move."""
        seat = self.seat
        if seat is None or not self.table.take_back(seat):
            self.action_why_not("take_back")
            return
        # Back at a turn with nothing but a draw, the player makes it (or takes
        # back further) themselves: no draw made for them there.
        self._skip_auto_draw_here()
        # Nothing heard before belongs to the game any more: the bots' timer, a bot
        # thinking, a hint for the old position.
        self._stop_bots()
        self.control.armed = False
        self.control.forget_moves()
        if self.control.hint is not None:
            self.control.hint = None
            self.app.clear_notifications()
        self._retell(self.feed.restart())
        self._refresh_table()
        self._open_due_dialogs()
        self._schedule_bots()
        self._notice(_("Taken back: your move and the replies to it."))
