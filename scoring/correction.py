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
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from scoring.errors import ScoringError
from scoring.options import ScoringOptions

__all__ = [
    "CorrectionError",
    "CorrectionPeriod",
    "correction_period",
    "may_correct",
    "appeal_deadline",
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
