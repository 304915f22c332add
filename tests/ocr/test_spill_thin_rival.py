"""A box read empty as another field's stroke, where its own field's other mark is no more
than a thin fill, or nothing where a played result always marks the field, is unsure: which
box holds the field's mark nobody can say
(``ocr.spill_rules._thin_rival_across`` in rule ``without_spill``; on a dusty page
``dusty_second_box`` leaves it so, ``ocr.dust_rules._stroke_across``; issue 43).

Fresh TEST noisy seed 71363, ``page_0021.jpg`` row 5: 5DX by South =, written 750 to
North-South (vulnerable). The player's tick in declarer S (fill 0.188) has its vertex on S's
lower edge, and the long arm of the score side's tick in NS, under S, runs up into S across
it. Read without its strip facing NS, S held 0.045; ``without_spill`` read it empty as NS's
stroke, and three specks close together in North (fill 0.108, p 0.994) were the field's
only mark: the row was accepted by North (+750 either way). The band stored here is the row
as the reader read it, with its page's dust.
"""

from __future__ import annotations

from ocr.decode import decode_contract
from ocr.marks import MarkState
from ocr.page_dust import NO_DUST
from scoring.board import Vulnerability
from scoring.contract import Contract, Doubling, Seat, Strain
from tests.ocr.bands import band_row_marks, read_band, stored_dust
from tests.ocr.test_decode import evidence, marks_for

BAND = "row_band_declarer_tick_into_score_side_specks.png"


def _declarer(dust):
    marks = band_row_marks(BAND, 5, dust)
    read = marks.read_fields(["declarer", "score_side"])
    return {m.option: m for m in read["declarer"]}, {m.option: m for m in read["score_side"]}


def test_south_given_to_the_score_side_beside_specks_in_north_is_unsure():
    declarer, side = _declarer(stored_dust(BAND))
    south = declarer["S"]
    assert (south.state, south.how, south.neighbour) == (
        MarkState.UNSURE,
        "edge",
        ("score_side", "NS"),
    )
    assert round(south.fill, 3) == 0.188
    north = declarer["N"]
    assert (north.state, north.how, round(north.fill, 3)) == (MarkState.MARKED, "fill", 0.108)
    assert side["NS"].state is MarkState.MARKED


def test_without_specks_in_north_south_is_unsure_as_the_fields_only_ink():
    """The band with North's three specks painted out: the field holds no other mark, and
    S's ink read without its strip facing NS would leave the declarer, which a played result
    always marks, with none. Whose the ink is nobody can say: S is unsure as NS's stroke
    (it was read empty before), and a reading that uses NS and S explains it
    (``ocr.used_marks.unexplained_unsure``)."""
    marks = band_row_marks(BAND, 5, stored_dust(BAND))
    g = marks.row_ink.geometry
    at = next(i for i, (f, o, _) in enumerate(g.boxes) if (f, o) == ("declarer", "N"))
    x0, y0, x1, y1 = (int(c) for c in g.inner[at])
    band = marks.row_ink.grey.copy()
    band[y0:y1, x0:x1] = 255
    declarer = read_band(band, 5, "declarer")
    assert declarer["N"].state is MarkState.EMPTY
    south = declarer["S"]
    assert (south.state, south.how, south.neighbour) == (
        MarkState.UNSURE,
        "edge",
        ("score_side", "NS"),
    )


def test_a_clean_page_keeps_south_unsure_too():
    """The rule is no dust rule: read as a clean page (no dust), S stays unsure."""
    declarer, _ = _declarer(NO_DUST)
    assert declarer["S"].state is MarkState.UNSURE


def test_north_beside_an_unsure_south_goes_to_a_person():
    """5DX= by South, 750 to North-South vulnerable, by North the same: North marked at
    0.994, South unsure. South empty (as it was read) let North through; unsure, the
    declarer is not certain and the score cannot tell partners apart."""
    contract = Contract(5, Strain.DIAMONDS, Doubling.DOUBLED)
    marks = marks_for(contract, Seat.NORTH, 11, 750)
    empty = evidence(marks, 750, {"declarer": {"N": 0.994, "S": 0.009}})
    assert "declarer" not in decode_contract(empty, Vulnerability.BOTH).unchecked
    unsure = evidence(marks, 750, {"declarer": {"N": 0.994, "S": 0.5}})
    assert "declarer" in decode_contract(unsure, Vulnerability.BOTH).unchecked
