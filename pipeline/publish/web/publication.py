"""What the site says about the publication: the version, the correction periods, what
changed, and which results were corrected.

Read off ``EventResults.publication``, ``changes`` and ``audit`` (pipeline/corrections fills
them in): times in the event's own time zone, each session's correction deadline (Law
79C1) with its machine-readable form for the page's countdown, and for every traveller line
the corrections made to it, so a corrected result carries a mark that links to the
correction on the "what changed" page.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime

from pipeline.clock import local_text, zone_name
from pipeline.publish.wording import law_text
from pipeline.results.model.event import EventResults
from pipeline.results.model.sessions import ResultLine
from pipeline.results.publication import AuditEntry, PublicationView, SessionPeriodView

__all__ = [
    "CHANGES",
    "PeriodText",
    "PublicationText",
    "publication_text",
    "corrections_by_line",
    "line_corrections",
    "changes_context",
]

CHANGES = "changes.html"


@dataclass(frozen=True)
class PeriodText:
    """One session's correction period as a page shows it."""

    session: int
    name: str
    official: bool
    official_at: str
    deadline: datetime | None
    deadline_text: str
    passed: bool
    rule: str
    open_items: tuple[str, ...]
    blocking: int
    reopened: tuple[tuple[int, str], ...]

    @property
    def deadline_iso(self) -> str:
        return "" if self.deadline is None else self.deadline.isoformat(timespec="seconds")


@dataclass(frozen=True)
class PublicationText:
    """The version line: number, time in the event's zone, why, and the periods."""

    version: int
    published: str
    zone: str
    cause: str
    late: bool
    periods: tuple[PeriodText, ...]

    def period(self, session: int) -> PeriodText | None:
        return next((p for p in self.periods if p.session == session), None)


def _period(view: PublicationView, s: SessionPeriodView) -> PeriodText:
    zone = view.time_zone
    return PeriodText(
        session=s.session,
        name=s.name or f"Session {s.session}",
        official=s.official_at is not None,
        official_at="" if s.official_at is None else local_text(s.official_at, zone),
        deadline=s.deadline,
        deadline_text="" if s.deadline is None else local_text(s.deadline, zone),
        passed=s.passed,
        rule=s.rule,
        open_items=s.open_items,
        blocking=s.blocking,
        reopened=tuple((board, local_text(until, zone)) for board, until in s.reopened),
    )


def publication_text(results: EventResults) -> PublicationText | None:
    """The publication as the pages word it, or None for results never published as a
    version (a site written from bare results)."""
    view = results.publication
    if view is None:
        return None
    return PublicationText(
        version=view.version,
        published=local_text(view.published_at, view.time_zone),
        zone=zone_name(view.time_zone),
        cause=view.cause,
        late=view.late,
        periods=tuple(_period(view, s) for s in view.sessions),
    )


LineKey = tuple[int, int, int, int]


def corrections_by_line(audit: tuple[AuditEntry, ...]) -> dict[LineKey, tuple[int, ...]]:
    """(session, board, NS, EW) of a line as published now -> the corrections made to it."""
    found: dict[LineKey, list[int]] = {}
    for entry in audit:
        key = (entry.session, entry.board, entry.ns_pair, entry.ew_pair)
        found.setdefault(key, []).append(entry.number)
    return {key: tuple(numbers) for key, numbers in found.items()}


def line_corrections(
    marks: Mapping[LineKey, tuple[int, ...]], session: int, line: ResultLine
) -> tuple[int, ...]:
    return marks.get((session, line.board, line.ns_pair, line.ew_pair), ())


def changes_context(results: EventResults) -> dict[str, object]:
    """The "what changed" page: this version's change report and every correction so far."""
    view = results.publication
    zone = view.time_zone if view is not None else ""
    sessions = {s.number: s.name or f"Session {s.number}" for s in results.sessions}
    entries = [
        {
            "entry": e,
            "made_at": local_text(e.made_at, zone),
            "law": law_text(e),
            "session_name": sessions.get(e.session, f"Session {e.session}"),
            "late": e.basis == "79C2",
        }
        for e in results.audit
    ]
    return {
        "report": results.changes,
        "entries": list(reversed(entries)),  # the latest first
        "multi": results.multi_session,
        "session_names": sessions,
    }
