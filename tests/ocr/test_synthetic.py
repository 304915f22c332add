"""The synthetic traveller generator: truth that matches the paper, the split, the scan."""

from __future__ import annotations

import dataclasses

import cv2
import numpy as np
import pytest

from ocr.layout import (
    EW_PAIR_WRITTEN,
    LEVEL,
    NS_PAIR_WRITTEN,
    SCORE,
    FieldKind,
    load_layout,
)
from ocr.qrpayload import parse
from ocr.training.synthetic import TEST, TRAINING, generate_session, load_truth, split_named
from ocr.training.synthetic.mark_styles import mark_alpha
from ocr.training.synthetic.scan import quarter_turn_matrix
from ocr.training.synthetic.sources import Distortion
from ocr.training.synthetic.writers import TEST_FONTS, TRAIN_FONTS
from scoring.board import Vulnerability
from scoring.contract import Seat

CLEAN = dataclasses.replace(
    TRAINING,
    distortion=Distortion(
        dpis=(150,),
        quarter_turns=(0,),
        max_skew_deg=0.0,
        max_perspective_mm=0.0,
        blur_sigma_px=(0.0, 0.0),
        noise_sigma=(0.0, 0.0),
        jpeg_quality=(95, 95),
        lossless_share=1.0,
        shadow_strength=(0.0, 0.0),
        greyscale_share=1.0,
        dark_background_share=0.0,
    ),
)


def _decode(page) -> np.ndarray:
    return cv2.imdecode(np.frombuffer(page.image, np.uint8), cv2.IMREAD_GRAYSCALE)


def _upright(page, dpi: int = 150) -> np.ndarray:
    """Warp a scanned page back onto the form with the ground-truth transform."""
    lay = load_layout(page.truth.paper)
    s = dpi / 25.4
    back = np.diag([s, s, 1.0]) @ np.linalg.inv(np.array(page.truth.mm_to_px))
    return cv2.warpPerspective(_decode(page), back, lay.page_px(dpi), borderValue=255)


@pytest.fixture(scope="module")
def clean_pages():
    return generate_session(None, [1, 2, 3], tables=13, split=CLEAN, seed=7, raster_dpi=150)


# ---- the split ----------------------------------------------------------------------------


def test_training_and_test_sources_do_not_overlap():
    """Split by source, never by sample: every source is on one side only."""
    assert not set(TRAIN_FONTS) & set(TEST_FONTS)
    families = lambda fonts: {f.name.split("-")[0].rstrip("BdIt_").lower() for f in fonts}  # noqa: E731
    assert not families(TRAIN_FONTS) & families(TEST_FONTS)
    assert not set(TRAINING.real_digits) & set(TEST.real_digits)
    assert TRAINING.skeletons != TEST.skeletons
    assert TRAINING.writer_ids[1] <= TEST.writer_ids[0]
    assert not {p.name for p in TRAINING.pens + TRAINING.pencils} & {
        p.name for p in TEST.pens + TEST.pencils
    }
    styles = lambda split: {  # noqa: E731
        n for c in split.conditions for n, _ in split.condition(c).mark_styles
    }
    assert not styles(TRAINING) & styles(TEST)
    assert {n for n, _ in TEST.condition("scribble").mark_styles} == {"pen-scribble", "pen-slash"}
    specks = lambda split: {c.distortion.speckle for c in split.conditions.values()} - {""}  # noqa: E731
    assert specks(TRAINING) == {"toner-and-settled-dust"} and specks(TEST) == {"dust-and-hairs"}
    assert not set(TRAINING.papers) & set(TEST.papers)
    assert not set(TRAINING.damages) & set(TEST.damages)
    scanners = lambda split: {c.distortion.name for c in split.conditions.values()}  # noqa: E731
    assert not scanners(TRAINING) & scanners(TEST)
    assert set(TRAINING.conditions) == set(TEST.conditions)
    assert split_named("TEST") is TEST
    assert split_named("test:phone").distortion.name == "test-phone"
    with pytest.raises(ValueError, match="unknown split"):
        split_named("validation")
    with pytest.raises(ValueError, match="no condition 'sunny'"):
        split_named("test:sunny")


def test_test_pages_use_only_test_sources():
    pages = generate_session(None, [1, 2], tables=14, split=TEST, seed=5, raster_dpi=150, dpi=150)
    tags = [d.source for p in pages for d in p.truth.digits]
    assert len(tags) > 40
    test_fonts = {f.name for f in TEST_FONTS}
    for tag in tags:
        kind, _, rest = tag.partition(":")
        assert kind in ("mnist", "pyclustering", "font", "strokes"), tag
        if kind == "font":
            assert rest in test_fonts, tag
        if kind == "strokes":
            skeletons, writer = rest.split(":")
            assert skeletons == "B" and TEST.writer_ids[0] <= int(writer) < TEST.writer_ids[1]
    test_pens = {p.name for p in TEST.pens + TEST.pencils}
    test_styles = {n for n, _ in TEST.mark_styles}
    for m in (m for p in pages for m in p.truth.marks if m.intended):
        assert m.ink in test_pens and m.style in test_styles, m


# ---- pages ------------------------------------------------------------------------------


def test_same_seed_same_files_other_seed_other_files():
    a = generate_session(None, [4], tables=4, split=TEST, seed=3, raster_dpi=150, dpi=150)
    b = generate_session(None, [4], tables=4, split=TEST, seed=3, raster_dpi=150, dpi=150)
    c = generate_session(None, [4], tables=4, split=TEST, seed=4, raster_dpi=150, dpi=150)
    assert a[0].image == b[0].image and a[0].truth == b[0].truth
    assert a[0].image != c[0].image and a[0].truth.rows != c[0].truth.rows


def _ink(upright: np.ndarray, rect, dpi: int = 150, light: int = 170) -> float:
    """Share of a box's inside (0.6 mm in from the printed edge) darker than ``light``.

    170 lies below the dropout captions (199) and above the lightest pencil mark.
    """
    x0, y0, x1, y1 = rect.inset(0.6).to_px(dpi)
    return float((upright[y0:y1, x0:x1] < light).mean())


def _ring_ink(upright: np.ndarray, rect, dpi: int = 150) -> float:
    """Share of a 1.5 mm frame just outside a box (0.4 mm off its edge) that is dark."""
    outer = rect.inset(-1.9).to_px(dpi)
    inner = rect.inset(-0.4).to_px(dpi)
    frame = upright[outer[1] : outer[3], outer[0] : outer[2]] < 170
    frame[inner[1] - outer[1] : inner[3] - outer[1], inner[0] - outer[0] : inner[2] - outer[0]] = (
        False
    )
    return float(frame.mean())


def _gap_mm(a, b) -> float:
    """The gap between two boxes (0 where they touch or overlap)."""
    return max(0.0, b.x - a.x1, a.x - b.x1, b.y - a.y1, a.y - b.y1)


def test_dots_are_put_in_the_box_or_one_in_four_on_its_edge():
    """TRAINING's dot: round, inside the box three times in four; one time in four its
    centre lies on the printed edge or a corner, or up to half its radius either side."""
    w = h = 27.0  # a 4.5 mm box at 150 dpi, placed at (12, 12) in the patch
    on_edge = 0
    for seed in range(400):
        alpha = mark_alpha("dot", w, h, 12.0, 2, np.random.default_rng(seed))
        ys, xs = np.nonzero(alpha > 0.5)
        cx, cy = xs.mean() - 12, ys.mean() - 12
        r = np.sqrt(len(xs) / np.pi)
        from_edge = min(cx, cy, w - cx, h - cy)  # negative outside the box
        assert from_edge > -0.5 * r - 1.5
        if from_edge < 0.6 * r + 1.5:
            on_edge += 1
        else:
            assert from_edge > 0.25 * w  # near the middle
    assert 80 <= on_edge <= 120


def test_marks_on_paper_are_exactly_the_truth(clean_pages):
    lay = load_layout("A4")
    rects = {(b.row, b.field, b.option): b.rect for b in lay.boxes(FieldKind.MARKS)}
    for page in clean_pages:
        up = _upright(page)
        meant = page.truth.intended_marks()
        style = {(m.row, m.field, m.option): m.style for m in page.truth.marks}
        erased = {(m.row, m.field, m.option) for m in page.truth.marks if not m.intended}
        for box in lay.boxes(FieldKind.MARKS):
            key = (box.row, box.field, box.option)
            ink = _ink(up, box.rect)
            if key in meant and style[key] in ("ring", "circle"):  # around the box, not in it
                # a circle may cut the corners of the box's inside, or run across its top
                # and bottom when squashed
                assert ink < 0.35 and _ring_ink(up, box.rect) > 0.08, (page.truth.board, key)
            elif key in meant and style[key] == "dot":
                pass  # in the box, or one in four on its edge: the test above
            elif key in meant:
                assert ink > (0.02 if "dot" in style[key] else 0.08), (page.truth.board, key)
            elif key not in erased:
                # a clean box; a neighbour's overshooting stroke may touch a corner of it,
                # and a big ring round any box next to it (off centre one time in four)
                # may run through its side
                options = lay.field(box.row, box.field).options
                i = options.index(box.option)
                near = [(box.row, box.field, options[j]) for j in (i - 1, i + 1)
                        if 0 <= j < len(options)]  # fmt: skip
                spill = any(k in meant for k in near)
                ring = any(
                    style[k] == "ring" and _gap_mm(box.rect, rects[k]) <= 2.0
                    for k in meant
                    if k in style and k[0] == box.row
                )
                assert ink < (0.4 if ring else 0.2 if spill else 0.05), (page.truth.board, key)
        # Rows nobody filled stay clean (a speck of the scanner's dust at most), but where
        # a ring drawn off centre round a box of the last row reaches down into the next
        # row's box (it reaches 3.2 mm past its box).
        rings = [rects[k] for k in meant if style.get(k) == "ring"]
        for row in lay.rows[len(page.truth.rows) :]:
            for f in row.fields:
                if f.kind is FieldKind.PRINTED:
                    continue
                for b in f.boxes:
                    if not any(_gap_mm(b.rect, r) <= 3.2 for r in rings):
                        assert _ink(up, b.rect) < 0.02, (page.truth.board, row.number, b.option)


def test_written_digits_are_the_written_score_and_pairs(clean_pages):
    lay = load_layout("A4")
    for page in clean_pages:
        up = _upright(page)
        by_field: dict[tuple[int, str], dict[int, int]] = {}
        for d in page.truth.digits:
            by_field.setdefault((d.row, d.field), {})[d.position] = d.digit
            box = lay.box(d.row, d.field, str(d.position))  # no caption in a digit box: any
            assert _ink(up, box, light=200) > 0.02  # grey counts (pencil); a thin "1": 0.04
        for r in page.truth.rows:
            got = by_field.get((r.row, SCORE), {})
            text = "".join(str(got[p]) for p in sorted(got))
            assert text == ("" if r.written_score is None else str(r.written_score))
            # right-aligned unless the player left-aligned: the digits are contiguous
            assert sorted(got) == list(range(min(got), min(got) + len(got))) if got else True
            if r.pairs_changed:
                ns = by_field[(r.row, NS_PAIR_WRITTEN)]
                assert int("".join(str(ns[p]) for p in sorted(ns))) == r.ns_pair
            else:
                assert (r.row, NS_PAIR_WRITTEN) not in by_field
                assert (r.row, EW_PAIR_WRITTEN) not in by_field


@pytest.mark.parametrize("turns", [0, 1, 2, 3])
def test_truth_transform_matches_the_markers_in_the_scan(turns):
    (page,) = generate_session(
        None,
        [turns + 1],
        tables=3,
        split=TEST,
        seed=turns,
        raster_dpi=150,
        dpi=150,
        quarter_turns=turns,
    )
    img = _decode(page)
    det = cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50))
    corners, ids, _ = det.detectMarkers(img)
    assert ids is not None and sorted(ids.ravel().tolist()) == [10, 11, 12, 13]
    h = np.array(page.truth.mm_to_px)
    lay = load_layout("A4")
    for c, i in zip(corners, ids.ravel(), strict=True):
        want = cv2.perspectiveTransform(np.array([lay.marker_corners()[int(i)]], float), h)[0]
        assert np.abs(c.reshape(4, 2) - want).max() < 3.0  # px at 150 dpi: 0.5 mm
    assert page.truth.quarter_turns == turns
    tl = cv2.perspectiveTransform(np.array([[lay.marker(10).rect.center]], float), h)[0, 0]
    hh, ww = img.shape
    # marker 10 (top left of the form) ends up in the corner the turn takes it to
    corner = [(0, 0), (0, 1), (1, 1), (1, 0)][turns]  # (x side, y side) counter-clockwise
    assert (tl[0] > ww / 2) == bool(corner[0]) and (tl[1] > hh / 2) == bool(corner[1])


def test_quarter_turn_matrix_agrees_with_opencv_rotate():
    img = np.arange(12, dtype=np.uint8).reshape(3, 4)
    for k, code in [
        (1, cv2.ROTATE_90_COUNTERCLOCKWISE),
        (2, cv2.ROTATE_180),
        (3, cv2.ROTATE_90_CLOCKWISE),
    ]:
        rot = cv2.rotate(img, code)
        m = quarter_turn_matrix(k, 4, 3)
        for y in range(3):
            for x in range(4):
                nx, ny, _ = m @ (x, y, 1)
                assert rot[int(ny), int(nx)] == img[y, x]


def _qr(page) -> str:
    """The QR text OpenCV reads on the page put back upright at 200 dpi."""
    try:
        text, _, _ = cv2.QRCodeDetector().detectAndDecode(_upright(page, 200))
    except cv2.error:  # OpenCV raises on some damaged symbols instead of returning ""
        return ""
    return text


def test_qr_reads_back_the_board_from_the_rectified_scan(clean_pages):
    for page in clean_pages:
        text = _qr(page)
        assert text == page.truth.qr_text
        assert parse(text).board == page.truth.board


def test_files_and_truth_json_round_trip(tmp_path):
    pages = generate_session(
        tmp_path, [9, 10], tables=4, split=TRAINING, seed=2, raster_dpi=150, dpi=150
    )
    assert (tmp_path / "travellers.pdf").read_bytes().startswith(b"%PDF")
    for i, page in enumerate(pages, start=1):
        truth = load_truth(tmp_path / f"page_{i:04d}.json")
        assert truth == page.truth
        assert (tmp_path / truth.image).read_bytes() == page.image
    t = load_truth(tmp_path / "page_0002.json")
    # board 10 is vulnerable both ways (Law 2), dealer East
    assert (t.board, t.vulnerability, t.dealer) == (10, Vulnerability.BOTH, Seat.EAST)
    assert [r.law77_score_ns() for r in t.traveller_rows()] == [r.ns_score for r in t.rows]


def test_bad_json_names_the_file(tmp_path):
    bad = tmp_path / "page_0001.json"
    bad.write_text('{"image": "x.jpg"}')
    with pytest.raises(ValueError, match="page_0001.json: not a bridgescan ground-truth"):
        load_truth(bad)


def test_blank_form_rows_have_written_pairs():
    (page,) = generate_session(
        None, [5], tables=6, split=CLEAN, seed=1, blank_form=True, raster_dpi=150, paper="Letter"
    )
    t = page.truth
    assert t.blank_form and t.paper == "Letter" and parse(t.qr_text).is_blank_form
    fields = {(d.row, d.field) for d in t.digits}
    for r in t.rows:
        assert r.printed_ns is None and not r.pairs_changed
        assert (r.row, NS_PAIR_WRITTEN) in fields and (r.row, EW_PAIR_WRITTEN) in fields


@pytest.mark.parametrize("defect", ["blank", "half_page", "qr_damaged", "not_a_traveller"])
def test_bad_page_cases(defect):
    pages = generate_session(
        None, [1, 2], tables=8, split=CLEAN, seed=3, raster_dpi=150, defects={2: defect}
    )
    good, bad = pages[0].truth, pages[1].truth
    assert good.defect == "" and len(good.rows) == 8
    assert bad.defect == defect
    lay = load_layout("A4")
    up = _upright(pages[1])
    qr_text = _qr(pages[1])
    if defect in ("blank", "not_a_traveller"):
        assert bad.rows == () and bad.marks == () and bad.digits == ()
    if defect == "not_a_traveller":
        assert bad.qr_text == "" and qr_text == ""
    if defect == "qr_damaged":
        assert qr_text == "" and bad.qr_text.startswith("BSC3|")
    if defect == "half_page":
        assert len(bad.rows) == 8
        bottom = lay.box(15, LEVEL, "1")
        assert _ink(up, bottom) < 0.01 and _ink(up, lay.rows[14].timing_mark) < 0.01
    if defect == "blank":
        assert qr_text == bad.qr_text


def test_same_seed_other_scanner_is_a_rescan_of_the_same_paper():
    (a,) = generate_session(None, [5], tables=4, split=TEST, seed=1, raster_dpi=150, dpi=150)
    (b,) = generate_session(
        None, [5], tables=4, split=TEST, seed=1, raster_dpi=150, dpi=200, quarter_turns=2
    )
    assert (a.truth.rows, a.truth.marks, a.truth.digits) == (
        b.truth.rows,
        b.truth.marks,
        b.truth.digits,
    )
    assert a.image != b.image and (a.truth.dpi, b.truth.dpi, b.truth.quarter_turns) == (150, 200, 2)
