"""Read the rows of an aligned traveller page: boxes -> field readings -> decoded rows.

The page is the upright warp at ``WORK_DPI`` (ocr/align.py). Every mark box is measured
(ocr/marks.py), every handwritten box is classified in one batch for the whole page
(ocr/digits.py), and each non-empty row is decoded jointly (ocr/decode.py). A row is
accepted only when its posterior reaches the threshold; no box is in the unsure band;
every marked box is one the reading uses and every box it uses is marked (ocr/used_marks.py:
``unexplained_marks``, ``missing_marks``); its pairs are ones the movement sends to the
board (when known); and the written score, if any, equals the Law 77 score of the decoded result.
Otherwise it goes to review with the reasons.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from functools import lru_cache

import cv2
import numpy as np

from ocr.align import WORK_DPI
from ocr.box_crops import (
    DIGIT_FIELDS,
    DIGIT_INSET_MM,
    crop_mm,
    crop_px,
    digit_cells,
    wide_cell,
)
from ocr.combs import DigitBox, any_written
from ocr.decode import decode_contract
from ocr.digit_dust import cell_without_specks
from ocr.digit_shade import boxes_without_shade, fields_that_matter
from ocr.digits import DigitModel
from ocr.ink_colour import (
    ColourPage,
    circle_may_be_lost,
    circles_kept,
    read_without_grey_dust,
)
from ocr.layout import (
    DECLARER,
    DOUBLING,
    EW_PAIR_WRITTEN,
    LEVEL,
    NS_PAIR_WRITTEN,
    PAIRS_CHANGED,
    PASSED_OUT,
    RESULT_COUNT,
    RESULT_SIGN,
    SCORE,
    SCORE_SIDE,
    STRAIN,
    Layout,
    Rect,
    Row,
)
from ocr.mark_groups import MarkGroup, RowEvidence
from ocr.marks import (
    DOT_BESIDE_INK,
    DOT_IN_GAP,
    DUST_DOT_ALONE,
    THICK_BY_EDGE,
    MarkReading,
    MarkState,
)
from ocr.page_dust import NO_DUST, measure_dust
from ocr.pair_decode import decode_pairs, settled_change
from ocr.pair_ink import unused_pair_numbers
from ocr.passed_by_zero import zero_settled_pass
from ocr.printed_pairs import PrintedPairs
from ocr.reading import (
    Candidate,
    Crop,
    FieldReading,
    PageRef,
    PairReadings,
    RowReading,
    RowResult,
    RowStatus,
    posterior_reason,
)
from ocr.row_marks import FieldMarks, RowMarks
from ocr.score_agreement import mismatch_reason
from ocr.score_settles import settled_boxes
from ocr.score_side import settled_other_side, settled_side, without_unread_side
from ocr.score_ties import tied_ink
from ocr.shared_dots import dots_between_fields
from ocr.unchecked_marks import marks_in_the_gap, small_dots
from ocr.used_marks import missing_marks, unexplained_marks, unexplained_unsure, used_boxes
from scoring.board import Vulnerability, vulnerability_of
from scoring.law77 import ns_score

__all__ = [
    "PairReadings",
    "png_bytes",
    "posterior_reason",
    "read_rows",
]

_MARK_FIELDS = (PASSED_OUT, LEVEL, STRAIN, DOUBLING, DECLARER, RESULT_SIGN, RESULT_COUNT,
                SCORE_SIDE, PAIRS_CHANGED)  # fmt: skip
# The mark states as module names: ``MarkState.X`` is looked up through the enum's class
# (some 0.2 us a time on Python 3.11, a module name 0.015), on every box of every row.
_UNSURE = MarkState.UNSURE
_NOT_ONLY_INK = frozenset({DUST_DOT_ALONE, THICK_BY_EDGE, DOT_IN_GAP, DOT_BESIDE_INK})
"""How a box is read whose ink is never its field's only ink (``RowEvidence.never_only_ink``)."""
_NO_BOXES: frozenset[tuple[str, str]] = frozenset()
_NONE_MARKED = "no box is marked on the row (stray ink?)"
"""Why a row with ink and no box marked goes to a person: nothing says it is a result."""


def png_bytes(image: np.ndarray) -> bytes:
    """Encode a greyscale or colour image as PNG, losslessly.

    No parameters on purpose: without them OpenCV takes its fast path (the "sub" filter,
    zlib level 1, run-length strategy), about twice as fast as the same level and strategy
    asked for explicitly, which makes libpng try every filter on every line; review crops
    are written on every row sent to a person, so this is on the reader's path."""
    ok, buf = cv2.imencode(".png", image)
    if not ok:  # pragma: no cover - OpenCV encodes any uint8 image
        raise ValueError("cannot encode crop as PNG")
    return buf.tobytes()


@lru_cache(maxsize=1024)
def _rect_tuple(r: Rect) -> tuple[float, float, float, float]:
    return (round(r.x, 2), round(r.y, 2), round(r.width, 2), round(r.height, 2))


def _mark_reading(
    row: Row, name: str, marks: list[MarkReading], cands: tuple[Candidate, ...], ref: PageRef
) -> FieldReading:
    marked = [m.option for m in marks if m.p_marked > 0.5]
    value = "" if not marked else (marked[0] if len(marked) == 1 else None)
    unsure = any(m.state is _UNSURE for m in marks)
    crop = Crop(ref, _rect_tuple(row.field(name).rect))
    return FieldReading(row.number, name, value, cands, crop, unsure)


@lru_cache(maxsize=4096)
def _mark_group(p_marked: tuple[tuple[str, float], ...]) -> tuple[MarkGroup, tuple[Candidate, ...]]:
    """The mark group of a field whose boxes read ``p_marked`` ((option, ``p_marked``) in
    the field's order) and the field's three likeliest choices (one box or none): one
    group for every field that reads the same, so that its logs (``MarkGroup``) and its
    choices are worked out once a process. Most fields repeat another's (an empty field's
    boxes read the same on every row): 63% of the 10,800 fields of 40 TEST pages (8 of
    each of five conditions, read with and without the event) read as one read before."""
    group = MarkGroup(dict(p_marked))
    options, probs = group.exactly()
    order = np.argsort(-probs)[:3].tolist()
    chance = probs.tolist()  # float(probs[k]) without numpy's scalars
    return group, tuple([Candidate(options[k] or "", chance[k]) for k in order])


def _digit_reading(row: Row, name: str, boxes: list[DigitBox], ref: PageRef) -> FieldReading:
    cands = _digit_candidates(tuple(boxes))
    unsure = bool(cands) and cands[0].probability < 0.9
    crop = Crop(ref, _rect_tuple(row.field(name).rect))
    return FieldReading(row.number, name, cands[0].value if cands else "", cands, crop, unsure)


@lru_cache(maxsize=4096)
def _digit_candidates(boxes: tuple[DigitBox, ...]) -> tuple[Candidate, ...]:
    """A digit field's three likeliest texts, from each box's two likeliest digits: a
    function of the boxes alone, worked out once a process for the fields that repeat
    (a blank comb on every row without a score or written pairs)."""
    per_box: list[list[tuple[str, float]]] = []
    for b in boxes:
        if b.probs is None:
            per_box.append([("", 1.0)])
        else:
            per_box.append(_two_likeliest(b.probs))
    combos = []
    for choice in itertools.product(*per_box):
        text = "".join(c for c, _ in choice)
        # math.prod multiplies in order, as np.prod does: the same float, without numpy's
        # call on every combination
        combos.append((text, float(math.prod(q for _, q in choice))))
    combos.sort(key=lambda c: -c[1])
    return tuple(Candidate(t, q) for t, q in combos[:3])


def _two_likeliest(probs: tuple[float, ...]) -> list[tuple[str, float]]:
    """A box's two likeliest digits and their probabilities, as ``np.argsort(-p)[:2]``
    ranks them. Where the two stand apart from every other digit (no other has the same
    probability, none is NaN: nearly every box) that order is the only one, and Python's
    ``max`` finds it without numpy's four calls; where one ties, numpy's sort (on this
    machine's AVX-512 not a stable one) decides, as it did."""
    first = max(probs)
    i = probs.index(first)
    rest = probs[:i] + probs[i + 1 :]
    second = max(rest)
    if probs.count(first) == 1 and rest.count(second) == 1 and not math.isnan(sum(probs)):
        j = probs.index(second)
        return [(str(i), first), (str(j), second)]
    p = np.asarray(probs)
    return [(str(int(k)), float(p[k])) for k in np.argsort(-p)[:2]]


def read_rows(
    page: np.ndarray,
    layout: Layout,
    ref: PageRef,
    model: DigitModel,
    board: int | None,
    printed: PrintedPairs | None,
    threshold: float,
    pair_readings: dict[int, PairReadings] | None = None,
    colour: ColourPage | None = None,
) -> tuple[RowReading, ...]:
    """Read and decode every row of an aligned, flattened page (ocr/illumination.py).

    ``pair_readings``, when given, is filled with every decoded row's pair readings, all
    of them with their probabilities (form row -> readings), for the page's check that a
    pair plays a board once (ocr/page_pairs.py). ``colour``: the page in colour, asked for
    on a dusty page, where a row written with a coloured pen is read without the grey
    dust (ocr/ink_colour.py)."""
    vul = vulnerability_of(board) if board is not None else Vulnerability.NONE
    dust = measure_dust(page, layout, WORK_DPI)  # the page's specks (ocr/page_dust.py)
    # One classifier call for every handwritten box on the page, its dust taken out.
    s = WORK_DPI / 25.4
    where = digit_cells(layout)
    cells = [cell_without_specks(crop_px(page, px), dust, s) for _, px, _ in where]
    probs = model.read_cells(cells, [wide_cell(page, px, wide, dust) for _, px, wide in where])
    digits: dict[tuple[int, str], list[DigitBox]] = {}
    for (field, _, _), p in zip(where, probs, strict=True):
        digits.setdefault(field, []).append(DigitBox.of(p))

    in_colour = colour() if colour is not None and dust.dusty() else None
    out = []
    for row in layout.rows:
        row_marks = RowMarks(page, layout, row, WORK_DPI, dust)
        # The row its marks are read from: without its grey dust where it is a coloured
        # pen's; its digits, crops and a fold's lift (below) keep the page as it is.
        marks_from, pen_boxes, pen_row = row_marks, _NO_BOXES, None
        if in_colour is not None:
            pen_row = read_without_grey_dust(page, in_colour, row_marks.row_ink)
            if pen_row is not None:
                marks_from = RowMarks(pen_row.page, layout, row, WORK_DPI, NO_DUST)
                pen_boxes = pen_row.pen_boxes
        read = marks_from.read_marks(_MARK_FIELDS)
        if pen_row is not None and circle_may_be_lost(pen_row, read):
            read = circles_kept(row_marks.read_marks(_MARK_FIELDS), read)
        boxes = {name: digits[(row.number, name)] for name in DIGIT_FIELDS}
        reading = _decode_row(
            row, ref, page, read, boxes, vul, printed, threshold, pair_readings, pen_boxes,
            dust.dusty(),
        )  # fmt: skip
        review = reading.status is RowStatus.REVIEW
        matter = fields_that_matter(reading.reasons, DIGIT_FIELDS) if review else ()
        if matter:
            # a digit box that is a fold's band only, read again where it matters; on the
            # page as it is, dust and all (a dusty page's digits are never lifted)
            lifted = boxes_without_shade(row_marks, row, boxes, DIGIT_INSET_MM, matter)
            if lifted is not None:
                reading = _decode_row(
                    row, ref, page, read, lifted, vul, printed, threshold, pair_readings,
                    pen_boxes, dust.dusty(),
                )  # fmt: skip
        out.append(reading)
    return tuple(out)


def _no_box_marked(
    ref: PageRef,
    row: Row,
    rnd: int | None,
    fields: tuple[FieldReading, ...],
    page: np.ndarray,
    row_crop: Crop,
    printed_pairs: tuple[int, int] | None,
    alternatives: Sequence[tuple[RowResult, float]],
) -> RowReading:
    """A row with ink and no box marked (``_NONE_MARKED``): no result, a person's, its
    picture kept, and ``alternatives`` (a decoding of its written score) the person's
    buttons only."""
    crop = Crop(ref, row_crop.rect_mm, png_bytes(crop_mm(page, row.rect)))
    return RowReading(ref, row.number, rnd, fields, None, 0.0, tuple(alternatives),
                      RowStatus.REVIEW, (_NONE_MARKED,), crop, printed_pairs)  # fmt: skip


def _decode_row(
    row: Row,
    ref: PageRef,
    page: np.ndarray,
    read: FieldMarks,
    boxes: dict[str, list[DigitBox]],
    vul: Vulnerability,
    printed: PrintedPairs | None,
    threshold: float,
    pair_readings: dict[int, PairReadings] | None = None,
    pen_boxes: frozenset[tuple[str, str]] = frozenset(),
    dusty: bool = True,
) -> RowReading:
    """One row decoded from its mark fields as the rules read them (``read``: each box's
    reading, and what the decoder asks of the row's first readings, ``FieldMarks``) and its
    digit boxes. The boxes that held ink before any rule (``FieldMarks.inked_at_first``) are
    for the marks the score cannot check (ocr/unchecked_marks.py), beside the boxes the
    readings name as never their field's only ink (``_NOT_ONLY_INK``) and the boxes one dot
    between two fields made unsure (``dots_between_fields``) or left unsure by a dot the
    page's dust holds alike (``FieldMarks.dust_held``). ``pen_boxes``: on a coloured pen's
    row read without its grey dust, the boxes with only the pen's ink by them
    (``ocr.ink_colour.PenRow``). ``dusty``: the page's dust holds specks as large as a pen
    dot (``PageDust.dusty``; unless told, as if it did), for the marks in a gap
    (``marks_in_the_gap``, with ``FieldMarks.clean_by``); the boxes with drawn ink beside
    two of their sides (``FieldMarks.ink_round``) are for the written score's check of a
    neighbour's stroke (``settled_boxes``)."""
    marks, inked = read.readings, read.inked_at_first
    zero_pass = zero_settled_pass(marks, inked, boxes[SCORE])
    if zero_pass is not None:
        marks = zero_pass
    grouped = {
        n: _mark_group(tuple([(m.option, m.p_marked) for m in ms])) for n, ms in marks.items()
    }
    not_only_ink = (
        frozenset((n, m.option) for n, ms in marks.items() for m in ms if m.how in _NOT_ONLY_INK)
        | dots_between_fields(row, marks)
        | small_dots(marks, dusty)
        | read.dust_held
    )
    in_the_gap = marks_in_the_gap(marks, pen_boxes, dusty, read.clean_by)
    groups = {n: group for n, (group, _) in grouped.items()}
    fields = tuple(
        [_mark_reading(row, n, m, grouped[n][1], ref) for n, m in marks.items()]
        + [_digit_reading(row, n, b, ref) for n, b in boxes.items()]
    )
    printed_row = printed.row(row.number) if printed is not None else None
    row_crop = Crop(ref, _rect_tuple(row.rect))
    states = {m.state for ms in marks.values() for m in ms}
    any_mark = bool(states - {MarkState.EMPTY})
    marked = MarkState.MARKED in states
    any_digit = any(any_written(bs) for bs in boxes.values())
    rnd = printed_row[0] if printed_row else None
    printed_pairs = (printed_row[1], printed_row[2]) if printed_row else None
    if not any_mark and not any_digit:
        return RowReading(ref, row.number, rnd, fields, None, 1.0, (), RowStatus.EMPTY,
                          ("nothing written on the row",), row_crop, printed_pairs)  # fmt: skip
    none_marked = not marked and zero_pass is None
    if none_marked and not any_written(boxes[SCORE]):
        # Stray ink, a smudge, a faint tick: no box is marked, so this is no result (a
        # pass-out is marked too). A person decides whether it is a result at all.
        return _no_box_marked(ref, row, rnd, fields, page, row_crop, printed_pairs, ())
    # With a score written, a row whose every mark was read away (fine dots all read as the
    # page's dust) is decoded all the same, for the person's buttons only (below).

    ev = RowEvidence(
        passed_out=groups[PASSED_OUT], level=groups[LEVEL], strain=groups[STRAIN],
        doubling=groups[DOUBLING], declarer=groups[DECLARER], result_sign=groups[RESULT_SIGN],
        result_count=groups[RESULT_COUNT], score_side=groups[SCORE_SIDE],
        score=tuple(boxes[SCORE]), inked_at_first=inked, never_only_ink=not_only_ink,
        in_the_gap=in_the_gap,
    )  # fmt: skip
    contract = decode_contract(ev, vul)
    pairs = decode_pairs(
        printed_pairs,
        groups[PAIRS_CHANGED],
        boxes[NS_PAIR_WRITTEN],
        boxes[EW_PAIR_WRITTEN],
        None if printed is None else printed.allowed,
        top=None,
        existing=None if printed is None else printed.existing,
        printed_unread=printed_pairs is None and printed is not None and any(printed.rows),
    )
    if pair_readings is not None and not none_marked:
        pair_readings[row.number] = pairs.ranked
    # Each result with each pair reading, likeliest first (a stable sort: equals in this
    # order); only the three a reading keeps are made into rows' results.
    joint = sorted(
        itertools.product(contract.ranked, pairs.ranked[:3]), key=lambda x: -(x[0][1] * x[1][1])
    )
    combos = [(RowResult(p[0], p[1], c[0] is None, *c), pc * pp) for (c, pc), (p, pp) in joint[:3]]
    if none_marked:
        # Still no result: no reading (no pair check, stack or result counts it), its
        # readings kept as alternatives, the person's buttons (``row_candidates``).
        return _no_box_marked(ref, row, rnd, fields, page, row_crop, printed_pairs, combos)
    best, posterior = combos[0]
    uses = used_boxes(best, printed_pairs)
    stray = without_unread_side(unexplained_marks(marks, uses), marks[SCORE_SIDE])

    reasons = []
    if posterior < threshold:
        reasons.append(posterior_reason(posterior, threshold))
    if contract.unchecked:
        reasons.append(
            f"marks not certain in {', '.join(contract.unchecked)}, which the score cannot check"
        )
    written = any_written(boxes[SCORE])
    for name, option in missing_marks(marks, uses, score_written=written, inked=inked):
        reasons.append(f"{name} {option} reads empty, but the reading needs it marked")
    for name in dict.fromkeys(n for n, _ in stray):
        options = ", ".join(o for n, o in stray if n == name)
        reasons.append(f"{name} {options} marked, which the reading does not use")
    reasons.extend(unused_pair_numbers(fields, printed_pairs, (best.ns_pair, best.ew_pair)))
    if MarkState.UNSURE in states:
        # the settled boxes matter only to an unsure box (``unexplained_unsure``)
        settled = settled_side(marks[SCORE_SIDE], uses[SCORE_SIDE])
        settled |= settled_other_side(marks, uses)
        settled |= settled_boxes(
            marks, uses, best, boxes[SCORE], vul, inked, read.ink_round
        ) | settled_change(
            printed_pairs, uses[PAIRS_CHANGED], boxes[NS_PAIR_WRITTEN], boxes[EW_PAIR_WRITTEN]
        )
        if zero_pass is not None and best.passed_out:
            settled |= {(PASSED_OUT, "PASS")}  # its written 0 (ocr/passed_by_zero.py)
        for name in unexplained_unsure(marks, uses, settled):
            reasons.append(f"unsure mark in {name}")
    reasons.extend(tied_ink(marks, uses, best, vul))
    if pairs.in_movement is False:
        reasons.append(f"pairs {best.ns_pair}-{best.ew_pair} do not play this board")
    if best.ns_pair is None or best.ew_pair is None:
        reasons.append("pair numbers missing")
    elif printed is not None and printed.seated is not None and rnd in printed.seated:
        away = [p for p in (best.ns_pair, best.ew_pair) if p not in printed.seated[rnd]]
        if away:
            reasons.append(f"pair {away[0]} is not seated in round {rnd}")
    if best.score_ns is not None:
        law = 0 if best.passed_out else ns_score(best.contract, best.declarer, best.tricks, vul)
        if law != best.score_ns:
            reasons.append(
                mismatch_reason(best.score_ns, best.contract, best.declarer, best.tricks, vul)
            )
        elif contract.rival is not None:
            reasons.append(
                f"written score reads more like {contract.rival:+d} (a result one mark away) "
                f"than the reading's {law:+d}"
            )
    status = RowStatus.REVIEW if reasons else RowStatus.ACCEPTED
    # Keep the picture of every row a person may have to see: those sent to review now,
    # and those whose pairs the stack's check (ocr/reader.py check_rounds) may still send.
    if status is RowStatus.REVIEW or (best.ns_pair, best.ew_pair) != printed_pairs:
        row_crop = Crop(ref, row_crop.rect_mm, png_bytes(crop_mm(page, row.rect)))
    # Read without the event, nothing printed gives the pairs: the stack weighs these.
    alone = printed is None or printed.allowed is None
    handwritten = pairs.ranked if printed_pairs is None and alone else ()  # ocr/stack_pairs.py
    return RowReading(ref, row.number, rnd, fields, best, posterior, tuple(combos[1:3]), status,
                      tuple(reasons), row_crop, printed_pairs, handwritten)  # fmt: skip
