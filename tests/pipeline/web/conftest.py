"""Shared fixtures of the web tests: the sample event's results, scored once per worker."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from pipeline.flows.score_files import run_score
from pipeline.results.model import EventResults

if TYPE_CHECKING:
    from playwright.sync_api import Browser

SAMPLE = Path(__file__).parents[3] / "sample_data" / "club-evening"


@pytest.fixture(scope="session")
def sample_out(tmp_path_factory: pytest.TempPathFactory) -> tuple[EventResults, Path]:
    """The bundled two-session club evening scored by the spreadsheet path (`score`), with its
    output folder (workbook, JSON, CSV and the site in OUT/web)."""
    out = tmp_path_factory.mktemp("sample") / "out"
    results, _ = run_score(
        SAMPLE / "event.yaml",
        [str(SAMPLE / "session1.xlsx"), str(SAMPLE / "session2.csv")],
        out,
    )
    return results, out


# Debian's chromium (scripts/bootstrap.sh installs it); Playwright's own browser download is
# never used (it cannot work on a machine without general network). The flags keep Chromium
# from reaching out to Google's services at start (refused here, and never wanted in tests).
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]


def chromium_path() -> str:
    import os
    import shutil

    path = os.environ.get("BRIDGESCAN_CHROMIUM") or shutil.which("chromium")
    if not path:
        pytest.fail("no chromium: run scripts/bootstrap.sh (apt-get install chromium)")
    return path


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """One headless Chromium for the whole test session (per xdist worker)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS)
        try:
            yield launched
        finally:
            launched.close()
