"""A clump darker than the player's pen does not hide the player's dot from rule
``dust_dot_alone`` (ocr/dust_dots.py ``_dotted_without``; issue 43, a wrong row on
TRAINING's dirty glass).

The case, built by hand after TRAINING fine dots, dirty glass, seed 65079, page_0010 row 10
(5D by West +1, +620 to East-West): the player marks with a pale fine pen, and a dark clump
of dust fell in declarer E. The row's pen is measured on the darkest ink at its boxes'
centres (``ocr.pen.pen_strength``), so the clump made the pen look firmer; the ink ramp
then read the pale dot the player put on West's printed edge as paper, ``dusty_page`` read
the clump as dust, and ``dust_dot_alone`` weighed it as the declarer's only mark: 5D by
East +1, the same +620, accepted.

Here, at 150 dpi: pale pen dots of darkness 0.40 fill the centres of level 5 and strain D,
a clump of darkness 0.90 fills declarer E's centre, and a dot of darkness 0.30 sits on
West's left printed edge. By hand: the ink ramp of a pen of strength ``s`` is full at
darkness 0.50 s and a pixel is solid from half of it, 0.20 s + 0.15 s = 0.35 s. With the
clump the row's pen is firm (the clump's 0.90 is past ``firm_pen``, 0.62), so West's dot
(0.30 < 0.35) holds no solid ink and no dot is found on the edge; without E's centres the
pen is the dots' own 0.40, strength 0.40 / 0.62 = 0.645, and a pixel is solid from
0.35 x 0.645 = 0.226: West's dot is solid, a dot on West's edge, and the clump in E is not
the declarer's only ink.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from ocr.dust_dots import dust_dot_alone
from ocr.layout import DECLARER, LEVEL, SCORE_SIDE, STRAIN, load_layout
from ocr.mark_settings import MARK_SETTINGS
from ocr.marks import DUST_DOT, DUST_DOT_ALONE
from ocr.pen import centres_outside, pen_strength
from tests.ocr.marked_rows import box_index, box_reading
from tests.ocr.test_dust_dots import _dust_dot, _row_with
from tests.ocr.test_marks import DPI, _fresh

S = DPI / 25.4
PEN, CLUMP, WEST_DOT = 0.40, 0.90, 0.30  # darkness against the paper


def _disc(page: np.ndarray, centre_mm: tuple[float, float], radius_mm: float, dark: float) -> None:
    """A disc of ``dark`` darkness (the page is RGB, paper 1.0) drawn over what is there."""
    mask = np.zeros(page.shape[:2], np.uint8)
    centre = (round(centre_mm[0] * S), round(centre_mm[1] * S))
    cv2.circle(mask, centre, round(radius_mm * S), 1, -1)
    page[mask > 0] = np.minimum(page[mask > 0], 1.0 - dark)


def _row(west_dot: bool):
    """Row 1's marks (see the module docstring): its ``RowMarks``."""
    from ocr.illumination import flatten
    from ocr.row_marks import RowMarks

    lay = load_layout()
    page = _fresh()
    for field, option, dark in ((LEVEL, "5", PEN), (STRAIN, "D", PEN), (DECLARER, "E", CLUMP)):
        r = lay.box(1, field, option)
        _disc(page, (r.x + r.width / 2, r.y + r.height / 2), 1.3 if dark == CLUMP else 0.9, dark)
    if west_dot:
        w = lay.box(1, DECLARER, "W")
        _disc(page, (w.x, w.y + w.height / 2), 0.6, WEST_DOT)
    grey = cv2.cvtColor(np.clip(page * 255, 0, 255).astype(np.uint8), cv2.COLOR_RGB2GRAY)
    return RowMarks(flatten(grey, DPI), lay, lay.row(1), DPI)


def test_the_clump_makes_the_pen_firm_and_without_it_the_pen_is_the_dots():
    ink = _row(west_dot=True).row_ink
    g = ink.geometry
    east = next(i for i, (f, o, _) in enumerate(g.boxes) if (f, o) == (DECLARER, "E"))
    assert ink.strength == 1.0
    without = pen_strength(ink.grey, ink.paper, g, centres_outside(g, g.outer[east]))
    assert without == pytest.approx(PEN / MARK_SETTINGS.firm_pen, abs=0.01)


@pytest.mark.parametrize(("west_dot", "weighed"), [(True, False), (False, True)])
def test_a_clump_is_not_weighed_alone_beside_a_pale_dot_on_an_edge(west_dot, weighed):
    """``dusty_page`` has read the clump in E as dust (a ``DUST_DOT`` of 0.40 mm^2), every
    other declarer box empty. With West's dot on its edge the clump stays dust (the row
    goes to a person); without it the clump is the field's only ink and is weighed as its
    dot reads."""
    ev = _row(west_dot).evidence()
    read = _row_with(ev, {(DECLARER, "E"): _dust_dot("E", 0.40)})
    east = box_reading(ev, dust_dot_alone(ev, read, MARK_SETTINGS), DECLARER, "E")
    assert east.how == (DUST_DOT_ALONE if weighed else DUST_DOT)


def _gap_row(south_dot: bool):
    """Row 1 (see ``test_a_clump_is_not_weighed_alone_beside_a_dot_joined_to_the_next_box``):
    the NS score box filled, a clump in declarer N and, with ``south_dot``, the player's dot
    in the 1.5 mm gap under declarer S, touching S's bottom edge and the NS box's top."""
    from ocr.illumination import flatten
    from ocr.row_marks import RowMarks

    lay = load_layout()
    page = _fresh()
    ns = lay.box(1, SCORE_SIDE, "NS")
    page[round(ns.y * S) : round(ns.y1 * S), round(ns.x * S) : round(ns.x1 * S)] = 0.1
    n = lay.box(1, DECLARER, "N")
    _disc(page, (n.x + n.width / 2, n.y + n.height / 2), 0.45, CLUMP)
    if south_dot:
        south = lay.box(1, DECLARER, "S")
        _disc(page, (157.8, (south.y1 + ns.y) / 2), 0.8, 0.9)
    grey = cv2.cvtColor(np.clip(page * 255, 0, 255).astype(np.uint8), cv2.COLOR_RGB2GRAY)
    return RowMarks(flatten(grey, DPI), lay, lay.row(1), DPI)


@pytest.mark.parametrize(("south_dot", "weighed"), [(True, False), (False, True)])
def test_a_clump_is_not_weighed_alone_beside_a_dot_joined_to_the_next_box(south_dot, weighed):
    """After TRAINING fine dots, dirty glass, seed 4134, page_0024 row 4 (1CXX by South +1,
    +430): the player's dot under South's bottom edge touched the filled NS box below, so
    joined across the printed lines it is one piece with that box's fill, no dot
    ``dots_on_edges`` finds; a clump in North was weighed alone and read the declarer North
    (the same +430). The dot's ink off the lines beside South's edge (a disc of 2.0 mm^2,
    most of it in the gap) is a pen dot's worth, 0.40 mm^2 or more (``ink_by_edges``), so the
    clump stays dust; without the dot it is weighed."""
    from ocr.edge_dots import circled_boxes, dotted_boxes

    ev = _gap_row(south_dot).evidence()
    read = _row_with(ev, {(DECLARER, "N"): _dust_dot("N", 0.64)})
    south = box_index(ev, DECLARER, "S")
    dots = ev.views.dots_on_edges(circled_boxes(read), MARK_SETTINGS)
    assert not dotted_boxes(dots, len(read), MARK_SETTINGS)[south]  # no dot found on S's edge
    assert bool(ev.views.ink_by_edges()[south] >= MARK_SETTINGS.dot_marked_above_mm2) is south_dot
    north = box_reading(ev, dust_dot_alone(ev, read, MARK_SETTINGS), DECLARER, "N")
    assert north.how == (DUST_DOT_ALONE if weighed else DUST_DOT)
