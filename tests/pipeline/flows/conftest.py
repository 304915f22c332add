"""Fixtures of the flow tests: the sample evening run once for the whole session, and the
commands run in the test's own process."""

from __future__ import annotations

import os

import pytest

from tests.pipeline.flows.commands import COMMAND_SETTINGS, Invoke, invoke
from tests.pipeline.flows.sample_run import SampleRun, shared_sample_run


@pytest.fixture(scope="session")
def sample_run(tmp_path_factory: pytest.TempPathFactory) -> SampleRun:
    """The sample through the run flow once (tests/pipeline/flows/sample_run.py), shared by
    the pytest-xdist workers through the session's temporary folder."""
    base = tmp_path_factory.getbasetemp()
    return shared_sample_run(base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base)


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
