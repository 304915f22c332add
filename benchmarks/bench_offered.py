"""Is a row to review's truth among the buttons a person is offered (issue 43)?

The review queue offers a row's candidates as buttons (pipeline/doors/scans/review_queue.py,
``row_candidates``: the reader's kept readings, the best and its alternatives, with the
readings rules build beside them); a director clicks the right one in a second, but types
the whole row when the truth is not there. For each written row sent to review,
benchmarks/bench_ocr.py counts whether its truth (pairs, contract, declarer, tricks, or
passed out) is the first button and whether it is among them. The score is left out: the
queue offers each reading with its Law 77 score beside it, and the score a person records
is checked apart.

A row a player got wrong counts like any other: its truth is what the table played (the
pairs that really sat, the contract and result made), which is what the director records,
so it should be offered too. A row of a page the reader could not place on the form has no
buttons (the page goes to a person whole): it counts as not offered.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import replace

from ocr.reading import PageReading, RowResult
from ocr.training.synthetic.truth import RowTruth
from pipeline.doors.scans.review_queue import QueueContext, build_queue
from pipeline.doors.scans.review_values import parse_row_value

__all__ = [
    "offered_figures",
    "offered_readings",
    "place_offered",
    "tally_offered",
    "truth_text",
]

RowKey = tuple[int | None, int | None, bool, object, object, int | None]


def _truth_key(t: RowTruth) -> RowKey:
    return (t.ns_pair, t.ew_pair, t.passed_out, t.contract, t.declarer,
            None if t.passed_out else t.tricks)  # fmt: skip


def _reading_key(r: RowResult) -> RowKey:
    return (r.ns_pair, r.ew_pair, r.passed_out, r.contract, r.declarer,
            None if r.passed_out else r.tricks)  # fmt: skip


def place_offered(truth: RowTruth, offered: Sequence[RowResult]) -> int | None:
    """Where the truth is among the buttons offered, 0 for the first; None when it is not
    there. Two buttons that differ only in the score are the same answer here."""
    want = _truth_key(truth)
    for place, reading in enumerate(offered):
        if _reading_key(reading) == want:
            return place
    return None


def offered_readings(
    page: PageReading,
    printed: Callable[[int, str], object] | None,
    probabilities: dict[int, list[float | None]] | None = None,
) -> dict[int, list[RowResult]]:
    """Per row to review of ``page``, the readings its buttons stand for, in the queue's
    order (``build_queue`` with the event's printed pairs, ``printed``, or none); each
    button's posterior (None: built by a rule) into ``probabilities`` when given."""
    out: dict[int, list[RowResult]] = {}
    if probabilities is None:
        probabilities = {}
    for item in build_queue([page], QueueContext(printed=printed)):
        if item.row is not None:
            out[item.row] = [_parsed(c.text) for c in item.candidates]
            probabilities[item.row] = [c.probability for c in item.candidates]
    return out


def truth_text(t: RowTruth) -> str:
    """The truth as a button would show it, with its Law 77 score."""
    return str(RowResult(t.ns_pair, t.ew_pair, t.passed_out, t.contract, t.declarer,
                         None if t.passed_out else t.tricks, t.ns_score))  # fmt: skip


def _parsed(text: str) -> RowResult:
    """A button's reading from its text (``str(RowResult)``); a pair read as ``?`` is None."""
    pairs, _, rest = text.partition(" ")
    if "?" not in pairs:
        return parse_row_value(text)
    ns, _, ew = pairs.partition("-")
    reading = parse_row_value(rest)
    return replace(reading, ns_pair=None if ns == "?" else int(ns),
                   ew_pair=None if ew == "?" else int(ew))  # fmt: skip


def tally_offered(c: Counter[str], place: int | None, player_error: bool) -> None:
    """Count one written row to review into ``c``: offered first, offered at all, in all
    and (``-np``) among the rows without a player's error."""
    for suffix, counts in (("", True), ("-np", not player_error)):
        if not counts:
            continue
        c["offered_rows" + suffix] += 1
        c["offered_first" + suffix] += place == 0
        c["offered_among" + suffix] += place is not None


def offered_figures(c: Counter[str]) -> dict[str, object]:
    """The shares of the rows to review whose truth is the first button and is among the
    buttons, in all and without the players' errors (the JSON's ``truth_offered``)."""
    out: dict[str, object] = {}
    for name, suffix in (("all", ""), ("without_player_errors", "-np")):
        rows = c["offered_rows" + suffix]
        out[name] = {
            "rows_to_review": rows,
            "first": round(c["offered_first" + suffix] / max(1, rows), 4),
            "among": round(c["offered_among" + suffix] / max(1, rows), 4),
        }
    return out
