"""Building the review queue from the reader's pages, with candidates a person can trust.

Each item carries what its checks need (``review.ReviewItem``) and its candidates, in the
order a person should consider them:

1. readings that fit Law 77: the contract and result as read, scored by Law 77 (when the
   written score disagrees, the marks are usually right and the score slipped), and the
   reader's own readings that fit;
2. for each score read from the crop (its three likeliest readings, each at least
   ``_CROP_SCORE_FLOOR``), the results nearest to the marks that give it: where it
   disagrees, the digits may be right and a mark misread;
3. where the best reading and both alternatives weigh the same and change one part (a
   field read empty in every box, its options tied), that field's other options
   (ocr/tied_readings.py), up to the cap;
4. the reader's readings that do not fit (shown so nothing is hidden, marked as such).

The reader's posterior says how sure the reader was of the boxes; a candidate built by a
rule has none. Nothing here decides: a person picks, and ``review_decisions.decide`` checks it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from ocr.reading import PageReading, RowReading, RowResult, RowStatus
from ocr.tied_readings import tied_readings
from pipeline.doors.scans.review import ReviewCandidate, ReviewItem, item_id
from pipeline.doors.scans.review_checks import check_decision

__all__ = ["QueueContext", "build_queue", "row_candidates"]

_MAX_CANDIDATES = 6
_CROP_SCORE_FLOOR = 0.05  # a score the digit reader gives less than this is not offered


@dataclass(frozen=True)
class QueueContext:
    """What the session says about the pages: its number, boards, and per (section, board)
    the pairs pre-printed on each row and the pairs the movement sends to the board."""

    session: int | None = None
    boards: tuple[int, ...] = ()
    printed: Callable[[int, str], object] | None = None  # ocr.printed_pairs.PrintedPairs

    def movement(self, board: int, section: str) -> tuple[tuple[int, int], ...]:
        found = self.printed(board, section) if self.printed else None
        allowed = getattr(found, "allowed", None)
        return tuple(allowed) if allowed else ()

    def printed_pairs(self, board: int, section: str, row: int) -> tuple[int, int] | None:
        found = self.printed(board, section) if self.printed else None
        if found is None:
            return None
        printed = found.row(row)  # type: ignore[attr-defined]
        return None if printed is None else (printed[1], printed[2])


def _section(page: PageReading) -> str:
    return page.qr.section if page.qr and page.qr.section else "A"


def _vulnerability(board: int | None) -> str:
    from scoring.board import vulnerability_of

    return "" if board is None else str(vulnerability_of(board))


def _taken(pages: Iterable[PageReading]) -> dict[tuple[str, int], set[tuple[int, int]]]:
    """Pairs with an accepted result, per (section, board)."""
    taken: dict[tuple[str, int], set[tuple[int, int]]] = {}
    for page in pages:
        if page.board is None:
            continue
        for row in page.rows:
            if row.status is RowStatus.ACCEPTED and row.best and row.best.ns_pair is not None:
                pairs = (row.best.ns_pair, row.best.ew_pair or 0)
                taken.setdefault((_section(page), page.board), set()).add(pairs)
    return taken


def build_queue(
    pages: Sequence[PageReading], context: QueueContext | None = None
) -> tuple[ReviewItem, ...]:
    """Review items for bad pages and for rows that were not accepted, in page order."""
    context = context or QueueContext()
    taken = _taken(pages)
    items: list[ReviewItem] = []
    for page in pages:
        section = _section(page)
        board = page.board
        movement = context.movement(board, section) if board is not None else ()
        if page.needs_review:
            items.append(
                ReviewItem(
                    id=item_id(page.page.file, page.page.page, None),
                    file=page.page.file,
                    page=page.page.page,
                    row=None,
                    board=board,
                    kind="page",
                    reasons=tuple(str(p) for p in page.problems)
                    + ((page.message,) if page.message else ()),
                    candidates=(),
                    crop_png=page.thumbnail.png if page.thumbnail else None,
                    session=context.session,
                    vulnerability=_vulnerability(board),
                    movement=movement,
                    boards=context.boards,
                )
            )
        for row in page.rows:
            if row.status is not RowStatus.REVIEW:
                continue
            printed = context.printed_pairs(board, section, row.row) if board is not None else None
            best = row.best
            read = None if best is None or best.ns_pair is None or best.ew_pair is None else (
                best.ns_pair, best.ew_pair)  # fmt: skip
            item = ReviewItem(
                id=item_id(page.page.file, page.page.page, row.row),
                file=page.page.file,
                page=page.page.page,
                row=row.row,
                board=board,
                kind="row",
                reasons=row.reasons,
                candidates=(),
                crop_png=row.crop.png,
                session=context.session,
                vulnerability=_vulnerability(board),
                pairs=read or printed,
                movement=movement,
                taken=tuple(sorted(taken.get((section, board), ()))) if board else (),
                boards=context.boards,
                written=_written_scores(row),
            )
            items.append(_with_candidates(item, row))
    return tuple(items)


def _with_candidates(item: ReviewItem, row: RowReading) -> ReviewItem:
    from dataclasses import replace

    return replace(item, candidates=row_candidates(item, row))


def _written_scores(row: RowReading) -> tuple[tuple[int, float], ...]:
    """The score box as read, as NS scores (the side mark gives the sign), most likely first."""
    try:
        score = row.field("score")
        side = row.field("score_side").value
    except KeyError:
        return ()
    sign = -1 if side == "EW" else 1
    out = []
    for candidate in score.candidates:
        if candidate.value and candidate.value.isdigit():
            out.append((sign * int(candidate.value), round(candidate.probability, 4)))
    return tuple(out)


def row_candidates(item: ReviewItem, row: RowReading) -> tuple[ReviewCandidate, ...]:
    """The candidates of a row item (see the module docstring for the order)."""
    offered: list[ReviewCandidate] = []
    seen: set[str] = set()

    def offer(reading: RowResult, probability: float | None, why: str) -> None:
        text = str(reading)
        if text in seen or reading.contract is None and not reading.passed_out:
            return
        seen.add(text)
        fits = not check_decision(item, text, reading)
        offered.append(ReviewCandidate(text, probability, why, fits))

    readings = [(row.best, row.posterior)] if row.best is not None else []
    readings += list(row.alternatives)
    law = [_with_law77_score(r, item.vulnerability) for r, _ in readings[:1]]
    for reading in law:
        if reading is not None and reading != readings[0][0]:
            offer(reading, None, "the contract and result as read, scored by Law 77")
    for reading, probability in readings:
        offer(reading, round(probability, 4), "the reader's reading")
    best = readings[0][0] if readings else None
    if best is not None and best.score_ns is not None and item.vulnerability:
        for score, probability in item.written[:3]:
            if probability < _CROP_SCORE_FLOOR:
                continue
            for reading in _nearest_with_score(best, score, item.vulnerability):
                offer(reading, None, f"fits the score read from the crop ({score:+d}, "
                                     f"p={probability:.2f})")  # fmt: skip
    for reading in tied_readings(row):
        offer(reading, None, "as likely as the reader's reading: the field's other options")
    ranked = [c for c in offered if c.fits] + [c for c in offered if not c.fits]
    return tuple(ranked[:_MAX_CANDIDATES])


def _with_law77_score(reading: RowResult | None, vulnerability: str) -> RowResult | None:
    """The reading with the Law 77 score of its contract and result in place of the written one."""
    from dataclasses import replace

    from scoring.board import Vulnerability
    from scoring.law77 import ns_score

    if reading is None or not vulnerability or reading.score_ns is None:
        return None
    if reading.passed_out:
        return replace(reading, score_ns=0)
    if reading.contract is None or reading.declarer is None or reading.tricks is None:
        return None
    law = ns_score(reading.contract, reading.declarer, reading.tricks,
                   Vulnerability.parse(vulnerability))  # fmt: skip
    return replace(reading, score_ns=law)


def _nearest_with_score(best: RowResult, score: int, vulnerability: str) -> list[RowResult]:
    """The results giving NS ``score`` that differ least from the marks read (at most two of
    level, strain, doubling, declarer and the result as marked: ``=``, ``+1``, ``-2``),
    nearest first, at most two (ocr/results_table.py)."""
    from ocr.results_table import results_with_score
    from scoring.board import Vulnerability

    if best.contract is None or best.declarer is None or best.tricks is None:
        return []
    vul = Vulnerability.parse(vulnerability)
    nearest = results_with_score(vul, best.contract, best.declarer, best.tricks, score, 2)
    return [
        RowResult(best.ns_pair, best.ew_pair, False, contract, seat, tricks, score)
        for contract, seat, tricks in nearest[:2]
    ]
