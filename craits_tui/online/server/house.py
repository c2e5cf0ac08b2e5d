"""The house: every table of the server, the store that keeps their games, its rules.

The house opens tables within its quotas (tables in all, tables per player and
per address, so one player cannot fill the server), closes those nobody comes
back to, and at a start reopens every table whose game was left unfinished by the
server's last run, exactly where it stood. Its ledger (`ledger.Ledger`, in the
same store) gives each finished game a replay code and rates the people who
played it; the house also keeps whom each player has muted.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field

from craits_core import Game, GameStore, RuleSet, StoreError

from ...names import MAX_TABLE_NAME, clean_text
from ..protocol import Left, Rated, RatingNews, TableInfo
from .chat import ChatPace
from .ledger import PLACEMENT_GAMES, Ledger, LedgerError, Placing, player_id
from .saved import SavedTable
from .seats import TABLE_CODE_LENGTH, Identity, Member, Slot, fresh_code, normal_code
from .table import Table

log = logging.getLogger("craits.server")


@dataclass(frozen=True, slots=True)
class HouseRules:
    """How the house runs its tables (the defaults are those of ``craits-tui serve``)."""

    grace: float = 60.0
    """Seconds a dropped player's seat waits for them before a bot stands in."""
    bot_pace: float = 0.6
    """Seconds before each bot move, so people can follow the bots' play."""
    max_tables: int = 50
    """Tables open at once, in all."""
    tables_each: int = 3
    """Tables open at once that one player, or one address, has opened."""
    abandon_after: float = 120.0
    """Seconds a table with nobody at it stays open (its game stays saved)."""
    quick_wait: float = 30.0
    """Seconds a quick-match table waits for another person before it starts with bots."""
    rematch_time: float = 60.0
    """Seconds the people at a finished game have to accept a rematch."""
    chat_pace: ChatPace = field(default_factory=ChatPace)


def _new_game(names: list[str], rules: RuleSet) -> Game:
    return Game.new(names, rules=rules)


class House:
    """Every table of the server. ``store`` keeps their games (None: not saved);
    ``deal`` begins a table's game (tests stack the deck), by default `Game.new`
    with fresh randomness."""

    def __init__(
        self,
        store: GameStore | None = None,
        rules: HouseRules | None = None,
        deal: Callable[[list[str], RuleSet], Game] | None = None,
        ledger: Ledger | None = None,
    ) -> None:
        self.store = store
        self.rules = rules or HouseRules()
        self.ledger = ledger
        """Names, ratings and replay codes (None: nothing is rated, no game gets a code)."""
        self._deal = deal or _new_game
        self.tables: dict[str, Table] = {}
        self.mutes: dict[str, set[str]] = {}
        """By a player's handle: the handles of the players they muted (for as long
        as the server runs, whatever their sessions)."""
        self.on_change: Callable[[], None] = lambda: None
        """Called when the tables' list changes (the lobby hears of it)."""
        self.reseated = False
        """Who holds which seat (or a player's name) may have changed since the
        sessions were last told who they are."""

    # --- The hall a table stands in (see `table.Hall`) ---------------------------------

    @property
    def grace(self) -> float:
        return self.rules.grace

    @property
    def bot_pace(self) -> float:
        return self.rules.bot_pace

    @property
    def abandon_after(self) -> float:
        return self.rules.abandon_after

    @property
    def quick_wait(self) -> float:
        return self.rules.quick_wait

    @property
    def rematch_time(self) -> float:
        return self.rules.rematch_time

    @property
    def chat_pace(self) -> ChatPace:
        return self.rules.chat_pace

    def deal(self, names: list[str], rules: RuleSet) -> Game:
        return self._deal(names, rules)

    def muted(self, member: Member) -> frozenset[str]:
        return frozenset(self.mutes.get(member.identity.handle, ()))

    def start_table(self, table: Table) -> None:
        try:
            table.start()
        except StoreError as err:
            log.error("table %s: the game cannot be saved: %s", table.code, err)
            table.count_down()  # try again after another wait
            return
        self.lobby_changed()

    def game_over(self, table: Table) -> None:
        """Give the finished game its replay code, and rate its people (two or more:
        bots do not count; one who left counts as last)."""
        ledger, game = self.ledger, table.game
        if ledger is None or game is None or table.game_id is None:
            return
        totals = game.state.totals
        placings, seats = [], {}
        for seat, who in sorted(table.people.items()):
            slot = table.slots[seat]
            stayed = slot.present and slot.holder is not None and slot.holder.same(who)
            player = player_id(who.user, who.key)
            # The leaderboard shows the name they log in with, not the seat's ("Ann 2").
            placings.append(Placing(player, who.user, totals[seat], not stayed))
            seats[player] = seat
        try:
            table.replay = ledger.record_finished(table.game_id)
            changes = ledger.rate(placings) if len(placings) >= 2 else []
        except LedgerError as err:
            log.error("table %s: the game's end cannot be recorded: %s", table.code, err)
            return
        if changes:
            news = tuple(
                RatingNews(
                    seats[c.player],
                    table.slots[seats[c.player]].name or c.name,
                    c.place,
                    c.before.shown,
                    c.after.shown,
                    c.after.games,
                )
                for c in changes
            )
            table.broadcast(Rated(news, PLACEMENT_GAMES))

    def lobby_changed(self) -> None:
        self.on_change()

    def seating_changed(self) -> None:
        self.reseated = True

    def close_table(self, table: Table, *, abandoned: bool = False) -> None:
        """Close ``table``; whoever is still at it goes back to the lobby
        (``abandoned``: nobody came back, and a restart leaves it closed)."""
        if table.closed:
            return
        if self.tables.get(table.code) is table:
            del self.tables[table.code]
        for member in list(table.members):
            member.at, member.seat, member.name = None, None, member.lobby_name
            if member.conn is not None:
                member.conn.send(Left(table.code, "The table closed."))
        table.members.clear()
        table.close(abandoned=abandoned)
        self.seating_changed()
        self.lobby_changed()

    # --- Finding ------------------------------------------------------------------

    def find(self, code: str) -> Table | None:
        """The open table of ``code`` (as typed: any case, with or without a dash)."""
        return self.tables.get(normal_code(code))

    def table_of(self, member: Member) -> Table | None:
        """The table ``member`` sits at or watches."""
        return self.tables.get(member.at) if member.at is not None else None

    def held(self, identity: Identity) -> tuple[Table, int] | None:
        """The seat kept for ``identity``, at a table whose game is not over."""
        for table in self.tables.values():
            if table.over:
                continue
            for seat, slot in enumerate(table.slots):
                if slot.kept_for(identity):
                    return table, seat
        return None

    def listing(self) -> tuple[TableInfo, ...]:
        """The tables the lobby lists: every one not over."""
        return tuple(t.info() for t in self.tables.values() if not t.over)

    # --- Opening -----------------------------------------------------------------

    def quota_left(self, identity: Identity, address: str) -> str | None:
        """Which quota a new table by ``identity`` from ``address`` would break:
        "all", "player" or "address"; None when it may be opened."""
        if len(self.tables) >= self.rules.max_tables:
            return "all"
        mine = [t for t in self.tables.values() if not t.over]
        if sum(t.creator.same(identity) for t in mine) >= self.rules.tables_each:
            return "player"
        if sum(t.address == address for t in mine) >= self.rules.tables_each:
            return "address"
        return None

    def open_table(
        self,
        creator: Member,
        name: str,
        seats: tuple[str | None, ...],
        rules: RuleSet,
        *,
        quick: bool = False,
        host_seat: int | None = 0,
        turn_time: int | None = None,
        spectator_chat: bool = False,
    ) -> Table:
        """A new table of ``seats`` (None: a person's; else a bot's level), its code
        fresh; nobody sits at it yet (``quick``: a quick-match table, which nobody hosts)."""
        code = fresh_code(TABLE_CODE_LENGTH, self.tables.keys())
        default = f"{creator.lobby_name}'s table"
        name = clean_text(name, MAX_TABLE_NAME) or clean_text(default, MAX_TABLE_NAME)
        slots = [Slot() if level is None else Slot(bot=level, person=False) for level in seats]
        table = Table(
            self,
            code,
            name,
            rules,
            slots,
            creator=creator.identity,
            address=creator.address,
            host_seat=None if quick else host_seat,
            quick=quick,
            turn_time=turn_time,
            spectator_chat=spectator_chat,
        )
        for seat, slot in enumerate(slots):
            if slot.bot is not None:
                slot.name = table.bot_name(seat)
        self.tables[code] = table
        return table

    # --- A restart -----------------------------------------------------------------

    def restore(self) -> int:
        """Reopen every table whose game the last run left unfinished (not those
        closed for good); how many. A game that cannot be loaded stays as it is
        in the store, and the log says why."""
        if self.store is None:
            return 0
        count = 0
        for record in self.store.games():
            if record.finished:
                continue
            try:
                saved = SavedTable.from_meta(record.meta, record.players)
            except ValueError as err:
                log.error("game %s: its table cannot be read back: %s", record.id, err)
                continue
            if saved is None or saved.closed or saved.code in self.tables:
                continue
            try:
                game = self.store.load(record.id)
            except StoreError as err:
                log.error("game %s: its table cannot be reopened: %s", record.id, err)
                continue
            table = Table(
                self,
                saved.code,
                saved.name,
                game.state.rules,
                list(saved.slots),
                creator=saved.creator,
                address=saved.address,
                host_seat=saved.host_seat,
                quick=saved.quick,
                turn_time=saved.turn_time,
                spectator_chat=saved.spectator_chat,
            )
            self.tables[saved.code] = table
            table.resume(game, record.id, dict(saved.people))
            count += 1
        if count:
            self.lobby_changed()
        return count

    def close(self) -> None:
        """Close every table (their games stay saved, for the next start)."""
        for table in list(self.tables.values()):
            self.close_table(table)
