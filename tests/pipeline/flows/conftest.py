"""Fixtures of the flow tests: the sample evening run once for the whole session, the
commands run in the test's own process, and a Prefect home for a server of the test's own."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.pipeline.flows.commands import COMMAND_SETTINGS, Invoke, invoke
from tests.pipeline.flows.sample_run import SampleRun, shared_sample_run
from tests.prefect_api import fresh_database


@pytest.fixture(scope="session")
def sample_run(tmp_path_factory: pytest.TempPathFactory) -> SampleRun:
    """The sample through the run flow once (tests/pipeline/flows/sample_run.py), shared by
    the pytest-xdist workers through the session's temporary folder."""
    return shared_sample_run(_shared_folder(tmp_path_factory))


def _shared_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The temporary folder of the whole test session (shared by the xdist workers)."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


@pytest.fixture
def prefect_home(tmp_path: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A new Prefect home for a server the test starts, holding a copy of the session API's
    database as it stood before any test ran (tests/prefect_api.py): the server starts on a
    migrated, empty database instead of migrating one from nothing (about 11 s of CPU), which
    only the smoke test of the dependency set is about. Empty when the session's API came
    from outside: the server then migrates its own."""
    home = tmp_path / "prefect"
    fresh_database(_shared_folder(tmp_path_factory), home)
    return home


@pytest.fixture
def bridgescan(monkeypatch: pytest.MonkeyPatch) -> Invoke:
    """``bridgescan ARGS`` in the test's own process (tests/pipeline/flows/commands.py).

    None of ``COMMAND_SETTINGS`` comes from outside (a test sets the clock it wants with
    ``monkeypatch``), and the one setting a command leaves in the environment (batch:
    Prefect's console log level) is undone after the test."""
    for name in COMMAND_SETTINGS:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("PREFECT_LOGGING_HANDLERS_CONSOLE_LEVEL", "CRITICAL")  # as batch sets it
    return invoke
