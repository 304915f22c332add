"""The checks that need the whole stack of pages, run after every page is read.

Two scans of the same board are both flagged; printed pair numbers a page did not give are
read on a twin traveller of the same set (``ocr/twin_pairs.py``); handwritten pair numbers
read without the event are weighed against what the other travellers read
(``ocr/stack_pairs.py``); a handwritten pair number on an accepted row must be seated in
that row's round by what the stack's travellers print (issue 13).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ocr.reading import DEFAULT_THRESHOLD, PageProblem, PageReading, RowReading, RowStatus
from ocr.stack_pairs import weigh_by_stack
from ocr.twin_pairs import from_twins

__all__ = ["check_rounds", "finish_batch", "mark_duplicates", "to_review"]


def to_review(row: RowReading, why: str) -> RowReading:
    """``row`` sent to review for ``why`` (an empty row stays empty)."""
    if row.status is RowStatus.EMPTY:
        return row
    return replace(row, status=RowStatus.REVIEW, reasons=(*row.reasons, why))


def mark_duplicates(pages: Sequence[PageReading]) -> list[PageReading]:
    """Flag every page whose (event, session, section, board) another page also has.

    Both scans are kept and all their rows go to review: a person decides which is right
    (a rescan, or a traveller copied twice); nothing is merged or dropped silently.
    """
    seen: dict[tuple[str, str, str, int], list[int]] = {}
    for i, p in enumerate(pages):
        if p.board is None:
            continue
        q = p.qr
        key = (q.event, q.session, q.section, p.board) if q else ("", "", "", p.board)
        seen.setdefault(key, []).append(i)
    out = list(pages)
    for idx in seen.values():
        if len(idx) < 2:
            continue
        where = ", ".join(str(pages[i].page) for i in idx)
        for i in idx:
            p = out[i]
            why = f"board {p.board} scanned more than once ({where})"
            out[i] = replace(
                p,
                problems=(*p.problems, PageProblem.DUPLICATE_BOARD),
                message="; ".join(m for m in (p.message, why) if m),
                rows=tuple(to_review(r, why) for r in p.rows),
            )
    return out


def check_rounds(pages: Sequence[PageReading]) -> list[PageReading]:
    """Send to review every accepted row whose pairs the session does not seat there.

    A table that changed its pairs writes the pair numbers by hand, and a handwritten "1"
    can read as a "7" with confidence (EW 13-18 read as 73-78, issue 13). Even without an
    event file the travellers of the stack print, for every round, which pairs play in
    it: a written pair must be one of them (or, on a row without a printed round, one of
    the session's pairs). On generic blank forms nothing is printed; a pair number must
    then be read on at least ``_SEEN_ELSEWHERE`` other rows of the stack.
    """
    seated: dict[tuple[str, int], set[int]] = {}
    for p in pages:
        section = p.qr.section if p.qr else ""
        for r in p.rows:
            if r.printed_pairs is not None and r.round is not None:
                seated.setdefault((section, r.round), set()).update(r.printed_pairs)
    everyone = set().union(*seated.values()) if seated else set()
    seen: dict[int, int] = {}
    for p in pages:
        for r in p.rows:
            if r.status is RowStatus.ACCEPTED and r.best is not None:
                for pair in {r.best.ns_pair, r.best.ew_pair} - {None}:
                    seen[pair] = seen.get(pair, 0) + 1  # type: ignore[index]
    out = []
    for p in pages:
        section = p.qr.section if p.qr else ""
        rows = []
        for r in p.rows:
            why = None
            if r.status is RowStatus.ACCEPTED and r.best is not None:
                pairs = [x for x in (r.best.ns_pair, r.best.ew_pair) if x is not None]
                if (r.best.ns_pair, r.best.ew_pair) == r.printed_pairs:
                    pairs = []
                key = (section, r.round) if r.round is not None else None
                for pair in pairs:
                    if key is not None and key in seated:
                        if pair not in seated[key]:
                            why = f"pair {pair} is not seated in round {r.round}"
                    elif everyone:
                        if pair not in everyone:
                            why = f"pair {pair} plays nowhere else in this session"
                    elif seen.get(pair, 0) - 1 < _SEEN_ELSEWHERE:
                        why = f"pair {pair} is read on no other row of this stack"
                    if why:
                        break
            rows.append(to_review(r, why) if why else r)
        out.append(replace(p, rows=tuple(rows)) if rows != list(p.rows) else p)
    return out


_SEEN_ELSEWHERE = 2


def finish_batch(
    pages: Sequence[PageReading], threshold: float = DEFAULT_THRESHOLD
) -> list[PageReading]:
    """The checks that need the whole stack: duplicate boards, printed pair numbers a page
    did not give read on a twin traveller (``ocr/twin_pairs.py``), handwritten pair
    numbers weighed against the stack (``ocr/stack_pairs.py``), pairs seated per round."""
    pages = from_twins(mark_duplicates(pages))
    return check_rounds(weigh_by_stack(pages, threshold))
