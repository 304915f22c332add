"""The mark decision as a table (ocr/mark_rules.py) and its thresholds in one validated
value (ocr/mark_settings.py), issue 43."""

from __future__ import annotations

from dataclasses import fields

import pytest

from ocr import circles, marks, row_marks
from ocr.mark_rules import RULE_NAMES, RULES, rules_off
from ocr.mark_settings import MARK_SETTINGS, MarkSettings, provenance_table
from ocr.marks import MarkState
from ocr.row_marks import RowMarks
from tests.ocr.test_marks import _circle_off_centre, _fresh, _marked, _read


def test_every_threshold_says_why_and_on_which_pages_it_was_chosen():
    for f in fields(MarkSettings):
        assert f.metadata["why"].strip(), f.name
        assert f.metadata["chosen_on"].strip(), f.name
    table = provenance_table()
    assert table.count("\n") == len(fields(MarkSettings)) + 1  # header, rule, one line each
    assert "| `marked_above` | 0.1 |" in table


def test_the_measuring_modules_read_the_one_settings_object():
    assert (marks.EMPTY_BELOW, marks.MARKED_ABOVE) == (0.05, 0.10)
    assert marks.EMPTY_BELOW is MARK_SETTINGS.empty_below
    assert circles.ROUND_GAP_DEG is MARK_SETTINGS.round_gap_deg
    assert row_marks._OWN_MARK_FILL is MARK_SETTINGS.own_mark_fill
    assert marks.RING_UNSURE == (0.40 + 0.50) / 2
    # No rule mixin and no base: the rules are functions (RULES); a row holds its ink
    # (RowInk) and delegates to its views, each an object of its own.
    assert RowMarks.__mro__[1:] == (object,)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"empty_below": 0.2}, "empty_below (0.2) must lie below marked_above (0.1)"),
        ({"outline_unsure": 0.9}, "outline_unsure (0.9) must lie below outline_sure (0.85)"),
        ({"faint_pen": 0.7}, "faint_pen (0.7) must lie below firm_pen (0.62)"),
        ({"facing_half": 1.5}, "facing_half is a share (0..1), not 1.5"),
        ({"arc_leans": 0.4}, "leans (0.5) must lie below arc_leans (0.4)"),
        ({"spill_mm": -1.0}, "spill_mm must be a positive number, not -1.0"),
        ({"round_gap_deg": 400}, "must lie below closed_within_deg"),
    ],
)
def test_settings_that_contradict_themselves_are_refused(change, message):
    with pytest.raises(ValueError, match="mark settings: ") as err:
        MarkSettings(**change)
    assert message in str(err.value)


def test_the_rules_run_in_one_documented_order():
    assert RULE_NAMES == (
        "shaded_band",
        "alone_in_field",
        "without_spill",
        "beside_circles",
        "over_edges",
        "circled_alone",
        "circled_off_centre",
        "off_circles",
        "beside_field_circle",
        "strips_checked",
        "dusty_circles",
        "dusty_fills",
        "dusty_dot_specks",
        "dusty_page",
        "edge_dots",
        "dusty_edges",
        "dusty_count",
        "dusty_second_box",
        "dusty_pass",
        "dusty_passed_row",
        "dust_dot_alone",
        "faint_beside_weighed",
        "dust_clumps",
        "unread_circles",
        "doubling_dot",
        "doubling_circle",
        "empty_field_dot",
        "clean_rivals",
        "dot_beside_circle",
        "edge_dot_rivals",
        "faint_lone_pass",
        "struck_pass",
        "thick_beside_faint",
        "faint_in_band",
        "clump_fills",
        "strips_alone_beside_circle",
        "empty_count_dot",
        "speckled_doubling",
    )
    assert all(len(rule.why) > 40 and rule.run.__doc__ for rule in RULES)


def test_an_unknown_rule_cannot_be_switched_off():
    known = "the rules are shaded_band, alone_in"
    with pytest.raises(ValueError, match=f"no mark rule \\['spill'\\]: {known}"):
        with rules_off("spill"):
            pass


def test_switching_a_rule_off_reads_the_row_without_it():
    """A circle round level 3 drawn 0.8 mm right of its centre runs 1.6-2.6 mm into level
    4, which it fills to 0.18 (over ``marked_above``, 0.10). The rule ``off_circles`` sees
    that ink lies along the circle's ellipse and reads 4 without it: empty. Without that
    rule 4 is marked by its fill (its other neighbour, 5, has nothing round it), and two
    levels are marked; after the ``with`` the rule is back."""
    page = _fresh()
    _circle_off_centre(page, "level", "3", 0.8, (4.5, 3.6))
    with rules_off("off_circles"):
        without = _read(page)
    assert _marked(without) == {("level", "3"): "circle", ("level", "4"): "fill"}
    assert without[("level", "4")].fill > MARK_SETTINGS.marked_above
    again = _read(page)
    assert _marked(again) == {("level", "3"): "circle"}
    assert again[("level", "4")].state is MarkState.EMPTY


def test_a_row_s_evidence_is_measured_once_and_cannot_change():
    """The rules all see one ``RowEvidence``: asked twice, the row gives the same value,
    and no rule can write into it. On the circled 3 of the test above, the evidence's own
    readings (before the rules) mark both the circled 3 and the 4 its arc fills."""
    import dataclasses

    import cv2
    import numpy as np

    from ocr.illumination import flatten
    from ocr.layout import load_layout
    from tests.ocr.test_marks import DPI

    page = _fresh()
    _circle_off_centre(page, "level", "3", 0.8, (4.5, 3.6))
    grey = cv2.cvtColor(np.clip(page * 255, 0, 255).astype(np.uint8), cv2.COLOR_RGB2GRAY)
    lay = load_layout()
    row = RowMarks(flatten(grey, DPI), lay, lay.row(1), DPI)
    evidence = row.evidence()
    assert row.evidence() is evidence
    with pytest.raises(dataclasses.FrozenInstanceError):
        evidence.first = ()  # type: ignore[misc]
    boxes = evidence.geometry.boxes
    first = {(f, o): m for (f, o, _), m in zip(boxes, evidence.first, strict=True)}
    assert first[("level", "3")].how == "circle"
    assert first[("level", "4")].state is MarkState.MARKED


def test_a_row_is_freed_as_its_reading_ends_without_the_collector():
    """The evidence holds its row (``views``) and the row keeps its evidence only while
    someone holds it: no cycle of references, so a row and its arrays are freed as its
    reading ends, not at the cyclic collector's next run (27 TEST noisy pages: 52,600 ->
    30,100 page faults, peak RSS 302 -> 214 MB). Asked again once nobody holds it, the
    evidence is measured again, the same. On the circled 3 of the tests above."""
    import gc
    import weakref

    import cv2
    import numpy as np

    from ocr.illumination import flatten
    from ocr.layout import load_layout
    from tests.ocr.test_marks import DPI

    page = _fresh()
    _circle_off_centre(page, "level", "3", 0.8, (4.5, 3.6))
    grey = cv2.cvtColor(np.clip(page * 255, 0, 255).astype(np.uint8), cv2.COLOR_RGB2GRAY)
    lay = load_layout()
    gc.disable()
    try:
        row = RowMarks(flatten(grey, DPI), lay, lay.row(1), DPI)
        first = row.evidence().first  # the evidence itself not held
        evidence = row.evidence()
        assert evidence.first == first
        assert evidence.views.evidence() is evidence  # held: the same value
        read = row.read_fields(["level"])
        assert [m.option for m in read["level"] if m.state is MarkState.MARKED] == ["3"]
        alive, kept = weakref.ref(row), weakref.ref(evidence)
        del row, evidence
        assert (alive(), kept()) == (None, None)
    finally:
        gc.enable()


def test_a_box_with_no_dot_or_circle_to_look_for_reads_as_if_looked_at():
    """``RowMarks.evidence`` looks at a box (``_decide``: its dot, the strokes round it)
    only where its fill may hold a dot or drawn ink lies beside two of its sides; every
    other box is its fill's shared reading (``plain_reading``). On the circled 3 of the
    tests above, each box reads as looking at it reads it, and 36 of the 38 are shared:
    not the 3 (drawn ink beside three of its sides) nor the 4 (its arc's fill, 0.179,
    may hold a dot)."""
    import cv2
    import numpy as np

    from ocr.illumination import flatten
    from ocr.layout import load_layout
    from ocr.marks import plain_reading
    from tests.ocr.test_marks import DPI

    page = _fresh()
    _circle_off_centre(page, "level", "3", 0.8, (4.5, 3.6))
    grey = cv2.cvtColor(np.clip(page * 255, 0, 255).astype(np.uint8), cv2.COLOR_RGB2GRAY)
    lay = load_layout()
    row = RowMarks(flatten(grey, DPI), lay, lay.row(1), DPI)
    first = row.evidence().first
    assert first == tuple(row.decide(i, r.fill) for i, r in enumerate(first))
    boxes = row.evidence().geometry.boxes
    looked = [(f, o) for (f, o, _), r in zip(boxes, first, strict=True)
              if r is not plain_reading(r.option, r.fill)]  # fmt: skip
    assert (len(first), looked) == (38, [("level", "3"), ("level", "4")])


def test_a_row_s_rectangles_in_pixels_are_kept_for_its_every_page():
    """``RowInk.px`` puts a rectangle of the form in the band's pixels once for a row's
    geometry and band: the blank form's row 1 and the circled 3's share them, and each
    box is its printed rectangle in the band (``RowGeometry.outer``)."""
    import cv2
    import numpy as np

    from ocr.illumination import flatten
    from ocr.layout import load_layout
    from tests.ocr.test_marks import DPI

    lay = load_layout()
    page = _fresh()
    _circle_off_centre(page, "level", "3", 0.8, (4.5, 3.6))
    rows = [
        RowMarks(flatten(cv2.cvtColor(np.clip(p * 255, 0, 255).astype(np.uint8),
                                      cv2.COLOR_RGB2GRAY), DPI), lay, lay.row(1), DPI)
        for p in (_fresh(), page)
    ]  # fmt: skip
    blank, circled = rows[0].row_ink, rows[1].row_ink
    g = blank.geometry
    assert circled.geometry is g and blank._px_cache is circled._px_cache
    assert [blank.px(rect) for _, _, rect in g.boxes] == [tuple(o) for o in g.outer.tolist()]
    assert circled.px(g.boxes[0][2]) is blank.px(g.boxes[0][2])


def test_the_rule_that_decided_each_box_is_the_last_that_changed_it():
    """``benchmarks.rules_seen``: on the circled 3 of the tests above, level 4 is first read
    marked by the arc's fill (0.18) and ``off_circles`` reads it empty, so it decided;
    level 3's own circle and the empty 5 stand as first read. ``rules_seen`` keys the same
    names by (row, field, option) for every row read while inside, and leaves
    ``read_fields`` as it was; with ``off_circles`` switched off, level 4's fill stands."""
    from benchmarks.rules_seen import FIRST_READING, rules_seen

    page = _fresh()
    _circle_off_centre(page, "level", "3", 0.8, (4.5, 3.6))
    seen: dict[tuple[int, str, str], str] = {}
    original = RowMarks.read_fields
    with rules_seen(seen):
        _read(page)
    assert RowMarks.read_fields is original
    assert seen[1, "level", "4"] == "off_circles"
    assert seen[1, "level", "3"] == seen[1, "level", "5"] == FIRST_READING
    assert set(seen) >= {(1, "declarer", "N"), (1, "result_count", "13")}
    with rules_off("off_circles"):
        off: dict[tuple[int, str, str], str] = {}
        with rules_seen(off):
            _read(page)
    assert off[1, "level", "4"] == FIRST_READING


def test_decided_by_gives_each_box_of_the_row_in_the_geometry_s_order():
    """``decided_by`` on the row's evidence itself: one name per box, in
    ``RowEvidence.geometry.boxes``' order (level 4 by ``off_circles``, no other rule
    changing a box of this row)."""
    import cv2
    import numpy as np

    from benchmarks.rules_seen import FIRST_READING, decided_by
    from ocr.illumination import flatten
    from ocr.layout import load_layout
    from tests.ocr.test_marks import DPI

    page = _fresh()
    _circle_off_centre(page, "level", "3", 0.8, (4.5, 3.6))
    grey = cv2.cvtColor(np.clip(page * 255, 0, 255).astype(np.uint8), cv2.COLOR_RGB2GRAY)
    lay = load_layout()
    evidence = RowMarks(flatten(grey, DPI), lay, lay.row(1), DPI).evidence()
    names = decided_by(evidence)
    assert len(names) == len(evidence.geometry.boxes)
    changed = {(f, o): n for (f, o, _), n in zip(evidence.geometry.boxes, names, strict=True)
               if n != FIRST_READING}  # fmt: skip
    assert changed == {("level", "4"): "off_circles"}
