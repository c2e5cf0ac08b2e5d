"""Where the styles live: a widget of the game carries its own look in its
DEFAULT_CSS; the app's stylesheet (craits.tcss) places things on the screens, and
a screen's stylesheet may place, size and frame a widget, but not colour it.

App CSS wins over DEFAULT_CSS whatever the selectors, so a widget's rule left in
a stylesheet would quietly override the widget's own."""

from __future__ import annotations

import importlib
import pkgutil
import re
from pathlib import Path

from textual.screen import Screen
from textual.widget import Widget

import craits_tui

PACKAGE = Path(craits_tui.__file__).parent
APP_STYLESHEET = PACKAGE / "craits.tcss"
SCREEN_STYLESHEETS = sorted(path for path in PACKAGE.rglob("*.tcss") if path != APP_STYLESHEET)

LOOK = {"color", "background", "text-style", "tint", "background-tint", "text-opacity", "opacity"}
"""Properties that colour a widget or style its text: the widget's own business."""

_COMMENT = re.compile(r"/\*.*?\*/", re.S)
_RULE = re.compile(r"([^{}]+)\{([^{}]*)\}")
_TYPE = re.compile(r"^[A-Za-z_][\w-]*")
_CLASS = re.compile(r"\.([\w-]+)")


def subclasses(base: type) -> set[type]:
    found = set(base.__subclasses__())
    for cls in list(found):
        found |= subclasses(cls)
    return found


def the_game_classes() -> set[type]:
    """Every widget and screen of the app, once all its modules are imported."""
    for module in pkgutil.walk_packages([str(PACKAGE)], "craits_tui."):
        if not module.name.endswith("__main__"):
            importlib.import_module(module.name)
    return {cls for cls in subclasses(Widget) if cls.__module__.startswith("craits_tui.")}


CLASSES = the_game_classes()
STYLED = {
    cls.__name__ for cls in CLASSES if "DEFAULT_CSS" in vars(cls) and not issubclass(cls, Screen)
}
"""The game's widgets that carry their own look."""
COMPONENTS = {name for cls in CLASSES for name in vars(cls).get("COMPONENT_CLASSES", ())}
"""The parts of the game's widgets that their CSS styles (the hand's playable cards...)."""
SCREENS = {cls.__name__ for cls in CLASSES if issubclass(cls, Screen)}


def rules(path: Path) -> list[tuple[list[list[str]], set[str]]]:
    """Each rule of a stylesheet: its selectors, each a list of the type names its
    compound selectors start with ("" for none), and the properties it sets."""
    found = []
    for selectors, body in _RULE.findall(_COMMENT.sub("", path.read_text(encoding="utf-8"))):
        types = [
            [(match.group(0) if (match := _TYPE.match(part)) else "") for part in compounds]
            for selector in selectors.split(",")
            if (compounds := selector.replace(">", " ").split())
        ]
        properties = {line.split(":")[0].strip() for line in body.split(";") if ":" in line}
        found.append((types, properties))
    return found


def test_the_widgets_that_style_themselves_are_found() -> None:
    assert {"SeatBadge", "Hand", "Footer", "CrankCounter", "CoachPanel"} <= STYLED
    assert {"hand--playable", "footer--key"} <= COMPONENTS
    assert {"TableScreen", "OptionsScreen", "LessonList"} <= SCREENS
    assert all(rules(path) for path in [APP_STYLESHEET, *SCREEN_STYLESHEETS])


def test_the_app_stylesheet_styles_no_widget_of_the_game() -> None:
    text = _COMMENT.sub("", APP_STYLESHEET.read_text(encoding="utf-8"))
    classes = {name for selectors, _ in _RULE.findall(text) for name in _CLASS.findall(selectors)}
    assert not classes & COMPONENTS, f"craits.tcss styles parts {sorted(classes & COMPONENTS)}"
    named = {name for types, _ in rules(APP_STYLESHEET) for selector in types for name in selector}
    assert not named & STYLED, f"craits.tcss styles {sorted(named & STYLED)}: move it to the widget"


def test_a_screen_stylesheet_places_widgets_but_leaves_their_look_to_them() -> None:
    for path in SCREEN_STYLESHEETS:
        for types, properties in rules(path):
            for selector in types:
                if not set(selector) & STYLED:
                    continue
                where = f"{path.name}: {' '.join(selector)}"
                assert selector[0] in SCREENS, f"{where} does not start from its screen"
                assert not properties & LOOK, f"{where} sets {sorted(properties & LOOK)}"
