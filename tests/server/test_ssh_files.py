"""The server's files and its life as a process: a private data directory, files
only the host can read, one line (and exit status 2) for what stops it, one server
a data directory, SIGHUP as TERM, an earlier run's socket directory cleaned up;
and the shape of its code."""

from __future__ import annotations

import ast
import asyncio
import os
import re
import signal
import sqlite3
import stat
import subprocess
import sys
import tempfile
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from pathlib import Path

import asyncssh
import pytest

from craits_tui.online.server import sockdir
from craits_tui.online.server.ssh import CraitsServer, ServerConfig, StartupError
from tests.server.test_ssh import running

ROOT = Path(__file__).resolve().parents[2]
SERVER = ROOT / "craits_tui" / "online" / "server"


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.fixture
def short_tmp(monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A temporary directory of its own with a short path (room for socket names),
    used by the servers of the test, in this process and in children."""
    path = Path(tempfile.mkdtemp(prefix="ct", dir="/tmp"))
    monkeypatch.setenv("TMPDIR", str(path))
    monkeypatch.setattr(tempfile, "tempdir", str(path))
    try:
        yield path
    finally:
        subprocess.run(["rm", "-rf", str(path)], check=False)


def serve(*args: str) -> subprocess.CompletedProcess[str]:
    """``craits-tui serve ARGS`` run to its end (for the ones that cannot start)."""
    return subprocess.run(
        [sys.executable, "-m", "craits_tui.online.server.cli", "--port", "0", *args],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )


@asynccontextmanager
async def serving(*args: str, **env: str) -> AsyncIterator[tuple[asyncio.subprocess.Process, int]]:
    """``craits-tui serve ARGS`` in a child process (``env`` added to its
    environment), once it is listening: the process, and the port it says."""
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "craits_tui.online.server.cli",
        "--port",
        "0",
        *args,
        env={**os.environ, "PYTHONPATH": str(ROOT), **env},
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    assert process.stdout is not None
    said = b""
    try:
        async with asyncio.timeout(30):
            while b"stops the server" not in (line := await process.stdout.readline()):
                assert line, "the server ended before it was listening"
                said += line
        port = re.search(rb"ssh -p (\d+)", said)
        assert port is not None, said
        yield process, int(port.group(1))
    finally:
        if process.returncode is None:
            process.terminate()  # as the host's Ctrl+C: what it logs on the way out is read
            await process.wait()


def one_line_naming(result: subprocess.CompletedProcess[str], path: Path) -> str:
    """The one line saying why the server stopped (besides what it logged)."""
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    logged = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d+ [A-Z]+ ")
    (line,) = [s for s in result.stderr.splitlines() if not logged.match(s)]
    assert line.startswith("craits-tui serve: ") and str(path) in line
    return line


# --- The data directory -------------------------------------------------------------


async def test_the_data_directory_and_its_files_are_the_hosts_alone(tmp_path: Path) -> None:
    data = tmp_path / "shared"
    data.mkdir(mode=0o755)
    os.chmod(data, 0o755)
    store = data / "games.sqlite3"
    db = sqlite3.connect(store)  # an earlier run's store, left readable by all
    db.execute("PRAGMA journal_mode = WAL")
    db.close()
    for name in ("games.sqlite3", "games.sqlite3-wal", "games.sqlite3-shm"):
        (data / name).touch()
        os.chmod(data / name, 0o644)
    key = asyncssh.generate_private_key("ssh-ed25519")
    (data / "host_key").write_bytes(key.export_private_key())
    os.chmod(data / "host_key", 0o644)
    async with running(tmp_path, data_dir=data) as server:
        assert server.fingerprint == key.get_fingerprint()
        assert mode(data) == 0o700
        for name in ("games.sqlite3", "games.sqlite3-wal", "games.sqlite3-shm", "host_key"):
            assert mode(data / name) == 0o600, name
    assert mode(data) == 0o700


async def test_a_new_store_is_private_whatever_the_umask(tmp_path: Path) -> None:
    data = tmp_path / "new"
    old = os.umask(0o022)
    try:
        async with running(tmp_path, data_dir=data):
            # Open, the store has its sidecars: SQLite gave them the store's mode.
            files = {f.name: mode(f) for f in data.iterdir() if f.is_file()}
            assert {"games.sqlite3", "games.sqlite3-wal", "host_key"} <= set(files)
            assert set(files.values()) == {0o600}, files
            assert mode(data) == 0o700
    finally:
        os.umask(old)


async def test_two_servers_cannot_share_a_data_directory(tmp_path: Path) -> None:
    data = tmp_path / "data-dir"
    async with running(tmp_path, data_dir=data):
        with pytest.raises(StartupError, match="another Craits server"):
            second = CraitsServer(ServerConfig(port=0, data_dir=data))
            await second.start()
        result = serve("--data-dir", str(data))
        assert "another Craits server" in one_line_naming(result, data)
    async with running(tmp_path, data_dir=data):  # the first one let it go
        pass


# --- What stops the server: one line, status 2 ---------------------------------------


def test_a_malformed_authorized_keys_file_is_one_line(tmp_path: Path) -> None:
    good = asyncssh.generate_private_key("ssh-ed25519").export_public_key().decode()
    keys = tmp_path / "authorized_keys"
    keys.write_text(f"# players\n{good}ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAA-typo ann\n")
    result = serve("--auth", "keys", "--authorized-keys", str(keys), "--data-dir", str(tmp_path))
    assert "line 3" in one_line_naming(result, keys)
    keys.write_bytes(b"\xff\xfe not text")
    one_line_naming(
        serve("--auth", "keys", "--authorized-keys", str(keys), "--data-dir", str(tmp_path)),
        keys,
    )


def test_a_corrupt_host_key_is_one_line(tmp_path: Path) -> None:
    (tmp_path / "host_key").write_text("-----BEGIN OPENSSH PRIVATE KEY-----\nno\n")
    one_line_naming(serve("--data-dir", str(tmp_path)), tmp_path / "host_key")


def test_an_unreadable_password_file_is_one_line(tmp_path: Path) -> None:
    password = tmp_path / "password"
    password.write_bytes(b"\xff\xfe\xfa")
    one_line_naming(serve("--auth", "password", "--password-file", str(password)), password)
    one_line_naming(serve("--auth", "password", "--password-file", str(tmp_path)), tmp_path)


# --- Signals and what a killed server leaves -------------------------------------------


async def test_sighup_stops_the_server_as_term_does(tmp_path: Path, short_tmp: Path) -> None:
    async with serving("--data-dir", str(tmp_path / "data")) as (process, _):
        assert [p.name[:7] for p in short_tmp.iterdir()] == ["craits-"]
        process.send_signal(signal.SIGHUP)
        async with asyncio.timeout(30):
            status = await process.wait()
    assert status == 0
    assert list(short_tmp.iterdir()) == []  # the socket's directory went with it


async def test_a_killed_servers_socket_directory_is_cleaned_up_by_the_next(
    tmp_path: Path, short_tmp: Path
) -> None:
    data = tmp_path / "data"
    async with serving("--data-dir", str(data)) as (process, _):
        (left,) = short_tmp.iterdir()
        process.kill()  # no cleanup at all
        await process.wait()
    assert left.exists()
    async with running(tmp_path, data_dir=data) as server:
        assert server.ipc is not None
        assert not left.exists()
        assert list(short_tmp.iterdir()) == [server.ipc.directory]
        assert len(str(server.ipc.path)) < 100


def test_only_what_is_provably_ours_is_removed(tmp_path: Path, short_tmp: Path) -> None:
    record = tmp_path / "record"
    cases = {}
    for name in ("craits-other", "craits-loose", "craits-wide", "no-prefix"):
        directory = short_tmp / name
        directory.mkdir(mode=0o700)
        cases[name] = directory
    (cases["craits-other"] / "notes.txt").write_text("someone's")
    os.chmod(cases["craits-wide"], 0o755)
    (short_tmp / "craits-link").symlink_to(cases["craits-loose"])
    cases["craits-link"] = short_tmp / "craits-link"
    for name in ("craits-other", "craits-wide", "no-prefix", "craits-link"):
        directory = cases[name]
        record.write_text(f"{directory}\n")
        sockdir.remove_stale(record, ["tables.sock"])
        assert os.path.lexists(directory) and not record.exists()
    # An empty one of ours, as a server killed before it listened leaves it.
    record.write_text(f"{cases['craits-loose']}\n")
    sockdir.remove_stale(record, ["tables.sock"])
    assert not cases["craits-loose"].exists()


# --- The shape of the code --------------------------------------------------------------

OURS = (
    "app",
    "auth",
    "cli",
    "config",
    "connection",
    "datadir",
    "launcher",
    "limits",
    "pty",
    "session",
    "sockdir",
    "spawner",
    "ssh",
    "ssh_session",
    "zygote",
)


def test_each_module_of_the_ssh_server_has_one_concept_and_400_lines_at_most() -> None:
    for name in OURS:
        lines = len((SERVER / f"{name}.py").read_text(encoding="utf-8").splitlines())
        assert lines <= 400, f"{name}.py has {lines} lines"


def test_the_servers_modules_import_no_circle() -> None:
    graph: dict[str, set[str]] = {}
    for path in SERVER.glob("*.py"):
        imports: set[str] = set()
        for node in ast.parse(path.read_text(encoding="utf-8")).body:  # module level only
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                if node.module:
                    imports.add(node.module.split(".")[0])
                else:
                    imports.update(alias.name for alias in node.names)
        graph[path.stem] = imports
    done: set[str] = set()

    def visit(name: str, path: tuple[str, ...]) -> None:
        assert name not in path, " -> ".join((*path, name))
        if name in done or name not in graph:
            return
        for other in graph[name]:
            visit(other, (*path, name))
        done.add(name)

    for name in graph:
        visit(name, ())
    assert {"ssh", "session", "connection", "auth"} <= done
