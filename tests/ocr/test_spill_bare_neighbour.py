"""A tick whose arm runs out towards an empty neighbour of its own field round which no
circle goes keeps its mark (rule ``without_spill``, ``_bare``, ocr/spill_rules.py;
issue 43, item 4).

Declarer E and S are 4.5 mm boxes 1 mm apart (E at x 151.0-155.5 mm, S from 156.5). A
tick in E, 3 px wide at 150 dpi: its short arm from (2.7, 2.7) mm inside E down to its
vertex at (3.4, 3.6), its long arm from there up to (5.3, 0.8), out through E's right
edge into the gap towards S. It fills E to 0.127, over the marked threshold (0.10), most
of it in the strip facing S, and ink crosses the gap: read without that strip E is not
marked. Before the rule E was unsure ('edge': S's circle, unseen, could run in), as on
TRAINING's dirty glass seed 13 ``page_0014.jpg`` row 3. S holds nothing and no stroke
goes round it, so the stroke is E's own. With pieces of a circle beside three of S's
sides (S read unsure by them), nobody can say whose the stroke is, as before.
"""

from __future__ import annotations

import pytest

from ocr.layout import load_layout
from ocr.marks import MarkState
from tests.ocr.test_marks import _draw, _fresh, _line_mm, _read

E = load_layout().box(1, "declarer", "E")
S = load_layout().box(1, "declarer", "S")


def _tick_out_of_e_towards_s(pieces_round_s: bool):
    page = _fresh()
    _draw(page, "level", "4", "cross")
    _draw(page, "strain", "H", "cross")
    vertex = (E.x + 3.4, E.y + 3.6)
    _line_mm(page, (vertex[0] - 0.7, vertex[1] - 0.9), vertex, 0.05, 3)
    _line_mm(page, vertex, (E.x + 5.3, E.y + 0.8), 0.05, 3)
    if pieces_round_s:  # 0.6 mm pieces 0.6 mm outside S's top, bottom and right sides
        mx, my = S.x + S.width / 2, S.y + S.height / 2
        _line_mm(page, (mx - 0.3, S.y - 0.6), (mx + 0.3, S.y - 0.6), 0.05, 2)
        _line_mm(page, (mx - 0.3, S.y + S.height + 0.6), (mx + 0.3, S.y + S.height + 0.6), 0.05, 2)
        _line_mm(page, (S.x + S.width + 0.6, my - 0.3), (S.x + S.width + 0.6, my + 0.3), 0.05, 2)
    return _read(page)


@pytest.mark.parametrize(
    ("pieces_round_s", "state", "how", "s_state"),
    [
        (False, MarkState.MARKED, "fill", MarkState.EMPTY),
        (True, MarkState.UNSURE, "edge", MarkState.UNSURE),
    ],
    ids=["nothing-round-S", "pieces-of-a-circle-round-S"],
)
def test_a_ticks_arm_towards_a_bare_neighbour_is_its_own(pieces_round_s, state, how, s_state):
    read = _tick_out_of_e_towards_s(pieces_round_s)
    e = read["declarer", "E"]
    assert (e.state, e.how) == (state, how)
    assert e.fill == pytest.approx(0.127, abs=0.01)
    assert read["declarer", "S"].state is s_state
    if how == "edge":
        assert e.neighbour == ("declarer", "S")
