"""The guards of ``ocr.score_ties.tied_ink``, one by one: which box of a field the reading
uses, whether it names a circle round another box, whether another box's ink was given to
it, and whether that ink is the arc of the used box's own circle. ``tied_ink`` itself, with
the Law 77 scores worked by hand, is tested in tests/ocr/test_score_agreement.py and
tests/ocr/test_unread_circles.py."""

from __future__ import annotations

import pytest

from ocr.marks import MarkReading, MarkState
from ocr.score_ties import _arc_of_circle, _ink_given_to, _names_a_circle, _used_box

_S = MarkReading("S", 0.3, MarkState.MARKED, 0.99, "fill")
_H = MarkReading("H", 0.0, MarkState.EMPTY, 0.01)


def test_the_used_box_is_the_field_s_box_the_reading_names():
    assert _used_box([_H, _S], "S") is _S
    assert _used_box([_H, _S], "D") is None
    assert _used_box([_H, _S], None) is None  # the reading leaves the field blank


@pytest.mark.parametrize(
    ("used", "names"),
    [
        (MarkReading("S", 0.3, MarkState.MARKED, 0.99, "fill", neighbour=("strain", "H")), True),
        (_S, False),  # marked, naming no box
        (MarkReading("S", 0.07, MarkState.UNSURE, 0.5, "fill", neighbour=("strain", "H")), False),
        (None, False),  # the field left blank
    ],
)
def test_a_used_box_names_a_circle_only_marked_and_naming_a_box(used, names):
    """``unread_circles`` names the box whose wide circle a marked box's thin fill may be
    the arc of; an unsure box is no reading's certain mark to check."""
    assert _names_a_circle(used) is names


@pytest.mark.parametrize(
    ("m", "option", "given"),
    [
        (MarkReading("H", 0.02, MarkState.EMPTY, 0.01, "", neighbour=("strain", "S")), "S", True),
        (MarkReading("H", 0.02, MarkState.EMPTY, 0.01, "", neighbour=("strain", "S")), "D", False),
        (MarkReading("H", 0.02, MarkState.EMPTY, 0.01, "", neighbour=("level", "S")), "S", False),
        (
            MarkReading("H", 0.07, MarkState.UNSURE, 0.5, "edge", neighbour=("strain", "S")),
            "S",
            False,
        ),
        (_H, "S", False),  # empty of itself, no ink given away
    ],
)
def test_ink_is_given_to_the_used_box_where_an_empty_box_names_it(m, option, given):
    """An empty box whose ink ``without_spill`` gave to the box the reading uses, in the
    same field; an unsure box kept its ink."""
    assert _ink_given_to(m, "strain", option) is given


@pytest.mark.parametrize(
    ("used", "heart_ring", "arc"),
    [
        (MarkReading("S", 0.01, MarkState.MARKED, 0.999, "circle", ring=0.85), 0.0, True),
        (MarkReading("S", 0.06, MarkState.MARKED, 0.999, "circle", ring=0.85), 0.0, False),
        (MarkReading("S", 0.01, MarkState.MARKED, 0.999, "circle", ring=0.85), 0.45, False),
        (MarkReading("S", 0.01, MarkState.MARKED, 0.999, "fill"), 0.0, False),
        (None, 0.0, False),
    ],
)
def test_the_ink_is_the_arc_of_the_used_box_s_circle_only_round_an_empty_circled_box(
    used, heart_ring, arc
):
    """The used box circled with its inside under the empty threshold (0.05: 0.01, not
    0.06) and no strokes round the emptied box (under the circle's empty threshold 0.40:
    0, not 0.45); a box marked by its fill, or no used box, has no circle's arc."""
    emptied = MarkReading("H", 0.02, MarkState.EMPTY, 0.01, "", ring=heart_ring)
    assert _arc_of_circle(emptied, used) is arc
