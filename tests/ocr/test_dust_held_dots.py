"""A box left unsure by a dot whose own dot the page's dust holds alike is never its field's
only ink (``ocr.dusty_dot_rule.dust_held_dots``, ``FieldMarks.dust_held``; issue 43).

Fresh TRAINING fine dots on dirty glass, seed 65642, ``page_0008.jpg`` row 3: 3S by South
=, written 140 to North-South. North's box held a clump of 0.66 mm^2, which ``dusty_page``
read as the page's dust, and a blob on its edge, which ``edge_dots`` then read unsure.
South's fine dot lay on its box's corner, under the mask of the printed lines, and read
nothing. North was its field's only ink and the score cannot tell partners apart: the row
was accepted as by North. The band stored here is the row as the reader read it, with its
page's dust.
"""

from __future__ import annotations

from dataclasses import replace

from ocr.decode import decode_contract
from ocr.dots import EDGE_UNSURE_MM2
from ocr.dusty_dot_rule import dust_held_dots
from ocr.marks import MarkState
from ocr.page_dust import NO_DUST
from scoring.board import Vulnerability
from scoring.contract import Contract, Seat, Strain
from tests.ocr.bands import band_row_marks, stored_dust
from tests.ocr.test_decode import evidence, marks_for

BAND = "row_band_declarer_clump_edge_blob_corner_dot.png"


def _read(dust):
    marks = band_row_marks(BAND, 3, dust)
    return marks, marks.read_marks([f.name for f in marks.row.fields if f.kind.name == "MARKS"])


def test_north_unsure_by_its_edge_blob_is_held_as_the_page_s_dust():
    _, read = _read(stored_dust(BAND))
    declarer = {m.option: m for m in read.readings["declarer"]}
    north = declarer["N"]
    assert (north.state, north.how, north.dot_mm2) == (MarkState.UNSURE, "dot", EDGE_UNSURE_MM2)
    assert all(declarer[o].state is MarkState.EMPTY for o in "ESW")
    assert read.dust_held == {("declarer", "N")}


def test_only_a_dot_first_read_by_itself_and_held_alike_is_held():
    marks, _ = _read(stored_dust(BAND))
    ev = marks.evidence()
    at = next(i for i, (f, o, _) in enumerate(ev.geometry.boxes) if (f, o) == ("declarer", "N"))
    first = ev.first[at]
    assert (first.how, round(first.dot_mm2, 2)) == ("dot", 0.66)
    unsure = replace(first, state=MarkState.UNSURE, dot_mm2=EDGE_UNSURE_MM2, p_marked=0.5)
    read = [*ev.first[:at], unsure, *ev.first[at + 1 :]]
    assert at in dust_held_dots(ev, read)
    assert not dust_held_dots(replace(ev, dust=NO_DUST), read)  # a clean page: no dust
    by_fill = [*read[:at], replace(unsure, how="fill"), *read[at + 1 :]]
    assert at not in dust_held_dots(ev, by_fill)  # unsure by its fill: ink beside the dot
    by_edge = replace(first, dot_mm2=EDGE_UNSURE_MM2)  # a blob by its edge from the first
    edged = replace(ev, first=(*ev.first[:at], by_edge, *ev.first[at + 1 :]))
    assert at not in dust_held_dots(edged, read)


def test_a_declarer_held_as_dust_goes_to_a_person():
    """3S by South =, 140 to North-South either way: North half sure, every other box
    clean. Alone it was certain against its field's other boxes; held as the page's dust it
    is weighed against no mark too, and the declarer is not certain."""
    marks = marks_for(Contract(3, Strain.SPADES), Seat.NORTH, 9, 140)
    overrides = {"declarer": {"N": 0.5}}
    assert decode_contract(evidence(marks, 140, overrides), Vulnerability.NONE).unchecked == ()
    held = replace(evidence(marks, 140, overrides), never_only_ink=frozenset({("declarer", "N")}))
    assert "declarer" in decode_contract(held, Vulnerability.NONE).unchecked
