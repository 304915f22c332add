"""A box marked only by the arc of a circle drawn wide round its neighbour is not taken
for the player's mark where the score cannot tell the two boxes apart (issue 43;
``ocr.circle_rules.unread_circles``, ``ocr.score_ties.tied_ink``).

Issue 43's last hunt, fresh TEST blank seed 2914, clean page_0024.png row 13: a red gel
circle round H drawn up and right of it, its right arc down the S box; H's strokes read
0.35 (under the circle's empty threshold, 0.40), S filled 0.260 by the arc (over the
marked threshold, 0.10), so 3H= by N was accepted as 3S= by N. Not vulnerable both score
3 x 30 + 50 = +140: the written 140 checks neither. Drawn here by hand: an open ellipse
(radii 4.0 x 3.0 mm, 3 px, from -150 to 120 degrees) 1.0 mm right of H's centre and 0.6
mm above it.

Seed 21413, damaged page_0028.jpg row 1: the same round level 2, its arc down the 3;
2C-2 and 3C-2 by N vulnerable both score 2 x -100 = -200.
"""

from __future__ import annotations

import cv2
import numpy as np

from ocr.layout import FieldKind, load_layout
from ocr.mark_rules import rules_off
from ocr.mark_settings import MARK_SETTINGS
from ocr.marks import MarkReading, MarkState
from ocr.reading import RowResult
from ocr.score_ties import tied_ink
from ocr.used_marks import used_boxes
from scoring.board import Vulnerability
from scoring.contract import Contract, Seat, Strain
from tests.ocr.test_marks import DPI, _draw, _fresh, _marked, _read


def _wide_circle(page: np.ndarray, field: str, option: str, up_mm: float) -> None:
    """The open ellipse of the module docstring round box ``option`` of row 1, its centre
    1.0 mm right of the box's and ``up_mm`` above it."""
    box = load_layout().box(1, field, option)
    s = DPI / 25.4
    centre = (round((box.x + box.width / 2 + 1.0) * s), round((box.y + box.height / 2 - up_mm) * s))
    cv2.ellipse(page, centre, (round(4.0 * s), round(3.0 * s)), 0, -150, 120, (0.3,) * 3, 3)


def test_the_arc_of_a_circle_drawn_wide_round_h_names_h_in_the_s_box():
    """S reads marked by the arc alone (its fill over the marked threshold, no circle
    round it), H empty: S keeps its mark and names H as the box whose circle its ink may
    be. Without the rule it names nothing, and nothing on the row would doubt 3S=."""
    page = _fresh()
    _wide_circle(page, "strain", "H", 0.6)
    read = _read(page)
    spade, heart = read[("strain", "S")], read[("strain", "H")]
    assert _marked(read) == {("strain", "S"): "fill"}
    assert MARK_SETTINGS.marked_above < spade.fill <= MARK_SETTINGS.spill_max_fill
    assert heart.state is MarkState.EMPTY and heart.ring < MARK_SETTINGS.ring_empty_below
    assert spade.neighbour == ("strain", "H")
    with rules_off("unread_circles"):
        assert _read(page)[("strain", "S")].neighbour is None


def test_the_arc_of_a_circle_drawn_wide_round_level_2_names_2_in_the_3_box():
    page = _fresh()
    _wide_circle(page, "level", "2", 0.3)
    read = _read(page)
    assert _marked(read) == {("level", "3"): "fill"}
    assert read[("level", "3")].neighbour == ("level", "2")


def test_a_ring_round_level_2_followed_all_round_names_2_whichever_half_its_arc_crosses():
    """A closed ellipse round the 2 (radii 4.3 x 3.3 mm, 3 px) 1.4 mm right of its centre:
    its arc crosses the middle of the 3 (fill 0.29, marked; under half of it in the half
    facing the 2, where ``arc_leans`` asks 0.8), the 2 reads empty (its strokes a ring of
    0.35), but an ellipse round the 2 is followed as far as an unsure circle's
    (``outline_unsure``): the 3 names the 2. Fresh TRAINING phone seed 37817,
    ``page_0002.jpg`` row 5: 2H-1 by S accepted as 3H-1 (both -100 vulnerable)."""
    box = load_layout().box(1, "level", "2")
    s = DPI / 25.4
    centre = (round((box.x + box.width / 2 + 1.4) * s), round((box.y + box.height / 2) * s))
    page = _fresh()
    cv2.ellipse(page, centre, (round(4.3 * s), round(3.3 * s)), 0, 0, 360, (0.3,) * 3, 3)
    read = _read(page)
    assert _marked(read) == {("level", "3"): "fill"}
    two = read[("level", "2")]
    assert two.state is MarkState.EMPTY and two.ring < MARK_SETTINGS.ring_empty_below
    assert read[("level", "3")].neighbour == ("level", "2")


def test_a_player_s_own_tick_names_no_neighbour():
    """A tick drawn in S (the TRAINING generator's, its ink across the box) beside an
    empty H: its own mark, nothing named."""
    page = _fresh()
    _draw(page, "strain", "S", "tick")
    read = _read(page)
    assert _marked(read) == {("strain", "S"): "fill"}
    assert read[("strain", "S")].neighbour is None


def _marks(used: dict[str, str], names: tuple[str, str] | None) -> dict[str, list[MarkReading]]:
    """Every mark box of the form's row empty but the reading's own ``used`` ones (marked
    by a fill of 0.26, as the S box of the module docstring), the one of field
    ``names[0]`` naming box ``names[1]`` as the circle its arc may be."""
    out: dict[str, list[MarkReading]] = {}
    for f in load_layout().row(1).fields:
        if f.kind is not FieldKind.MARKS:
            continue
        out[f.name] = []
        for o in (str(b.option) for b in f.boxes):
            if o != used.get(f.name):
                out[f.name].append(MarkReading(o, 0.0, MarkState.EMPTY, 0.01))
                continue
            neighbour = names if names is not None and names[0] == f.name else None
            out[f.name].append(
                MarkReading(o, 0.26, MarkState.MARKED, 0.99, "fill", neighbour=neighbour)
            )
    return out


THREE_S_MADE = RowResult(13, 24, False, Contract(3, Strain.SPADES), Seat.NORTH, 9, 140)
_THREE_S = {"level": "3", "strain": "S", "declarer": "N", "result_sign": "=", "score_side": "NS"}


def test_3s_made_whose_s_may_be_the_arc_round_h_goes_to_a_person():
    """3H= and 3S= by N not vulnerable both score +140: the written score cannot say
    which box the player meant."""
    uses = used_boxes(THREE_S_MADE, (13, 24))
    reasons = tied_ink(_marks(_THREE_S, ("strain", "H")), uses, THREE_S_MADE, Vulnerability.NONE)
    assert reasons == [
        "strain S may hold only the arc of a circle round H, and the score cannot tell 3H= by N "
        "from 3S= by N (both +140)"
    ]
    assert tied_ink(_marks(_THREE_S, None), uses, THREE_S_MADE, Vulnerability.NONE) == []


def test_a_named_box_whose_reading_scores_otherwise_is_left_to_the_written_score():
    """The level 3 naming 2: 2S= by N scores 2 x 30 + 50 = +110, not +140, and the
    written 140 has decided between them already."""
    uses = used_boxes(THREE_S_MADE, (13, 24))
    marks = _marks(_THREE_S, ("level", "2"))
    assert tied_ink(marks, uses, THREE_S_MADE, Vulnerability.NONE) == []


def test_with_no_score_written_nothing_tells_the_named_box_from_the_read_one():
    """No score written: 2S= (+110) and 3S= (+140) differ, but nothing on the row says
    which was played."""
    unwritten = RowResult(13, 24, False, Contract(3, Strain.SPADES), Seat.NORTH, 9, None)
    uses = used_boxes(unwritten, (13, 24))
    reasons = tied_ink(_marks(_THREE_S, ("level", "2")), uses, unwritten, Vulnerability.NONE)
    assert reasons == [
        "level 3 may hold only the arc of a circle round 2, and the score cannot tell 2S= by N "
        "from 3S= by N (no score written)"
    ]


def test_2c_two_down_whose_3_may_be_the_arc_round_2_goes_to_a_person():
    """Seed 21413's row: 2C-2 and 3C-2 by N vulnerable, both 2 x -100 = -200."""
    three_c = RowResult(1, 11, False, Contract(3, Strain.CLUBS), Seat.NORTH, 7, -200)
    used = {"level": "3", "strain": "C", "declarer": "N", "result_sign": "-",
            "result_count": "2", "score_side": "EW"}  # fmt: skip
    uses = used_boxes(three_c, (1, 11))
    reasons = tied_ink(_marks(used, ("level", "2")), uses, three_c, Vulnerability.BOTH)
    assert reasons == [
        "level 3 may hold only the arc of a circle round 2, and the score cannot tell 2C-2 by N "
        "from 3C-2 by N (both -200)"
    ]


def test_with_no_side_marked_an_opponent_as_declarer_scores_alike():
    """TRAINING noisy seed 65090's row: 4H= by E, 420 written, its EW ring missed. N marked
    by the arc of E's wide ring names E. 4H= by N not vulnerable is 4 x 30 + 300 = +420 NS,
    4H= by E the same 420 to EW, -420 NS: with a side marked they differ and the side
    decides; with none, the written 420 fits both."""
    four_h = RowResult(2, 14, False, Contract(4, Strain.HEARTS), Seat.NORTH, 10, 420)
    used = {"level": "4", "strain": "H", "declarer": "N", "result_sign": "="}
    uses = used_boxes(four_h, (2, 14))
    unsided = _marks(used, ("declarer", "E"))
    assert tied_ink(unsided, uses, four_h, Vulnerability.NONE) == [
        "declarer N may hold only the arc of a circle round E, and the score cannot tell 4H= by E "
        "from 4H= by N (both 420, no side marked)"
    ]
    sided = _marks({**used, "score_side": "NS"}, ("declarer", "E"))
    assert tied_ink(sided, uses, four_h, Vulnerability.NONE) == []
