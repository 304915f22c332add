"""What holds a row's posterior under the acceptance threshold: its marks, a digit of the
written score, or the pairs (issue 43, item 3).

    .venv/bin/python -m benchmarks.posterior_causes --split training --pages 80 --cache CACHE

The pages of ``--condition`` (``noisy``) are read as ``benchmarks.bench_ocr`` reads them,
with the event. For every written row in review without a player's error whose posterior
is under ``ocr.decode.DEFAULT_THRESHOLD``, the decoded result is set against its rival
(the second of ``decode_contract``'s ranking) part by part: the log-likelihood of each mark
group (level, strain, doubling, declarer, result) and of the written score (comb and side
mark, ``ocr.decode._scores_log_likelihood``) under the best result less under the rival.
What holds the row down (``what_holds``):

- "no evidence between them": every part ties (the boxes the two differ in read empty in
  both, or unsure at 0.5, and the comb scores both alike: N and S for one NS score);
- "a digit": the marks tie and the written score alone leans to the best (an unsure box
  whose two readings the comb tells apart less surely than the threshold);
- "a mark": the score ties and the marks lean to the best;
- "marks against the score": one leans to the best, the other to the rival;
- "marks and a digit": both lean to the best, not far enough;
- "the pairs": the result's own posterior reaches the threshold, the pairs' does not.

It also says whether the posterior is the row's one reason: a row with another reason
goes to a person whatever its posterior, and how many rows their pair numbers alone hold
(``held_by_pairs_alone``: every reason a pair's, the posterior one only where the result
reaches the threshold), issue 43's class on blank forms. Choices are made on ``--split
training`` (or ``held-out``, TRAINING in the digit model's held-out handwriting) only.
"""

from __future__ import annotations

from pipeline.flows.prefect_env import one_maths_thread

one_maths_thread()  # one BLAS, OpenMP and OpenCV thread, as the reading processes have

import argparse  # noqa: E402
import json  # noqa: E402
import re  # noqa: E402
from collections import Counter  # noqa: E402
from collections.abc import Iterator  # noqa: E402
from contextlib import contextmanager  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import numpy as np  # noqa: E402

import ocr.row_reader as row_reader  # noqa: E402
from benchmarks.bench_ocr import evaluate  # noqa: E402
from benchmarks.bench_pages import generate  # noqa: E402
from benchmarks.dust_causes import condition_arguments, condition_seed  # noqa: E402
from ocr.decode import (  # noqa: E402
    DEFAULT_THRESHOLD,
    ContractDecoding,
    _scores_log_likelihood,
)
from ocr.mark_groups import RowEvidence  # noqa: E402
from scoring.board import Vulnerability  # noqa: E402
from scoring.contract import Contract, Seat  # noqa: E402
from scoring.law77 import ns_score  # noqa: E402

__all__ = ["PARTS", "held_by_pairs_alone", "parts_of", "row_causes", "what_holds", "main"]

PARTS = ("level", "strain", "doubling", "declarer", "result", "score")
_TIE = 0.01
"""A part's difference under this (in log-likelihood: odds of 1.01) is a tie."""


def parts_of(
    ev: RowEvidence, vulnerability: Vulnerability, contract: Contract, declarer: Seat, tricks: int
) -> dict[str, float]:
    """The log-likelihood of each part of a played result's evidence (``PARTS``): each mark
    group's boxes showing exactly the result's box, and the comb and side mark showing its
    Law 77 score, as ``ocr.decode.decode_contract`` sums them."""
    diff = tricks - (contract.level + 6)
    if diff == 0:
        result = ev.result_sign.log_exactly("=") + ev.result_count.log_exactly(None)
    else:
        sign = "+" if diff > 0 else "-"
        result = ev.result_sign.log_exactly(sign) + ev.result_count.log_exactly(str(abs(diff)))
    law = ns_score(contract, declarer, tricks, vulnerability)
    return {
        "level": ev.level.log_exactly(str(contract.level)),
        "strain": ev.strain.log_exactly(contract.strain.value),
        "doubling": ev.doubling.log_exactly(contract.doubling.value or None),
        "declarer": ev.declarer.log_exactly(declarer.value),
        "result": result,
        "score": float(_scores_log_likelihood(ev, np.array([law]))[0]),
    }


def what_holds(best: dict[str, float], rival: dict[str, float]) -> str:
    """What keeps the best result's posterior from the threshold against ``rival`` (both
    ``parts_of``): see the module docstring."""
    diffs = {k: best[k] - rival[k] for k in PARTS}
    marks = sum(v for k, v in diffs.items() if k != "score")
    score = diffs["score"]
    if all(abs(v) < _TIE for v in diffs.values()):
        return "no evidence between them"
    if abs(marks) < _TIE:
        return "a digit" if score > 0 else "marks against the score"
    if abs(score) < _TIE:
        return "a mark"
    return "marks and a digit" if marks > 0 and score > 0 else "marks against the score"


Seen = dict[tuple[str, int], tuple[RowEvidence, Vulnerability, ContractDecoding]]


@contextmanager
def _decodings_seen(sink: Seen) -> Iterator[None]:
    """Every row's evidence and contract decoding while inside, by (page file, row)."""
    decode = row_reader.decode_contract  # type: ignore[attr-defined]
    decode_row = row_reader._decode_row
    last: list[tuple[RowEvidence, Vulnerability, ContractDecoding]] = []

    def decoding(ev: RowEvidence, vulnerability: Vulnerability, top: int = 3) -> ContractDecoding:
        out: ContractDecoding = decode(ev, vulnerability, top)
        last.append((ev, vulnerability, out))
        return out

    def row(r: Any, ref: Any, *args: Any, **kwargs: Any) -> Any:
        last.clear()
        out = decode_row(r, ref, *args, **kwargs)
        if last:
            sink[(ref.file, r.number)] = last[-1]
        return out

    row_reader.decode_contract = decoding  # type: ignore[attr-defined]
    row_reader._decode_row = row  # type: ignore[assignment]
    try:
        yield
    finally:
        row_reader.decode_contract = decode  # type: ignore[attr-defined]
        row_reader._decode_row = decode_row


def row_causes(to_review: list[dict[str, Any]], seen: Seen) -> list[dict[str, Any]]:
    """The rows in review without a player's error whose posterior is under the threshold,
    each with what holds it down and the part-by-part differences."""
    out = []
    for r in to_review:
        if r["player_error"] or not any(x.startswith("posterior") for x in r["reasons"]):
            continue
        ev, vul, decoding = seen[(r["page"], r["row"])]
        (c0, d0, t0, _), p0 = decoding.ranked[0]
        row = {**r, "alone": len(r["reasons"]) == 1, "result_posterior": round(p0, 4)}
        if p0 >= DEFAULT_THRESHOLD:
            row["holds"] = "the pairs"
        elif c0 is None or decoding.ranked[1][0][0] is None:
            row["holds"] = "a pass-out against a result"
        else:
            (c1, d1, t1, _), _ = decoding.ranked[1]
            assert d0 is not None and t0 is not None
            assert c1 is not None and d1 is not None and t1 is not None
            best, rival = parts_of(ev, vul, c0, d0, t0), parts_of(ev, vul, c1, d1, t1)
            row["holds"] = what_holds(best, rival)
            row["rival"] = f"{c1} by {d1}, {t1} tricks"
            row["diffs"] = {k: round(best[k] - rival[k], 2) for k in PARTS}
        out.append(row)
    return out


PAIR_REASON = re.compile(r"^(pairs? |unsure mark in pairs_changed)")
"""A reason about the row's pairs: a pair read on another row, not seated, not of the
section, numbers missing, the stack's or the traveller's posterior of the pairs, or the
"pairs changed" box unsure."""


def held_by_pairs_alone(
    to_review: list[dict[str, Any]], causes: list[dict[str, Any]]
) -> list[dict[str, Any]]:
    """The rows in review without a player's error that only their pair numbers hold: each
    reason a pair reason (``PAIR_REASON``), or the posterior under the threshold where the
    result's own reaches it (``row_causes`` says "the pairs"). A right reading of the
    pair numbers would accept them."""
    pairs_hold = {(r["page"], r["row"]) for r in causes if r["holds"] == "the pairs"}
    return [
        r
        for r in to_review
        if not r["player_error"]
        and all(
            PAIR_REASON.match(x)
            or (x.startswith("posterior") and (r["page"], r["row"]) in pairs_hold)
            for x in r["reasons"]
        )
    ]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    condition_arguments(ap)
    ap.add_argument("--json", type=Path, default=None, help="every such row, its parts")
    a = ap.parse_args(argv)
    files = generate(a.cache, a.condition, a.pages, condition_seed(a), split=a.split)
    seen: Seen = {}
    with _decodings_seen(seen):
        figures = evaluate(files)
    to_review: list[dict[str, Any]] = figures["rows_to_review"]  # type: ignore[assignment]
    rows = row_causes(to_review, seen)
    counts = Counter(r["holds"] for r in rows)
    alone = Counter(r["holds"] for r in rows if r["alone"])
    print(json.dumps({
        "written rows": figures["written_rows"],
        "digit fields read right": figures["digit_field_accuracy"],
        "rows to review without a player's error": sum(not r["player_error"] for r in to_review),
        "held by the pairs alone": len(held_by_pairs_alone(to_review, rows)),
        "of them under the threshold": len(rows),
        "the posterior their one reason": sum(r["alone"] for r in rows),
        "held by": dict(counts.most_common()),
        "held by, the posterior alone": dict(alone.most_common()),
    }, indent=1))  # fmt: skip
    for r in rows:
        print(
            f"{r['page']} row {r['row']}: {r['holds']}; {r.get('rival', '')} {r.get('diffs', '')}"
        )
        print(f"    {'; '.join(r['reasons'])}")
    if a.json is not None:
        a.json.write_text(json.dumps(rows, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
