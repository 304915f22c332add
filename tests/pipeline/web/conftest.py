"""Shared fixtures of the web tests: the sample event's results, scored once per worker."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from pipeline.flows.score_files import run_score
from pipeline.results.model.event import EventResults
from tests.pipeline.web.chromium import ChromiumMissing, launch

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


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """One headless Chromium for a test module. Not for the session: Playwright's sync API
    keeps an event loop running in the worker's main thread while it is open, and every
    later test there that calls ``asyncio.run`` (Prefect's database seeding,
    tests/pipeline/flows/test_prefect_database.py) would fail in that worker."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        try:
            launched = launch(playwright)
        except ChromiumMissing as error:
            pytest.fail(str(error))
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture(scope="session")
def console_template(
    sample_out: tuple[EventResults, Path], tmp_path_factory: pytest.TempPathFactory
) -> Path:
    """An output folder as `run` leaves it for the director: the published results and site,
    and a review queue read by the real reader from two scanned pages of the sample (page 16: a
    written score that does not fit Law 77, a looped 2 read as 7; page 17: 100 written in
    the EW column, the player's slip)."""
    import shutil

    from ocr.reader import load_pages
    from pipeline.doors.scans.reading import queue_context, scan_reader
    from pipeline.doors.scans.review_queue import build_queue
    from pipeline.doors.scans.review_queue_file import write_queue
    from pipeline.events.eventfile import load_event
    from pipeline.flows.steps import record_readings
    from pipeline.store import EventStore, store_location

    _, scored = sample_out
    out = tmp_path_factory.mktemp("console") / "out"
    shutil.copytree(scored, out, symlinks=True)  # the version links stay links
    event = load_event(SAMPLE / "event.yaml")
    reader = scan_reader(event, 1)
    pages = [
        reader.read_image(image, ref)
        for number in (16, 17)
        for ref, image in load_pages(SAMPLE / "scans" / "session1.pdf", number, number)
    ]
    write_queue(build_queue(pages, queue_context(event, 1)), out / "review")
    with EventStore(store_location(None, out)) as store:  # decisions are records in it
        record_readings(store, 1, pages)  # as `run` keeps them: a decision publishes at once
    return out


@pytest.fixture
def console_out(console_template: Path, tmp_path: Path) -> Path:
    """A fresh copy of the console's output folder for one test (decisions get appended)."""
    import shutil

    return Path(shutil.copytree(console_template, tmp_path / "out", symlinks=True))
