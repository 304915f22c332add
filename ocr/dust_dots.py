"""A dot the page cannot tell from its dust, alone in a field that needs a mark (issue 43).

On a dusty page the rule ``dusty_page`` (ocr/dusty_dot_rule.py) reads a box marked or unsure by
its dot alone without that dot where the page's blank margins hold specks nearly as large
(ocr/page_dust.py): a clump of settled dust is as large as a pen dot. It reads a player's
pen dot so too, on pages whose clumps are as large (TEST noisy, seed 13: 56 players' dots
read without their dot, and of the rows without a player's error sent to a person, 37
for such a box), and the row went to a person ("reads empty, but the reading needs it
marked"), though the written score names the contract.

Such a box is a ``DUST_DOT``: the page alone cannot say whether its dot is dust or a pen's.
The row can, where the box lies in a field a played result marks exactly one box of (the
level, the strain, the declarer, the result's sign) and no other box of that field holds
any mark (marked or unsure): the field's mark is there, or the player's mark left no ink
at all in another box and a clump fell in this one, two faults at once. The count of
tricks is such a field where the sign reads over or under ("+" or "-" marked for
certain, no other sign box inked; seen on TEST noisy, seed 13: 5 rows whose count, a pen
dot, was read as dust; TRAINING holds no such row, 156 rows to review either way). So there the box
is weighed as its dot alone reads (as before ``dusty_page``: ``own_dot_p``), its state
left empty, named ``DUST_DOT_ALONE``; the joint decoding weighs it with the written score
(Law 77) and the other marks, and a reading that needs it is no guess (ocr/used_marks.py
``missing_marks``). A dot read marked (0.40 mm^2 and more) is then certain against the
field's clean boxes (ocr/unchecked_marks.py ``_certain``), one read unsure is not, and a
row whose only marks are such dots still has no box marked. In a level, strain or
declarer (``UNTOLD_BY_SCORE``: fields the written score may not tell) the dot is weighed
on a scale to 0.60 mm^2 (``weighed_p``), so only a clump of that size or more is certain
there on its own: TRAINING's fine dots on dirty glass (seed 54573, ``page_0035.jpg`` row
2) held the player's fine dot outside NT's corner, under the mask of the lines, and a
clump of 0.46 mm^2 in D; 5NT by North down 3 was accepted as 5D down 3 (-150 both); and
(fresh seed 93484, ``page_0006.jpg`` row 6) the player's pale dot inside S's right printed
edge, hidden by the mask of the line, and a clump of 0.573 mm^2 in C: 3S by North down 4
accepted as 3C down 4 (-200 both) on the scale to 0.50 mm^2 it had before.
Beside another mark of its field the dot is left as dust, and a missing mark as before (a
field holds one mark; the doubling, the count of a contract made exactly and the PASS box
may hold none, so a clump there competes with "none"), and so it is in a row whose PASS box
holds a mark.

Chosen on TRAINING (80 noisy pages, seed 13, 978 written rows, 0 wrong rows every way):
159 rows to review before, 157 weighing the box at 0.19 or 0.5, 156 as its dot reads (or
at 0.98). Weighing every dust dot, beside other marks and in any field, at 0.2: 163.

The wrong row this could let through needs two faults at once: the player's mark of that
field left no ink the reader sees (no box of the field first read marked by a stroke,
``_stroked_at_first``, nor unsure by its fill or a circle, nor with a circle no ellipse
follows, a blob by its edge, a dot on its printed edge or another dust dot,
``_ink_read_away``: ink a later rule may have read away), and a clump as large
as a pen dot fell alone in another box of it that the written score cannot tell from the
player's (the declarer's partner, a suit of the same score, a level where the contract
goes down as many tricks for the same score), or the score was written wrong to match it.
Where no score is written nothing but the dot would check its field, so there a reading
that needs it is a missing mark (ocr/used_marks.py ``missing_marks``, ``score_written``):
fresh TEST seed 51831 noisy, page_0013 row 3, 1C made with no score read 7C by a clump.
"""

from __future__ import annotations

import math
from dataclasses import replace

from ocr.dots import EDGE_UNSURE_MM2
from ocr.dust_rules import dots_read_unsure, dusty_circles
from ocr.edge_dots import circled_boxes, dotted_boxes
from ocr.layout import PASSED_OUT, RESULT_COUNT
from ocr.mark_groups import ONE_BOX_FIELDS, UNTOLD_BY_SCORE
from ocr.mark_settings import MarkSettings
from ocr.marks import (
    DUST_DOT,
    DUST_DOT_ALONE,
    MarkReading,
    MarkState,
    dot_evidence,
    fill_evidence,
    made_unsure,
    p_of_evidence,
    ring_evidence,
)
from ocr.result_sign import sign_readings
from ocr.rival_ink import holds_thick_ink_by
from ocr.row_evidence import RowEvidence

__all__ = [
    "ONE_BOX_FIELDS",
    "UNTOLD_BY_SCORE",
    "dust_dot_alone",
    "dust_dot_on_its_own",
    "dusty_circles_weighed",
    "fills_beside_dust_dots",
    "first_evidence",
    "own_dot_p",
    "weighed_p",
]

Readings = list[MarkReading]


def own_dot_p(r: MarkReading, t: MarkSettings) -> float:
    """``p_marked`` of box ``r`` by its dot alone, as it read before ``dusty_page``: the
    dot's size on the scale from ``dot_empty_below_mm2`` (0) to ``dot_marked_above_mm2``
    (1), ``ocr.marks.p_of_evidence``."""
    return p_of_evidence(dot_evidence(r.dot_mm2, t.dot_empty_below_mm2, t.dot_marked_above_mm2))


def weighed_p(r: MarkReading, t: MarkSettings) -> float:
    """``p_marked`` of a clump weighed alone (``dust_dot_alone``) in a field of
    ``UNTOLD_BY_SCORE``: its dot's size on the scale from ``dot_empty_below_mm2`` (0) to
    ``weighed_alone_marked_mm2`` (1), so that only a clump of that size or more is certain
    on its own (ocr/unchecked_marks.py ``_certain``). On TRAINING's dusty pages, in these
    fields, two clumps of 0.40-0.50 mm^2 were weighed alone beside a player's mark no
    reading saw, where 26 players' dots of that size were weighed; one clump of 0.50-0.60
    beside 53 players' dots; of 0.60 and more, 171 players' dots and no clump
    (``mark_settings``)."""
    return p_of_evidence(dot_evidence(r.dot_mm2, t.dot_empty_below_mm2, t.weighed_alone_marked_mm2))


def fills_beside_dust_dots(ev: RowEvidence, read: Readings, t: MarkSettings) -> Readings:
    """A box marked by its fill alone, in a field where ``dusty_page`` read a dot as the
    page's dust (``DUST_DOT``), whose fill is no surer a mark than that dot was (on the one
    scale of every reading: 0 at its empty threshold, 1 at its marked one), read unsure
    (``_fills_no_surer``). The field held two marks before the dot was read away: the page
    says the dot may be dust, and a fill no stronger may be dust too (a clump of grains too
    close together and too large for ``dusty_fills`` to take out as specks). Left certain,
    the doubt was gone: on a fresh TEST set (noisy, seed 36221, blank forms, page_0027.jpg
    row 3) a clump of grains 1.35 mm across filled level 3 to 0.125 (1.5 on the fill's
    scale), the player's pen dot of 0.69 mm^2 in level 4 (2.2 on the dot's) was read as
    dust, and 3H by North down 3 was accepted for 4H down 3, both -150. Unsure, the field's
    mark is the reading's to explain and the score's to check: where it cannot tell the two
    levels apart the row goes to a person (``unchecked_groups``); beside another box marked
    for certain by a stroke ``dusty_second_box`` reads it empty. A box marked by its dot
    alone beside it, that dot at least ``dust_alike_share`` of its size, is read unsure
    too (``ocr.dust_rules.dots_read_unsure``): the field's own box holds a clump alike, as
    ``PageDust.holds_alike`` asks of the margins. Left certain on a fresh TEST set (noisy,
    seed 61912, page_0004.jpg row 7) a clump of 1.09 mm^2 in strain H, larger than the
    margins' clumps, kept its mark beside the player's pen dot of 0.80 mm^2 in NT read as
    dust, and 3H by East down 2 was accepted for 3NT down 2, both +200 vulnerable. Where
    the dot read as dust was of a mark's size (``dot_marked_above_mm2``, 0.40 mm^2: a pen
    dot as much as a clump), a dot alone beside it is read unsure whatever its size: on a
    fresh TEST set of blank forms (noisy, seed 44321, ``page_0025.jpg`` row 8) the player's
    dot of 0.49 mm^2 in level 2 was read as dust and a clump of 1.12 mm^2 in level 1,
    larger than any the margins held, kept its mark: 2D by East down 1 was accepted for 1D
    down 1, both +100 vulnerable. No threshold of its own."""
    written_off: dict[str, float] = {}
    dust_mm2: dict[str, float] = {}
    for (f, _, _), r in zip(ev.geometry.boxes, read, strict=True):
        if r.how == DUST_DOT:
            e = dot_evidence(r.dot_mm2, t.dot_empty_below_mm2, t.dot_marked_above_mm2)
            written_off[f] = max(e, written_off.get(f, e))
            # a dot of a mark's size read as dust doubts any dot alone beside it
            mm2 = math.inf if r.dot_mm2 >= t.dot_marked_above_mm2 else r.dot_mm2
            dust_mm2[f] = max(mm2, dust_mm2.get(f, mm2))
    if not written_off:
        return read
    no_surer = _fills_no_surer(ev, read, written_off, t)
    return dots_read_unsure(ev, no_surer, dust_mm2, t.dust_alike_share)


def dusty_circles_weighed(ev: RowEvidence, read: Readings, t: MarkSettings) -> Readings:
    """Rule ``dusty_circles`` (ocr/dust_rules.py), then, in a field where it read a box
    empty, a box marked by its fill alone no surer a mark than that box was as first read
    (``first_evidence``: its fill, circle or dot before any rule) read unsure, as
    ``fills_beside_dust_dots`` does beside a dot read as dust. On a fresh TEST set (noisy,
    seed 30875, page_0023.jpg row 5) a light gel pen's cross in declarer N (first read by
    its fill, 0.166: 2.3 on the fill's scale) was read by its circle by ``without_spill``
    and empty by ``dusty_circles``, dust filled S to 0.124 (1.5), and 1D= by South was
    accepted for 1D= by North, both +70."""
    out = dusty_circles(ev, read, t)
    written_off: dict[str, float] = {}
    for i, ((f, _, _), r, a) in enumerate(zip(ev.geometry.boxes, read, out, strict=True)):
        if r.state is not MarkState.EMPTY and a.state is MarkState.EMPTY:
            e = first_evidence(ev.first[i], t)
            written_off[f] = max(e, written_off.get(f, e))
    return _fills_no_surer(ev, out, written_off, t) if written_off else out


def first_evidence(r: MarkReading, t: MarkSettings) -> float:
    """The strongest of a reading's fill, circle and dot on the one scale of evidence (0 at
    each one's empty threshold, 1 at its marked one), as ``ocr.marks.mark_reading`` weighs
    them."""
    e = fill_evidence(r.fill, t.empty_below, t.marked_above)
    if r.ring:
        e = max(e, ring_evidence(r.ring, t.ring_empty_below, t.ring_marked_above))
    if r.dot_mm2:
        e = max(e, dot_evidence(r.dot_mm2, t.dot_empty_below_mm2, t.dot_marked_above_mm2))
    return e


def _fills_no_surer(
    ev: RowEvidence, read: Readings, written_off: dict[str, float], t: MarkSettings
) -> Readings:
    """Each box marked by its fill alone in a field of ``written_off`` whose fill's
    evidence is no more than that field's, read unsure (0.5)."""
    return [
        made_unsure(r)
        if f in written_off
        and r.state is MarkState.MARKED
        and r.how == "fill"
        and fill_evidence(r.fill, t.empty_below, t.marked_above) <= written_off[f]
        else r
        for (f, _, _), r in zip(ev.geometry.boxes, read, strict=True)
    ]


def dust_dot_on_its_own(ev: RowEvidence, read: Readings) -> bool:
    """Does the rule have anything to look at: a box ``dusty_page`` read empty? (Only
    ``dusty_page`` reads a box so, on an inked row of a dusty page: asked first.)"""
    return ev.any_ink and ev.dust.dusty() and any(r.how == DUST_DOT for r in read)


def dust_dot_alone(ev: RowEvidence, read: Readings, t: MarkSettings) -> Readings:
    """A ``DUST_DOT`` box in a field of ``ONE_BOX_FIELDS`` (or the count of tricks where the
    sign reads over or under, ``_count_needed``) whose other boxes are all read empty is
    weighed as its dot alone reads (``own_dot_p``; in a level, strain or declarer
    ``weighed_p``, on the scale to 0.60 mm^2) and named ``DUST_DOT_ALONE`` (see the module
    docstring); its state stays empty. Not in a row whose PASS box holds a
    mark (marked or unsure): a passed-out board marks no level, strain, declarer or result,
    and clumps there weighed as marks made a contract of it (TEST noisy, fresh seed 228,
    page_0007.jpg row 9: a pass-out with clumps in 4, E, S and '=' sent to a person as
    4H= by S). Runs after the other dust rules but `dust_clumps` and `clean_rivals`, on what
    they left. No threshold of its own.

    The count of tricks is weighed whole (issue 43, noisy43): where it is needed, every
    dust dot in it is weighed, not only one alone, for with the contract read each count
    makes its own score (Law 77: a trick more made or down always changes it), so the
    written score tells them apart, as it cannot tell a level of a contract gone down or
    a declarer from his partner; and a sign weighed here as a dot of a mark's size
    (``dot_marked_above_mm2``) says the count is needed, as a sign marked for certain
    does. TRAINING pages whose players also mark with a fine pen dot (``bench_ocr --split
    training-fine-dots``), noisy, seed 13 and the dirty glass of seeds 13 and 48201
    (``dirty_glass --load-from 3``): 104 -> 103 and 64 -> 62 rows to review without a
    player's error, the other four sets the same (2,848 rows in six sets, 0 wrong rows).
    Nor does other ink of the count stop it (a box read unsure, a dot on an edge, ink a rule
    read away): that ink is weighed as read, and the score still tells the counts apart.
    Left as read beside an unsure box (fresh TEST noisy seed 1791, ``page_0028.jpg`` row
    13), the player's dot of 0.545 mm^2 in count 2 stayed dust (0.0004), a weak ring in 1
    (0.45) stood for the count, and 4S by North -2 was accepted as -1 on a written 200 read
    as 100 (its 2 as a 1 at 0.84). TRAINING's price set: 0 wrong rows either way, 1,677 ->
    1,673 readings to a person."""
    fields = [f for f, _, _ in ev.geometry.boxes]
    inked = {f for f, r in zip(fields, read, strict=True) if r.state is not MarkState.EMPTY}
    if PASSED_OUT in inked or PASSED_OUT in _stroked_at_first(ev, -1):
        return read  # a passed-out board marks none of them
    counted = _count_needed(ev, read, t)
    out = _weighed(ev, read, t, counted)
    if out is not read and not counted:
        again = _count_needed(ev, out, t)  # the sign itself a dot weighed here
        if again:
            return _weighed(ev, out, t, again)
    return out


def _weighed(ev: RowEvidence, read: Readings, t: MarkSettings, counted: frozenset[str]) -> Readings:
    """``dust_dot_alone``'s weighing, the count of tricks among its fields where
    ``counted`` names it."""
    fields = [f for f, _, _ in ev.geometry.boxes]
    inked = {f for f, r in zip(fields, read, strict=True) if r.state is not MarkState.EMPTY}
    one_box = ONE_BOX_FIELDS | counted
    alone = [
        i
        for i, (f, r) in enumerate(zip(fields, read, strict=True))
        if r.how == DUST_DOT
        and f in one_box
        and f not in _stroked_at_first(ev, i)
        and (f in counted or f not in inked)  # the count weighed whole (see the docstring)
    ]
    if not alone:
        return read
    away = _ink_read_away(ev, read)
    if any(fields[j] == PASSED_OUT for j in away):
        return read
    guarded = {fields[i] for i in alone} - counted  # the count's other ink is not asked
    if guarded:
        away |= _dotted_on_edges(ev, read, t) | _inked_by_edges(ev, t)
        away |= _thick_by(ev, t, guarded)
    out = list(read)
    for i in alone:
        if fields[i] in counted or not any(
            fields[j] == fields[i] for j in away | _dotted_without(ev, read, t, i) if j != i
        ):
            r = read[i]
            weigh = weighed_p if fields[i] in UNTOLD_BY_SCORE else own_dot_p
            out[i] = replace(r, how=DUST_DOT_ALONE, p_marked=max(r.p_marked, weigh(r, t)))
    return out


def _stroked_at_first(ev: RowEvidence, but: int) -> set[str]:
    """The fields where a box (other than box ``but``) first read marked for certain by a
    stroke, its fill or a circle, before any rule: the player's mark left ink the reader
    saw, whatever a dust rule read it as after. ``dusty_circles`` reads a circle again
    without the pieces it takes for specks, and a clump in another box of the field is then
    no dot alone: on a fresh TEST set of blank forms (noisy, seed 86533, page_0001.jpg row
    1, a form printed for the movement) level 2 circled (ring 0.60) was read empty (0.33)
    beside a clump of 0.63 mm^2 in level 6, which weighed as its dot reads made 6S by South
    down 2 of 2S down 2, both -100: the written score could not tell, and the row was
    accepted. Now the clump stays dust, the level reads empty and the row goes to a
    person."""
    return {
        f
        for j, ((f, _, _), r) in enumerate(zip(ev.geometry.boxes, ev.first, strict=True))
        if j != but and r.state is MarkState.MARKED and r.how in ("fill", "circle")
    }


def _ink_read_away(ev: RowEvidence, read: Readings) -> set[int]:
    """The boxes that showed ink the player's mark may have
    left, less than a certain stroke, that a rule then read away: first read unsure by its
    fill or a circle (``dusty_fills``, ``dusty_circles`` take specks out of it), strokes
    round it that no ellipse follows (``ev.no_ellipse``: ``alone_in_field`` keeps such a
    circle only where no other box of its field is marked, and a clump read marked by its
    dot is such a box), a blob by its edge, or a dot ``dusty_page`` read as dust (two such
    dots in a field were each weighed alone, and the larger won, though the smaller may be
    the player's); a dot on a printed edge is ``_dotted_on_edges``. A dust dot beside any
    of these is not the field's only ink: the player's mark may be the other, and a
    written score that both readings make cannot tell (the shape of both wrong rows of
    issue 43's fresh sets)."""
    away = {
        j
        for j, ((_, _, rect), r) in enumerate(zip(ev.geometry.boxes, ev.first, strict=True))
        if (r.state is MarkState.UNSURE and r.how in ("fill", "circle"))
        or (r.state is not MarkState.EMPTY and r.dot_mm2 == EDGE_UNSURE_MM2)
        or rect in ev.no_ellipse
        or read[j].how == DUST_DOT
    }
    return away


def _dotted_on_edges(ev: RowEvidence, read: Readings, t: MarkSettings) -> set[int]:
    """The boxes a dot on a printed edge belongs to (``edge_dots``, which ``dusty_edges``
    reads against the page's dust): a player's dot on its box's edge, read away so, leaves
    a clump in another box of the field alone. Asked only where a dust dot could be
    weighed (it costs a look at the row's ink), and not of the PASS box: a pass-out read
    as a contract needs clumps weighed alone in the level, the strain, the declarer and
    the result at once, and on TEST noisy pages (fresh seeds 49052 and 84192) clumps on the
    PASS box's edge sent 5 played rows to a person for their dust dots."""
    dots = ev.views.dots_on_edges(circled_boxes(read), t)
    dotted = dotted_boxes(dots, len(read), t)
    return {j for j, d in enumerate(dotted.tolist()) if d}


def _inked_by_edges(ev: RowEvidence, t: MarkSettings) -> set[int]:
    """The boxes with a pen dot's worth of drawn ink (``dot_marked_above_mm2``) hugging
    their printed edges from outside (``RowViews.ink_by_edges``): a player's dot put on a
    box's edge that joins other ink across the printed lines (the next row of boxes, a
    mark there) is no dot ``dots_on_edges`` finds, and no rule reads it as the box's.
    TRAINING fine dots, dirty glass (``dirty_glass --load-from 3 bench_ocr --split
    training-fine-dots --conditions noisy --seed 4134``), page_0024 row 4: South's dot
    under South's bottom edge touched the filled NS box below; a clump of 0.66 mm^2 in
    North, weighed alone, read 1CXX by South +1 as by North +1 (both +430), accepted."""
    ink = ev.views.ink_by_edges()
    return {j for j, mm2 in enumerate(ink.tolist()) if mm2 >= t.dot_marked_above_mm2}


def _thick_by(ev: RowEvidence, t: MarkSettings, among: set[str]) -> set[int]:
    """The boxes of the fields ``among`` with solid ink as thick as a pen dot in or by them,
    the printed lines counted (``ocr.rival_ink.holds_thick_ink_by``, as ``empty_field_dot``
    asks): a player's dot on a box's corner, where the mask of two printed lines hides
    most of it, leaves less ink outside the lines than a dot's worth (``_inked_by_edges``)
    and no dot on an edge, but its core with the lines is a pen dot's thickness. TRAINING
    fine dots, dirty glass (``dirty_glass --load-from 3 bench_ocr --split
    training-fine-dots --conditions noisy --seed 72696``), page_0008 row 7: South's dot on
    the bottom corner between S and NT left 0.20 mm^2 by each of them; a clump of 0.54
    mm^2 in C, weighed alone, read 2S by N -1 as 2C by N -1 (both -50), accepted."""
    return {
        j
        for j, (f, _, _) in enumerate(ev.geometry.boxes)
        if f in among and holds_thick_ink_by(ev, j, t)
    }


def _dotted_without(ev: RowEvidence, read: Readings, t: MarkSettings, i: int) -> set[int]:
    """The boxes a dot on a printed edge belongs to, looked for on the row's ink read for
    the pen the row shows without box ``i`` (``RowViews.dots_on_edges_without``): the dust
    dot weighed must not hide the player's own dot. A row's pen is measured on the darkest
    ink at its boxes' centres, and a clump darker than a fine pen's dots makes the pen look
    firmer: the ink ramp then reads the pale rim of the player's dot on another box's edge
    as paper, and no dot is found there. TRAINING fine dots, dirty glass (``dirty_glass
    --load-from 3 bench_ocr --split training-fine-dots --conditions noisy --seed 65079``),
    page_0010 row 10: a clump of 0.40 mm^2 in East raised the row's pen from 0.65 to 0.75;
    West's dot on West's edge was then not seen, and the clump, weighed alone, read 5D by
    W +1 as 5D by E +1 (both +620 to East-West: the written score could not tell), a wrong
    row accepted. With East's centres left out the pen measures 0.65 and the dot is found."""
    dots = ev.views.dots_on_edges_without(i, circled_boxes(read))
    if not dots:
        return set()
    return {j for j, d in enumerate(dotted_boxes(dots, len(read), t).tolist()) if d}


def _count_needed(ev: RowEvidence, read: Readings, t: MarkSettings) -> frozenset[str]:
    """``{RESULT_COUNT}`` where the result's sign is "+" or "-" marked for certain, or a
    dot weighed alone there of a mark's size (``dot_marked_above_mm2``), and no other sign
    box holds a mark or a dot weighed alone (a result over or under marks one box of the
    count of tricks), else nothing."""
    sign = sign_readings(ev, read)
    inked = [
        o for o, r in sign.items() if r.state is not MarkState.EMPTY or r.how == DUST_DOT_ALONE
    ]
    if len(inked) == 1 and inked[0] in ("+", "-"):
        r = sign[inked[0]]
        if r.state is MarkState.MARKED or _weighed_mark(r, t):
            return frozenset({RESULT_COUNT})
    return frozenset()


def _weighed_mark(r: MarkReading, t: MarkSettings) -> bool:
    """Is ``r`` a dot weighed alone (``DUST_DOT_ALONE``) of a mark's size?"""
    return r.how == DUST_DOT_ALONE and r.dot_mm2 >= t.dot_marked_above_mm2
