"""Thick ink by a box's edge on a dusty page, counted as a mark in the gap where the field's
other boxes hold no ink a player's mark would leave (``ocr.unchecked_marks.marks_in_the_gap``
with ``ocr.clean_rivals.clean_beside_thick_ink``; issue 43).

TRAINING's dirty glass 13, ``page_0028.jpg`` row 4 (board 28, North-South vulnerable):
3NT by West made with an overtrick, 430 written to East-West. The player's pen dot sits by
W's left printed edge, towards S; N holds a speck of the page's dust, E and S nothing. Read
unsure by the thick ink by its edge (``THICK_BY_EDGE``, naming S), W was the declarer's only
ink, and East's 3NT+1 scores the same 430: "marks not certain in declarer". A speck by W
with the player's mark in E needs a mark that left no ink by E at all (the ring round N that
once made a partner's row wrong left its strokes by N), so E is ruled out.
"""

from __future__ import annotations

from ocr.layout import DECLARER
from ocr.marks import THICK_BY_EDGE, MarkReading, MarkState
from ocr.unchecked_marks import marks_in_the_gap
from tests.ocr.bands import band_row_marks, stored_dust

BAND = "row_band_declarer_thick_by_edge_dusty.png"
RING_ROUND_NORTH = "row_band_declarer_speck_by_south_ring_round_north.png"


def _read():
    marks = band_row_marks(BAND, 4, stored_dust(BAND))
    return marks.read_marks([f.name for f in marks.row.fields if f.kind.name == "MARKS"])


def test_west_unsure_by_thick_ink_towards_south_north_and_east_clean_by():
    read = _read()
    west = {m.option: m for m in read.readings[DECLARER]}["W"]
    assert (west.state, west.how, west.neighbour) == (
        MarkState.UNSURE,
        THICK_BY_EDGE,
        (DECLARER, "S"),
    )
    assert {o for f, o in read.clean_by if f == DECLARER} == {"N", "E"}


def test_counted_in_the_gap_on_the_dusty_page_only_with_the_rest_clean():
    read = _read()
    gap = ((DECLARER, "W", frozenset({"S"})),)
    assert marks_in_the_gap(read.readings, dusty=True, clean_by=read.clean_by) == gap
    assert marks_in_the_gap(read.readings, dusty=True) == ()
    east_inked = read.clean_by - {(DECLARER, "E")}
    assert marks_in_the_gap(read.readings, dusty=True, clean_by=east_inked) == ()


def test_ink_by_the_box_it_lies_towards_is_no_matter():
    """S, beside W's thick ink, is the box the ink may be the mark of: ink by it does not
    stop the count; nor is the ink's side asked where the rule names none (both neighbours,
    here S alone: W is the field's last box)."""
    readings = {
        DECLARER: [
            MarkReading("N", 0.0, MarkState.EMPTY, 0.0001),
            MarkReading("E", 0.0, MarkState.EMPTY, 0.0001),
            MarkReading("S", 0.0, MarkState.EMPTY, 0.0001),
            MarkReading("W", 0.0, MarkState.UNSURE, 0.5, THICK_BY_EDGE, 0.0, 0.28),
        ]
    }
    clean = frozenset({(DECLARER, "N"), (DECLARER, "E")})
    assert marks_in_the_gap(readings, dusty=True, clean_by=clean) == (
        (DECLARER, "W", frozenset({"S"})),
    )
    assert marks_in_the_gap(readings, dusty=True, clean_by=clean - {(DECLARER, "N")}) == ()


def test_a_speck_by_south_beside_the_ring_round_north_is_no_mark_in_the_gap():
    """TRAINING noisy 65090, ``page_0022.jpg`` row 7, the row that kept thick ink on a dusty
    page out of the gap: 4S by North +1, 450 written, the player's ring round N seen by no
    reading, a speck thick by S's edge. The ring's strokes lie by N and by E: neither holds
    no ink by it, so the speck is no mark in the gap, and South's 450 is not taken for
    North's (the row goes to a person, "marks not certain in declarer")."""
    marks = band_row_marks(RING_ROUND_NORTH, 7, stored_dust(RING_ROUND_NORTH))
    read = marks.read_marks([f.name for f in marks.row.fields if f.kind.name == "MARKS"])
    south = {m.option: m for m in read.readings[DECLARER]}["S"]
    assert (south.state, south.how) == (MarkState.UNSURE, THICK_BY_EDGE)
    assert {o for f, o in read.clean_by if f == DECLARER} == {"W"}
    assert marks_in_the_gap(read.readings, dusty=True, clean_by=read.clean_by) == ()
