"""What a person types as a decision: a row reading, ``candidate N``, ``reject``, ``keep``
or ``board N``.

``parse_row_value`` reads a row as a director writes it (``3-12 4HX N -1 -200``,
Scandinavian notation accepted); ``interpret`` says what a value means for one item.
Apart from the checks (review_checks.py): this only reads, it never judges.
"""

from __future__ import annotations

from ocr.reading import RowResult
from pipeline.doors.scans.review import ReviewError, ReviewItem

__all__ = ["parse_row_value", "interpret"]


def parse_row_value(text: str) -> RowResult:
    """Read a row as a person types it: ``[NS-EW] CONTRACT DECLARER RESULT [SCORE]`` or
    ``[NS-EW] PASS``; e.g. ``3-12 4HX N -1 -200``, ``4S S = 620``, ``5-9 pass``, and
    ``5-9 passed out`` as a passed-out reading's button says it.

    Scandinavian notation is accepted (scoring.contract).
    """
    from scoring.contract import Seat, parse_contract, parse_tricks

    parts = text.split()
    ns = ew = None
    if parts and "-" in parts[0] and parts[0].replace("-", "").isdigit():
        a, _, b = parts.pop(0).partition("-")
        if not a or not b:
            raise ReviewError(f"{text!r}: pairs are written NS-EW, e.g. 3-12")
        ns, ew = int(a), int(b)
    if not parts:
        raise ReviewError(f"{text!r}: give a contract (e.g. 4HX N -1) or PASS")
    try:
        contract = parse_contract(parts[0])
        if contract is None:
            if parts[1:2] == ["out"]:  # "passed out": how a reading writes it (RowResult)
                parts.pop(1)
            score = int(parts[1]) if len(parts) > 1 else None
            return RowResult(ns, ew, passed_out=True, score_ns=score)
        if len(parts) < 3:
            raise ReviewError(f"{text!r}: a contract needs declarer and result (4HX N -1)")
        declarer = Seat.parse(parts[1])
        tricks = parse_tricks(parts[2], contract)
        score = int(parts[3]) if len(parts) > 3 else None
    except ValueError as exc:
        if isinstance(exc, ReviewError):
            raise
        raise ReviewError(f"{text!r}: {exc}") from exc
    return RowResult(ns, ew, False, contract, declarer, tricks, score)


def interpret(item: ReviewItem, value: str) -> tuple[str, RowResult | None]:
    """What ``value`` means for ``item``: the text to record and, for a row, the reading.

    Row items take a row reading, ``candidate N`` or ``reject``; page items take ``reject``
    (the page is no result), ``keep`` (its rows stand, each decided on its own) or
    ``board N`` (the page is board N).
    """
    text = " ".join(value.split())
    low = text.lower()
    if low.startswith("candidate"):
        try:
            k = int(low.split()[1])
            if k < 1:
                raise IndexError
            text = item.candidates[k - 1].text
        except (IndexError, ValueError):
            raise ReviewError(
                f"{item.id}: {value!r}: there are {len(item.candidates)} candidates"
            ) from None
        return text, parse_row_value(text) if item.kind == "row" else None
    if low == "reject":
        return "reject", None
    if item.kind == "page":
        if low == "keep":
            return "keep", None
        parts = low.split()
        if len(parts) == 2 and parts[0] == "board" and parts[1].isdigit():
            return f"board {int(parts[1])}", None
        raise ReviewError(f"{item.id}: a page item takes 'reject', 'keep' or 'board N'")
    reading = parse_row_value(text)
    return str(reading), reading
