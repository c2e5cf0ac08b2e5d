"""A real browser for the web door's tests: Debian's headless Chromium, driven by
Selenium through chromium-driver. What the page's terminal shows is read from its
websocket's frames (Chromium's DevTools log) into a pyte screen of the terminal's
size, and every request the page made is kept, to check where they went.

Selenium waits in a thread of its own (`asyncio.to_thread`): the server under
test runs on the test's event loop meanwhile.
"""

from __future__ import annotations

import asyncio
import base64
import json
import re
import shutil
from collections.abc import Callable
from typing import Any

import pyte

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
try:
    import selenium  # noqa: F401
except ImportError:
    SELENIUM = False
else:
    SELENIUM = True

MISSING = (
    None
    if CHROMIUM and DRIVER and SELENIUM
    else "needs Debian's chromium and chromium-driver (apt-get install chromium "
    "chromium-driver; .ci/run installs them) and selenium (the test extra)"
)
"""Why the browser tests cannot run here, if they cannot."""

TIMEOUT = 30.0
"""Seconds a page is given to show something (the real app starts on a busy machine)."""
DESKTOP = (1280, 800)


def start_chromium(size: tuple[int, int] = DESKTOP) -> Any:
    """Headless Chromium (a window of ``size`` pixels), logging what its pages send
    and receive."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    assert CHROMIUM is not None and DRIVER is not None
    options.binary_location = CHROMIUM
    for argument in (
        "--headless=new",
        "--no-sandbox",  # the tests may run as root, in a container
        "--disable-dev-shm-usage",
        "--disable-gpu",
        "--no-first-run",
        "--disable-background-networking",  # the browser's own calls home: none
        "--disable-component-update",
        "--disable-sync",
        f"--window-size={size[0]},{size[1]}",
    ):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"performance": "ALL"})
    return webdriver.Chrome(options=options, service=Service(DRIVER))


class Tab:
    """The browser's one tab: the pages it opens, and its game's terminal as read
    from the latest websocket's frames."""

    def __init__(self, driver: Any) -> None:
        self.driver = driver
        self.requests: list[str] = []
        self.socket: str | None = None
        self.screen = pyte.Screen(80, 24)
        self.stream = pyte.ByteStream(self.screen)

    def _read_log(self) -> None:
        for entry in self.driver.get_log("performance"):
            said = json.loads(entry["message"])["message"]
            params = said.get("params", {})
            match said.get("method"):
                case "Network.requestWillBeSent":
                    self.requests.append(params["request"]["url"])
                case "Network.webSocketCreated":
                    self.socket = params["requestId"]  # a new game: a new screen
                    self.screen.reset()
                case "Network.webSocketFrameSent" if params["requestId"] == self.socket:
                    self._sent(params["response"]["payloadData"])
                case "Network.webSocketFrameReceived" if params["requestId"] == self.socket:
                    frame = params["response"]
                    if frame["opcode"] == 2:  # the terminal's bytes
                        self.stream.feed(base64.b64decode(frame["payloadData"]))

    def _sent(self, payload: str) -> None:
        match json.loads(payload):
            case ["resize", {"width": int(width), "height": int(height)}]:
                self.screen.resize(height, width)
            case _:
                pass

    @property
    def text(self) -> str:
        """The terminal's screen, as last read."""
        return "\n".join(line.rstrip() for line in self.screen.display)

    async def run(self, call: Callable[..., Any], *args: Any) -> Any:
        """``call(*args)`` of Selenium's, in a thread."""
        return await asyncio.to_thread(call, *args)

    async def open(self, url: str) -> None:
        await self.run(self.driver.get, url)

    async def shows(self, text: str, timeout: float = TIMEOUT) -> str:
        """Wait until the terminal shows ``text``; its screen then."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            await self.run(self._read_log)
            if text in self.text:
                return self.text
            assert loop.time() < deadline, f"{text!r} is not on the screen:\n{self.text}"
            await asyncio.sleep(0.05)

    async def type(self, keys: str) -> None:
        """Type ``keys`` into the terminal (it has the keyboard once it is shown)."""
        from selenium.webdriver.common.by import By

        def send() -> None:
            box = self.driver.find_element(By.CSS_SELECTOR, "textarea.xterm-helper-textarea")
            box.send_keys(keys)

        await self.run(send)

    def where(self, pattern: str) -> tuple[int, int]:
        """The cell (column, line) in the middle of where ``pattern`` (a regular
        expression) first matches on the screen, line by line."""
        for line, row in enumerate(self.screen.display):
            found = re.search(pattern, row)
            if found:
                return (found.start() + found.end()) // 2, line
        raise AssertionError(f"{pattern!r} is not on the screen:\n{self.text}")

    async def click(self, pattern: str) -> None:
        """Click the middle of what ``pattern`` matches first on the terminal, as a
        person does with the mouse: xterm.js turns the click into the terminal's
        mouse report for the app, when the app has asked for those."""
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.by import By

        column, line = self.where(pattern)

        def click() -> None:
            cells = self.driver.find_element(By.CSS_SELECTOR, ".xterm-screen")
            width, height = cells.size["width"], cells.size["height"]
            # Selenium's offsets are from the element's middle.
            x = (column + 0.5) * width / self.screen.columns - width / 2
            y = (line + 0.5) * height / self.screen.lines - height / 2
            ActionChains(self.driver).move_to_element_with_offset(
                cells, round(x), round(y)
            ).click().perform()

        await self.run(click)

    async def fill(self, field: str, value: str) -> None:
        """Type ``value`` into the page's form ``field`` and send the form."""
        from selenium.webdriver.common.by import By

        def send() -> None:
            box = self.driver.find_element(By.NAME, field)
            box.send_keys(value)
            box.submit()

        await self.run(send)
