"""What the correction period keeps in the event store: publications and corrections.

Every record here is frozen and registered with a stable name in ``pipeline.store.codec``:

- ``Publication`` (kind ``publication``, key ``event``): version n of the event's results,
  when it was published, why (a run, a correction), and for each session whether it is
  official, when its correction period started and ends (Law 79C1), and boards a changed
  ruling reopened (Law 92B). A new version supersedes the last; the store's history of the
  key is the list of versions.
- ``Correction`` (kind ``correction``, key ``c00001``...): one accepted change to one result
  line: the line before and after, who (name and role), why, when, on which law (79C1, or a
  79C2 override naming the director and the organizer), and the version it made.
- ``VersionFiles`` (kind ``files``, key ``v0001``...): the file set a version was written as,
  with the SHA-256 of every file, recorded once the files are in place.

Times are stored in UTC.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import Enum

from scoring.correction import CorrectionBasis
from scoring.traveller import TravellerRow

__all__ = [
    "Role",
    "LateOverride",
    "ReopenedBoard",
    "SessionPublication",
    "Publication",
    "Correction",
    "VersionFiles",
    "PUBLICATION",
    "CORRECTION",
    "FILES",
    "DECISION",
    "HEAD_KEY",
    "EVENT",
    "RESULTS",
    "correction_key",
    "files_key",
]

PUBLICATION = "publication"
CORRECTION = "correction"
FILES = "files"
DECISION = "decision"  # the review queue's decision records (pipeline.doors.scans.review_decisions)
HEAD_KEY = "event"
EVENT = "event"  # kind and key of the event as last scored (a scoring.event.Event)
RESULTS = "results"  # kind of the results of the current version (key EVENT)


def correction_key(number: int) -> str:
    return f"c{number:05d}"


def files_key(version: int) -> str:
    return f"v{version:04d}"


class Role(Enum):
    """Who may make a correction: the scorer, the director, the organizer."""

    SCORER = "scorer"
    DIRECTOR = "director"
    ORGANIZER = "organizer"

    def __str__(self) -> str:
        return self.value

    @classmethod
    def parse(cls, text: str) -> Role:
        key = text.strip().lower()
        for role in cls:
            if key == role.value:
                return role
        raise ValueError(f"role {text!r} is not one of {', '.join(r.value for r in cls)}")


@dataclass(frozen=True)
class LateOverride:
    """Law 79C2: after the period, the director and the organizer both find it beyond
    reasonable doubt that the record is wrong. Both are named."""

    director: str
    organizer: str

    def __str__(self) -> str:
        return f"Law 79C2 override: director {self.director}, organizer {self.organizer}"


@dataclass(frozen=True)
class ReopenedBoard:
    """A board whose correction period a changed ruling reopened (Law 92B)."""

    board: int
    until: datetime
    correction: int


@dataclass(frozen=True)
class SessionPublication:
    """One session in a publication.

    ``official_at`` None: the session is provisional (review items open or findings block
    it) and no correction period runs. ``deadline`` is when its Law 79C1 period ends.
    ``changed_in`` is the version in which this session's results last changed.
    """

    session: int
    official_at: datetime | None
    deadline: datetime | None
    rule: str
    open_items: tuple[str, ...] = ()
    blocking: int = 0
    reopened: tuple[ReopenedBoard, ...] = ()
    changed_in: int = 1

    @property
    def official(self) -> bool:
        return self.official_at is not None

    def deadline_for(self, board: int) -> datetime | None:
        """The board's deadline: the session's, or later when a changed ruling reopened it."""
        if self.deadline is None:
            return None
        later = [r.until for r in self.reopened if r.board == board]
        return max([self.deadline, *later])


@dataclass(frozen=True)
class Publication:
    """Version ``version`` of the event's results.

    ``cause`` says what made it (``run``, ``score``, ``correction 3``); ``by`` who.
    ``results_digest`` is the SHA-256 of the results as scored (without this record), so a
    re-run that scores the same publishes no new version. ``masterpoints`` is the scale
    the results were awarded on, so a correction re-scores them the same way.
    ``inputs_as_of``: the store record up to which the rows, their inputs and the event were
    read (a correction builds on exactly those, plus every correction, never on rows a run
    recorded afterwards without publishing them).
    """

    version: int
    published_at: datetime
    cause: str
    by: str
    sessions: tuple[SessionPublication, ...]
    results_digest: str
    masterpoints: str = "bronze"
    time_zone: str = ""
    corrections: int = 0
    late: bool = False
    inputs_as_of: int | None = None

    def session(self, number: int) -> SessionPublication | None:
        return next((s for s in self.sessions if s.session == number), None)


@dataclass(frozen=True)
class Correction:
    """One accepted correction of one result line.

    ``before`` is the line as it was (None: the result was missing), ``after`` the line as
    it is now (None: the line was taken off, e.g. a review decision that it is no result).
    ``basis`` is the law it stands on; ``deadline`` the end of the period that applied
    (None while the session was not official); ``override`` the Law 79C2 names.
    ``ruling`` marks a changed ruling (Law 92B), which reopens the board until
    ``reopens_until``. ``review_item`` names the review item whose decision it changes.
    """

    number: int
    session: int
    board: int
    before: TravellerRow | None
    after: TravellerRow | None
    by: str
    role: Role
    reason: str
    made_at: datetime
    basis: CorrectionBasis
    deadline: datetime | None
    version: int
    seen_version: int
    override: LateOverride | None = None
    ruling: bool = False
    reopens_until: datetime | None = None
    review_item: str = ""

    @property
    def pairs(self) -> tuple[int, ...]:
        """Every pair the line names, before and after."""
        lines = [row for row in (self.before, self.after) if row is not None]
        return tuple(sorted({p for row in lines for p in (row.ns_pair, row.ew_pair)}))


@dataclass(frozen=True)
class VersionFiles:
    """The file set of a version: folder name and ``(path, sha256, bytes)`` per file."""

    version: int
    folder: str
    files: tuple[tuple[str, str, int], ...]
    head_records: int = 0  # the store's chain head the files were published with
    head_chain: str = ""
