"""Which lessons are done, and how far a lesson left part way had come: kept in a
small JSON file beside the settings, so the tutorial goes on where it was left.

A missing, unreadable or malformed file reads as no progress: never a crash.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

FILE_NAME = "lessons.json"
VERSION = 1


def progress_path(settings_file: Path | None = None) -> Path:
    """Where the progress is kept: beside ``settings_file`` (default: the settings'
    own place)."""
    if settings_file is None:
        from ..settings import settings_path

        settings_file = settings_path()
    return settings_file.with_name(FILE_NAME)


@dataclass(frozen=True)
class Progress:
    """Lessons done, and lessons left part way (by id, the beats done)."""

    done: frozenset[str] = frozenset()
    started: Mapping[str, int] = field(default_factory=dict)
    """Lessons left part way: how many of their beats were played."""

    def is_done(self, lesson_id: str) -> bool:
        return lesson_id in self.done

    def beats_done(self, lesson_id: str) -> int:
        """How far the lesson had come when it was left (0: from the start)."""
        return self.started.get(lesson_id, 0)

    def finished(self, lesson_id: str) -> Progress:
        """The lesson is done (and no longer part way)."""
        started = {k: v for k, v in self.started.items() if k != lesson_id}
        return Progress(self.done | {lesson_id}, started)

    def left_at(self, lesson_id: str, beats: int) -> Progress:
        """The lesson was left after ``beats`` beats (0: as if never begun)."""
        started = {k: v for k, v in self.started.items() if k != lesson_id}
        if beats > 0:
            started[lesson_id] = beats
        return Progress(self.done, started)

    def to_dict(self) -> dict[str, Any]:
        return {"version": VERSION, "done": sorted(self.done), "started": dict(self.started)}

    @classmethod
    def from_dict(cls, data: Any) -> Progress:
        """Progress from saved data; anything malformed is left out."""
        if not isinstance(data, dict):
            return cls()
        done = data.get("done")
        started = data.get("started")
        return cls(
            frozenset(d for d in done if isinstance(d, str))
            if isinstance(done, list)
            else frozenset(),
            {k: v for k, v in started.items() if isinstance(k, str) and type(v) is int and v > 0}
            if isinstance(started, dict)
            else {},
        )


def load_progress(path: Path) -> Progress:
    """The progress saved at ``path``; none when the file is missing or unreadable."""
    try:
        return Progress.from_dict(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, ValueError):
        return Progress()


def save_progress(progress: Progress, path: Path) -> None:
    """Write ``progress`` to ``path`` whole or not at all (a crash midway leaves the
    old file). Raises OSError when it cannot be written."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            json.dump(progress.to_dict(), out, indent=2)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


class ProgressFile:
    """The progress file, read and written whole each time; or none (``path``
    None): progress is not kept, as in an online session."""

    def __init__(self, path: Path | None) -> None:
        self.path = path

    def load(self) -> Progress:
        return load_progress(self.path) if self.path is not None else Progress()

    def save(self, progress: Progress) -> str | None:
        """Keep ``progress``; why it could not be kept, if it could not."""
        if self.path is None:
            return None
        try:
            save_progress(progress, self.path)
        except OSError as err:
            return str(err)
        return None
