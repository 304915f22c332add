"""A pale pen's circle in pieces of a speck's size on a dusty page (rule ``dusty_circles``,
``dusty_circle_outline``).

The numbers, by hand, at 150 dpi (5.906 px a mm). Pieces of 3 x 3 px (9 px, 0.26 mm^2,
0.51 mm across) round strain H, their middles on a circle 3 mm from the box's middle:
that circle is 18.85 mm (111 px) round, so 20 pieces are 0.94 mm apart and leave gaps of
0.43 mm, over the 0.3 mm (``speck_alone_mm``) that parts specks; each is no more than 1
mm across, and the page's margins hold 0.2 specks a cm^2 of 0.35 mm^2 (>= 0.67 x 0.26):
every piece clear of the printed lines is a speck (those that go on across a line stay),
and read without them H is less marked (unsure). The best ellipse round H
follows them over every quarter, so H keeps its circle. The 14 specks of 4 x 4 px of
``test_dust_rules`` (gaps of 0.67 mm) are followed over 0.889 only, under 0.95: cleared.
"""

from __future__ import annotations

import numpy as np

from ocr.illumination import flatten
from ocr.layout import load_layout
from ocr.mark_geometry import row_geometry
from ocr.mark_settings import MARK_SETTINGS
from ocr.marks import MarkState
from ocr.row_marks import RowMarks
from tests.ocr.test_dust_rules import DUSTY, _read_row, _specks_round
from tests.ocr.test_marks import DPI, _draw, _fresh
from tests.ocr.test_page_dust import _grey

S = DPI / 25.4


def _pieces_round(page: np.ndarray, field: str, option: str, count: int, side: int) -> None:
    box = load_layout().box(1, field, option)
    mx, my = box.x + box.width / 2, box.y + box.height / 2
    for t in np.linspace(0, 2 * np.pi, count, endpoint=False):
        x = round((mx + 3.0 * np.cos(t)) * S) - side // 2
        y = round((my + 3.0 * np.sin(t)) * S) - side // 2
        page[y : y + side, x : x + side] = 0.05


def _h(page: np.ndarray) -> tuple[RowMarks, int]:
    lay = load_layout()
    marks = RowMarks(flatten(_grey(page), DPI), lay, lay.row(1), DPI, DUSTY)
    boxes = row_geometry(lay, lay.row(1), DPI).boxes
    return marks, next(i for i, (f, o, _) in enumerate(boxes) if (f, str(o)) == ("strain", "H"))


def test_a_pale_pen_s_circle_in_pieces_of_a_speck_s_size_stays_a_circle():
    page = _fresh()
    _draw(page, "level", "3", "cross")
    _pieces_round(page, "strain", "H", count=20, side=3)
    h = _read_row(page, DUSTY)[("strain", "H")]
    assert (h.state, h.how) == (MarkState.MARKED, "circle")
    marks, i = _h(page)
    ev = marks.evidence()
    # The pieces off the printed lines are specks: without them, H reads less marked ...
    again = ev.views.without_specks(i, ev.first[i].fill, MARK_SETTINGS, off_lines=True)
    assert again.state is MarkState.UNSURE
    # ... and the ellipse that keeps the circle follows them all round.
    support = ev.views.outline_support(ev.geometry.boxes[i][2])
    assert support is not None and support >= MARK_SETTINGS.dusty_circle_outline


def test_a_sparser_ring_of_specks_is_still_cleared():
    page = _fresh()
    _draw(page, "level", "3", "cross")
    _specks_round(page, "strain", "H")
    marks, i = _h(page)
    ev = marks.evidence()
    support = ev.views.outline_support(ev.geometry.boxes[i][2])
    assert support is not None and support < MARK_SETTINGS.dusty_circle_outline
    assert _read_row(page, DUSTY)[("strain", "H")].state is MarkState.EMPTY
