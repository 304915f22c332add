"""A session's rows as every scorer takes them (validated, of one section, scorable), and
what scoring a pairs event's sessions gives."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from pipeline.doors.session_input import ScoreInputError, SessionInput, WaitingLine
from pipeline.results.model.event import Award, LeveledStanding
from pipeline.results.model.handicap import HandicapView
from pipeline.results.model.individual import IndividualView
from pipeline.results.model.paul_jones import PaulJonesView
from pipeline.results.model.sessions import SessionView
from pipeline.results.status import FindingView
from pipeline.validation import Finding, validate_session
from pipeline.validation.findings import Code
from scoring.event import Event, Section, Session
from scoring.session import SessionScore
from scoring.traveller import TravellerRow

__all__ = ["validate", "only_section", "scorable", "ScoredSession", "ScoredSessions"]


def validate(event: Event, data: SessionInput) -> tuple[Finding, ...]:
    """Every finding of a session: cell syntax from the import, Law 77, the movement."""
    session = event.session(data.session)
    if not data.rows:
        files = ", ".join(data.files) or "the input"
        raise ScoreInputError(f"{files}: session {session.number} has no results to score")
    found = validate_session(
        data.rows, session, columns=data.columns, import_findings=data.import_findings
    )
    # A line whose result waits for review is not missing: the publication status says it.
    held = {(w.board, w.round, w.table) for w in data.waiting}
    return tuple(
        f for f in found
        if not (f.code is Code.RESULT_MISSING
                and (f.location.board, f.location.round, f.location.table) in held)
    )  # fmt: skip


@dataclass(frozen=True)
class ScoredSession:
    """A pairs session after scoring: boards, totals, and the rows each board came from."""

    session: Session
    section: Section
    score: SessionScore
    rows: tuple[TravellerRow, ...]
    findings: tuple[Finding, ...]
    unscored: tuple[FindingView, ...] = ()
    waiting: tuple[WaitingLine, ...] = ()


# -- 3. scoring a pairs session -----------------------------------------------------------
def only_section(session: Session) -> Section:
    if len(session.sections) != 1:
        raise ScoreInputError(
            f"session {session.number} has {len(session.sections)} sections; the score "
            "command scores one section per session (score each section as its own session)"
        )
    return session.sections[0]


def scorable(row: TravellerRow) -> bool:
    return row.adjustment is not None or row.has_table_result


@dataclass(frozen=True)
class ScoredSessions:
    """What scoring the sessions of a pairs event gives (matchpoints or IMPs): a view per
    session, masterpoint awards, notes, the findings shown, and the overall standings
    (leveled to ``target_top`` in matchpoints; IMPs add up as they are)."""

    views: tuple[SessionView, ...]
    awards: tuple[Award, ...]
    notes: tuple[str, ...]
    findings: tuple[FindingView, ...]
    overall: tuple[LeveledStanding, ...] = ()
    target_top: Fraction | None = None
    paul_jones: PaulJonesView | None = None  # a Paul Jones's individual and team results
    individual: IndividualView | None = None  # an individual event's players (seed 004)
    handicap: HandicapView | None = None  # a handicap event's rankings (rules.md §11)
