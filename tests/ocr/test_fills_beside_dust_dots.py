"""A fill beside a dot ``dusty_page`` read as the page's dust, no surer a mark than that dot,
is read unsure (``ocr.dust_dots.fills_beside_dust_dots``; issue 43, a wrong row on a fresh
TEST set).

The case, built by hand after TEST noisy seed 36221 (blank forms, page_0027.jpg row 3): the
player dotted level 4 (0.69 mm^2, first read marked by its dot) and a clump of grains 1.35
mm across fell in level 3 (first read marked by its fill, 0.125; no dot: its grains lie too
close). ``dusty_page`` read the dot as dust (the page's margins hold clumps of 0.72 mm^2),
and level 3 was the level's only mark: 3H by North down 3 for 4H down 3, both -150.

By hand. A fill's evidence is (fill - 0.05) / (0.10 - 0.05): 0.125 is 1.5, 0.16 is 2.2,
0.3 is 5. A dot's is (mm^2 - 0.15) / (0.40 - 0.15): 0.69 mm^2 is 2.16, 0.40 is 1. So beside
the dot of 0.69 mm^2 a fill of 0.125 (1.5 <= 2.16) is read unsure (0.5), one of 0.16 (2.2)
or 0.3 stays marked, and beside a dot of 0.40 mm^2 the fill of 0.125 (1.5 > 1) stays marked.
The dust: 12 specks on 120 cm^2 of margins (0.1 a cm^2, dusty from 0.05), two of them 0.5
and 0.72 mm^2, at least 0.67 of 0.69 (0.462): 2 / 120 = 0.0167 a cm^2, alike from 0.015.
Unsure, level 3 is no level's only ink, for level 4 held the player's dot before
``dusty_page`` read it away (``inked_at_first``, ocr/unchecked_marks.py ``_only_ink``): it
is weighed against no box as well as the clean ones (``_certain``): 1 / (1 + 1 + 6 x
0.00010001) = 0.499850, under 0.995, and 3H-3 and 4H-3 score alike: the level is
unchecked, and the row goes to a person.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from ocr.decode import decode_contract
from ocr.dusty_dot_rule import dusty_page
from ocr.layout import LEVEL, STRAIN, load_layout
from ocr.mark_rules import rules_off
from ocr.mark_settings import MARK_SETTINGS
from ocr.marks import DUST_DOT, MarkReading, MarkState, p_marked
from ocr.page_dust import PageDust
from ocr.unchecked_marks import _group_certainty
from scoring.board import Vulnerability
from scoring.contract import Contract, Seat
from tests.ocr.test_decode import evidence, marks_for
from tests.ocr.test_dust_dots import _row_one_evidence, _row_with

DUSTY = PageDust(120.0, (0.2,) * 10 + (0.5, 0.72))


def _after_dusty_page(fill: float, dot_mm2: float) -> dict[tuple[str, str], MarkReading]:
    """Row 1 on the dusty page: level 3 first read marked by ``fill``, level 4 by a dot of
    ``dot_mm2`` (its fill 0.089, as read), strain H filled 0.125 (a field with no dust
    dot); the boxes of both levels and the heart after ``dusty_page``."""
    ev = replace(_row_one_evidence(), dust=DUSTY)
    read = _row_with(
        ev,
        {
            (LEVEL, "3"): MarkReading("3", fill, MarkState.MARKED, p_marked(fill), "fill"),
            (LEVEL, "4"): MarkReading("4", 0.089, MarkState.MARKED, 1.0, "dot", dot_mm2=dot_mm2),
            (STRAIN, "H"): MarkReading("H", 0.125, MarkState.MARKED, p_marked(0.125), "fill"),
        },
    )
    out = dusty_page(ev, read, MARK_SETTINGS)
    wanted = {(LEVEL, "3"), (LEVEL, "4"), (STRAIN, "H")}
    return {
        (f, o): r for (f, o, _), r in zip(ev.geometry.boxes, out, strict=True) if (f, o) in wanted
    }


def test_the_page_holds_dust_like_the_dot():
    assert DUSTY.dusty(MARK_SETTINGS)
    assert DUSTY.holds_alike(0.69, MARK_SETTINGS)
    assert DUSTY.holds_alike(0.40, MARK_SETTINGS)


def test_a_clump_s_fill_beside_a_pen_dot_read_as_dust_is_unsure():
    boxes = _after_dusty_page(0.125, 0.69)
    assert (boxes[LEVEL, "4"].state, boxes[LEVEL, "4"].how) == (MarkState.EMPTY, DUST_DOT)
    three = boxes[LEVEL, "3"]
    assert (three.state, three.how, three.p_marked) == (MarkState.UNSURE, "fill", 0.5)
    # The strain held no dust dot: its fill as thin stays marked.
    assert boxes[STRAIN, "H"].state is MarkState.MARKED


@pytest.mark.parametrize(("fill", "dot_mm2"), [(0.16, 0.69), (0.3, 0.69), (0.125, 0.40)])
def test_a_fill_surer_than_the_dust_dot_stays_marked(fill, dot_mm2):
    boxes = _after_dusty_page(fill, dot_mm2)
    assert boxes[LEVEL, "4"].how == DUST_DOT
    assert boxes[LEVEL, "3"].state is MarkState.MARKED
    assert boxes[LEVEL, "3"].p_marked == p_marked(fill)


def test_the_row_goes_to_a_person():
    """3H by North down 3, not vulnerable, written 150 on the EW side (4H down 3 is -150
    too): with level
    3 read unsure the level is not certain (0.499850 by hand), marked it was (0.98 or more
    beside clean boxes)."""
    three_hearts = Contract.parse("3H")
    marks = marks_for(three_hearts, Seat.NORTH, 6, -150)
    unsure = _after_dusty_page(0.125, 0.69)[LEVEL, "3"].p_marked
    ev = evidence(marks, 150, {"level": {"3": unsure}})
    ev = replace(ev, inked_at_first=frozenset({(LEVEL, "4"), (LEVEL, "3")}))
    assert _group_certainty(ev.level, "3") == pytest.approx(0.499850, abs=1e-6)
    assert "level" in decode_contract(ev, Vulnerability.NONE).unchecked
    certain = evidence(marks, 150)
    assert "level" not in decode_contract(certain, Vulnerability.NONE).unchecked


def _ring_round_h_and_a_stroke_in_s(thick_px: int) -> dict:
    """Row 1 read on the dusty page of tests/ocr/test_dust_rules.py (0.2 specks a cm^2 of
    0.35 mm^2): fourteen specks round strain H (first read circled, ring 0.767), a level 3
    crossed, and a straight stroke ``thick_px`` pixels thick and 18 long (3 mm: no speck,
    no dot) across strain S."""
    from tests.ocr.test_dust_rules import DUSTY, S, _read_row, _specks_round
    from tests.ocr.test_marks import _draw, _fresh

    page = _fresh()
    _draw(page, "level", "3", "cross")
    _specks_round(page, "strain", "H")
    box = load_layout().box(1, "strain", "S")
    x0, y0 = round((box.x + 0.9) * S), round((box.y + box.height / 2) * S)
    page[y0 : y0 + thick_px, x0 : x0 + 18] = 0.05
    return _read_row(page, DUSTY)


@pytest.mark.parametrize(("thick_px", "state"), [(2, MarkState.UNSURE), (6, MarkState.MARKED)])
def test_a_fill_beside_a_circle_read_away_as_specks(thick_px, state):
    """``dusty_circles`` reads the ring of specks round H empty; the stroke in S, 2 pixels
    thick (fill 0.105: 1.1 on the fill's scale), is no surer a mark than H was first read
    ((0.767 - 0.40) / (0.50 - 0.40) = 3.67 on the circle's): unsure, where main d51534e
    read it marked, and the strain the score cannot check was S. Six pixels thick (fill
    over 0.3: 5 and more) it stays marked (issue 43, fresh TEST seed 30875, page_0023.jpg
    row 5: a cross read as a circle and away beside dust filling S to 0.124)."""
    read = _ring_round_h_and_a_stroke_in_s(thick_px)
    assert read[STRAIN, "H"].state is MarkState.EMPTY
    assert (read[STRAIN, "S"].state, read[STRAIN, "S"].how) == (state, "fill")
    with rules_off("dusty_circles"):
        read_unchanged = _ring_round_h_and_a_stroke_in_s(thick_px)
        assert read_unchanged[STRAIN, "H"].state is MarkState.MARKED
        assert read_unchanged[STRAIN, "S"].state is MarkState.MARKED
