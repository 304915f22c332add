"""Test-wide settings and fixtures.

- hypothesis without deadlines (CI machines are shared and slow);
- ``postgres``: one throw-away PostgreSQL cluster for the whole test session (tests/postgres.py),
  shared by the pytest-xdist workers and stopped by the controlling process at the end;
- ``store_url``: the same store test on both back ends, a fresh SQLite file or a fresh
  PostgreSQL schema each time.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from tests.postgres import Cluster, shared_cluster, stop_recorded

settings.register_profile(
    "bridgescan", deadline=None, suppress_health_check=[HealthCheck.too_slow], max_examples=150
)
settings.load_profile("bridgescan")

BACKENDS = ("sqlite", "postgresql")


def _session_root(config: pytest.Config) -> Path:
    """The temporary folder all processes of this test session share."""
    base = config._tmp_path_factory.getbasetemp()  # type: ignore[attr-defined]
    return base.parent if hasattr(config, "workerinput") else base


@pytest.fixture(scope="session")
def postgres(request: pytest.FixtureRequest) -> Cluster:
    """A running PostgreSQL cluster (Unix socket only), one per test session."""
    return shared_cluster(_session_root(request.config))


@pytest.fixture(params=BACKENDS)
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A new, empty event store's location on each back end."""
    if request.param == "sqlite":
        return str(tmp_path / "store.sqlite")
    return request.getfixturevalue("postgres").fresh_url()


@pytest.hookimpl(trylast=True)  # after the tmp_path plugin has made its factory
def pytest_configure(config: pytest.Config) -> None:
    """Event stores are sealed by default with a key made on first use in the user's
    configuration folder: the tests' key is made in the session's temporary folder (shared
    by the xdist workers and the processes the tests start), never in the real one."""
    if not hasattr(config, "_tmp_path_factory"):
        return
    os.environ["XDG_CONFIG_HOME"] = str(_session_root(config) / "config")


def pytest_sessionfinish(session: pytest.Session) -> None:
    if not hasattr(session.config, "workerinput"):  # the controller, or a run without xdist
        stop_recorded(_session_root(session.config))
