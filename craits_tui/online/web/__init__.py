"""Craits in a browser: one more door to the same server as SSH.

``craits-tui serve --web PORT`` serves a page that asks a name (and the server's
password), then runs the player's app just as an SSH session does, in a
pseudo-terminal of its own, forked from the preloaded app: the page draws that
terminal with xterm.js, and its websocket carries keys, clicks and window sizes
one way and the terminal's bytes the other. Browser players and SSH players sit
at the same tables; the session's limits, idle timeout and app are the server's
(`craits_tui.online.server.session`). The parts, each in its module:

- `config`: what the web door is told; `assets`: the page's scripts, styles and
  fonts, served from the installed textual-serve package, never from elsewhere;
  `pages`: the login page and the game's page;
- `gate`: the connections, held to their caps until their game starts, and who
  a request is from (a trusted proxy's ``X-Forwarded-For``);
- `logins`: who has given a name here, behind a cookie's secret;
- `session`: one browser session, an `AppSession` over a websocket;
- `door`: the web server itself (routes, the origin check, the cookies).
"""
