"""`Game`: one game of Craits, its event log and the state folded from it."""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Callable, Iterable, Sequence

from .cards import FULL_DECK, Card
from .codec import event_from_dict, event_to_dict
from .commands import Command
from .decide import apply, start_game
from .errors import CorruptLog, IllegalMove
from .events import (
    LOG_VERSION,
    DealerChosen,
    Event,
    GameStarted,
    RoundStarted,
)
from .fold import evolve
from .legality import legal_moves
from .moves import command_for
from .rules import MAX_PLAYERS, MIN_PLAYERS, RuleSet
from .state import State, initial_state
from .view import PlayerView, redact, view

FORMAT = "craits-game"

Listener = Callable[[Event], None]
Writer = Callable[[list[Event]], None]


class Game:
    """A game of Craits: commands in, events out, state folded from the events.

    Create one with `Game.new` (or read one back with `Game.from_json` /
    `Game.from_events`); drive it with `handle`; ask `legal_moves` what a seat may do.
    """

    def __init__(self, log: Sequence[Event], state: State) -> None:
        """Use `Game.new`, `Game.from_events` or `Game.from_json` instead."""
        self._log: list[Event] = list(log)
        self._unheard: deque[Event] = deque()
        self._notifying = False
        self._state = state
        self._listeners: list[Listener] = []
        self._writers: list[Writer] = []

    # --- Creating -----------------------------------------------------------------

    @classmethod
    def new(
        cls,
        players: Sequence[str],
        *,
        seed: int | str | None = None,
        rules: RuleSet | None = None,
        deck: Sequence[Card | str] | None = None,
        dealer: int | None = None,
        first_round: int = 1,
    ) -> Game:
        """A new game for 2-5 named players.

        ``seed`` makes it reproducible (None: fresh randomness, recorded in the log).
        ``deck`` (52 distinct cards, top first) stacks the first round and needs
        ``dealer``; ``dealer`` alone skips the draw for dealer. ``first_round``
        starts the game at that round of the schedule.
        """
        rules = rules if rules is not None else RuleSet()
        names = tuple(players)
        if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
            raise ValueError(
                f"Craits is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(names)}"
            )
        if not all(isinstance(name, str) for name in names):
            raise ValueError("player names must be strings")
        if seed is None:
            import secrets  # here, not at the top: it costs the app's start-up 2 ms

            seed = secrets.randbits(63)
        elif type(seed) is not int and not isinstance(seed, str):
            raise ValueError(f"a seed is a number or a string, not {seed!r}")
        rounds = len(rules.schedule)
        if type(first_round) is not int or not 1 <= first_round <= rounds:
            raise ValueError(f"first_round must be 1 to {rounds}, not {first_round!r}")
        if dealer is not None and (type(dealer) is not int or not 0 <= dealer < len(names)):
            raise ValueError(f"dealer must be a seat from 0 to {len(names) - 1}, not {dealer!r}")
        cards = None
        if deck is not None:
            if dealer is None:
                raise ValueError("a stacked deck needs a dealer")
            cards = tuple(c if isinstance(c, Card) else Card.parse(c) for c in deck)
            if len(cards) != len(FULL_DECK) or set(cards) != set(FULL_DECK):
                raise ValueError("the deck must hold each of the 52 cards exactly once")
        events, state = start_game(names, rules, seed, first_round, cards, dealer)
        return cls(events, state)

    @classmethod
    def from_events(cls, events: Iterable[dict[str, object] | Event]) -> Game:
        """Rebuild a game from its log, checking that every step follows the rules.

        Raises `CorruptLog` (a ValueError) saying what is wrong; never returns a
        half-built game.
        """
        log = [e if isinstance(e, Event) else event_from_dict(e) for e in events]
        return cls(log, _replay_checked(log))

    @classmethod
    def from_json(cls, text: str | bytes) -> Game:
        """Read back a game written by `to_json`."""
        try:
            data = json.loads(text)
        except (ValueError, TypeError) as err:
            raise CorruptLog(f"not a saved game (not valid JSON: {err})") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise CorruptLog("not a saved Craits game")
        version = data.get("version")
        if type(version) is not int or version > LOG_VERSION:
            raise CorruptLog(f"saved by a newer version of Craits (format {version!r})")
        events = data.get("events")
        if not isinstance(events, list):
            raise CorruptLog("the saved game has no event log")
        return cls.from_events(events)

    def to_json(self) -> str:
        """The whole game as JSON (for sharing, bug reports and puzzles)."""
        return json.dumps(
            {
                "format": FORMAT,
                "version": LOG_VERSION,
                "events": [event_to_dict(e) for e in self._log],
            },
            ensure_ascii=False,
        )

    def clone(self) -> Game:
        """An independent copy without listeners; cheap, since states are shared."""
        twin = Game.__new__(Game)
        twin._log = list(self._log)
        twin._unheard = deque()
        twin._notifying = False
        twin._state = self._state
        twin._listeners = []
        twin._writers = []
        return twin

    # --- Playing ------------------------------------------------------------------

    def handle(self, command: Command) -> list[Event]:
        """Apply ``command`` and return the events it produced.

        Raises `IllegalMove` and changes nothing if the rules do not allow it.
        Writers (see `add_writer`) get the events before they take effect; listeners
        (see `subscribe`) get each of them after.
        """
        events, state = apply(self._state, command)
        for writer in self._writers:
            writer(events)
        self._log.extend(events)
        self._state = state
        self._notify(events)
        return events

    def _notify(self, events: list[Event]) -> None:
        # A listener may itself issue a command (a bot calling "idiot"): its events
        # wait until every listener has heard the earlier ones, so all hear the
        # log in order.
        self._unheard.extend(events)
        if self._notifying:
            return
        self._notifying = True
        try:
            while self._unheard:
                event = self._unheard.popleft()
                for listener in list(self._listeners):
                    if listener in self._listeners:  # not unsubscribed meanwhile
                        listener(event)
        finally:
            self._notifying = False

    def legal_moves(self, player: int) -> list[Command]:
        """Every command ``player`` may issue now; `handle` accepts exactly these
        (also with ``announce=True`` on a play)."""
        return legal_moves(self._state, player)

    # --- Reading ------------------------------------------------------------------

    @property
    def state(self) -> State:
        """The full state, hidden cards included (read-only)."""
        return self._state

    def view(self, player: int | None) -> PlayerView:
        """What ``player`` may know (None: a spectator)."""
        return view(self._state, player)

    @property
    def event_count(self) -> int:
        """How many events the log holds."""
        return len(self._log)

    @property
    def events(self) -> tuple[Event, ...]:
        """The event log, oldest first (`craits_core.codec.event_to_dict` gives an
        event's JSON form)."""
        return tuple(self._log)

    def round_moves(self) -> list[tuple[int, Command]]:
        """The moves of the round in play (the last one dealt), oldest first: each
        command with the index of its first event in the log. The deal and what it
        brings with it (the starter's effect) are no move; the move that ended the
        round before is not in this round either."""
        log = self._log
        index = next(
            (i + 1 for i in range(len(log) - 1, -1, -1) if isinstance(log[i], RoundStarted)), 0
        )
        while index < len(log) and command_for(log, index) is None:
            index += 1  # the starter's effect, dealt with the round
        state = replay(log[:index])
        moves: list[tuple[int, Command]] = []
        while index < len(log):
            command = command_for(log, index)
            if command is None:  # the game's own log: every move was decided here
                raise CorruptLog(f"event {index} ({log[index].type}) is not the start of a move")
            events, state = apply(state, command)
            moves.append((index, command))
            index += len(events)
        return moves

    def rewound(self, keep: int) -> Game:
        """A new game as this one stood after its first ``keep`` events (rebuilt from
        them and checked as `from_events` does), without this one's listeners and
        writers. ``keep`` is where a move starts (see `round_moves`), or the whole
        log; anything else raises `ValueError`."""
        if type(keep) is not int or not 0 < keep <= len(self._log):
            raise ValueError(f"a game can be rewound to 1 to {len(self._log)} events, not {keep!r}")
        try:
            return Game.from_events(self._log[:keep])
        except CorruptLog as err:
            raise ValueError(f"event {keep} is not where a move starts ({err})") from None

    def events_for(self, seat: int | None, since: int = 0) -> list[Event]:
        """The log from index ``since`` on, redacted for ``seat`` (None: a spectator)."""
        players = len(self._state.players)
        if seat is not None and (type(seat) is not int or not 0 <= seat < players):
            raise ValueError(f"there is no seat {seat!r} at this table")
        return [redact(e, seat, players) for e in self._log[since:]]

    # --- Listening ----------------------------------------------------------------

    def subscribe(self, callback: Listener) -> Callable[[], None]:
        """Call ``callback(event)`` for every new event; returns an unsubscribe function."""
        self._listeners.append(callback)
        return lambda: self._listeners.remove(callback) if callback in self._listeners else None

    def add_writer(self, writer: Writer) -> Callable[[], None]:
        """Call ``writer(events)`` with each command's events *before* they take effect.

        This is where a store saves the game: if the writer raises, the command is
        refused and the game is unchanged. Returns a function that removes it.
        """
        self._writers.append(writer)
        return lambda: self._writers.remove(writer) if writer in self._writers else None

    def __repr__(self) -> str:
        s = self._state
        return f"<Game {', '.join(s.players)}: round {s.round_number}, {len(self._log)} events>"


def replay(events: Iterable[Event]) -> State:
    """The state that a log folds to, trusting it (no rule checks)."""
    state = initial_state()
    for event in events:
        state = evolve(state, event)
    return state


def _replay_checked(log: list[Event]) -> State:
    """Fold ``log`` and check it against the rules by deciding each command again."""
    if len(log) < 3 or not isinstance(log[0], GameStarted):
        raise CorruptLog("a game's log starts with game-started, dealer-chosen and a deal")
    start, chosen, deal = log[0], log[1], log[2]
    if not isinstance(chosen, DealerChosen) or not isinstance(deal, RoundStarted):
        raise CorruptLog("a game's log starts with game-started, dealer-chosen and a deal")
    stacked = not chosen.draws  # A dealer given at the start comes with the first deal.
    try:
        game = Game.new(
            start.players,
            seed=start.seed,
            rules=start.rules,
            deck=deal.deck if stacked else None,
            dealer=chosen.dealer if stacked else None,
            first_round=start.first_round,
        )
    except ValueError as err:
        raise CorruptLog(f"the game's start is not valid: {err}") from None
    state, expected = game._state, game._log
    if log[: len(expected)] != expected:
        raise CorruptLog("the start of the game does not follow from its seed and first deal")
    index = len(expected)
    while index < len(log):
        command = command_for(log, index)
        if command is None:
            raise CorruptLog(f"event {index} ({log[index].type}) is not the start of a move")
        try:
            events, state = apply(state, command)
        except IllegalMove as err:
            raise CorruptLog(f"event {index} ({log[index].type}) breaks the rules: {err}") from None
        if log[index : index + len(events)] != events:
            raise CorruptLog(f"events from {index} on do not follow from the move they record")
        index += len(events)
    return state
