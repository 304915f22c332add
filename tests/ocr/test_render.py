"""Printing travellers: the PDF, its markers and QR code, and the QR payload format."""

from __future__ import annotations

from urllib.parse import quote

import cv2
import numpy as np
import pypdfium2 as pdfium
import pytest
from hypothesis import given
from hypothesis import strategies as st

from ocr.layout import LEVEL, NS_PAIR, PAPERS, ROUND, SCORE, load_layout
from ocr.qrpayload import QrPayload, QrPayloadError, encode, make_qr, parse
from ocr.render import (
    DROPOUT_GREY,
    PrintedRow,
    RenderError,
    TravellerSheet,
    aruco_bits,
    blank_sheets,
    render_pdf,
)

DPI = 150


def _sheet(board: int, tables: int = 7) -> TravellerSheet:
    rows = tuple(PrintedRow(r, r, tables + (r + board) % tables + 1) for r in range(1, tables + 1))
    return TravellerSheet(
        board=board, rows=rows, event="club|2026-11-22", session="1", section="A", title="Tuesday"
    )


def _raster(pdf: bytes, page: int = 0) -> np.ndarray:
    doc = pdfium.PdfDocument(pdf)
    return np.array(doc[page].render(scale=DPI / 72, grayscale=True).to_pil().convert("L"))


@pytest.fixture(scope="module")
def a4_pdf() -> bytes:
    return render_pdf([_sheet(1), _sheet(2), _sheet(3)], paper="A4")


@pytest.fixture(scope="module")
def a4_page(a4_pdf) -> np.ndarray:
    return _raster(a4_pdf, 1)  # board 2


# ---- QR payload -------------------------------------------------------------------------


def test_encode_is_the_documented_text():
    p = QrPayload(board=12, event="club|1", session="2", section="A")
    assert encode(p) == "BSC|1|A4|12|club%7C1|2|A"
    assert encode(QrPayload(board=3, paper="Letter")) == "BSC|1|Letter|3|||"


@given(
    board=st.integers(min_value=1, max_value=999),
    event=st.text(max_size=20),
    session=st.text(max_size=6),
    section=st.text(max_size=3),
    paper=st.sampled_from(PAPERS),
)
def test_payload_round_trips(board, event, session, section, paper):
    try:
        p = QrPayload(board=board, event=event, session=session, section=section, paper=paper)
    except QrPayloadError:
        # only refused when the encoded text is too long for a small symbol
        text = f"BSC|1|{paper}|{board}|" + "|".join(
            quote(t, safe="") for t in (event, session, section)
        )
        assert len(text) > 84
        return
    assert parse(encode(p)) == p


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("https://example.com", "not a bridgescan traveller"),
        ("BSC|1|A4|12|e|s", "not a bridgescan traveller"),
        ("XYZ|1|A4|12|e|s|x", "not a bridgescan traveller"),
        ("BSC|1|A4|twelve|e|s|x", "must be numbers"),
        ("BSC|1|A4|0|e|s|x", "board number 0 outside"),
        ("BSC|1|A5|4|e|s|x", "paper 'A5'"),
        ("BSC|0|A4|4|e|s|x", "form version 0"),
        ("BSC|1|A4|4|%FF|s|x", "bad text encoding"),
    ],
)
def test_parse_rejects_foreign_or_damaged_text(text, message):
    with pytest.raises(QrPayloadError, match=message):
        parse(text)


def test_long_names_are_refused_before_printing():
    # "BSC|1|A4|1|" is 11 bytes, "||" 2 more: 71 event characters make 84, 72 make 85
    assert QrPayload(board=1, event="x" * 71).event == "x" * 71
    with pytest.raises(QrPayloadError, match="85 bytes in the QR code, at most 84"):
        QrPayload(board=1, event="x" * 72)
    with pytest.raises(QrPayloadError, match="at most 84"):
        QrPayload(board=1, event="é" * 12)  # 6 bytes each once percent-encoded


def test_symbol_is_small_enough_for_a_150_dpi_scan():
    # "BSC|1|Letter|999|" is 17 bytes + 40 + 1 + 16 + 1 + 9 = 84, the longest allowed; it fits
    # version 5 (37 modules): 27 mm / 37 = 0.73 mm a module,
    # 4.3 pixels at 150 dpi
    longest = QrPayload(
        board=999, event="e" * 40, session="s" * 16, section="x" * 9, paper="Letter"
    )
    assert len(encode(longest)) == 84
    assert len(make_qr(longest).matrix) <= 37


# ---- the PDF ----------------------------------------------------------------------------


@pytest.mark.parametrize(("paper", "points"), [("A4", (595.28, 841.89)), ("Letter", (612, 792))])
def test_one_page_per_traveller_in_paper_size(paper, points):
    pdf = render_pdf([_sheet(b) for b in (1, 2)], paper=paper)
    doc = pdfium.PdfDocument(pdf)
    assert len(doc) == 2
    assert doc[0].get_size() == pytest.approx(points, abs=0.05)


def test_rendering_is_deterministic(a4_pdf):
    assert render_pdf([_sheet(1), _sheet(2), _sheet(3)]) == a4_pdf


def test_markers_are_detected_where_the_layout_puts_them(a4_page):
    lay = load_layout("A4")
    det = cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50))
    corners, ids, _ = det.detectMarkers(a4_page)
    assert ids is not None and sorted(ids.ravel().tolist()) == [10, 11, 12, 13]
    for c, i in zip(corners, ids.ravel(), strict=True):
        want = np.array(lay.marker_corners()[int(i)]) * DPI / 25.4
        # detected corners sit on the marker's outer edge, within a pixel (0.17 mm)
        assert np.abs(c.reshape(4, 2) - want).max() <= 1.5


def test_qr_decodes_to_the_sheet(a4_page):
    """Board 2 of 7 tables prints on row r round r, NS r and EW 7 + (r + 2) mod 7 + 1:
    11, 12, 13, 14, then 8, 9, 10; the QR code carries that seating (``BSC3``)."""
    text, _, _ = cv2.QRCodeDetector().detectAndDecode(a4_page)
    seating = ((1, 1, 11), (2, 2, 12), (3, 3, 13), (4, 4, 14), (5, 5, 8), (6, 6, 9), (7, 7, 10))
    assert text.startswith("BSC3|")
    assert parse(text) == QrPayload(
        board=2, event="club|2026-11-22", session="1", section="A", seating=seating
    )


def test_qr_on_a_letter_blank_form():
    page = _raster(render_pdf(blank_sheets([17]), paper="Letter"))
    text, _, _ = cv2.QRCodeDetector().detectAndDecode(page)
    got = parse(text)
    assert (got.board, got.paper, got.is_blank_form) == (17, "Letter", True)


def _crop(page: np.ndarray, rect) -> np.ndarray:
    x0, y0, x1, y1 = rect.to_px(DPI)
    return page[y0:y1, x0:x1]


def test_mark_box_insides_are_paper_white_for_the_reader(a4_page):
    lay = load_layout("A4")
    for opt in ("1", "7"):
        inside = _crop(a4_page, lay.box(1, LEVEL, opt).inset(0.5))
        # the dropout caption is there (not pure white) but far lighter than any ink
        assert inside.min() >= 255 * DROPOUT_GREY - 20
        assert inside.min() < 250
    border = _crop(a4_page, lay.box(1, LEVEL, "1"))
    assert border.min() < 60  # the printed outline is black


def test_timing_marks_are_solid_black_and_digit_boxes_empty(a4_page):
    lay = load_layout("A4")
    for row in lay.rows:
        assert _crop(a4_page, row.timing_mark.inset(0.4)).max() < 40
    assert _crop(a4_page, lay.box(1, SCORE, "0").inset(0.6)).min() > 245


def test_pre_printed_pairs_only_on_used_rows(a4_page):
    lay = load_layout("A4")
    ink = lambda r: int((_crop(a4_page, r) < 128).sum())  # noqa: E731
    assert ink(lay.box(1, ROUND)) > 20 and ink(lay.box(7, NS_PAIR)) > 20
    assert ink(lay.box(8, ROUND)) == 0 and ink(lay.box(8, NS_PAIR)) == 0


def test_aruco_bits_have_a_black_border():
    bits = aruco_bits("DICT_4X4_50", 10)
    assert len(bits) == 6 and all(bits[0]) and all(bits[-1])
    assert all(r[0] and r[-1] for r in bits)
    assert bits != aruco_bits("DICT_4X4_50", 11)


def test_too_many_rows_is_refused_naming_the_board():
    rows = tuple(PrintedRow(r, r, r + 20) for r in range(1, 17))
    with pytest.raises(RenderError, match="board 5: 16 rows do not fit the form's 15 rows"):
        render_pdf([TravellerSheet(board=5, rows=rows)])


def test_nothing_to_print_is_an_error():
    with pytest.raises(RenderError, match="no travellers"):
        render_pdf([])


def test_writes_the_file(tmp_path):
    out = tmp_path / "t.pdf"
    data = render_pdf(blank_sheets([1, 2]), out)
    assert out.read_bytes() == data and data.startswith(b"%PDF")
