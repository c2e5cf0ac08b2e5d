"""The house: every table of the server, the store that keeps their games, its rules.

The house opens tables, whichever way one is asked for (a new table, a quick
match, a rematch, a restart reopening one), through one door, `admit`: tables in
all, tables open per player and per address, and a pace of openings per player
and per address, so that no one can fill the server or keep opening tables
faster than games are played. It closes tables nobody comes back to, and at a
start reopens every table whose game was left unfinished by the server's last
run, exactly where it stood. Its ledger (`ledger.Ledger`, in the same store)
gives each finished game a replay code and rates the people who played it, in
the transaction that saves the game's last move; the house also keeps whom each
player has muted (`mutes`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field

from craits_core import Game, GameStore, RuleSet, StoreError

from ...names import MAX_TABLE_NAME, clean_text
from ..protocol import Left, Rated, RatingNews, RefusalCode, TableInfo
from .auth import Backoff
from .chat import ChatPace, Spoken
from .ledger import PLACEMENT_GAMES, Finished, Ledger, Placing, player_id
from .limits import Paces, TablePace, client_key
from .mutes import Mutes
from .refusal import RequestRefused, try_later
from .saved import SavedTable
from .seats import TABLE_CODE_LENGTH, Identity, Member, Slot, fresh_code, normal_code
from .table import ServerTable

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
    abandon_after: float = 10.0
    """Seconds a started table stays open once its people are gone (its game
    stays saved, and is rated as left to nobody)."""
    quick_wait: float = 30.0
    """Seconds a quick-match table waits for another person before it starts with bots."""
    rematch_time: float = 60.0
    """Seconds the people at a finished game have to accept a rematch."""
    slow_turn: int = 180
    """Seconds a person has for each move at a table made with no turn time."""
    guess_delay: float = 1.0
    """Seconds an address waits after a wrong replay code before it may try
    another; each further one doubles it, up to `guess_delay_max` (as passwords)."""
    guess_delay_max: float = 60.0
    chat_pace: ChatPace = field(default_factory=ChatPace)
    table_pace: TablePace = field(default_factory=TablePace)


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
        self.tables: dict[str, ServerTable] = {}
        self.mutes = Mutes()
        pace = self.rules.table_pace
        self._openings = Paces(pace.rate, pace.burst)
        self.replay_guesses = Backoff(self.rules.guess_delay, self.rules.guess_delay_max)
        """Wrong replay codes, by address."""
        self.on_change: Callable[[], None] = lambda: None
        """Called when the tables' list changes (the lobby hears of it)."""
        self.reseated = False
        """Who holds which seat (or a player's name) may have changed since the
        sessions were last told who they are."""

    # --- The hall a table stands in (see `table.Hall`) ---------------------------------

    def deal(self, names: list[str], rules: RuleSet) -> Game:
        return self._deal(names, rules)

    def muted(self, member: Member) -> Callable[[Spoken], bool]:
        return self.mutes.muting(member.identity.handle)

    def start_table(self, table: ServerTable) -> None:
        try:
            table.start()
        except StoreError as err:
            log.error("table %s: the game cannot be saved: %s", table.code, err)
            table.count_down()  # try again after another wait
            return
        self.lobby_changed()

    def finish(self, table: ServerTable, placings: list[Placing], *, over: bool) -> Finished | None:
        """The game's replay code (if it is ``over``) and its people's ratings, in
        the caller's transaction; `LedgerError` if they cannot be written."""
        if self.ledger is None or table.game_id is None:
            return None
        return self.ledger.finish(table.game_id, placings, over=over)

    def game_over(self, table: ServerTable, finished: Finished | None) -> None:
        """Tell the table how its people's ratings moved."""
        if finished is None or not finished.changes:
            return
        seats = {player_id(who.user, who.key): seat for seat, who in table.people.items()}
        news = []
        for change in finished.changes:
            seat = seats[change.player]
            news.append(
                RatingNews(
                    seat,
                    table.slots[seat].name or change.name,
                    change.place,
                    change.before.shown,
                    change.after.shown,
                    change.after.games,
                    change.after.placement,
                )
            )
        table.broadcast(Rated(tuple(news), PLACEMENT_GAMES))

    def lobby_changed(self) -> None:
        self.on_change()

    def seating_changed(self) -> None:
        self.reseated = True

    def close_table(self, table: ServerTable, *, abandoned: bool = False) -> None:
        """Close ``table``; whoever is still at it goes back to the lobby
        (``abandoned``: its people are gone: its game, unfinished, is rated as
        such, and a restart leaves it closed)."""
        if table.closed:
            return
        if self.tables.get(table.code) is table:
            del self.tables[table.code]
        for member in list(table.members):
            member.at, member.seat, member.name = None, None, member.lobby_name
            if member.conn is not None:
                member.conn.send(Left(table.code, "The table closed."))
        table.members.clear()
        if abandoned and table.started and not table.over:
            self._left_to_nobody(table)
        table.close()
        self.seating_changed()
        self.lobby_changed()

    def _left_to_nobody(self, table: ServerTable) -> None:
        """Rate a game its people left unfinished, and keep it closed, at once."""
        if self.store is None or self.store.closed:
            return
        try:
            with self.store.database.transaction("close a table"):
                self.finish(table, table.presence.placings(), over=False)
                table.write_meta(closed=True)
        except StoreError as err:
            log.error("table %s: its end cannot be saved: %s", table.code, err)

    # --- Finding ------------------------------------------------------------------

    def find(self, code: str) -> ServerTable | None:
        """The open table of ``code`` (as typed: any case, with or without a dash)."""
        return self.tables.get(normal_code(code))

    def table_of(self, member: Member) -> ServerTable | None:
        """The table ``member`` sits at or watches."""
        return self.tables.get(member.at) if member.at is not None else None

    def held(self, identity: Identity) -> tuple[ServerTable, int] | None:
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

    def quota_left(self, identity: Identity, address: str) -> RequestRefused | None:
        """Why a new table by ``identity`` from ``address`` would break a quota (too
        many tables in all, or of theirs, or of their address); None if it would not."""
        if len(self.tables) >= self.rules.max_tables:
            return RequestRefused(
                RefusalCode.TOO_MANY_TABLES, "There are too many tables; join one."
            )
        limit = self.rules.tables_each
        mine = [t for t in self.tables.values() if not t.over]
        if sum(t.creator.same(identity) for t in mine) >= limit:
            return RequestRefused(
                RefusalCode.YOUR_TABLES, f"You have {limit} tables open.", limit=limit
            )
        where = client_key(address)
        if sum(client_key(t.address) == where for t in mine) >= limit:
            return RequestRefused(
                RefusalCode.ADDRESS_TABLES, f"Your address has {limit} tables open.", limit=limit
            )
        return None

    def admit(self, identity: Identity, address: str) -> None:
        """Let ``identity`` from ``address`` open one more table, or raise `RequestRefused`
        (over a quota, or opening tables too fast): every way a table is opened
        comes through here, and nothing is counted for a refused one."""
        refusal = self.quota_left(identity, address)
        if refusal is not None:
            raise refusal
        wait = self._openings.take(f"player {identity.handle}", f"address {client_key(address)}")
        if wait > 0:
            raise try_later("You are opening tables too fast", wait)

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
    ) -> ServerTable:
        """A new table of ``seats`` (None: a person's; else a bot's level), its code
        fresh; nobody sits at it yet (``quick``: a quick-match table, which nobody
        hosts). `RequestRefused` when ``creator`` may not open one now (see `admit`)."""
        self.admit(creator.identity, creator.address)
        code = fresh_code(TABLE_CODE_LENGTH, self.tables.keys())
        default = f"{creator.lobby_name}'s table"
        name = clean_text(name, MAX_TABLE_NAME) or clean_text(default, MAX_TABLE_NAME)
        slots = [Slot() if level is None else Slot(bot=level, person=False) for level in seats]
        table = ServerTable(
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
        closed for good), within the quotas as any table is; how many. A game that
        cannot be loaded stays as it is in the store, and the log says why."""
        if self.store is None:
            return 0
        count = 0
        for record in self.store.games():
            if record.finished:
                continue
            try:
                saved = SavedTable.of(record)
            except ValueError as err:
                log.error("game %s: its table cannot be read back: %s", record.id, err)
                continue
            if saved is None or saved.table.closed or saved.table.code in self.tables:
                continue
            refusal = self.quota_left(saved.table.creator, saved.table.address)
            if refusal is not None:
                log.error("game %s: its table is not reopened: %s", record.id, refusal.message)
                continue
            if self._reopen(record.id, record.rules, saved):
                count += 1
        if count:
            self.lobby_changed()
        return count

    def _reopen(self, game_id: str, rules: RuleSet, saved: SavedTable) -> bool:
        assert self.store is not None
        kept = saved.table
        table = ServerTable(
            self,
            kept.code,
            kept.name,
            rules,
            list(saved.slots),
            creator=kept.creator,
            address=kept.address,
            host_seat=kept.host_seat,
            quick=kept.quick,
            turn_time=kept.turn_time,
            spectator_chat=kept.spectator_chat,
        )
        try:
            game = self.store.load(game_id, saving=table.saving)
        except StoreError as err:
            log.error("game %s: its table cannot be reopened: %s", game_id, err)
            return False
        self.tables[kept.code] = table
        table.resume(game, game_id, dict(kept.people), dict(kept.attendance))
        return True

    def close(self) -> None:
        """Close every table (their games stay saved, for the next start)."""
        for table in list(self.tables.values()):
            self.close_table(table)
