"""What every publisher shows about a publication: its version, its correction periods, what
changed since the last version, and the corrections made so far (the audit).

``pipeline.corrections`` fills these records in (from the event store); the workbook, the
JSON, the terminal and the web pages only print them. Times are aware ``datetime`` values in
UTC; writers show them in ``time_zone`` (the event's own, ``pipeline.clock.local_text``).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from fractions import Fraction

__all__ = [
    "SessionPeriodView",
    "PublicationView",
    "LineChange",
    "PairChange",
    "ChangeReport",
    "AuditEntry",
]


@dataclass(frozen=True)
class SessionPeriodView:
    """One session's state in a publication.

    ``official_at`` None: provisional (``open_items`` wait for review or ``blocking``
    findings stop it), so no correction period runs. ``deadline``: the end of its Law 79C1
    period; ``passed`` whether it had passed when this version was published.
    ``reopened``: (board, until) for boards a changed ruling reopened (Law 92B).
    """

    session: int
    name: str
    official_at: datetime | None
    deadline: datetime | None
    passed: bool
    rule: str
    open_items: tuple[str, ...] = ()
    blocking: int = 0
    reopened: tuple[tuple[int, datetime], ...] = ()
    changed_in: int = 1

    @property
    def status(self) -> str:
        return "official" if self.official_at is not None else "provisional"


@dataclass(frozen=True)
class PublicationView:
    """Version ``version`` of the results, published at ``published_at`` because of
    ``cause`` (a run, or correction n by whom). ``late``: made under a Law 79C2 override."""

    version: int
    published_at: datetime
    time_zone: str
    cause: str
    sessions: tuple[SessionPeriodView, ...]
    late: bool = False

    def session(self, number: int) -> SessionPeriodView | None:
        return next((s for s in self.sessions if s.session == number), None)


@dataclass(frozen=True)
class LineChange:
    """A traveller line that changed: the result before and after, as printed
    (``4S N +1 +650``, ``A60/40``; blank when there was no line)."""

    session: int
    board: int
    ns_pair: int
    ew_pair: int
    before: str
    after: str
    ns_mp_before: Fraction | None = None
    ns_mp_after: Fraction | None = None
    ew_mp_before: Fraction | None = None
    ew_mp_after: Fraction | None = None


@dataclass(frozen=True)
class PairChange:
    """A pair whose points, percentage, place or masterpoints moved, in one ranking:
    ``session`` n, or None for the leveled overall ranking of a multi-session event."""

    session: int | None
    pair: int
    names: str
    points_before: Fraction | None
    points_after: Fraction | None
    percent_before: Fraction | None
    percent_after: Fraction | None
    place_before: str
    place_after: str
    masterpoints_before: Fraction | None
    masterpoints_after: Fraction | None

    @staticmethod
    def _delta(before: Fraction | None, after: Fraction | None) -> Fraction | None:
        if before is None and after is None:
            return None
        return (after or Fraction(0)) - (before or Fraction(0))

    @property
    def points_delta(self) -> Fraction | None:
        return self._delta(self.points_before, self.points_after)

    @property
    def percent_delta(self) -> Fraction | None:
        return self._delta(self.percent_before, self.percent_after)

    @property
    def masterpoints_delta(self) -> Fraction | None:
        return self._delta(self.masterpoints_before, self.masterpoints_after)

    @property
    def scope(self) -> str:
        return "overall" if self.session is None else f"session {self.session}"


@dataclass(frozen=True)
class ChangeReport:
    """What changed from version ``previous`` to ``version``."""

    version: int
    previous: int
    cause: str
    lines: tuple[LineChange, ...] = ()
    pairs: tuple[PairChange, ...] = ()

    @property
    def empty(self) -> bool:
        return not self.lines and not self.pairs


@dataclass(frozen=True)
class AuditEntry:
    """One correction as the audit sheet lists it.

    ``basis``: ``79C1`` (within the period), ``79C2`` (a late override, ``override`` names
    the director and the organizer) or ``not-official`` (before the results were official).
    ``ruling``: a changed ruling (Law 92B) that reopened the board until ``reopens_until``.
    """

    number: int
    made_at: datetime
    session: int
    board: int
    ns_pair: int
    ew_pair: int
    before: str
    after: str
    by: str
    role: str
    reason: str
    basis: str
    deadline: datetime | None
    version: int
    override: str = ""
    ruling: bool = False
    reopens_until: datetime | None = None
    review_item: str = ""
