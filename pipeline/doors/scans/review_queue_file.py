"""The review queue on disk: ``review/review.json`` and the crops beside it.

``write_queue`` writes every item, open or decided, with its state and the decision that
stands (decided items stay, so a decision can always be looked at and replaced); the
crops are PNG files under ``crops/``. ``load_queue`` reads it back, also from a queue
written before candidates carried their reasons. The file is a view for people and
tools: the decisions themselves are in the event store (review_decisions.py).

Several processes write the folder at once (twelve ``review resolve`` of a room of
scorers, a run, the console): every write holds ``queue_lock`` (a ``fcntl`` lock on
``review/.queue.lock``, re-entrant within a process), so one writer never removes another's
temporary file, and a writer that reads the decisions under the lock writes them in the
store's order (the last file written holds the latest decisions).
"""

from __future__ import annotations

import fcntl
import json
import threading
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import asdict
from pathlib import Path
from typing import Any

from pipeline.doors.scans.review import (
    Decision,
    ReviewCandidate,
    ReviewError,
    ReviewItem,
    item_state,
)

__all__ = [
    "QUEUE_FILE",
    "REVIEW_FOLDER",
    "queue_lock",
    "write_queue",
    "find_queue",
    "load_queue",
]

QUEUE_FILE = "review.json"
REVIEW_FOLDER = "review"
_LOCK_FILE = ".queue.lock"


class _FolderLock:
    """One folder's lock in this process: a thread lock, and the file lock while held."""

    def __init__(self) -> None:
        self.threads = threading.RLock()
        self.depth = 0
        self.handle: Any = None


_locks: dict[Path, _FolderLock] = {}
_locks_guard = threading.Lock()


@contextmanager
def queue_lock(folder: Path) -> Iterator[None]:
    """Hold the review folder's lock: one writer at a time, across processes and threads."""
    folder.mkdir(parents=True, exist_ok=True)
    key = folder.resolve()
    with _locks_guard:
        lock = _locks.setdefault(key, _FolderLock())
    with lock.threads:
        if lock.depth == 0:
            lock.handle = open(key / _LOCK_FILE, "a+b")  # noqa: SIM115 - held across yield
            fcntl.flock(lock.handle.fileno(), fcntl.LOCK_EX)
        lock.depth += 1
        try:
            yield
        finally:
            lock.depth -= 1
            if lock.depth == 0:
                fcntl.flock(lock.handle.fileno(), fcntl.LOCK_UN)
                lock.handle.close()
                lock.handle = None


def _crop_name(item: ReviewItem) -> str:
    return item.id.replace("#", "_") + ".png"


def write_queue(
    items: Sequence[ReviewItem], folder: Path, decisions: Mapping[str, Decision] | None = None
) -> Path:
    """``review.json`` (every item, open or decided, with its state) and ``crops/``.

    Decided items stay in the file, so a decision can always be looked at and replaced.
    Temporary files of a write killed half way (a crashed run) are removed first, under
    the folder's lock, so no other writer's file is taken for one.
    """
    with queue_lock(folder):
        return _write_queue(items, folder, decisions)


def _write_queue(
    items: Sequence[ReviewItem], folder: Path, decisions: Mapping[str, Decision] | None
) -> Path:
    from pipeline.files import atomic_write_bytes, atomic_write_text, remove_leftover_parts
    from pipeline.json_text import indented_json

    for written in (folder, folder / "crops"):  # a run killed while writing left these
        remove_leftover_parts(written)
    records = []
    for item in items:
        record = asdict(item)
        record.pop("crop_png")
        record["crop"] = None
        if item.crop_png:
            record["crop"] = f"crops/{_crop_name(item)}"
            (folder / "crops").mkdir(exist_ok=True)
            atomic_write_bytes(folder / record["crop"], item.crop_png)
        record["state"] = item_state(item, items, decisions or {})
        decision = (decisions or {}).get(item.id)
        record["decision"] = None if decision is None else asdict(decision)
        records.append(record)
    text = indented_json({"version": 2, "items": records})
    return atomic_write_text(folder / QUEUE_FILE, text + "\n")


def find_queue(folder: Path) -> Path:
    """The review folder of a ``run`` or ``scan read`` output folder (or the folder itself)."""
    for candidate in (folder / REVIEW_FOLDER, folder):
        if (candidate / QUEUE_FILE).is_file():
            return candidate
    raise ReviewError(
        f"{folder}: no review queue here (expected {folder / REVIEW_FOLDER / QUEUE_FILE}); "
        "give the output folder of `bridgescan run` or `bridgescan scan read`"
    )


def _pair(value: Any) -> tuple[int, int] | None:
    return None if value is None else (int(value[0]), int(value[1]))


def load_queue(folder: Path) -> tuple[ReviewItem, ...]:
    """Read a queue written by :func:`write_queue` (crops loaded back from their files)."""
    folder = find_queue(folder)
    path = folder / QUEUE_FILE
    try:
        data = json.loads(path.read_text("utf-8"))
        items = []
        for rec in data.get("items", []):
            crop = rec.get("crop")
            png = (folder / crop).read_bytes() if crop and (folder / crop).is_file() else None
            candidates = tuple(
                ReviewCandidate(c[0], c[1], "the reader's reading") if isinstance(c, list)
                else ReviewCandidate(**c)
                for c in rec["candidates"]
            )  # fmt: skip
            items.append(
                ReviewItem(
                    id=rec["id"], file=rec["file"], page=rec["page"], row=rec["row"],
                    board=rec["board"], kind=rec["kind"], reasons=tuple(rec["reasons"]),
                    candidates=candidates, crop_png=png, session=rec.get("session"),
                    vulnerability=rec.get("vulnerability", ""), pairs=_pair(rec.get("pairs")),
                    movement=tuple(_pair(p) for p in rec.get("movement", ())),  # type: ignore[misc]
                    taken=tuple(_pair(p) for p in rec.get("taken", ())),  # type: ignore[misc]
                    boards=tuple(rec.get("boards", ())),
                    written=tuple((int(s), float(p)) for s, p in rec.get("written", ())),
                )
            )  # fmt: skip
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise ReviewError(f"{path}: cannot read the review queue: {exc}") from exc
    return tuple(items)
