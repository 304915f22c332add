"""Fixtures of the flow tests: the sample evening run once for the whole session."""

from __future__ import annotations

import os

import pytest

from tests.pipeline.flows.sample_run import SampleRun, shared_sample_run


@pytest.fixture(scope="session")
def sample_run(tmp_path_factory: pytest.TempPathFactory) -> SampleRun:
    """The sample through the run flow once (tests/pipeline/flows/sample_run.py), shared by
    the pytest-xdist workers through the session's temporary folder."""
    base = tmp_path_factory.getbasetemp()
    return shared_sample_run(base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base)
