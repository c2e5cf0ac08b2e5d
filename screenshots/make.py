"""Draw the main screens of Craits into screenshots/: an SVG each, and a PNG when
``rsvg-convert`` (from librsvg) is installed.

Run from anywhere, with the project's virtualenv: ``python screenshots/make.py``,
or ``python screenshots/make.py table help`` for only those scenes. The scenes are
the ones the snapshot tests check (tests/tui/snapshots.py), so these pictures show
exactly what the tests hold the app to.
"""

from __future__ import annotations

import asyncio
import base64
import html
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
from functools import cache
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


FONT_SIZE = 20
"""The size of the screenshot's font (Rich's export): an emoji is drawn this high."""

ASCENT = 0.8
"""How far above its baseline a glyph of the font reaches, in font sizes."""


def for_rsvg(svg: str) -> str:
    """The SVG with every glyph placed in its own cell, for rsvg-convert.

    A terminal screenshot relies on each run of text filling its textLength.
    rsvg-convert ignores that and drops blanks at the ends of a run, so text drifts
    with the fallback font's width ("the  lowest", "6 cards· 0 pts"). One text element
    per glyph, at its cell, draws the grid as a terminal does. Browsers need no help.

    rsvg-convert draws text as outlines, and a colour emoji font has none: an emoji
    (the chat's) is drawn as the picture the font holds for it, as a terminal shows
    it, two cells wide.
    """

    def one_per_cell(match: re.Match[str]) -> str:
        css, x, y, clip, text = match.groups()
        left = float(x)
        baseline = float(y.split('"')[1])
        glyphs = []
        for char in html.unescape(text):
            picture = emoji_png(char) if cell_len(char) == 2 else None
            if picture is not None:
                top = baseline - ASCENT * FONT_SIZE
                data = base64.b64encode(picture).decode()
                glyphs.append(
                    f'<image x="{left + (2 * CHAR_WIDTH - FONT_SIZE) / 2:g}" y="{top:g}" '
                    f'width="{FONT_SIZE}" height="{FONT_SIZE}"{clip} '
                    f'href="data:image/png;base64,{data}"/>'
                )
            elif not char.isspace():
                glyphs.append(f'<text {css} x="{left:g}"{y}{clip}>{html.escape(char)}</text>')
            left += cell_len(char) * CHAR_WIDTH
        return "".join(glyphs)

    return _RUN.sub(one_per_cell, svg)


# --- Emoji pictures ---------------------------------------------------------------------


@cache
def _emoji_font() -> tuple[bytes, dict[bytes, tuple[int, int]]] | None:
    """The colour emoji font's bytes and its tables (offset, length), if one is
    installed (Noto Color Emoji: fonts-noto-color-emoji)."""
    try:
        found = subprocess.run(
            ["fc-match", "-f", "%{file}", "Noto Color Emoji"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    if "Emoji" not in found or not Path(found).is_file():
        return None
    font = Path(found).read_bytes()
    (count,) = struct.unpack(">H", font[4:6])
    tables = {}
    for i in range(count):
        tag, _sum, offset, length = struct.unpack(">4sLLL", font[12 + 16 * i : 28 + 16 * i])
        tables[tag] = (offset, length)
    if not {b"cmap", b"CBLC", b"CBDT"} <= tables.keys():
        return None
    return font, tables


@cache
def _emoji_glyphs() -> dict[int, int]:
    """The emoji font's glyph for each character it has (its cmap, format 12)."""
    loaded = _emoji_font()
    if loaded is None:
        return {}
    font, tables = loaded
    cmap = tables[b"cmap"][0]
    (count,) = struct.unpack(">H", font[cmap + 2 : cmap + 4])
    for i in range(count):
        _platform, _encoding, offset = struct.unpack(
            ">HHL", font[cmap + 4 + 8 * i : cmap + 12 + 8 * i]
        )
        sub = cmap + offset
        if struct.unpack(">H", font[sub : sub + 2])[0] != 12:
            continue
        (groups,) = struct.unpack(">L", font[sub + 12 : sub + 16])
        glyphs = {}
        for g in range(groups):
            first, last, glyph = struct.unpack(">LLL", font[sub + 16 + 12 * g : sub + 28 + 12 * g])
            for code in range(first, last + 1):
                glyphs[code] = glyph + code - first
        return glyphs
    return {}


@cache
def emoji_png(char: str) -> bytes | None:
    """The picture the colour emoji font holds for ``char`` (PNG), if any: from its
    first strike of bitmaps (CBLC's index, CBDT's data)."""
    glyph = _emoji_glyphs().get(ord(char))
    loaded = _emoji_font()
    if glyph is None or loaded is None:
        return None
    font, tables = loaded
    cblc, cbdt = tables[b"CBLC"][0], tables[b"CBDT"][0]
    array, _size, subtables = struct.unpack(">LLL", font[cblc + 8 : cblc + 20])
    for i in range(subtables):
        entry = cblc + array + 8 * i
        first, last, offset = struct.unpack(">HHL", font[entry : entry + 8])
        if not first <= glyph <= last:
            continue
        sub = cblc + array + offset
        index_format, image_format, data = struct.unpack(">HHL", font[sub : sub + 8])
        if index_format == 1:
            at = sub + 8 + 4 * (glyph - first)
            (start,) = struct.unpack(">L", font[at : at + 4])
        elif index_format == 3:
            at = sub + 8 + 2 * (glyph - first)
            (start,) = struct.unpack(">H", font[at : at + 2])
        else:
            return None
        where = cbdt + data + start
        # The glyph's metrics before the picture: small (17), big (18), none (19).
        skip = {17: 5, 18: 8, 19: 0}.get(image_format)
        if skip is None:
            return None
        (length,) = struct.unpack(">L", font[where + skip : where + skip + 4])
        return font[where + skip + 4 : where + skip + 4 + length]
    return None


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
