"""The spreadsheet path without Prefect: an event file and typed session files to results.

``bridgescan score`` calls ``run_score``: the event file, one entry workbook or CSV per
session (``assign_files`` says which file is which session), validated and scored by
``pipeline.results`` and written by ``pipeline.publish``.
"""

from __future__ import annotations

from pathlib import Path

from pipeline.doors.session_input import read_session
from pipeline.events.eventfile import load_event
from pipeline.publish import publish
from pipeline.results.event import score_event
from pipeline.results.masterpoints import masterpoint_scale
from pipeline.results.model import EventResults
from pipeline.results.names import check_names
from scoring.event import Event

__all__ = ["assign_files", "run_score"]


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
            if not path.is_file():
                raise ValueError(f"{path}: file not found")
    return dict(sorted(named.items()))


def run_score(
    event_file: Path, files: list[str], out_dir: Path, masterpoints: str = "bronze"
) -> tuple[EventResults, dict[str, Path]]:
    """Everything the command does except printing; raises ValueError on bad input."""
    event = load_event(event_file)
    check_names(event, event_file.name)
    assigned = assign_files(event, files)
    inputs = [read_session(event, number, paths) for number, paths in assigned.items()]
    scale = masterpoint_scale(masterpoints)
    results = score_event(
        event,
        inputs,
        masterpoint_scale=scale,
        with_masterpoints=scale is not None,
        source=event_file.name,
    )
    paths = publish(results, out_dir)
    return results, paths
