"""A dot beside a dot ``dusty_page`` read as the page's dust, that dot at least
``dust_alike_share`` of its size, is read unsure (``ocr.dust_dots.fills_beside_dust_dots``,
``ocr.dust_rules.dots_read_unsure``; issue 43, a wrong row on a fresh TEST set).

The case, built by hand after TEST noisy seed 61912 (page_0004.jpg row 7, printed form,
with and without the event): the player dotted strain NT (a ballpoint's dot of 0.80 mm^2,
first read marked by its dot) and a clump of 1.09 mm^2 fell in strain H (first read marked
by its dot, fill 0.104). The page's margins hold clumps alike the player's dot but none
alike the clump, so ``dusty_page`` read NT as dust and kept H, the strain's only mark:
3H by East down 2 was accepted for 3NT down 2, both +200 vulnerable.

By hand. The dust: 12 specks on 120 cm^2 of margins (0.1 a cm^2, dusty from 0.05), two of
them 0.6 and 0.7 mm^2. Alike a dot where two specks (0.0167 a cm^2, alike from 0.015) are
at least 0.67 of its size: of 0.80 mm^2 (0.536: both), not of 1.09 (0.7303: none) nor of
1.25 (0.8375). So NT's dot is dust and H's is not. In the strain the dust dot of 0.80 is
at least 0.67 of H's 1.09 (0.7303 <= 0.80): H is read unsure (0.5). So is a dot of 1.25
(0.8375 > 0.80): a dust dot of a mark's size (0.40 mm^2 and more) doubts a dot alone
beside it whatever its size; beside a speck under it (0.30) a dot not alike stays marked.
Unsure, H is no strain's only ink, for NT held the player's dot before ``dusty_page`` read
it away (``inked_at_first``, ocr/unchecked_marks.py ``_only_ink``): H is weighed against
no box as well as the four clean ones (0.0001 each, ``_certain``): 1 / (1 + 1 + 4 x
0.00010001) = 0.499900, under 0.995, and 3H-2 and 3NT-2 score alike: the strain is
unchecked, and the row goes to a person. Had NT shown no ink before any rule, H would be
weighed against the clean boxes alone, 1 / (1 + 4 x 0.00010001) = 0.99960, and the row
accepted: the wrong row.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from ocr.decode import decode_contract
from ocr.dusty_dot_rule import dusty_page
from ocr.layout import STRAIN
from ocr.mark_settings import MARK_SETTINGS
from ocr.marks import DUST_DOT, MarkReading, MarkState
from ocr.page_dust import PageDust
from ocr.unchecked_marks import _group_certainty
from scoring.board import Vulnerability
from scoring.contract import Contract, Seat
from tests.ocr.test_decode import evidence, marks_for
from tests.ocr.test_dust_dots import _row_one_evidence, _row_with

DUSTY = PageDust(120.0, (0.2,) * 10 + (0.6, 0.7))


def _strain_after_dusty_page(clump_mm2: float, dot_mm2: float = 0.80) -> dict[str, MarkReading]:
    """Row 1 on the dusty page: strain NT first read by the player's dot of ``dot_mm2``
    (fill 0.004, as read; marked from 0.40 mm^2, unsure under), strain H marked by a clump
    of ``clump_mm2`` (fill 0.104); the strain's boxes after ``dusty_page``."""
    ev = replace(_row_one_evidence(), dust=DUSTY)
    state = MarkState.MARKED if dot_mm2 >= MARK_SETTINGS.dot_marked_above_mm2 else MarkState.UNSURE
    read = _row_with(
        ev,
        {
            (STRAIN, "NT"): MarkReading("NT", 0.004, state, 1.0, "dot", dot_mm2=dot_mm2),
            (STRAIN, "H"): MarkReading("H", 0.104, MarkState.MARKED, 1.0, "dot", dot_mm2=clump_mm2),
        },
    )
    out = dusty_page(ev, read, MARK_SETTINGS)
    return {o: r for (f, o, _), r in zip(ev.geometry.boxes, out, strict=True) if f == STRAIN}


def test_the_page_holds_dust_like_the_player_s_dot_not_the_clump():
    assert DUSTY.dusty(MARK_SETTINGS)
    assert DUSTY.holds_alike(0.80, MARK_SETTINGS)
    assert not DUSTY.holds_alike(1.09, MARK_SETTINGS)
    assert not DUSTY.holds_alike(1.25, MARK_SETTINGS)


def test_a_dot_alike_the_field_s_dust_dot_is_unsure():
    strain = _strain_after_dusty_page(1.09)
    assert (strain["NT"].state, strain["NT"].how) == (MarkState.EMPTY, DUST_DOT)
    assert (strain["H"].state, strain["H"].how, strain["H"].p_marked) == (
        MarkState.UNSURE,
        "dot",
        0.5,
    )


def test_beside_a_dust_dot_of_a_mark_s_size_a_dot_of_any_size_is_unsure():
    """NT's 0.80 mm^2 is a mark's size (0.40 mm^2 and more): a pen dot as much as a clump,
    so H's dot alone is doubted however large (TEST blank noisy seed 44321,
    ``page_0025.jpg`` row 8: the player's 0.49 mm^2 in level 2 read as dust, a clump of
    1.12 mm^2 in level 1, 2D-1 accepted as 1D-1, both +100 vulnerable)."""
    for clump in (1.25, 3.0):
        strain = _strain_after_dusty_page(clump)
        assert strain["NT"].how == DUST_DOT
        assert (strain["H"].state, strain["H"].p_marked) == (MarkState.UNSURE, 0.5)


def test_beside_a_speck_under_a_mark_s_size_a_dot_it_is_not_alike_stays_marked():
    """A speck of 0.30 mm^2 in NT (unsure by its dot; the margins' 0.2 mm^2 specks hold it
    alike, 0.2 >= 0.67 x 0.30) read as dust: H's clump of 1.25 is not alike (0.67 x 1.25 =
    0.8375 > 0.30) and stays marked, as before."""
    strain = _strain_after_dusty_page(1.25, dot_mm2=0.30)
    assert strain["NT"].how == DUST_DOT
    assert (strain["H"].state, strain["H"].p_marked) == (MarkState.MARKED, 1.0)


def test_the_row_goes_to_a_person():
    """3H by East down 2, vulnerable, written 200 on the NS side (3NT down 2 is +200
    too): with strain H read unsure the strain is not certain (0.499900 by hand), marked
    it was."""
    marks = marks_for(Contract.parse("3H"), Seat.EAST, 7, 200)
    unsure = _strain_after_dusty_page(1.09)["H"].p_marked
    ev = evidence(marks, 200, {"strain": {"H": unsure}})
    ev = replace(ev, inked_at_first=frozenset({(STRAIN, "NT"), (STRAIN, "H")}))
    assert _group_certainty(ev.strain, "H") == pytest.approx(0.499900, abs=1e-6)
    assert "strain" in decode_contract(ev, Vulnerability.BOTH).unchecked
    nt_never_inked = replace(ev, inked_at_first=frozenset({(STRAIN, "H")}))
    assert _group_certainty(ev.strain, "H", blank=False) == pytest.approx(0.99960, abs=1e-5)
    assert "strain" not in decode_contract(nt_never_inked, Vulnerability.BOTH).unchecked
    certain = evidence(marks, 200)
    assert "strain" not in decode_contract(certain, Vulnerability.BOTH).unchecked
