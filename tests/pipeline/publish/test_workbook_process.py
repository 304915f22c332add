"""The console's workbook helper: the same workbook as built here, from another process, and a
helper that is gone is not trusted (the workbook is built here)."""

from __future__ import annotations

import io
import os
import zipfile
from collections.abc import Iterator
from pathlib import Path

import psutil
import pytest

from pipeline.flows.score_files import run_score
from pipeline.publish import render, workbook_process
from pipeline.results.model.event import EventResults

SAMPLE = Path(__file__).parents[3] / "sample_data" / "club-evening"
STAMPED = "docProps/core.xml"  # openpyxl writes the time of saving there, to the second


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> EventResults:
    """The sample evening scored by the spreadsheet path."""
    out = tmp_path_factory.mktemp("workbook-helper") / "out"
    scored, _ = run_score(
        SAMPLE / "event.yaml", [str(SAMPLE / "session1.xlsx"), str(SAMPLE / "session2.csv")], out
    )
    return scored


@pytest.fixture
def helper(results: EventResults) -> Iterator[set[int]]:
    """The helper started and up; yields its processes (the fork server's and the worker's:
    the children this process did not have before)."""
    before = _children()
    workbook_process.start()
    try:
        helped = workbook_process.submit(results)
        assert helped is not None
        helped.result()
        yield _children() - before
    finally:
        workbook_process.stop()


def _children() -> set[int]:
    return {child.pid for child in psutil.Process().children(recursive=True)}


def _parts(workbook: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(workbook)) as book:
        return {name: book.read(name) for name in book.namelist() if name != STAMPED}


def test_the_helper_builds_the_same_files_in_another_process(
    results: EventResults, helper: set[int]
) -> None:
    assert helper and os.getpid() not in helper  # processes of its own
    here = workbook_process.workbook_bytes(results)
    helped = workbook_process.submit(results)
    assert helped is not None
    assert _parts(helped.result()) == _parts(here)
    with_helper = render(results)
    workbook_process.stop()
    without = render(results)
    assert set(with_helper) == set(without)
    assert {n: b for n, b in with_helper.items() if n != "results.xlsx"} == {
        n: b for n, b in without.items() if n != "results.xlsx"
    }
    assert _parts(with_helper["results.xlsx"]) == _parts(without["results.xlsx"])


def test_a_helper_that_is_gone_is_not_trusted(results: EventResults, helper: set[int]) -> None:
    for pid in helper:
        psutil.Process(pid).kill()
    psutil.wait_procs([psutil.Process(pid) for pid in helper if psutil.pid_exists(pid)], 10)
    after = workbook_process.submit(results)  # taken by a broken helper, or refused
    workbook = after.result() if after is not None else render(results)["results.xlsx"]
    assert _parts(workbook) == _parts(workbook_process.workbook_bytes(results))
    assert _parts(render(results)["results.xlsx"]) == _parts(workbook)


def test_without_a_helper_nothing_is_submitted(results: EventResults) -> None:
    assert not workbook_process.running()
    assert workbook_process.submit(results) is None
