"""A coloured pen's row on a dusty colour scan is read without its grey pieces
(``ocr.ink_colour.read_without_grey_dust``; issue 43, item 4).

Built by hand on the printed form at 150 dpi: row 1 written with a blue ballpoint (RGB
0.1, 0.18, 0.62; crosses in level 4, strain H, declarer N and result "=") and a grey clump
of dust (a disc 1.0 mm across, grey 90 on white: 0.79 mm^2, a pen dot's size) in strain S.
A blue stroke takes of the red channel (1 - 0.1) / (1 - 0.62) = 2.4 times what it takes of
the blue one, at any darkness: hue share (0.9 - 0.38) / 0.9 = 0.578. The clump takes the
three alike: hue share 0 (JPEG-free here, so exactly the paper's tint, none).
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from ocr.illumination import flatten
from ocr.ink_colour import hue_share, read_without_grey_dust
from ocr.layout import FieldKind, load_layout
from ocr.marks import MarkState
from ocr.row_ink import RowInk
from ocr.row_marks import RowMarks
from ocr.training.synthetic.pens import TRAINING_PENS, pen_named
from tests.ocr.test_marks import DPI, _fresh

BLUE = pen_named("ballpoint-blue")
BLACK = TRAINING_PENS[0]  # fineliner-black
PLAYED = {"level": "4", "strain": "H", "declarer": "N", "result_sign": "="}


def _draw(page: np.ndarray, field: str, option: str, pen, seed: int) -> None:
    from ocr.training.synthetic.mark_styles import PAD_MM, mark_alpha
    from ocr.training.synthetic.pens import composite

    rect = load_layout().box(1, field, option)
    s = DPI / 25.4
    pad = PAD_MM * s
    alpha = mark_alpha(
        "cross", rect.width * s, rect.height * s, pad, 2, np.random.default_rng(seed)
    )
    x, y = round(rect.x * s - pad), round(rect.y * s - pad)
    composite(page, alpha, x, y, pen, 0.95, np.random.default_rng(seed))


def _centre(field: str, option: str) -> tuple[int, int]:
    """The pixel at the middle of row 1's box ``option`` of ``field`` (150 dpi)."""
    r = load_layout().box(1, field, option)
    s = DPI / 25.4
    return round((r.x + r.width / 2) * s), round((r.y + r.height / 2) * s)


def _row(pens: dict[str, object], clump: bool = True) -> tuple[np.ndarray, np.ndarray]:
    """Row 1 with each field of ``PLAYED`` crossed in its pen, and the clump in strain S:
    the page in colour (B, G, R) and flattened grey, both at 150 dpi."""
    page = _fresh()
    for i, (field, option) in enumerate(PLAYED.items()):
        _draw(page, field, option, pens[field], i)
    bgr = cv2.cvtColor(np.clip(page * 255, 0, 255).astype(np.uint8), cv2.COLOR_RGB2BGR)
    if clump:
        cv2.circle(bgr, _centre("strain", "S"), round(0.5 * DPI / 25.4), (90, 90, 90), -1)
    return bgr, flatten(cv2.cvtColor(bgr, cv2.COLOR_BGR2GRAY), DPI)


def _box_px(field: str, option: str) -> tuple[slice, slice]:
    r = load_layout().box(1, field, option)
    s = DPI / 25.4
    return slice(round(r.y * s) + 2, round(r.y1 * s) - 2), slice(
        round(r.x * s) + 2, round(r.x1 * s) - 2
    )


def _strain(flat: np.ndarray) -> dict[str, MarkState]:
    lay = load_layout()
    names = [f.name for f in lay.row(1).fields if f.kind is FieldKind.MARKS]
    read = RowMarks(flat, lay, lay.row(1), DPI).read_fields(names)
    return {m.option: m.state for m in read["strain"]}


def test_hue_share():
    assert hue_share(np.array([5.0, 5.0, 5.0])) == 0.0
    assert hue_share(np.array([0.0, 0.0, 0.0])) == 0.0
    # a blue pen's stroke at any darkness a: absorbed a * (1 - colour), B, G, R
    for a in (0.3, 0.95):
        assert hue_share(a * np.array([0.38, 0.82, 0.9])) == pytest.approx(0.52 / 0.9)


def test_the_clump_reads_as_a_mark_in_grey():
    """Without colour the clump is a dot of a pen's size in strain S, beside the player's H:
    the grey page cannot tell which is the player's."""
    _, flat = _row({f: BLUE for f in PLAYED})
    strain = _strain(flat)
    assert strain["H"] is MarkState.MARKED
    assert strain["S"] is not MarkState.EMPTY


def test_a_blue_row_is_read_without_its_grey_clump():
    """The clump, and the printed caption's pixels it touches (one piece), made paper; no
    pixel of the box darker than the caption left; the pen's ink as it was."""
    bgr, flat = _row({f: BLUE for f in PLAYED})
    _, plain = _row({f: BLUE for f in PLAYED}, clump=False)
    lay = load_layout()
    pen_row = read_without_grey_dust(flat, bgr, RowInk(flat, lay, lay.row(1), DPI))
    assert pen_row is not None and pen_row.page is not flat
    cleaned = pen_row.page
    s_box = _box_px("strain", "S")
    assert (cleaned[s_box][flat[s_box] == 90] == 255).all()
    assert cleaned[s_box].min() >= plain[s_box].min()
    for field, option in PLAYED.items():  # the pen's ink left as it was
        box = _box_px(field, option)
        assert np.array_equal(cleaned[box], flat[box])
    strain = _strain(cleaned)
    assert (strain["H"], strain["S"]) == (MarkState.MARKED, MarkState.EMPTY)


def test_a_black_row_is_read_as_the_page_is():
    bgr, flat = _row({f: BLACK for f in PLAYED})
    lay = load_layout()
    assert read_without_grey_dust(flat, bgr, RowInk(flat, lay, lay.row(1), DPI)) is None


def test_two_blue_fields_are_no_blue_pen():
    """A neighbour's blue ring run into a box, or a coloured speck, colours a field or two;
    a played row's own pen marks four: three are asked for."""
    pens = {f: BLACK for f in PLAYED} | {"level": BLUE, "strain": BLUE}
    bgr, flat = _row(pens)
    lay = load_layout()
    assert read_without_grey_dust(flat, bgr, RowInk(flat, lay, lay.row(1), DPI)) is None
    pens["declarer"] = BLUE
    bgr, flat = _row(pens)
    pen_row = read_without_grey_dust(flat, bgr, RowInk(flat, lay, lay.row(1), DPI))
    assert pen_row is not None
    # the black cross in "=" is larger than any dust (grey_piece_max_mm2) and stays
    box = _box_px("result_sign", "=")
    assert np.array_equal(pen_row.page[box], flat[box])
    # ... and is no pen's ink: "=" and the boxes beside it are no pen's boxes
    assert ("result_sign", "=") not in pen_row.pen_boxes
    assert {("level", "4"), ("strain", "H"), ("declarer", "N")} <= pen_row.pen_boxes


def test_the_pen_boxes():
    """The clump taken out leaves only the pen's ink: every box is a pen box. A grey clump
    too large for dust (a disc 2.2 mm across, 3.8 mm^2 over ``grey_piece_max_mm2``) stays,
    and the box it lies in is none; the player's H beside it, its edge 2.15 mm from the
    clump's rim (further than ``clean_rival_mm``), still is."""
    lay = load_layout()
    bgr, flat = _row({f: BLUE for f in PLAYED})
    pen_row = read_without_grey_dust(flat, bgr, RowInk(flat, lay, lay.row(1), DPI))
    assert pen_row is not None
    boxes = {(f, o) for f, o, _ in RowInk(flat, lay, lay.row(1), DPI).geometry.boxes}
    assert pen_row.pen_boxes == boxes
    bgr, _ = _row({f: BLUE for f in PLAYED}, clump=False)
    cv2.circle(bgr, _centre("strain", "S"), round(1.1 * DPI / 25.4), (90, 90, 90), -1)
    flat = flatten(cv2.cvtColor(bgr, cv2.COLOR_BGR2GRAY), DPI)
    pen_row = read_without_grey_dust(flat, bgr, RowInk(flat, lay, lay.row(1), DPI))
    assert pen_row is not None
    assert ("strain", "S") not in pen_row.pen_boxes
    assert {("strain", "H"), ("declarer", "N")} <= pen_row.pen_boxes


def test_a_dusty_page_s_digits_are_never_lifted_though_its_marks_are_read_without_dust(
    monkeypatch,
):
    """The row read without its grey dust (``NO_DUST``) is for its marks only: a fold's band
    is lifted off a digit box on a page that is not dusty (``boxes_without_shade``), and it
    must still see the page's dust. Seen on TRAINING's dirty glass, seed 21388,
    ``page_0032.jpg`` row 2 (a fresh hunt): a blue row's written 420 lost its 2 to the lift
    and 4NT= (430) was accepted for 4S= (420)."""
    import ocr.row_reader as row_reader
    from ocr.decode import DEFAULT_THRESHOLD
    from ocr.digits import load_model
    from ocr.reading import PageRef

    bgr, _ = _row({f: BLUE for f in PLAYED})
    s = DPI / 25.4
    for k in range(40):  # dust on the margins: specks of 0.36 mm^2, as a dirty glass leaves
        centre = (round((3 + 2 * (k % 2)) * s), round((25 + 6 * k) * s))
        cv2.circle(bgr, centre, 2, (80, 80, 80), -1)
    flat = flatten(cv2.cvtColor(bgr, cv2.COLOR_BGR2GRAY), DPI)
    seen = []

    def lift(marks, row, boxes, inset, fields, *args):
        seen.append((row.number, marks.dust.dusty()))
        return None

    monkeypatch.setattr(row_reader, "fields_that_matter", lambda reasons, fields: ("score",))
    monkeypatch.setattr(row_reader, "boxes_without_shade", lift)
    cleaned = []
    clean = row_reader.read_without_grey_dust
    monkeypatch.setattr(
        row_reader,
        "read_without_grey_dust",
        lambda *a: cleaned.append(clean(*a)) or cleaned[-1],
    )
    gaps = []
    in_the_gap = row_reader.marks_in_the_gap
    monkeypatch.setattr(
        row_reader,
        "marks_in_the_gap",
        lambda marks, pen, dusty, *rest: gaps.append(pen) or in_the_gap(marks, pen, dusty, *rest),
    )
    lay = load_layout()
    row_reader.read_rows(
        flat, lay, PageRef("page.png"), load_model(), 1, None, DEFAULT_THRESHOLD, None, lambda: bgr
    )
    assert cleaned[0] is not None  # row 1 read without its grey clump
    assert seen and all(dusty for _, dusty in seen)
    assert gaps[0] == cleaned[0].pen_boxes != set()  # row 1's pen boxes reach its decoding


def _grey_circle_in_arcs(bgr: np.ndarray, field: str, option: str) -> None:
    """A pale grey circle round row 1's box ``option``, drawn as four arcs of 70 degrees
    with gaps between them (a thin pen's circle cut by the printed lines), each arc some
    4 mm long and 2 pixels (0.34 mm) wide: about 1.4 mm^2, under ``grey_piece_max_mm2``."""
    r = load_layout().box(1, field, option)
    s = DPI / 25.4
    centre = _centre(field, option)
    radius = round((r.width / 2 + 0.9) * s)
    for start in (10, 100, 190, 280):
        cv2.ellipse(bgr, centre, (radius, radius), 0, start, start + 70, (120, 120, 120), 2)


def _blue_row_with_grey_circle(
    crossed: dict[str, str], field: str, option: str
) -> tuple[np.ndarray, np.ndarray, list[str], RowMarks]:
    """Row 1 with the boxes ``crossed`` (field: option) crossed in blue and a pale grey
    circle in arcs round ``option`` of ``field``: the page in colour, flattened grey, the
    row's mark fields, and the row read as the page is."""
    page = _fresh()
    for i, (name, box) in enumerate(crossed.items()):
        _draw(page, name, box, BLUE, i)
    bgr = cv2.cvtColor(np.clip(page * 255, 0, 255).astype(np.uint8), cv2.COLOR_RGB2BGR)
    _grey_circle_in_arcs(bgr, field, option)
    flat = flatten(cv2.cvtColor(bgr, cv2.COLOR_BGR2GRAY), DPI)
    lay = load_layout()
    names = [f.name for f in lay.row(1).fields if f.kind is FieldKind.MARKS]
    return bgr, flat, names, RowMarks(flat, lay, lay.row(1), DPI)


def test_a_grey_circle_the_page_keeps_is_not_lost_in_a_blue_row():
    """Level 4, declarer N and result "=" crossed in blue (a blue pen's row), and a pale grey
    circle round strain S in four arcs. Read as the page is, S is circled; read without
    the grey dust the arcs are taken out and S reads empty; ``circles_kept`` reads it
    unsure on that circle (at even odds at most), the other boxes as the read without dust."""
    from ocr.ink_colour import circles_kept

    crossed = {"level": "4", "declarer": "N", "result_sign": "="}
    bgr, flat, names, as_page = _blue_row_with_grey_circle(crossed, "strain", "S")
    lay = load_layout()
    page_read = as_page.read_marks(names)
    s_on_page = next(m for m in page_read.readings["strain"] if m.option == "S")
    assert (s_on_page.state, s_on_page.how) == (MarkState.MARKED, "circle")
    pen_row = read_without_grey_dust(flat, bgr, as_page.row_ink)
    assert pen_row is not None
    assert ("strain", "S") in pen_row.grey_arcs_by
    pen_read = RowMarks(pen_row.page, lay, lay.row(1), DPI).read_marks(names)
    assert {m.option: m.state for m in pen_read.readings["strain"]}["S"] is MarkState.EMPTY
    kept = circles_kept(page_read, pen_read)
    s_kept = next(m for m in kept.readings["strain"] if m.option == "S")
    assert (s_kept.state, s_kept.how) == (MarkState.UNSURE, "circle")
    assert s_kept.p_marked <= 0.5
    assert ("strain", "S") in kept.inked_at_first
    for name, readings in kept.readings.items():
        for m, was in zip(readings, pen_read.readings[name], strict=True):
            if (name, m.option) != ("strain", "S"):
                assert m == was


def test_circles_kept_changes_nothing_where_the_page_keeps_no_circle():
    """A blue row with no grey circle: the read without the grey dust is returned as it is."""
    from ocr.ink_colour import circles_kept

    bgr, flat = _row({f: BLUE for f in PLAYED})
    lay = load_layout()
    names = [f.name for f in lay.row(1).fields if f.kind is FieldKind.MARKS]
    as_page = RowMarks(flat, lay, lay.row(1), DPI)
    pen_row = read_without_grey_dust(flat, bgr, as_page.row_ink)
    assert pen_row is not None
    pen_read = RowMarks(pen_row.page, lay, lay.row(1), DPI).read_marks(names)
    assert circles_kept(as_page.read_marks(names), pen_read) is pen_read


def test_a_field_the_pen_marks_keeps_its_mark():
    """Strain H marked by a blue cross in the read without the grey dust, S circled on the
    page (a ring round H run wide, and the dust beside it): the field holds one mark, so S
    stays empty; the declarer's W, circled on the page and empty without the dust in a
    field with no mark, is read unsure on its circle."""
    from ocr.ink_colour import circles_kept
    from ocr.marks import mark_reading
    from ocr.row_marks import FieldMarks

    empty = {o: mark_reading(o, 0.0, 0.0, 0.0) for o in ("C", "D", "H", "S", "NT", "N", "E", "W")}
    circled = {o: mark_reading(o, 0.0, 0.9, 0.0) for o in ("S", "W")}
    crossed_h = mark_reading("H", 0.4, 0.0, 0.0)
    assert (circled["S"].state, circled["S"].how, crossed_h.state) == (
        MarkState.MARKED, "circle", MarkState.MARKED,
    )  # fmt: skip
    strain = ["C", "D", "H", "S", "NT"]
    declarer = ["N", "E", "S", "W"]
    page = FieldMarks(
        {
            "strain": [crossed_h if o == "H" else circled.get(o, empty[o]) for o in strain],
            "declarer": [circled["W"] if o == "W" else mark_reading(o, 0, 0, 0) for o in declarer],
        },
        frozenset({("strain", "H"), ("strain", "S"), ("declarer", "W")}),
    )
    pen = FieldMarks(
        {
            "strain": [crossed_h if o == "H" else empty[o] for o in strain],
            "declarer": [mark_reading(o, 0, 0, 0) for o in declarer],
        },
        frozenset({("strain", "H")}),
        frozenset({("declarer", "E")}),
        frozenset({("strain", "C")}),
        frozenset({("strain", "H"), ("strain", "S")}),
    )
    kept = circles_kept(page, pen)
    assert kept.readings["strain"] == pen.readings["strain"]
    w = kept.readings["declarer"][3]
    assert (w.option, w.state, w.how, w.p_marked) == ("W", MarkState.UNSURE, "circle", 0.5)
    assert kept.inked_at_first == frozenset({("strain", "H"), ("declarer", "W")})
    # the read without the dust keeps what else it found of the row's boxes
    assert (kept.dust_held, kept.clean_by, kept.ink_round) == (
        pen.dust_held, pen.clean_by, pen.ink_round,
    )  # fmt: skip


def _marks(**marked: str) -> object:
    """Row readings with the one box named per field marked (by a cross's fill), the
    other boxes of the needed fields empty."""
    from ocr.marks import mark_reading
    from ocr.row_marks import FieldMarks

    options = {
        "level": "1234567",
        "strain": ("C", "D", "H", "S", "NT"),
        "declarer": "NESW",
        "result_sign": "=+-",
        "result_count": [str(n) for n in range(1, 14)],
    }
    return FieldMarks(
        {
            name: [mark_reading(o, 0.4 if marked.get(name) == o else 0.0, 0.0, 0.0) for o in opts]
            for name, opts in options.items()
        },
        frozenset(),
    )


@pytest.mark.parametrize(
    ("marked", "unmarked"),
    [
        ({"level": "4", "strain": "S", "declarer": "W", "result_sign": "="}, False),
        ({"level": "4", "strain": "S", "declarer": "W", "result_sign": "-"}, True),
        (
            {"level": "4", "strain": "S", "declarer": "W", "result_sign": "-", "result_count": "1"},
            False,
        ),
        ({"level": "4", "declarer": "W", "result_sign": "-", "result_count": "1"}, True),
        ({"level": "4", "strain": "S", "result_sign": "="}, True),
    ],
    ids=["made", "down-no-count", "down-one", "no-strain", "no-declarer"],
)
def test_a_needed_field_unmarked(marked, unmarked):
    """The second read is asked for only where a played result's field holds no mark: the
    level, strain, declarer and sign always, the count where the sign reads over or under."""
    from ocr.ink_colour import a_needed_field_unmarked

    assert a_needed_field_unmarked(_marks(**marked)) is unmarked


def test_a_grey_circle_round_x_is_looked_for_where_an_arc_was_taken_out_by_it():
    """A made contract crossed in blue (level 4, strain H, declarer N, "="), and a pale grey
    circle round X in four arcs: every field a played result needs holds its mark, but
    the doubling, which an undoubled result leaves empty too, lost an arc by X, so the row
    is read again (``circle_may_be_lost``) and X is unsure on its circle: the score or a
    person tells 4HX= from 4H=. The same row with its clump of dust in S and no circle
    has no arc by X: it is not read again."""
    from ocr.ink_colour import circle_may_be_lost, circles_kept

    bgr, flat, names, as_page = _blue_row_with_grey_circle(PLAYED, "doubling", "X")
    lay = load_layout()
    pen_row = read_without_grey_dust(flat, bgr, as_page.row_ink)
    assert pen_row is not None and ("doubling", "X") in pen_row.grey_arcs_by
    pen_read = RowMarks(pen_row.page, lay, lay.row(1), DPI).read_marks(names)
    assert all(m.state is MarkState.EMPTY for m in pen_read.readings["doubling"])
    assert circle_may_be_lost(pen_row, pen_read)
    x = next(m for m in circles_kept(as_page.read_marks(names), pen_read).readings["doubling"]
             if m.option == "X")  # fmt: skip
    assert (x.state, x.how) == (MarkState.UNSURE, "circle")

    bgr, flat = _row({f: BLUE for f in PLAYED})
    clumped = read_without_grey_dust(flat, bgr, RowInk(flat, lay, lay.row(1), DPI))
    assert clumped is not None and not clumped.grey_arcs_by
    plain = RowMarks(clumped.page, lay, lay.row(1), DPI).read_marks(names)
    assert not circle_may_be_lost(clumped, plain)
