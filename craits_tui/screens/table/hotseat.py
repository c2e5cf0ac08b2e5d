"""Hot-seat: several people at one terminal, each hand hidden from the others."""

from __future__ import annotations

from craits_core import Announce, PlayerView

from .base import TableBase


class HotSeat(TableBase):
    """The part of the table screen that hands the terminal from person to person."""

    def _hand_over(self, view: PlayerView) -> bool:
        """With several people at this terminal, hide the hand until the next one
        whose turn it is says they are ready. Returns whether a handover began."""
        humans = self.table.humans
        if len(humans) < 2:
            return False
        current = view.current_player
        if current in humans and current != self.control.at_terminal:
            to = current
        elif self.control.at_terminal is None and self.seat is not None:
            # A new or resumed game: the hand on show is waited on too, as bots
            # may play first.
            to = self.seat
        else:
            return False
        from ..handover import HandoverScreen

        previous = self.seat
        can_announce = (
            previous is not None
            and previous != to
            and any(isinstance(m, Announce) for m in self.table.legal_moves(previous))
        )
        announce_for = view.players[previous] if can_announce and previous is not None else None
        self.feed.held = True

        def handed(choice: str | None) -> None:
            if choice == "announce" and previous is not None:
                self._submit(Announce(previous))
                self.app.push_screen(HandoverScreen(view.players[to]), handed)
                return
            self.control.at_terminal = to
            self._show_seat(to)
            self.feed.held = False
            self._drain()

        self.app.push_screen(HandoverScreen(view.players[to], announce_for), handed)
        return True
