"""The messages on the wire: one JSON object a line, every field checked against
its type as it is read (`typed_json`), the engine's events and commands written by
`craits_core.codec`."""

from __future__ import annotations

import json
import typing
from collections.abc import Mapping
from typing import Any

from .. import typed_json
from .codes import MAX_LINE, BadMessage
from .messages import Message


def encode(message: Message) -> bytes:
    """One message as a line of JSON."""
    fields = typed_json.dump(message)
    return (json.dumps({"op": message.op, **fields}, ensure_ascii=False) + "\n").encode("utf-8")


def line_length(value: Any) -> int:
    """Bytes ``value`` (a message's field) takes in a line."""
    return len(json.dumps(typed_json.dump(value), ensure_ascii=False).encode("utf-8"))


def decode(line: bytes, accepted: Mapping[str, type[Message]]) -> Message:
    """The message of one line, one of ``accepted`` (`TO_SERVER` or `TO_SESSION`);
    `BadMessage` for anything else. Fields a message does not have are ignored."""
    if len(line) > MAX_LINE:
        raise BadMessage("message too long")
    try:
        data = json.loads(line)
    except RecursionError:  # "[[[[...": nested deeper than Python recurses
        raise BadMessage("nested too deep") from None
    except (UnicodeDecodeError, ValueError):
        raise BadMessage("not JSON") from None
    if not isinstance(data, dict) or not isinstance(data.get("op"), str):
        raise BadMessage("a message is an object with an op")
    cls = accepted.get(data["op"])
    if cls is None:
        raise BadMessage(f"unknown message {data['op'][:40]!r}", "op")
    try:
        return typing.cast(Message, typed_json.load(cls, data))
    except typed_json.Mistyped as err:
        raise BadMessage(str(err), err.field) from None
