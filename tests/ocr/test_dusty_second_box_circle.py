"""``dusty_second_box`` leaves an unsure circle unsure beside a neighbour marked by a fill
a circle's run-through may give (ocr/dust_rules.py, ``next_to``, ``spill_max_fill``): the
fill may be that circle's own stroke."""

from __future__ import annotations

from ocr.dust_rules import next_to
from ocr.layout import Rect


def test_neighbours_in_a_row_of_boxes_are_next_to_each_other() -> None:
    one = Rect(61.0, 190.35, 4.5, 4.5)  # level 1 and 2 of a row: 1 mm apart
    two = Rect(66.5, 190.35, 4.5, 4.5)
    three = Rect(72.0, 190.35, 4.5, 4.5)  # a box between: 6.5 mm from 1, more than a box
    below = Rect(61.0, 196.85, 4.5, 4.5)  # the next row's box: one above the other
    assert next_to(one, two) and next_to(two, one)
    assert next_to(two, three)
    assert not next_to(one, three)
    assert not next_to(one, below)


def _level_two_marked_by(fill: float, ink: str, ring: float = 0.0, how: str = "fill"):
    """Row 1 on a dusty page: level 2 read marked (``how``, ``fill``) with ``ink`` drawn
    in it ("arc": a stroke down its left third, the half facing level 1, as a circle round
    level 1 drawn wide leaves; "cross": a cross over the whole box), level 1 read unsure
    by a circle (0.43), level 5 unsure by its fill (0.07); ``dusty_second_box`` run."""
    from dataclasses import replace

    from ocr.dust_rules import dusty_second_box
    from ocr.illumination import flatten
    from ocr.layout import load_layout
    from ocr.mark_settings import MARK_SETTINGS
    from ocr.marks import MarkState
    from ocr.row_marks import RowMarks
    from tests.ocr.test_dust_rules import DPI, SMALL_SPECKS, S, _draw, _fresh, _grey

    lay = load_layout()
    page = _fresh()
    if ink == "arc":
        box = lay.box(1, "level", "2")
        x = round((box.x + 0.9) * S)
        page[round((box.y + 0.8) * S) : round((box.y + box.height - 0.8) * S), x : x + 3] = 0.05
    else:
        _draw(page, "level", "2", "cross")
    ev = RowMarks(flatten(_grey(page), DPI), lay, lay.row(1), DPI, SMALL_SPECKS).evidence()
    at = {(f, o): k for k, (f, o, _) in enumerate(ev.geometry.boxes)}
    read = list(ev.first)
    read[at[("level", "2")]] = replace(
        read[at[("level", "2")]], state=MarkState.MARKED, how=how, fill=fill, ring=ring
    )
    read[at[("level", "1")]] = replace(
        read[at[("level", "1")]], state=MarkState.UNSURE, how="circle", ring=0.43
    )
    read[at[("level", "5")]] = replace(
        read[at[("level", "5")]], state=MarkState.UNSURE, how="fill", fill=0.07
    )
    out = dusty_second_box(ev, read, MARK_SETTINGS)
    return out[at[("level", "1")]].state, out[at[("level", "5")]].state


def test_an_unsure_circle_beside_a_neighbour_marked_by_its_fill_stays_unsure() -> None:
    """Level 2 marked by a thin fill (0.245) whose ink lies in its half facing level 1,
    level 1 unsure by a circle, level 5 unsure by its fill, on a dusty page:
    ``dusty_second_box`` reads level 5 empty (specks beside the field's stroke) but leaves
    level 1 unsure, since level 2's fill may be level 1's circle running through it (TEST
    noisy seed 444, page_0022.jpg row 11)."""
    from ocr.marks import MarkState

    assert _level_two_marked_by(0.245, "arc") == (MarkState.UNSURE, MarkState.EMPTY)
    assert _level_two_marked_by(0.35, "arc") == (MarkState.UNSURE, MarkState.EMPTY)


def test_an_unsure_circle_beside_a_neighbour_crossed_or_circled_is_read_empty() -> None:
    """Beside a neighbour whose own mark it cannot be, the unsure circle is the page's
    specks (with the neighbour's strokes at its side) and is read empty:

    - a neighbour marked by a circle of its own;
    - a neighbour filled over ``spill_max_fill`` (TRAINING dirty glass seed 13,
      page_0003.jpg row 7: "-" at 0.43 between the crosses in "+" and count 1): no
      circle's run-through fills a box so;
    - a neighbour thinly filled by a cross over the whole box, not the half facing the
      circle (``facing_half``): a run-through lies in that half (TEST noisy seed 13,
      page_0039.png row 5: the score side's EW unsure at 0.43 by specks and the arms of the
      cross in NS, fill 0.33, beside it)."""
    from ocr.marks import MarkState

    assert _level_two_marked_by(0.0, "cross", ring=0.9, how="circle")[0] is MarkState.EMPTY
    assert _level_two_marked_by(0.56, "arc")[0] is MarkState.EMPTY
    assert _level_two_marked_by(0.245, "cross")[0] is MarkState.EMPTY


BAND = "row_band_level_circle_wide_over_next_box_dusty.png"
"""TRAINING dirty glass seed 90191, ``page_0018.jpg`` row 8, as the reader read it: a
circle round level 6 drawn wide and up to the right, running through level 7, and the
page's dust measured beside it (``.dust.json``)."""


def test_a_circle_drawn_wide_over_the_next_box_leaves_the_level_to_a_person() -> None:
    """6H by North -1, vulnerable: the circle leaves no ring in 6 or 7 but a fill in
    each (6: 0.103, 7: 0.143, both marked at first); ``without_spill`` reads 6's fill as
    5's stroke come in and makes it unsure. Read empty beside 7's thin fill, the row was
    accepted as 7H by North -1 (-100 either way): 6 stays unsure, so a person looks."""
    from ocr.marks import MarkState
    from tests.ocr.bands import band_row, stored_dust

    level = {m.option: m for m in band_row(BAND, 8, stored_dust(BAND))["level"]}
    assert (level["7"].state, level["7"].how) == (MarkState.MARKED, "fill")
    assert level["7"].fill <= 0.35  # spill_max_fill: a circle's run-through may give it
    assert (level["6"].state, level["6"].how) == (MarkState.UNSURE, "edge")
    assert all(level[o].state is MarkState.EMPTY for o in "12345")


def test_a_box_first_marked_by_its_fill_stays_unsure_beside_a_thin_fill() -> None:
    """Made unsure by a neighbour rule, a box its own fill first read marked is no dust
    beside a neighbour's thin fill; one first read only unsure is (the rule's own case)."""
    from dataclasses import replace

    from ocr.dust_rules import dusty_second_box
    from ocr.illumination import flatten
    from ocr.layout import load_layout
    from ocr.mark_settings import MARK_SETTINGS
    from ocr.marks import MarkState
    from ocr.row_marks import RowMarks
    from tests.ocr.test_dust_rules import DPI, SMALL_SPECKS, _fresh, _grey

    lay = load_layout()
    ev = RowMarks(flatten(_grey(_fresh()), DPI), lay, lay.row(1), DPI, SMALL_SPECKS).evidence()
    at = {(f, o): k for k, (f, o, _) in enumerate(ev.geometry.boxes)}
    six, seven = at[("level", "6")], at[("level", "7")]
    read = list(ev.first)
    read[seven] = replace(read[seven], state=MarkState.MARKED, how="fill", fill=0.143)
    read[six] = replace(read[six], state=MarkState.UNSURE, how="edge", fill=0.103)
    first = list(ev.first)
    for was, state in ((MarkState.MARKED, MarkState.UNSURE), (MarkState.UNSURE, MarkState.EMPTY)):
        first[six] = replace(first[six], state=was, how="fill", fill=0.103)
        out = dusty_second_box(replace(ev, first=tuple(first)), read, MARK_SETTINGS)
        assert out[six].state is state
    # beside a fill over spill_max_fill (a cross), no circle runs: dust, read empty
    first[six] = replace(first[six], state=MarkState.MARKED, how="fill", fill=0.103)
    read[seven] = replace(read[seven], fill=0.56)
    out = dusty_second_box(replace(ev, first=tuple(first)), read, MARK_SETTINGS)
    assert out[six].state is MarkState.EMPTY


def test_a_ring_first_read_marked_stays_unsure_beside_a_thin_fill_anywhere_in_its_field():
    """TEST noisy, fresh seed 18017, ``page_0017.jpg`` row 6 (its stored band and page's
    dust): the player's circle round N drawn wide, up and to the left, first read marked
    by the strips and then unsure (0.45); S filled 0.179 by two clumps of the page's dust
    and the arc of the circle round NS below it. N and S are not neighbours, but a ring
    first read marked is no leftover of specks: N stays unsure (it was read empty, and 4NT+1
    by North was accepted by South, 460 both)."""
    from ocr.marks import MarkState
    from tests.ocr.bands import band_row_marks, stored_dust

    band = "row_band_declarer_wide_circle_dust_in_s.png"
    marks = band_row_marks(band, 6, stored_dust(band))
    declarer = {m.option: m for m in marks.read_fields(["declarer"])["declarer"]}
    assert (declarer["N"].state, declarer["N"].how) == (MarkState.UNSURE, "circle")
    assert (declarer["S"].state, declarer["S"].how) == (MarkState.MARKED, "fill")
    assert 0.17 <= declarer["S"].fill <= 0.19
