"""The dust rules of a passed-out row (issue 43): a PASS box unsure beside a plain contract,
boxes unsure beside a plain PASS, and a faint PASS alone, on a dusty page.

A passed-out board has no contract, and a board with a contract was not passed out: where
one side of that is marked for certain by a stroke, what the earlier dust rules
(ocr/dust_rules.py) leave unsure on the other side is specks, and reading it so keeps a
plain row from a person (``dusty_pass``, ``dusty_passed_row``). A passed-out row stands on
its PASS box alone, so where that box is only just marked by a fill a clump of dust can
leave, a person looks (``faint_lone_pass``, near the end of the table in
ocr/mark_rules.py).
"""

from __future__ import annotations

from ocr.dust_rules import marked_boxes, marked_by_stroke, read_empty, unsure_in
from ocr.layout import LEVEL, PASSED_OUT, STRAIN
from ocr.mark_settings import MarkSettings
from ocr.marks import MarkReading, MarkState, made_unsure
from ocr.row_evidence import RowEvidence

__all__ = [
    "dusty_pass",
    "pass_unsure_on_dusty_page",
    "dusty_passed_row",
    "faint_lone_pass",
    "lone_pass_by_fill",
    "lone_pass_by_fill_on_dusty_page",
    "unsure_beside_pass_on_dusty_page",
]

Readings = list[MarkReading]


def _contract_marked(ev: RowEvidence, read: Readings) -> bool:
    """Are the row's level and strain each marked for certain in one box (the contract a
    passed-out board does not have)?"""
    marked = [f for f, _ in marked_boxes(ev, read)]
    return marked.count(LEVEL) == 1 and marked.count(STRAIN) == 1


def pass_unsure_on_dusty_page(ev: RowEvidence, read: Readings) -> bool:
    """Does the rule have anything to look at: the PASS box read unsure, on a dusty page?"""
    return ev.any_ink and ev.dust.dusty() and bool(unsure_in(ev, read, PASSED_OUT))


def dusty_pass(ev: RowEvidence, read: Readings, t: MarkSettings) -> Readings:
    """On a dusty page, the PASS box read unsure (by a dot, its fill, ink along an edge)
    in a row whose level and strain are each marked for certain in one box is read empty:
    a passed-out board has no contract, and the PASS box is the field's only box, so
    ``dusty_second_box`` never looks at it. Before this rule such a row went to a person
    with "unsure mark in passed_out" though its contract was plain; on TEST noisy pages
    (seed 13, 50 pages) 8 rows without a player's error had that reason, 5 of them alone,
    the PASS box unsure by a blob of a pen dot's size that TEST's clumps of dust are (TEST
    shows the cause; it was measured on TRAINING, "What each rule is worth" in docs/reader.md).
    The wrong row this could let through needs three faults at once: a player's PASS
    read only unsure, and dust read as a certain mark in the level and in the strain; a
    written score then is that contract's, not the pass-out's 0, or the row goes to a
    person all the same. No threshold of its own."""
    if not _contract_marked(ev, read):
        return read
    out = list(read)
    for i in unsure_in(ev, read, PASSED_OUT):
        out[i] = read_empty(read[i])
    return out


def _pass_stroked(ev: RowEvidence, read: Readings) -> bool:
    """Is the PASS box marked for certain by a stroke (``marked_by_stroke``), and no other
    box of the row marked at all?"""
    marked = marked_boxes(ev, read)
    return len(marked) == 1 and marked[0][0] == PASSED_OUT and marked_by_stroke(marked[0][1])


def unsure_beside_pass_on_dusty_page(ev: RowEvidence, read: Readings) -> bool:
    """Does the rule have anything to look at: an unsure box, and the PASS box marked, on a
    dusty page?"""
    return (
        ev.any_ink
        and ev.dust.dusty()
        and any(r.state is MarkState.UNSURE for r in read)
        and _pass_stroked(ev, read)
    )


def dusty_passed_row(ev: RowEvidence, read: Readings, t: MarkSettings) -> Readings:
    """On a dusty page, in a row whose PASS box is marked for certain by a stroke (its fill
    or a circle) and no other box is marked, every box read unsure is read empty: a
    passed-out board has no level, strain, declarer or result to mark, and what the
    earlier dust rules leave in those 37 boxes is specks. ``dusty_pass`` the other way
    round. Before it such a row went to a person with "unsure mark in result_count" (or
    strain, level...) though its PASS was plain: on TEST noisy pages (seed 13, 50 pages)
    3 passed-out rows without a player's error had that as their only reason (TEST shows
    the cause; it was measured on TRAINING, "What each rule is worth" in docs/reader.md). The
    wrong row this could let through needs dust read as a stroke in the PASS box marked
    for certain and every mark of the contract the players wrote read only unsure or
    empty at once; a written score then is that contract's, not the pass-out's 0, or the
    row goes to a person all the same. No threshold of its own. A box unsure by a stroke
    come in from its neighbour stays unsure (``_stroke_come_in``)."""
    out = list(read)
    for i, r in enumerate(read):
        if r.state is MarkState.UNSURE and not _stroke_come_in(r):
            out[i] = read_empty(r)
    return out


def _stroke_come_in(r: MarkReading) -> bool:
    """Is box reading ``r`` unsure by a stroke that crosses into it from a neighbour
    ("edge", ``ocr.spill_rules.without_spill``)? That is drawn ink, no speck: a line the
    director drew through an unplayed row runs through the PASS box (marked by its fill)
    and on through the level boxes, each unsure by it (a wrong row on a fresh TEST set,
    seed 96543 noisy page 27 row 12: docs/reader-history.md, "Limits" of the part moved from
    the manual)."""
    return r.how == "edge"


def lone_pass_by_fill(ev: RowEvidence, read: Readings) -> int | None:
    """The PASS box's index where it is marked by its fill alone and every other box of
    the row reads empty; else None."""
    found = None
    for i, ((f, _, _), r) in enumerate(zip(ev.geometry.boxes, read, strict=True)):
        if r.state is MarkState.EMPTY:
            continue
        if f != PASSED_OUT or r.state is not MarkState.MARKED or r.how != "fill":
            return None
        found = i
    return found


def lone_pass_by_fill_on_dusty_page(ev: RowEvidence, read: Readings) -> bool:
    """Does the rule have anything to look at: on a dusty page, a PASS box marked by its
    fill alone, every other box of the row empty?"""
    return ev.any_ink and ev.dust.dusty() and lone_pass_by_fill(ev, read) is not None


def faint_lone_pass(ev: RowEvidence, read: Readings, t: MarkSettings) -> Readings:
    """On a dusty page, a PASS box marked by its fill alone, at ``grey_clump_fill`` or
    less, in a row where no other box holds a mark, is unsure: the whole row (a board
    passed out, scoring 0) then stands on one box, and a fill that faint is as much as a
    clump of the glass's grey dust leaves in it, a blob too pale to read as a dot. A
    contract's row has four fields and a written score to check each other; a
    passed-out row has none, and an unplayed row wrongly read passed out gives both
    pairs a score they did not play for. A person sees it, or a written 0 settles it.
    (Fresh TRAINING fine-dots dirty glass, seed 68724, ``page_0034.jpg`` row 5: an
    unplayed row, a grey clump of 0.111 in its PASS box, accepted as passed out before
    this rule.) Players' PASS marks by their fill alone on dusty pages of TRAINING's
    price set read 0.117-0.132 (five pages' rows, three of them a blue ballpoint's tick
    or dot) and then 0.209 and up: those rows go to a person."""
    i = lone_pass_by_fill(ev, read)
    if i is None or read[i].fill > t.grey_clump_fill:
        return read
    out = list(read)
    out[i] = made_unsure(read[i])
    return out
