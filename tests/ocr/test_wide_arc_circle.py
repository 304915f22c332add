"""A ring drawn wide and far off centre round a box, its arc through the next box, is not
taken for a mark in that box where the score cannot tell the two apart (issue 43;
``ocr.circle_rules.unread_circles``, ``MarkSettings.arc_centre_play_mm``;
``ocr.score_ties.tied_ink``).

Fresh TRAINING dirty glass, seed 67173, ``page_0017.jpg`` row 7: the player's ring round
S is centred about 1.5 mm left of S and 0.7 mm above it, so its left arc runs down H's
right half, where a grey wash lies too. H reads marked by a thin fill (0.132), S empty
(its strokes a ring of 0.35). Ellipses round S with their centres up to 0.8 mm off its
own are followed over 0.17 of their least covered quarter (under ``outline_none``), so
the arc named nothing and 4S+2 by North was accepted as 4H+2 by North: both score
4 x 30 + 10 + 300 + 2 x 30 = +480 not vulnerable (680 vulnerable), and the written 480
checks neither. Ellipses with their centres up to 1.6 mm off follow the ring all round
(1.0). The band stored here is the coloured pen's row as the reader read it, its grey
dust taken out (ocr/ink_colour.py), so it is read without dust.
"""

from __future__ import annotations

import cv2

from ocr.layout import load_layout
from ocr.mark_rules import rules_off
from ocr.mark_settings import MARK_SETTINGS
from ocr.marks import MarkState
from ocr.reading import RowResult
from ocr.score_ties import tied_ink
from ocr.used_marks import used_boxes
from scoring.board import Vulnerability
from scoring.contract import Contract, Seat, Strain
from tests.ocr.bands import band_row
from tests.ocr.test_marks import DPI, _fresh, _read

BAND = "row_band_strain_ring_wide_off_centre_through_h_pen_row.png"


def _strain(read, option):
    return next(m for m in read["strain"] if m.option == option)


def test_the_arc_of_a_ring_far_off_centre_round_s_in_h_names_s():
    """H is marked by its thin fill, S reads empty; H keeps its mark and names S. Without
    the rule it names nothing, and nothing on the row doubts 4H."""
    read = band_row(BAND, 7)
    heart, spade = _strain(read, "H"), _strain(read, "S")
    assert heart.state is MarkState.MARKED and heart.how == "fill"
    assert MARK_SETTINGS.marked_above < heart.fill <= MARK_SETTINGS.spill_max_fill
    assert spade.state is MarkState.EMPTY and spade.ring < MARK_SETTINGS.ring_empty_below
    assert heart.neighbour == ("strain", "S")
    with rules_off("unread_circles"):
        assert _strain(band_row(BAND, 7), "H").neighbour is None


def test_4h_plus_2_whose_fill_may_be_the_arc_round_s_goes_to_a_person():
    """4H+2 and 4S+2 by North, neither vulnerable: both 120 + 300 + 60 = +480."""
    four_h = RowResult(7, 13, False, Contract(4, Strain.HEARTS), Seat.NORTH, 12, 480)
    uses = used_boxes(four_h, (7, 13))
    assert tied_ink(band_row(BAND, 7), uses, four_h, Vulnerability.NONE) == [
        "strain H may hold only the arc of a circle round S, and the score cannot tell "
        "4S+2 by N from 4H+2 by N (both +480)"
    ]


def test_a_ring_drawn_by_hand_1_8_mm_left_of_s_names_s_in_h():
    """A closed ellipse (radii 4.2 x 4.6 mm, 2 px) centred 1.8 mm left of S's centre and
    0.7 mm above it: its left arc runs down H (a thin fill of 0.17, marked, most of it in
    the half away from S), S's strokes read a ring under the empty threshold. No ellipse
    round S with its centre within 0.8 mm of S's is followed as far as an unsure
    circle's; with 1.6 mm, one is: H names S."""
    box = load_layout().box(1, "strain", "S")
    s = DPI / 25.4
    centre = (round((box.x + box.width / 2 - 1.8) * s), round((box.y + box.height / 2 - 0.7) * s))
    page = _fresh()
    cv2.ellipse(page, centre, (round(4.2 * s), round(4.6 * s)), 0, 0, 360, (0.3,) * 3, 2)
    read = _read(page)
    heart, spade = read[("strain", "H")], read[("strain", "S")]
    assert heart.state is MarkState.MARKED and heart.how == "fill"
    assert spade.state is MarkState.EMPTY
    assert heart.neighbour == ("strain", "S")
    with rules_off("unread_circles"):
        assert _read(page)[("strain", "H")].neighbour is None


NT_BAND = "row_band_ring_wide_left_of_nt_pdf150.png"


def test_the_arc_of_a_ring_wide_round_nt_in_s_names_nt_on_an_ellipse_it_leans_to():
    """Fresh TEST pdf150, seed 84970, ``page_0003.pdf`` row 9: the player's ring round NT,
    some 8 mm across and centred about 1.5 mm left of NT, runs down S's right half and
    along NT's right printed edge. S reads marked by that arc alone (fill 0.194, all of it
    in its half facing NT); NT empty (its strokes a ring of 0.35). The rays see 0.14 of
    NT's sectors and the ellipses centred within 0.8 mm of NT follow 0.17 of their least
    covered quarter (both under what an arc that leans asks: ``part_round``,
    ``outline_none``); those centred within 1.6 mm follow 0.43, under an unsure circle's
    0.70 asked of any ink but over ``outline_none``. An arc that leans is asked the wider
    ellipses' ``outline_none`` too: S names NT, and 4S-1 by North, accepted for 4NT-1 (both
    -50 not vulnerable), goes to a person."""
    spade = _strain(band_row(NT_BAND, 9), "S")
    assert spade.state is MarkState.MARKED and spade.how == "fill"
    assert spade.neighbour == ("strain", "NT")
    four_s = RowResult(9, 24, False, Contract(4, Strain.SPADES), Seat.NORTH, 9, -50)
    assert tied_ink(
        band_row(NT_BAND, 9), used_boxes(four_s, (9, 24)), four_s, Vulnerability.NONE
    ) == [
        "strain S may hold only the arc of a circle round NT, and the score cannot tell "
        "4NT-1 by N from 4S-1 by N (both -50)"
    ]
