"""Correction period and appeal time limit (Law 79C, 92B; rules.md §13), by the clock."""

from datetime import UTC, datetime, timedelta

import pytest

from scoring.correction import (
    CorrectionBasis,
    CorrectionError,
    CorrectionPeriod,
    CorrectionRule,
    LateCorrectionError,
    appeal_deadline,
    correction_basis,
    correction_period,
    may_correct,
    reopened_deadline,
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


# -- the organizer's rule, the basis of a correction, a changed ruling (Law 79C, 92B) ------

AT = datetime(2026, 11, 24, 20, 40, tzinfo=UTC)  # 21:40 in Stockholm


def test_the_default_rule_is_thirty_minutes() -> None:
    assert CorrectionRule().period(AT).ends_at == datetime(2026, 11, 24, 21, 10, tzinfo=UTC)
    assert str(CorrectionRule()) == "30 minutes after publication"


def test_an_organizer_sets_minutes_or_a_time() -> None:
    # A special event: 10 minutes (earlier than the Law's 30); 45 minutes (later).
    assert CorrectionRule(minutes=10).period(AT).ends_at == AT + timedelta(minutes=10)
    assert CorrectionRule(minutes=45).period(AT).ends_at == AT + timedelta(minutes=45)
    # Until the next club night, a week later at 19:00 Stockholm = 18:00 UTC.
    next_night = datetime(2026, 12, 1, 18, 0, tzinfo=UTC)
    rule = CorrectionRule(until=next_night)
    assert rule.period(AT).ends_at == next_night
    assert str(rule) == "until 2026-12-01 18:00"
    # A time that passed before publication leaves no time at all, not a silent extension.
    assert CorrectionRule(until=AT - timedelta(hours=1)).period(AT).ends_at == AT
    with pytest.raises(CorrectionError, match="-1 minutes"):
        CorrectionRule(minutes=-1)


def test_the_basis_of_a_correction_by_the_clock() -> None:
    deadline = AT + timedelta(minutes=30)
    inside = deadline - timedelta(seconds=1)
    late = deadline + timedelta(seconds=1)
    assert correction_basis(inside, deadline) is CorrectionBasis.LAW_79C1
    # An override is not needed inside the period and is not recorded as one.
    assert correction_basis(inside, deadline, override=True) is CorrectionBasis.LAW_79C1
    with pytest.raises(LateCorrectionError, match="ended at 2026-11-24 21:10:00"):
        correction_basis(late, deadline)
    with pytest.raises(LateCorrectionError):
        correction_basis(deadline, deadline)  # the period ends at its end time
    assert correction_basis(late, deadline, override=True) is CorrectionBasis.LAW_79C2
    # Provisional results: no period runs, a change is part of the scoring.
    assert correction_basis(late, None) is CorrectionBasis.NOT_OFFICIAL


def test_a_changed_ruling_opens_a_new_period_never_a_shorter_one() -> None:
    deadline = AT + timedelta(minutes=30)  # 21:10 UTC
    changed = AT + timedelta(minutes=25)  # 21:05: a new 30 minutes runs to 21:35
    assert reopened_deadline(deadline, changed, 30) == AT + timedelta(minutes=55)
    early = AT - timedelta(minutes=20)  # before publication: the session's own period stands
    assert reopened_deadline(deadline, early, 30) == deadline
    with pytest.raises(CorrectionError):
        reopened_deadline(deadline, changed, -5)
