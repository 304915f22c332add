"""The traveller layout: geometry worked out by hand from templates/forms/traveller.yaml."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from ocr.layout import (
    DECLARER,
    DOUBLING,
    EW_PAIR_WRITTEN,
    LEVEL,
    NS_PAIR_WRITTEN,
    PAIRS_CHANGED,
    PAPERS,
    PASSED_OUT,
    RESULT_COUNT,
    RESULT_SIGN,
    ROUND,
    SCORE,
    SCORE_SIDE,
    STRAIN,
    FieldKind,
    LayoutError,
    Rect,
    load_layout,
)

LAYOUTS = {p: load_layout(p) for p in PAPERS}


@pytest.mark.parametrize(
    ("paper", "size", "offset"),
    [
        # content 190 x 262 centred: ((210-190)/2, (297-262)/2), ((215.9-190)/2, (279.4-262)/2)
        ("A4", (210.0, 297.0), (10.0, 17.5)),
        ("Letter", (215.9, 279.4), (12.95, 8.7)),
    ],
)
def test_paper_size_and_centred_content(paper, size, offset):
    lay = LAYOUTS[paper]
    assert (lay.page_width, lay.page_height) == size
    assert lay.content.x == pytest.approx(offset[0])
    assert lay.content.y == pytest.approx(offset[1])
    assert (lay.content.width, lay.content.height) == (190.0, 262.0)
    # at least 5 mm from every paper edge: inside any printer's unprintable margin
    assert min(offset) >= 5.0


@pytest.mark.parametrize(
    ("field", "options"),
    [
        (LEVEL, ("1", "2", "3", "4", "5", "6", "7")),
        (STRAIN, ("C", "D", "H", "S", "NT")),
        (DOUBLING, ("X", "XX")),
        (DECLARER, ("N", "E", "S", "W")),
        (RESULT_SIGN, ("=", "+", "-")),
        (RESULT_COUNT, tuple(str(n) for n in range(1, 14))),
        (PASSED_OUT, ("PASS",)),
        (PAIRS_CHANGED, ("CHANGED",)),
        (SCORE_SIDE, ("NS", "EW")),
        (SCORE, ("0", "1", "2", "3")),
        (NS_PAIR_WRITTEN, ("0", "1")),
        (EW_PAIR_WRITTEN, ("0", "1")),
        (ROUND, ("",)),
    ],
)
def test_field_options(field, options):
    for lay in LAYOUTS.values():
        assert lay.field(1, field).options == options
        assert lay.field(len(lay.rows), field).options == options


def test_box_addresses_worked_by_hand():
    a4 = LAYOUTS["A4"]
    # level "1": x = 10 + 51; line 0 of row 1 at 17.5 + 46 + 0.6, box 4.5 centred in the
    # 5 mm line: + 0.25
    assert a4.box(1, LEVEL, "1") == Rect(61.0, 64.35, 4.5, 4.5)
    # level "7" is six pitches (5.5 mm) to the right
    assert a4.box(1, LEVEL, "7").x == pytest.approx(61.0 + 6 * 5.5)
    # row 3 is two row pitches (12.6 mm) lower
    assert a4.box(3, LEVEL, "1").y == pytest.approx(64.35 + 2 * 12.6)
    # "-" of the result sign on line 1 (dy 6.6): x 10 + 51 + 2 * 5.5, y 17.5 + 46 + 6.6 + 0.25
    r = a4.box(1, RESULT_SIGN, "-")
    assert (r.x, r.y) == pytest.approx((72.0, 70.35))
    # the score comb spans both lines: from line 0 top (0.6) to line 1 bottom (11.6)
    s = a4.box(2, SCORE, "3")
    assert (s.x, s.y, s.width, s.height) == pytest.approx((10 + 161 + 3 * 7, 64.1 + 12.6, 7, 11))


def test_marker_ids_distinct_and_one_per_corner():
    for lay in LAYOUTS.values():
        assert sorted(m.id for m in lay.markers) == [10, 11, 12, 13]
        by_corner = {m.corner: m.rect for m in lay.markers}
        c = lay.content
        assert (by_corner["top_left"].x, by_corner["top_left"].y) == pytest.approx((c.x, c.y))
        assert by_corner["bottom_right"].x1 == pytest.approx(c.x1)
        assert by_corner["bottom_right"].y1 == pytest.approx(c.y1)
        assert lay.aruco_dictionary == "DICT_4X4_50"
        corners = lay.marker_corners()[10]
        assert corners[0] == (c.x, c.y) and corners[2] == pytest.approx((c.x + 14, c.y + 14))


def _all_rects(lay):
    rects = [("marker", m.rect) for m in lay.markers] + [("qr", lay.qr)]
    rects += [(f"header.{k}", r) for k, r in lay.header.items()]
    for row in lay.rows:
        rects.append((f"timing{row.number}", row.timing_mark))
        for b in (b for f in row.fields for b in f.boxes):
            rects.append((f"{b.row}/{b.field}/{b.option}", b.rect))
    return rects


@pytest.mark.parametrize("paper", PAPERS)
def test_nothing_overlaps_and_everything_is_inside_the_content(paper):
    lay = LAYOUTS[paper]
    rects = _all_rects(lay)
    for name, r in rects:
        assert lay.content.contains(r), name
    # printed pair text sits above its written boxes; those may share a column but no
    # two rectangles may overlap
    clashes = [(a, b) for (a, ra), (b, rb) in itertools.combinations(rects, 2) if ra.overlaps(rb)]
    assert clashes == []


@pytest.mark.parametrize("paper", PAPERS)
def test_markers_keep_a_quiet_zone_of_one_cell(paper):
    lay = LAYOUTS[paper]
    cell = 14.0 / 6  # 4x4 bits plus a one-cell border
    for m in lay.markers:
        grown = Rect(
            m.rect.x - cell, m.rect.y - cell, m.rect.width + 2 * cell, m.rect.height + 2 * cell
        )
        for name, r in _all_rects(lay):
            if name != "marker":
                assert not grown.overlaps(r), (m.id, name)


def test_boxes_are_big_enough_to_mark_and_write():
    lay = LAYOUTS["A4"]
    for b in lay.boxes(FieldKind.MARKS):
        assert b.rect.width == b.rect.height == 4.5
    for b in lay.boxes(FieldKind.DIGITS):
        assert b.rect.width >= 5.5 and b.rect.height >= 5.0
    # neighbouring mark boxes are 1 mm apart, so a sloppy cross rarely reaches the next box
    lv = lay.field(1, LEVEL).boxes
    assert lv[1].rect.x - lv[0].rect.x1 == pytest.approx(1.0)


def test_rows_and_timing_marks():
    lay = LAYOUTS["A4"]
    assert len(lay.rows) == 15
    assert [r.number for r in lay.rows] == list(range(1, 16))
    for a, b in itertools.pairwise(lay.rows):
        assert b.rect.y - a.rect.y == pytest.approx(12.6)
        assert b.timing_mark.y - a.timing_mark.y == pytest.approx(12.6)
        assert not a.rect.overlaps(b.rect)
    assert lay.rows[0].timing_mark == Rect(10.0, 64.1, 3.5, 4.5)


@given(
    paper=st.sampled_from(PAPERS),
    dpi=st.integers(min_value=72, max_value=600),
    index=st.integers(min_value=0, max_value=734),
)
def test_every_box_maps_to_a_non_empty_pixel_box_on_the_page(paper, dpi, index):
    lay = LAYOUTS[paper]
    box = list(lay.boxes())[index]
    assert lay.box(box.row, box.field, box.option) == box.rect
    x0, y0, x1, y1 = box.rect.to_px(dpi)
    w, h = lay.page_px(dpi)
    assert 0 <= x0 < x1 <= w and 0 <= y0 < y1 <= h


def test_bad_addresses_name_what_is_wrong():
    lay = LAYOUTS["A4"]
    with pytest.raises(LayoutError, match="rows 1..15, not row 16"):
        lay.box(16, LEVEL, "1")
    with pytest.raises(LayoutError, match="no field 'contract'"):
        lay.box(1, "contract", "1")
    with pytest.raises(LayoutError, match="no option '8'"):
        lay.box(1, LEVEL, "8")
    with pytest.raises(LayoutError, match="no ArUco marker id 3"):
        lay.marker(3)
    with pytest.raises(LayoutError, match="no paper size 'A5'"):
        load_layout("A5")


def _shipped() -> dict:
    path = Path(__file__).parents[2] / "templates" / "forms" / "traveller.yaml"
    return yaml.safe_load(path.read_text())


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda d: d["aruco"]["markers"][1].update(id=10), "distinct ids"),
        (lambda d: d["aruco"]["markers"][0].update(corner="middle"), "corner must be"),
        (lambda d: d["rows"]["fields"][0].update(kind="blob"), "kind must be"),
        (lambda d: d["rows"]["fields"][-1].update(line=1), "outside the row's lines"),
        (lambda d: d["content"].update(width=250), "does not fit"),
        (lambda d: d.pop("qr"), "missing key 'qr'"),
        (lambda d: d["rows"]["fields"][6].update(captions=["a", "b"]), "2 captions for 1"),
    ],
)
def test_malformed_layout_files_are_rejected_with_the_file_named(tmp_path, mutate, message):
    data = _shipped()
    mutate(data)
    path = tmp_path / "bad.yaml"
    path.write_text(yaml.safe_dump(data))
    with pytest.raises(LayoutError, match=message) as info:
        load_layout("A4", path)
    assert "bad.yaml" in str(info.value)


def test_unreadable_layout_file(tmp_path):
    path = tmp_path / "broken.yaml"
    path.write_text("rows: [unclosed\n")
    with pytest.raises(LayoutError, match="broken.yaml: cannot read"):
        load_layout("A4", path)


def _line_of(text: str, start: str) -> int:
    """The number of the written line that starts (after its indent) with ``start``."""
    return next(n for n, t in enumerate(text.splitlines(), 1) if t.lstrip().startswith(start))


@pytest.mark.parametrize(
    ("mutate", "message", "written"),
    [
        # an unknown key, with the nearest allowed one: at the key's own line
        (
            lambda d: d["rows"]["fields"][3].update(wdth=5.5),
            "rows.fields[3]: unknown setting 'wdth' (allowed: captions, count, kind, label, line, "
            "name, options, pitch, span, width, x); did you mean 'width'?",
            "wdth:",
        ),
        # a wrong type: at the value's line
        (lambda d: d["qr"].update(x="left"), "qr.x: x 'left' is not a number (millimetres)",
         "x: left"),
        # a missing required field: at the line of the entry that lacks it
        (lambda d: d["rows"]["fields"][2].pop("x"), "rows.fields[2]: missing key 'x'",
         "- name: ew_pair"),
    ],
)  # fmt: skip
def test_layout_mistakes_name_file_field_and_line(tmp_path, mutate, message, written):
    """The models of ocr/layout_file.py: file, field path and the line, found here in the
    written text itself, not through the loader."""
    data = _shipped()
    mutate(data)
    path = tmp_path / "bad.yaml"
    text = yaml.safe_dump(data, sort_keys=False, width=1000)
    path.write_text(text)
    with pytest.raises(LayoutError) as info:
        load_layout("A4", path)
    assert str(info.value) == f"{path}: {message} (line {_line_of(text, written)})"
