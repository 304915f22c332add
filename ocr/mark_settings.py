"""Every threshold of the mark decision in one validated value, each with why it is what
it is and the pages it was chosen on (issue 43).

A mark box is read by its fill, a circle round it and a dot in it (ocr/marks.py), then the
row's rules (ocr/mark_rules.py) look at its neighbours. The numbers they compare against
are here, nowhere else: the modules that measure (ocr/marks.py, ocr/row_marks.py,
ocr/circles.py, ocr/dots.py, ocr/edge_dots.py, ocr/pen.py, ocr/mark_geometry.py) take
their constants from ``MARK_SETTINGS``, and the rules take it as their third argument.

Each field says in ``why`` what the threshold separates and in ``chosen_on`` where its
value comes from: "TRAINING" pages are the synthetic pages of the TRAINING side of the
source split (ocr/training/synthetic/sources.py), never the TEST side the benchmark
reads; "form" means the value follows from the printed form's geometry or the pens'
physics and was set, not tuned; the commit named is the one that set it (the rounds are
told in docs/reader-history.md). ``python -m ocr.mark_settings`` prints the table.

Search grids (the angles of the rays, the ellipses tried round a box) and the printed
captions' tones (ocr/captions.py) are how things are measured, not thresholds of the
decision; they stay in their modules.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

__all__ = ["MarkSettings", "MARK_SETTINGS", "provenance_table"]


def _t(value: float, why: str, chosen_on: str) -> Any:
    return field(default=value, metadata={"why": why, "chosen_on": chosen_on})


_TRAIN600 = "600 TRAINING pages (ordinary, damaged, pencil)"


@dataclass(frozen=True)
class MarkSettings:
    """The thresholds of the mark decision (see the module docstring). Built once, checked
    on construction: a pair's empty threshold lies below its marked one, shares are
    shares, lengths are positive."""

    # --- one box, its fill (ocr/marks.py) -------------------------------------------
    empty_below: float = _t(
        0.05,
        "Fill below which a box is empty (clean boxes, erased pencil).",
        "form: first reader (23517c3), kept through every round",
    )
    marked_above: float = _t(
        0.10,
        "Fill above which a box is marked: the faintest pencil ticks and slashes measure "
        "0.12-0.15, crosses 0.2-0.7, filled boxes 0.7-1.",
        "first reader (23517c3); the fills named measured on TRAINING pages",
    )
    ink_low: float = _t(
        0.20,
        "Darkness (against the row's paper) below which a pixel holds no "
        "ink: dropout captions, erasure residue.",
        "form: first reader (23517c3)",
    )
    ink_high: float = _t(
        0.50,
        "Darkness from which a pixel is full ink (pen, pencil).",
        "form: first reader (23517c3)",
    )
    box_inset_mm: float = _t(
        0.7,
        "How far inside the printed box edge the fill is measured.",
        "form: the printed edge and the page fit's play",
    )
    solid: float = _t(
        0.5,
        "Ink value of a pixel that belongs to a stroke or a dot.",
        "form: the middle of the ink ramp (2b35039)",
    )
    dot_min_fill: float = _t(
        0.008,
        "A box this clean holds no dot worth measuring (speed only).",
        "TRAINING (2b35039): no dot of 0.15 mm^2 fills a box less",
    )
    own_mark_fill: float = _t(
        0.2,
        "A box filled more than this holds its own mark, never a circle's stroke: its inside "
        "is left out of the ink a circle round a neighbour may be made of.",
        "TRAINING (10e0da2): a circle's stroke through a box fills it under 0.2",
    )

    # --- one box, a circle round it (ocr/marks.py, ocr/circles.py) ------------------
    ring_empty_below: float = _t(
        0.40,
        "A box circled less surely than this (circle_reading.circled) is not circled.",
        _TRAIN600 + " (0a23605)",
    )
    ring_marked_above: float = _t(
        0.50,
        "A box circled more surely than this is circled.",
        _TRAIN600 + ": with the three views alone none of 10,080 boxes without a mark but "
        "with drawn ink beside two sides measured over 0.50 (9 unsure), 92.4% of 3,522 rings "
        "did. Measured again with the reader of 2026-11-24: 19 boxes without a mark above "
        "0.50 (17 at 0.517, between marked neighbours), 97.6% of 3,514 rings.",
    )
    ring_ink_min: float = _t(
        0.30,
        "A box whose first reading sees a circle this surely, though not circled, held ink "
        "before any rule (FieldMarks.inked_at_first): no clean box beside its field's only "
        "ink, nor by a lost sign.",
        "TRAINING clean seed 42456 (a fresh hunt), page_0023.jpg row 7: the player's wide "
        "ring round 6 read 0.35 there and 7, whose box its arc crossed, the field's only "
        "ink, 6S-2 accepted as 7S-2; on the TRAINING sets of docs/reader-history.md (ring43, "
        "15,990 row readings) 2 rows more to a person, 0 wrong rows",
    )
    strips_empty_below: float = _t(
        0.1,
        "Strips read alone: strokes that leave one side of a box uncovered do not circle it "
        "(a neighbour's circle or mark covers the side facing it only).",
        "form: one bin of six per side (0a23605)",
    )
    strips_marked_above: float = _t(
        0.3,
        "Strips read alone: every side covered over two of its six bins is a circle (one "
        "left open by 40 degrees still covers two bins of the side with the gap).",
        "form: the gap a circle leaves (0a23605)",
    )
    strips_sure: float = _t(
        0.5,
        "Strips read alone this high (3 of 6 bins a side) make a circle certain; the rays "
        "are not looked at. Below strips_certain the ellipse must agree (rule strips_checked).",
        "TRAINING (0a23605)",
    )
    strips_certain: float = _t(
        2 / 3,
        "From strips_sure up to this, the marks round an empty box can give it the strips' "
        "reading (a cross's arm, the row below's crosses, the row above's circles): the "
        "circle is certain only where the ellipse agrees.",
        "3,000 TRAINING pages (five conditions): 1,172 boxes read so, 1,147 rings (89 with an "
        "outline under 0.70) and 25 boxes without a mark (24 under 0.70); from 4 bins up 4 "
        "boxes without a mark in 12,823",
    )
    narrow_gap_deg: int = _t(
        30,
        "Strokes round a box with no gap wider than this are read unsure at least (a worn "
        "pencil's broken circle, a circle over the printed edges).",
        _TRAIN600 + ": 7 of 10,080 unmarked boxes, 17 of the 54 rings the strips missed",
    )
    closed_within_deg: int = _t(
        60,
        "A gap this wide in the strokes round a box leaves nothing of a circle's closure: "
        "circles left open leave up to 40 degrees, neighbours' marks 50 or more.",
        _TRAIN600 + " (0a23605)",
    )
    part_round: float = _t(
        0.25,
        "Strokes covering this share of every sector round a box go "
        "part of the way round it (circles.Rays.sectors).",
        _TRAIN600 + " (0a23605)",
    )
    all_round: float = _t(
        0.45,
        "Strokes covering this share of every sector round a box may be a circle round it.",
        "1,500 TRAINING pages (5d7bebf)",
    )
    round_gap_deg: int = _t(
        50, "Strokes that go round a box leave no gap wider than this.", _TRAIN600 + " (0a23605)"
    )
    thicker_px: float = _t(
        1.5,
        "Solid pixels across a line of samples (a ray, a strip beside an edge) beyond what "
        "the form prints there that make it covered.",
        "form: a printed edge's measured width plus half a pixel (5a7a29a)",
    )
    ring_side_min_px: int = _t(
        2,
        "Fewer drawn pixels than this beside a side: no ink there, no circle looked for.",
        "form: scanner specks (2b35039)",
    )
    outline_sure: float = _t(
        0.85,
        "An ellipse round a box followed over this share of every quarter (ocr/outline.py) "
        "is a circle for certain.",
        "800 TRAINING pages: no box without a mark over 0.75 (13,837 with ink beside two "
        "sides), 86% of 4,895 rings at 0.85 or more",
    )
    outline_unsure: float = _t(
        0.70,
        "An outline from this up to outline_sure leaves a box unsure at least; a box the "
        "other views read circled is certain from here (circle_reading.confirmed).",
        "1,000 TRAINING pages (five conditions): 102 of 137 circled-not-certain rings at "
        "0.70 or more, none of 25 boxes without a mark",
    )
    outline_none: float = _t(
        0.2,
        "An ellipse that can be judged all round but is followed over less than this of its "
        "least covered quarter: no circle round the box; an unsure circle reading is its "
        "neighbours' strokes (circle_reading.confirmed).",
        "1,000 TRAINING pages (five conditions): rings 0.286 and up; 21 of 57 unmarked boxes "
        "under 0.2",
    )
    views_under_strips: float = _t(
        0.35,
        "A box the strips read alone call circled but not for certain (0.517: two of six "
        "bins a side) whose three views' mean (circle_reading.circled without the strips alone) is "
        "under this, beside ink in its field, and round which no ellipse is followed over "
        "outline_unsure, is unsure, not circled: its neighbours' strokes cover two bins of "
        "every side, where the rays see little of a circle (circle_reading.confirmed).",
        "TRAINING seeds 13 (40 pages of each condition), 48594 and 88854 (30 pencil and "
        "ordinary), 59628 (30 of seven conditions, scribble not), read on 6c92d13: of 42 "
        "boxes first read circled so with no ellipse over outline_unsure (9 never asked, at "
        "a wide gap: its support measured apart), the 28 without a mark of their own had a "
        "mean of 0.111-0.310, the 14 rings 0.222-0.468, 3 of them under 0.35 (0.222, 0.262, "
        "0.333: unsure, a person looks)",
    )
    along_hairline_mm: float = _t(
        1.5,
        "A stroke this long over a grey hairline runs along it (followed there by its tone).",
        "TRAINING (4fcca2b)",
    )

    # --- one box, a dot (ocr/marks.py, ocr/dots.py, ocr/edge_dots.py) ----------------
    dot_empty_below_mm2: float = _t(
        0.15,
        "A solid blob smaller than this inside a box is dust or a scanner speck.",
        "TRAINING (2b35039)",
    )
    dot_marked_above_mm2: float = _t(
        0.40, "A solid blob this large (a dot of about 0.7 mm) is a mark.", "TRAINING (2b35039)"
    )
    dot_alone_mm: float = _t(
        1.0, "A pen dot near a box's edge has no other drawn ink this near.", "form (c99920c)"
    )
    edge_dot_mm2: float = _t(
        0.5,
        "A compact blob standing alone near a box's edge this large is a pen dot, marked.",
        "1,000 TRAINING pages: 96-99% of marked boxes only the edge's blob reads dotted "
        "measure this or more; unmarked boxes' blobs 0.37 at most (c99920c)",
    )
    edge_dot_near_mm: float = _t(
        0.5,
        "A dot on a printed edge is every box's within this "
        "distance (boxes are 1 mm apart or more).",
        "form",
    )
    edge_dot_wide_mm: float = _t(
        0.65,
        "A dot on an edge is this wide somewhere (a stroke crossing a printed line mostly less).",
        "TRAINING, between 0.65 and 0.75: 0-10 rows fewer to review "
        "a condition, no wrong row either way",
    )
    edge_dot_least_mm2: float = _t(
        0.25,
        "A dot on an edge leaves this much drawn ink off the line at least (a stroke along a "
        "line leaves 0.15-0.2 mm^2 past a corner).",
        "TRAINING, between 0.15 and 0.25: 0.25 costs no row on pages with no dot on an edge",
    )
    edge_dot_off_line_mm2: float = _t(
        0.10,
        "On a page that is not dusty, a dot on an edge whose drawn ink lies on both sides of "
        "a printed edge (inside a box and outside every box) leaves this much off the line "
        "at least, not edge_dot_least_mm2: a pen put on the line spreads across it and, most "
        "of it under the line's mask, keeps 0.10-0.23 mm^2 off it at 150 dpi; a stroke that "
        "ends on the line lies on one side of it. On a dusty page the specks settle on the "
        "lines too, and edge_dot_least_mm2 stays.",
        "TRAINING's price set (18,404 readings, each page with and without the event): 1,443 "
        "to a person -> 1,435, 0 wrong. Asked of any dot where the page is not dusty, 1,403, "
        "but TEST then sent more rows to a person (seed 13 340 -> 346, fresh seeds 44117 and "
        "62903 426 -> 432: strokes ending on a line), where asked only across an edge TEST "
        "reads the same (340; 426) and the fresh TRAINING sets 464 -> 460, 0 wrong",
    )
    edge_dot_own_share: float = _t(
        0.65,
        "A dot on an edge this much of whose ink lies nearer one box than any other is that "
        "box's: only it is unsure, the boxes it is near but does not lie in "
        "keep their reading; a dot in the gap between two boxes makes both unsure.",
        "40 TRAINING pages each of clean, ordinary, pencil, pdf150, phone (seed 13, 2,325 "
        "written rows): rows to review 329 with no owner, 326 at 0.8, 321 at 0.7, 317 at "
        "0.65, 315 at 0.6, 0 wrong rows each; at 0.6 the lesser part of two dots lies "
        "in the box the player marked (a ring's, a dot's), which keeps only its own reading",
    )
    edge_dot_centre_mm: float = _t(
        0.3,
        "A dot on an edge no box holds edge_dot_own_share of is the box's whose printed edge "
        "its centre lies within this of, where exactly one near box's does: a player puts "
        "the pen on the box's own edge; a large dot there spills over the middle of the gap.",
        "TRAINING (noisy43e): of the 99 dots no box holds 0.65 of on 40 noisy pages each of "
        "seeds 13, 11755, 63481 and 6365, the dirty glass (80 pages) and 40 pages each of "
        "the seven other conditions of seed 13, 23 have their centre 0.25 mm or less from "
        "one box's edge, every one the player's box; at 0.34 mm (150 dpi's next half-pixel "
        "step) 17 the player's and 2 its neighbour's. Rows to review: ordinary 35 -> 32 of "
        "396, noisy 44 -> 43 of 483, the dirty glass 96 -> 95 of 944, 0 wrong rows",
    )
    edge_dot_max_mm: float = _t(
        3.0,
        "A dot on an edge is no more than this across, joined across the printed lines (a "
        "pen dot 2 mm at most; a cross or scribble over an edge is larger). A dot put "
        "across the 1 mm gap lies on two lines, and each line's dark fringe beside it, "
        "outside the mask of the lines, joins it: 0.4 mm more a side.",
        "form; fresh TRAINING noisy 58213 page_0014.png row 15: the player's dot 1.9 mm "
        "high, 2.7 mm wide joined across 2's and 3's edges, was no dot at 2.5 and the row "
        "went to a person. At 3.0 the price set, the noisy hunt (seeds 58213, 90417, 27731, "
        "81944), seed 40123 in every condition and TEST seed 13 read row for row the same, "
        "0 wrong rows",
    )

    # --- the page's dust (ocr/page_dust.py, rule dusty_page) --------------------------
    dust_border_mm: float = _t(
        4.0,
        "The page's blank paper is looked for this far in from its edges (a scan's border, "
        "the paper's own edge).",
        "form: the markers' margin",
    )
    dust_max_mm2: float = _t(
        2.0,
        "A piece of ink on blank paper larger than this is no speck (a hair, a stroke).",
        "form: a pen dot is 2 mm across at most",
    )
    dust_blank_min_cm2: float = _t(
        20.0,
        "Less blank paper than this (a page cut short) says nothing of its dust.",
        "form: the margins of an A4 traveller hold 121 cm^2, of a Letter one 101 cm^2",
    )
    dusty_per_cm2: float = _t(
        0.05,
        "A page whose blank paper holds this many specks of dot_empty_below_mm2 or more per "
        "square centimetre is dusty: a small dot in a box is judged against its own specks.",
        "TRAINING: 40 noisy pages 0.008-0.34 a cm^2 on 121 cm^2 of margins, 40 each of "
        "damaged, scribble, pdf150 0.025 at most; on the noisy pages 0.03, 0.05 and 0.10 sent "
        "the same rows to review (the rule's first form: 106 of 494, 125 without it), 0 wrong; "
        "kept on 80 pages of the widened dust (with dusty_circles and dusty_edges, 978 rows): "
        "191 at 0.03 and 0.05, 204 at 0.10",
    )
    dust_alike_share: float = _t(
        0.67,
        "On a dusty page a box marked or unsure by its dot alone is read without it where the "
        "page's blank paper holds specks this share of the dot's size or larger "
        "(dust_alike_per_cm2 of them); never a dot read as the unsure band's middle (0.275).",
        "40 TRAINING noisy pages of settled dust (seed 13, 502 written rows): rows to review "
        "98 at 0.67, 95 at 0.5, 98 at 0.8, 102 with the rule's earlier form (unsure dots "
        "against nine in ten specks); 0.5 reads 3 intended dots of 102 without their dot, "
        "0.67 and 0.8 two (0.17 and 0.20 mm^2); 0 wrong rows every way; kept on 80 pages of "
        "the widened dust (with dusty_circles and dusty_edges): 189 at 0.5, 191 at 0.67, 194 "
        "at 0.8",
    )
    weighed_alone_marked_mm2: float = _t(
        0.60,
        "On a dusty page, a clump weighed as the mark of a level, strain or declarer (rule "
        "dust_dot_alone; fields the written score may not tell) is weighed on the dot's "
        "scale from dot_empty_below_mm2 to this, not to dot_marked_above_mm2: one under it "
        "is never certain there on its own, and the written score must tell its field.",
        "TRAINING's dusty pages (the price set's dirty glass and fine-dots dirty glass, t13 "
        "noisy, the fine-dots dirty glass of seed 54573): of the boxes weighed alone in a "
        "level, strain or declarer, 0.40-0.50 mm^2: 26 players' dots, 2 clumps beside a "
        "player's mark no reading saw (one read wrong); 0.50 and more: 190 and none "
        "(41dc0ee). 0.50 -> 0.60 (2026-12-07): on the price set's dusty sets and the "
        "fine-dots dirty glass of fresh seeds 93484, 80041 and 27467, in played rows, "
        "0.50-0.60 mm^2: 53 players' dots and one clump of 0.573 mm^2 in C beside the "
        "player's pale dot hidden in S's printed edge (93484 page_0006.jpg row 6: 3S by "
        "North -4 read 3C, both -200, a wrong row); 0.60 and more: 171 and none. Price set "
        "1,455 -> 1,469 readings to a person, 0 wrong",
    )
    faint_beside_weighed_fill: float = _t(
        0.03,
        "On a dusty page, beside a clump weighed as its dot reads (rule dust_dot_alone) in a "
        "field that marks one box, an empty box of that field whose first fill is this or "
        "more is unsure: a player's pale dot the page's specks took whole leaves such a fill "
        "and nothing else, and the written score may not tell the two boxes apart.",
        "TRAINING's dusty pages (the price set's dirty glass and fine-dots dirty glass, "
        "t13 noisy, the dirty glass of 17 fresh TRAINING seeds, 1,924 pages): players' marks "
        "beside a weighed clump read 0.031, 0.035, 0.041, 0.042, 0.047, 0.049; boxes no player "
        "marked 0.031 at the 99th percentile, 201 of 17,318 at 0.03 or more",
    )
    dust_alike_per_cm2: float = _t(
        0.015,
        "... this many such specks a square centimetre of blank paper (two on an A4 "
        "traveller's 121 cm^2 of margins, two on a Letter one's 101): one speck may be a "
        "stray clump, a hair's piece.",
        "the same pages: 98 rows to review at 0.015, 99 at 0.025 (three specks); with one "
        "speck enough, 5 intended dots of 102 read without their dot (1.26-1.41 mm^2 on "
        "pages whose largest speck was 0.97); on 80 pages of the widened dust 191 at 0.015, "
        "194 at 0.025",
    )

    speck_most_mm: float = _t(
        1.0,
        "On a dusty page a piece of drawn ink no more than this across, of a size the page's "
        "blank paper holds alike, may be dust: a box read circled by strokes round it is read "
        "again without such pieces, one read by its fill without their ink, and one unsure "
        "by a dot on or by its edge without them (rules dusty_circles, dusty_fills, "
        "dusty_edges).",
        "80 TRAINING noisy pages of the widened dust (seed 13, 978 written rows; 230 rows to "
        "review without the two rules): 204 at 0.6, 196 at 0.8, 191 at 1.0, 198 at 1.2; 0 "
        "wrong rows every way",
    )
    speck_alone_mm: float = _t(
        0.3,
        "... with no other drawn ink within this of it (a pale pen's circle skips, its "
        "pieces lie end to end).",
        "the same pages: 191 rows to review at 0.17, 192 at 0.3, 191 at 0.5 and without the "
        "condition; at 0.3 the two rules read 36 boxes that hold a player's mark less "
        "marked (42 without it), against 138 boxes without one (141)",
    )
    clump_across_mm: float = _t(
        1.2,
        "A box unsure by a blob on or by its edge is looked at for a dust clump where every "
        "piece of drawn ink on its printed edge and within edge_dot_near_mm of it is no more "
        "than this across (rule dust_clumps): a pen's stroke that enters and leaves runs on.",
        "80 TRAINING noisy pages (seed 13, noisy12): the 19 boxes no player marked left "
        "unsure by such a blob hold pieces 0.68-2.03 mm across, the 8 read as clumps 1.19 "
        "mm or less; the players' dots' pieces 1.02-2.03 mm, each thicker than a clump",
    )
    clump_core_mm: float = _t(
        0.42,
        "... where every piece of drawn ink there is a speck's size, a clump's thickest point "
        "(the largest disc of solid ink, the printed line counted) is under this; a pen "
        "dot's is its radius.",
        "80 TRAINING noisy pages (seed 13, noisy12): the 55 players' dots left unsure by a "
        "blob on or by an edge 0.47 mm and more at their thickest, the 19 boxes no player "
        "marked 0.24-1.02 (8 of them 0.37 or less, 0 intended); at 150 dpi the distance "
        "steps are 2.0, 2.2 and 2.8 px (0.34, 0.37, 0.47 mm): 0.42 lies between",
    )
    clump_beside_share: float = _t(
        0.5,
        "A box whose fill is a dust clump is read without it beside a box of its field "
        "marked for certain by a circle, or by a fill this share of which is the clump "
        "box's fill or more (rule clump_fills): the field's mark is the fuller stroke.",
        "a guard, not fitted: on TRAINING's price set, TEST noisy seed 13 and four fresh "
        "noisy seeds (58213, 90417, 27731, 81944) the five boxes the rule read empty held "
        "fills of 0.108-0.121 beside the player's marks of 0.263-0.688 (2.2-6.1 times)",
    )
    clean_rival_mm: float = _t(
        0.6,
        "A field's one unsure box is its mark where every other box of the field holds no "
        "ink a player's mark leaves within this of it (rule clean_rivals, ocr/rival_ink.py): "
        "a player's mark read empty leaves ink by its box (a circle's or a tick's strokes, "
        "a dot on its edge); rules empty_field_dot and doubling_dot look this far for a "
        "dot's core (doubling_dot not this near a box's printed corners).",
        "80 TRAINING noisy pages (seed 13, with fibres, noisy15): of the 54 boxes a player "
        "marked in a level, strain, declarer or sign read empty on dusty pages, 0 hold no "
        "drawn ink within 0.6 mm (of all 63 such boxes, 1: a score side box); noisy14 "
        "(the same pages without fibres): 62 of 63 hold ink within it; edge_dot_near_mm "
        "(0.5) and a pixel",
    )
    own_stroke_share: float = _t(
        0.65,
        "A stroke joined through a box's printed lines to ink inside it, this much of its "
        "drawn ink inside the box and none inside another, is the box's own mark running "
        "out (rule clean_rivals, ocr.rival_ink.own_strokes): its end by another box is no "
        "ink of a mark there.",
        "edge_dot_own_share's 0.65, the share that makes a dot on an edge one box's. Fresh "
        "TRAINING noisy 58213 (80 pages, strokes103): 4 rows fewer to a person of 67; the "
        "strokes kept on those rows hold 0.67-1.00 of their drawn ink in their box (0.67: "
        "the cross in '-' with its arm out of the corner, page_0003.png row 7); TRAINING's "
        "price set row for row the same; the four noisy seeds 1,124 -> 1,120; 0 wrong rows",
    )
    own_stroke_reach_mm: float = _t(
        1.6,
        "A box's own stroke (own_stroke_share) runs out of it no farther than the 1 mm gap "
        "and clean_rival_mm beyond: it ends by the next box, where a circle round the next "
        "box runs on along that box's sides.",
        "form (the gap) and clean_rival_mm; fresh TRAINING noisy 58213 (strokes103): the "
        "strokes that decided its four rows run 0.4-1.4 mm out of their box (the cross in "
        "'-', page_0003.png row 7, 1.44 mm)",
    )
    clean_rival_fill: float = _t(
        0.03,
        "A field's other box holds ink of a player's mark (rule clean_rivals) where its first "
        "fill reaches this, drawn ink or not: a fine dot a dirty glass left pale fills its box "
        "so without a pixel of solid ink, where the page's specks seldom fill one 0.03.",
        "Fresh TRAINING fine dots on dirty glass 42875, page_0033.jpg row 2: the player's fine "
        "dot in E a fill of 0.046, no drawn ink, W's thick ink by its edge read marked, 4S+1 "
        "by East accepted by West (-450 both). The 145 boxes clean_rivals read marked on the "
        "dirty glass and the fine-dots dirty glass of 24 fresh seeds, each read right "
        "(stroke98): every other box of their fields under 0.03 but one (0.033, now to a "
        "person).",
    )
    clean_rival_line_mm2: float = _t(
        0.25,
        "By a field's other boxes, the page's specks are no ink of a player's mark (rule "
        "clean_rivals), but a blob on a printed line this large or larger, line and all, is: "
        "a pen dot on a box's edge or corner whose slivers either side of the line are as "
        "small as specks.",
        "TRAINING's dirty glass (dirty_glass --load-from 3, 80 noisy pages, seed 13, noisy43): "
        "of the 40 players' boxes of a level, strain, declarer or sign read empty from the "
        "first reading on dusty rows, 18 hold no drawn ink but the page's specks by them, "
        "their blobs on a line 0.43-1.66 mm^2 but one wholly under the mask; on 80 TRAINING "
        "noisy pages (seed 13) 14 of 29, 0.37-1.2 mm^2 but two (0.11, 0.23), each as thick as "
        "clean_rival_thick_mm asks; 0.25 leaves the others ink with a margin",
    )
    edge_dot_core_mm: float = _t(
        1.05,
        "A field's one unsure box, unsure by its own dot on a printed edge that holds a disc "
        "of solid ink this wide centred in it (the printed line counted: a pen's dot, solid "
        "all through), is read marked where the field's other boxes hold no drawn ink but "
        "specks and no solid ink clean_rival_thick_mm thick by them, blobs on their lines "
        "let go (rule clean_rivals).",
        "80 TRAINING noisy pages (seed 13) and TRAINING's dirty glass (80 pages; noisy43d): "
        "boxes no player marked unsure by their own dot on an edge before clean_rivals 0 of "
        "7 and 0 of 30 this thick; the players' dots dusty_edges weighs 1.08 mm and more but "
        "1 of 12 and 3 of 19, the boxes no player marked it reads so 1.02 mm or less but 2 "
        "of 69 and 1 of 367 (two of the three the gap's neighbour of a player's dot lying "
        "between both); 1.05 lies between 150 dpi's steps 1.02 and 1.08. Reads 7 boxes "
        "marked on the dirty glass, every one the player's (98 -> 96 rows to review), none "
        "on the 80 pages",
    )
    clean_rival_thick_mm: float = _t(
        0.85,
        "By a field's other boxes, solid ink this thick or thicker is a player's mark's (rule "
        "clean_rivals): a pen dot on a printed edge that the mask of the lines covers whole "
        "leaves no drawn ink, but the line is as thick as the dot there. Rule "
        "empty_field_dot reads a missed field's one box with ink this thick by it unsure "
        "(80 TRAINING noisy pages: 21 boxes, all players'; the dirty glass: 23 of 24), and "
        "doubling_dot a played row's X or XX on a page that is not dusty.",
        "80 TRAINING noisy pages (seed 13) and TRAINING's dirty glass (80 pages, noisy43): "
        "the boxes no player marked, read empty, with no ink but specks and small blobs on "
        "their lines by them are at most 0.74 mm thick but 17 of 27,236 (0.95-1.35: dust on "
        "a line); the 3 players' boxes read empty with no other ink but specks are 0.95, 1.02 "
        "and 1.69 mm; 0.85 lies between 150 dpi's steps 0.74 and 0.95",
    )
    dusty_circle_outline: float = _t(
        0.95,
        "... and a box whose best ellipse (ocr/outline.py) follows the strokes round it over "
        "this share of every quarter keeps its circle (rule dusty_circles): a pale pen's "
        "circle skips into pieces a speck's size, the ellipse follows them all round.",
        "80 TRAINING noisy pages (seed 13): of the 63 boxes the rule read less marked, 18 "
        "were a player's circle (support 1.0 for 9, 0.947 for 1, the rest 0.875 or less) "
        "and 45 no player's (all under 0.7); a built ring of 14 specks as dense as the "
        "dirtiest TRAINING glass (tests/ocr/test_dust_rules.py) is followed at 0.889: 0.95 "
        "keeps the 9 and clears that ring (noisy8)",
    )
    speck_across_mm: float = _t(
        1.2,
        "... and, for a circle (rule dusty_circles), none whose ink goes on across a printed "
        "line within this: the mask of a box's printed edge (0.5-0.8 mm at 150 dpi) and a "
        "pixel either side; a stroke passing under the line is cut there, a speck is not.",
        "form: the printed edges' mask. On 80 TRAINING noisy pages (seed 13, 978 written "
        "rows) the rule read 23 boxes a player marked less marked without it, 16 with it "
        "(49 and 46 that no player marked); rows to review 183 without it, 182 with it, 0 "
        "wrong rows",
    )

    digit_darkest_share: float = _t(
        0.03,
        "On a dusty page, a digit box that still reads written once its specks are taken "
        "out (ocr/digit_dust.py) has every pixel darker than its own darkest this share "
        "lifted to that grey: a clump darker than the pen no longer sets the box's ink "
        "scale (the digit model's darkest 0.5%), the digit's stroke does. A box that reads "
        "blank is lifted too where it still makes a digit without the lifted pixels and no "
        "line crosses it (ocr/digit_dust.py darkest_lifted).",
        "the score boxes of 80 TRAINING noisy pages (seed 13; 2,723 written digits and "
        "1,189 empty boxes, the reader's crops read by the shipped model): written digits "
        "read as another digit made right / right ones spoilt 9 / 1 at 0.01, 12 / 2 at "
        "0.02, 13 / 0 at 0.03, 13 / 1 at 0.04, 14 / 9 at 0.05 (6 of them blank); no empty "
        "box read as a digit at any (noisy8). Boxes that read blank (the same pages' "
        "crops, 4,697 empty pair boxes too): 4 written digits read right at 0.02 and 0.03, "
        "3 at 0.04 and 0.05, no empty box a digit at any (noisy9)",
    )

    # --- a coloured pen against grey dust (ocr/ink_colour.py) ------------------------
    pen_hue_min: float = _t(
        0.30,
        "Hue share (ocr/ink_colour.py hue_share) from which a piece of ink is a coloured "
        "pen's; a row with such pieces in the boxes of three mark fields or more, on a dusty "
        "page scanned in colour, is written with that pen: its grey pieces are dust, taken "
        "out, and the row read without the dust rules.",
        "TRAINING's dirty glass, 30 colour pages: pieces of the blue ballpoint's rows 0.48 "
        "(75th percentile) to 0.57 (95th), their dust, captions and printed numbers 0.041 or "
        "less (half); 37 of 2,316 between 0.15 and 0.30 (colour43)",
    )
    grey_ink_max: float = _t(
        0.15,
        "Hue share up to which a piece of a coloured pen's row is grey: dust, toner or a "
        "hair, never that pen's ink.",
        "as pen_hue_min; the black pens' own pieces 0.03 or less (75th percentile) (colour43)",
    )
    row_hue_min: float = _t(
        0.03,
        "Hue share of a row's ink in the marks' region, all of it together, under which the "
        "row is not cut into pieces at all: no coloured pen marked it (a speed-up; the "
        "pieces would find no pen's colour in three fields).",
        "TRAINING's dirty glass 13 and fine-dots dirty glass 13, colour pages: every row the "
        "colour cleaned held 0.043 or more (285 blue-ballpoint rows), half the black pens' "
        "rows 0.02 or less (550) (colour43)",
    )
    grey_piece_max_mm2: float = _t(
        2.5,
        "The largest grey piece of a coloured pen's row taken out as dust: clumps, specks "
        "and hairs are smaller; a printed pair number, or a cross or slash another pen "
        "drew, is larger and stays.",
        "form: a printed pair number 6-12 mm^2 on TRAINING's dirty glass, a pen's cross "
        "3-5 mm^2; the dust's clumps up to 2 mm^2 (page_dust.py counts specks to 2) "
        "(colour43)",
    )

    # --- the pen (ocr/pen.py) --------------------------------------------------------
    firm_pen: float = _t(
        0.62,
        "Darkness a firm pen's strokes reach (its ramp used as it is).",
        "TRAINING pens (57611bd)",
    )
    faint_pen: float = _t(
        0.35,
        "The palest ink still taken as writing when it is all a row has.",
        "TRAINING pens (57611bd)",
    )
    skip_ink: float = _t(
        0.25,
        "Ink value down to which a pale pen's stroke is followed where "
        "its ball skips (half a solid pixel's).",
        "TRAINING wide rings (66c22ea)",
    )
    skip_reach_px: int = _t(
        2, "How far past its solid ink such a stroke is followed.", "TRAINING wide rings (66c22ea)"
    )

    # --- where a neighbour's stroke reaches (ocr/mark_geometry.py) ------------------
    ring_out_mm: float = _t(
        2.2, "A circle round a box stays within this of its top and bottom edges.", "form (2b35039)"
    )
    ring_side_mm: float = _t(
        2.0, "... and of its left and right edges (the next box is 1 mm away).", "form (2b35039)"
    )
    border_core_mm: float = _t(
        0.35, "The printed edge (and the fit's play) reaches this far out ...", "form"
    )
    border_inner_mm: float = _t(0.5, "... and this far in.", "form")
    neighbour_mm: float = _t(2.0, "Boxes this close share an edge a stroke may cross.", "form")
    spill_mm: float = _t(
        1.0,
        "How far a neighbour's stroke reaches into a box across their edge.",
        "TRAINING rings and crosses (57611bd)",
    )
    entry_mm: float = _t(
        1.2,
        "A neighbour's stroke enters a box from this close outside it (rules.crossed).",
        "TRAINING (616fd7a)",
    )

    # --- the spill rules (ocr/spill_rules.py) ----------------------------------------
    spill_max_fill: float = _t(
        0.35,
        "A box filled more than this is marked whatever its "
        "neighbours: no neighbour rule looks at it.",
        "TRAINING rings and crosses (57611bd)",
    )
    arc_fill: float = _t(
        0.2,
        "A fill this thin may be the arc of a circle round a neighbour "
        "(the pens TRAINING writes with, up to 0.6 mm).",
        "TRAINING (0a23605)",
    )
    facing_half: float = _t(
        0.95,
        "A box with this share of its ink in its half facing a neighbour holds an arc from it.",
        "3,000 TRAINING pages: the 50 boxes holding only a ring's arc met it, 1 of 8 with a "
        "mark of their own (5ec38a4)",
    )
    leans: float = _t(
        0.5,
        "A thin fill with more than this share in that half may hold an arc among its own ink.",
        "3,600 TRAINING pages: 3 boxes more unsure, no arc more (c7a33ed)",
    )
    arc_leans: float = _t(
        0.8,
        "A thin fill with more than this share in its half facing an unmarked box of its "
        "field, a stroke coming in from it and a circle round it not ruled out, may be the "
        "arc of a circle drawn wide round that box: named, for the score to tell "
        "(circle_rules.unread_circles).",
        "TRAINING seed 13 (40 pages a condition), seed 29 (30 a condition, 5), seed 15225 "
        "blank (30 a condition, 3), 110 more ordinary and pdf150: of 215 boxes passing the "
        "rest, the players' own ticks, slashes and crosses 0.79 or less but 4 (0.81-0.92); "
        "rings' arcs 0.59, 0.77, 0.85, 0.87",
    )
    arc_centre_play_mm: float = _t(
        1.6,
        "A thin fill with a stroke coming in from an unmarked neighbour of its field, "
        "round which no ellipse centred within 0.8 mm of the neighbour's centre passes "
        "(ocr/outline.py), is asked again with centres this far off: a ring drawn wide and "
        "off centre round the neighbour, its arc through the box, is named when an "
        "ellipse round it is followed as far as an unsure circle's (outline_unsure; "
        "circle_rules.unread_circles). A box read empty is circled where an ellipse this "
        "far off centre round it is followed over outline_sure and its field holds no "
        "other mark (circle_rules.circled_off_centre: a ring drawn well off centre).",
        "fresh TRAINING dirty glass seed 67173 page_0017.jpg row 7 (a ring round S centred "
        "1.5 mm left of it and 0.7 mm up, its arc through H: S's ellipse 0.17 within 0.8 "
        "mm, 1.0 within 1.6); TRAINING's price set row for row the same (18,404 readings, "
        "0 wrong, 1,675 to a person); circled_off_centre: about 1,300 TRAINING pages, 27 "
        "empty boxes with such an ellipse over 0.85, every one a player's ring, no other box "
        "over 0.833 (docs/reader-history.md, offcentre43)",
    )
    on_ellipse_mm: float = _t(
        0.5, "A circle's stroke lies this close to the ellipse it follows ...", "TRAINING (287e015)"
    )
    on_ellipse_share: float = _t(
        0.9, "... and a neighbour's ink this much along it is that circle's.", "TRAINING (287e015)"
    )
    hand_ellipse_mm: float = _t(
        1.0,
        "A hand-drawn circle is no ellipse: its run-through lies this close to the ellipse "
        "fitted all round, where no pen dot lies in the box (``arc_core_mm``) ...",
        "TRAINING's 15,990 readings: 1,513 -> 1,485 rows to a person, 0 wrong rows (0.7 mm: 1,495)",
    )
    arc_core_mm: float = _t(
        0.55,
        "... no disc of solid ink this large in radius: a circle's stroke is thinner.",
        "TRAINING: circles' run-throughs 0.39-0.49 mm (felt pens), a TRAINING pen's dot "
        "drawn against an arc 0.62-0.70 mm",
    )
    round_stroke_share: float = _t(
        0.6,
        "Where no pen dot lies there either, a box's ink is a circle's when the piece of "
        "drawn ink holding it, joined through the printed lines, runs round the circled "
        "box (seen in this share of 24 directions from its centre) and not round the box "
        "itself (ocr.circle_strokes.strokes_round, ocr.off_circles).",
        "TRAINING's price set (round106): the 4 rows' circles through the next box seen "
        "from the circled box in 24 of 24 directions, from the box they run through in "
        "under 0.6 (0.5-0.6 for the row above's circle joined to one); two circles that "
        "touch (fresh fine-dots dirty glass 90417) 0.6 or more from both; 1,333 -> 1,325 "
        "readings to a person, 0 wrong",
    )
    run_through_depth: float = _t(
        0.25,
        "A circle's stroke longer than arc_sides in a box of the circled box's own field is "
        "its run-through where it keeps to the box's edges: no farther from the nearest "
        "than this share of the side (ocr.off_circles._runs_through).",
        "TRAINING's price set (round106): circles drawn wide along two sides of the next "
        "box 0.11-0.21 of the inside's side deep; the ticks and slashes joined to a circle "
        "round a box of another field 0.39-0.44, and one tick 0.22 (why the field must be "
        "the circled box's own); 1,325 -> 1,323 readings to a person, 0 wrong",
    )
    arc_sides: float = _t(
        1.0,
        "One stroke no longer than the side facing a neighbour may be its circle's arc.",
        "600 TRAINING pages: arcs 0.79-1.0 of the side in three of four, the box's own "
        "slashes 0.99-1.27, ticks 1.19-1.75, crosses 1.68-2.44 (d71f63f)",
    )
    circle_by_dot_ring: float = _t(
        0.22,
        "Beside a box unsure by a dot on its edge, an empty box of its field whose strokes "
        "round it read a ring this sure, though under ring_empty_below, is unsure on its "
        "circle, on any page (rule dot_beside_circle): a pale circle's part.",
        "TRAINING's dusty pages of the price set (353 such neighbours beside an edge dot in "
        "a field with no mark): the 347 no player marked read rings of 0.10 or less (338 of "
        "them 0), the players' circled boxes 0.35 (three) or 0 (three, unseen): halfway",
    )
    circle_by_dot_sides: float = _t(
        3,
        "Beside a box unsure by a dot on its edge, an empty box of its field with drawn ink "
        "beside this many of its sides or more is unsure on its circle (rule "
        "dot_beside_circle): the side facing the dot holds the arc that made it, and a "
        "circle round the box leaves ink beside two more; one more is a stroke of the row "
        "above or below.",
        "TRAINING's 18,404 readings: at 2 sides nine rows more to a person (eight of them "
        "with ink beside exactly two sides), at 3 one; 0 wrong rows either way. The fresh "
        "TEST row the rule mends held ink beside three of S's sides",
    )

    # --- a fold's shaded band (ocr/shading.py, rule shaded_band) --------------------
    shade_reach_mm: float = _t(
        1.0,
        "How far beside a box's printed edge the paper in line with its pixels is read.",
        "form: the gap to the next box (1 mm) and between rows",
    )
    shade_band_mm: float = _t(
        1.5,
        "Darker paper beside a box narrower than this is a stroke crossing it, not a band.",
        "form: strokes of the pens up to 0.6 mm, blurred; a fold's band is 3-16 mm wide",
    )
    shade_margin: float = _t(
        0.04,
        "Paper beside a box this much darker than the row's paper is a shaded band, not "
        "noise: the box is read against it.",
        "TRAINING worn pages (ocr/training/synthetic/worn_paper.py, 40 pages, seed 13): "
        "boxes no player marked read unsure or marked by fill 92 -> 13 (a line struck "
        "through a row aside), none of the 2,436 intended marks lost; the digit boxes' lift "
        "(ocr/digit_shade.py, the four shade_ settings as they are), 80 pages: of the boxes "
        "read as a digit with a band beside, 41 of 51 empty ones read empty lifted, none of "
        "1,770 written ones (benchmarks/digit_shade_faults.py)",
    )
    shade_sure_fill: float = _t(
        0.15,
        "A box marked by its fill alone that reads no more than this against the paper "
        "beside it, and shade_fill_drop less than on its own, is only unsure in a fold's "
        "band (rule faint_in_band): a crease down the box darkens the inside more than the paper "
        "beside it.",
        "TRAINING damaged, seed 55629, page_0008 rows 1-2: XX 0.159 and 0.194 alone, "
        "0.107 and 0.119 against the crease beside it; TRAINING's 18,404 readings, boxes "
        "0.02 or more fainter against the paper beside them: no player's 0.105 and 0.108, "
        "players' 0.122, 0.143, 0.146 (unsure: the score or a person settles them), the "
        "next 0.152 and 0.161; a training pen's ticks, slashes and crosses under a 28% band "
        "0.26-0.49, a 1.2 mm^2 dot 0.13 (tests/ocr/test_shade_crease.py)",
    )
    struck_width_mm: float = _t(
        15.0,
        "A PASS box marked by its fill alone, every other box of the row empty, is unsure "
        "where its drawn ink is part of a stroke this wide or wider (rule struck_pass): a "
        "line struck through an unplayed row, not a player's mark, which stays within a "
        "few millimetres of its 4.5 mm box; 15 mm spans three boxes and their gaps.",
        "fresh TRAINING dirty glass 39961 (page_0002.jpg row 6): the director's line from "
        "left of P to E, some 100 mm, P filled 0.168, the unplayed row accepted as passed "
        "out; TRAINING's price set: no player's PASS mark so wide",
    )
    struck_bridge_mm: float = _t(
        1.0,
        "How far apart two pieces of drawn ink in one line may lie and be one stroke for "
        "struck_pass: the form's printed lines (0.3-0.5 mm) a struck line crosses cut it "
        "into pieces, and closing each line of the band over this length joins them.",
        "the printed lines' width on TRAINING's pages at 150 dpi (2-3 px)",
    )
    grey_clump_fill: float = _t(
        0.15,
        "The most a clump of grey dust too pale for a dot fills a box. On a dusty page, a "
        "PASS box marked by its fill alone at this or less, every other box of its row "
        "empty, is unsure (rule faint_lone_pass): the whole passed-out row stands on that "
        "box; and a field's only mark so faint, no thick ink by it, leaves a box with a pen "
        "dot's thickness by it unsure (rule thick_beside_faint). The faintest pencil ticks "
        "and slashes measure 0.12-0.15 (marked_above).",
        "TRAINING's price set (18,404 readings): players' PASS marks by their fill alone on "
        "dusty pages, nothing else marked on the row, 0.117, 0.123, 0.129, 0.129, 0.132, "
        "then 0.209 and up; dust alone in a PASS box 0.080 (unsure); a fresh TRAINING "
        "set's clump (seed 68724) 0.111",
    )
    shade_fill_drop: float = _t(
        0.02,
        "A box's fill against the paper beside it this much under its plain fill is a band "
        "read away (rule faint_in_band); less is the rounding of two measures of the same "
        "paper.",
        "TRAINING's 18,404 readings (seed 13 every condition, the dirty glass, the fine "
        "dots): of 5,008 boxes marked by their fill alone at the last rule, 4,679 read "
        "0.001 or less under it (89 of them 0.15 or less against the paper beside it, 69 "
        "a player's mark), none of those 0.15 or less between 0.02 and 0.04 under it",
    )
    shade_darkest: float = _t(
        0.35,
        "Paper beside a box this much darker than the row's paper is ink, never a band: a "
        "fold's slope lit at 45 degrees and tilted 15 is 29% darker (a neighbour's circle "
        "above and below a box is not taken for shading).",
        "TRAINING worn pages (ocr/training/synthetic/worn_paper.py)",
    )

    def __post_init__(self) -> None:
        pairs = (
            ("empty_below", "marked_above"),
            ("grey_ink_max", "pen_hue_min"),
            ("ink_low", "ink_high"),
            ("ring_ink_min", "ring_empty_below"),
            ("ring_empty_below", "ring_marked_above"),
            ("strips_empty_below", "strips_marked_above"),
            ("strips_sure", "strips_certain"),
            ("outline_none", "outline_unsure"),
            ("outline_unsure", "outline_sure"),
            ("views_under_strips", "ring_empty_below"),
            ("dot_empty_below_mm2", "dot_marked_above_mm2"),
            ("dot_marked_above_mm2", "edge_dot_mm2"),
            ("dot_marked_above_mm2", "weighed_alone_marked_mm2"),
            ("dot_empty_below_mm2", "dust_max_mm2"),
            ("part_round", "all_round"),
            ("narrow_gap_deg", "round_gap_deg"),
            ("round_gap_deg", "closed_within_deg"),
            ("faint_pen", "firm_pen"),
            ("marked_above", "spill_max_fill"),
            ("leans", "arc_leans"),
            ("arc_leans", "facing_half"),
            ("border_core_mm", "ring_side_mm"),
            ("edge_dot_centre_mm", "edge_dot_near_mm"),
            ("edge_dot_off_line_mm2", "edge_dot_least_mm2"),
        )
        for low, high in pairs:
            if not getattr(self, low) < getattr(self, high):
                raise ValueError(
                    f"mark settings: {low} ({getattr(self, low)}) must lie below "
                    f"{high} ({getattr(self, high)})"
                )
        for f in fields(self):
            value = getattr(self, f.name)
            if not isinstance(value, int | float) or value <= 0:
                raise ValueError(
                    f"mark settings: {f.name} must be a positive number, not {value!r}"
                )
            share = not f.name.endswith(("_mm", "_mm2", "_cm2", "_px", "_deg", "_sides"))
            if share and value > 1:
                raise ValueError(f"mark settings: {f.name} is a share (0..1), not {value!r}")
            if f.name.endswith("_deg") and value >= 360:
                raise ValueError(f"mark settings: {f.name} is an angle under 360, not {value!r}")


MARK_SETTINGS = MarkSettings()
"""The thresholds the reader uses."""


def provenance_table(settings: MarkSettings = MARK_SETTINGS) -> str:
    """Every threshold as a Markdown table: name, value, what it separates, chosen on."""
    lines = ["| threshold | value | what it separates | chosen on |", "|---|---|---|---|"]
    for f in fields(settings):
        value = getattr(settings, f.name)
        shown = f"{value:.4g}" if isinstance(value, float) else str(value)
        lines.append(f"| `{f.name}` | {shown} | {f.metadata['why']} | {f.metadata['chosen_on']} |")
    return "\n".join(lines)


if __name__ == "__main__":
    print(provenance_table())
