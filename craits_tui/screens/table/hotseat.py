"""Hot-seat: several people at one terminal, each hand hidden from the others."""

from __future__ import annotations

from craits_core import Announce, PlayerView

from .policy import TablePolicy


class HotSeatPolicy(TablePolicy):
    """A table where several people take turns at this terminal: the terminal is
    handed from one to the next, and the game over speaks to nobody as "you"."""

    personal = False

    def hand_over(self, view: PlayerView) -> bool:
        """Hide the hand until the next person whose turn it is says they are
        ready. Returns whether a handover began."""
        screen = self.screen
        control = screen.control
        humans = screen.table.humans
        current = view.current_player
        if current in humans and current != control.at_terminal:
            to = current
        elif control.at_terminal is None and screen.seat is not None:
            # A new or resumed game: the hand on show is waited on too, as bots
            # may play first.
            to = screen.seat
        else:
            return False
        from ..handover import HandoverScreen

        previous = screen.seat
        can_announce = (
            previous is not None
            and previous != to
            and any(isinstance(m, Announce) for m in screen.table.legal_moves(previous))
        )
        announce_for = view.players[previous] if can_announce and previous is not None else None
        screen.feed.held = True

        def handed(choice: str | None) -> None:
            if choice == "announce" and previous is not None:
                screen.submit(Announce(previous))
                screen.app.push_screen(HandoverScreen(view.players[to]), handed)
                return
            control.at_terminal = to
            screen.drawing.show_seat(to)
            screen.feed.held = False
            screen.following.drain()

        screen.app.push_screen(HandoverScreen(view.players[to], announce_for), handed)
        return True
