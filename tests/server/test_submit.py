"""A move at a server's table is made one way: `ServerTable.submit`, the one place
the server hands a command to its game, and the one way a refusal goes out."""

from __future__ import annotations

import ast
from pathlib import Path

SERVER = Path(__file__).resolve().parents[2] / "craits_tui" / "online" / "server"


def game_handles() -> list[tuple[str, str]]:
    """Where the server's code calls ``handle`` on a game (``game.handle(...)``,
    ``self.game.handle(...)``): the module and the function around each call."""
    found = []
    for path in sorted(SERVER.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for function in ast.walk(tree):
            if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            for node in ast.walk(function):
                if not (
                    isinstance(node, ast.Call)
                    and isinstance(node.func, ast.Attribute)
                    and node.func.attr == "handle"
                ):
                    continue
                receiver = node.func.value
                if (isinstance(receiver, ast.Name) and receiver.id == "game") or (
                    isinstance(receiver, ast.Attribute) and receiver.attr == "game"
                ):
                    found.append((path.name, function.name))
    return found


def test_only_the_tables_submit_hands_a_command_to_the_game() -> None:
    # Found exactly once: the search sees such a call where there is one.
    assert game_handles() == [("table.py", "submit")]
