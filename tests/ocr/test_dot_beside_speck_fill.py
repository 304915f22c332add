"""A box read marked by its pen dot that a dust rule made unsure is no speck beside its
field's mark: it still goes to a person (``ocr.used_marks.unexplained_unsure``; issue 43).

Fresh TEST noisy seed 61687, ``page_0001.jpg`` row 1: 4S by East =, written 420 to
East-West. The player's dot in S (1.15 mm^2) was read marked; a speck on club's edge read
as a dot there was read away as the page's dust (``dusty_edges``), and S, marked by its dot
alone beside it, was made unsure (``dots_read_unsure``: a dot alone is what a clump is
too). Three specks in a line filled H to 0.117, read marked. The unsure S was then taken
for a speck beside the strain's mark and explained, and the row was accepted as 4H by East
= (420 either way). The band stored here is the row as the reader read it, with its page's
dust.
"""

from __future__ import annotations

from dataclasses import replace

from ocr.layout import STRAIN
from ocr.marks import DOT_MARKED_ABOVE_MM2, MarkState
from ocr.used_marks import unexplained_unsure
from tests.ocr.bands import band_row, stored_dust

BAND = "row_band_strain_dot_beside_speck_fill_noisy.png"


def _strains():  # type: ignore[no-untyped-def]
    read = band_row(BAND, 1, stored_dust(BAND))
    return read, {m.option: m for m in read[STRAIN]}


def test_the_player_s_dot_made_unsure_beside_a_speck_fill_is_not_explained():
    read, strains = _strains()
    s, h = strains["S"], strains["H"]
    assert (s.state, s.how) == (MarkState.UNSURE, "dot")
    assert s.dot_mm2 > DOT_MARKED_ABOVE_MM2
    assert (h.state, h.how, round(h.fill, 3)) == (MarkState.MARKED, "fill", 0.117)
    assert unexplained_unsure({STRAIN: read[STRAIN]}, {STRAIN: "H"}) == [STRAIN]


def test_a_dot_under_a_pen_dot_s_size_beside_the_mark_is_still_a_speck():
    """The same field with S's dot under ``DOT_MARKED_ABOVE_MM2``: a speck or a pen's touch
    beside the field's mark, explained as before."""
    read, strains = _strains()
    small = replace(strains["S"], dot_mm2=DOT_MARKED_ABOVE_MM2 * 0.8)
    field = [small if m.option == "S" else m for m in read[STRAIN]]
    assert unexplained_unsure({STRAIN: field}, {STRAIN: "H"}) == []
