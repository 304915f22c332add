"""The reader's named benchmark sets run and compared, row for row.

TRAINING's price set, on which every choice is made, and the fresh sets that hunt for wrong
rows (issue 43; docs/reader.md "The benchmark"):

    python -m benchmarks.reader_sets price --out runs/today --cache CACHE
    python -m benchmarks.reader_sets hunt --seeds 19446,82979 --out runs/hunt --cache CACHE
    python -m benchmarks.reader_sets compare runs/main runs/today
    python -m benchmarks.reader_sets shares runs/hunt runs/hunt2

``price`` reads TRAINING's price set (``PRICE_SETS``: seed 13 every condition, 40 pages;
the dirty glass 13, 24680 and 31415, 80 pages; the fine-dots dirty glass 13, 48201, 65079,
52718 and 16180, 40 pages; fine dots noisy 13, 30 pages; each page with and without the
event), one ``bench_ocr`` JSON a set in ``--out``. ``hunt`` reads fresh seeds: TEST and
TRAINING every condition, 30 pages (``--noisy``: the dirty glass and the fine-dots dirty
glass of TRAINING and TEST noisy, 40 pages), every page both ways; ``--fresh N`` draws N
seeds. ``compare`` prints, per JSON and in all, the row readings, the wrong rows and the
readings sent to a person without a player's error, and every row one side sends to a
person or accepts wrongly where the other does not: a change is priced on TRAINING row
for row. ``shares`` pools the rows to review of every set in its folders by kind of page
and condition, with and without the event and each set's share beside the pooled one,
against issue 43's goal (``pooled``, ``share_table``): one fresh set of 30-40 pages a
condition holds some 350 rows without a player's error, so its share moves by several
points from seed to seed (TEST noisy: 8.8% to 17.4% on eleven seeds).

Each set is a ``bench_ocr`` (or ``dirty_glass``) run of its own in a process of its own,
``--jobs`` at once; the pages are drawn once into ``--cache`` (each dirty-glass set into a
folder of its own, as ``dirty_glass`` asks) and read from there by every later run. Two
trees priced side by side may share one cache only once the pages are drawn: start the
second when the first has finished drawing, or give each a cache of its own.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import subprocess
import sys
import time
from collections.abc import Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from benchmarks.bench_report import PHONE_GOAL, SCANNER_GOAL

__all__ = [
    "KINDS",
    "PRICE_SETS",
    "BenchSet",
    "Pool",
    "Totals",
    "differences",
    "hunt_sets",
    "kind_of",
    "main",
    "pooled",
    "share_table",
    "totals",
]


@dataclass(frozen=True)
class BenchSet:
    """One benchmark run: its name (its JSON's and cache folder's), its split, seed,
    pages and conditions, and whether its pages come from the dirty glass's tail."""

    name: str
    split: str
    seed: int
    pages: int
    conditions: str = "all"
    dirty_glass: bool = False

    def command(self, cache_root: Path, out: Path) -> list[str]:
        """The command that reads this set, every page with and without the event."""
        bench = [
            "benchmarks.bench_ocr", "--split", self.split, "--pages", str(self.pages),
            "--seed", str(self.seed), "--conditions", self.conditions, "--no-event", "all",
            "--cache", str(cache_root / self.name), "--json", str(out / f"{self.name}.json"),
        ]  # fmt: skip
        if self.dirty_glass:
            return [sys.executable, "-m", "benchmarks.dirty_glass", "--load-from", "3", *bench]
        return [sys.executable, "-m", *bench]


PRICE_SETS: tuple[BenchSet, ...] = (
    BenchSet("t13", "training", 13, 40),
    *(BenchSet(f"dg{s}", "training", s, 80, "noisy", True) for s in (13, 24680, 31415)),
    *(
        BenchSet(f"fdg{s}", "training-fine-dots", s, 40, "noisy", True)
        for s in (13, 48201, 65079, 52718, 16180)
    ),
    BenchSet("fd13", "training-fine-dots", 13, 30, "noisy"),
)
"""TRAINING's price set: every threshold and rule of the reader is chosen on these."""


def hunt_sets(seeds: Iterable[int], noisy: bool) -> list[BenchSet]:
    """The fresh sets of ``seeds``: TEST and TRAINING every condition, 30 pages; with
    ``noisy``, TRAINING's dirty glass, its fine-dots dirty glass and TEST noisy, 40 pages."""
    out: list[BenchSet] = []
    for s in seeds:
        if noisy:
            out += [
                BenchSet(f"hdg{s}", "training", s, 40, "noisy", True),
                BenchSet(f"hfdg{s}", "training-fine-dots", s, 40, "noisy", True),
                BenchSet(f"htn{s}", "test", s, 40, "noisy"),
            ]
        else:
            out += [
                BenchSet(f"h{s}test", "test", s, 30),
                BenchSet(f"h{s}training", "training", s, 30),
            ]
    return out


@dataclass(frozen=True)
class Totals:
    """A run's row readings (written and unplayed rows, with and without the event), its
    wrong rows, and its readings sent to a person without a player's error."""

    readings: int = 0
    wrong: int = 0
    to_a_person: int = 0

    def __add__(self, other: Totals) -> Totals:
        return Totals(
            self.readings + other.readings,
            self.wrong + other.wrong,
            self.to_a_person + other.to_a_person,
        )


def _figures(result: dict[str, Any]) -> Iterable[tuple[str, dict[str, Any]]]:
    """Each condition's figures of a ``bench_ocr`` JSON (not "all" nor "goals")."""
    return ((c, v) for c, v in result.items() if isinstance(v, dict) and "written_rows" in v)


def totals(result: dict[str, Any]) -> Totals:
    """The ``Totals`` of one ``bench_ocr`` JSON."""
    out = Totals()
    for _, v in _figures(result):
        out += Totals(v["written_rows"] + v["unplayed_rows"], v["false_accepts"], _sent(v))
    return out


def _sent(figures: dict[str, Any]) -> int:
    """A condition's rows sent to a person without a player's error."""
    return len(figures["rows_to_review"]) - figures["rows_to_review_with_player_errors"]


def _rows(result: dict[str, Any]) -> dict[tuple[str, str], str]:
    """Every row a run sends to a person or accepts wrongly: (condition, row) -> why."""
    out = {}
    for condition, v in _figures(result):
        for e in v["rows_to_review"]:
            out[(condition, f"{e['page']} row {e['row']}")] = "; ".join(e["reasons"])
        for w in v["wrong_accepts"]:
            out[(condition, f"WRONG {w.split(':')[0]}")] = w
    return out


def differences(a: dict[str, Any], b: dict[str, Any]) -> list[tuple[str, str, str, str]]:
    """The rows one run sends to a person or accepts wrongly and the other does not:
    ("A" or "B", condition, row, why), in order."""
    ra, rb = _rows(a), _rows(b)
    only = [("A", *k, ra[k]) for k in ra.keys() - rb.keys()]
    only += [("B", *k, rb[k]) for k in rb.keys() - ra.keys()]
    return sorted(only, key=lambda d: (d[1], d[2], d[0]))


KINDS: tuple[tuple[str, str], ...] = (
    ("htn", "TEST"),
    ("hfdg", "TRAINING fine-dots dirty glass"),
    ("fdg", "TRAINING fine-dots dirty glass"),
    ("hdg", "TRAINING dirty glass"),
    ("dg", "TRAINING dirty glass"),
    ("fd", "TRAINING fine dots"),
    ("t", "TRAINING"),
)
"""A set name's letters (its seed taken out, as ``PRICE_SETS`` and ``hunt_sets`` name it)
and the kind of page the set reads."""

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
    goal: float = SCANNER_GOAL
    shares: list[float] = field(default_factory=list)

    @property
    def share(self) -> float:
        return self.sent / self.rows if self.rows else 0.0


def _goal(result: dict[str, Any], condition: str) -> float:
    """The condition's goal as ``bench_ocr`` gave it (``bench_report.goals``), else the
    same rule: 12% on phone photos, 8% on scanner pages."""
    goal = result.get("goals", {}).get(condition, {}).get("goal")
    if goal is not None:
        return float(goal)
    return PHONE_GOAL if condition.removesuffix(NO_EVENT) == "phone" else SCANNER_GOAL


def pooled(results: Iterable[tuple[str, dict[str, Any]]]) -> dict[tuple[str, str], Pool]:
    """(set name, ``bench_ocr`` JSON) pairs pooled by (kind, condition as named in the
    JSON, " (no event)" included)."""
    pools: dict[tuple[str, str], Pool] = {}
    for name, result in results:
        for condition, v in _figures(result):
            rows, sent = v["written_rows"] - v["rows_with_player_errors"], _sent(v)
            pool = pools.setdefault((kind_of(name), condition), Pool())
            pool.rows += rows
            pool.sent += sent
            pool.wrong += v["false_accepts"]
            pool.goal = _goal(result, condition)
            pool.shares.append(sent / rows if rows else 0.0)
    return pools


def share_table(pools: dict[tuple[str, str], Pool]) -> list[str]:
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


def _load(path: Path) -> dict[str, Any]:
    result: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return result


def _compare(a: Path, b: Path) -> int:
    """``compare``: the JSONs both folders hold, set by set, then the rows that differ."""
    names = sorted({p.name for p in a.glob("*.json")} & {p.name for p in b.glob("*.json")})
    if not names:
        print(f"compare: {a} and {b} hold no benchmark JSON of the same name", file=sys.stderr)
        return 2
    print(f"{'set':<14}{'readings':>9}  {'wrong A':>7} {'wrong B':>7}  "
          f"{'person A':>8} {'person B':>8}")  # fmt: skip
    all_a, all_b, rows = Totals(), Totals(), []
    for name in names:
        ra, rb = _load(a / name), _load(b / name)
        ta, tb = totals(ra), totals(rb)
        all_a, all_b = all_a + ta, all_b + tb
        print(f"{name[:-5]:<14}{ta.readings:>9,}  {ta.wrong:>7} {tb.wrong:>7}  "
              f"{ta.to_a_person:>8,} {tb.to_a_person:>8,}")  # fmt: skip
        rows += [(name[:-5], *d) for d in differences(ra, rb)]
    print(f"{'all':<14}{all_a.readings:>9,}  {all_a.wrong:>7} {all_b.wrong:>7}  "
          f"{all_a.to_a_person:>8,} {all_b.to_a_person:>8,}")  # fmt: skip
    print(f"{len(rows)} rows differ" + (":" if rows else " (row for row the same)"))
    for name, side, condition, row, why in rows:
        print(f"  only {side}  {name} {condition}: {row}  ({why})")
    return 0


def _shares(folders: Sequence[Path]) -> int:
    """``shares``: the rows to review of every set in ``folders``, pooled."""
    results = [(p.stem, _load(p)) for folder in folders for p in sorted(folder.glob("*.json"))]
    if not results:
        print(f"shares: no benchmark JSON in {', '.join(map(str, folders))}", file=sys.stderr)
        return 2
    print("\n".join(share_table(pooled(results))))
    return 0


def _run(sets: Sequence[BenchSet], cache: Path, out: Path, jobs: int) -> int:
    """Read every set, ``jobs`` at a time, each JSON into ``out``; a line as each ends."""
    out.mkdir(parents=True, exist_ok=True)
    start = time.monotonic()
    print(f"{len(sets)} sets into {out}, {jobs} at a time", flush=True)

    def one(s: BenchSet) -> int:
        log = out / f"{s.name}.log"
        with log.open("w", encoding="utf-8") as f:
            code = subprocess.run(s.command(cache, out), stdout=f, stderr=f).returncode
        if code:
            print(f"  {s.name}: failed (exit {code}), see {log}", flush=True)
        else:
            t = totals(_load(out / f"{s.name}.json"))
            print(f"  {s.name}: {t.readings:,} readings, {t.wrong} wrong, {t.to_a_person} to a "
                  f"person ({time.monotonic() - start:.0f} s)", flush=True)  # fmt: skip
        return code

    with ThreadPoolExecutor(max_workers=jobs) as pool:
        failed = sum(1 for code in pool.map(one, sets) if code)
    return 1 if failed else 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="command", required=True)
    for name, what in (("price", "TRAINING's price set"), ("hunt", "fresh seeds")):
        p = sub.add_parser(name, help=f"read {what}")
        p.add_argument("--out", type=Path, required=True, help="a folder for the JSONs")
        p.add_argument("--cache", type=Path, default=Path("/tmp/bridgescan_bench_ocr"),
                       help="where the pages are drawn, a folder a set")  # fmt: skip
        p.add_argument("--jobs", type=int, default=1, help="sets read at once")
    hunt = sub.choices["hunt"]
    seeds = hunt.add_mutually_exclusive_group(required=True)
    seeds.add_argument("--seeds", help="comma-separated seeds")
    seeds.add_argument("--fresh", type=int, help="draw this many seeds from 1000-99999")
    hunt.add_argument("--noisy", action="store_true", help="the dirty glass and TEST noisy")
    cmp = sub.add_parser("compare", help="two runs' folders, set by set and row by row")
    cmp.add_argument("a", type=Path)
    cmp.add_argument("b", type=Path)
    shares = sub.add_parser("shares", help="rows to review, pooled by kind of page and condition")
    shares.add_argument("folders", type=Path, nargs="+", help="run folders (price, hunt)")
    a = ap.parse_args(argv)
    if a.command == "compare":
        return _compare(a.a, a.b)
    if a.command == "shares":
        return _shares(a.folders)
    if a.jobs < 1:
        ap.error("--jobs must be 1 or more")
    if a.command == "price":
        return _run(PRICE_SETS, a.cache, a.out, a.jobs)
    try:
        chosen = (
            [int(s) for s in a.seeds.split(",")]
            if a.seeds
            else random.sample(range(1000, 100000), a.fresh)
        )
    except ValueError:
        ap.error(f"--seeds: whole numbers separated by commas, not {a.seeds!r}")
    print(f"seeds {','.join(map(str, chosen))}", flush=True)
    return _run(hunt_sets(chosen, a.noisy), a.cache, a.out, a.jobs)


if __name__ == "__main__":
    raise SystemExit(main())
