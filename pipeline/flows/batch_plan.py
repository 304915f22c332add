"""Which folders a batch holds and where each event's output and store go.

Plain functions, no Prefect: the batch flow (pipeline/flows/batch.py) and the command line
(pipeline/cli/batch.py, which checks the folders before Prefect starts) share them.

- ``event_folders``: the event folders given, or found one level inside a folder of them;
- ``output_names``: each event's output folder name, safe and unique in the batch and the
  same on every run of the same batch (so a re-run finds what the last one published);
- ``event_store``: each event's own store (SQLite in its output folder, or its own schema
  of one PostgreSQL database the office's machines share);
- ``chunks_in_flight``: how many chunks of pages the batch keeps out to be read at once
  (the flow's window, and the first chunks the command sends before the flow runs).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from pathlib import Path

__all__ = [
    "BatchInputError",
    "chunks_in_flight",
    "event_folders",
    "event_store",
    "output_names",
]


class BatchInputError(ValueError):
    """The folders given to the batch hold no event (the message names the folder)."""


def event_folders(paths: Sequence[Path]) -> list[Path]:
    """Each path that holds an ``event.yaml``, else the event folders directly inside it
    (in name order); the same folder given twice counts once."""
    found: list[Path] = []
    for path in map(Path, paths):
        if (path / "event.yaml").is_file():
            found.append(path)
        elif path.is_dir():
            inner = sorted(p for p in path.iterdir() if (p / "event.yaml").is_file())
            if not inner:
                raise BatchInputError(f"{path}: no event.yaml here or in the folders inside it")
            found += inner
        elif path.exists():
            raise BatchInputError(f"{path}: it is a file, not a folder; give an event folder "
                                  "(holding event.yaml) or a folder of them")  # fmt: skip
        else:
            raise BatchInputError(f"{path}: no such folder")
    seen, unique = set(), []
    for folder in found:
        if folder.resolve() not in seen:
            seen.add(folder.resolve())
            unique.append(folder)
    return unique


def output_names(folders: Sequence[Path]) -> list[str]:
    """Each event's output folder name: the folder's own name, made safe and unique in the
    batch (``pairs``, ``pairs-2``), the same on every run of the same batch."""
    from pipeline.files import safe_name

    names: list[str] = []
    for folder in folders:
        base = safe_name(folder.resolve().name, "event")
        name, n = base, 2
        while name in names:
            name, n = f"{base}-{n}", n + 1
        names.append(name)
    return names


def event_store(store: str | None, event: str) -> str | None:
    """Where one event of the batch keeps its store: its own SQLite file in its output
    folder (``store`` None), or its own schema of the PostgreSQL database ``store`` names
    (``bridgescan_<event>``, or ``<schema>_<event>`` under a given ``?schema=``), so the
    office's machines share one database and no two events share a store."""
    from pipeline.store import store_location

    if store is None:
        return None
    location = store_location(store)
    if location.path is not None:
        raise ValueError(
            "--store: each event of a batch keeps its SQLite store in its own output folder; "
            "give a PostgreSQL URL to keep them in one database (a schema per event)"
        )
    name = re.sub(r"[^a-z0-9_]+", "_", event.lower()).strip("_") or "event"
    schema = f"{location.schema or 'bridgescan'}_{name}"
    if len(schema) > 63:  # PostgreSQL's limit: cut, and keep two long names apart
        schema = f"{schema[:54]}_{hashlib.sha256(schema.encode()).hexdigest()[:8]}"
    return location.url.update_query_dict({"schema": schema}).render_as_string(hide_password=False)


def chunks_in_flight(workers: int) -> int:
    """How many chunks the batch keeps sent and not yet back: three a worker, four at least
    (a worker is never left without its next chunk while one answer is kept)."""
    return max(4, 3 * workers)
