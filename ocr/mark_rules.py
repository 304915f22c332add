"""The mark decision of a row as one ordered table of rules (issue 43).

A row's boxes are first read one by one (``RowEvidence.first``: each box's fill, the
circle round it and the dot in it, ``ocr.marks.mark_reading``). Then the rules below run
in this order, each a function of (evidence, readings so far, thresholds) that returns the
row's readings. The order matters where a rule reads what an earlier one decided: a box
in a fold's shaded band is first read against the paper beside it (ocr/shading.py), the
spill rules then settle which box a stroke belongs to, the circle rules then ask whether
strokes round a box are its own circle, the dust rules then read a circle of specks and a
lone dot against the page's own specks (ocr/page_dust.py, ocr/dust_rules.py), the edge-dot
rule looks at a row that holds a mark, a later rule reads a dot on an edge against the
page's specks, a later one weighs a dot read as dust where its field needs that mark
(ocr/dust_dots.py) and makes a faint fill beside it its rival (ocr/faint_beside_weighed.py),
then a clump of grains on a box's edge is read as dust
(ocr/dust_clumps.py), then a box marked by a thin fill names the unmarked box of its
field whose wide circle its ink may be the arc of (ocr/circle_rules.py,
``unread_circles``: the score must then tell the two apart), then, on a dusty page, a
field's one unsure box is read as its mark where every other box of it holds no ink but the
glass's specks (ocr/clean_rivals.py, ocr/rival_ink.py), then the box beside a dot on an
edge that the dot may be a pale circle's arc round (ocr/dot_beside_circle.py), on a page
that is not dusty a field's one box unsure by its own pen dot on its edge where
the other boxes hold no ink (ocr/edge_dot_rivals.py), then, on a dusty page, a faint PASS
that a passed-out row would stand on alone (ocr/dusty_pass.py, ``faint_lone_pass``) and a
hidden dot beside a field's faint mark (ocr/thick_beside_faint.py), then a box still
marked by its fill alone is weighed once more against a fold's band (ocr/shade_rule.py,
``faint_in_band``), and at the very end the count of a result over or under, still empty,
is asked once more for a pen dot's thickness by one of its boxes (ocr/empty_fields.py,
``empty_count_dot``).
Every rule's reason, with the pages that showed it was needed, is its ``why`` and its
function's docstring, in the module of its family (ocr/shade_rule.py, ocr/spill_rules.py,
ocr/off_circles.py, ocr/circle_rules.py, ocr/dust_rules.py, ocr/dusty_dot_rule.py,
ocr/edge_dot_rule.py and the others imported below): this module is the table and the order
alone.

``benchmarks.rule_prices`` switches each rule off in turn (``rules_off``) and
counts what it costs on the TRAINING pages (docs/reader.md, "The rules").
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

from ocr.circle_rules import (
    alone_in_field,
    beside_field_circle,
    circled_alone,
    circled_off_centre,
    over_edges,
    strips_alone_beside_circle,
    strips_checked,
    unread_circles,
)
from ocr.clean_rivals import clean_rivals, unsure_on_dusty_page
from ocr.dot_beside_circle import dot_beside_circle, edge_dot_on_clean_row
from ocr.dot_specks import dusty_dot_specks, unsure_fill_on_dusty_page
from ocr.doubling_circle import doubling_circle, doubling_inked
from ocr.dust_clumps import clump_fills, dust_clumps, unsure_dot_on_dusty_page
from ocr.dust_dots import (
    dust_dot_alone,
    dust_dot_on_its_own,
    dusty_circles_weighed,
)
from ocr.dust_rules import (
    circled_on_dusty_page,
    count_unsure_on_dusty_page,
    dusty_count,
    dusty_edges,
    dusty_fills,
    dusty_second_box,
    edge_dot_on_dusty_page,
    filled_on_dusty_page,
    second_box_on_dusty_page,
)
from ocr.dusty_dot_rule import dot_alone_on_dusty_page, dusty_page
from ocr.dusty_pass import (
    dusty_pass,
    dusty_passed_row,
    faint_lone_pass,
    lone_pass_by_fill_on_dusty_page,
    pass_unsure_on_dusty_page,
    unsure_beside_pass_on_dusty_page,
)
from ocr.edge_dot_rivals import edge_dot_on_clean_page, edge_dot_rivals
from ocr.edge_dot_rule import edge_dots
from ocr.empty_fields import (
    a_count_missed,
    a_doubling_left,
    a_field_missed,
    doubling_dot,
    empty_count_dot,
    empty_field_dot,
)
from ocr.faint_beside_weighed import clump_weighed, faint_beside_weighed
from ocr.mark_settings import MARK_SETTINGS, MarkSettings
from ocr.marks import MarkReading, MarkState
from ocr.off_circles import off_circles
from ocr.row_evidence import RowEvidence
from ocr.shade_rule import faint_in_band, marked_by_fill, read_by_fill, shaded_band
from ocr.speckled_doubling import speckled_doubling, speckled_doubling_on_dusty_page
from ocr.spill_rules import beside_circles, without_spill
from ocr.struck_pass import lone_pass_marked, struck_pass
from ocr.thick_beside_faint import faint_field_on_dusty_page, thick_beside_faint

__all__ = ["MarkRule", "RULES", "RULE_NAMES", "apply_rules", "rule_steps", "rules_off"]

Readings = list[MarkReading]


@dataclass(frozen=True)
class MarkRule:
    """One rule of the row's mark decision: ``run`` changes the readings where ``applies``
    (a cheap test of the evidence and readings; the rule itself looks at each box)."""

    name: str
    run: Callable[[RowEvidence, Readings, MarkSettings], Readings]
    applies: Callable[[RowEvidence, Readings], bool]
    why: str


def _no_ellipse(ev: RowEvidence, _read: Readings) -> bool:
    """Did the ellipse clear a box of an unsure circle (``RowEvidence.no_ellipse``)? Only
    such a box has a reading ``alone_in_field`` may give back."""
    return bool(ev.no_ellipse)


def _inked(ev: RowEvidence, _read: Readings) -> bool:
    """Does the row hold any drawn ink? A row without it has no stroke, circle or dot for
    a rule to weigh: every box stays as first read (empty)."""
    return ev.any_ink


def _circle_marked(ev: RowEvidence, read: Readings) -> bool:
    """Is a box read marked by a circle round it? The rules that ask what lies beside or
    along a circle (``off_circles``, ``beside_field_circle``, ``strips_checked``) need one."""
    return ev.any_ink and any(r.how == "circle" and r.state is MarkState.MARKED for r in read)


def _holds_mark(ev: RowEvidence, read: Readings) -> bool:
    """Does a box of the row read other than empty? ``edge_dots`` looks only at a row that
    holds a mark: alone on a blank row such a blob is a speck of the paper, as large as a
    small pen dot (ocr/edge_dot_rule.py)."""
    return ev.any_ink and any(r.state is not MarkState.EMPTY for r in read)


RULES: tuple[MarkRule, ...] = (
    MarkRule(
        "shaded_band",
        shaded_band,
        read_by_fill,
        "A box unsure or marked by its fill is read against the paper beside it in line "
        "with its pixels: a fold's shaded slope, left by the flat-field step as a long "
        "straight band across boxes, is paper; ink is dark, thin and inside the box.",
    ),
    MarkRule(
        "alone_in_field",
        alone_in_field,
        _no_ellipse,
        "A box the ellipse cleared of an unsure circle keeps that reading where no other box "
        "of its field is marked: a circle tight over the printed edges, the field's only "
        "mark, shows no ellipse (a passed-out board would read blank).",
    ),
    MarkRule(
        "without_spill",
        without_spill,
        _inked,
        "A box marked only by the strip facing a neighbour, where a stroke comes in from it, "
        "is read without that strip: empty beside a marked neighbour, unsure ('edge') "
        "beside an unmarked one (a circle's run-through, a cross's arm), or beside one that "
        "itself loses its mark here (the boxes weighed together, in no order), or where a "
        "neighbour of another field would leave the box's field to a thin fill alone.",
    ),
    MarkRule(
        "beside_circles",
        beside_circles,
        _inked,
        "A thin fill next to an unmarked box that strokes go round may be the arc of a "
        "circle round it, drawn wide or off centre: unsure ('beside a circle').",
    ),
    MarkRule(
        "over_edges",
        over_edges,
        _inked,
        "A circle tight over a box's printed edges leaves ink in the gap by the next box; "
        "beside a box unsure on a circle, a neighbour with strokes round it in part is "
        "unsure too.",
    ),
    MarkRule(
        "circled_alone",
        circled_alone,
        _inked,
        "An unsure circle that an ellipse follows over 0.70 of every quarter, with no other "
        "mark in its field or circle beside it to have drawn the strokes, is circled (a "
        "pale ballpoint's circle the strips and rays see in bits).",
    ),
    MarkRule(
        "circled_off_centre",
        circled_off_centre,
        _inked,
        "A box read empty with strokes beside two of its sides, or unsure on its circle, is "
        "circled where an ellipse round it, centred up to 1.6 mm off the box's centre, is "
        "followed over 0.85 of every quarter and no other mark of its field can have drawn "
        "the strokes (a ring drawn well off centre, which the strips, rays and centred "
        "ellipses see in part).",
    ),
    MarkRule(
        "off_circles",
        off_circles,
        _circle_marked,
        "A thin fill beside a circled box whose ink lies along that circle's ellipse is the "
        "circle's stroke: the box is read without it.",
    ),
    MarkRule(
        "beside_field_circle",
        beside_field_circle,
        _circle_marked,
        "An unsure circle next to a box of its own field circled for certain may be that "
        "circle's strokes: it stays unsure, naming the circled box (a reading that uses "
        "the circled box explains it).",
    ),
    MarkRule(
        "strips_checked",
        strips_checked,
        _circle_marked,
        "A box the strips read circled only just (3 of 6 bins) is circled only where its "
        "ellipse agrees: the marks round an empty box can cover its strips so.",
    ),
    MarkRule(
        "dusty_circles",
        dusty_circles_weighed,
        circled_on_dusty_page,
        "On a dusty page, a box read unsure or marked by strokes round it is read again "
        "without the pieces of ink that may be the page's dust (no more than a millimetre "
        "across, of a size its blank paper holds alike, not going on across a printed "
        "line): specks round a box are no circle.",
    ),
    MarkRule(
        "dusty_fills",
        dusty_fills,
        filled_on_dusty_page,
        "On a dusty page, a box read unsure or marked by its fill is read again with the ink "
        "of the pieces that may be the page's dust taken out of it: a few specks in a box "
        "fill it as a faint tick does.",
    ),
    MarkRule(
        "dusty_dot_specks",
        dusty_dot_specks,
        unsure_fill_on_dusty_page,
        "On a dusty page, a box read unsure by its fill whose dot has only the page's specks "
        "beside it (a compact blob; the specks as they are once the blob is taken away) is "
        "read with its dot: a speck by a player's dot is not the rest of a stroke.",
    ),
    MarkRule(
        "dusty_page",
        dusty_page,
        dot_alone_on_dusty_page,
        "On a dusty page (its blank margins hold many specks), a box marked or unsure by its "
        "dot alone, where the page's blank paper holds a speck nearly as large (dust settles "
        "in clumps as large as a pen dot), may hold dust: it is read without the dot.",
    ),
    MarkRule(
        "edge_dots",
        edge_dots,
        _holds_mark,
        "A pen dot on a box's printed edge, which the mask of the form's lines cuts in half, "
        "makes the box it lies in unsure (every box it is near, where it lies between "
        "them), in a row that holds a mark; on a dusty page a dot with only the page's "
        "specks within 1 mm stands alone.",
    ),
    MarkRule(
        "dusty_edges",
        dusty_edges,
        edge_dot_on_dusty_page,
        "On a dusty page, a box unsure by a dot on its printed edge or a blob by it is read "
        "again without the pieces of ink that may be the page's dust: a clump settled on a "
        "line is no pen dot.",
    ),
    MarkRule(
        "dusty_count",
        dusty_count,
        count_unsure_on_dusty_page,
        "On a dusty page, where the result sign reads made exactly ('=' marked, '+' and '-' "
        "empty), a result_count box read unsure is read empty: a made contract marks no "
        "count, and the count's 13 boxes catch a third of a row's specks; one marked by its "
        "dot alone is read unsure, for the written score to settle.",
    ),
    MarkRule(
        "dusty_second_box",
        dusty_second_box,
        second_box_on_dusty_page,
        "On a dusty page, a box read unsure (not by a dot) in a field where another box is "
        "marked for certain by a stroke (its fill or a circle) is read empty: a field holds "
        "one mark, and what is left beside it after the dust rules is dust.",
    ),
    MarkRule(
        "dusty_pass",
        dusty_pass,
        pass_unsure_on_dusty_page,
        "On a dusty page, the PASS box read unsure in a row whose level and strain are each "
        "marked for certain is read empty: a passed-out board has no contract.",
    ),
    MarkRule(
        "dusty_passed_row",
        dusty_passed_row,
        unsure_beside_pass_on_dusty_page,
        "On a dusty page, in a row whose PASS box is marked for certain by a stroke and no "
        "other box is marked, every box read unsure is read empty: a passed-out board marks "
        "nothing else.",
    ),
    MarkRule(
        "dust_dot_alone",
        dust_dot_alone,
        dust_dot_on_its_own,
        "A box dusty_page read empty, whose dot the page cannot tell from its dust, alone "
        "in a field a played result marks one box of (level, strain, declarer, result sign; "
        "the count where the sign reads over or under) that holds no other mark, in a row "
        "whose PASS box holds none, is weighed as its dot reads (in a level, strain or "
        "declarer on a scale to 0.60 mm^2, so that a smaller clump is never certain there "
        "on its own): the field needs a mark, "
        "and dust in its only inked box while the player's mark left no ink is two faults. "
        "Every dust dot of a needed count is weighed: the written score tells counts apart.",
    ),
    MarkRule(
        "faint_beside_weighed",
        faint_beside_weighed,
        clump_weighed,
        "Beside a clump dust_dot_alone weighed as a field's mark, an empty box of that field "
        "whose first fill is 0.03 or more is unsure: a player's pale dot the page's specks "
        "took whole leaves that fill alone, and the written score must rule it out.",
    ),
    MarkRule(
        "dust_clumps",
        dust_clumps,
        unsure_dot_on_dusty_page,
        "On a dusty page, a box unsure by a blob on or by its edge whose ink there is compact "
        "grains (no piece over 1.2 mm across, no disc of solid ink 0.42 mm in radius: a pen "
        "dot is one), the largest of a size the page's margins hold alike, is read without "
        "the blob: a clump of dust is no pen dot.",
    ),
    MarkRule(
        "unread_circles",
        unread_circles,
        _inked,
        "A box marked by a thin fill (or by its dot alone, its fill as thin: an arc's piece "
        "cut short by the lines) leaning towards an unmarked box of its field, a stroke "
        "coming in from it, round which a circle is not ruled out (or, leaning or not, round "
        "which an ellipse is followed as far as an unsure circle's), keeps its mark but names "
        "that box: its ink may be the arc of a circle drawn wide round it, and where the "
        "score cannot tell the two boxes apart a person looks (ocr/score_ties.py).",
    ),
    MarkRule(
        "doubling_dot",
        doubling_dot,
        a_doubling_left,
        "On a page that is not dusty, in a played row whose PASS box holds no mark, a "
        "doubling read empty (X and XX) exactly one of whose boxes has solid ink 0.85 mm "
        "thick or more within 0.6 mm is read unsure there, as a dot on an edge is: a "
        "player's dot on X's printed edge, hidden by the mask of the lines, leaves the "
        "contract undoubled for certain otherwise, and the written score settles it.",
    ),
    MarkRule(
        "doubling_circle",
        doubling_circle,
        doubling_inked,
        "On a page that is not dusty, in a played row whose doubling reads empty, a box of "
        "it with drawn ink beside it "
        "that an ellipse round it follows over 0.70 of every quarter (outline_unsure) is "
        "unsure on its circle: a pale circle tight over X's printed edges leaves drawn ink "
        "beside one side only, so no circle was looked for, and an undoubled reading would "
        "stand where no score is written (ocr/doubling_circle.py).",
    ),
    MarkRule(
        "empty_field_dot",
        empty_field_dot,
        a_field_missed,
        "In a played row whose PASS box holds no mark, a level, strain, declarer or result "
        "sign (or the count of tricks where the sign reads + or - for certain) whose every "
        "box reads empty (none by a dot the page's dust "
        "may be) and exactly one of whose boxes has solid ink 0.85 mm thick or more within "
        "0.6 mm (a pen dot's core on its printed edge, thicker than any printed line) is "
        "read unsure there, as a dot on an edge is: the written score settles it, or "
        "clean_rivals where the field's other boxes hold no ink.",
    ),
    MarkRule(
        "clean_rivals",
        clean_rivals,
        unsure_on_dusty_page,
        "On a dusty page, a level, strain, declarer or result sign whose only box not read "
        "empty is unsure, every other box of it first read empty and holding no ink a "
        "player's mark leaves within 0.6 mm (the page's specks aside: no blob on a printed "
        "line of 0.25 mm^2 or more, no solid ink 0.85 mm thick), in a row whose PASS box "
        "holds no mark, is read marked there: a player's mark read empty leaves ink by its "
        "box; a speck of the glass is no such ink (ocr/rival_ink.py), nor the box's own dot "
        "on its printed edge that runs into the gap by the next box.",
    ),
    MarkRule(
        "dot_beside_circle",
        dot_beside_circle,
        edge_dot_on_clean_row,
        "Beside a box unsure by a dot on its edge in a field with no mark, an empty box of "
        "that field with a ring of 0.22 or more round it, or on a page that is not dusty "
        "drawn ink beside three of its sides, is unsure on its circle: the dot may be the "
        "arc of a pale circle round it that the mask of the lines cut so that no ring was "
        "read.",
    ),
    MarkRule(
        "edge_dot_rivals",
        edge_dot_rivals,
        edge_dot_on_clean_page,
        "On a page that is not dusty, a level, strain, declarer or result sign whose only box "
        "not read empty is unsure by its own pen dot on its printed edge, every other box "
        "of it first read empty and holding no ink within 0.6 mm but that dot's, in a row "
        "whose PASS box holds no mark, is read marked there: a player's mark read empty "
        "leaves ink by its box. Not a dot centred in the gap towards another box of the "
        "field, or on its box's printed edge itself: it covers both boxes' facing edges; "
        "nor, never its field's only ink, one centred off its box beside another box's "
        "ink (ocr/edge_dot_rivals.py).",
    ),
    MarkRule(
        "faint_lone_pass",
        faint_lone_pass,
        lone_pass_by_fill_on_dusty_page,
        "On a dusty page, a PASS box marked by its fill alone at 0.15 or less "
        "(grey_clump_fill), no other box of the row marked, is unsure: a passed-out row "
        "stands on that one box, and a clump of grey dust too pale for a dot fills it so "
        "(an unplayed row was accepted as passed out).",
    ),
    MarkRule(
        "struck_pass",
        struck_pass,
        lone_pass_marked,
        "A PASS box marked by its fill alone, every other box of the row empty, whose drawn "
        "ink is part of a stroke 15 mm wide or wider (the pieces joined across the printed "
        "lines it crosses), is unsure: a line struck through an unplayed row, not a "
        "player's mark (an unplayed row was accepted as passed out).",
    ),
    MarkRule(
        "thick_beside_faint",
        thick_beside_faint,
        faint_field_on_dusty_page,
        "On a dusty page, in a field a played result marks one box of whose only mark is a "
        "fill of 0.15 or less alone, the one other box with a pen dot's thickness of ink by "
        "it (0.85 mm) is unsure as a dot on its edge: a grey clump can fill a box so while "
        "the player's dot lies hidden on another's corner.",
    ),
    MarkRule(
        "faint_in_band",
        faint_in_band,
        marked_by_fill,
        "A box marked by its fill alone that reads 0.02 or more fainter against the paper "
        "beside it (shade_fill_drop), 0.15 or less (shade_sure_fill), is unsure: a fold's "
        "crease run down the box darkens it more than the paper beside it, and shaded_band "
        "keeps such a box as it is; a player's mark stays dark against any paper. Last, so "
        "no rule reads the unsure box as a rival's mark.",
    ),
    MarkRule(
        "clump_fills",
        clump_fills,
        filled_on_dusty_page,
        "On a dusty page, a box unsure or marked by its fill whose ink is a clump of dust "
        "(grains 1.2 mm across or less, thinner than a pen dot, of a size the page's margins "
        "hold alike) is read without it where another box of its field is marked for "
        "certain by a circle or a fill at least twice as full: grains settled together "
        "fill a box as a faint tick does.",
    ),
    MarkRule(
        "strips_alone_beside_circle",
        strips_alone_beside_circle,
        _circle_marked,
        "A box still read circled by its strips read alone only, which no ellipse confirms, "
        "next to a box of its own field circled for certain is unsure, naming the circled "
        "box: the strips saw that circle's arc on one side and other marks on the other. "
        "So is such a count box beside a contract made exactly, which marks no count.",
    ),
    MarkRule(
        "empty_count_dot",
        empty_count_dot,
        a_count_missed,
        "The count of tricks of a result read over or under, every count box still empty "
        "once the other rules have run, is read unsure in its one box with solid ink 0.85 mm "
        "thick or more within 0.6 mm, as empty_field_dot reads it: the sign may have been "
        "read marked only after that rule (clean_rivals), and the written score settles "
        "the count.",
    ),
    MarkRule(
        "speckled_doubling",
        speckled_doubling,
        speckled_doubling_on_dusty_page,
        "On a dusty page, in a played row whose doubling reads empty, a box of it first read "
        "with a speck, holding no ink a player's mark leaves within 0.6 mm (as clean_rivals "
        "asks of a field's other boxes), is read without the page's specks: where no score "
        "is written the doubling must say 'undoubled' at 0.999, and a speck of the glass in "
        "X left it at 0.997.",
    ),
)
"""The rules, in the order they run."""

RULE_NAMES = tuple(r.name for r in RULES)

_OFF: ContextVar[frozenset[str]] = ContextVar("rules_off", default=frozenset())


@contextmanager
def rules_off(*names: str) -> Iterator[None]:
    """Read without the named rules while inside (the benchmark's price of each rule)."""
    unknown = set(names) - set(RULE_NAMES)
    if unknown:
        raise ValueError(f"no mark rule {sorted(unknown)}: the rules are {', '.join(RULE_NAMES)}")
    token = _OFF.set(frozenset(names))
    try:
        yield
    finally:
        _OFF.reset(token)


def apply_rules(ev: RowEvidence, t: MarkSettings = MARK_SETTINGS) -> Readings:
    """The row's readings after every rule of ``RULES`` in order (but those switched off)."""
    read = list(ev.first)
    for _, after in rule_steps(ev, t):
        read = after
    return read


def rule_steps(ev: RowEvidence, t: MarkSettings = MARK_SETTINGS) -> Iterator[tuple[str, Readings]]:
    """Each rule that runs on the row, in order (not those switched off, nor those with
    nothing to look at), with the readings it returns: ``apply_rules`` keeps the last;
    ``benchmarks.review_causes --by-rule`` asks which rule last changed each box."""
    off = _OFF.get()
    read = list(ev.first)
    for rule in RULES:
        if rule.name not in off and rule.applies(ev, read):
            read = rule.run(ev, read, t)
            yield rule.name, read
