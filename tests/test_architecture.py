"""The engine is UI-free by rule, and the code stays lint-clean."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
UI_LIBRARIES = ("textual", "rich")


def test_importing_the_engine_loads_no_ui_library() -> None:
    code = (
        "import sys, craits_core, craits_core.bots, craits_core.store\n"
        f"ui = [m for m in sys.modules if m.split('.')[0] in {UI_LIBRARIES!r}]\n"
        "print(','.join(ui))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == ""


def test_no_engine_module_imports_a_ui_library() -> None:
    offenders = []
    for path in (ROOT / "craits_core").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            else:
                continue
            offenders += [f"{path.name}: {n}" for n in names if n.split(".")[0] in UI_LIBRARIES]
    assert offenders == []


def test_ruff_finds_nothing() -> None:
    # ruff comes with the test extra.
    result = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "."], cwd=ROOT, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_table_is_worked_out_without_textual() -> None:
    # The table's state and props may feed another view of the table than Textual's.
    code = (
        "import sys, craits_tui.table_props, craits_tui.table_control\n"
        "print(','.join(m for m in sys.modules if m.split('.')[0] == 'textual'))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == ""


def test_the_command_line_limits_numpys_threads_before_numpy_loads() -> None:
    # `craits_tui.cli.main` calls `limit_threads` first: it only takes if nothing
    # imported numpy yet (its matrix library reads the setting as it loads).
    code = (
        "import os, sys\n"
        "os.environ.pop('OPENBLAS_NUM_THREADS', None)\n"
        "os.environ['OMP_NUM_THREADS'] = '3'\n"
        "import craits_tui.cli\n"
        "assert 'numpy' not in sys.modules\n"
        "from craits_core.threads import limit_threads\n"
        "limit_threads()\n"
        "print(os.environ['OPENBLAS_NUM_THREADS'], os.environ['OMP_NUM_THREADS'])"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.split() == ["1", "3"]  # what the environment says stays
