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
and condition, against issue 43's goal (``benchmarks.set_shares``).

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
import subprocess
import sys
import time
from collections.abc import Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from benchmarks import set_shares

__all__ = [
    "PRICE_SETS",
    "BenchSet",
    "Totals",
    "differences",
    "hunt_sets",
    "main",
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
        sent = len(v["rows_to_review"]) - v["rows_to_review_with_player_errors"]
        out += Totals(v["written_rows"] + v["unplayed_rows"], v["false_accepts"], sent)
    return out


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
    results = set_shares.load(folders)
    if not results:
        print(f"shares: no benchmark JSON in {', '.join(map(str, folders))}", file=sys.stderr)
        return 2
    print("\n".join(set_shares.table(set_shares.pooled(results))))
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
