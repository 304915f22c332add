"""Correction period and appeal time limit (Law 79C, 92B; rules.md §13), by the clock."""

from datetime import datetime

import pytest

from scoring.correction import (
    CorrectionError,
    CorrectionPeriod,
    appeal_deadline,
    correction_period,
    may_correct,
)
from scoring.options import ScoringOptions

PUBLISHED = datetime(2026, 3, 12, 22, 0)


def test_thirty_minutes_after_publication() -> None:
    period = correction_period(PUBLISHED)
    assert period.ends_at == datetime(2026, 3, 12, 22, 30)
    assert period.is_open(datetime(2026, 3, 12, 21, 45))  # before publication: still open
    assert period.is_open(datetime(2026, 3, 12, 22, 29, 59))
    assert not period.is_open(datetime(2026, 3, 12, 22, 30))  # expired at 22:30 itself


def test_organizer_sets_the_period() -> None:
    # A longer period from the options: 45 minutes -> 22:45.
    assert correction_period(
        PUBLISHED, ScoringOptions(correction_period_minutes=45)
    ).ends_at == datetime(2026, 3, 12, 22, 45)
    # Swedish club practice: until the next club night starts, a week later at 18:30.
    next_night = datetime(2026, 3, 19, 18, 30)
    period = correction_period(PUBLISHED, organizer_end=next_night)
    assert period.is_open(datetime(2026, 3, 19, 18, 0))
    assert not period.is_open(next_night)
    # An earlier end for a special event is allowed; one before publication is not.
    assert correction_period(PUBLISHED, organizer_end=datetime(2026, 3, 12, 22, 10)).is_open(
        datetime(2026, 3, 12, 22, 5)
    )
    with pytest.raises(CorrectionError, match="cannot end"):
        CorrectionPeriod(PUBLISHED, datetime(2026, 3, 12, 21, 0))


def test_late_correction_only_in_special_circumstances() -> None:
    period = correction_period(PUBLISHED)
    late = datetime(2026, 3, 12, 23, 0)
    assert not may_correct(late, period)
    assert may_correct(late, period, special_circumstances=True)  # Law 79C2
    assert may_correct(datetime(2026, 3, 12, 22, 10), period)


def test_appeal_deadline_and_a_changed_ruling() -> None:
    assert appeal_deadline(PUBLISHED) == datetime(2026, 3, 12, 22, 30)
    # The director changes the ruling at 22:20: a new period runs to 22:50.
    changed = datetime(2026, 3, 12, 22, 20)
    assert appeal_deadline(PUBLISHED, changed_ruling_at=changed) == datetime(2026, 3, 12, 22, 50)
    # A change before publication does not shorten the normal period.
    early = datetime(2026, 3, 12, 21, 0)
    assert appeal_deadline(PUBLISHED, changed_ruling_at=early) == datetime(2026, 3, 12, 22, 30)
    assert appeal_deadline(PUBLISHED, minutes=60) == datetime(2026, 3, 12, 23, 0)
    with pytest.raises(CorrectionError, match="-5 minutes"):
        appeal_deadline(PUBLISHED, minutes=-5)
