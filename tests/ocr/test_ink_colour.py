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
        lambda marks, pen: gaps.append(pen) or in_the_gap(marks, pen),
    )
    lay = load_layout()
    row_reader.read_rows(
        flat, lay, PageRef("page.png"), load_model(), 1, None, DEFAULT_THRESHOLD, None, lambda: bgr
    )
    assert cleaned[0] is not None  # row 1 read without its grey clump
    assert seen and all(dusty for _, dusty in seen)
    assert gaps[0] == cleaned[0].pen_boxes != set()  # row 1's pen boxes reach its decoding
