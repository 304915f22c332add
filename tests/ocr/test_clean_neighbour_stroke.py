"""A used box unsure only as a clean neighbour's stroke, which the written score settles
with less (``ocr.score_settles``, ``_CLEAN_NEIGHBOUR_ODDS``; issue 43).

TRAINING clean, seed 13, ``page_0016.png`` row 8 (board 16, East-West vulnerable): 2H by
North made, 110 written to North-South. The player's ring round level 2 leaves its ink by 2's
edge towards 3; read without the strip facing 3 (rule ``without_spill``), 2 is
empty, and 3 holds no mark, so 2 is unsure as 3's stroke ("edge"). 3 is clean paper: no
ink in it, none beside two of its sides. 3H= by North scores 90 + 50 = 140 (Law 77), one
digit from the written 110: a comb read certain of 110 shows it 91 to 1, under the 199 that
rules a number out alone, but 3's mark would have left all its ink in 2, and 910 to 1
rules it out. Every other level scores another number two digits or more away (1H= 80,
4H= 420, 5H= 450, 6H= 980, 7H= 1,510), so 2 is the level's own mark.
"""

from __future__ import annotations

from ocr.layout import LEVEL
from ocr.marks import MarkState
from ocr.reading import RowResult
from ocr.score_settles import settled_boxes
from ocr.used_marks import unexplained_unsure, used_boxes
from scoring.board import Vulnerability
from scoring.contract import Contract, Seat
from tests.ocr.bands import band_row_marks, stored_dust
from tests.ocr.test_score_settles import comb

BAND = "row_band_level_by_a_clean_neighbour.png"
TWO_HEARTS = RowResult(8, 14, False, Contract.parse("2H"), Seat.NORTH, 8, 110)


def _read():
    marks = band_row_marks(BAND, 8, stored_dust(BAND))
    return marks.read_marks([f.name for f in marks.row.fields if f.kind.name == "MARKS"])


def test_two_unsure_as_the_stroke_of_a_clean_three():
    read = _read()
    level = {m.option: m for m in read.readings[LEVEL]}
    two = level["2"]
    assert (two.state, two.how, two.neighbour) == (MarkState.UNSURE, "edge", (LEVEL, "3"))
    assert level["3"].state is MarkState.EMPTY
    assert (LEVEL, "3") not in read.inked_at_first | read.ink_round


def test_the_written_110_settles_the_two():
    read = _read()
    uses = used_boxes(TWO_HEARTS, (8, 14))
    assert unexplained_unsure(read.readings, uses) == [LEVEL]
    settled = settled_boxes(
        read.readings, uses, TWO_HEARTS, comb("110"), Vulnerability.EW,
        read.inked_at_first, read.ink_round,
    )  # fmt: skip
    assert (LEVEL, "2") in settled
    assert unexplained_unsure(read.readings, uses, settled) == []
    # drawn ink beside two sides of 3 (a circle round it may have run into 2): a person looks
    round_three = read.ink_round | {(LEVEL, "3")}
    settled = settled_boxes(
        read.readings, uses, TWO_HEARTS, comb("110"), Vulnerability.EW,
        read.inked_at_first, round_three,
    )  # fmt: skip
    assert (LEVEL, "2") not in settled
