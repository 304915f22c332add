"""Marks the score cannot check: the mark groups of a decoded result that neither the
written score nor their own certain marks confirm (``unchecked_groups``).

Law 77 gives 4H+1 and 4S+1 the same +450: the written score cannot tell such readings
apart, and the joint decoder's posterior between them rests on the marks alone. A row is
accepted only where every reading with the best's score is ruled out by a group whose
marks are certain on their own (``CERTAIN``); the groups left open send the row to a
person (``ocr.decode.ContractDecoding.unchecked``).
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from ocr.combs import any_written
from ocr.dots import EDGE_UNSURE_MM2
from ocr.edge_dots import unsure_by_edge_dot
from ocr.layout import RESULT_COUNT, RESULT_SIGN
from ocr.mark_groups import GROUP_OPTIONS, UNTOLD_BY_SCORE, MarkGroup, RowEvidence
from ocr.marks import (
    DOT_IN_GAP,
    DOT_MARKED_ABOVE_MM2,
    EMPTY_P,
    MARKED_P,
    THICK_BY_EDGE,
    MarkReading,
    MarkState,
)
from ocr.passed_by_zero import lone_zero
from ocr.results_table import group_values
from scoring.board import Vulnerability

__all__ = ["CERTAIN", "CERTAIN_UNDOUBLED", "marks_in_the_gap", "small_dots", "unchecked_groups"]

CERTAIN = 0.995
"""Probability a mark group must give its reading on its own (marks only, no score) when
the Law 77 score cannot tell that reading from another (4H+1 and 4S+1 both score 450)."""


CERTAIN_UNDOUBLED = 0.999
"""How certain the doubling's marks must be that no box is marked, where no score is
written: the one reading of a played result that marks no box. A player's X the marks
leave unseen (a fine dot on its edge, pale; a circle read away) is contradicted by no
other field and no score, so the row would be accepted undoubled: the doubling's clean
boxes must say so at 0.999 (a box at 0.0028, a speck's fill of 0.02 beside a pale dot on
its printed edge, no longer passes: TRAINING fine-dots dirty glass seed 75767,
``page_0016.jpg`` row 2, 4SX by East +1 read 4S +1). A speck of the glass alone in X, with
no ink a player's mark leaves by it, is read away first on a dusty page (rule
``speckled_doubling``, ocr/speckled_doubling.py); that pale dot is such ink."""


def _group_certainty(group: MarkGroup, option: str | None, blank: bool = True) -> float:
    """P(the group shows exactly ``option``) from its own marks, among all it could show:
    one option, or none where ``blank`` (see ``_certain``). Kept on the group
    (``MarkGroup.kept``): one for every field whose boxes read alike, an empty field's on
    many rows (``ocr.row_reader._mark_group``)."""
    key = (_group_certainty, option, blank)
    known: float | None = group.kept.get(key)
    if known is None:
        known = group.kept[key] = _certainty(group, option, blank)
    return known


def _certainty(group: MarkGroup, option: str | None, blank: bool) -> float:
    return _share(group, {option}, blank)


def _share(group: MarkGroup, wanted: set[str | None], blank: bool) -> float:
    """P(the group shows exactly one of ``wanted``) from its own marks, among all it could
    show: one option, or none where ``blank``."""
    options: list[str | None] = [None, *group.p] if blank else list(group.p)
    ll = np.array([group.log_exactly(o) for o in options])
    p = np.exp(ll - ll.max())
    return float(sum(p[k] for k, o in enumerate(options) if o in wanted) / p.sum())


def unchecked_groups(ev: RowEvidence, vulnerability: Vulnerability, best: int) -> tuple[str, ...]:
    """The mark groups of result ``best`` (an index of ``score_table``; its length = passed
    out) that neither the written score nor certain marks check.

    Law 77 gives 4H+1 and 4S+1 the same +450, and 3NT-2 and 4NT-2 the same -200
    vulnerable: the written score cannot tell such readings apart. Every other reading
    with the same score (every reading at all when no score is written) must be ruled out
    by a group whose marks are certain on their own (``CERTAIN``) and differ from it; the
    groups in which a reading not ruled out differs are returned, and the row goes to a
    person. A pass-out needs its PASS box marked for certain, or its score written as a
    lone 0 (``ocr.passed_by_zero``): a row of empty boxes is a blank row, never a pass-out.
    """
    values, scores = group_values(vulnerability)
    n = len(scores) - 1
    written = any_written(ev.score)
    if best == n and not (_certain(ev, "passed_out", 1, True) or lone_zero(ev.score)):
        # a pass-out is marked, or its 0 written: empty boxes alone are a blank row
        return ("passed_out",)
    # The readings with the same score: a handful of the 5,881 when a score is written,
    # looked at alone; else every one (``best`` too: it differs from itself in no group).
    if written:
        # as below, the readings as bits of an int (a handful: Python's own arithmetic)
        open_bits = -1
        masks = _rival_masks(vulnerability, best)
        for name, bits in masks:
            value = int(values[name][best])
            if _certain(ev, name, value, best == n) or _only_ink_of_rivals(
                ev, name, value, vulnerability, best, bits
            ):
                open_bits &= ~bits
            elif ev.in_the_gap:
                open_bits &= ~_outside_the_gap(ev, name, value, vulnerability, best)
        return tuple(name for name, bits in masks if open_bits & bits)
    differs = tuple((name, vals != vals[best]) for name, vals in values.items())
    open_ = np.ones(len(differs[0][1]), bool)
    for name, d in differs:
        # A group no such reading differs in rules none out: its marks need not be weighed.
        value = int(values[name][best])
        if d.any() and _certain(ev, name, value, best == n, _wanted(name, value)):
            open_ &= ~d
    return tuple(name for name, d in differs if (open_ & d).any())


@lru_cache(maxsize=2048)
def _rivals(
    vulnerability: Vulnerability, best: int
) -> tuple[np.ndarray, tuple[tuple[str, np.ndarray], ...]]:
    """The other results of ``group_values`` with result ``best``'s NS score, in order, and
    for each mark group in which of them it differs from ``best`` (none: no such result):
    a function of the board's vulnerability and the result alone, found once a process
    for each result read, where each row with a written score looked through all 5,881
    again (read-only)."""
    values, scores = group_values(vulnerability)
    rivals = np.flatnonzero(scores == scores[best])
    rivals = rivals[rivals != best]
    differs = tuple((name, vals[rivals] != vals[best]) for name, vals in values.items())
    for array in (rivals, *(d for _, d in differs)):
        array.flags.writeable = False
    return rivals, differs if len(rivals) else ()


@lru_cache(maxsize=4096)
def _rival_masks(vulnerability: Vulnerability, best: int) -> tuple[tuple[str, int], ...]:
    """``_rivals`` as bits: for each mark group in which some rival differs from ``best``,
    in order, the rivals that do (rival k: bit k)."""
    _, differs = _rivals(vulnerability, best)
    masks = ((name, sum(1 << k for k in np.flatnonzero(d).tolist())) for name, d in differs)
    return tuple((name, bits) for name, bits in masks if bits)


def _wanted(name: str, value: int) -> float:
    """How certain group ``name``'s marks must be of ``value`` where no score is written:
    ``CERTAIN_UNDOUBLED`` for no doubling, else ``CERTAIN``."""
    return CERTAIN_UNDOUBLED if name == "doubling" and value == 0 else CERTAIN


def _certain(ev: RowEvidence, name: str, value: int, passed: bool, wanted: float = CERTAIN) -> bool:
    """Are the marks of group ``name`` certain of the value result ``value`` gives it?

    The readings a group's marks are weighed against are the ones a result can give it.
    A played result marks exactly one box of its level, strain, declarer and result sign,
    and of its count of tricks unless it made exactly: "no box" is no reading of those,
    only the sign that a box was misread, and where the reading's own box is read as
    marked (``MARKED_P``) that is already weighed in the odds of each other box holding the
    mark instead. There the box is certain against the other boxes alone: a level 4 filled
    0.104 (``p_marked`` 0.989, odds 90) beside six clean boxes (0.0001 each) is 4 at
    0.99999, where weighed against "no level at all" too it was 0.989 and the row went to a
    person, though 3D-1 and 4D-1 (both -100 vulnerable) differ in a box that held nothing.
    On 40 TRAINING pages each of clean, ordinary, phone, pencil and pdf150 (2,323 rows) 6
    rows more were accepted so, every one read right. A box less than marked (unsure,
    0.5) is weighed so too where it is its group's only ink (``_only_ink``), and else
    against none as well, as are the doubling (no box is undoubled) and a pass-out's
    groups."""
    if name == "result":
        if passed:
            sign, count = None, None
        else:
            sign = "=" if value == 0 else ("+" if value > 0 else "-")
            count = None if value == 0 else str(abs(value))
            if sign == "=" and not _blank(ev, RESULT_SIGN, sign):
                return _made_exactly(ev) >= CERTAIN
        return (
            _group_certainty(ev.result_sign, sign, _blank(ev, RESULT_SIGN, sign)) >= CERTAIN
            and _group_certainty(ev.result_count, count, _blank(ev, RESULT_COUNT, count)) >= CERTAIN
        )
    if name == "passed_out":
        option = "PASS" if value else None
    elif value < 0:
        option = None
    else:
        option = GROUP_OPTIONS[name][value]
    group = getattr(ev, name)
    blank = name in ("passed_out", "doubling") or _blank(ev, name, option)
    return _group_certainty(group, option, blank) >= wanted


def _outside_the_gap(
    ev: RowEvidence, name: str, value: int, vulnerability: Vulnerability, best: int
) -> int:
    """The rivals of result ``best`` (``_rival_masks``' bits) that group ``name`` rules out
    where its reading's box holds its own dot in the gap towards a box beside it, or a
    pen's thick ink by its edge (``RowEvidence.in_the_gap``, ``marks_in_the_gap``): those
    whose box in the group is neither
    that box nor one beside it, where the group is certain (``CERTAIN``) that its mark is
    in one of those boxes and its other boxes are clean, now and before any rule.

    Such a dot cannot say which of the two boxes the player meant (its ink given to the box
    beside the player's was read 7NT for 7S: ocr/clean_rivals.py ``in_the_gap_reading``),
    so a rival in the box beside it stays open; but it is a mark, and the rest of the field
    is clean. The declarer's boxes run N, E, S, W: partners never lie side by side, so a
    dot in a gap of the declarer settles the partner the score cannot tell (3NT+1 by E and
    by W both -630). On the TRAINING sets of docs/reader-history.md "A coloured pen against
    grey dust, and two rules of the unchecked marks" (16,342 row readings), 30 rows fewer to
    a person (the dirty glass 13: 84 -> 80), 0 wrong rows."""
    if name not in GROUP_OPTIONS or name == "doubling" or value < 0:
        return 0  # the result's two fields, a pass-out; and no doubling marks no box
    option = GROUP_OPTIONS[name][value]
    beside = next((b for f, o, b in ev.in_the_gap if f == name and o == option), None)
    if option is None or beside is None:
        return 0
    boxes: set[str | None] = {option, *beside}
    group: MarkGroup = getattr(ev, name)
    if any(
        o not in boxes and (p >= EMPTY_P or (name, o) in ev.inked_at_first)
        for o, p in group.p.items()
    ):
        return 0
    if _share(group, boxes, blank=False) < CERTAIN:
        return 0
    codes = _rival_codes(vulnerability, best, name)
    return sum(1 << k for k, code in enumerate(codes) if GROUP_OPTIONS[name][code] not in boxes)


def _rival_codes(vulnerability: Vulnerability, best: int, name: str) -> list[int]:
    """Group ``name``'s value in each rival of result ``best`` (``_rivals``' order: rival k
    is bit k of ``_rival_masks``)."""
    rivals, _ = _rivals(vulnerability, best)
    return [int(c) for c in group_values(vulnerability)[0][name][rivals]]


def marks_in_the_gap(
    marks: dict[str, list[MarkReading]],
    pen_boxes: frozenset[tuple[str, str]] = frozenset(),
    dusty: bool = True,
    clean_by: frozenset[tuple[str, str]] = frozenset(),
) -> tuple[tuple[str, str, frozenset[str]], ...]:
    """The boxes whose mark is the field's, in them or in a box beside them
    (``RowEvidence.in_the_gap``): (field, option, the options beside it).

    A box unsure by its own dot in the gap towards a box beside it (``DOT_IN_GAP``), and a
    box unsure by the thick ink by its edge (``THICK_BY_EDGE``) on a page that is not
    ``dusty`` or, on a coloured pen's row read without its grey dust, with only the pen's
    ink by it (``pen_boxes``). Thick ink by a box is a pen dot on its edge, a dot in the gap
    for the box beside it, a pale circle's stroke down that gap, or a speck: the speck is
    what made a partner's row wrong (the player's ring round N unseen, a speck by S's
    corner: TRAINING noisy seed 65090, ``page_0022.jpg`` row 7), and such specks are the
    dusty page's (``PageDust.dusty``: specks as large as a pen dot), not the pen's. On a
    page that is not dusty, a declarer's only ink thick by W's edge, W and S are the box and
    the one beside it: the partner E the score cannot tell (4H= by W or by E, both -620)
    is ruled out (TRAINING seed 13, clean ``page_0009.png`` row 6; ordinary ``page_0040``
    row 12 and damaged ``page_0037`` row 1 alike went to a person, "marks not certain in
    declarer"). So, on such a page, are two boxes side by side each unsure by a dot on its
    edge (``ocr.edge_dots.unsure_by_edge_dot``: every box a dot lies between is read so; two
    boxes side by side so read hold one dot between them, or one each on the edge they
    share): the dot is one of theirs (TRAINING seed 13, pencil ``page_0018.jpg`` row 2: a
    dot between N and E, 1H= by North +80, S and W clean: South's +80 ruled out). A field's
    boxes lie in one line, in order (the form).

    On a dusty page, thick ink by a box counts too where every other box of its field, but
    the box it lies towards, holds no ink a player's mark would leave (``clean_by``:
    ``ocr.clean_rivals.clean_beside_thick_ink``, no drawn ink without the page's specks
    within 0.6 mm, no blob on its lines): the speck then needs a player's mark that left
    no ink by its box at all, where the ring round N unseen left its strokes by N (TRAINING
    dirty glass 13, ``page_0028.jpg`` row 4: 3NT+1 by West, W's only ink thick by its edge
    towards S, E clean, went to a person, "marks not certain in declarer")."""
    out = []
    for n, ms in marks.items():
        for k, m in enumerate(ms):
            beside = _towards(n, m) or frozenset(b.option for b in _beside(ms, k))
            if (
                m.how == DOT_IN_GAP
                or (
                    m.how == THICK_BY_EDGE
                    and (
                        not dusty
                        or (n, m.option) in pen_boxes
                        or _rest_clean(n, ms, {m.option, *beside}, clean_by)
                    )
                )
                or (
                    not dusty
                    and unsure_by_edge_dot(m)
                    and any(map(unsure_by_edge_dot, _beside(ms, k)))
                )
            ):
                out.append((n, m.option, beside))
    return tuple(out)


def _rest_clean(
    field: str, ms: list[MarkReading], near: set[str], clean_by: frozenset[tuple[str, str]]
) -> bool:
    """Does every box of ``field`` but those ``near`` hold no ink a player's mark would
    leave (``clean_by``)?"""
    return all((field, o.option) in clean_by for o in ms if o.option not in near)


def _towards(field: str, m: MarkReading) -> frozenset[str]:
    """The one box of ``field`` a dot in the gap, or thick ink by an edge, lies towards,
    where the rule that named it ``DOT_IN_GAP`` or ``THICK_BY_EDGE`` says which
    (``ocr.clean_rivals.in_the_gap_reading``, ``ocr.empty_fields.unsure_where_thick``);
    else none."""
    if m.how not in (DOT_IN_GAP, THICK_BY_EDGE) or m.neighbour is None:
        return frozenset()
    return frozenset({m.neighbour[1]}) if m.neighbour[0] == field else frozenset()


def _beside(ms: list[MarkReading], k: int) -> list[MarkReading]:
    """The boxes beside box ``k`` of a field (its boxes in the form's order)."""
    return [ms[j] for j in (k - 1, k + 1) if 0 <= j < len(ms)]


def small_dots(
    marks: dict[str, list[MarkReading]], dusty: bool = False
) -> frozenset[tuple[str, str]]:
    """(field, option) of each box unsure by its own dot inside it under a pen dot's size
    (``DOT_MARKED_ABOVE_MM2``; not a dot on its printed edge, ``EDGE_UNSURE_MM2``, which
    ``edge_dot_rivals`` and ``clean_rivals`` weigh against the field's other boxes): never
    its field's only ink (``_only_ink``, ``RowEvidence.never_only_ink``). A clump of the
    glass or a speck is as large, and where the player's mark left no ink a reading saw
    (a dot on another box's corner, outside it) the written score must decide. Fresh
    TRAINING fine dots on dirty glass seed 49485, ``page_0022.png`` row 4: a clump of 0.344
    mm^2 in level 2, the player's dot on 4's top-left corner unseen, 4S by South -1 (50 to
    East-West, as at every level) accepted as 2S -1. TRAINING's price set: 0 wrong rows
    either way, one right row more to a person (fine-dots dirty glass 13 ``page_0028.jpg``
    row 11, both ways).

    On a dusty page (``dusty``, ``PageDust.dusty``) a box unsure by a dot on its printed
    edge too: a clump the printed line cuts reads so where ``dust_clumps`` cannot call it
    one. Fresh TRAINING fine dots on dirty glass seed 37661, ``page_0025.png`` row 9: the
    player's fine dot in level 2 unseen, such a dot on 7's edge the level's only ink, 2NT
    by South -1 (50 to East-West at every level) accepted as 7NT -1."""
    return frozenset(
        (name, m.option)
        for name, readings in marks.items()
        for m in readings
        if m.state is MarkState.UNSURE
        and m.how == "dot"
        and (dusty if m.dot_mm2 == EDGE_UNSURE_MM2 else m.dot_mm2 < DOT_MARKED_ABOVE_MM2)
    )


ONLY_INK_MIN_P = 0.5
"""The least ``p_marked`` of a box weighed as its field's only ink (``_only_ink``): a box its
own reading calls more likely empty than marked (a weak ring of 0.215) is weighed against
"no box" as well. TRAINING pencil seed 84060, ``page_0008.jpg`` row 3 (a fresh hunt): the
player's pencil dot on the corner between S and W gave S a weak ring and W none, the
score side's dot was unseen too, and 4S by W (420 written) was accepted by S. Chosen on
TRAINING (16,342 row readings): 8 rows more to a person, 0 wrong rows."""


def _made_exactly(ev: RowEvidence) -> float:
    """P(the result "=", no count) from the result's own marks, among the played results
    they could give, where "=" reads marked (or is its sign's only ink).

    The sign and the count are one choice: a played result marks "=" and no count, or "+"
    or "-" and one count. A count box the marks do not rule out is a rival result only
    with a sign other than "=", so it is weighed together with that sign: the count of a
    contract made exactly is not asked to be "no box" at 0.995 on its own, as if "=" were
    not there. Asked so, faint specks in two or three of the thirteen count boxes (a fill
    of 0.02, ``p_marked`` 0.007 each) left it under 0.995 beside a "=" filled 0.55, and a
    row with no score written went to a person ("marks not certain in result": on
    TRAINING's dirty glass, five fresh seeds, 10 of the 199 rows sent without a player's
    error; TRAINING's price set 1,623 -> 1,593 readings to a person, none wrong). A wrong
    row past it needs the player's sign and count both unseen and a "=" the player did not
    mark read marked."""
    sign, count = ev.result_sign, ev.result_count
    made = sign.log_exactly("=") + count.log_exactly(None)
    rivals = np.array(
        [sign.log_exactly(s) + count.log_exactly(k) for s in ("+", "-") for k in count.p]
    )
    return float(1.0 / (1.0 + np.exp(rivals - made).sum()))


def _blank(ev: RowEvidence, name: str, option: str | None) -> bool:
    """Is "no box marked" weighed against ``option`` of group ``name`` (``_certain``):
    unless the option is a box read as marked, or the group's only ink (``_only_ink``)."""
    if option is None:
        return True
    group: MarkGroup = getattr(ev, name)
    return group.p.get(option, 0.0) < MARKED_P and not _only_ink(ev, name, option)


def _only_ink(ev: RowEvidence, name: str, option: str) -> bool:
    """Is ``option``'s box the only box of group ``name`` holding ink: read at
    ``ONLY_INK_MIN_P`` or more (unsure or marked), every other box under the empty threshold
    (``EMPTY_P``) now and before any rule (``RowEvidence.inked_at_first``)?

    A played result marks one box of its level, strain, declarer and result sign (and of
    its count unless it made exactly). Where the one box with ink is the reading's, "no
    box" would mean the player's mark lies in a box that reads clean, and the odds of each
    clean box holding it are weighed already, as for a box read marked (``_certain``). A
    box that showed ink a rule then read away (a dot the page's dust holds alike, a circle
    read without its specks, a neighbour's stroke) is no clean box: the player's mark may
    be there, and "no box" is weighed. Nor is a dot the page's dust holds alike, weighed
    as its dot alone reads (``DUST_DOT_ALONE``, ocr/dust_dots.py), ever its field's only
    ink: a clump is that too, and under a mark's size (0.40 mm^2; 0.60 in a level, strain
    or declarer, ``ocr.dust_dots.weighed_p``) only the written score decides.

    Issue 43, item 4: the largest class of TRAINING's noisy rows to review that is no dot
    told from dust (80 pages, seed 13: 25 of 87 rows, 22 of them with a written score
    that cannot tell the field, a level gone down or a declarer's partner). Chosen on
    TRAINING (``bench_ocr --split training --pages 40 --no-event all``, seeds 13 and 7;
    training-fine-dots noisy and the dirty glass): rows to review without a player's
    error 1-3 points fewer in every condition (noisy 13 9.11 -> 7.66%), 0 wrong rows on
    every set with and without the event. The wrong row it could let through: the
    player's mark read with no ink in its box (``clean_rivals`` asks also for none by
    it), ink no player put read unsure alone in another box of the field, and a score
    that cannot tell the two (docs/reader-history.md, "An unsure box, its field's only
    ink")."""
    group: MarkGroup = getattr(ev, name)
    if group.p.get(option, 0.0) < ONLY_INK_MIN_P or (name, option) in ev.never_only_ink:
        return False
    return all(
        p < EMPTY_P and (name, o) not in ev.inked_at_first
        for o, p in group.p.items()
        if o != option
    )


def _only_ink_of_rivals(
    ev: RowEvidence, name: str, value: int, vulnerability: Vulnerability, best: int, bits: int
) -> bool:
    """Is the reading's box of group ``name`` (``value``) the only ink among the boxes the
    results with its written score use there (``bits``: ``_rival_masks``' rivals that differ
    in the group), and certain (``CERTAIN``) among them alone?

    ``_only_ink`` asks every other box of the group to be clean. With a score written, a
    box no such rival uses gives another number, and the comb and the posterior weigh it:
    a dust dot read away in S does not make West's 2NT= (-120) any less certain against
    East's, the one reading that writes -120 too, where E is clean paper now and before any
    rule (TRAINING noisy, fresh seed 5151, ``page_0017.jpg`` row 5: W unsure by a dot on its
    edge, S a dust dot, "marks not certain in declarer"). The box itself must be ink of its
    own at ``ONLY_INK_MIN_P`` (no ``never_only_ink``: a clump, thick ink by an edge, a small
    dot), as ``_only_ink`` asks. A wrong row past it needs the player's mark in the rival's
    box leaving it clean, and ink no player put read in the reading's box, as ``_only_ink``
    does."""
    if name not in UNTOLD_BY_SCORE or value < 0:
        return False
    option = GROUP_OPTIONS[name][value]
    group: MarkGroup = getattr(ev, name)
    if option is None or group.p.get(option, 0.0) < ONLY_INK_MIN_P:
        return False
    if (name, option) in ev.never_only_ink:
        return False
    codes = _rival_codes(vulnerability, best, name)
    boxes = (GROUP_OPTIONS[name][c] for k, c in enumerate(codes) if bits >> k & 1)
    theirs = sorted({o for o in boxes if o is not None})  # (each a box: no None here)
    if not theirs or any(
        group.p.get(o, 0.0) >= EMPTY_P or (name, o) in ev.inked_at_first for o in theirs
    ):
        return False
    among = [option, *theirs]
    ll = np.array([group.log_exactly(o) for o in among])
    p = np.exp(ll - ll.max())
    return float(p[0] / p.sum()) >= CERTAIN
