"""How many random draws a property test makes: the ``ci`` profile unless asked otherwise.

A property test states one claim (matchpoints of a board sum to n(n-1), a PBN file written
then read gives the same session back) and checks it on drawn examples. The claim is the same
under every profile; only the number of draws changes:

- ``ci`` (the default, what ``make test`` and CI run): 50 draws a property, or the count a test
  names itself with ``draws(n)`` where one draw is expensive (a rendered page, a workbook);
- ``thorough`` (``HYPOTHESIS_PROFILE=thorough``, ``make test-thorough``): ten times as many,
  for a change to scoring/ or to a reader rule, or a night run.

Both run without deadlines (CI machines are shared and slow) and without the too-slow health
check, for the same reason.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

__all__ = ["PROFILE_VARIABLE", "CI_DRAWS", "THOROUGH_FACTOR", "profile", "load", "draws"]

PROFILE_VARIABLE = "HYPOTHESIS_PROFILE"
CI_DRAWS = 50
THOROUGH_FACTOR = 10
_FACTORS = {"ci": 1, "thorough": THOROUGH_FACTOR}


def profile() -> str:
    """The profile asked for in ``HYPOTHESIS_PROFILE`` (``ci`` when unset)."""
    name = os.environ.get(PROFILE_VARIABLE, "ci")
    if name not in _FACTORS:
        raise ValueError(
            f"{PROFILE_VARIABLE}={name!r}: the profiles are {', '.join(sorted(_FACTORS))}"
        )
    return name


def load() -> str:
    """Register both profiles and load the one asked for; returns its name."""
    for name, factor in _FACTORS.items():
        settings.register_profile(
            name,
            max_examples=CI_DRAWS * factor,
            deadline=None,
            suppress_health_check=[HealthCheck.too_slow],
        )
    chosen = profile()
    settings.load_profile(chosen)
    return chosen


def draws(ci_count: int) -> int:
    """A test's own number of draws under the profile asked for: ``ci_count`` by default,
    ten times that under ``thorough`` (``@settings(max_examples=draws(12))``)."""
    return ci_count * _FACTORS[profile()]
