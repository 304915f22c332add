"""Specks round a box and on its edge on a dusty page (ocr/dust_rules.py, rules
``dusty_circles``, ``dusty_edges`` and ``dusty_count``; ``ocr.page_dust.specks_of``),
issue 43 item 4.

Sizes at the reader's 150 dpi: a pixel is 0.169 mm across, 0.028674 mm^2. A speck is no
more than ``speck_most_mm`` (1.0 mm: 5.9 px) across, and alike the page's dust where the
page's blank paper holds 0.015 specks a cm^2 (3 on 150 cm^2) of 0.67 of its size or more.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from ocr.layout import RESULT_COUNT, RESULT_SIGN, FieldKind, load_layout
from ocr.mark_rules import rules_off
from ocr.marks import EMPTY_P, MarkReading, MarkState
from ocr.page_dust import NO_DUST, PageDust, speck_candidates, specks_of
from tests.hypothesis_profiles import draws
from tests.ocr.bands import band_row_marks, stored_dust
from tests.ocr.test_marks import DPI, _draw, _fresh
from tests.ocr.test_page_dust import _grey

S = DPI / 25.4
DUSTY = PageDust(150.0, (0.35,) * 30)  # 0.2 specks a cm^2 of 0.35 mm^2
SMALL_SPECKS = PageDust(150.0, (0.16,) * 30)  # dusty, but its specks are small


def test_a_speck_is_a_small_blob_of_a_size_the_page_holds_alike():
    """On a dusty page whose specks are 0.35 mm^2: a 3 x 3 blob (0.258 mm^2, 0.5 mm
    across: 0.67 of it is 0.173) is a speck; a 5 x 5 one (0.717 mm^2: 0.67 of it is 0.480,
    larger than any speck of the page) is not; nor is a stroke 2 px wide and 20 long (3.4
    mm across), nor anything on a page that is not dusty."""
    drawn = np.zeros((60, 120), bool)
    drawn[10:13, 10:13] = True
    drawn[30:35, 10:15] = True
    drawn[40:42, 40:60] = True
    found = specks_of(drawn, DUSTY, S)
    assert found[10:13, 10:13].all()
    assert int(found.sum()) == 9
    assert not specks_of(drawn, NO_DUST, S).any()
    assert not specks_of(drawn, SMALL_SPECKS, S).any()  # 0.16 < 0.173


def test_the_speck_candidates_are_made_once_for_both_kinds():
    """The three pieces of the first test, labelled in raster order (the 3 x 3 blob 1,
    the 5 x 5 one 2, the stroke 3): only the 3 x 3 blob is a speck by its size and
    distance; specks_of given them finds what it finds alone, with and without the
    printed lines (a line across the stroke, which is no speck either way). Nothing can
    be a speck on a page that is not dusty."""
    drawn = np.zeros((60, 120), bool)
    drawn[10:13, 10:13] = True
    drawn[30:35, 10:15] = True
    drawn[40:42, 40:60] = True
    lines = np.zeros_like(drawn)
    lines[:, 50] = True
    made = speck_candidates(drawn, DUSTY, S)
    assert made is not None
    assert made.alike.tolist() == [False, True, False, False]
    assert made.stats[1].tolist() == [10, 10, 3, 3, 9]
    for kind in (None, lines):
        assert np.array_equal(specks_of(drawn, DUSTY, S, lines=kind, candidates=made),
                              specks_of(drawn, DUSTY, S, lines=kind))  # fmt: skip
    assert made.alike.tolist() == [False, True, False, False]  # left as it was
    assert speck_candidates(drawn, NO_DUST, S) is None


def _read_row(page: np.ndarray, dust: PageDust) -> dict[tuple[str, str], MarkReading]:
    from ocr.illumination import flatten
    from ocr.row_marks import RowMarks

    lay = load_layout()
    fields = [f.name for f in lay.row(1).fields if f.kind is FieldKind.MARKS]
    read = RowMarks(flatten(_grey(page), DPI), lay, lay.row(1), DPI, dust).read_fields(fields)
    return {(name, m.option): m for name, ms in read.items() for m in ms}


def _specks_round(page: np.ndarray, field: str, option: str) -> None:
    """Fourteen specks of 4 x 4 pixels (0.68 mm across) round a box, 0.75 mm out from its
    edges: as dense as the dust round a box on the dirtiest TRAINING pages."""
    box = load_layout().box(1, field, option)
    mx, my = box.x + box.width / 2, box.y + box.height / 2
    for t in np.linspace(0, 2 * np.pi, 14, endpoint=False):
        x, y = round((mx + 3.0 * np.cos(t)) * S) - 2, round((my + 3.0 * np.sin(t)) * S) - 2
        page[y : y + 4, x : x + 4] = 0.05


def test_specks_round_an_empty_box_on_a_dusty_page_are_no_circle():
    """The ring of specks round H reads as a circle on a page whose dust was not measured
    (marked on its ring); on a dusty page whose specks are as large, H is read without
    them: empty. Where the page's specks are smaller, or with the rule switched off, the
    ring stays a circle. The cross in level 3 is marked every way."""
    page = _fresh()
    _draw(page, "level", "3", "cross")
    _specks_round(page, "strain", "H")
    today = _read_row(page, NO_DUST)
    assert (today[("strain", "H")].state, today[("strain", "H")].how) == (
        MarkState.MARKED,
        "circle",
    )
    dusty = _read_row(page, DUSTY)
    assert dusty[("strain", "H")].state is MarkState.EMPTY
    assert _read_row(page, SMALL_SPECKS)[("strain", "H")].state is MarkState.MARKED
    with rules_off("dusty_circles"):
        assert _read_row(page, DUSTY)[("strain", "H")].state is MarkState.MARKED
    for read in (today, dusty):
        assert read[("level", "3")].state is MarkState.MARKED


def test_a_circle_read_away_as_specks_keeps_the_empty_threshold_s_doubt():
    """The ring of specks of the test above round doubling X, on the dusty page: X is read
    without them, empty, at the empty threshold's 0.02 (``EMPTY_P``, ``read_empty``), not at
    the odds its clean ink alone gives (2e-5): the strokes the rule took for specks may be
    a player's pale circle cut by the printed lines (TRAINING noisy seed 32587,
    ``page_0012.jpg`` row 3), and a doubling may be left empty. On the row's clean ink X
    reads empty at odds far under 0.02."""
    page = _fresh()
    _draw(page, "level", "3", "cross")
    _specks_round(page, "doubling", "X")
    assert _read_row(page, NO_DUST)[("doubling", "X")].state is MarkState.MARKED
    x = _read_row(page, DUSTY)[("doubling", "X")]
    assert (x.state, x.p_marked) == (MarkState.EMPTY, pytest.approx(EMPTY_P))
    clean = _read_row(_fresh(), DUSTY)[("doubling", "X")]
    assert clean.state is MarkState.EMPTY and clean.p_marked < EMPTY_P / 100


def test_a_circle_a_pen_drew_on_a_dusty_page_stays_a_circle():
    """A TRAINING ring round H, a stroke that runs on for centimetres: no piece of it is a
    speck, and H is read circled on the dusty page as on a clean one."""
    page = _fresh()
    _draw(page, "strain", "H", "ring")
    for dust in (NO_DUST, DUSTY):
        read = _read_row(page, dust)
        assert (read[("strain", "H")].state, read[("strain", "H")].how) == (
            MarkState.MARKED,
            "circle",
        )


@pytest.mark.parametrize(
    ("dust", "state"),
    [(NO_DUST, MarkState.UNSURE), (DUSTY, MarkState.EMPTY), (SMALL_SPECKS, MarkState.UNSURE)],
    ids=["not-measured", "dusty", "smaller-specks"],
)
def test_a_clump_by_a_box_s_edge_on_a_dusty_page_is_dust(dust, state):
    """A blob of 4 x 4 pixels (0.459 mm^2) 2 px inside H's left edge, by the edge: read as
    the unsure band's middle (0.275 mm^2, a pen touched to the edge, ``ocr.dots``), which
    rule ``dusty_page`` leaves alone. On a dusty page whose specks are as large (0.67 of
    0.459 is 0.307, under 0.35) it is read without it: empty. Rule ``dust_clumps``, last,
    reads it so too (a square of 4 px is 2 px from paper at its thickest, a clump's, not
    a pen dot's): without both it stays unsure. Read without ``clean_rivals`` and
    ``edge_dot_rivals``: the row holds no strain mark of a player's, and those rules read a
    lone unsure box beside clean ones marked (tests/ocr/test_clean_rivals.py,
    tests/ocr/test_edge_dot_rivals.py)."""
    page = _fresh()
    _draw(page, "level", "3", "cross")
    box = load_layout().box(1, "strain", "H")
    x, y = round(box.x * S) + 2, round((box.y + box.height / 2) * S)
    page[y : y + 4, x : x + 4] = 0.05
    with rules_off("clean_rivals", "edge_dot_rivals"):
        read = _read_row(page, dust)
    assert read[("strain", "H")].state is state
    if state is MarkState.UNSURE:
        assert read[("strain", "H")].how == "dot"
    with rules_off("dusty_edges", "clean_rivals", "edge_dot_rivals"):
        assert _read_row(page, dust)[("strain", "H")].state is state
    with rules_off("dusty_edges", "dust_clumps", "clean_rivals", "edge_dot_rivals"):
        assert _read_row(page, dust)[("strain", "H")].state is MarkState.UNSURE
    assert read[("level", "3")].state is MarkState.MARKED


def test_the_speck_size_is_validated():
    from ocr.mark_settings import MarkSettings

    with pytest.raises(ValueError, match="speck_most_mm"):
        MarkSettings(speck_most_mm=0.0)


@pytest.mark.parametrize(
    ("dust", "state"),
    [(NO_DUST, MarkState.UNSURE), (DUSTY, MarkState.EMPTY), (SMALL_SPECKS, MarkState.EMPTY)],
    ids=["not-measured", "dusty", "smaller-specks"],
)
def test_specks_that_fill_a_box_to_the_unsure_band_on_a_dusty_page_are_dust(dust, state):
    """Six specks of 2 x 2 pixels (0.115 mm^2 each, under a dot's dust threshold) 1 mm
    apart inside H: 24 pixels of ink in its 18 x 18 pixel inside (0.7 mm in from the
    printed edge), a fill of about 0.07, between 0.05 and 0.10: unsure by its fill. On a
    dusty page whose specks are 0.16 mm^2 or 0.35 mm^2 (0.67 of 0.115 is 0.077), the fill
    without them is nil: empty. Read without ``clean_rivals`` (the row holds no strain
    mark of a player's: see the test above)."""
    page = _fresh()
    _draw(page, "level", "3", "cross")
    box = load_layout().box(1, "strain", "H")
    x0, y0 = round((box.x + 1.0) * S), round((box.y + 1.3) * S)
    for dx in (0, 6, 12):
        for dy in (0, 6):
            page[y0 + dy : y0 + dy + 2, x0 + dx : x0 + dx + 2] = 0.05
    with rules_off("clean_rivals"):
        read = _read_row(page, dust)
    assert read[("strain", "H")].state is state
    with rules_off("dusty_fills", "clean_rivals"):
        before = _read_row(page, dust)[("strain", "H")]
        assert (before.state, before.how) == (MarkState.UNSURE, "fill")
    assert read[("level", "3")].state is MarkState.MARKED


def test_a_piece_whose_ink_goes_on_across_a_printed_line_is_no_speck():
    """Three 3 x 3 blobs (specks on this page) beside a printed line 4 px wide (columns
    13-16, the mask of a box's edge). The first has a stroke going on straight across it
    (columns 17-30, the same rows): a stroke passing under the line, no speck when
    ``lines`` is given. The second has drawn ink beyond the line one row lower (within a
    pixel: a stroke crossing at a slant), no speck either. The third has nothing across:
    a speck on one side of a line, a speck still; so is a fourth, 5 px short of the line,
    whatever lies beyond the line."""
    drawn = np.zeros((60, 120), bool)
    lines = np.zeros_like(drawn)
    lines[:, 13:17] = True
    drawn[10:13, 10:13] = True
    drawn[10:12, 17:31] = True  # the stroke's other side
    drawn[25:28, 10:13] = True
    drawn[28:30, 17:31] = True  # beyond, a row lower
    drawn[40:43, 10:13] = True  # nothing across
    drawn[50:53, 5:8] = True
    drawn[50:52, 17:31] = True  # beyond the line, but the blob does not reach it
    assert int(specks_of(drawn, DUSTY, S).sum()) == 36
    found = specks_of(drawn, DUSTY, S, lines=lines)
    assert not found[10:13, 10:13].any() and not found[25:28, 10:13].any()
    assert found[40:43, 10:13].all() and found[50:53, 5:8].all()
    assert int(found.sum()) == 18


def _walked_across(drawn: np.ndarray, lines: np.ndarray, reach: int, y: int, x: int) -> bool:
    """``_across_lines`` for one pixel, walked step by step: up, down, left and right,
    each step inside the mask, every step before it on a line; from the second step on,
    drawn ink there or a pixel either side across the way (clipped to the mask) ends it."""
    h, w = drawn.shape
    for dy, dx in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        for d in range(1, reach + 1):
            ty, tx = y + d * dy, x + d * dx
            if not (0 <= ty < h and 0 <= tx < w):
                break
            sides = ((ty, tx - 1), (ty, tx + 1)) if dx == 0 else ((ty - 1, tx), (ty + 1, tx))
            if d > 1 and any(drawn[min(max(a, 0), h - 1), min(max(b, 0), w - 1)]
                             for a, b in ((ty, tx), *sides)):  # fmt: skip
                return True
            if not lines[ty, tx]:
                break
    return False


@settings(max_examples=draws(80), deadline=None)
@given(
    arrays(bool, st.tuples(st.integers(1, 14), st.integers(1, 14))),
    st.integers(0, 2**32 - 1),
    st.integers(0, 6),
)
def test_ink_across_a_line_is_found_as_a_walk_along_each_pixel_s_four_ways_finds_it(
    drawn: np.ndarray, seed: int, reach: int
) -> None:
    """Every pixel's four ways at once (``ocr.page_dust._across_lines``: pixels x steps,
    a running AND of the steps on a line) find what walking each way step by step finds,
    on masks whose lines are dense (half their pixels) and sparse."""
    from ocr.page_dust import _across_lines

    rng = np.random.default_rng(seed)
    for share in (0.5, 0.15):
        lines = rng.random(drawn.shape) < share
        ys, xs = np.nonzero(drawn)
        want = [
            _walked_across(drawn, lines, reach, y, x)
            for y, x in zip(ys.tolist(), xs.tolist(), strict=True)
        ]
        assert _across_lines(drawn, lines, reach, ys, xs).tolist() == want


def test_a_circle_over_the_printed_edges_on_a_dusty_page_stays_a_circle():
    """A pen's circle round level 5 (an ellipse 2 px thick, half-axes 3.8 x 3.6 mm,
    centred 1 mm above the box's middle) runs over the edges of levels 4 and 6 and the
    row's printed lines above the box; the mask of the printed lines cuts it into arcs,
    and those between two close lines are short pieces of 1 mm or less with no other ink
    near them. Taken for specks, level 5 read empty on a dusty page (as TRAINING noisy
    page_0036.jpg row 3, seed 13, did); pieces that run into a printed line are not taken
    out, and level 5 reads circled on the dusty page as on a clean one."""
    import cv2

    page = _fresh()
    box = load_layout().box(1, "level", "5")
    mx, my = (box.x + box.width / 2) * S, (box.y + box.height / 2 - 1.0) * S
    cv2.ellipse(page, (round(mx), round(my)), (round(3.8 * S), round(3.6 * S)), 0, 0, 360, 0.05, 2)
    for dust in (NO_DUST, DUSTY):
        read = _read_row(page, dust)
        assert (read[("level", "5")].state, read[("level", "5")].how) == (
            MarkState.MARKED,
            "circle",
        )


def _made_exactly_with_a_clump_in_the_count(sign: str) -> np.ndarray:
    """Level 3 and result sign ``sign`` crossed; a clump of 3 x 3 pixels (9 x 0.028674 =
    0.258 mm^2, between a dot's dust and mark thresholds, 0.15 and 0.40 mm^2: unsure by its
    dot) in the middle of result_count 2."""
    page = _fresh()
    _draw(page, "level", "3", "cross")
    _draw(page, "result_sign", sign, "cross", seed=1)
    box = load_layout().box(1, "result_count", "2")
    x, y = round((box.x + box.width / 2) * S) - 1, round((box.y + box.height / 2) * S) - 1
    page[y : y + 3, x : x + 3] = 0.05
    return page


@pytest.mark.parametrize(
    ("sign", "dust", "state"),
    [
        ("=", SMALL_SPECKS, MarkState.EMPTY),
        ("=", NO_DUST, MarkState.UNSURE),
        ("-", SMALL_SPECKS, MarkState.UNSURE),
    ],
    ids=["made-dusty", "made-not-measured", "down-dusty"],
)
def test_an_unsure_count_beside_a_made_sign_on_a_dusty_page_is_dust(sign, dust, state):
    """The clump of 0.258 mm^2 is no speck the page's margins hold alike where they hold
    specks of 0.16 mm^2 (0.67 of 0.258 is 0.173), so rule ``dusty_page`` leaves it unsure.
    With "=" crossed (made exactly: no count) on that dusty page, rule ``dusty_count``
    reads it empty; on a page whose dust was not measured, or with "-" crossed (the count
    is the player's to mark), it stays unsure by its dot."""
    read = _read_row(_made_exactly_with_a_clump_in_the_count(sign), dust)
    count = read[("result_count", "2")]
    assert count.state is state
    assert count.dot_mm2 == pytest.approx(9 * (25.4 / DPI) ** 2)
    if state is MarkState.EMPTY:
        assert count.p_marked == pytest.approx(0.02)
        with rules_off("dusty_count"):
            before = _read_row(_made_exactly_with_a_clump_in_the_count(sign), dust)
            assert (before[("result_count", "2")].state, before[("result_count", "2")].how) == (
                MarkState.UNSURE,
                "dot",
            )
    else:
        assert count.how == "dot"
    assert read[("result_sign", sign)].state is MarkState.MARKED


def test_a_count_clump_stays_unsure_where_the_sign_is_in_doubt():
    """ "=" and "+" both crossed: the sign does not say the contract was made exactly, so
    the clump of 0.258 mm^2 in result_count 2 stays unsure by its dot on the dusty page."""
    page = _made_exactly_with_a_clump_in_the_count("=")
    _draw(page, "result_sign", "+", "cross", seed=2)
    read = _read_row(page, SMALL_SPECKS)
    assert read[("result_sign", "+")].state is MarkState.MARKED
    assert (read[("result_count", "2")].state, read[("result_count", "2")].how) == (
        MarkState.UNSURE,
        "dot",
    )


def _pale_patch_in_level_5(mark: str) -> np.ndarray:
    """Level 3 marked with ``mark`` ("cross", or "dot": a solid 4 x 4 pixel blob, 0.459
    mm^2, over a dot's marked threshold of 0.40 mm^2, a fill of 16 / 361 = 0.044); in level
    5 a patch of 6 x 13 pixels at 30% darkness (on the fill's ramp from 20% to 50%, a
    third of full ink each: 26 pixels' worth in the box's inside of about 19 x 19, a fill
    of about 0.07, unsure; too pale for a dot)."""
    page = _fresh()
    if mark == "dot":
        three = load_layout().box(1, "level", "3")
        x, y = (
            round((three.x + three.width / 2) * S) - 2,
            round((three.y + three.height / 2) * S) - 2,
        )
        page[y : y + 4, x : x + 4] = 0.05
    else:
        _draw(page, "level", "3", mark)
    box = load_layout().box(1, "level", "5")
    x, y = round((box.x + 1.0) * S), round((box.y + 1.0) * S)
    page[y : y + 6, x : x + 13] = 0.7
    return page


def test_an_unsure_box_beside_its_field_s_stroke_on_a_dusty_page_is_read_empty():
    """Level 3 crossed (marked by its fill, 0.45) and level 5 unsure by its fill (0.071):
    on a dusty page rule ``dusty_second_box`` reads level 5 empty; on a page whose dust
    was not measured, or with the rule off, it stays unsure by its fill."""
    page = _pale_patch_in_level_5("cross")
    read = _read_row(page, SMALL_SPECKS)
    assert (read[("level", "3")].state, read[("level", "3")].how) == (MarkState.MARKED, "fill")
    five = read[("level", "5")]
    assert five.state is MarkState.EMPTY
    assert five.fill == pytest.approx(0.071, abs=0.002)
    for dust, off in ((NO_DUST, ()), (SMALL_SPECKS, ("dusty_second_box",))):
        with rules_off(*off):
            again = _read_row(page, dust)[("level", "5")]
        assert (again.state, again.how) == (MarkState.UNSURE, "fill")


def test_an_unsure_box_beside_a_dot_stays_unsure_on_a_dusty_page():
    """Level 3 marked by a pen dot (a blob a clump of dust can be): the field's mark is
    not a stroke, so level 5's pale patch stays unsure by its fill."""
    read = _read_row(_pale_patch_in_level_5("dot"), SMALL_SPECKS)
    assert (read[("level", "3")].state, read[("level", "3")].how) == (MarkState.MARKED, "dot")
    assert (read[("level", "5")].state, read[("level", "5")].how) == (MarkState.UNSURE, "fill")


def test_a_row_without_specks_on_a_dusty_page_keeps_its_own_ink():
    """On a dusty page a row whose only ink is the cross in level 3 (one stroke, no
    speck) has nothing taken out: every box's fill without the specks is its fill, to
    the last bit, from the row's own ink and integral. A 3 x 3 speck (0.258 mm^2, a
    speck of the page, ``test_a_speck_is_a_small_blob_of_a_size_the_page_holds_alike``)
    in H is taken out with its soft edge: H's fill without it is nil."""
    from ocr.illumination import flatten
    from ocr.mark_geometry import row_geometry
    from ocr.row_marks import RowMarks

    lay = load_layout()
    page = _fresh()
    _draw(page, "level", "3", "cross")
    row = RowMarks(flatten(_grey(page), DPI), lay, lay.row(1), DPI, DUSTY)
    inner = row_geometry(lay, lay.row(1), DPI).inner
    for i, (x0, y0, x1, y1) in enumerate(inner.tolist()):
        assert row.fill_without_specks(i) == row.mean_ink((x0, y0, x1, y1))
    boxes = row_geometry(lay, lay.row(1), DPI).boxes
    h = next(i for i, (field, option, _) in enumerate(boxes) if (field, option) == ("strain", "H"))
    box = load_layout().box(1, "strain", "H")
    x, y = round((box.x + box.width / 2) * S) - 1, round((box.y + box.height / 2) * S) - 1
    page[y : y + 3, x : x + 3] = 0.05
    row = RowMarks(flatten(_grey(page), DPI), lay, lay.row(1), DPI, DUSTY)
    x0, y0, x1, y1 = inner[h].tolist()
    assert row.mean_ink((x0, y0, x1, y1)) > 0.02
    assert row.fill_without_specks(h) == 0.0


def test_a_row_without_specks_reads_each_box_again_as_it_read_it():
    """A TRAINING ring round H on a dusty page, no speck on the row: read again without
    the specks (both kinds), every box is read as the row read it, state, reading and
    measures alike (the row's own views reused, not made again)."""
    from ocr.illumination import flatten
    from ocr.row_marks import RowMarks

    lay = load_layout()
    page = _fresh()
    _draw(page, "strain", "H", "ring")
    row = RowMarks(flatten(_grey(page), DPI), lay, lay.row(1), DPI, DUSTY)
    first = row.evidence().first
    assert any(m.how == "circle" for m in first)
    for off_lines in (False, True):
        for i, m in enumerate(first):
            assert row.without_specks(i, m.fill, off_lines=off_lines) == m


def _clump_by_h_and_dot_in_s(clump: bool) -> np.ndarray:
    """Row 1 with level 3 crossed; a blob of 4 x 4 pixels 2 px inside H's left edge (the
    test above: an edge dot ``dusty_edges`` reads away on the dusty page) when ``clump``;
    and a round dot of radius 3 px (0.83 mm^2 as read, larger than the page's specks of
    0.35 mm^2: 0.67 of it is 0.56, so ``dusty_page`` keeps it) in the middle of S."""
    page = _fresh()
    _draw(page, "level", "3", "cross")
    lay = load_layout()
    if clump:
        box = lay.box(1, "strain", "H")
        x, y = round(box.x * S) + 2, round((box.y + box.height / 2) * S)
        page[y : y + 4, x : x + 4] = 0.05
    s = lay.box(1, "strain", "S")
    centre = (round((s.x + s.width / 2) * S), round((s.y + s.height / 2) * S))
    cv2.circle(page, centre, 3, 0.05, -1)
    return page


def test_a_dot_beside_an_edge_dot_read_away_as_dust_is_unsure():
    """Which of the two was the player's, the edge dot read away or the dot in S, the ink
    cannot tell on a dusty page (a clump is a dot alone too): S is read unsure (0.5), and
    the strain is the score's to check or a person's (a fresh TEST set, old forms, noisy,
    seed 15594, page_0029.jpg row 13: the count's box 3 kept by a clump of 0.69 mm^2
    beside the player's edge dot in box 1 read away, 3D by North +1 accepted as +3).
    Without ``dusty_edges`` reading H away, S stays marked; alone in its field, too."""
    with rules_off("clean_rivals"):
        read = _read_row(_clump_by_h_and_dot_in_s(clump=True), DUSTY)
        alone = _read_row(_clump_by_h_and_dot_in_s(clump=False), DUSTY)
    s = read[("strain", "S")]
    assert read[("strain", "H")].state is MarkState.EMPTY
    assert (s.state, s.how, s.p_marked) == (MarkState.UNSURE, "dot", 0.5)
    assert s.dot_mm2 == pytest.approx(0.83, abs=0.01)
    assert (alone[("strain", "S")].state, alone[("strain", "S")].how) == (MarkState.MARKED, "dot")
    with rules_off("clean_rivals", "dusty_edges", "dust_clumps"):
        kept = _read_row(_clump_by_h_and_dot_in_s(clump=True), DUSTY)
    assert kept[("strain", "H")].state is MarkState.UNSURE
    assert kept[("strain", "S")].state is MarkState.MARKED


def test_a_count_clump_marked_by_its_dot_beside_a_made_sign_is_only_unsure():
    """TRAINING dirty glass 13, ``page_0075.png`` row 14 (4H by North =, 420 written):
    "=" filled, "+" and "-" empty, and a clump of 0.516 mm^2 in count 10, larger than any
    speck the page's margins hold alike, read marked by its dot; the row went to a person,
    "result_count 10 marked, which the reading does not use". A contract made exactly
    marks no count: rule ``dusty_count`` reads such a box unsure (0.5), not empty, as a
    pen dot's size it may be the player's, and the written score settles it."""
    band = "row_band_count_clump_made_exactly_dusty.png"
    marks = band_row_marks(band, 14, stored_dust(band))
    read = marks.read_fields([RESULT_SIGN, RESULT_COUNT])
    assert [m.option for m in read[RESULT_SIGN] if m.state is not MarkState.EMPTY] == ["="]
    ten = next(m for m in read[RESULT_COUNT] if m.option == "10")
    assert (ten.state, ten.how, ten.p_marked) == (MarkState.UNSURE, "dot", 0.5)
    with rules_off("dusty_count"):
        marks = band_row_marks(band, 14, stored_dust(band))
        before = next(
            m for m in marks.read_fields([RESULT_COUNT])[RESULT_COUNT] if m.option == "10"
        )
    assert (before.state, before.how) == (MarkState.MARKED, "dot")
