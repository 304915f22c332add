"""Rule ``clean_rivals`` on a dusty page: a box's own dot on its printed edge whose centre
lies on that edge itself and whose ink reaches another box of the field stays unsure, as a
dot centred in the gap does (``ocr.clean_rivals.in_the_gap``, ``edge_too``; issue 43).

The stored band is a fresh TRAINING set's row (dirty glass, seed 42456, ``page_0026.png``
row 2) with its page's dust as ``measure_dust`` found it: the player's dot for level 3 in
the gap between 3 and 4, joined across 4's left edge to a clump just inside 4. The joined
dot's centre lies on 4's edge and 0.72 of it is nearest 4, so 4 held it; no other level box
holding ink, 4 was read marked and 3NT by West down 1 accepted as 4NT down 1 (+100 both).
"""

from __future__ import annotations

from ocr.clean_rivals import in_the_gap, lone_unsure_boxes, owned_edge_dots
from ocr.edge_dots import EdgeDot
from ocr.layout import LEVEL
from ocr.mark_rules import rule_steps
from ocr.mark_settings import MARK_SETTINGS
from ocr.marks import DOT_IN_GAP, MarkState
from tests.ocr.bands import band_row, band_row_marks, stored_dust
from tests.ocr.marked_rows import box_index

BAND = "row_band_level_dot_in_gap_joined_to_clump.png"


def test_the_level_holding_a_dot_centred_on_its_edge_by_the_gap_stays_unsure():
    """Level 4 unsure by the joined dot, named ``DOT_IN_GAP`` (never its field's only ink),
    not read marked; every other level box empty."""
    level = {m.option: m for m in band_row(BAND, 2, stored_dust(BAND))[LEVEL]}
    assert (level["4"].state, level["4"].how) == (MarkState.UNSURE, DOT_IN_GAP)
    assert all(level[o].state is MarkState.EMPTY for o in "123567")


def test_the_joined_dot_is_centred_on_4_s_edge_and_reaches_3():
    """Just before ``clean_rivals``: 4 is the level's one unsure box, its own dot's centre
    on its printed edge (0 mm from it, counted inside), the dot near 3 as well: outside
    the gap as the rule reads a clean page, in it on a dusty one."""
    ev = band_row_marks(BAND, 2, stored_dust(BAND)).evidence()
    steps = list(rule_steps(ev))
    names = [name for name, _ in steps]
    read = steps[names.index("clean_rivals") - 1][1]
    four, three = box_index(ev, LEVEL, "4"), box_index(ev, LEVEL, "3")
    rivals = dict(lone_unsure_boxes(ev, read))[four]
    (dot,) = owned_edge_dots(ev, read, four, MARK_SETTINGS)
    assert (dot.inside[four], dot.centre_mm[four], dot.near[three]) == (True, 0.0, True)
    assert not in_the_gap(dot, four, rivals)
    assert in_the_gap(dot, four, rivals, edge_too=True)


def _dot(inside: bool, centre_mm: float, near_rival: bool) -> EdgeDot:
    """A dot by box 0 of a field of two (box 1 the rival)."""
    return EdgeDot(
        near=(True, near_rival),
        share=(0.7, 0.3),
        centre_mm=(centre_mm, 1.0),
        inside=(inside, False),
    )


def test_only_a_centre_on_the_edge_itself_counts_and_only_by_a_rival():
    """A centre half a pixel inside (0.08 mm at 150 dpi) is inside; on the edge (0 mm)
    only with ``edge_too``; outside always; none of them without a rival near."""
    assert not in_the_gap(_dot(True, 0.08, True), 0, [1], edge_too=True)
    assert in_the_gap(_dot(True, 0.0, True), 0, [1], edge_too=True)
    assert not in_the_gap(_dot(True, 0.0, True), 0, [1])
    assert in_the_gap(_dot(False, 0.1, True), 0, [1])
    assert not in_the_gap(_dot(True, 0.0, False), 0, [1], edge_too=True)
    assert not in_the_gap(_dot(False, 0.1, False), 0, [1])
