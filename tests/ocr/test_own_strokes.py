"""A mark's stroke that runs out of its box into the gap is no ink of the next box's mark
(``ocr.rival_ink.own_strokes``, rule ``clean_rivals``; issue 43).

The synthetic band, by hand: two boxes side by side, A at columns 10-29 and B at 36-55
(rows 10-29), their printed lines 2 px wide (A's right line columns 28-29, B's left line
36-37), the gap columns 30-35. A stroke 2 px thick runs along row 20 from column 14 to the
gap: inside A (columns 14-27) 28 drawn px, on A's line 4 px (no drawn ink, joined through
the line), in the gap (columns 30-33) 8 drawn px. Its drawn ink: 36 px, 28 inside A, a
share of 0.78 (over 0.65).
"""

from __future__ import annotations

import numpy as np

from ocr.layout import LEVEL, STRAIN
from ocr.marks import MarkState
from ocr.rival_ink import own_strokes
from tests.ocr.bands import band_row, stored_dust

BOXES = np.array([[10, 10, 30, 30], [36, 10, 56, 30]])
SHARE = 0.65


def _band(stroke_to: int, into_b: bool = False) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(solid, drawn, printed) of the band with the stroke along rows 20-21 from column 14
    to column ``stroke_to`` (excluded); with ``into_b`` on through the gap and B's line
    to column 41 inside B."""
    printed = np.zeros((40, 70), bool)
    for x0, y0, x1, y1 in BOXES:
        printed[y0:y1, x0 : x0 + 2] = printed[y0:y1, x1 - 2 : x1] = True
        printed[y0 : y0 + 2, x0:x1] = printed[y1 - 2 : y1, x0:x1] = True
    solid = printed.copy()
    solid[20:22, 14:stroke_to] = True
    if into_b:
        solid[20:22, stroke_to:42] = True
    return solid, solid & ~printed, printed


def test_the_stroke_s_end_in_the_gap_is_a_s_own():
    solid, drawn, printed = _band(34)
    own = own_strokes(solid, drawn, printed, 2.0, BOXES, frozenset({0}), SHARE)
    assert own[20:22, 14:34].all()
    assert int((own & drawn).sum()) == 36
    assert not own_strokes(solid, drawn, printed, 2.0, BOXES, frozenset({1}), SHARE).any()


def test_a_stroke_with_ink_in_the_next_box_is_no_one_s_own():
    """On through the gap and B's line to 8 drawn px inside B (columns 38-41): it may be
    B's mark's."""
    solid, drawn, printed = _band(34, into_b=True)
    assert not own_strokes(solid, drawn, printed, 2.0, BOXES, frozenset({0}), SHARE).any()


def test_a_stroke_mostly_outside_its_box_is_no_one_s_own():
    """Along rows 20-21 from column 0 through A's left line (columns 10-11) to column 27:
    20 drawn px outside A (columns 0-9), 32 inside (12-27): a share of 32 / 52 = 0.615,
    under 0.65."""
    printed = _band(14)[2]
    solid = printed.copy()
    solid[20:22, 0:28] = True
    drawn = solid & ~printed
    assert (int(drawn.sum()), int(drawn[10:30, 10:30].sum())) == (52, 32)
    assert not own_strokes(solid, drawn, printed, 2.0, BOXES, frozenset({0}), SHARE).any()


def test_a_dot_across_the_edge_is_no_stroke():
    """A 6 x 6 px dot across A's right line (columns 26-31, rows 18-23): compact, the
    question of ``dots_on_edges`` (which box it is), not a stroke's."""
    printed = _band(14)[2]
    solid = printed.copy()
    solid[18:24, 26:32] = True
    drawn = solid & ~printed
    assert not own_strokes(solid, drawn, printed, 2.0, BOXES, frozenset({0}), SHARE).any()


def test_a_tick_s_arm_by_a_clean_neighbour():
    """Fresh TRAINING noisy 58213, ``page_0015.png`` row 14 (5C by North =, 600 written,
    North-South vulnerable): the player's tick in C runs its long arm out through C's
    right edge into the gap, up to D's top left corner; D holds no other ink. C, read
    unsure as D's stroke ("edge"), was its field's one unsure box, but D held ink by it,
    and 5D= scores 600 too: the row went to a person. The arm is C's own: C is read
    marked, its neighbour let go (no circle round D left ink by it)."""
    band = "row_band_tick_arm_by_clean_neighbour.png"
    strain = {m.option: m for m in band_row(band, 14, stored_dust(band))[STRAIN]}
    assert (strain["C"].state, strain["C"].neighbour) == (MarkState.MARKED, None)
    assert all(strain[o].state is MarkState.EMPTY for o in ("D", "H", "S", "NT"))


def test_a_cross_s_arm_by_a_rival_of_another_field():
    """Fresh TRAINING noisy 58213, ``page_0003.png`` row 7 (3C by North -1, 50 written to
    East-West, not vulnerable): the player's dot for level 3 under 3's bottom edge (thick
    ink by it), the field's only ink; the cross in "-" runs an arm up out of its box's
    corner to level 2's bottom right corner. 2C-1 scores 50 too, and the row went to a
    person. The arm is the "-" cross's (a box of another field marked for certain): 3 is
    read marked."""
    band = "row_band_cross_arm_by_level_rival.png"
    level = {m.option: m for m in band_row(band, 7, stored_dust(band))[LEVEL]}
    assert level["3"].state is MarkState.MARKED
    assert all(level[o].state is MarkState.EMPTY for o in "124567")
