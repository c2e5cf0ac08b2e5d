"""The load benchmark of `craits-tui serve` (run as ``python bench/ssh.py``), by job:

- `server`: the server in a child process, and its memory and CPU readings;
- `events`: the one place the game's events are read;
- `socket_player`: sessions on the table protocol (players, organisers);
- `terminal`, `screen`: SSH sessions running the app, and their screens read by
  layout (card faces, keys, markers), never by the app's words;
- `moves`: the keys for a move, from the screen's hand and the table's events;
- `seating`: tables set up for SSH players;
- `games`, `people`, `human`: the runs (whole games; people at their pace);
- `startup`: how soon a session's lobby shows, and its app's memory there;
- `report`: the saved games replayed and checked, and the figures.
"""
