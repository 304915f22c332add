"""The spreadsheet path without Prefect: an event file and typed session files to results.

``bridgescan score`` calls ``run_score``: the event file, one entry workbook or CSV per
session (``assign_files`` says which file is which session), kept in the event store,
validated and scored by ``pipeline.results`` and published as a numbered version by
``pipeline.corrections.publication`` (through ``pipeline.publish``).
"""

from __future__ import annotations

from pathlib import Path

from pipeline.corrections.inputs import record_input, record_rows
from pipeline.corrections.publication import publish_stored
from pipeline.corrections.version_commit import Published
from pipeline.doors.session_input import read_session
from pipeline.events.eventfile import load_event
from pipeline.flows.store_checks import check_store
from pipeline.results.event import score_event
from pipeline.results.masterpoints import masterpoint_scale
from pipeline.results.model.event import EventResults
from pipeline.results.names import check_names
from pipeline.store import EventStore
from scoring.event import Event

__all__ = ["STORE_NAME", "assign_files", "run_score", "score_files"]

STORE_NAME = "bridgescan.sqlite"


def assign_files(event: Event, files: list[str]) -> dict[int, list[Path]]:
    """Which files belong to which session.

    ``N=path`` names the session; plain paths go to the sessions in order (one each), or all
    to the only session of a one-session event. ValueError says what does not fit.
    """
    numbers = [s.number for s in event.sessions]
    named: dict[int, list[Path]] = {}
    plain: list[Path] = []
    for item in files:
        head, sep, tail = item.partition("=")
        if sep and head.strip().isdigit():
            number = int(head)
            if number not in numbers:
                raise ValueError(f"{item}: the event has no session {number} (sessions {numbers})")
            named.setdefault(number, []).append(Path(tail))
        else:
            plain.append(Path(item))
    if plain:
        free = [n for n in numbers if n not in named]
        if len(free) == 1:
            named.setdefault(free[0], []).extend(plain)
        elif len(plain) == len(free):
            for number, path in zip(free, plain, strict=True):
                named.setdefault(number, []).append(path)
        else:
            raise ValueError(
                f"{len(plain)} file(s) for {len(free)} session(s) {free}: give one file per "
                "session in order, or name the session as N=FILE"
            )
    for paths in named.values():
        for path in paths:
            if path.is_dir():
                raise ValueError(f"{path}: it is a folder, not a file; give an .xlsx entry "
                                 "workbook or a .csv")  # fmt: skip
            if not path.is_file():
                raise ValueError(f"{path}: file not found")
    return dict(sorted(named.items()))


def run_score(
    event_file: Path,
    files: list[str],
    out_dir: Path,
    masterpoints: str = "bronze",
    store_path: Path | None = None,
) -> tuple[EventResults, dict[str, Path]]:
    """Everything the command does except printing; raises ValueError on bad input.

    The typed rows are kept in the event store (``OUT/bridgescan.sqlite`` unless told), and
    the results are published from it as a numbered version, as the main job does, so a
    typed evening gets the same correction period and audit as a scanned one.
    """
    published = score_files(event_file, files, out_dir, masterpoints, store_path)
    return published.results, published.paths


def score_files(
    event_file: Path,
    files: list[str],
    out_dir: Path,
    masterpoints: str = "bronze",
    store_path: Path | None = None,
) -> Published:
    """``run_score`` with the publication: its version, folder and whether it is new."""
    event = load_event(event_file)
    check_names(event, event_file.name)
    assigned = assign_files(event, files)
    inputs = [read_session(event, number, paths) for number, paths in assigned.items()]
    masterpoint_scale(masterpoints)  # an unknown scale is refused before anything is kept
    # Scored once before anything is kept: bad input is refused with nothing written.
    score_event(event, inputs, masterpoint_scale=None, with_masterpoints=False,
                source=event_file.name)  # fmt: skip
    out_dir.mkdir(parents=True, exist_ok=True)
    check_store(store_path or out_dir / STORE_NAME, out_dir)  # the record, before extending it
    with EventStore(store_path or out_dir / STORE_NAME) as store:
        store.append("event", "event", event, actor="bridgescan")
        for data in inputs:
            record_rows(store, data.session, data.rows)
            record_input(store, data)
        return publish_stored(store, out_dir, cause="score", by="bridgescan score",
                              masterpoints=masterpoints)  # fmt: skip
