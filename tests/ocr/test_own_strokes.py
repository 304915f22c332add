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
REACH = 9.4  # own_stroke_reach_mm (1.6) at 150 dpi: 9.45 px


Band = tuple[np.ndarray, np.ndarray, np.ndarray]  # solid, drawn, printed


def _printed() -> np.ndarray:
    """The two boxes' printed lines, 2 px wide."""
    printed = np.zeros((40, 70), bool)
    for x0, y0, x1, y1 in BOXES:
        printed[y0:y1, x0 : x0 + 2] = printed[y0:y1, x1 - 2 : x1] = True
        printed[y0 : y0 + 2, x0:x1] = printed[y1 - 2 : y1, x0:x1] = True
    return printed


def _inked(solid: np.ndarray, printed: np.ndarray) -> Band:
    """(solid, drawn, printed): the drawn ink is the solid ink off the printed lines."""
    return solid, solid & ~printed, printed


def _band(stroke_to: int, into_b: bool = False) -> Band:
    """The band with the stroke along rows 20-21 from column 14 to column ``stroke_to``
    (excluded); with ``into_b`` on through the gap and B's line to column 41 inside B."""
    printed = _printed()
    solid = printed.copy()
    solid[20:22, 14:stroke_to] = True
    if into_b:
        solid[20:22, stroke_to:42] = True
    return _inked(solid, printed)


def _ink_only(rows: slice, columns: slice) -> Band:
    """The band with one block of ink, at ``rows`` and ``columns``, and no stroke."""
    printed = _printed()
    solid = printed.copy()
    solid[rows, columns] = True
    return _inked(solid, printed)


def _own(band: Band, owners: frozenset[int] = frozenset({0}), share: float = SHARE) -> np.ndarray:
    """``own_strokes`` on ``band`` (the printed lines 2 px wide), A the owner."""
    solid, drawn, printed = band
    return own_strokes(solid, drawn, printed, 2.0, BOXES, owners, share, REACH)


def test_the_stroke_s_end_in_the_gap_is_a_s_own():
    band = _band(34)
    own = _own(band)
    assert own[20:22, 14:34].all()
    assert int((own & band[1]).sum()) == 36
    assert not _own(band, owners=frozenset({1})).any()


def test_a_stroke_with_ink_in_the_next_box_is_no_one_s_own():
    """On through the gap and B's line to 8 drawn px inside B (columns 38-41): it may be
    B's mark's. Its share inside A is 28 / 48 = 0.58; asked at a share of 0.5, it is still
    no one's own, for its ink inside B."""
    assert not _own(_band(34, into_b=True), share=0.5).any()


def test_a_stroke_mostly_outside_its_box_is_no_one_s_own():
    """Along rows 20-21 from column 0 through A's left line (columns 10-11) to column 27:
    20 drawn px outside A (columns 0-9), 32 inside (12-27): a share of 32 / 52 = 0.615,
    under 0.65."""
    band = _ink_only(slice(20, 22), slice(0, 28))
    drawn = band[1]
    assert (int(drawn.sum()), int(drawn[10:30, 10:30].sum())) == (52, 32)
    assert not _own(band).any()


def test_a_dot_across_the_edge_is_no_stroke():
    """A 7 x 6 px dot across A's right line (columns 24-30, rows 18-23): 24 drawn px inside
    A (columns 24-27), 6 outside (column 30), a share of 0.8; joined through the line it
    is 7 x 10 px (the line's solid pixels within 2 px of it, rows 16-25) of 50, compact:
    the question of ``dots_on_edges`` (which box it is), not a stroke's."""
    band = _ink_only(slice(18, 24), slice(24, 31))
    drawn = band[1]
    assert (int(drawn.sum()), int(drawn[10:30, 10:30].sum())) == (30, 24)
    assert not _own(band).any()


def test_a_stroke_running_on_past_the_gap_is_no_one_s_own():
    """The first test's stroke with three bars down A (columns 14-15, 20-21 and 24-25, rows
    12-27: 112 drawn px inside A), out into the gap (8 px) and up it, a pixel wide (column
    30, rows 6-19: 14 px): 112 of 134 drawn px inside A, 0.84, its end 3.5 px above A's top
    corner, within the reach: A's own. On over B's top, a pixel wide (row 6, columns
    31-54: 24 px): 112 of 158, 0.71, but its far end 24.7 px (4.2 mm) out of A, past the
    reach (as a circle round B runs on along its side): no one's own."""
    solid, _, printed = _band(34)
    for x in (14, 20, 24):
        solid[12:28, x : x + 2] = True
    solid[6:20, 30] = True
    band = _inked(solid, printed)
    assert (int(band[1].sum()), int(band[1][10:30, 10:30].sum())) == (134, 112)
    assert _own(band).any()
    solid[6, 31:55] = True
    band = _inked(solid, printed)
    assert int(band[1].sum()) == 158
    assert not _own(band).any()


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
