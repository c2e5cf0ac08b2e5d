"""A move at the table is a repaint: it changes no widget's CSS classes (which would
restyle the table) and no widget's size or place (which would lay it out again),
with motion or without."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.app import App
from textual.dom import DOMNode

from craits_core import Card, Play
from craits_tui.widgets.discard import DiscardPile
from craits_tui.widgets.motion import Motion

from ..decks import stacked_game
from .conftest import bots_at_rest, hold_bots, make_app, seat_up, until

HANDS = [
    "4C 5C 6C 7C 10C",
    "KH QS JS 3S 6S",
    "4D 5D 6D 7D 10D",
    "4S 5S 7S 10S JC",
]
"""Bob (seat 1) plays first, a plain king, and Cy, a bot too, is next."""


@pytest.mark.parametrize("motion", [False, True], ids=["still", "moving"])
async def test_a_bots_play_restyles_and_lays_out_nothing(
    motion: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app(tmp_path, animations=motion)
    async with app.run_test(size=(100, 32)) as pilot:
        game = stacked_game(HANDS, "3H", dealer=0)
        screen = seat_up(app, game, [None, "normal", "normal", "normal"])
        hold_bots(screen)
        await until(pilot, lambda: bots_at_rest(screen), "the table shown")
        await pilot.pause()
        restyled: list[DOMNode] = []
        update_styles = App.update_styles

        def restyle(self: App[object], node: DOMNode, animate: bool = True) -> None:
            restyled.append(node)
            update_styles(self, node, animate)

        monkeypatch.setattr(App, "update_styles", restyle)
        laid_out: list[object] = []
        screen.screen_layout_refresh_signal.subscribe(screen, laid_out.append)
        classes = {widget: set(widget.classes) for widget in screen.query("*")}
        flew: list[bool] = []

        game.handle(Play(1, Card.parse("KH")))  # as a bot plays it
        discard = screen.query_one(DiscardPile)
        layer = screen.query_one(Motion)

        def played() -> bool:
            flew.append(layer.busy)
            return discard.top == Card.parse("KH") and not layer.busy

        await until(pilot, played, "the king played")
        await pilot.pause()
        assert any(flew) is motion  # the card flew across the table, or not
        assert {widget: set(widget.classes) for widget in screen.query("*")} == classes
        assert restyled == []
        assert laid_out == []
