"""A wide ring's arc read as a pen dot in the next box is not taken for the player's mark
where the score cannot tell the two boxes apart (issue 43; ``ocr.circle_rules``
``unread_circles``, ``_arc_piece_dot``; ``ocr.score_ties.tied_ink``).

Fresh TRAINING fine dots on dirty glass, seed 86358, ``page_0015.jpg`` row 6, a coloured
pen's row read without its grey dust (ocr/ink_colour.py): the player's ring round NT, drawn
wide to its left, reads 0.38 (under the circle's empty threshold, 0.40); its arc crosses
S's right side, and the mask of the printed lines cuts it so short there that the piece
left inside S is a compact blob of 0.60 mm^2, a pen dot's size: S marked for certain by
its dot. 4NT by South one down and 4S by South one down both score -100 vulnerable, so the
written score could not tell them and 4S -1 was accepted. The band stored here is the
pen's row as the reader read it (its grey dust taken out), so it is read without dust.
"""

from __future__ import annotations

from ocr.mark_rules import rules_off
from ocr.mark_settings import MARK_SETTINGS
from ocr.marks import MarkState
from ocr.reading import RowResult
from ocr.score_ties import tied_ink
from ocr.used_marks import used_boxes
from scoring.board import Vulnerability
from scoring.contract import Contract, Seat, Strain
from tests.ocr.bands import band_row
from tests.ocr.test_marks import _draw, _fresh, _marked, _read

BAND = "row_band_ring_arc_as_dot_pen_row.png"


def _strain(read, option):
    return next(m for m in read["strain"] if m.option == option)


def test_the_arc_read_as_a_dot_in_s_names_nt_the_ring_round_it():
    """S is marked by its dot alone (0.60 mm^2, over the marked threshold of 0.40), its
    fill thin; NT reads empty. S keeps its mark and names NT; without the rule it names
    nothing, and nothing on the row doubts 4S."""
    read = band_row(BAND, 6)
    spade, notrump = _strain(read, "S"), _strain(read, "NT")
    assert spade.state is MarkState.MARKED and spade.how == "dot"
    assert spade.dot_mm2 >= MARK_SETTINGS.dot_marked_above_mm2
    assert spade.fill <= MARK_SETTINGS.spill_max_fill
    assert notrump.state is MarkState.EMPTY and notrump.ring < MARK_SETTINGS.ring_empty_below
    assert spade.neighbour == ("strain", "NT")
    with rules_off("unread_circles"):
        assert _strain(band_row(BAND, 6), "S").neighbour is None


def test_4s_one_down_whose_dot_may_be_the_arc_round_nt_goes_to_a_person():
    """4S-1 and 4NT-1 by South, NS vulnerable: both 1 x -100 = -100."""
    four_s = RowResult(6, 12, False, Contract(4, Strain.SPADES), Seat.SOUTH, 9, -100)
    uses = used_boxes(four_s, (6, 12))
    assert tied_ink(band_row(BAND, 6), uses, four_s, Vulnerability.NS) == [
        "strain S may hold only the arc of a circle round NT, and the score cannot tell "
        "4NT-1 by S from 4S-1 by S (both -100)"
    ]


def test_a_players_dot_with_no_ring_beside_it_names_no_box():
    """A pen dot in S on a row with nothing drawn round NT: no stroke comes into S from a
    neighbour, so the dot is the player's mark and names nothing."""
    page = _fresh()
    _draw(page, "strain", "S", "dot", 3)
    read = _read(page)
    assert _marked(read) == {("strain", "S"): "dot"}
    assert read[("strain", "S")].neighbour is None
