"""The mark rules that ask whether strokes round a box are its circle (their order:
ocr/mark_rules.py).

The strips, rays and ellipse (ocr/circle_reading.py ``circled`` and ``confirmed``) read each box
alone, and the marks of its neighbours can leave strokes round a box that holds nothing:
a circle round the next box, a cross's arm, the row above's circles over its top. These
rules read such a box beside the other boxes of its row and field: where nothing else can
have drawn the strokes, an ellipse they follow is the box's circle; where a mark of its
field can have, the box is unsure or read without them.

Each rule is a function of the row's evidence (ocr/row_evidence.py), the readings so
far, and the thresholds (ocr/mark_settings.py); it returns the row's readings.
"""

from __future__ import annotations

from dataclasses import replace

from ocr.circle_reading import OUTLINE_MOST
from ocr.layout import RESULT_COUNT
from ocr.mark_settings import MarkSettings
from ocr.marks import RING_UNSURE, MarkReading, MarkState, mark_reading
from ocr.result_sign import made_exactly
from ocr.row_evidence import RowEvidence
from ocr.spill_rules import facing_share, thin_fill_mark

__all__ = [
    "alone_in_field",
    "beside_field_circle",
    "circled_alone",
    "circled_off_centre",
    "over_edges",
    "strips_alone_beside_circle",
    "strips_checked",
    "unread_circles",
]


def _unsure_circles(read: list[MarkReading]) -> list[tuple[int, MarkReading]]:
    """The boxes of a row read unsure on the strokes round them, with their indices."""
    return [(i, r) for i, r in enumerate(read) if r.how == "circle" and r.state is MarkState.UNSURE]


def _field_holds_another(ev: RowEvidence, i: int, read: list[MarkReading]) -> bool:
    """Does another box of box ``i``'s field hold a mark or unsure ink of its own (one
    unsure only because its ink may be box ``i``'s stroke, naming it, does not count)?
    Its strokes may then be what lies round box ``i`` (``circled_alone``,
    ``circled_off_centre``)."""
    own = ev.geometry.boxes[i][:2]
    return any(q.state is not MarkState.EMPTY
               and not (q.state is MarkState.UNSURE and q.neighbour == own)
               for q in ev.field_others(i, read))  # fmt: skip


def over_edges(ev: RowEvidence, read: list[MarkReading], t: MarkSettings) -> list[MarkReading]:
    """A circle drawn tight round a box runs over its printed edges, and the mask that
    keeps the form's lines out of the drawn ink takes most of it away: beside one side
    at most is drawn ink left (where it bulges into the gap), no circle is looked for,
    and the box reads empty for certain. The ink it leaves in the gap lies beside the
    next box too, and may make that box unsure on a circle of its own. Where a box is
    read so, a neighbour no circle was looked for round, with drawn ink beside its
    side, is unsure too when the rays round it see strokes round it in part
    (``PART_ROUND`` of every sector, no gap over ``ROUND_GAP_DEG``, the view that
    finds a circle over a neighbour's printed edges in ``_round_neighbour``): whose
    circle the strokes are, a person says (issue 13, twelfth TEST set, seed 24,
    clean/page_0156.jpg row 10: a light gel circle over the 2's edges, the 1 read
    unsure beside it and the 2 empty, 4SX-2 accepted as 4SX-1)."""
    g = ev.geometry
    v = ev.views
    out = list(read)
    for i, _ in _unsure_circles(read):
        for j, _ in g.neighbours[i]:
            q = out[j]
            if q.state is not MarkState.EMPTY or ev.around[j] or not ev.sides_inked[j]:
                continue
            seen = v.rays_round(g.boxes[j][2])
            if seen.sectors >= t.part_round and seen.gap <= t.round_gap_deg:
                out[j] = MarkReading(q.option, q.fill, MarkState.UNSURE, 0.5, "circle",
                                     q.ring, q.dot_mm2)  # fmt: skip
    return out


def circled_alone(ev: RowEvidence, read: list[MarkReading], t: MarkSettings) -> list[MarkReading]:
    """A box read unsure on the strokes round it is circled for certain when an ellipse
    round it is followed over ``OUTLINE_UNSURE`` of every quarter and nothing else can
    have drawn those strokes: no other box of its field is marked or unsure, but for
    one unsure only because its ink may be this box's stroke (``without_spill``,
    ``beside_circles``: a circle's arc in the next box); a neighbour's mark in the
    field, its circle or a cross's arm, is what leaves strokes round a box that holds
    nothing. Nor is a neighbouring box of another field read on a circle (circles
    round the boxes above and below). A pale thin ballpoint's circle is seen by the
    strips and rays only in bits (unsure, 0.40-0.50) though it follows its ellipse
    all round, and where the score cannot tell two readings apart (4H+1 and 4S+1) an
    unsure box sends its row to a person.

    Chosen on TRAINING (600 pages a condition, five conditions): of 500 boxes read
    unsure on a circle, 189 were alone in their field and 188 of those ringed; the
    one that was not (its field's own ring missed) had an outline of 0.364. Of the 173
    whose field's other boxes were unsure only as their stroke, 170 were ringed, and
    the 3 others had outlines under 0.6. The rule as it stands reads 118 boxes
    circled on those 3,000 pages: 117 ringed, 1 ticked, none without a mark; review
    8-11 rows a condition lower, no wrong row. Of the boxes beside a mark of their
    field's own, 6 of 85 with an outline of 0.70 or more held nothing: there the rule
    does not look. ``OUTLINE_UNSURE`` is the outline's own line; 0.6 and 0.667 were
    counted too (more boxes, none without a mark) and not taken."""
    g = ev.geometry
    v = ev.views
    out = list(read)
    for i, r in _unsure_circles(read):
        if _field_holds_another(ev, i, read):
            continue
        if any(read[j].how == "circle" and read[j].state is not MarkState.EMPTY
               for j, _ in g.neighbours[i]):  # fmt: skip
            continue
        support = v.outline_support(g.boxes[i][2])
        if support is not None and support >= t.outline_unsure:
            out[i] = mark_reading(r.option, r.fill, OUTLINE_MOST, r.dot_mm2)
    return out


def circled_off_centre(
    ev: RowEvidence, read: list[MarkReading], t: MarkSettings
) -> list[MarkReading]:
    """A box read empty with drawn ink beside two of its sides (``RowEvidence.around``: a
    circle was looked for), or unsure on its circle, is circled for certain where an
    ellipse round it, its centre up to ``arc_centre_play_mm`` (1.6 mm) off the box's, is
    followed over ``outline_sure`` (0.85) of every quarter, and no other box of its field is
    marked or unsure (but for one unsure only as its stroke, as ``circled_alone`` asks; an
    unsure circle beside a circled neighbour of another field, which ``circled_alone``
    leaves, is asked too: a neighbour's circle does not follow an ellipse round this box
    all round). A ring drawn a millimetre or more off centre round its box
    (``ocr.training.synthetic.mark_styles``: one ring in four, off by 0.45-1.35 mm) runs
    far from the box on one side and over or inside its
    printed edge on the other: the strips see two of their four sides, the rays a wide
    gap, and the ellipses centred within 0.8 mm (``Outlines.support``'s default) follow it
    in part only (0.25-0.7), so the box reads empty, though a person sees the ring round
    it at once (TRAINING clean, fresh seed 10874, ``page_0015.jpg`` row 7: a ring round S
    drawn 1.3 mm low, 3S= by North sent to a person with "strain S reads empty").

    Chosen on TRAINING only (docs/reader-history.md, "offcentre43"): of every box read
    empty on about 1,300 TRAINING pages (fresh seeds 10874 and 21250 in seven conditions,
    the damaged pages of seven more, seed 13 in every condition, the dirty glass of seeds
    13, 24680 and 31415, the fine-dots dirty glass of seed 13), 27 had such an ellipse at
    0.85 or more, every one a player's ring; the most any other box had was 0.833 (a box
    beside its field's own mark, which this rule does not look at), then 0.778. Runs after
    ``circled_alone``, before the rules that read what lies beside a circled box
    (``off_circles``, ``beside_field_circle``). Of the boxes left unsure on a circle on
    about 1,000 of those pages, 43 had such an ellipse alone in their field, every one a
    player's ring; no other box over 0.714 (one beside its field's own mark)."""
    g = ev.geometry
    v = ev.views
    out = list(read)
    for i, r in enumerate(read):
        empty = r.state is MarkState.EMPTY and ev.around[i]
        if not (empty or (r.state is MarkState.UNSURE and r.how == "circle")):
            continue
        if _field_holds_another(ev, i, read):
            continue
        support = v.outline_support(g.boxes[i][2], t.arc_centre_play_mm)
        if support is not None and support >= t.outline_sure:
            out[i] = mark_reading(r.option, r.fill, OUTLINE_MOST, r.dot_mm2)
    return out


def beside_field_circle(
    ev: RowEvidence, read: list[MarkReading], t: MarkSettings
) -> list[MarkReading]:
    """A box read unsure on the strokes round it, beside a box of its own field
    circled for certain: a circle round one box runs beside the next, and a field has
    one mark, so the strokes may be that circle's. The box stays unsure, naming the
    circled box as the one whose stroke its ink may be (``MarkReading.neighbour``),
    as a box a neighbour's stroke reaches into does: a reading that uses the circled
    box explains it (``ocr.used_marks.unexplained_unsure``), and its own circle, if
    it had one, still weighs in the decoding at its ``p_marked``. On TRAINING (600
    pages a condition, five conditions), 64 boxes were read unsure so, and none of
    them was ringed: each sent its row to a person."""
    g = ev.geometry
    out = list(read)
    for i, r in _unsure_circles(read):
        for j, _ in g.neighbours[i]:
            q, same_field = read[j], g.boxes[j][0] == g.boxes[i][0]
            if same_field and q.how == "circle" and q.state is MarkState.MARKED:
                out[i] = MarkReading(r.option, r.fill, r.state, r.p_marked,
                                     "beside a circle", r.ring, r.dot_mm2,
                                     g.boxes[j][:2])  # fmt: skip
                break
    return out


def strips_alone_beside_circle(
    ev: RowEvidence, read: list[MarkReading], t: MarkSettings
) -> list[MarkReading]:
    """A box still read circled at the end of the rules by its strips read alone only
    (``views.strips_alone``: strokes on two of six bins of two opposite sides, 0.517,
    where the three views read under ``views_under_strips``), round which no ellipse is
    followed over ``outline_unsure``, in a field whose mark lies elsewhere: beside a box
    of its own field circled for certain (not so itself), or in the count of tricks where
    the result sign reads made exactly (``made_exactly``). It is read unsure on that
    circle, naming the circled box, as ``beside_field_circle`` reads a box unsure on the
    strokes round it; in the count, unsure, for the written score to settle.

    ``ocr.circle_reading.confirmed`` reads such a box unsure where another box of its
    field holds a fill; but a circle leaves the box it rings clean, so beside a circled
    box the box kept its ring as the field's only ink. The strips see the circle's arc
    on one side and the marks above or below the box on the other: TRAINING dirty glass
    24680, ``page_0001.jpg`` row 7 (a ring round W, the ring round EW in the lower line
    under S: declarer S read circled, and the row went to a person, "declarer S marked,
    which the reading does not use"); TRAINING seed 13 clean ``page_0024.jpg`` row 4 and
    noisy ``page_0015.jpg`` row 7 (count 1), fine dots on dirty glass 13
    ``page_0015.jpg`` row 5 (level 4), alike. A reading that uses the circled box
    explains it (``ocr.used_marks.unexplained_unsure``); where the box held the player's
    circle, its own ring still weighs in the decoding at ``p_marked`` 0.5. A contract
    made exactly marks no count, and a count box ringed so stood for the count's only
    mark (TRAINING seed 13 phone ``page_0015.jpg`` row 10, count 9 beside "=", 3NT= by
    North, 600 written; damaged ``page_0004.jpg`` row 9, count 5, 1D= by East, 70).

    Asked last: the dust rules read such a box without the page's specks first, and
    where that reads it empty it is no ink of the circle's. Named before them (in
    ``beside_field_circle``), the level 4 between the circled 3 and the circled count
    under it kept the name once the dust rules read it empty, and 3NT-1 went to a
    person, 4NT-1 scoring the same (``ocr.score_ties.tied_ink``; TRAINING dirty glass
    31415, ``page_0073.jpg`` row 8)."""
    g = ev.geometry
    v = ev.views
    out = list(read)
    made = None  # the sign's reading, asked once a row where needed
    for i, ((field, option, rect), r) in enumerate(zip(g.boxes, read, strict=True)):
        if r.how != "circle" or r.state is not MarkState.MARKED or not v.strips_alone(rect):
            continue
        circled = next(
            (
                j
                for j, _ in g.neighbours[i]
                if g.boxes[j][0] == field
                and read[j].how == "circle"
                and read[j].state is MarkState.MARKED
                and not v.strips_alone(g.boxes[j][2])
            ),
            None,
        )
        if circled is None:
            if field != RESULT_COUNT:
                continue
            if made is None:
                made = made_exactly(ev, read)
            if not made:
                continue
        support = v.outline_support(rect)
        if support is not None and support >= t.outline_unsure:
            continue
        unsure = mark_reading(option, r.fill, RING_UNSURE, r.dot_mm2)
        if unsure.how != "circle" or unsure.state is not MarkState.UNSURE:
            continue
        if circled is not None:
            unsure = replace(unsure, how="beside a circle", neighbour=g.boxes[circled][:2])
        out[i] = unsure
    return out


def alone_in_field(ev: RowEvidence, read: list[MarkReading], t: MarkSettings) -> list[MarkReading]:
    """A box whose unsure circle no ellipse follows (``ocr.circle_reading.confirmed``) is read
    without it only where another box of its field is marked: the strokes round it are
    then that mark's arm or the neighbouring rows' circles. Alone in its field it may be
    the field's only mark, a circle so tight over the printed edges that no ellipse
    round the box can be judged along it (a worn pencil circle round PASS: read without
    it, a passed-out board's row would read blank), and it stays as the other views
    read it, unsure."""
    g = ev.geometry
    out = list(read)
    for i, ((_, option, rect), r) in enumerate(zip(g.boxes, read, strict=True)):
        seen_ring = ev.no_ellipse.get(rect)
        if seen_ring is None:
            continue
        if not any(q.state is MarkState.MARKED for q in ev.field_others(i, read)):
            out[i] = mark_reading(option, r.fill, seen_ring, r.dot_mm2)
    return out


def strips_checked(ev: RowEvidence, read: list[MarkReading], t: MarkSettings) -> list[MarkReading]:
    """The boxes the strips read circled for certain, but only just (``STRIPS_CERTAIN``),
    once the ellipse round each is known. The marks of its neighbours can surround an
    empty box so (seed 26's ordinary scan page_0372.jpg row 2: a cross in 3 on its left,
    the crosses of the row's lower line under it, the row above's circles over its top:
    the 4 read circled). Where no ellipse is followed over ``OUTLINE_UNSURE`` of every
    quarter the box is unsure; where none is followed over ``OUTLINE_NONE`` it is read
    without a circle when another box of its field is marked for certain, as the
    strokes round a box the other views read unsure are its neighbours' then
    (``alone_in_field``). Where no ellipse can be judged, the strips' reading stands.

    Asked after the neighbour rules, which see the box as the strips read it: a box
    made unsure here is not a neighbour "not marked" whose circle's stroke another
    box's thin fill may be (``beside_circles``). Asked before them, a ringed result
    count so doubted made a tick in the 5 above it look like its circle's stroke, and
    a 4 read circled beside the 5 was accepted (seed 23's damaged page_0459.jpg row 11,
    4S by W -1 for 5S by W -1, both +50)."""
    g = ev.geometry
    v = ev.views
    doubted: dict[int, float] = {}
    for i, (_, _, rect) in enumerate(g.boxes):
        r = read[i]
        if r.how != "circle" or r.state is not MarkState.MARKED or not v.only_just(rect):
            continue
        support = v.outline_support(rect)
        if support is not None and support < t.outline_unsure:
            doubted[i] = support
    fields = [f for f, _, _ in g.boxes]
    out = list(read)
    for i, support in doubted.items():
        others_sure = any(
            read[k].state is MarkState.MARKED
            for k, f in enumerate(fields)
            if f == fields[i] and k not in doubted
        )
        cleared = support < t.outline_none and others_sure
        r = read[i]
        out[i] = mark_reading(r.option, r.fill, 0.0 if cleared else RING_UNSURE, r.dot_mm2)
    return out


def unread_circles(ev: RowEvidence, read: list[MarkReading], t: MarkSettings) -> list[MarkReading]:
    """A box marked by a thin fill (``spill_max_fill``), or by its dot alone with a fill as
    thin (``_arc_piece_dot``), whose ink may be the arc of a circle round an unmarked box
    of its own field, drawn wide and off centre so that neither the strips nor the rays
    read it (rule ``beside_circles`` asks for a quarter of every sector, or an arc 95% in
    the half facing that box), keeps its mark but names that box
    (``MarkReading.neighbour``): most of its ink lies in its half facing the box (more
    than ``arc_leans``), a stroke comes into it from that side, and a circle round the
    box is not ruled out (the rays see ``part_round`` of every sector, or an
    ellipse round it is followed over ``outline_none`` of its least covered quarter); or,
    whichever half its ink lies in, a stroke comes in and an ellipse round the box is
    followed as far as an unsure circle's (``outline_unsure``), its centre within 0.8
    mm of the box's or, for a ring drawn further off centre, within
    ``arc_centre_play_mm`` (where the ink leans, an ellipse so far off centre followed
    over ``outline_none`` is enough, as for one within 0.8 mm).
    The row is read as before; where the reading that uses the box scores the same with
    the named box instead (3H= and 3S= are both +140; 2C-2 and 3C-2 both -200
    vulnerable), nothing on the row checks which box the player meant, and it goes to a
    person (``ocr.score_ties.tied_ink``). Where the scores differ, the written score
    decides, as it did.

    Two wrong rows of issue 43's last hunt on fresh TEST sets: seed 21413 damaged
    page_0028.jpg row 1 (a light gel circle round the 2 drawn up and right of it, its arc
    down the middle of the 3: fill 0.159, 89% of it facing the 2, the 2's ellipse
    followed over 0.26; 2C-2 accepted as 3C-2) and blank seed 2914 clean page_0024.png
    row 13 (the same round the H, its arc through the S: fill 0.260, 89%, ellipse 0.50;
    3H= accepted as 3S=); and fresh TRAINING phone seed 37817 page_0002.jpg row 5 (a ring
    round the 2 drawn to its right, its arc across the middle of the 3: fill 0.292, 74%
    facing the 2, the 2's ellipse 0.73; 2H-1 accepted as 3H-1). And fresh TRAINING dirty
    glass seed 67173 page_0017.jpg row 7 (a ring round the S centred 1.5 mm left of it
    and 0.7 mm up, its left arc through the H over a grey wash: fill 0.132, 99.6% facing
    the S, the S's ellipse 0.17 within 0.8 mm of its centre and 1.0 within 1.6 mm; 4S+2
    accepted as 4H+2, both +480). And fresh TEST pdf150 seed 84970 page_0003.pdf row 9 (a
    ring round NT centred about 1.5 mm left of it, its arc down S's right half: fill
    0.194, all of it facing NT, NT's ellipse 0.17 within 0.8 mm and 0.43 within 1.6 mm;
    4NT-1 accepted as 4S-1, both -50). Runs after the rules that
    read a box again (a dust rule may read the neighbour's unsure circle away beside the
    arc), before ``clean_rivals``, which marks only a box no other box's ink lies near."""
    g = ev.geometry
    out = list(read)
    for i, r in enumerate(read):
        if not (thin_fill_mark(r, t) or _arc_piece_dot(r, t)):
            continue
        for j, _ in g.neighbours[i]:
            if g.boxes[j][0] != g.boxes[i][0] or read[j].state is MarkState.MARKED:
                continue
            if _may_be_its_arc(ev, i, j, t):
                out[i] = replace(r, neighbour=g.boxes[j][:2])
                break
    return out


def _arc_piece_dot(r: MarkReading, t: MarkSettings) -> bool:
    """Is box reading ``r`` marked by its dot alone, its fill thin (``spill_max_fill``)? A
    wide circle's arc across a box's corner, cut short by the printed lines' mask, leaves
    a piece inside the box as compact as a pen dot: ``unread_circles`` asks of it what it
    asks of a thin fill. Fresh TRAINING fine dots on dirty glass, seed 86358,
    ``page_0015.jpg`` row 6: a ring round NT drawn wide to its left (ring 0.38, unsure
    of nothing), its arc through S's right side read as a dot of 0.60 mm^2 on the pen's
    row read without its grey dust; 4NT by South -1 was accepted as 4S -1 (both -100)."""
    return r.how == "dot" and r.state is MarkState.MARKED and r.fill <= t.spill_max_fill


def _may_be_its_arc(ev: RowEvidence, i: int, j: int, t: MarkSettings) -> bool:
    """May box ``i``'s ink be the arc of a circle round box ``j`` (``unread_circles``)?"""
    v = ev.views
    a, b = ev.geometry.boxes[i][2], ev.geometry.boxes[j][2]
    if ev.sides_inked[j] < 2 or not v.crossed(a, b):
        return False
    leans = facing_share(ev, i, j) > t.arc_leans
    if leans and v.rays_round(b).sectors >= t.part_round:
        return True
    support = v.outline_support(b)
    if support is not None and support >= (t.outline_none if leans else t.outline_unsure):
        return True
    wide = v.outline_support(b, t.arc_centre_play_mm)
    return wide is not None and wide >= (t.outline_none if leans else t.outline_unsure)
