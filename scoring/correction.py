"""The correction period and the appeal time limit (Law 79C, Law 92B; rules.md §13).

- Law 79C1 (seed 001): an error in computing or recording an agreed score may be corrected
  until the correction period ends, 30 minutes after the official scores are made available
  for inspection, unless the organizer sets a later time (seed 000: or an earlier one when a
  special event needs it). Swedish club practice (rules.md §13) often runs it until the next
  club night starts: that is an organizer's end time.
- Law 79C2: after that, a correction is allowed only in special circumstances set by the
  regulations, when the director and the organizer both find it beyond reasonable doubt that
  the record is wrong. The caller says whether that is so; nothing here guesses it.
- Law 92B: the right to appeal a director's ruling ends 30 minutes after the official scores
  are made available, unless the organizer sets another time. When the director changes a
  ruling, a new appeal period starts from the change (rules.md §13).

A period ends *at* its end time: a request at 20:30 for scores published at 20:00 is late.
Times are plain ``datetime`` values; give all of them with a time zone or none of them.

``CorrectionRule`` is what an event file sets (30 minutes, other minutes, or until a time such
as the next club night; per session). ``correction_basis`` decides whether a correction made
at a given time stands on Law 79C1, on a Law 79C2 override, or is refused; results that are
not yet official (review items open, blocking findings) have no period running, so a change
then is part of the scoring, not a correction. ``reopened_deadline`` is the Law 92B new
period for the boards a changed ruling touches.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import Enum

from scoring.errors import ScoringError
from scoring.options import ScoringOptions

__all__ = [
    "CorrectionError",
    "LateCorrectionError",
    "CorrectionPeriod",
    "CorrectionRule",
    "CorrectionBasis",
    "correction_period",
    "may_correct",
    "appeal_deadline",
    "correction_basis",
    "reopened_deadline",
    "DEFAULT_MINUTES",
]

#: Law 79C1 / 92B: 30 minutes unless the organizer sets another time.
DEFAULT_MINUTES = 30


class CorrectionError(ScoringError):
    """A correction period that cannot exist (ending before the scores were published)."""


@dataclass(frozen=True)
class CorrectionPeriod:
    """When the official scores were published and when the correction period ends."""

    published_at: datetime
    ends_at: datetime

    def __post_init__(self) -> None:
        if self.ends_at < self.published_at:
            raise CorrectionError(
                f"the correction period cannot end ({self.ends_at:%Y-%m-%d %H:%M}) before the "
                f"scores were published ({self.published_at:%Y-%m-%d %H:%M})"
            )

    def is_open(self, when: datetime) -> bool:
        """Whether a correction made at ``when`` is within the period (Law 79C1)."""
        return when < self.ends_at


def correction_period(
    published_at: datetime,
    options: ScoringOptions | None = None,
    organizer_end: datetime | None = None,
) -> CorrectionPeriod:
    """The Law 79C1 period: ``options.correction_period_minutes`` (30) after publication, or
    the organizer's own end time when one is set (later, or earlier for a special event)."""
    if organizer_end is not None:
        return CorrectionPeriod(published_at, organizer_end)
    minutes = (options or ScoringOptions()).correction_period_minutes
    return CorrectionPeriod(published_at, published_at + timedelta(minutes=minutes))


def may_correct(
    when: datetime, period: CorrectionPeriod, special_circumstances: bool = False
) -> bool:
    """Whether a scoring error may be corrected at ``when`` (Law 79C1 and 79C2).

    ``special_circumstances``: the regulations allow a late correction here and the director
    and the organizer both find it beyond reasonable doubt that the record is wrong.
    """
    return period.is_open(when) or special_circumstances


def appeal_deadline(
    published_at: datetime,
    minutes: int = DEFAULT_MINUTES,
    changed_ruling_at: datetime | None = None,
) -> datetime:
    """When the right to appeal ends (Law 92B): ``minutes`` after the official scores were
    published, or, when the director changed the ruling, ``minutes`` after the change if that
    is later (a new appeal period starts)."""
    if minutes < 0:
        raise CorrectionError(f"an appeal period of {minutes} minutes is not possible")
    deadline = published_at + timedelta(minutes=minutes)
    if changed_ruling_at is not None:
        deadline = max(deadline, changed_ruling_at + timedelta(minutes=minutes))
    return deadline


@dataclass(frozen=True)
class CorrectionRule:
    """When the organizer says a session's correction period ends (Law 79C1).

    ``minutes`` after the official scores are published (30 unless the organizer sets
    another; fewer for a special event), or, when ``until`` is set, at that time (the next
    club night, Swedish practice; earlier or later than 30 minutes). ``minutes`` is also the
    length of the new period a changed ruling opens (Law 92B).
    """

    minutes: int = DEFAULT_MINUTES
    until: datetime | None = None

    def __post_init__(self) -> None:
        if isinstance(self.minutes, bool) or not isinstance(self.minutes, int):
            raise CorrectionError(
                f"a correction period of {self.minutes!r} minutes is not possible"
            )
        if self.minutes < 0:
            raise CorrectionError(f"a correction period of {self.minutes} minutes is not possible")

    def period(self, published_at: datetime) -> CorrectionPeriod:
        """The period of scores published at ``published_at``.

        An ``until`` that lies before the publication leaves no time to correct: the period
        ends as it starts (the organizer's end has passed), it is not silently extended.
        """
        if self.until is not None:
            return correction_period(published_at, organizer_end=max(self.until, published_at))
        return CorrectionPeriod(published_at, published_at + timedelta(minutes=self.minutes))

    def __str__(self) -> str:
        if self.until is not None:
            return f"until {self.until:%Y-%m-%d %H:%M}"
        return f"{self.minutes} minutes after publication"


class CorrectionBasis(Enum):
    """On what footing a change to published results stands."""

    NOT_OFFICIAL = "not-official"
    """The results are not official yet (review items open or blocking findings): no
    correction period runs, the change is part of getting them right."""
    LAW_79C1 = "79C1"
    """Within the correction period (Law 79C1)."""
    LAW_79C2 = "79C2"
    """After the period, in special circumstances: the director and the organizer both
    find it beyond reasonable doubt that the record is wrong (Law 79C2)."""

    def __str__(self) -> str:
        return self.value


class LateCorrectionError(CorrectionError):
    """A correction after the period ended, without a Law 79C2 override."""

    def __init__(self, deadline: datetime, when: datetime) -> None:
        self.deadline = deadline
        self.when = when
        super().__init__(
            f"the correction period ended at {deadline:%Y-%m-%d %H:%M:%S} (Law 79C1); a later "
            "correction needs a Law 79C2 override by the director and the organizer"
        )


def correction_basis(
    when: datetime, deadline: datetime | None, override: bool = False
) -> CorrectionBasis:
    """Whether a correction made at ``when`` stands, and on which law.

    ``deadline`` None: the results are not official yet, so no period runs. Before the
    deadline: Law 79C1 (an override is not needed and not recorded as one). At or after
    it: Law 79C2 when ``override`` (the caller has both the director's and the organizer's
    word), else ``LateCorrectionError``.
    """
    if deadline is None:
        return CorrectionBasis.NOT_OFFICIAL
    if when < deadline:
        return CorrectionBasis.LAW_79C1
    if override:
        return CorrectionBasis.LAW_79C2
    raise LateCorrectionError(deadline, when)


def reopened_deadline(session_deadline: datetime, changed_at: datetime, minutes: int) -> datetime:
    """Law 92B: a changed ruling starts a new period of ``minutes`` for the boards it touches;
    it never ends before the session's own period."""
    if minutes < 0:
        raise CorrectionError(f"a period of {minutes} minutes is not possible")
    return max(session_deadline, changed_at + timedelta(minutes=minutes))
