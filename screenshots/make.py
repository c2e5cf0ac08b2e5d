"""Draw the main screens of Craits into screenshots/: an SVG each, and a PNG when
``rsvg-convert`` (from librsvg) is installed.

Run from anywhere, with the project's virtualenv: ``python screenshots/make.py``,
or ``python screenshots/make.py table help`` for only those scenes. The scenes are
the ones the snapshot tests check (tests/tui/snapshots.py), so these pictures show
exactly what the tests hold the app to.
"""

from __future__ import annotations

import asyncio
import html
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent

# The pictures are in English, whatever the environment speaks.
os.environ["LANGUAGE"] = "en"
# The scenes import the tests' helpers, which live beside the package, not in it.
sys.path.insert(0, str(ROOT))

from rich.cells import cell_len  # noqa: E402

from tests.tui.snapshots import CHAR_WIDTH, SCENES_BY_NAME, SNAPSHOT_DIR, render  # noqa: E402

SHOTS = (
    "start",
    "lesson",
    "table",
    "table_80x24",
    "table_140x45",
    "motion",
    "table_five",
    "table_crank",
    "suit_picker",
    "round_summary",
    "scores",
    "game_over",
    "watching",
    "replay",
    "options",
    "help",
)
"""The scenes worth a picture, in the order a player meets them."""

ONLINE = ("online_lobby_ratings", "online_table_chat", "online_game_over_rematch")
"""Screens of an online session, as their snapshot tests drew them against a stand-in
server (tests/tui/test_lobby_more.py, test_chat.py, test_rematch.py): copied from
the stored snapshots, which ``CRAITS_UPDATE_SNAPSHOTS=1`` redraws."""


async def draw(names: tuple[str, ...], out: Path) -> list[Path]:
    """Render each scene into ``out`` as SVG; return the files written."""
    written = []
    with tempfile.TemporaryDirectory() as tmp:
        # The app and its save file stay away from the user's own directories.
        os.environ["XDG_DATA_HOME"] = os.environ["XDG_CONFIG_HOME"] = tmp
        for name in names:
            workdir = Path(tmp, name)
            workdir.mkdir()
            svg = await render(SCENES_BY_NAME[name], workdir)
            path = out / f"{name}.svg"
            path.write_text(svg, encoding="utf-8")
            written.append(path)
    return written


_RUN = re.compile(
    r'<text (class="[^"]*") x="([\d.]+)"( y="[\d.]+") textLength="[\d.]+"'
    r'( clip-path="[^"]+")>([^<]*)</text>'
)


def for_rsvg(svg: str) -> str:
    """The SVG with every glyph placed in its own cell, for rsvg-convert.

    A terminal screenshot relies on each run of text filling its textLength.
    rsvg-convert ignores that and drops blanks at the ends of a run, so text drifts
    with the fallback font's width ("the  lowest", "6 cards· 0 pts"). One text element
    per glyph, at its cell, draws the grid as a terminal does. Browsers need no help.
    """

    def one_per_cell(match: re.Match[str]) -> str:
        css, x, y, clip, text = match.groups()
        left = float(x)
        glyphs = []
        for char in html.unescape(text):
            if not char.isspace():
                glyphs.append(f'<text {css} x="{left:g}"{y}{clip}>{html.escape(char)}</text>')
            left += cell_len(char) * CHAR_WIDTH
        return "".join(glyphs)

    return _RUN.sub(one_per_cell, svg)


def to_png(svgs: list[Path]) -> list[Path]:
    """PNG copies made by rsvg-convert; none (and a note) when it is not installed."""
    converter = shutil.which("rsvg-convert")
    if converter is None:
        print("rsvg-convert not found (install librsvg2-bin): SVG only, no PNG.")
        return []
    pngs = []
    for svg in svgs:
        png = svg.with_suffix(".png")
        subprocess.run(
            [converter, "--format=png", f"--output={png}"],
            input=for_rsvg(svg.read_text(encoding="utf-8")).encode(),
            check=True,
        )
        pngs.append(png)
    return pngs


def copy_online(names: tuple[str, ...], out: Path) -> list[Path]:
    """The stored snapshots of the online screens, copied into ``out``."""
    written = []
    for name in names:
        path = out / f"{name}.svg"
        path.write_text((SNAPSHOT_DIR / f"{name}.svg").read_text(encoding="utf-8"), "utf-8")
        written.append(path)
    return written


def main() -> None:
    asked = tuple(sys.argv[1:])
    names = tuple(n for n in asked if n not in ONLINE) if asked else SHOTS
    online = tuple(n for n in asked if n in ONLINE) if asked else ONLINE
    unknown = [n for n in names if n not in SCENES_BY_NAME]
    if unknown:
        known = ", ".join((*SCENES_BY_NAME, *ONLINE))
        sys.exit(f"unknown scene(s): {', '.join(unknown)}; known: {known}")
    svgs = asyncio.run(draw(names, HERE))
    copied = copy_online(online, HERE)
    pngs = to_png([*svgs, *copied])
    for svg in copied:
        print(f"{svg.relative_to(ROOT)}: an online screen, from its snapshot")
    for name, svg in zip(names, svgs, strict=True):
        print(f"{svg.relative_to(ROOT)}: {SCENES_BY_NAME[name].description}")
    for png in pngs:
        print(png.relative_to(ROOT))


if __name__ == "__main__":
    main()
