"""Every row sent to review without a player's error, by the mark boxes read otherwise than
the page's truth (issue 43, item 4).

    .venv/bin/python -m benchmarks.review_causes --split training --pages 80 --cache CACHE

The pages of ``--condition`` (``noisy``) are read as ``benchmarks.bench_ocr`` reads them,
with the event (``--no-event``: without it). Each row in review whose players made no
error (``benchmarks.bench_truth.player_error``) is given every cause it holds, one per
mark box read otherwise than the truth (``box_cause``):

- "a player's box read empty" (the score side left out: the decoder allows for it);
- "a player's box unsure by a neighbour's stroke" ("edge", "beside a circle": the spill
  rules could not say whose the stroke is);
- "a player's box unsure, the only inked box of its field" (by its fill, a circle or a
  dot), or "... beside another inked box of its field";
- "a box no player marked read unsure" or "... read marked" (by how it was read);
- "no mark box read otherwise" where no box is (a digit, tied ink, an unchecked field).

``table`` counts the rows holding each cause and those holding it alone: a rule that takes
a cause away can take out at most the second figure. ``--by-rule`` names in each cause the
rule that last changed the box (``benchmarks.rules_seen``: "by dusty_circles", or "by
first reading" where the box's own reading stands), so a class is a cause and what
decided it. Choices are made on ``--split training`` only; TEST is read to say what is
left.
"""

from __future__ import annotations

from pipeline.flows.prefect_env import one_maths_thread

one_maths_thread()  # one BLAS, OpenMP and OpenCV thread, as the reading processes have

import argparse  # noqa: E402
import json  # noqa: E402
from collections import Counter  # noqa: E402
from collections.abc import Collection, Mapping  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

from benchmarks.bench_pages import generate  # noqa: E402
from benchmarks.bench_truth import player_error  # noqa: E402
from benchmarks.dust_causes import (  # noqa: E402
    PageRead,
    condition_arguments,
    condition_seed,
    read_pages,
)
from ocr.layout import SCORE_SIDE  # noqa: E402
from ocr.training.synthetic.truth import load_truth  # noqa: E402

__all__ = ["NO_BOX", "box_cause", "row_causes", "table", "main"]

NO_BOX = "no mark box read otherwise"
_NEIGHBOURS = frozenset({"edge", "beside a circle"})
"""How a box reads unsure when its ink may be a neighbour's stroke (ocr/spill_rules.py)."""

Marks = Mapping[tuple[str, str], tuple[str, str]]
"""One row's mark boxes: (field, option) -> (state, how) as read."""


def box_cause(
    field: str,
    option: str,
    marks: Marks,
    intended: Collection[tuple[str, str]],
    decided: Mapping[tuple[str, str], str] | None = None,
) -> str | None:
    """Why one box of a row is read otherwise than the truth (None: it is not): ``marks``
    the row's readings, ``intended`` the (field, option) of every box a player marked;
    with ``decided`` (box -> the rule that decided it), the cause names that rule."""
    cause = _box_cause(field, option, marks, intended)
    if cause is None or decided is None:
        return cause
    return f"{cause}, by {decided.get((field, option), '?')}"


def _box_cause(
    field: str, option: str, marks: Marks, intended: Collection[tuple[str, str]]
) -> str | None:
    state, how = marks[field, option]
    if (field, option) in intended:
        if state == "marked" or (state == "empty" and field == SCORE_SIDE):
            return None
        if state == "empty":
            return "a player's box read empty"
        if how in _NEIGHBOURS:
            return "a player's box unsure by a neighbour's stroke"
        others = [k for k, (s, _) in marks.items() if k[0] == field and k[1] != option]
        if any(marks[k][0] != "empty" for k in others):
            return f"a player's box unsure by its {how}, beside another inked box of its field"
        return f"a player's box unsure by its {how}, the only inked box of its field"
    if state == "empty":
        return None
    return f"a box no player marked read {state} by {how}"


def row_causes(
    marks: Marks,
    intended: Collection[tuple[str, str]],
    decided: Mapping[tuple[str, str], str] | None = None,
) -> set[str]:
    """Every cause one row holds (``NO_BOX`` where no box is read otherwise; ``decided``:
    as ``box_cause`` takes it)."""
    found = {box_cause(f, o, marks, intended, decided) for f, o in marks}
    return {c for c in found if c is not None} or {NO_BOX}


def table(rows: list[set[str]]) -> dict[str, tuple[int, int]]:
    """Per cause, the rows holding it and the rows holding it alone, most rows first."""
    held = Counter(c for r in rows for c in r)
    alone = Counter(next(iter(r)) for r in rows if len(r) == 1)
    return {c: (n, alone[c]) for c, n in held.most_common()}


def _page_rows(f: Path, page: PageRead, by_rule: bool = False) -> list[dict[str, Any]]:
    """The page's written rows in review without a player's error, each with its causes."""
    truth = load_truth(f)
    allowed = {(ns, ew) for _, _, ns, ew in truth.printed}
    intended = truth.intended_marks()
    out = []
    for t in truth.rows:
        status, reasons = page.rows.get(t.row, ("missing", ()))
        if status == "accepted" or player_error(t, allowed):
            continue
        marks = {(fd, o): v for (r, fd, o), v in page.marks.items() if r == t.row}
        mine = {(fd, o) for r, fd, o in intended if r == t.row}
        decided = {(fd, o): v for (r, fd, o), v in page.decided.items() if r == t.row}
        causes = row_causes(marks, mine, decided if by_rule else None)
        out.append({"page": f.name, "row": t.row, "reasons": list(reasons),
                    "causes": sorted(causes)})  # fmt: skip
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    condition_arguments(ap)
    ap.add_argument("--no-event", action="store_true", help="read without the event file")
    ap.add_argument("--json", type=Path, default=None, help="every such row, its causes")
    ap.add_argument("--by-rule", action="store_true", help="name the rule that decided each box")
    a = ap.parse_args(argv)
    files = generate(a.cache, a.condition, a.pages, condition_seed(a), split=a.split)
    pages = read_pages(files, not a.no_event, a.by_rule)
    rows = [r for f in files for r in _page_rows(f, pages[f.name], a.by_rule)]
    print(f"{len(rows)} rows to review without a player's error; rows holding each cause, "
          f"and holding it alone:")  # fmt: skip
    for cause, (n, alone) in table([set(r["causes"]) for r in rows]).items():
        print(f"  {n:4d} {alone:4d}  {cause}")
    if a.json is not None:
        a.json.write_text(json.dumps(rows, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
