"""Fixtures of the flow tests: the commands run in the test's own process, and a Prefect home
for a server of the test's own (the sample evening's run for the whole session is in
tests/pipeline/conftest.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.pipeline.flows.commands import COMMAND_SETTINGS, Invoke, invoke
from tests.prefect_api import fresh_database


@pytest.fixture
def prefect_home(tmp_path: Path, session_root: Path) -> Path:
    """A new Prefect home for a server the test starts, holding a copy of the session API's
    database as it stood before any test ran (tests/prefect_api.py): the server starts on a
    migrated, empty database instead of migrating one from nothing (about 11 s of CPU), which
    only the smoke test of the dependency set is about. Empty when the session's API came
    from outside: the server then migrates its own."""
    home = tmp_path / "prefect"
    fresh_database(session_root, home)
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
