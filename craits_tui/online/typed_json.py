"""Frozen dataclasses to and from JSON's values, every field checked against its type.

What comes off a socket is whatever its sender wrote: `load` builds a dataclass
from a decoded JSON object only when each field has the type its annotation says
(exactly: JSON's true is not the number 1), and says which field is wrong when
one is not. The engine's events and commands are written and read by
`craits_core.codec`, the one place they become dicts; a class with ``to_dict`` and
a ``from_dict`` class method (the engine's `RuleSet`) is written and read its own way.
"""

from __future__ import annotations

import dataclasses
import math
import types
import typing
from collections.abc import Callable
from functools import cache
from typing import Any

from craits_core import Command, Event
from craits_core.codec import command_from_dict, command_to_dict, event_from_dict, event_to_dict
from craits_core.events import EVENT_CLASSES

_WRITE: dict[type, Callable[[Any], dict[str, Any]]] = {
    **{cls: event_to_dict for cls in EVENT_CLASSES},
    **{cls: command_to_dict for cls in typing.get_args(Command)},
}
"""The engine's own values, by class: written by its codec."""
_READ: dict[Any, Callable[[Any], Any]] = {Event: event_from_dict, Command: command_from_dict}
"""The engine's own values, by the annotation that asks for one: read by its codec."""


class Mistyped(ValueError):
    """A value that is not of the type it should be; ``field`` names where it is."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


def dump(value: Any) -> Any:
    """``value`` (a dataclass, a tuple, a plain value) as JSON's values."""
    write = _WRITE.get(type(value))
    if write is not None:
        return write(value)
    if hasattr(value, "to_dict") and not isinstance(value, type):
        return value.to_dict()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: dump(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, tuple | list):
        return [dump(item) for item in value]
    return value


def load(cls: type, data: Any, where: str = "") -> Any:
    """The dataclass ``cls`` from the JSON object ``data``; `Mistyped` naming the
    field that is missing or of the wrong type. Keys ``cls`` has no field for are
    ignored, so a newer sender's extra fields do no harm."""
    if not isinstance(data, dict):
        raise Mistyped(f"{where or cls.__name__} is an object", where or None)
    hints = _hints(cls)
    values = {}
    for f in dataclasses.fields(cls):
        name = f"{where}.{f.name}" if where else f.name
        if f.name in data:
            values[f.name] = _value(data[f.name], hints[f.name], name)
        elif f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
            raise Mistyped(f"{name} is missing", name)
    return cls(**values)


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _value(value: Any, hint: Any, where: str) -> Any:
    """``value`` as the type ``hint`` says, or `Mistyped` naming ``where``."""
    read = _READ.get(hint)
    if read is not None:  # before the unions: a command is one
        try:
            return read(value)
        except (TypeError, ValueError) as err:
            raise Mistyped(f"{where}: {err}", where) from None
    origin = typing.get_origin(hint)
    if origin is types.UnionType or origin is typing.Union:
        for option in typing.get_args(hint):
            try:
                return _value(value, option, where)
            except Mistyped:
                continue
        raise Mistyped(f"{where} has the wrong type", where)
    if origin is tuple:
        if not isinstance(value, list):
            raise Mistyped(f"{where} is a list", where)
        item = typing.get_args(hint)[0]
        return tuple(_value(v, item, f"{where}[{i}]") for i, v in enumerate(value))
    if origin is dict or hint is dict:
        if not isinstance(value, dict):
            raise Mistyped(f"{where} is an object", where)
        return value
    if hint is Any:
        return value
    if hint is type(None):
        if value is not None:
            raise Mistyped(f"{where} is null", where)
        return None
    if isinstance(hint, type) and hasattr(hint, "from_dict"):
        try:
            return hint.from_dict(value)
        except ValueError as err:
            raise Mistyped(f"{where}: {err}", where) from None
    if dataclasses.is_dataclass(hint):
        return load(hint, value, where)  # type: ignore[arg-type]
    if hint in (str, int, bool) and type(value) is hint:
        return value
    if hint is float and type(value) in (int, float) and math.isfinite(value):
        return float(value)  # JSON's 2 is a float too; its NaN and Infinity are not numbers
    raise Mistyped(f"{where} is not {getattr(hint, '__name__', hint)}", where)
