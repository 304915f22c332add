"""The benchmark's report (benchmarks/bench_ocr.py): the figures of one condition's rows,
the bound on false accepts, the shares to review and issue 43's goals, and the lines
printed while it runs.
"""

from __future__ import annotations

import math
from collections import Counter

__all__ = [
    "PHONE_GOAL",
    "SCANNER_GOAL",
    "form_figures",
    "goals",
    "headline",
    "share_without_player_errors",
    "shares",
    "speed",
    "upper_bound",
]

PHONE_GOAL, SCANNER_GOAL = 0.12, 0.08
"""Issue 43's most rows to review, among the rows the players got right."""


def upper_bound(errors: int, n: int, confidence: float = 0.95) -> float:
    """One-sided Clopper-Pearson upper bound of a rate after ``errors`` in ``n`` trials."""
    if n == 0:
        return 1.0
    if errors == 0:
        return 1.0 - (1.0 - confidence) ** (1.0 / n)
    lo, hi = errors / n, 1.0
    for _ in range(60):  # bisection: P(X <= errors | p) = 1 - confidence
        mid = (lo + hi) / 2
        cdf = sum(math.comb(n, k) * mid**k * (1 - mid) ** (n - k) for k in range(errors + 1))
        lo, hi = (mid, hi) if cdf > 1 - confidence else (lo, mid)
    return hi


def share_without_player_errors(
    rows: int, review: int, player_errors: int, review_player_errors: int
) -> float:
    """Issue 43's goal figure: the share of the rows the players got right that go to a
    person (the rows they got wrong must, and are left out of both counts)."""
    return (review - review_player_errors) / max(1, rows - player_errors)


def form_figures(c: Counter[str]) -> dict[str, object]:
    """One kind of form's rows, wrong rows and share to review (of the rows without a
    player's error: the goal's figure)."""
    share = share_without_player_errors(
        c["rows"], c["rows_review"], c["rows_player_error"], c["rows_review_player_error"]
    )
    return {"pages": c["pages"], "written_rows": c["rows"], "false_accepts": c["false_accepts"],
            "review_share_without_player_errors": round(share, 4)}  # fmt: skip


def shares(table: dict[str, Counter[str]]) -> dict[str, dict[str, float]]:
    return {
        k: {"rows": v["rows"], "review": round(v["review"] / max(1, v["rows"]), 4)}
        for k, v in sorted(table.items())
    }


def goals(result: dict[str, object]) -> dict[str, dict[str, object]]:
    """Each condition read (with the event and without) against issue 43's goals: no wrong
    row, and of the rows without a player's error (``player_error``) at most 12% to review
    on phone photos, 8% on scanner pages. The share of all rows is kept beside it."""
    out: dict[str, dict[str, object]] = {}
    for name, f in result.items():
        if not isinstance(f, dict) or "review_share_without_player_errors" not in f:
            continue
        goal = PHONE_GOAL if name.split(" ")[0] == "phone" else SCANNER_GOAL
        share = f["review_share_without_player_errors"]
        out[name] = {
            "false_accepts": f["false_accepts"],
            "review_share": f["review_share"],
            "review_share_without_player_errors": share,
            "goal": goal,
            "met": f["false_accepts"] == 0 and share <= goal,
        }
    return out


def speed(result: dict[str, object], names: tuple[str, ...]) -> float:
    pages = cpu = 0.0
    for n in names:
        f = result.get(n)
        if isinstance(f, dict):
            pages += f["pages"]
            cpu += f["cpu_seconds"]
    return round(pages / max(cpu, 1e-9), 2)


def headline(f: dict[str, object]) -> dict[str, object]:
    keys = ("pages", "written_rows", "false_accepts", "false_accept_upper_95", "review_share",
            "review_share_without_player_errors", "pages_per_second_per_core",
            "by_form")  # fmt: skip
    return {k: f[k] for k in keys}
