"""People at their own pace, for ``--human``: each turn waits for the screen to show
it (that moment is measured), then the person thinks, looks at the hand and
presses the keys for a move; every round's summary is read a while, then closed."""

from __future__ import annotations

import asyncio
import random
import time
from collections import Counter
from dataclasses import dataclass, field

from .moves import carry_out, keys_for, look_at_hand
from .socket_player import Player, Results, Turn
from .terminal import ScreenPlayer

THINK = (2.0, 4.0)
"""Seconds a person thinks before each move (uniform), and reads a round's summary."""
TURN_SHOWS = 30.0
"""Seconds a screen has to show a turn before it counts as not shown."""
MOVE_WAIT = 3.0
"""Seconds the server has to carry out a key press before the player looks again."""


@dataclass
class HumanTurns:
    """The people's turns of a ``--human`` run, from the server's word to the screen."""

    since: float = 0.0
    """Only turns the server gave from then on count (the measured window)."""
    latencies: list[float] = field(default_factory=list)
    """Seconds from the spectator's event to the screen showing the turn, turn by turn."""
    by_door: dict[str, list[float]] = field(default_factory=dict)
    """The same, apart for each door's screens (`ScreenPlayer.door`)."""
    moves: Counter[str] = field(default_factory=Counter)
    """The people's moves the server carried out, by the door of their session."""
    begun: int = 0
    after_summary: int = 0
    """Turns that waited for the person to close a round's summary (not measured)."""
    unseen: int = 0
    """Turns whose screen never showed them within `TURN_SHOWS`."""
    early: int = 0
    """Turns drawn before the spectator's event was read (the bench's own loop was
    late with it): counted as 0 ms."""
    dealt: list[float] = field(default_factory=list)
    """The same seconds for the turns before the window: the deal's, which the app
    shows as it opens its table screen."""
    first_bytes: list[float] = field(default_factory=list)
    """Seconds from the spectator's event to the app's first output after it, for
    the measured turns: the app's own time before it draws anything."""
    bells: list[tuple[float, float]] = field(default_factory=list)
    """For the measured turns the app rang its bell for: seconds from the event to
    the bell (the app has taken the events in and set its widgets), and from the
    bell to the screen showing the turn (Textual laying out, rendering, writing)."""

    def measure(self, player: ScreenPlayer, turn: Turn, shown: float | None, verbose: bool) -> None:
        """Count ``turn``, which ``player``'s screen showed at ``shown`` (None: not)."""
        counted = turn.at >= self.since
        self.begun += counted
        if not counted and shown is not None:
            self.dealt.append(shown - turn.at)
        if shown is None:
            self.unseen += counted
            if verbose:
                print(f"{player.name}: turn not shown in {TURN_SHOWS:.0f}s:\n{player.text}")
        elif player.dismissed_at > turn.at:
            self.after_summary += counted
        elif counted:
            self.early += shown < turn.at
            self.latencies.append(max(0.0, shown - turn.at))
            self.by_door.setdefault(player.door, []).append(self.latencies[-1])
            first = player.first_output(turn.at)
            if first is not None:
                self.first_bytes.append(first - turn.at)
            bell = next((t for t in player.bells if turn.at <= t <= shown), None)
            if bell is not None:
                self.bells.append((bell - turn.at, shown - bell))
            if verbose and shown - turn.at > 0.15:
                chunks = " ".join(
                    f"+{(t - turn.at) * 1000:.0f}ms:{size}B"
                    for t, size in player.arrivals
                    if turn.at <= t <= shown
                )
                print(
                    f"{player.name}: turn shown after {(shown - turn.at) * 1000:.0f} ms: {chunks}"
                )


async def human_turn(
    player: ScreenPlayer,
    organiser: Player,
    turn: Turn,
    index: int,
    rng: random.Random,
    results: Results,
    turns: HumanTurns,
    verbose: bool,
) -> None:
    """A person's turn: the screen shows it (that moment is measured), the person
    thinks, looks at the hand and presses the keys for a move the rules allow;
    again after a refusal, or after a call of "Idiot!" that leaves the turn theirs."""
    seat = turn.seat
    turns.measure(player, turn, await player.when_turn(turn, timeout=TURN_SHOWS), verbose)
    await asyncio.sleep(rng.uniform(*THINK))

    def still_mine() -> bool:
        view = organiser.view
        return (
            len(organiser.turns) == index + 1
            and view is not None
            and not view.is_over
            and view.current_player == seat
        )

    while still_mine():
        await player.settled()
        view = organiser.view
        assert view is not None
        hand = await look_at_hand(player, view.hand_sizes[seat])
        keys = keys_for(view, seat, hand, player.reading.picker)
        if keys is None:  # the table moved meanwhile: look again
            await organiser.until(lambda v=view: organiser.view is not v, timeout=None)
            continue
        player.cleared = False
        sent = time.perf_counter()
        if await carry_out(player, organiser, seat, keys, wait=MOVE_WAIT):
            results.latencies.append(time.perf_counter() - sent)
            results.moves += 1
            turns.moves[player.door] += 1
            if still_mine():  # a call, or a late "Last card!": the turn goes on
                await player.redrawn(2.0)
        else:
            results.stuck += 1
            if verbose:
                print(f"{player.name}: {keys.press!r} did nothing:\n{player.text}")


async def human_table(
    organiser: Player,
    people: dict[int, ScreenPlayer],
    rngs: dict[int, random.Random],
    results: Results,
    turns: HumanTurns,
    verbose: bool,
) -> None:
    """Play a dealt game's people's turns as the server gives them, until it is over
    (or the run stops this task)."""
    index = 0
    while True:
        await organiser.until(lambda i=index: len(organiser.turns) > i or organiser.over, None)
        if organiser.over:
            return
        turn = organiser.turns[index]
        player = people.get(turn.seat)
        if player is not None:  # a bot's turn plays itself
            await human_turn(
                player, organiser, turn, index, rngs[turn.seat], results, turns, verbose
            )
        index += 1


async def read_summaries(player: ScreenPlayer, rng: random.Random) -> None:
    """Close every round's summary with Enter, after reading it a while."""
    while not player.ended:
        if await player.until_screen(lambda r: r.summary, timeout=3600) is None:
            continue
        await asyncio.sleep(rng.uniform(*THINK))
        player.dismissed_at = time.perf_counter()
        player.press(b"\r")
        await player.until_screen(lambda r: not r.summary, timeout=3.0)
