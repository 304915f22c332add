"""The rules that read a box again with less ink, audited for wrong rows (issue 43).

Both wrong rows found on fresh TEST sets had one shape: the player's own mark read away by
a rule that reads a box again with less ink, other ink of the same field (dust, a spill, a
neighbour's stroke) taken as the field's mark, and a written score both readings give
(2S and 6S down 2, both -100). Each case below is built by hand as a row's evidence: the
boxes' first readings (before any rule) as the views would give them, on a dusty page whose
blank paper holds clumps of 0.6 mm^2 (0.2 a cm^2: ``dusty_page`` reads a dot of 0.63 mm^2
as dust, 0.67 x 0.63 = 0.42 <= 0.6). Every rule then runs as the reader runs it
(``apply_rules``) on the printed form's own pixels, which hold no drawn ink: a rule that
reads a box again on its ink reads it empty, as where all the ink it saw was specks.

By hand, the clump's weight alone in a level (``weighed_p``): 0.63 mm^2 is (0.63 - 0.15)
/ 0.45 = 1.066667 on the scale to 0.60 mm^2, 1 / (1 + 49^(1 - 2.133333)) = 0.987999.
Before this audit each case below weighed the clump so (on the scale to 0.40 mm^2 it
was then: 0.999984), the level's only mark: 6S for the player's 2S, certain against six
clean boxes (odds 62,500 against 6 x 0.0001), and accepted where the score ties. Now
the clump stays as read (under 0.0001), the level is a missing mark and the row goes to a person.
"""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np
import pytest

from ocr.dust_dots import dust_dot_alone
from ocr.dust_rules import dusty_circles, dusty_second_box
from ocr.layout import LEVEL, PASSED_OUT, load_layout
from ocr.mark_rules import apply_rules
from ocr.mark_settings import MARK_SETTINGS
from ocr.marks import DUST_DOT, DUST_DOT_ALONE, MarkReading, MarkState
from ocr.page_dust import PageDust
from tests.ocr.marked_rows import box_reading
from tests.ocr.test_dust_rules import SMALL_SPECKS
from tests.ocr.test_marks import DPI, _fresh
from tests.ocr.test_page_dust import _grey

CLUMPS = PageDust(150.0, (0.6,) * 30)  # dusty: 0.2 clumps of 0.6 mm^2 a cm^2
CLEAN = MarkReading("", 0.0, MarkState.EMPTY, 0.0001)
CLUMP = MarkReading("6", 0.064, MarkState.MARKED, 0.999984, "dot", dot_mm2=0.63)
ALONE = 0.987999  # the clump weighed alone in the level (by hand above)
# The clump read without its dot (``dusty_page``): its 0.63 mm^2 taken out of a fill of
# 0.064 over the box's inside (3.1 mm square, 9.6 mm^2: 0.066) leaves 0, which is -1 on
# the fill's scale (0 at 0.05, 1 at 0.10): 1 / (1 + 49^(1 + 2)) = 1 / 117,650.
AS_DUST = 1 / 117_650


def _evidence(page: np.ndarray | None = None, dust: PageDust = CLUMPS):
    """Row 1's evidence on the printed form (or ``page``), on a page with ``dust``."""
    from ocr.illumination import flatten
    from ocr.row_marks import RowMarks

    lay = load_layout()
    grey = _grey(_fresh() if page is None else page)
    return RowMarks(flatten(grey, DPI), lay, lay.row(1), DPI, dust).evidence()


def _first(ev, boxes: dict[tuple[str, str], MarkReading], no_ellipse=None):
    """``ev`` with ``boxes`` as their first readings (every other box clean), drawn ink on
    the row, and ``no_ellipse`` (option of the level: the ring seen) as the boxes the
    ellipse cleared of a circle."""
    first = tuple(replace(boxes.get((f, o), CLEAN), option=o) for f, o, _ in ev.geometry.boxes)
    cleared = {
        rect: ring
        for f, o, rect in ev.geometry.boxes
        for option, ring in (no_ellipse or {}).items()
        if (f, o) == (LEVEL, option)
    }
    return replace(ev, first=first, any_ink=True, no_ellipse=cleared)


def test_the_clump_alone_is_weighed_as_its_dot_reads():
    """The control: a clump of 0.63 mm^2 in level 6 and nothing else in the level. The
    player's mark left no ink: the clump is weighed alone, 0.987999 (by hand)."""
    ev = _first(_evidence(), {(LEVEL, "6"): CLUMP})
    six = box_reading(ev, apply_rules(ev), LEVEL, "6")
    assert six.how == DUST_DOT_ALONE and six.state is MarkState.EMPTY
    assert six.p_marked == pytest.approx(ALONE, abs=1e-6)


CASES = {
    # alone_in_field: a circle tight over level 2's edges, seen unsure (0.45) but followed
    # by no ellipse, keeps its reading only where no other box of the level is marked; the
    # clump in 6 is, by its dot, so the circle stays cleared (first read empty).
    "a circle no ellipse follows": ({}, {"2": 0.45}),
    # dusty_circles: level 2 first read unsure on a pale circle (0.45), read again without
    # the pieces it takes for specks: empty.
    "an unsure circle": ({(LEVEL, "2"): MarkReading("2", 0.01, MarkState.UNSURE, 0.3,
                                                    "circle", ring=0.45)}, None),
    # dusty_fills: level 2 first read unsure by a faint tick (fill 0.07), read again
    # without the pieces it takes for specks: empty.
    "an unsure fill": ({(LEVEL, "2"): MarkReading("2", 0.07, MarkState.UNSURE, 0.5,
                                                  "fill")}, None),
    # dusty_page: the player's small dot in level 2 (0.30 mm^2, unsure) is as much the
    # page's dust as the clump: both read as dust dots, and both were weighed alone, the
    # clump at 0.999984 (then) against the dot's 1 / (1 + 49^(1 - 1.2)) = 0.685: 6 certain.
    "a smaller dot read as dust": ({(LEVEL, "2"): MarkReading("2", 0.03, MarkState.UNSURE,
                                                              0.685, "dot", dot_mm2=0.30)},
                                   None),
}  # fmt: skip


@pytest.mark.parametrize("case", list(CASES))
def test_a_clump_beside_a_mark_a_rule_read_away_stays_dust(case):
    boxes, cleared = CASES[case]
    ev = _first(_evidence(), {(LEVEL, "6"): CLUMP, **boxes}, cleared)
    read = apply_rules(ev)
    two, six = box_reading(ev, read, LEVEL, "2"), box_reading(ev, read, LEVEL, "6")
    assert two.state is MarkState.EMPTY  # the player's mark read away, as on a fresh set
    assert (six.how, six.state) == (DUST_DOT, MarkState.EMPTY)
    assert six.p_marked == pytest.approx(AS_DUST, rel=1e-9)


def test_a_clump_beside_a_dot_on_a_printed_edge_stays_dust():
    """A pen dot 1.5 mm across (radius 4 px) on level 2's right printed edge: the mask of
    the form's lines takes its middle, and ``edge_dots`` makes the box it lies in unsure,
    which ``dusty_edges`` reads against the page's dust. A clump read as dust in level 6 is
    then not the level's only ink: it stays as read."""
    page = _fresh()
    box = load_layout().box(1, LEVEL, "2")
    s = DPI / 25.4
    cx, cy = round((box.x + box.width) * s), round((box.y + box.height / 2) * s)
    yy, xx = np.ogrid[: page.shape[0], : page.shape[1]]
    page[(yy - cy) ** 2 + (xx - cx) ** 2 <= 16] = 0.05
    ev = _first(_evidence(page), {})
    read = [CLEAN] * len(ev.geometry.boxes)
    read = [
        replace(CLUMP, state=MarkState.EMPTY, p_marked=0.0001, how=DUST_DOT, option=o)
        if (f, o) == (LEVEL, "6")
        else replace(r, option=o)
        for (f, o, _), r in zip(ev.geometry.boxes, read, strict=True)
    ]
    six = box_reading(ev, dust_dot_alone(ev, read, MARK_SETTINGS), LEVEL, "6")
    assert (six.how, six.p_marked) == (DUST_DOT, 0.0001)
    # The same clump on the printed form without the dot is weighed alone.
    bare = _first(_evidence(), {})
    weighed = dust_dot_alone(bare, read, MARK_SETTINGS)
    assert box_reading(bare, weighed, LEVEL, "6").how == DUST_DOT_ALONE


def test_a_pass_circle_read_away_keeps_the_row_s_dust_dots_dust():
    """PASS first read unsure on a circle (0.45), read empty by ``dusty_circles``: a
    passed-out board marks no level, and the clump in 6 stays as read."""
    pass_circle = MarkReading("PASS", 0.01, MarkState.UNSURE, 0.3, "circle", ring=0.45)
    ev = _first(_evidence(), {(LEVEL, "6"): CLUMP, (PASSED_OUT, "PASS"): pass_circle})
    six = box_reading(ev, apply_rules(ev), LEVEL, "6")
    assert six.how == DUST_DOT
    assert six.p_marked == pytest.approx(AS_DUST, rel=1e-9)


def _stroke_into_level_2(to_mm: float) -> np.ndarray:
    """The printed form with a stroke 0.5 mm wide (3 px) from the gap between levels 1 and
    2 (0.6 mm left of box 2, 0.8 mm below its top) to ``to_mm`` right of box 2's left edge,
    0.8 mm above its bottom."""
    page = _fresh()
    box = load_layout().box(1, LEVEL, "2")
    s = DPI / 25.4
    start = (round((box.x - 0.6) * s), round((box.y + 0.8) * s))
    end = (round((box.x + to_mm) * s), round((box.y + box.height - 0.8) * s))
    cv2.line(page, start, end, (0.05, 0.05, 0.05), 3)
    return page


@pytest.mark.parametrize(
    ("to_mm", "level_1"),
    [
        # The arc of a circle drawn large round level 1, down box 2's left third (ending
        # 1.45 mm in, its half 2.25 mm): all its ink in the half facing level 1.
        (1.2, MarkState.UNSURE),
        # A stroke across box 2 (a tick of its own running out into the gap): both halves.
        (4.0, MarkState.EMPTY),
        # No stroke at all: the printed form (the fill is level 2's own, as given).
        (None, MarkState.EMPTY),
    ],
)
def test_a_circle_read_away_beside_its_stroke_in_the_next_box_stays_unsure(to_mm, level_1):
    """Level 1 circled (ring 0.6, marked) by a circle drawn large, level 2 marked by its
    fill (0.245), on a dusty page. ``dusty_circles`` reads the circle again on the row's ink
    without specks: nothing round box 1 but the stroke beside its right side, empty. Where
    level 2's ink lies in its half facing level 1, its fill may be the circle's own stroke:
    level 1 stays unsure on its circle, and ``dusty_second_box`` leaves it so; the reading
    2 must explain it, and the row goes to a person (before: 2 the level's only mark, 2S-2
    for 1S-2, both -100). Where it lies across the box, or there is none, the fill is level
    2's own and the circle reads empty as before."""
    ev = _evidence(None if to_mm is None else _stroke_into_level_2(to_mm), dust=SMALL_SPECKS)
    ev = replace(ev, any_ink=True)
    at = {(f, o): k for k, (f, o, _) in enumerate(ev.geometry.boxes)}
    read = [replace(CLEAN, option=o) for _, o, _ in ev.geometry.boxes]
    read[at[(LEVEL, "1")]] = MarkReading("1", 0.01, MarkState.MARKED, 0.99, "circle", ring=0.6)
    read[at[(LEVEL, "2")]] = MarkReading("2", 0.245, MarkState.MARKED, 0.9999, "fill")
    one = dusty_second_box(ev, dusty_circles(ev, read, MARK_SETTINGS), MARK_SETTINGS)
    assert one[at[(LEVEL, "1")]].state is level_1
    assert one[at[(LEVEL, "1")]].how == ("circle" if level_1 is MarkState.UNSURE else "")
