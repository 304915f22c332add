"""The review queue: JSON + workbook with crops, append-only decisions, labelled corrections."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import cv2
import numpy as np
import pytest
from openpyxl import load_workbook

from ocr.align import WORK_DPI
from ocr.layout import SCORE, load_layout
from ocr.reading import (
    Crop,
    PageProblem,
    PageReading,
    PageRef,
    RowReading,
    RowResult,
    RowStatus,
)
from ocr.row_reader import DIGIT_INSET_MM
from pipeline.doors.scans.review import (
    DECISIONS_FILE,
    QUEUE_FILE,
    SHEET_NAME,
    ReviewError,
    build_queue,
    load_decisions,
    load_queue,
    open_items,
    parse_row_value,
    resolve,
    write_queue,
    write_sheet,
)
from scoring.contract import Contract, Seat

ROW = 2


def _row_crop_with_score(text: str) -> bytes:
    """A row band image (150 dpi) with ``text`` handwritten right-aligned in the score comb."""
    layout = load_layout()
    row = layout.row(ROW)
    s = WORK_DPI / 25.4
    img = np.full((round(row.rect.height * s), round(row.rect.width * s)), 235, np.uint8)
    boxes = row.field(SCORE).boxes
    for box, ch in zip(boxes[len(boxes) - len(text) :], text, strict=True):
        r = box.rect.inset(DIGIT_INSET_MM + 1)
        x, y = round((r.x - row.rect.x) * s), round((r.y1 - row.rect.y) * s)
        cv2.putText(img, ch, (x, y - 4), cv2.FONT_HERSHEY_SIMPLEX, 1.2, 20, 3)
    ok, buf = cv2.imencode(".png", img)
    return buf.tobytes()


def _pages() -> list[PageReading]:
    ref = PageRef("=scan1.png", 1)  # a file name that looks like a formula stays text
    best = RowResult(3, 12, False, Contract.parse("4S"), Seat.NORTH, 10, 620)
    alt = RowResult(3, 12, False, Contract.parse("4S"), Seat.SOUTH, 10, 620)
    review = RowReading(
        ref, ROW, 2, (), best, 0.7, ((alt, 0.3),), RowStatus.REVIEW,
        ("posterior 0.700 below 0.995",), Crop(ref, (0, 0, 1, 1), _row_crop_with_score("620")),
    )  # fmt: skip
    accepted = RowReading(ref, 1, 1, (), best, 1.0, (), RowStatus.ACCEPTED, (), Crop(ref, (0,) * 4))
    bad = PageReading(
        PageRef("half.jpg", 1), None, None, None, None, (), (PageProblem.PARTIAL_PAGE,),
        "only corner marker(s) 10, 11 of 4 found", Crop(PageRef("half.jpg"), (0,) * 4, b"\x89PNG"),
    )  # fmt: skip
    good = PageReading(ref, 7, "qr", None, 0, (accepted, review), (PageProblem.UPSIDE_DOWN,))
    return [good, bad]


@pytest.fixture
def queue_dir(tmp_path: Path) -> Path:
    write_queue(build_queue(_pages()), tmp_path)
    return tmp_path


def test_queue_holds_bad_pages_and_unsure_rows_only():
    items = build_queue(_pages())
    assert [(i.kind, i.row) for i in items] == [("row", ROW), ("page", None)]
    row, page = items
    assert row.id == "=scan1.png#p1r2" and row.board == 7
    assert row.candidates == (("3-12 4S N = +620", 0.7), ("3-12 4S S = +620", 0.3))
    assert "partial_page" in page.reasons and page.crop_png == b"\x89PNG"


def test_json_round_trip_keeps_crops_as_files(queue_dir: Path):
    items = load_queue(queue_dir)
    assert items == build_queue(_pages())
    data = json.loads((queue_dir / QUEUE_FILE).read_text("utf-8"))
    assert data["items"][0]["crop"] == "crops/=scan1.png_p1r2.png"
    assert (queue_dir / data["items"][0]["crop"]).read_bytes()[:4] == b"\x89PNG"


def test_sheet_embeds_crops_beside_the_candidates(queue_dir: Path):
    path = write_sheet(load_queue(queue_dir)[:1], queue_dir / "review.xlsx")
    ws = load_workbook(path)[SHEET_NAME]
    assert [c.value for c in ws[1]][:8] == ["Item", "File", "Page", "Row", "Board", "Why",
                                            "Crop", "Candidate 1"]  # fmt: skip
    assert ws["B2"].value == "=scan1.png" and ws["B2"].data_type == "s"
    assert ws["H2"].value == "3-12 4S N = +620" and ws["I2"].value == 0.7
    assert ws["J2"].value == "3-12 4S S = +620"
    assert len(ws._images) == 1


def test_resolving_appends_a_decision_and_never_touches_the_queue(queue_dir: Path):
    before = (queue_dir / QUEUE_FILE).read_bytes()
    when = datetime(2026, 11, 22, 21, 30, tzinfo=UTC)
    d = resolve(queue_dir, "=scan1.png#p1r2", "Kari TD", "candidate 2", "asked the table", when)
    assert (d.who, d.when, d.value) == ("Kari TD", "2026-11-22T21:30:00+00:00", "3-12 4S S = +620")
    assert (queue_dir / QUEUE_FILE).read_bytes() == before
    d2 = resolve(queue_dir, "half.jpg#p1", "Kari TD", "reject")
    assert load_decisions(queue_dir) == [d, d2]
    assert len((queue_dir / DECISIONS_FILE).read_text().splitlines()) == 2
    assert open_items(load_queue(queue_dir), load_decisions(queue_dir)) == []


def test_a_decided_score_is_stored_as_labelled_digit_crops(queue_dir: Path):
    resolve(queue_dir, "=scan1.png#p1r2", "Kari", "3-12 4S N = 620")
    stored = sorted(p.parent.name for p in (queue_dir / "corrections").rglob("*.png"))
    # The score comb shows 6, 2, 0; the pair boxes of the crop are empty.
    assert stored == ["0", "2", "6"]


@pytest.mark.parametrize(
    ("item", "value", "message"),
    [
        ("nope#p1", "reject", "no review item"),
        ("=scan1.png#p1r2", "candidate 9", "there are 2 candidates"),
        ("=scan1.png#p1r2", "4S", "needs declarer and result"),
        ("half.jpg#p1", "4S N =", "a page item takes"),
    ],
)
def test_bad_decisions_are_refused(queue_dir: Path, item: str, value: str, message: str):
    with pytest.raises(ReviewError, match=message):
        resolve(queue_dir, item, "Kari", value)
    assert not (queue_dir / DECISIONS_FILE).exists()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("3-12 4HX N -1 -200", RowResult(3, 12, False, Contract.parse("4HX"), Seat.NORTH, 9, -200)),
        ("4S S = 620", RowResult(None, None, False, Contract.parse("4S"), Seat.SOUTH, 10, 620)),
        ("5-9 pass", RowResult(5, 9, True, None, None, None, 0)),
        ("3UT Ø +1", RowResult(None, None, False, Contract.parse("3NT"), Seat.EAST, 10, None)),
    ],
)
def test_row_values_as_a_person_types_them(text: str, expected: RowResult):
    assert parse_row_value(text) == expected
