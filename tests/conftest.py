"""Test-wide settings: hypothesis without deadlines (CI machines are shared and slow)."""

from hypothesis import HealthCheck, settings

settings.register_profile(
    "bridgescan", deadline=None, suppress_health_check=[HealthCheck.too_slow], max_examples=150
)
settings.load_profile("bridgescan")
