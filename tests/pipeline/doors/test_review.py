"""The review queue: items with their checks and candidates, decisions kept in the event store
(checked against Law 77 and the movement, superseding, imported from a filled sheet), and
labelled digit crops.

Board 7 is vulnerable for both sides (Law 2): 4S= by N scores +620, 4S+1 +650.
Board 12 is NS vulnerable: 4H= by S scores +620; 2HX= by S scores 120 + 500 + 50 = +670.
"""

from __future__ import annotations

import json
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import cv2
import numpy as np
import pytest
from openpyxl import load_workbook

from ocr.align import WORK_DPI
from ocr.box_crops import DIGIT_INSET_MM
from ocr.layout import SCORE, load_layout
from ocr.printed_pairs import PrintedPairs
from ocr.reading import (
    Candidate,
    Crop,
    FieldReading,
    PageProblem,
    PageReading,
    PageRef,
    RowReading,
    RowResult,
    RowStatus,
)
from pipeline.doors.scans.review import DecisionRefused, ReviewError, open_items
from pipeline.doors.scans.review_corrections import store_corrections
from pipeline.doors.scans.review_decisions import current_decisions, decide, decision_history
from pipeline.doors.scans.review_queue import QueueContext, build_queue
from pipeline.doors.scans.review_queue_file import QUEUE_FILE, load_queue, write_queue
from pipeline.doors.scans.review_sheet import (
    IMPORT_KIND,
    SHEET_NAME,
    import_decisions,
    unimported,
    write_sheet,
)
from pipeline.doors.scans.review_values import parse_row_value
from pipeline.doors.scans.reviewed_rows import review_rows
from pipeline.store import EventStore
from scoring.contract import Contract, Seat

ROW = 2
WHEN = datetime(2026, 11, 22, 21, 30, tzinfo=UTC)


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
    other = RowResult(1, 8, False, Contract.parse("3NT"), Seat.SOUTH, 9, 600)
    accepted = RowReading(
        ref, 1, 1, (), other, 1.0, (), RowStatus.ACCEPTED, (), Crop(ref, (0,) * 4)
    )
    bad = PageReading(
        PageRef("half.jpg", 1), None, None, None, None, (), (PageProblem.PARTIAL_PAGE,),
        "only corner marker(s) 10, 11 of 4 found", Crop(PageRef("half.jpg"), (0,) * 4, b"\x89PNG"),
    )  # fmt: skip
    good = PageReading(ref, 7, "qr", None, 0, (accepted, review), (PageProblem.UPSIDE_DOWN,))
    return [good, bad]


def _context() -> QueueContext:
    """Board 7 of a session of boards 1-8: the movement sends 1-8, 3-12 and 5-10 to it."""
    printed = PrintedPairs(((1, 1, 8), (2, 3, 12), (3, 5, 10)), ((1, 8), (3, 12), (5, 10)))
    return QueueContext(1, tuple(range(1, 9)), lambda board, section: printed)


@pytest.fixture
def items():
    return build_queue(_pages(), _context())


@pytest.fixture
def store(tmp_path: Path):
    with EventStore(tmp_path / "store.sqlite") as opened:
        yield opened


def test_queue_holds_bad_pages_and_unsure_rows_with_what_their_checks_need(items) -> None:
    assert [(i.kind, i.row) for i in items] == [("row", ROW), ("page", None)]
    row, page = items
    assert row.id == "=scan1.png#p1r2" and row.board == 7 and row.session == 1
    assert [(c.text, c.probability, c.fits) for c in row.candidates] == [
        ("3-12 4S N = +620", 0.7, True),
        ("3-12 4S S = +620", 0.3, True),
    ]
    assert row.vulnerability == "All" and row.pairs == (3, 12)
    assert row.movement == ((1, 8), (3, 12), (5, 10)) and row.taken == ((1, 8),)
    assert "partial_page" in page.reasons and page.crop_png == b"\x89PNG"


def _mismatch_row() -> RowReading:
    """Board 12, row 4 of the sample: 4H= by S marked, 620 written, the digits read as 670."""
    ref = PageRef("session1.pdf", 12)
    crop = Crop(ref, (0.0, 0.0, 1.0, 1.0))
    fields = (
        FieldReading(4, "score", "670", (Candidate("670", 0.8757), Candidate("070", 0.0324),
                                          Candidate("600", 0.0308)), crop, unsure=True),
        FieldReading(4, "score_side", "NS", (Candidate("NS", 0.9999),), crop),
    )  # fmt: skip
    read = RowResult(1, 9, False, Contract.parse("4H"), Seat.SOUTH, 10, 670)
    alt = RowResult(1, 9, False, Contract.parse("4HX"), Seat.SOUTH, 10, 670)
    return RowReading(ref, 4, 5, fields, read, 1.0, ((alt, 0.0),), RowStatus.REVIEW,
                      ("written score +670 is not the Law 77 score +620",), crop)  # fmt: skip


def test_a_misread_score_is_offered_with_the_law77_score_and_the_scores_read() -> None:
    page = PageReading(PageRef("session1.pdf", 12), 12, "qr", None, 0, (_mismatch_row(),))
    (item,) = build_queue([page])
    assert item.written == ((670, 0.8757), (70, 0.0324), (600, 0.0308))  # 70, 600: under 5%
    assert [(c.text, c.fits) for c in item.candidates] == [
        ("1-9 4H S = +620", True),  # the marks, scored by Law 77: what the crop shows
        ("1-9 2HX S = +670", True),  # a result that fits the score as read
        ("1-9 4H S = +670", False),  # the reader's readings, which do not fit Law 77
        ("1-9 4HX S = +670", False),
    ]
    assert item.candidates[0].why == "the contract and result as read, scored by Law 77"


def test_a_level_whose_options_tie_offers_the_other_levels_up_to_the_cap() -> None:
    """Board 1, no score written, the level's boxes all read empty: the reader keeps 1S,
    5S and 4S by South one down, each 1/7. After them the other levels, one down each, in
    the form's order, built by a rule (no posterior): 2S, 3S, 6S; 7S is the seventh
    button, over the cap of 6."""
    ref = PageRef("slip.png", 1)
    crop = Crop(ref, (0.0, 0.0, 1.0, 1.0))
    read, five, four = (
        RowResult(3, 8, False, Contract.parse(f"{n}S"), Seat.SOUTH, n + 5) for n in (1, 5, 4)
    )
    row = RowReading(ref, ROW, 1, (), read, 0.1429, ((five, 0.1429), (four, 0.1429)),
                     RowStatus.REVIEW, ("posterior 0.143 below 0.995",), crop)  # fmt: skip
    (item,) = build_queue([PageReading(ref, 1, "qr", None, 0, (row,))])
    assert [(c.text, c.probability) for c in item.candidates] == [
        ("3-8 1S S -1", 0.1429),
        ("3-8 5S S -1", 0.1429),
        ("3-8 4S S -1", 0.1429),
        ("3-8 2S S -1", None),
        ("3-8 3S S -1", None),
        ("3-8 6S S -1", None),
    ]
    assert item.candidates[3].why.startswith("as likely as the reader's reading")


def test_json_round_trip_keeps_crops_as_files(tmp_path: Path, items) -> None:
    write_queue(items, tmp_path)
    assert load_queue(tmp_path) == items
    data = json.loads((tmp_path / QUEUE_FILE).read_text("utf-8"))
    assert data["items"][0]["crop"] == "crops/=scan1.png_p1r2.png"
    assert data["items"][0]["state"] == "open" and data["items"][0]["decision"] is None
    assert (tmp_path / data["items"][0]["crop"]).read_bytes()[:4] == b"\x89PNG"


def test_a_decision_is_checked_recorded_and_replaced_by_a_later_one(store, items) -> None:
    first = decide(store, items, "=scan1.png#p1r2", "Kari TD", "candidate 2",
                   note="asked the table", when=WHEN)  # fmt: skip
    assert (first.who, first.when, first.value) == ("Kari TD", "2026-11-22T21:30:00+00:00",
                                                     "3-12 4S S = +620")  # fmt: skip
    second = decide(store, items, "=scan1.png#p1r2", "Ola TD", "3-12 4S N +1 650", when=WHEN)
    assert current_decisions(store) == {"=scan1.png#p1r2": second}
    assert decision_history(store, "=scan1.png#p1r2") == [first, second]
    page = decide(store, items, "half.jpg#p1", "Kari TD", "reject")
    assert open_items(items, current_decisions(store)) == []
    assert page.value == "reject" and store.verify() == 3


@pytest.mark.parametrize(
    ("value", "problem"),
    [
        (
            "3-12 4S N = 650",
            r"4S= by N scores \+620 for NS on board 7 \(both sides vulnerable\), "
            r"not \+650 \(Law 77\)",
        ),
        (
            "2-9 4S N = 620",
            r"pairs 2-9 do not play board 7 in the movement "
            r"\(it has 1-8, 3-12, 5-10\)",
        ),
        ("12-3 4S N = 620", "the movement has NS 3 v EW 12 on board 7, not NS 12 v EW 3"),
        ("1-8 4S N = 620", "pairs 1-8 already have a result on board 7"),
    ],
)
def test_a_decision_that_breaks_law77_or_the_movement_is_refused(store, items, value, problem):
    with pytest.raises(DecisionRefused, match=problem):
        decide(store, items, "=scan1.png#p1r2", "Kari", value)
    assert current_decisions(store) == {}


def test_an_override_needs_a_note_and_is_recorded_as_such(store, items) -> None:
    with pytest.raises(ReviewError, match="an override needs a note"):
        decide(store, items, "=scan1.png#p1r2", "Kari", "2-9 4S N = 620", override=True)
    taken = decide(store, items, "=scan1.png#p1r2", "Kari", "2-9 4S N = 620", override=True,
                   note="pairs 2 and 3 swapped tables in round 2")  # fmt: skip
    assert taken.override and "do not play board 7" in taken.overridden[0]
    assert store.latest("decision", "=scan1.png#p1r2").reason.startswith("pairs 2 and 3")


@pytest.mark.parametrize(
    ("item", "value", "message"),
    [
        ("nope#p1", "reject", "no review item"),
        ("=scan1.png#p1r2", "candidate 9", "there are 2 candidates"),
        ("=scan1.png#p1r2", "4S", "needs declarer and result"),
        ("half.jpg#p1", "4S N =", "a page item takes 'reject', 'keep' or 'board N'"),
        ("half.jpg#p1", "board 30", "board 30 is not a board of session 1"),
    ],
)
def test_unreadable_decisions_are_refused(store, items, item: str, value: str, message: str):
    with pytest.raises(ReviewError, match=message):
        decide(store, items, item, "Kari", value)
    assert store.verify() == 0


def _scanned_twice() -> list[PageReading]:
    """The good page of ``_pages`` flagged as a second scan of its board."""
    from dataclasses import replace

    good = _pages()[0]
    return [replace(good, problems=(PageProblem.DUPLICATE_BOARD,), message="board 7 twice")]


def test_a_rejected_page_gives_no_result_and_closes_its_rows(store) -> None:
    pages = _scanned_twice()
    read = review_rows(1, pages, {}, _context())
    assert [i.id for i in read.review] == ["=scan1.png#p1", "=scan1.png#p1r2"]
    assert read.rows == ()  # a page that waits for a person gives nothing yet
    decide(store, read.items, "=scan1.png#p1", "Kari", "reject")
    rejected = review_rows(1, pages, current_decisions(store), _context())
    assert rejected.rows == () and rejected.review == ()  # its row item closed with it


def test_a_kept_page_gives_its_accepted_rows_and_its_rows_are_decided(store) -> None:
    pages = _scanned_twice()
    decide(store, review_rows(1, pages, {}, _context()).items, "=scan1.png#p1", "Kari", "keep")
    kept = review_rows(1, pages, current_decisions(store), _context())
    assert [(r.board, r.ns_pair) for r in kept.rows] == [(7, 1)]  # the accepted row
    assert [i.id for i in kept.review] == ["=scan1.png#p1r2"]
    decide(store, kept.items, "=scan1.png#p1r2", "Kari", "candidate 1")
    again = review_rows(1, pages, current_decisions(store), _context())
    assert [(r.ns_pair, r.ew_pair, r.source.column) for r in again.rows] == [
        (1, 8, None), (3, 12, "review: Kari")]  # fmt: skip
    assert again.review == () and again.decided == 2


def test_a_decided_score_is_stored_as_labelled_digit_crops(tmp_path: Path, items) -> None:
    store_corrections(items[0], parse_row_value("3-12 4S N = 620"), tmp_path)
    stored = sorted(p.parent.name for p in (tmp_path / "corrections").rglob("*.png"))
    # The score comb shows 6, 2, 0; the pair boxes of the crop are empty.
    assert stored == ["0", "2", "6"]


def test_the_sheet_prints_on_a4_with_the_crop_beside_its_row(tmp_path: Path, items) -> None:
    path = write_sheet(items, tmp_path / "review.xlsx")
    ws = load_workbook(path)[SHEET_NAME]
    header = [c.value for c in ws[4]]
    assert header == ["Item", "Where", "Why", "Crop", "Candidates", "Decision", "By", "Note",
                      "Decided"]  # fmt: skip
    assert ws["A5"].value == "=scan1.png#p1r2" and ws["A5"].data_type == "s"
    assert ws["E5"].value.splitlines()[0] == ("1. 3-12 4S N = +620 (the reader's reading, p=0.70)")
    # Column D, beside its row; the page item's bytes are no image: it stays, without one.
    assert [(img.anchor._from.col, img.anchor._from.row) for img in ws._images] == [(3, 4)]
    assert str(ws.page_setup.paperSize) == ws.PAPERSIZE_A4
    assert ws.page_setup.orientation == "landscape" and ws.page_setup.fitToWidth == 1
    # Every item's cell wraps from the top; Decision, By and Note are on the fill-in
    # colour (each style made once and copied: the same two styles on every item).
    for row in ws.iter_rows(min_row=5, max_row=4 + len(items)):
        assert [(c.alignment.wrap_text, c.alignment.vertical) for c in row] == [(True, "top")] * 9
        assert [c.fill.fgColor.rgb[-6:] if c.fill.fill_type else None for c in row] == [
            None, None, None, None, None, "FFF2CC", "FFF2CC", "FFF2CC", None]  # fmt: skip


def _fill(path: Path, rows: dict[int, tuple[str, str, str]]) -> None:
    wb = load_workbook(path)
    ws = wb[SHEET_NAME]
    for row, (value, who, note) in rows.items():
        ws.cell(row=row, column=6, value=value)
        ws.cell(row=row, column=7, value=who)
        ws.cell(row=row, column=8, value=note)
    wb.save(path)


def test_a_filled_sheet_is_imported_whole_and_the_import_is_recorded(tmp_path, store, items):
    path = write_sheet(items, tmp_path / "review.xlsx")
    _fill(path, {5: ("candidate 2", "Kari", "asked"), 6: ("reject", "", "")})
    assert unimported(path, items, {}) == 2
    taken = import_decisions(store, items, path, "Ola", when=WHEN)
    assert [(d.item, d.value, d.who) for d in taken] == [
        ("=scan1.png#p1r2", "3-12 4S S = +620", "Kari"),
        ("half.jpg#p1", "reject", "Ola"),
    ]
    assert all(d.source.startswith("import of review.xlsx (sha256 ") for d in taken)
    (record,) = store.current(IMPORT_KIND).values()
    assert record.value["items"] == ["=scan1.png#p1r2", "half.jpg#p1"]
    assert unimported(path, items, current_decisions(store)) == 0
    records = store.verify()
    assert import_decisions(store, items, path, "Ola") == []  # twice: nothing more
    assert store.verify() == records


def test_an_import_with_one_bad_decision_records_nothing(tmp_path, store, items) -> None:
    path = write_sheet(items, tmp_path / "review.xlsx")
    _fill(path, {5: ("3-12 4S N = 650", "Kari", ""), 6: ("reject", "Kari", "")})
    with pytest.raises(
        ReviewError,
        match=r"nothing imported; 1 problem\(s\):\n  review.xlsx, "
        r"sheet Review, row 5: .*not \+650 \(Law 77\)",
    ):
        import_decisions(store, items, path)
    assert store.verify() == 0


def test_an_old_decisions_file_imports_the_same_way(tmp_path, store, items) -> None:
    path = tmp_path / "decisions.jsonl"
    path.write_text(json.dumps({"item": "half.jpg#p1", "who": "Kari", "when": "x",
                                "value": "reject", "note": ""}) + "\n")  # fmt: skip
    (taken,) = import_decisions(store, items, path)
    assert (taken.item, taken.value, taken.who) == ("half.jpg#p1", "reject", "Kari")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("3-12 4HX N -1 -200", RowResult(3, 12, False, Contract.parse("4HX"), Seat.NORTH, 9, -200)),
        ("4S S = 620", RowResult(None, None, False, Contract.parse("4S"), Seat.SOUTH, 10, 620)),
        ("5-9 pass", RowResult(5, 9, True, None, None, None, None)),
        ("5-9 passed out", RowResult(5, 9, True, None, None, None, None)),
        ("3UT Ø +1", RowResult(None, None, False, Contract.parse("3NT"), Seat.EAST, 10, None)),
    ],
)
def test_row_values_as_a_person_types_them(text: str, expected: RowResult):
    assert parse_row_value(text) == expected


def test_a_passed_out_button_reads_back_as_the_reading_it_shows():
    """The review queue offers a passed-out reading as its text, ``str(RowResult)``:
    ``5-9 passed out``. Clicking it (``candidate N``) parses that text, which read the
    word "out" as a score and refused the director's click."""
    passed = RowResult(5, 9, True, None, None, None, None)
    assert str(passed) == "5-9 passed out"
    assert parse_row_value(str(passed)) == passed


_CROP_ON_THE_SHEET = """
import sys
import cv2, numpy as np
from pipeline.doors.scans.review_sheet import _image
png = cv2.imencode(".png", np.full((30, 50), 200, np.uint8))[1].tobytes()
image = _image(png)
print(image.width, image.height, image.format, image._data() == png, _image(b"GIF89a..."))
print(*sorted(m for m in sys.modules if m.startswith("PIL.") and m.endswith("ImagePlugin")))
"""


def test_a_crop_goes_on_the_sheet_as_the_png_it_is_read_by_pillow_s_png_reader_alone():
    # Image.open would import Pillow's BMP, GIF, JPEG and PPM readers to try (17 ms of CPU)
    done = subprocess.run([sys.executable, "-c", _CROP_ON_THE_SHEET], capture_output=True,
                          text=True, check=True)  # fmt: skip
    assert done.stdout.splitlines() == ["50 30 png True None", "PIL.PngImagePlugin"]
