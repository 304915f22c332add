"""A page's reading compared with its truth (benchmarks/bench_ocr.py): every row counted as
right, wrong (a false accept) or to review, with why, under its mark style and pen, and
whether the players got it wrong (a row a person must see whatever is read).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable

from ocr.layout import FieldKind
from ocr.reading import PageReading, RowStatus
from ocr.training.synthetic.truth import PageTruth, RowTruth

__all__ = ["form_kind", "player_error", "score_page"]


def _row_key(ns, ew, passed, contract, declarer, tricks):  # type: ignore[no-untyped-def]
    return (ns, ew, bool(passed), contract, declarer, tricks)


def _row_style(truth: PageTruth, row: int) -> tuple[str, str]:
    """The mark style and pen most of a row's intended marks were made with."""
    styles = Counter(m.style for m in truth.marks if m.row == row and m.intended)
    pens = Counter(m.ink for m in truth.marks if m.row == row and m.intended)
    return (
        styles.most_common(1)[0][0] if styles else "",
        pens.most_common(1)[0][0] if pens else "",
    )


def form_kind(truth: PageTruth) -> str:
    """The kind of form a page is: ``printed`` (pairs pre-printed), ``blank, movement`` (a
    blank form printed for the movement, its meetings in the QR code: ``BSC4``) or
    ``blank, generic`` (nothing on it checks the pairs but the section's, ``BSC2``)."""
    if not truth.blank_form:
        return "printed"
    return "blank, movement" if truth.qr_text.startswith("BSC4|") else "blank, generic"


def score_page(
    truth: PageTruth,
    page: PageReading,
    layout,  # type: ignore[no-untyped-def]
    c: Counter[str],
    per_style: dict[str, Counter[str]],
    per_pen: dict[str, Counter[str]],
    per_source: dict[str, Counter[str]],
    wrong: list[str],
    to_review: list[dict[str, object]],
) -> None:
    """Count one page's reading against its truth: into ``c`` (one kind of form's
    counts), the tables per mark style, pen and digit source, the wrong accepts
    (``wrong``) and the rows to review with their reasons (``to_review``)."""
    c["pages"] += 1
    c["board_right"] += page.board == truth.board
    intended = truth.intended_marks()
    expected = {r.row: r for r in truth.rows}
    printed_rows = {p[0] for p in truth.printed}
    c["unplayed"] += len(printed_rows - set(expected))
    for row in page.rows:
        for fr in row.fields:
            spec = layout.field(row.row, fr.field)
            if spec.kind is FieldKind.MARKS and row.row in expected:
                c["mark_fields"] += 1
                want = [o for o in spec.options if (row.row, fr.field, o) in intended]
                want_value = "" if not want else (want[0] if len(want) == 1 else None)
                c["mark_fields_right"] += fr.value == want_value and not fr.unsure
        t = expected.get(row.row)
        if t is not None:
            c["rows"] += 1
            style, pen = _row_style(truth, row.row)
        if row.status is RowStatus.EMPTY:
            c["rows_missed"] += t is not None
            continue
        if t is None:
            c["unplayed_not_empty"] += 1
            if row.status is RowStatus.ACCEPTED:
                wrong.append(f"{truth.condition}/{truth.image} row {row.row}: unplayed row "
                             f"accepted as {row.best}")  # fmt: skip
            continue
        printed_pairs = (t.printed_ns, t.printed_ew)
        player_error = _player_error(truth, t)
        b = row.best
        right = b is not None and _row_key(
            b.ns_pair, b.ew_pair, b.passed_out, b.contract, b.declarer, b.tricks
        ) == _row_key(t.ns_pair, t.ew_pair, t.passed_out, t.contract, t.declarer, t.tricks)
        c["rows_exact"] += right
        reasons = row.reasons if row.status is RowStatus.REVIEW else None
        _tally(c, per_style[style], per_pen[pen], player_error, reasons)
        if reasons is not None:
            to_review.append({"page": truth.image, "row": row.row, "player_error": player_error,
                              "reasons": list(reasons)})  # fmt: skip
        if row.status is RowStatus.ACCEPTED and not right:
            wrong.append(f"{truth.condition}/{truth.image} row {row.row}: read {b}, truth {t} "
                         f"(printed {printed_pairs})")  # fmt: skip
    # A page the reader could not place on the form (a marker lost, part of the page
    # missing) has no rows: every row written on it goes to a person, with the page.
    why = "page not read: " + ", ".join(p.value for p in page.problems)
    for number in sorted(set(expected) - {row.row for row in page.rows}):
        style, pen = _row_style(truth, number)
        c["rows"] += 1
        player_error = _player_error(truth, expected[number])
        _tally(c, per_style[style], per_pen[pen], player_error, (why,))
        to_review.append({"page": truth.image, "row": number, "player_error": player_error,
                          "reasons": [why]})  # fmt: skip
    written = {(d.row, d.field, d.position): d for d in truth.digits}
    for row in page.rows:
        for fr in row.fields:
            if layout.field(row.row, fr.field).kind is not FieldKind.DIGITS:
                continue
            boxes = [written.get((row.row, fr.field, i)) for i in range(4)]
            text = "".join(str(d.digit) for d in boxes if d is not None)
            if text:
                c["digit_fields"] += 1
                c["digit_fields_right"] += fr.value == text
                src = next(d.source for d in boxes if d is not None).split(":")[0]
                per_source[src]["n"] += 1
                per_source[src]["right"] += fr.value == text


def _tally(
    c: Counter[str],
    style: Counter[str],
    pen: Counter[str],
    player_error: bool,
    reasons: Iterable[str] | None,
) -> None:
    """Count one written row that is not read empty: under its mark style and pen, with
    whether the players got it wrong, and as a row to review for ``reasons`` (None where
    it is accepted)."""
    c["rows_player_error"] += player_error
    review = reasons is not None
    for per in (style, pen):
        per["rows"] += 1
        per["review"] += review
    if reasons is not None:
        c["rows_review"] += 1
        c["rows_review_player_error"] += player_error
        for reason in reasons:
            why = re.sub(r"[-+]?\d[\d.\-]*", "#", reason)
            c["why: " + why] += 1
            c["why-np: " + why] += not player_error


def _player_error(truth: PageTruth, t: RowTruth) -> bool:
    return player_error(t, _allowed(truth))


def player_error(t: RowTruth, allowed: set[tuple[int, int]]) -> bool:
    """Did the players get the row wrong, so that a person must see it whatever is read: a
    written score that is not the contract's (Law 77), or pairs the board's movement does
    not seat (``allowed``: the pairs printed on the board's rows)? A score left out is
    none: the reader reads such a row on its marks alone and may accept it
    (ocr/unchecked_marks.py, ``unchecked_groups``), so it stays in the goal's denominator."""
    wrote_another_score = t.written_score is not None and not t.score_is_consistent
    return wrote_another_score or (t.pairs_changed and (t.ns_pair, t.ew_pair) not in allowed)


def _allowed(truth: PageTruth) -> set[tuple[int, int]]:
    return {(ns, ew) for _, _, ns, ew in truth.printed}
