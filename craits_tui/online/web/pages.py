"""The web door's two pages: the login (a name, and the password when the server
has one), and the game's, where xterm.js draws the session's terminal.

Every file a page names is this server's own (`assets`): no fonts, scripts or
styles from elsewhere, and the pages' `security_headers` forbid the browser to
fetch any (a test reads the pages for any other address).
"""

from __future__ import annotations

from html import escape

from ...names import MAX_NAME

_STYLE = """
html, body { margin: 0; height: 100%; background: #0c181f; color: #e8eef2;
  font-family: "Roboto Mono", ui-monospace, monospace; }
@font-face { font-family: "Roboto Mono"; font-style: normal; font-weight: 100 700;
  src: url("/static/RobotoMono.ttf") format("truetype"); }
@font-face { font-family: "Roboto Mono"; font-style: italic; font-weight: 100 700;
  src: url("/static/RobotoMono-Italic.ttf") format("truetype"); }
"""

_LOGIN_STYLE = """
main { max-width: 26rem; margin: 12vh auto; padding: 2rem; background: #12232d; }
h1 { margin-top: 0; } label { display: block; margin-top: 1rem; }
input { width: 100%; box-sizing: border-box; padding: .5rem; font: inherit; margin-top: .3rem; }
button { margin-top: 1.5rem; padding: .6rem 2rem; font: inherit; background: #5e0ba7;
  color: #fff; border: none; cursor: pointer; }
.problem { color: #ffb4a8; } .note { color: #9fb3c0; font-size: .9rem; }
"""

_PLAY_STYLE = """
#terminal { position: absolute; inset: 0; }
.ended { display: none; position: absolute; left: 0; right: 0; bottom: 0; padding: .6rem;
  background: #12232dee; justify-content: center; gap: 2rem; z-index: 10; }
body.-closed .ended { display: flex; }
a { color: #c9a5ff; }
"""


def _page(title: str, style: str, body: str, head: str = "") -> str:
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en"><head><meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{escape(title)}</title>\n{head}"
        f"<style>{_STYLE}{style}</style>\n"
        f"</head><body>\n{body}\n</body></html>\n"
    )


def login_page(
    *,
    name: str = "",
    password: bool = False,
    table: str | None = None,
    replay: str | None = None,
    problem: str = "",
) -> str:
    """The login form: ``name`` filled in, a ``password`` field when the server
    asks one, the ``table`` or the ``replay`` a link invites to, and the
    ``problem`` with the last try."""
    if table:
        invited = (
            f"<p>You are invited to the table <strong>{escape(table)}</strong>: "
            "give your name to sit down.</p>"
        )
    elif replay:
        invited = (
            f"<p>The replay <strong>{escape(replay)}</strong>: give your name to watch it.</p>"
        )
    else:
        invited = "<p>Give the name you play under.</p>"
    secret = (
        '<label>Password<input name="password" type="password" required '
        'autocomplete="current-password"></label>'
        if password
        else ""
    )
    hidden = "".join(
        f'<input type="hidden" name="{field}" value="{escape(value)}">'
        for field, value in (("table", table), ("replay", replay))
        if value
    )
    said = f'<p class="problem" role="alert">{escape(problem)}</p>' if problem else ""
    body = (
        "<main><h1>Craits</h1>"
        f"{invited}{said}"
        '<form method="post" action="/login">'
        f'<label>Name<input name="name" value="{escape(name)}" required maxlength="{MAX_NAME}" '
        'autocomplete="nickname" autofocus></label>'
        f"{secret}{hidden}"
        '<button type="submit">Play</button></form>'
        '<p class="note">The game draws like a terminal: the mouse and the keys both work.</p>'
        "</main>"
    )
    return _page("Craits", _LOGIN_STYLE, body)


def play_page(socket_url: str, font_size: int, *, named: bool = True) -> str:
    """The game's page: xterm.js (in ``textual.js``) connects to ``socket_url``;
    ``named``: the player gave a name, which the page offers to change."""
    head = (
        '<link rel="stylesheet" href="/static/xterm.css">\n'
        '<script src="/static/textual.js"></script>\n'
    )
    body = (
        f'<div id="terminal" class="textual-terminal" '
        f'data-session-websocket-url="{escape(socket_url)}" '
        f'data-font-size="{font_size}"></div>\n'
        '<div class="ended"><span>The session has ended.</span>'
        '<a href="/play">Play again</a>'
        + ('<a href="/">Change name</a>' if named else "")
        + "</div>"
    )
    return _page("Craits", _PLAY_STYLE, body, head)


def security_headers(socket_origin: str) -> dict[str, str]:
    """What every page is served with: nothing fetched but from this server (and
    its websocket at ``socket_origin``), no framing by another site, no referrer
    sent to another site."""
    policy = (
        "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
        f"font-src 'self'; img-src 'self' data:; connect-src 'self' {socket_origin}; "
        "form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
    )
    return {
        "Content-Security-Policy": policy,
        "X-Content-Type-Options": "nosniff",
        # Not "no-referrer": under it a browser sends "Origin: null" with the login
        # form, which the door then cannot tell from another site's.
        "Referrer-Policy": "same-origin",
        "X-Frame-Options": "DENY",
        "Cache-Control": "no-store",
    }
