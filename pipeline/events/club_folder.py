"""The club folder: where ``bridgescan serve CLUB`` keeps the club's members and events.

A club director never writes a path; the console lays the folder out the same way every
time, so a tournament office or a director with a terminal can run any event of it with
``bridgescan run`` as well::

    CLUB/
      members.csv                 the member list (pipeline/events/members.py)
      events/
        2026-11-28-tuesday-pairs/ one event folder, as `bridgescan run` reads it:
          event.yaml              the event file (the source of truth, editable by hand)
          inputs.yaml             which files hold each session's travellers (written here)
          scans/session1/         uploaded scans (pipeline/doors/scans/intake.py)
          typed/session1.csv      travellers typed in the browser (the spreadsheet door's CSV)
          out/                    what `run` writes: results, versions, site, event store

An event is named by its folder (the *slug*: date and name in plain letters); a slug from a
request is looked up among the folders that exist and is never joined to a path as given.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import yaml

from pipeline.doors.entry.traveller_file import traveller_csv
from pipeline.doors.inputs import INPUTS_FILE
from pipeline.doors.scans.forms import event_id
from pipeline.files import atomic_write_text

__all__ = [
    "EVENTS_FOLDER",
    "EVENT_FILE",
    "OUT_FOLDER",
    "SCANS_FOLDER",
    "ClubEvent",
    "club_events",
    "find_event",
    "new_slug",
    "write_inputs",
    "is_club_folder",
]

EVENTS_FOLDER = "events"
EVENT_FILE = "event.yaml"
OUT_FOLDER = "out"
SCANS_FOLDER = "scans"
_SLUG = re.compile(r"^[0-9a-z][0-9a-z-]{0,79}$")
_SCAN_SUFFIXES = {".pdf", ".png", ".jpg", ".jpeg", ".tif", ".tiff"}


@dataclass(frozen=True)
class ClubEvent:
    """One event folder of the club."""

    slug: str
    folder: Path

    @property
    def event_file(self) -> Path:
        return self.folder / EVENT_FILE

    @property
    def out_dir(self) -> Path:
        return self.folder / OUT_FOLDER


def is_club_folder(folder: Path) -> bool:
    """A club's folder rather than one event's output: it has ``events/`` or
    ``members.csv``, or it is empty (a new club), and holds no published results."""
    folder = Path(folder)
    if (folder / "results.json").exists() or (folder / "review").is_dir():
        return False
    if (folder / EVENTS_FOLDER).is_dir() or (folder / "members.csv").is_file():
        return True
    return not folder.exists() or not any(folder.iterdir())


def club_events(club: Path) -> list[ClubEvent]:
    """Every event of the club, newest first (slugs start with the date)."""
    root = Path(club) / EVENTS_FOLDER
    if not root.is_dir():
        return []
    found = [
        ClubEvent(p.name, p)
        for p in root.iterdir()
        if p.is_dir() and not p.is_symlink() and _SLUG.match(p.name) and (p / EVENT_FILE).is_file()
    ]
    return sorted(found, key=lambda e: e.slug, reverse=True)


def find_event(club: Path, slug: str) -> ClubEvent | None:
    """The event whose folder is ``slug``, or None (a slug is matched, never joined as given)."""
    if not _SLUG.match(slug):
        return None
    return next((e for e in club_events(club) if e.slug == slug), None)


def new_slug(club: Path, date: str, name: str) -> str:
    """A folder name for a new event: its date and name in plain letters, unique in the club
    (``2026-11-28-tuesday-pairs``, then ``...-2``)."""
    base = f"{date}-{event_id(name, 50)}" if date else event_id(name, 60)
    taken = {p.name for p in (Path(club) / EVENTS_FOLDER).glob("*")}
    slug, n = base, 2
    while slug in taken:
        slug, n = f"{base}-{n}", n + 1
    return slug


def write_inputs(event_folder: Path, sessions: list[int]) -> Path:
    """Write ``inputs.yaml`` from what the console put in the folder: each session's uploaded
    scans (its folder) and its typed travellers (its CSV). ``bridgescan run`` reads the
    same manifest, so the folder runs the same from the terminal."""
    folder = Path(event_folder)
    listed: dict[int, dict[str, list[str]]] = {}
    for number in sessions:
        spec: dict[str, list[str]] = {}
        scans = folder / SCANS_FOLDER / f"session{number}"
        if scans.is_dir() and any(p.suffix.lower() in _SCAN_SUFFIXES for p in scans.iterdir()):
            spec["scans"] = [f"{SCANS_FOLDER}/session{number}"]
        typed = traveller_csv(folder, number)
        if typed.is_file():
            spec["entries"] = [typed.relative_to(folder).as_posix()]
        if spec:
            listed[number] = spec
    text = (
        "# Written by the club's console (bridgescan serve): which files hold each session's\n"
        "# travellers. `bridgescan run` reads it too.\n"
        + yaml.safe_dump({"sessions": listed}, sort_keys=True, allow_unicode=True)
    )
    return atomic_write_text(folder / INPUTS_FILE, text)
