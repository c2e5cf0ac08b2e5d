"""The bot tournament (run as ``python bench/bots.py``), by concept:

- `config`: what a run plays, and the deals, dealt from the seed alone;
- `players`: the bots at a table (with the measuring variants: sighted, unguided);
- `table`: one table hosted as the app does it, for a round or a whole game;
- `pool`: tasks spread over worker processes, results in order;
- `pairs`, `pairs_report`: one level against another (A in B's place, the mirror);
- `ladder`, `ladder_report`: levels each in the baseline's place, on the same
  deals (single rounds, or whole games), and the differences between them;
- `targets`: the targets set for the bots, where a run measures them;
- `cli`: the command line.

The statistics are `bench/_stats.py`'s.
"""
