"""The rating math of online play: who placed where in a game, and what it does to
players' ratings. Pure: no file, no server (the ledger keeps the ratings, see
`craits_tui.online.server.ledger`).

Ratings are OpenSkill's Plackett-Luce model: each player is a skill estimate (``mu``)
and an uncertainty (``sigma``), each person at a table a team of one. What players
see is a cautious figure, ``mu - 3 * sigma``, scaled: it starts at 0 and climbs as
the ledger grows sure of a player, so a rating is earned by playing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

from ...names import name_key

PLACEMENT_GAMES = 5
"""Games before the rating of a player who logs in with a key is shown: fewer
tell too little (one lucky deal)."""

KEYLESS_PLACEMENT_GAMES = 20
"""Games before the rating of a player known by name alone is shown: anyone can
make up a name, so a name earns its rating over more games than a key does."""

SCALE = 40
"""What a point of conservative rating is worth in a shown rating.

With it the model's average skill (``mu`` 25) reads 1000, the Elo-like figure
players know. The doubt never quite goes (the model adds a little to ``sigma`` each
game), so an average player who has played a long while reads about 800. A new
player's first shown rating is lower (0 to a few hundred: five games leave ``sigma``
large) and climbs from there.
"""

_MODEL = PlackettLuce()


def player_id(user: str, key: str | None) -> str:
    """Who a login is in the ledger: ``'key:<fingerprint>'`` for a login with a key,
    else ``'name:<name_key(user)>'``."""
    return f"key:{key}" if key is not None else f"name:{name_key(user)}"


def placement_games(player: str) -> int:
    """Rated games before ``player``'s rating is shown: more for a name alone, which
    anyone can make up, than for a key."""
    return PLACEMENT_GAMES if player.startswith("key:") else KEYLESS_PLACEMENT_GAMES


def listed_once_placed(player: str, names: bool) -> bool:
    """Whether the leaderboard lists ``player`` once they are placed: a key always,
    a name alone only on a board of every player (``names``)."""
    return names or player.startswith("key:")


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's rating: the model's estimate of their skill, and how many rated
    games it rests on."""

    mu: float
    """The estimated skill."""
    sigma: float
    """How unsure the estimate is (one standard deviation)."""
    games: int = 0
    placement: int = PLACEMENT_GAMES
    """Rated games before it is shown (see `KEYLESS_PLACEMENT_GAMES`)."""

    @property
    def conservative(self) -> float:
        """A skill the player very probably has at least: ``mu - 3 * sigma``. Players
        are ranked by it, so that a few lucky games do not put a newcomer on top."""
        return self.mu - 3 * self.sigma

    @property
    def placed(self) -> bool:
        """Whether the player has played their placement games."""
        return self.games >= self.placement

    @property
    def shown(self) -> int | None:
        """The rating players see: None while placing; else the conservative rating
        times `SCALE`, rounded, never below 0 (a rating below nothing would read as a
        penalty for playing; players are still ranked by the real figure)."""
        if not self.placed:
            return None
        return max(0, round(self.conservative * SCALE))


def new_rating() -> Rating:
    """The rating of a player with no rated games: the model's defaults."""
    fresh = _MODEL.rating()
    return Rating(fresh.mu, fresh.sigma)


@dataclass(frozen=True, slots=True)
class Placing:
    """One person at a finished game."""

    player: str
    """Their ledger player id (see `craits_tui.online.server.ledger.player_id`)."""
    name: str
    """Their name at the table."""
    total: int
    """Their final total: the lowest total wins."""
    left: bool = False
    """They left the game unfinished (a bot played their seat to the end, or the
    game was left to nobody): their total is not theirs, so they place last."""
    left_at: int = 0
    """When they left: the number of the game's events then. Of those who left,
    whoever left first places last: who stays longer does not lose to them."""


def ranks(placings: Sequence[Placing]) -> list[int]:
    """Competition ranks of ``placings``, in their order: by total ascending (the
    lowest total ranks 1), equal totals sharing a rank and the next rank skipping as
    many ("1, 1, 3"); every leaver ranks after all who stayed, the later leaver
    first, leavers at the same moment sharing a rank."""
    stayed = [p.total for p in placings if not p.left]
    gone = [p.left_at for p in placings if p.left]
    return [
        1 + len(stayed) + sum(at > p.left_at for at in gone)
        if p.left
        else 1 + sum(t < p.total for t in stayed)
        for p in placings
    ]


def rated(before: Sequence[Rating], places: Sequence[int]) -> list[Rating]:
    """The ratings after one game of players rated ``before`` who placed ``places``
    (1 is best, equal places are ties), each one more game in; fewer than two players
    change nothing."""
    if len(before) != len(places):
        raise ValueError(f"{len(before)} ratings for {len(places)} places")
    if len(before) < 2:
        return list(before)
    teams = [[_MODEL.rating(mu=r.mu, sigma=r.sigma)] for r in before]
    after = _MODEL.rate(teams, ranks=list(places))
    return [
        Rating(t[0].mu, t[0].sigma, r.games + 1, r.placement)
        for t, r in zip(after, before, strict=True)
    ]
