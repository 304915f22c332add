"""Rows to review on the named sets, pooled by kind of page and condition (issue 43's goal:
at most 8% of the rows without a player's error on scanner pages, 12% on phone photos, on
TEST seed 13 and on fresh sets alike; docs/reader.md "The benchmark").

    python -m benchmarks.reader_sets shares runs/hunt runs/hunt2

One fresh set of 30-40 pages a condition holds some 350 rows without a player's error, so
its share moves by several points from seed to seed (TEST noisy: 8.8% to 17.4% on six
seeds): the goal is read off the rows of every set pooled, with the sets' spread beside it.
A set's kind comes from its name as ``benchmarks.reader_sets`` gives it (``htn501``: TEST
noisy; ``h501training``: TRAINING every condition; ``dg13``: TRAINING's dirty glass).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

__all__ = ["KINDS", "Pool", "kind_of", "pooled", "table"]

KINDS: tuple[tuple[str, str], ...] = (
    ("htn", "TEST"),
    ("hfdg", "TRAINING fine-dots dirty glass"),
    ("fdg", "TRAINING fine-dots dirty glass"),
    ("hdg", "TRAINING dirty glass"),
    ("dg", "TRAINING dirty glass"),
    ("fd", "TRAINING fine dots"),
    ("t", "TRAINING"),
)
"""A set name's letters (its seed taken out) and the kind of page the set reads."""

NO_EVENT = " (no event)"
"""How ``bench_ocr`` names a condition read without the event file."""


def kind_of(name: str) -> str:
    """The kind of page set ``name`` reads (``KINDS``; ``h{seed}test`` and
    ``h{seed}training``: TEST and TRAINING every condition). A name of no known set is
    its own kind."""
    if re.fullmatch(r"h\d+test", name):
        return "TEST"
    if re.fullmatch(r"h\d+training", name):
        return "TRAINING"
    letters = re.sub(r"\d+", "", name)
    return next((kind for prefix, kind in KINDS if letters == prefix), name)


@dataclass
class Pool:
    """One kind and condition read one way, over every set that holds it: the rows without
    a player's error, those sent to a person, the wrong rows, each set's own share."""

    rows: int = 0
    sent: int = 0
    wrong: int = 0
    goal: float = 0.08
    shares: list[float] = field(default_factory=list)

    @property
    def share(self) -> float:
        return self.sent / self.rows if self.rows else 0.0


def _goal(result: dict[str, Any], condition: str) -> float:
    """The condition's goal as ``bench_ocr`` gave it, else issue 43's (12% on phone
    photos, 8% on scanner pages)."""
    goal = result.get("goals", {}).get(condition, {}).get("goal")
    if goal is not None:
        return float(goal)
    return 0.12 if condition.removesuffix(NO_EVENT) == "phone" else 0.08


def pooled(results: Iterable[tuple[str, dict[str, Any]]]) -> dict[tuple[str, str], Pool]:
    """(set name, ``bench_ocr`` JSON) pairs pooled by (kind, condition as named in the
    JSON, " (no event)" included)."""
    pools: dict[tuple[str, str], Pool] = {}
    for name, result in results:
        for condition, v in result.items():
            if not isinstance(v, dict) or "written_rows" not in v:
                continue  # "all" and "goals"
            rows = v["written_rows"] - v["rows_with_player_errors"]
            sent = len(v["rows_to_review"]) - v["rows_to_review_with_player_errors"]
            pool = pools.setdefault((kind_of(name), condition), Pool())
            pool.rows += rows
            pool.sent += sent
            pool.wrong += v["false_accepts"]
            pool.goal = _goal(result, condition)
            pool.shares.append(sent / rows if rows else 0.0)
    return pools


def table(pools: dict[tuple[str, str], Pool]) -> list[str]:
    """The pools as lines of text: a line a kind and condition, with the event and without
    it side by side, the goal and whether the pooled share meets it."""
    head = (
        f"{'kind':<31}{'condition':<10}{'sets':>5}{'rows':>7}{'sent':>6}{'share':>8}"
        f"{'sets from-to':>15}{'no event':>10}{'goal':>6}  met  wrong"
    )
    lines = [head]
    for kind, condition in sorted(k for k in pools if not k[1].endswith(NO_EVENT)):
        p = pools[(kind, condition)]
        alone = pools.get((kind, condition + NO_EVENT))
        wrong = p.wrong + (alone.wrong if alone else 0)
        met = p.share <= p.goal and (alone is None or alone.share <= alone.goal)
        spread = f"{min(p.shares):.1%}-{max(p.shares):.1%}"
        lines.append(
            f"{kind:<31}{condition:<10}{len(p.shares):>5}{p.rows:>7}{p.sent:>6}{p.share:>8.2%}"
            f"{spread:>15}{(f'{alone.share:.2%}' if alone else '-'):>10}{p.goal:>6.0%}"
            f"  {'yes' if met else 'no ':<3}  {wrong:>5}"
        )
    return lines


def load(folders: Iterable[Path]) -> list[tuple[str, dict[str, Any]]]:
    """Every benchmark JSON in ``folders``, by set name (its file name without ``.json``)."""
    out = []
    for folder in folders:
        for path in sorted(folder.glob("*.json")):
            out.append((path.stem, json.loads(path.read_text(encoding="utf-8"))))
    return out
