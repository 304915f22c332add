"""`bridgescan scan read` and `bridgescan review list/resolve/import` on a small generated batch."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from ocr.training.synthetic.generate import generate_session
from ocr.training.synthetic.sources import TEST
from pipeline.cli import review as review_cli
from pipeline.cli.scan import register
from pipeline.store.codec import loads
from scoring.traveller import TravellerRow


@pytest.fixture(scope="module")
def app() -> typer.Typer:
    app = typer.Typer()
    register(app)
    review_cli.register(app)
    return app


@pytest.fixture(scope="module")
def scans(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("cli_scans")
    generate_session(folder, [1, 2], tables=5, split=TEST, seed=4, raster_dpi=150, dpi=150,
                     quarter_turns=0, defects={2: "half_page"})  # fmt: skip
    for pdf in folder.glob("*.pdf"):
        pdf.unlink()
    return folder


def test_scan_read_reads_and_writes_its_outputs_with_the_collector_paused(
    app: typer.Typer, scans: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A page's reading leaves no cyclic garbage (a row and its arrays are freed as its
    reading ends, ocr/row_marks.py), so a collection while the pages are read only scans
    the readings kept; and the outputs are written once every page's reading is alive: a
    full collection then scans them all, with openpyxl's import and the sheet's objects
    (35-37 ms of CPU of a 27-page command). The collector is paused while the pages are
    read and the outputs written (pipeline/cli/scan.py), and running again after."""
    import gc

    from pipeline.doors.scans import reading, review_queue_file, review_sheet

    collecting: dict[str, bool] = {}

    def watched(name: str, write: Callable[..., object]) -> Callable[..., object]:
        def writing(*args: object, **kwargs: object) -> object:
            collecting[name] = gc.isenabled()
            return write(*args, **kwargs)

        return writing

    for module, name in ((reading, "read_scans"), (review_queue_file, "write_queue"),
                         (review_sheet, "write_sheet")):  # fmt: skip
        monkeypatch.setattr(module, name, watched(name, getattr(module, name)))
    assert gc.isenabled()

    result = CliRunner().invoke(app, ["scan", "read", str(scans), "-o", str(tmp_path / "out")])

    assert result.exit_code == 1, result.output
    assert collecting == {"read_scans": False, "write_queue": False, "write_sheet": False}
    assert gc.isenabled()


def test_scan_read_then_review(app: typer.Typer, scans: Path, tmp_path: Path):
    out = tmp_path / "out"
    runner = CliRunner()
    result = runner.invoke(app, ["scan", "read", str(scans), "-o", str(out)])
    # The half page always waits for a person: exit code 1 (items to review).
    assert result.exit_code == 1, result.output
    assert "2 page(s)" in result.output
    for name in ("travellers.json", "readings.json", "review/review.json", "review/review.xlsx"):
        assert (out / name).exists(), name
    rows = loads((out / "travellers.json").read_text("utf-8"))
    assert all(isinstance(r, TravellerRow) and r.board == 1 for r in rows)
    truth = json.loads((scans / "page_0001.json").read_text("utf-8"))
    readings = json.loads((out / "readings.json").read_text("utf-8"))
    assert [p["problems"] for p in readings["pages"]][1] == ["partial_page"]
    queue = json.loads((out / "review" / "review.json").read_text("utf-8"))["items"]
    played = {r["row"] for r in truth["rows"]}
    row_items = [i for i in queue if i["kind"] == "row"]
    assert len(rows) + sum(1 for i in row_items if i["row"] in played) == len(played)
    # A row nobody played may hold specks or stray ink: shown to a person, never a result.
    for item in row_items:
        if item["row"] not in played:
            assert item["reasons"] == ["no box is marked on the row (stray ink?)"], item

    listed = runner.invoke(app, ["review", "list", str(out)])
    assert listed.exit_code == 1  # done, and items wait for the director (README, exit codes)
    assert "page_0002" in listed.output and "partial_page" in listed.output
    page_item = next(i["id"] for i in queue if i["kind"] == "page")
    done = runner.invoke(
        app, ["review", "resolve", str(out), page_item, "--by", "Ola", "--value", "reject"]
    )
    assert done.exit_code == 0, done.output
    assert "reject (by Ola" in done.output
    after = runner.invoke(app, ["review", "list", str(out)])
    assert page_item not in after.output
    # One item still waits (exit 1); once it too is decided nothing waits: exit 0.
    assert after.exit_code == 1 and "1 open of" in after.output, after.output
    last = next(i["id"] for i in queue if i["id"] != page_item and i["id"] in after.output)
    runner.invoke(app, ["review", "resolve", str(out), last, "--by", "Ola", "--value", "reject"])
    emptied = runner.invoke(app, ["review", "list", str(out)])
    assert emptied.exit_code == 0 and "0 open of" in emptied.output, emptied.output
    # A second decision replaces the first, and says so; both stay in the store.
    again = runner.invoke(
        app, ["review", "resolve", str(out), page_item, "--by", "Kari", "--value", "keep"]
    )
    assert again.exit_code == 0, again.output
    assert "replaces: reject (by Ola" in again.output
    listed = runner.invoke(app, ["review", "list", str(out), "--all"])
    assert "decided: keep by Kari" in listed.output and "replaces 1 earlier" in listed.output
    # A page item takes reject, keep or board N: anything else is refused, exit 2.
    refused = runner.invoke(
        app, ["review", "resolve", str(out), page_item, "--by", "Kari", "--value", "4S N ="]
    )
    assert refused.exit_code == 2 and "nothing was recorded" in refused.output
    # Read again into the same folder: its store is there now, and the decisions in it
    # stand (the page kept, the other item rejected: neither open).
    reread = runner.invoke(app, ["scan", "read", str(scans), "-o", str(out)])
    opened = [int(re.search(r"(\d+) review item\(s\) open", text)[1])  # type: ignore[index]
              for text in (result.output, reread.output)]  # fmt: skip
    assert opened[1] == opened[0] - 2, reread.output


def test_missing_input_is_bad_input(app: typer.Typer, tmp_path: Path):
    result = CliRunner().invoke(app, ["scan", "read", str(tmp_path / "nope"), "-o", str(tmp_path)])
    assert result.exit_code == 2


SAMPLE = Path(__file__).resolve().parents[3] / "sample_data" / "club-evening"


@pytest.mark.skipif(not (SAMPLE / "scans" / "session1.pdf").exists(), reason="no sample scans")
def test_scan_read_with_the_event_checks_rows_against_the_movement(
    app: typer.Typer, tmp_path: Path
):
    """Three pages of the sample evening's scans, read with its event file: every accepted
    row is exactly what the table wrote (sample_data/club-evening/scans/truth.json)."""
    import pypdfium2 as pdfium

    src = pdfium.PdfDocument(str(SAMPLE / "scans" / "session1.pdf"))
    part = pdfium.PdfDocument.new()
    part.import_pages(src, [0, 1, 2])
    pdf = tmp_path / "three.pdf"
    part.save(str(pdf))
    out = tmp_path / "out"
    result = CliRunner().invoke(
        app, ["scan", "read", str(pdf), "-o", str(out), "--event",
              str(SAMPLE / "event.yaml"), "--session", "1"],
    )  # fmt: skip
    assert result.exit_code in (0, 1), result.output
    assert "3 page(s)" in result.output
    assert (out / "findings.txt").exists()
    truth = json.loads((SAMPLE / "scans" / "truth.json").read_text("utf-8"))
    want = {(p["board"], r["row"]): r for p in truth for r in p["rows"]}
    rows = loads((out / "travellers.json").read_text("utf-8"))
    assert len(rows) >= 10
    for r in rows:
        t = want[(r.board, r.source.row)]
        contract = None if r.contract is None else str(r.contract)
        declarer = None if r.declarer is None else str(r.declarer)
        assert (r.ns_pair, r.ew_pair, contract, declarer, r.tricks) == (
            t["ns_pair"], t["ew_pair"], t["contract"], t["declarer"], t["tricks"],
        )  # fmt: skip
        assert r.round == t["round"]
