"""The code's shape, kept: no import circles, events matched by class, and each rule
with one home. These read the source; they fail with where a rule was broken."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

from craits_core.bot_levels import LEVELS
from craits_core.events import EVENT_CLASSES

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("craits_core", "craits_tui")
EVENT_NAMES = frozenset(cls.type for cls in EVENT_CLASSES)


def sources(*tops: str) -> Iterator[tuple[str, Path, ast.Module]]:
    """Each module under ``tops``: its dotted name, path and syntax tree."""
    for top in tops:
        for path in sorted((ROOT / top).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            yield ".".join(parts), path, ast.parse(path.read_text(encoding="utf-8"))


def lines_matching(pattern: re.Pattern[str], homes: set[str]) -> list[str]:
    """Where ``pattern`` stands in a module of the packages other than ``homes``."""
    return [
        f"{path.relative_to(ROOT)}:{line}"
        for name, path, _tree in sources(*PACKAGES)
        if name not in homes
        for line, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if pattern.search(text)
    ]


def _is_package(path: Path) -> bool:
    return path.name == "__init__.py"


def _top_level_imports(
    name: str, path: Path, tree: ast.Module, known: frozenset[str]
) -> Iterator[str]:
    """What a module imports as it loads: not inside functions, not for type checkers."""
    package = name if _is_package(path) else name.rpartition(".")[0]

    def walk(body: list[ast.stmt]) -> Iterator[str]:
        for node in body:
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                yield from walk(node.orelse)
                continue
            if isinstance(node, ast.If | ast.Try):
                yield from walk(node.body)
                yield from walk(node.orelse)
                for handler in getattr(node, "handlers", []):
                    yield from walk(handler.body)
            elif isinstance(node, ast.Import):
                yield from (alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = package
                for _ in range(node.level - 1):
                    base = base.rpartition(".")[0]
                module = node.module or ""
                if node.level:
                    module = f"{base}.{module}" if module else base
                # `from . import events` loads the module events, not (again) the
                # package: a name that is a module of its own is the edge.
                names = [f"{module}.{alias.name}" for alias in node.names]
                yield from names
                if not all(name in known for name in names):
                    yield module

    yield from walk(tree.body)


def test_no_module_imports_itself_round_a_circle() -> None:
    modules = {name: (path, tree) for name, path, tree in sources(*PACKAGES)}
    known = frozenset(modules)
    graph = {
        name: sorted(
            {m for m in _top_level_imports(name, *modules[name], known) if m in modules} - {name}
        )
        for name in modules
    }
    # Tarjan's strongly connected components: a component of two or more is a circle.
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    circles: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in graph[node]:
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                circles.append(sorted(component))

    for node in graph:
        if node not in index:
            visit(node)
    assert circles == []


def test_no_module_but_the_codec_and_the_store_names_an_event_by_its_type() -> None:
    # The events module defines the names; the codec writes and reads them; the store
    # reads its own rows. Everyone else matches events by class.
    allowed = {"craits_core.events", "craits_core.codec", "craits_core.store"}
    found = [
        f"{path.relative_to(ROOT)}:{node.lineno} {node.value!r}"
        for name, path, tree in sources(*PACKAGES, "bench")
        if name not in allowed
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and node.value in EVENT_NAMES
    ]
    assert found == []


def test_nothing_dispatches_on_a_type_name() -> None:
    pattern = re.compile(r"""\.type\b\s*(==|!=|in\b)|\[["']type["']\]\s*(==|!=|in\b)""")
    assert lines_matching(pattern, homes={"craits_core.codec"}) == []


def test_a_nines_own_suit_is_dropped_in_one_place() -> None:
    # `Play.named_suit` and `CardPlayed.named_suit` say which suit a play names.
    pattern = re.compile(r"suit is (not )?[\w.]*card\.suit\b")
    homes = {"craits_core.commands", "craits_core.events"}
    assert lines_matching(pattern, homes) == []


def test_the_bot_levels_are_listed_once_and_the_default_named_once() -> None:
    listed, defaults = [], []
    for name, path, tree in sources(*PACKAGES):
        if name == "craits_core.bot_levels":
            continue
        for node in ast.walk(tree):
            constants = isinstance(node, ast.Tuple | ast.List) and all(
                isinstance(e, ast.Constant) for e in node.elts
            )
            if constants and {e.value for e in node.elts} >= set(LEVELS):
                listed.append(f"{path.relative_to(ROOT)}:{node.lineno}")
            if isinstance(node, ast.keyword) and node.arg in ("bot", "level", "default"):
                value = node.value
                if isinstance(value, ast.Constant) and value.value in LEVELS:
                    defaults.append(f"{path.relative_to(ROOT)}:{value.lineno}")
            if isinstance(node, ast.arguments):
                params = [*node.posonlyargs, *node.args][-len(node.defaults) or len(node.args) :]
                for param, value in zip(params, node.defaults, strict=False):
                    constant = isinstance(value, ast.Constant) and value.value in LEVELS
                    if param.arg in ("bot", "level") and constant:
                        defaults.append(f"{path.relative_to(ROOT)}:{value.lineno}")
    assert listed == []
    assert defaults == []


def test_which_events_start_a_move_is_decided_in_one_place() -> None:
    # `craits_core.moves.command_for`: a draw of one's own or the crank's is a move.
    pattern = re.compile(r"DrawReason\.(TURN|CRANK)\b.*DrawReason\.(TURN|CRANK)\b")
    assert lines_matching(pattern, homes={"craits_core.moves"}) == []


def test_no_module_is_much_over_four_hundred_lines() -> None:
    # Data (translations, lesson texts, the rules' words) is not code to read through.
    data = {"craits_tui.rules_text"}
    long = [
        f"{path.relative_to(ROOT)}: {count}"
        for name, path, _tree in sources(*PACKAGES)
        if name not in data and not name.startswith("craits_tui.learn.content")
        if (count := len(path.read_text(encoding="utf-8").splitlines())) > 420
    ]
    assert long == []
