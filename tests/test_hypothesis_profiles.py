"""The profiles of tests/hypothesis_profiles.py: the default, thorough, and a wrong name."""

from __future__ import annotations

import pytest

from tests.hypothesis_profiles import CI_DRAWS, PROFILE_VARIABLE, THOROUGH_FACTOR, draws, profile


def test_ci_is_the_default_and_keeps_a_test_s_own_count(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(PROFILE_VARIABLE, raising=False)
    assert (profile(), draws(12), CI_DRAWS) == ("ci", 12, 50)


def test_thorough_draws_ten_times_as_many(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(PROFILE_VARIABLE, "thorough")
    assert (profile(), draws(12), THOROUGH_FACTOR) == ("thorough", 120, 10)


def test_an_unknown_profile_is_named_with_the_ones_there_are(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv(PROFILE_VARIABLE, "quick")
    with pytest.raises(
        ValueError, match=r"HYPOTHESIS_PROFILE='quick': the profiles are ci, thorough"
    ):
        profile()
