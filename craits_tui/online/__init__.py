"""Playing online: the server that owns the tables, and the session's side of them.

``server/`` is ``craits-tui serve``: the SSH server, who may come in, and the
authority that decides every table's moves. ``client/`` is the app each SSH
session runs: the lobby's screens and the table seen from one seat. The two
speak the typed messages of `protocol`, the one package both import.
"""
