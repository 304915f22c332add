"""What each mark rule is worth: the TRAINING pages read with every rule, then with each
rule of ocr/mark_rules.py switched off in turn (issue 43).

    .venv/bin/python -m benchmarks.rule_prices --pages 40 --cache /tmp/bridgescan_bench_ocr

For every condition ``--pages`` TRAINING pages are generated (or reused from ``--cache``,
as ``benchmarks.bench_ocr --split training`` makes them) and read with the event. A rule's
price is what switching it off changes: wrong rows accepted (an accepted row that is not
the truth) and rows sent to a person, over all conditions. A rule that costs nothing
here was set for pages these do not hold (its docstring names them); the table says so
rather than hiding it. The TEST side is never read: the rules are judged on the pages
they were chosen on.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from benchmarks.bench_ocr import evaluate
from benchmarks.bench_pages import generate
from ocr.mark_rules import RULE_NAMES, rules_off
from ocr.training.synthetic.sources import CONDITIONS

__all__ = ["price_rules", "as_markdown", "main"]


def _counts(figures: dict[str, object]) -> tuple[int, int, int]:
    rows = int(figures["written_rows"])  # type: ignore[call-overload]
    review = round(float(figures["review_share"]) * rows)  # type: ignore[arg-type]
    return int(figures["false_accepts"]), review, rows  # type: ignore[call-overload]


def price_rules(
    cache: Path,
    pages: int,
    conditions: tuple[str, ...] = CONDITIONS,
    seed: int = 13,
    rules: tuple[str, ...] = RULE_NAMES,
    baseline: bool = True,
) -> dict[str, dict[str, dict[str, int]]]:
    """Per setting ("all rules" unless not ``baseline``, then "without RULE" for each of
    ``rules``), per condition: wrong rows, rows to review and written rows."""
    files = {
        c: generate(cache, c, pages, seed * 100 + CONDITIONS.index(c) + 50, split="training")
        for c in conditions
    }
    out: dict[str, dict[str, dict[str, int]]] = {}
    for setting in (("all rules",) if baseline else ()) + rules:
        off = () if setting == "all rules" else (setting,)
        per: dict[str, dict[str, int]] = {}
        with rules_off(*off):
            for c in conditions:
                wrong, review, rows = _counts(evaluate(files[c]))
                per[c] = {"wrong": wrong, "review": review, "rows": rows}
        out[setting if not off else f"without {setting}"] = per
        print(json.dumps({setting: per}), flush=True)
    return out


def as_markdown(prices: dict[str, dict[str, dict[str, int]]]) -> str:
    """The price table: per rule, the wrong rows and rows to review it saves."""
    base = prices["all rules"]
    conditions = list(base)
    rows = sum(v["rows"] for v in base.values())
    head = "| rule switched off | wrong rows | rows to review | " + " | ".join(conditions) + " |"
    lines = [head, "|---" * (3 + len(conditions)) + "|"]
    wrong0 = sum(v["wrong"] for v in base.values())
    review0 = sum(v["review"] for v in base.values())
    lines.append(
        f"| none ({rows} written rows) | {wrong0} | {review0} | "
        + " | ".join(f"{base[c]['review']}" for c in conditions)
        + " |"
    )
    for name, per in prices.items():
        if name == "all rules":
            continue
        wrong = sum(v["wrong"] for v in per.values())
        review = sum(v["review"] for v in per.values())
        deltas = " | ".join(f"{per[c]['review'] - base[c]['review']:+d}" for c in conditions)
        lines.append(
            f"| {name.removeprefix('without ')} | {wrong} ({wrong - wrong0:+d}) | "
            f"{review} ({review - review0:+d}) | {deltas} |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--pages", type=int, default=40, help="TRAINING pages per condition")
    ap.add_argument("--conditions", default=",".join(CONDITIONS))
    ap.add_argument("--cache", type=Path, default=Path("/tmp/bridgescan_bench_ocr"))
    ap.add_argument("--json", type=Path, default=None, help="also write the counts here")
    ap.add_argument("--rules", default=",".join(RULE_NAMES), help="the rules to price")
    ap.add_argument(
        "--no-baseline", action="store_true", help="leave out the reading with every rule"
    )
    args = ap.parse_args(argv)
    conditions = tuple(c for c in args.conditions.split(",") if c)
    unknown = set(conditions) - set(CONDITIONS)
    if unknown:
        raise SystemExit(f"no condition {sorted(unknown)}: one of {', '.join(CONDITIONS)}")
    rules = tuple(r for r in args.rules.split(",") if r)
    if set(rules) - set(RULE_NAMES):
        raise SystemExit(f"no rule {sorted(set(rules) - set(RULE_NAMES))}: one of {RULE_NAMES}")
    prices = price_rules(args.cache, args.pages, conditions, rules=rules,
                         baseline=not args.no_baseline)  # fmt: skip
    if args.json:
        args.json.write_text(json.dumps(prices, indent=2) + "\n", "utf-8")
    if "all rules" in prices:
        print(as_markdown(prices))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
