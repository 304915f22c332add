"""The mark decision's CPU by part (issues 42 and 43): a row's evidence and each rule.

    .venv/bin/python -m benchmarks.mark_cost --split test --pages 12 \\
        --conditions clean,noisy,phone,ordinary --cache CACHE

``--pages`` cached pages of each condition (as ``benchmarks.bench_ocr`` makes them in
``--cache``) are read twice in one process, with one BLAS, OpenMP and OpenCV thread as
the reading processes have, and without the event; only the second pass counts. Inside
``timed_parts`` the thread's CPU (``time.thread_time_ns``) is summed round every call of
``RowMarks.evidence`` (the row measured: each box's fill, dot and circle, ocr/row_marks.py),
``apply_rules`` (the rules, ocr/mark_rules.py) and each rule's test and run: the same
calls, timed where they are made, the table of rules put back on leaving. Two source
trees are compared by running it in each (the machine is shared: run them alternately).
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

__all__ = ["PARTS", "main", "timed_parts"]

PARTS = ("evidence", "rules")
"""The two parts of the mark decision: a row's evidence, then its rules in order."""


def _timed(label: str, call: Callable[..., Any], spent: Counter[str]) -> Callable[..., Any]:
    def timed(*args: Any) -> Any:
        start = time.thread_time_ns()
        try:
            return call(*args)
        finally:
            spent[label] += time.thread_time_ns() - start

    return timed


@contextmanager
def timed_parts(spent: Counter[str]) -> Iterator[None]:
    """While inside, add to ``spent`` the thread CPU (ns) of every row's evidence
    (``evidence``), its rules (``rules``) and each rule's test (``applies NAME``) and run
    (``run NAME``). The evidence is timed once a row (``RowMarks.evidence`` keeps it)."""
    from ocr import mark_rules, row_marks

    evidence, apply_rules, rules = (
        row_marks.RowMarks.evidence,
        row_marks.apply_rules,
        mark_rules.RULES,
    )

    def measured(self: row_marks.RowMarks) -> Any:
        kept = self._evidence() if self._evidence is not None else None  # held weakly
        if kept is not None:
            return kept
        return _timed("evidence", evidence, spent)(self)

    row_marks.RowMarks.evidence = measured  # type: ignore[method-assign]
    row_marks.apply_rules = _timed("rules", apply_rules, spent)
    mark_rules.RULES = tuple(
        mark_rules.MarkRule(
            r.name,
            _timed(f"run {r.name}", r.run, spent),
            _timed(f"applies {r.name}", r.applies, spent),
            r.why,
        )
        for r in rules
    )
    try:
        yield
    finally:
        row_marks.RowMarks.evidence = evidence  # type: ignore[method-assign]
        row_marks.apply_rules = apply_rules
        mark_rules.RULES = rules


def _table(spent: Counter[str], pages: int, top: int) -> str:
    lines = [f"{pages} pages: the mark decision {_ms(spent, PARTS, pages)} ms of CPU a page"]
    lines += [f"  {part:9s} {_ms(spent, (part,), pages)}" for part in PARTS]
    parts = sorted((k for k in spent if k not in PARTS), key=lambda k: -spent[k])[:top]
    lines += [f"  {_ms(spent, (k,), pages):>9s}  {k}" for k in parts]
    return "\n".join(lines)


def _ms(spent: Counter[str], keys: tuple[str, ...], pages: int) -> str:
    return f"{sum(spent[k] for k in keys) / 1e6 / pages:.2f}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--pages", type=int, default=12, help="pages per condition")
    ap.add_argument("--conditions", default="clean,noisy,phone,ordinary")
    ap.add_argument("--split", choices=("training", "test"), default="training")
    ap.add_argument("--cache", type=Path, default=Path("/tmp/bridgescan_bench_ocr"))
    ap.add_argument("--top", type=int, default=15, help="rules' tests and runs listed")
    args = ap.parse_args(argv)
    from pipeline.flows.prefect_env import one_maths_thread

    one_maths_thread()
    from benchmarks.bench_pages import read_page
    from ocr.reader import ScanReader
    from ocr.training.synthetic.truth import load_truth

    images = []
    for condition in args.conditions.split(","):
        files = sorted((args.cache / args.split / condition).glob("page_*.json"))[: args.pages]
        if not files:
            raise SystemExit(f"no cached pages in {args.cache / args.split / condition}")
        images += [f.parent / load_truth(f).image for f in files]
    reader = ScanReader(read_printed=True)
    for image in images:  # set-up and lazy imports: not counted
        read_page(reader, image)
    spent: Counter[str] = Counter()
    with timed_parts(spent):
        for image in images:
            read_page(reader, image)
    print(_table(spent, len(images), args.top))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
