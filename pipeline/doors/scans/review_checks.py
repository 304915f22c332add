"""Whether a decision fits: Law 77 and the movement, before it is taken.

``check_decision`` lists why a value does not fit an item: the score against Law 77 for
the board's vulnerability (Law 2), the pairs against the movement and against the results
the board already has, a page's board against the session's boards. What it needs travels
with the item, so no event file is read. The review queue uses it to mark candidates that
do not fit (review_queue.py), and ``decide`` to refuse a decision (review_decisions.py).
"""

from __future__ import annotations

from collections.abc import Iterable

from ocr.reading import RowResult
from pipeline.doors.scans.review import ReviewItem

__all__ = ["check_decision"]


def _pairs_of(item: ReviewItem, reading: RowResult) -> tuple[int, int] | None:
    ns = reading.ns_pair or (item.pairs[0] if item.pairs else None)
    ew = reading.ew_pair or (item.pairs[1] if item.pairs else None)
    return None if ns is None or ew is None else (ns, ew)


def _law77_problem(item: ReviewItem, reading: RowResult) -> str | None:
    from scoring.board import Vulnerability
    from scoring.contract import format_result
    from scoring.law77 import ns_score

    if reading.score_ns is None or not item.vulnerability or item.board is None:
        return None
    vul = Vulnerability.parse(item.vulnerability)
    if reading.passed_out or reading.contract is None:
        law = 0
        played = "a passed-out board"
    else:
        law = ns_score(reading.contract, reading.declarer, reading.tricks, vul)
        result = format_result(reading.contract, reading.tricks)  # type: ignore[arg-type]
        played = f"{reading.contract}{result} by {reading.declarer}"
    if law == reading.score_ns:
        return None
    who = {"None": "nobody", "All": "both sides"}.get(str(vul), str(vul))
    return (
        f"{played} scores {law:+d} for NS on board {item.board} ({who} vulnerable), not "
        f"{reading.score_ns:+d} (Law 77)"
    )


def _pair_text(pairs: Iterable[tuple[int, int]]) -> str:
    return ", ".join(f"{ns}-{ew}" for ns, ew in pairs)


def check_decision(item: ReviewItem, text: str, reading: RowResult | None) -> list[str]:
    """Why the decision ``text`` on ``item`` does not fit Law 77 or the movement (empty: it
    fits). ``reading`` is the row it gives (None for reject, keep and board N)."""
    problems: list[str] = []
    if text == "reject" or text == "keep":
        return problems
    if item.kind == "page":
        board = int(text.split()[1])
        if item.boards and board not in item.boards:
            problems.append(f"board {board} is not a board of session {item.session}")
        return problems
    assert reading is not None
    if item.board is None:
        return ["the page's board is not known: decide the page first ('board N')"]
    pairs = _pairs_of(item, reading)
    if pairs is None:
        problems.append("the pair numbers are not known: give them as NS-EW, e.g. 3-12 4S N =")
    elif item.movement and pairs not in item.movement:
        if pairs[::-1] in item.movement:
            problems.append(
                f"the movement has NS {pairs[1]} v EW {pairs[0]} on board {item.board}, "
                f"not NS {pairs[0]} v EW {pairs[1]}"
            )
        else:
            problems.append(
                f"pairs {pairs[0]}-{pairs[1]} do not play board {item.board} in the movement "
                f"(it has {_pair_text(item.movement)})"
            )
    if pairs is not None and (pairs in item.taken or pairs[::-1] in item.taken):
        problems.append(f"pairs {pairs[0]}-{pairs[1]} already have a result on board {item.board}")
    law = _law77_problem(item, reading)
    if law is not None:
        problems.append(law)
    return problems
