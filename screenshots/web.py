"""Take screenshots/web_desktop.png and screenshots/web_phone.png: the game in a
browser page, as headless Chromium draws it (Debian's ``chromium`` and
``chromium-driver``, and selenium, installed).

``python screenshots/web.py``: a server with its web door on 127.0.0.1 and a
private data directory; a player named Ann opens a quick match, bots fill the
table, and the page is taken at a desktop window's size, then at a phone's
(portrait, the page's font made smaller so that the game's 80 columns fit).
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))
os.environ["LANGUAGE"] = "en"

DESKTOP = (1280, 800, 16)
PHONE = (412, 915, 8)
"""Width and height of the window in pixels, and the page's font size."""


async def take(data: Path) -> None:
    from craits_tui.online.server.ssh import CraitsServer, ServerConfig
    from craits_tui.online.web.config import WebConfig
    from tests.server.chromium import MISSING, Tab, start_chromium

    if MISSING:
        raise SystemExit(f"screenshots/web.py {MISSING}")
    config = ServerConfig(
        host="127.0.0.1",
        port=0,
        ssh=False,
        web=WebConfig(port=0),
        quick_wait=0.5,
        bot_pace=0.0,
        data_dir=data,
    )
    server = CraitsServer(config)
    await server.start()
    driver = start_chromium(DESKTOP[:2])
    try:
        assert server.web is not None
        base = f"http://127.0.0.1:{server.web.port}"
        tab = Tab(driver)
        await tab.open(base + "/")
        await tab.fill("name", "Ann")
        await tab.shows("Quick match", timeout=30)
        await tab.type("m")
        await tab.shows("Your turn", timeout=60)
        for name, (width, height, font) in (("desktop", DESKTOP), ("phone", PHONE)):
            await tab.run(driver.set_window_size, width, height)
            await tab.open(f"{base}/play?fontsize={font}")  # the seat is taken back
            await tab.shows("Your turn", timeout=60)
            await asyncio.sleep(1.0)  # the last frame drawn
            path = HERE / f"web_{name}.png"
            await tab.run(driver.save_screenshot, str(path))
            print("wrote", path.relative_to(ROOT))
    finally:
        driver.quit()
        await server.close()


def main() -> None:
    with tempfile.TemporaryDirectory() as data:
        asyncio.run(take(Path(data)))


if __name__ == "__main__":
    main()
