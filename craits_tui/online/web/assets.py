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
