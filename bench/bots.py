"""Bot tournament: how much better one bot level plays than another, with error bars.

    python bench/bots.py normal random --rounds 400
    python bench/bots.py hard normal --rounds 400 --no-mirror
    python bench/bots.py hard normal --rounds 400 --iterations 2000
    python bench/bots.py expert normal --rounds 800 --no-mirror
    python bench/bots.py expert hard --rounds 200 --no-mirror --iterations 300
    python bench/bots.py expert normal --rounds 60 --no-mirror --load 4
    python bench/bots.py easy,normal,hard,expert normal --same-deals --rounds 200
    python bench/bots.py expert,hard normal --same-deals --rounds 2000
    python bench/bots.py expert normal --games 200

Each of the N *deals* is a single round (the game starts at a round of the
schedule with `first_round` and stops at the first round-ended event); the hand size
cycles through the schedule's 8, 7, ..., 1, ..., 8 so that every size is covered
(or stays fixed with --hand-size). Every deal is played with the same deck, dealer
and game seed at several tables, one for each *seating*: level A alone against
players - 1 bots of level B, with the lone bot in each seat in turn, and the mirror,
B alone against A's (left out with --no-mirror). So every level sits in every seat,
with every hand, as often as the other. The deal is also played once by B's alone:
the *baseline*.

Playing the same cards at every table is a paired design: the luck of the deal (the
hand size, who holds the 8s) is the same on both sides of a comparison and cancels
out of it, so the intervals are narrower for the same number of deals. Two
differences are reported:
- *A in B's place*: the lone A's round score less the score of the B in the same
  seat of the baseline. The two tables differ only in that seat's player, and they
  play the same until that player's first different move; what the difference
  measures is what changes when one B at a table of B's is replaced by an A. It is
  the tightest comparison per bot decision, and the one the targets use.
- *lone against lone* (with the mirror): the lone A's score less the lone B's in the
  same seat of the mirror game, where B faces A's.
How much pairing helps depends on how much of the score the cards decide: between
two close levels a lot, against random play hardly at all (its play decides its
score). The report prints the unpaired interval next to the paired one.

The deal is the statistical unit: its tables share the cards, so they are not
independent; the deals are. Every figure is first averaged within a deal, and the
95% confidence intervals (Student t) are taken over the deals. A bot's seed depends
on the deal and its seat only, so the B's of the baseline and of the seatings play
alike until the games part.

Bots are hosted as the table does it: each seat's bot, fresh for every round and
seeded from --seed, sees every event redacted for its seat (`observe`); after every
command, each off-turn seat with legal moves is offered `react` (all asked about the
same position, in seat order after the acting seat; a reply is played if it is still
legal when its turn comes), and the seat to act is asked to `choose` (an `Announce`
or `CallIdiot` from `choose` is played and the seat asked again). Decision time is
the wall time of each `choose` call, measured in the worker processes. With the
default --jobs 2 on a two-core machine, each worker has a core to itself.

*Several levels on the same deals* (--same-deals, the levels comma-separated): each
deal is played once by B's alone, the baseline, and for each listed level with that
level alone in each seat in turn among B's. The deals come from --seed alone,
whichever levels are listed, so every level meets the same cards and the same
baseline. Per level: its *paired figure*, its score less the baseline's in the same
seat (A in B's place, as above), the share of its rounds it went out, its decision
times (median, p95, max); per pair of listed levels, the stronger's paired figure
less the weaker's, deal by deal, with the interval over the deals; and whether the
ladder of the listed levels (weakest first, as the game lists them) holds by the
paired means, and which adjacent pairs' intervals exclude zero. A listed level that
is the baseline's is the baseline itself: its figure is 0, and its tables are not
played again.

*Whole games* (--games N): N games of 15 rounds from the first, the game's seed
dealing each round after the first; each listed level alone in one seat (the next
seat each game) against B's, the bots kept for the whole game as the app keeps them,
and the same games played by B's alone. Reported as above, a game for a deal (its
totals for a round's scores), and the share of games each level won alone (lowest
total, unshared) with a 95% Wilson interval.

With --sighted, the hard bots search the other players' true hands (the order of
the stock is still shuffled): not a fair player, but a measure of how much of the
hard bot's play is limited by what its seat cannot know.

*Games won alone*: whole 15-round games, composed from the measured rounds. No bot
reads the standings, so a game is its 15 rounds played on their own: every 15
deals in a row hold one of each hand size of the schedule, and for each seat of the
lone A, its totals over them against the others' totals at the same tables make
one game. It is won alone when its total is the lowest, unshared.

With --simulations 0 the expert plays its value network's choice without a search,
and with --unguided it guesses the hidden cards without its holders network: what
each part gives.

With --load N, N processes keep the machine's cores busy during the run: expert
bots count their budget in deals, so they play the same moves on a loaded machine
as on an idle one unless a decision reaches the time limit (the report counts them).

A run is reproducible from --seed, except for decisions that reach their time
limit (the hard level's 1 s cap, its --budget, the expert's --time-limit). Prints, per level, the mean round score, the share of
rounds won (went out) and the decision times; the paired difference; and, for
`normal random`, `hard normal`, `expert normal` and `expert hard` (and same-deals
runs with those levels), whether the targets set for the bots are met.

The code is in `_bots/`, a module a concept.
"""

from craits_core.threads import limit_threads

limit_threads()  # before the bots load numpy: each worker has a core

from _bots.cli import main  # noqa: E402

if __name__ == "__main__":
    raise SystemExit(main(__doc__ or ""))
