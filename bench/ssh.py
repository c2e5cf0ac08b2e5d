"""Load benchmark of `craits-tui serve`: many sessions at many tables, whole short games.

The server runs in a child process (so its memory and CPU are its own), with
tracemalloc on; this process plays. Three ways to play:

- ``--clients ssh`` (the default): every player is a real SSH session running the
  real app in its own terminal; the players press keys (the key over a card, ``d``
  to draw) when their screen shows their turn. Each table also has an organiser
  on the socket: it creates the table, hands the host's seat to the first SSH
  player and watches as a spectator, which tells the bench whose turn it is and
  when the server said so. Latency: from the server's turn (as the spectator
  receives it) to the player's screen showing it (pyte); one game per table.
- ``--human``: the same SSH players and organisers, at the pace of people: each
  thinks 2-4 s (at random, from ``--seed``) before each move and while reading a
  round's summary; the bots play at the server's own pace (0.6 s). 40 sessions at
  10 tables (4 people and a bot each) for 3 minutes, from when every table is
  dealt; games still on then stay unfinished. Measured over those minutes: from
  a person's turn (the spectator's event) to their screen showing it, as the
  chunk of output that drew it arrived; the apps' CPU time a move (people's and
  bots'); the apps' memory; the sessions dropped. The last line sums it up.
  With ``--web-share F``, that share of the people come in through the web door
  instead (``craits-tui serve --web``): a browser's login, then the game's
  websocket speaking the page's protocol, its terminal the same pyte screen of
  the same size, read the same way; they sit at the same tables as the SSH
  people, spread evenly. The report then gives each door's sessions apart: their
  apps' CPU and memory (RSS, PSS, USS) a session, and their turns to the screen.
- ``--clients ipc``: every player speaks the socket protocol directly, choosing
  random legal moves from its own folded view (calling "idiot" on others, now
  and then forgetting to announce), table after table until the time is up.
  Latency: from sending a command to receiving its first event.

The SSH players read their screens by layout, not by the app's words: the card
faces of the hand and the keys over them, the marker of the seat whose turn it
is, the footer's keys; the rest (whose turn, what the rules allow) comes from the
table's events. So ``--lang`` runs the apps in any language they speak.

At the end: every saved log replays to its final state (`GameStore.load` checks
each move again; the players' folded views, and with ``--human`` the hands on
the players' screens, must equal the replayed game's), no session was dropped,
every game finished (but with ``--human``), and the server's memory at the start
and the end.

    python bench/ssh.py [--seconds 120] [--sessions 40] [--tables 10] [--clients ssh|ipc]
    python bench/ssh.py --human [--seconds 180] [--sessions 40] [--tables 10] [--seed 1]
    python bench/ssh.py --human --web-share 0.5
    python bench/ssh.py --start-up [--sessions 8] [--rounds 5]

``--start-up`` measures something else: how soon a session shows its lobby, alone
and eight at once, and its app's memory there, with each session's app a fresh
Python and forked from the preloaded app (see `_ssh/startup.py`).

The code is in `_ssh/`, a module a job.
"""

from _ssh.cli import main

if __name__ == "__main__":
    raise SystemExit(main(__doc__ or ""))
