"""What a kind of table does its own way.

The table screen is one screen for every table: a game against bots here, people
taking turns at one terminal, bots watched, a lesson, a game online. Where they
differ, the screen asks the `TablePolicy` it was given; the base is a game against
bots at this terminal, and each other kind says only what it does otherwise.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.screen import ModalScreen

from craits_core import Command, PlayerView
from craits_core.events import RoundEnded

from ...i18n import _
from ...launch import NewGame
from ...pacing import round_pause
from ...requests import OpenSetup, ShowMenu, StartGame

if TYPE_CHECKING:
    from .screen import TableScreen


class TablePolicy:
    """A game against bots at this terminal; a subclass says what its table does
    otherwise. The screen hands itself over once (`attach`), before it is mounted."""

    deals_again = True
    """Whether the game over offers the same table again, with a new deal."""

    bell_after: float | None = 0.0
    """Seconds of waiting for the others after which the player's turn rings the
    terminal's bell (when the `bell` setting is on); None: never. Here, any turn
    that comes back after others played."""

    draws_for_player = True
    """Whether the "Draw for me" option applies at this table."""

    personal = True
    """Whether the game over speaks to the person here as "you"."""

    leaves_to = "menu"
    """Where Esc leaves the table for: "menu" (the start menu), "lessons" or "lobby"
    (the footer names it so)."""

    screen: TableScreen

    def attach(self, screen: TableScreen) -> None:
        """The screen this policy is for."""
        self.screen = screen

    def mounted(self) -> None:
        """The screen is mounted: what this kind of table adds to it."""

    def unmounted(self) -> None:
        """The screen is gone: what this kind of table follows, it follows no more."""

    def allowed(
        self, action: str, parameters: tuple[object, ...], default: bool | None
    ) -> bool | None:
        """Whether the footer offers ``action`` with ``parameters`` (as
        `Screen.check_action`), given what the table screen itself would say
        (``default``)."""
        return default

    def lets_through(self, command: Command) -> bool:
        """Whether ``command``, made at this terminal, goes to the table."""
        return True

    def hint(self) -> bool:
        """Give this table's own hint for the player's turn; whether it did (if not,
        the expert bot's advice is given)."""
        return False

    def hand_over(self, view: PlayerView) -> bool:
        """Hand the terminal to the next person whose turn it is, if that is due
        here; whether a handover began."""
        return False

    def round_summary(self, event: RoundEnded) -> None:
        """Show the summary of the round that ended; the table waits for it to close."""
        from ..round_summary import RoundSummary

        screen = self.screen
        view = screen.view
        assert view is not None
        screen.feed.held = True

        def next_round(_: object = None) -> None:
            screen.feed.held = False
            screen.following.drain()

        # Nobody to press Enter when only bots play: the summary stays a while (or,
        # with the bots paused, until the watcher goes on).
        auto = round_pause(
            screen.settings.bot_delay,
            people=bool(screen.table.humans),
            paused=screen.control.paused,
        )
        screen.app.push_screen(RoundSummary(event, view, screen.look, auto), next_round)

    def game_over(self) -> None:
        """Show the game's end; the table waits for the choice made there."""
        screen = self.screen
        assert screen.view is not None
        screen.feed.held = True
        screen.app.push_screen(self.game_over_screen(screen.view), self.after_game)

    def game_over_screen(self, view: PlayerView) -> ModalScreen[str]:
        """The dialog at the game's end, which answers with a choice for
        `after_game`."""
        from ..game_over import GameOver

        screen = self.screen
        return GameOver(
            view,
            again=self.deals_again,
            look=screen.look,
            animate=screen.settings.animations,
            personal=self.personal,
        )

    def after_game(self, choice: str | None) -> None:
        """Follow the choice made at the game's end: the same table again, another
        game set up, the start menu, or quit."""
        screen = self.screen
        view = screen.view
        if choice == "again" and view is not None:
            seats = tuple(screen.table.seats)
            screen.post_message(StartGame(screen, NewGame(seats, view.rules)))
        elif choice == "new":
            screen.post_message(OpenSetup(screen))
        elif choice == "menu":
            screen.post_message(ShowMenu(screen))
        else:
            screen.app.exit()

    def leave_by_escape(self) -> None:
        """Where Esc takes the player: the start menu, the game saved to resume."""
        self.screen.post_message(ShowMenu(self.screen))

    def quit_game(self) -> None:
        """Leave the app, the game as the player left it."""
        screen = self.screen
        screen.stop_playing()
        table = screen.table
        if table.saved:
            screen.app.exit(message=_("The game is saved: start craits-tui again to go on."))
        elif table.save_problem is not None:
            screen.app.exit(
                message=_(
                    "Saving stopped partway through this game: start craits-tui again to "
                    "go on from the last move saved."
                )
            )
        else:  # played without a save file
            screen.app.exit(message=_("This game was not saved, so it cannot be resumed."))

    def resumed(self) -> None:
        """The table is on top again (its first showing, or a dialog over it closed)."""

    def retelling(self) -> None:
        """The log is to be told again from the start."""

    def retold(self, told: int | None) -> None:
        """The log is told again: the lines beside the game's events that come after
        its ``told``-th (None: after the last). None here; an online table's log
        tells who comes and goes too."""

    def settings_followed(self) -> None:
        """The table follows changed settings: what this kind of table adds follows
        them too."""

    def spoke_again(self) -> None:
        """The table speaks a new language: what this kind of table adds too."""
