"""Fixtures of the pipeline tests in more than one room: the sample evening run once for the
whole session (tests/pipeline/flows/sample_run.py), which the flow tests go on from and the
console's re-run test takes its page readings from."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.pipeline.flows.sample_run import SampleRun, shared_sample_run


@pytest.fixture(scope="session")
def sample_run(session_root: Path) -> SampleRun:
    """The sample through the run flow once (tests/pipeline/flows/sample_run.py), shared by
    the pytest-xdist workers through the session's temporary folder."""
    return shared_sample_run(session_root)
