"""The bundled sample evening through the run flow once for the whole test session.

Reading the sample's 26 scanned pages is most of a run's cost, and the reader gives the same
readings for the same pages: the tests that need "the sample as ``bridgescan run`` publishes
it" (the run flow's first run, the batch compared with it, PostgreSQL compared with SQLite)
share one run instead of reading the pages again each. The run is the ``bridgescan-run``
flow called in the test's process (on the session's Prefect API, one BLAS thread as the
commands have: tests/conftest.py), from the repository's folder as ``bridgescan run
sample_data`` runs it, at one fixed instant (``NOW``) so that what the tests publish later
carries the same stamps.

One run serves every pytest-xdist worker: the first that asks runs it under a file lock in the
session's shared temporary folder and writes what the run reported beside it; the others read
that. Tests must not change the run's folders: copy ``out`` first (``copy_out``).
"""

from __future__ import annotations

import fcntl
import json
import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = ["NOW", "ROOT", "SAMPLE", "SampleRun", "copy_out", "copy_readings",
           "shared_sample_run", "summary", "at_the_commands_place"]  # fmt: skip

ROOT = Path(__file__).parents[3]
SAMPLE = ROOT / "sample_data" / "club-evening"
FOLDER = Path("sample_data") / "club-evening"
"""The sample as the run names it: relative to ROOT, as ``bridgescan run sample_data`` does
(the scans' paths in the store and the review queue are as the command was given them)."""
NOW = "2026-11-16T22:30:00+01:00"
"""The instant the shared run publishes at (``BRIDGESCAN_NOW``): the evening itself."""

INFO = "sample-run.json"


@dataclass(frozen=True)
class SampleRun:
    """The sample's first run: the event folder it read (relative to ROOT, the commands'
    working folder), its output folder, what it reported (the sessions' summaries, the
    status and its reasons, the rows waiting, the files)."""

    folder: Path
    out: Path
    report: dict[str, Any]


def summary(run: Any) -> dict[str, Any]:
    """What a run reported (``run_event``'s summary) as plain JSON data."""
    data = {"sessions": [session.__dict__ for session in run.sessions], "records": run.records,
            "status": run.results.status.label, "reasons": list(run.results.status.reasons),
            "waiting": list(run.waiting), "paths": sorted(run.paths)}  # fmt: skip
    return json.loads(json.dumps(data, default=str))  # type: ignore[no-any-return]


@contextmanager
def at_the_commands_place(now: str) -> Iterator[None]:
    """In ROOT (the sample named as the command names it) with the clock at ``now``
    (``BRIDGESCAN_NOW``) and no store from outside; both put back after."""
    saved = {name: os.environ.get(name) for name in ("BRIDGESCAN_NOW", "BRIDGESCAN_STORE")}
    here = Path.cwd()
    os.environ.pop("BRIDGESCAN_STORE", None)
    os.environ["BRIDGESCAN_NOW"] = now
    os.chdir(ROOT)
    try:
        yield
    finally:
        os.chdir(here)
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def shared_sample_run(root: Path) -> SampleRun:
    """The session's run of the sample, made by whichever process asks first (under a lock)."""
    root.mkdir(parents=True, exist_ok=True)
    info = root / INFO
    with open(root / "sample-run.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not info.exists():
            from pipeline.flows.run_event import run_event

            out = root / "sample-run" / "out"
            with at_the_commands_place(NOW):
                report = summary(run_event(FOLDER, out))
            info.write_text(json.dumps({"folder": str(FOLDER), "out": str(out), "report": report}))
        saved = json.loads(info.read_text())
    return SampleRun(Path(saved["folder"]), Path(saved["out"]), saved["report"])


def copy_out(run: SampleRun, to: Path) -> Path:
    """A copy of the run's output folder (its store, versions and review queue) to go on from."""
    shutil.copytree(run.out, to, symlinks=True)  # the version links stay links
    return to


def copy_readings(
    run: SampleRun, out: Path, up_to: int | None = None, at: str | None = None,
    folder: Path | None = None, store: str | None = None,
) -> int:  # fmt: skip
    """The run's page readings (pipeline/flows/readings.py: each page as read, under its scan
    file's hash and the reader's version) put in the event store of ``out``, new or not: a
    run there of the same scans with the same reader takes them instead of reading the pages
    again. Returns how many pages.

    - ``store``: the event store given as ``--store`` names it (a PostgreSQL URL), instead
      of the SQLite file of ``out``;

    - ``up_to``: only pages 1 to ``up_to``; a batch there reads the rest itself (it takes a
      chunk from the store only when every page of it is there);
    - ``at`` (an ISO 8601 time): the copies stamped with that time, not the machine's: a
      command run later at the sample's official time (``NOW``) would otherwise find a
      record made after it and refuse the store (the clock ran backwards);
    - ``folder``: the copy of the sample the command will be given (as it will name it):
      each reading kept as a command reading that folder keeps it (under the scan's path
      there, by the store's own ``StoredReadings``), so the store is record for record what
      a batch there cut off after those pages leaves, not the run's blobs under their keys.
    """
    from datetime import datetime

    from ocr.reading import PageRef
    from pipeline.doors.scans.reading import renamed
    from pipeline.flows.readings import KIND, StoredReadings, decode
    from pipeline.store import Append, EventStore, store_location

    with EventStore(store_location(None, run.out), create=False) as source:
        kept = {key: record for key, record in source.current(KIND).items()
                if up_to is None or record.value["page"] <= up_to}  # fmt: skip
        blobs = [(f"{key}.json.z", source.blob(record.value["reading"]))
                 for key, record in kept.items()]  # fmt: skip
    if store is None:
        out.mkdir(parents=True, exist_ok=True)
    stamp = {} if at is None else {"clock": lambda: datetime.fromisoformat(at)}
    with EventStore(store_location(store, out), **stamp) as target:
        if folder is None:
            target.put_blobs(blobs)
            target.append_many([Append(KIND, key, record.value, actor="reader")
                                for key, record in kept.items()])  # fmt: skip
            return len(kept)
        for (key, record), (_, data) in zip(kept.items(), blobs, strict=True):
            digest, reader_key = key.split("#p")[0], key.split("/", 1)[1]
            reading = decode(data)
            there = folder / Path(reading.page.file).relative_to(run.folder)
            page = renamed(reading, PageRef(str(there), reading.page.page))
            StoredReadings(target, reader_key).put(digest, record.value["page"], page)
    return len(kept)
