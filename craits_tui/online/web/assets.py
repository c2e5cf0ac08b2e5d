"""The page's scripts, styles and fonts: xterm.js and its glue (``textual.js``),
``xterm.css`` and the Roboto Mono font, read at start from the installed
textual-serve package (never copied into this project) and served from memory,
compressed once. Nothing the page needs comes from anywhere but this server.
"""

from __future__ import annotations

import gzip
import hashlib
from dataclasses import dataclass
from importlib import resources

from aiohttp import web

from ..server.config import StartupError

PACKAGE = "textual_serve"
FILES = {
    "textual.js": ("js/textual.js", "text/javascript; charset=utf-8"),
    "xterm.css": ("css/xterm.css", "text/css; charset=utf-8"),
    "RobotoMono.ttf": ("fonts/RobotoMono-VariableFont_wght.ttf", "font/ttf"),
    "RobotoMono-Italic.ttf": ("fonts/RobotoMono-Italic-VariableFont_wght.ttf", "font/ttf"),
}
"""What the page may ask for under ``/static/``, and where the package keeps it."""


@dataclass(frozen=True)
class Asset:
    """One file, as it is served: its type, its bytes (and gzipped, when that is
    smaller) and its tag, which changes with its content."""

    content_type: str
    body: bytes
    gzipped: bytes | None
    etag: str


def load_assets() -> dict[str, Asset]:
    """Every file of `FILES`, by the name it is served under; `StartupError` when
    textual-serve is not installed or lacks one."""
    try:
        static = resources.files(PACKAGE) / "static"
    except ModuleNotFoundError:
        raise StartupError(
            "--web needs the textual-serve package (pip install textual-serve)"
        ) from None
    found: dict[str, Asset] = {}
    for name, (path, content_type) in FILES.items():
        try:
            body = (static / path).read_bytes()
        except OSError:
            raise StartupError(f"textual-serve has no {path}: reinstall it") from None
        packed = gzip.compress(body, 9, mtime=0)
        gzipped = packed if len(packed) < len(body) * 0.9 else None
        etag = '"' + hashlib.sha256(body).hexdigest()[:20] + '"'
        found[name] = Asset(content_type, body, gzipped, etag)
    return found


def serve_asset(assets: dict[str, Asset], request: web.Request) -> web.Response:
    """The page's file that ``request`` names (``/static/NAME``), gzipped where the
    browser takes it, or "not modified" where it has it already."""
    asset = assets.get(request.match_info["name"])
    if asset is None:
        raise web.HTTPNotFound()
    headers = {
        "ETag": asset.etag,
        "Cache-Control": "public, max-age=86400",
        "X-Content-Type-Options": "nosniff",
    }
    if asset.etag in request.headers.get("If-None-Match", ""):
        return web.Response(status=304, headers=headers)
    body = asset.body
    if asset.gzipped is not None:
        headers["Vary"] = "Accept-Encoding"
        if "gzip" in request.headers.get("Accept-Encoding", ""):
            body = asset.gzipped
            headers["Content-Encoding"] = "gzip"
    headers["Content-Type"] = asset.content_type
    return web.Response(body=body, headers=headers)
