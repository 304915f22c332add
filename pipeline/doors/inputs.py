"""Which files hold each session's travellers: the event folder's ``inputs.yaml``.

A folder for ``bridgescan run`` holds ``event.yaml`` and the session files. Scanned and
typed travellers are two doors into the same pipeline, and one session may use both (the
players' travellers scanned, the director's adjusted scores typed). ``inputs.yaml`` says
which is which::

    sessions:
      1:
        scans: [scans/session1.pdf]           # PDFs, TIFF/PNG/JPEG files or folders
        entries: [scans/session1-director.csv] # entry workbooks or CSVs (typed rows)
      2:
        entries: [session2.csv]

Without ``inputs.yaml`` the folder is read by convention: ``scans/sessionN.pdf`` or
``scans/sessionN/`` are scans, ``sessionN.xlsx`` / ``sessionN.csv`` typed entries, and
``scans/sessionN-director.csv`` the director's typed rows beside the scans.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from scoring.event import Event

__all__ = [
    "InputsError",
    "SessionFiles",
    "session_files",
    "inside",
    "check_file_names",
    "printable_name",
    "INPUTS_FILE",
]

INPUTS_FILE = "inputs.yaml"
_SCAN_SUFFIXES = {".pdf", ".png", ".jpg", ".jpeg", ".tif", ".tiff"}
_ENTRY_SUFFIXES = {".xlsx", ".xlsm", ".csv"}


class InputsError(ValueError):
    """The inputs of a run do not fit the event (the message names the file and session)."""


@dataclass(frozen=True)
class SessionFiles:
    """The files of one session: scans (pages to read) and entries (typed rows)."""

    session: int
    scans: tuple[Path, ...] = ()
    entries: tuple[Path, ...] = ()


def inside(folder: Path, item: str, where: str) -> Path:
    """``folder / item``, refused when ``item`` is absolute or leads outside ``folder``.

    An event folder is handed around (copied to a laptop, sent to the tournament office); a
    manifest that reaches outside it (``/home/...``, ``../other-club``, or a link that
    points away) would read files nobody meant to give, so the path must stay inside.
    """
    if Path(item).is_absolute() or re.match(r"^[A-Za-z]:[\\/]", item):
        raise InputsError(f"{where}: {item} is an absolute path; give it relative to {folder}")
    path = folder / item
    root = folder.resolve()
    if not path.resolve().is_relative_to(root):
        raise InputsError(f"{where}: {item} leads outside the event folder {folder}")
    return path


def _listed(folder: Path, where: str, value: object) -> tuple[Path, ...]:
    items = [value] if isinstance(value, str) else value
    if not isinstance(items, list) or not all(isinstance(i, str) for i in items):
        raise InputsError(f"{where}: give a file name or a list of file names")
    paths = []
    for item in items:
        path = inside(folder, item, where)
        if not path.exists():
            raise InputsError(f"{where}: {item} not found in {folder}")
        paths.append(path)
    return tuple(paths)


def _from_manifest(folder: Path, event: Event) -> list[SessionFiles]:
    import yaml  # here: `scan read` checks file names from this module and reads no YAML

    manifest = folder / INPUTS_FILE
    try:
        data = yaml.safe_load(manifest.read_text("utf-8"))
    except (OSError, yaml.YAMLError) as error:
        raise InputsError(f"{manifest}: cannot read it: {error}") from None
    sessions = data.get("sessions") if isinstance(data, dict) else None
    if not isinstance(sessions, dict):
        raise InputsError(f"{manifest}: expected a 'sessions:' mapping of session numbers")
    known = {s.number for s in event.sessions}
    out = []
    for number, spec in sessions.items():
        where = f"{manifest}: sessions.{number}"
        if not isinstance(number, int) or number not in known:
            raise InputsError(f"{where}: the event has sessions {sorted(known)}")
        if not isinstance(spec, dict) or not set(spec) <= {"scans", "entries"}:
            raise InputsError(f"{where}: give 'scans:' and/or 'entries:'")
        scans = _listed(folder, f"{where}.scans", spec.get("scans", []))
        entries = _listed(folder, f"{where}.entries", spec.get("entries", []))
        out.append(SessionFiles(number, scans, entries))
    return sorted(out, key=lambda s: s.session)


def _by_convention(folder: Path, event: Event) -> list[SessionFiles]:
    out = []
    for session in event.sessions:
        n = session.number
        scans = [
            p
            for p in (folder / "scans").glob(f"session{n}.*")
            if p.suffix.lower() in _SCAN_SUFFIXES
        ]
        if (folder / "scans" / f"session{n}").is_dir():
            scans.append(folder / "scans" / f"session{n}")
        typed = [p for p in folder.glob(f"session{n}.*") if p.suffix.lower() in _ENTRY_SUFFIXES]
        director = [p for p in (folder / "scans").glob(f"session{n}-director.*")
                    if p.suffix.lower() in _ENTRY_SUFFIXES]  # fmt: skip
        if scans and typed:
            raise InputsError(
                f"{folder}: session {n} has scans and typed travellers "
                f"({', '.join(p.name for p in typed)}); say which to use in {INPUTS_FILE}"
            )
        if scans or typed:
            out.append(SessionFiles(n, tuple(sorted(scans)), tuple(sorted(typed + director))))
    return out


def session_files(folder: Path, event: Event) -> list[SessionFiles]:
    """The files of every session that has any, from ``inputs.yaml`` or by convention."""
    folder = Path(folder)
    found = (
        _from_manifest(folder, event)
        if (folder / INPUTS_FILE).exists()
        else _by_convention(folder, event)
    )
    if not found:
        raise InputsError(f"{folder}: no scans or entry files for any session of the event")
    for files in found:  # a link in the folder that points away is refused as well
        for path in (*files.scans, *files.entries):
            inside(folder, str(path.relative_to(folder)), f"session {files.session}")
            check_file_names(path, f"session {files.session}")
    return found


def printable_name(path: Path | str) -> str:
    """A path as text that can always be printed and stored: bytes that are not UTF-8
    (a name written on a Latin-1 system, ``sessi\\xf6n1.pdf``) shown as ``\\xf6``."""
    return os.fsencode(path).decode("utf-8", "backslashreplace")


def check_file_names(path: Path, where: str) -> None:
    """Refuse a file (or a file in a scan folder) whose name is not UTF-8.

    The event store keeps every scan by its name, and the results, the review queue and
    the web pages show it: all UTF-8. A name written by a system that used another
    encoding (Latin-1 ``\\xf6`` for "ö") cannot be kept as it is, and a name changed
    silently would no longer lead a person back to the file, so it is refused, named, with
    what to do."""
    names = [path, *sorted(path.rglob("*"))] if path.is_dir() else [path]
    for name in names:
        try:
            str(name).encode("utf-8")
        except UnicodeEncodeError:
            raise InputsError(
                f"{where}: {printable_name(name)}: the file name is not UTF-8 (a byte "
                f"shown as \\x.. above, from a system with another encoding); rename the "
                f"file (letters such as ö typed again, or plain a-z and digits) and run again"
            ) from None
