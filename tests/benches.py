"""The benches' packages (``bench/_NAME``), imported by their tests as the bench's
script imports them."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterable
from pathlib import Path
from types import ModuleType

import pytest

BENCH = Path(__file__).resolve().parent.parent / "bench"


def bench_package(
    monkeypatch: pytest.MonkeyPatch, package: str, modules: Iterable[str]
) -> ModuleType:
    """``package`` of the benches, with its ``modules`` loaded (for the test alone:
    the bench's folder leaves the path afterwards)."""
    monkeypatch.syspath_prepend(str(BENCH))
    for name in modules:
        importlib.import_module(f"{package}.{name}")
    return sys.modules[package]
