"""A pen dot between a row's two lines of boxes belongs to the box whose field nothing else
settles (ocr/dots_between_lines.py; issue 43, item 4).

The numbers, by hand. At 150 dpi a pixel is 0.169 mm (5.906 px a mm). Strain H's box spans
y 64.35-68.85 mm of row 1, count 7's, on the result's line below it, 70.35-74.85 mm: a
strip 1.5 mm high between them. The dot is a disc of radius 5 px (1.7 mm across) centred
at x 115.0 mm, over both boxes (H 113.0-117.5, count 7 112.5-117.0), and 0.7 mm under H's
bottom edge, 0.8 mm over count 7's top edge: it touches both printed lines and reaches
within ``edge_dot_near_mm`` (0.5) of both boxes, neither holds ``edge_dot_own_share``
(0.65) of its ink, and its centre lies on neither's edge (within ``edge_dot_centre_mm``,
0.3): no owner (``EdgeDot.owner``). The row is played: level 4 and declarer N filled.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from ocr.dots_between_lines import field_settled, owners
from ocr.edge_dots import circled_boxes
from ocr.layout import load_layout
from ocr.mark_settings import MARK_SETTINGS
from ocr.marks import MarkReading, MarkState
from ocr.page_dust import NO_DUST
from tests.ocr.test_dust_rules import DUSTY, S, _read_row
from tests.ocr.test_marks import _fresh

CENTRE_MM = (115.0, 68.85 + 0.7)


def _fill(page: np.ndarray, field: str, option: str) -> None:
    """Box ``option`` of ``field`` of row 1 filled (18 x 18 px inside it): marked for
    certain."""
    box = load_layout().box(1, field, option)
    x0, y0 = round(box.x * S) + 4, round(box.y * S) + 4
    page[y0 : y0 + 18, x0 : x0 + 18] = 0.05


def _dot_between_lines(*filled: tuple[str, str]) -> np.ndarray:
    """Row 1: level 4, declarer N and ``filled`` filled, and the dot between strain H and
    count 7 (the module docstring)."""
    page = _fresh()
    for field, option in (("level", "4"), ("declarer", "N"), *filled):
        _fill(page, field, option)
    x, y = (round(v * S) for v in CENTRE_MM)
    cv2.circle(page, (x, y), 5, 0.05, -1)
    return page


def test_the_dot_is_strains_where_a_contract_made_exactly_marks_no_count():
    """The result's sign '=' marked: the count is settled, the dot is H's. H is the
    strain's only ink, its rivals hold none: rule ``edge_dot_rivals`` reads it marked
    (0.98); count 7 stays empty. (TRAINING damaged, fresh seed 89475, ``page_0025.jpg`` row
    15: the player's dot for declarer N between N and count 13, the sign '='.)"""
    read = _read_row(_dot_between_lines(("result_sign", "=")), NO_DUST)
    assert read["strain", "H"].state is MarkState.MARKED
    assert read["strain", "H"].p_marked == pytest.approx(0.98)
    assert read["result_count", "7"].state is MarkState.EMPTY


def test_the_dot_is_strains_where_another_count_is_marked():
    """The sign '-' and count 1 marked: the count is settled by count 1, the dot is H's.
    (TRAINING damaged, fresh seed 89475, ``page_0021.jpg`` row 6: the player's dot for C
    between C and count 5, count 1 marked.)"""
    read = _read_row(_dot_between_lines(("result_sign", "-"), ("result_count", "1")), NO_DUST)
    assert read["strain", "H"].state is MarkState.MARKED
    assert read["result_count", "7"].state is MarkState.EMPTY
    assert read["result_count", "1"].state is MarkState.MARKED


def test_the_dot_is_the_counts_where_another_strain_is_marked():
    """Spade filled and the sign '-': the strain is settled, the count is not, the dot is
    count 7's, read unsure by it (a dot on an edge, the unsure band's middle); H stays
    empty."""
    read = _read_row(_dot_between_lines(("strain", "S"), ("result_sign", "-")), NO_DUST)
    assert read["result_count", "7"].state is MarkState.UNSURE
    assert read["strain", "H"].state is MarkState.EMPTY


@pytest.mark.parametrize(
    "filled",
    [
        (("result_sign", "-"),),  # neither settled: a count is needed and none is marked
        (("strain", "S"), ("result_sign", "=")),  # both settled
    ],
)
def test_the_dot_stays_both_boxes_where_the_fields_do_not_tell(filled):
    """Neither field settled, or both: the dot may be either box's, and both are read
    unsure by it, as before the rule."""
    read = _read_row(_dot_between_lines(*filled), NO_DUST)
    assert read["strain", "H"].state is MarkState.UNSURE
    assert read["result_count", "7"].state is MarkState.UNSURE


@pytest.mark.parametrize(("dust", "owner"), [(NO_DUST, ("strain", "H")), (DUSTY, None)])
def test_on_a_dusty_page_the_fields_are_not_asked(dust, owner):
    """With the sign '=' marked the dot is H's on a page that is not dusty; on a dusty page
    (its margins' specks as large as a pen dot) the dust's specks lie between the lines as
    often as a player's dots, and the dot is no box's: the dust rules weigh both boxes."""
    from ocr.illumination import flatten
    from ocr.row_marks import RowMarks
    from tests.ocr.test_dust_rules import DPI, _grey

    lay = load_layout()
    page = flatten(_grey(_dot_between_lines(("result_sign", "="))), DPI)
    ev = RowMarks(page, lay, lay.row(1), DPI, dust).evidence()
    first = list(ev.first)
    (dot,) = ev.views.dots_on_edges(circled_boxes(first), MARK_SETTINGS)
    near = {ev.geometry.boxes[i][:2] for i, n in enumerate(dot.near) if n}
    assert near == {("strain", "H"), ("result_count", "7")}
    (box,) = owners(ev, first, (dot,), MARK_SETTINGS)
    assert (None if box is None else ev.geometry.boxes[box][:2]) == owner


def _reading(option: str, state: MarkState) -> MarkReading:
    return MarkReading(option, 0.3 if state is MarkState.MARKED else 0.0, state, 0.5, "fill")


@pytest.mark.parametrize(
    ("fields", "states", "i", "settled"),
    [
        (("strain", "strain"), (MarkState.EMPTY, MarkState.MARKED), 0, True),
        (("strain", "strain"), (MarkState.EMPTY, MarkState.UNSURE), 0, False),
        (("strain", "strain"), (MarkState.MARKED, MarkState.EMPTY), 0, False),
        (("result_count", "result_sign"), (MarkState.EMPTY, MarkState.MARKED), 0, True),
    ],
)
def test_a_field_is_settled_by_another_box_marked_for_certain(fields, states, i, settled):
    """Another box of the field marked for certain settles it; an unsure one does not, nor
    does the box itself; the count is settled by a sign '=' marked."""
    options = ("=" if f == "result_sign" else "x" for f in fields)
    read = [_reading(o, s) for o, s in zip(options, states, strict=True)]
    assert field_settled(fields, read, i) is settled


def test_a_sign_other_than_made_exactly_does_not_settle_the_count():
    read = [_reading("7", MarkState.EMPTY), _reading("-", MarkState.MARKED)]
    assert field_settled(("result_count", "result_sign"), read, 0) is False
