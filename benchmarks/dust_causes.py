"""What the dust sends to review: noisy pages read against the same pages drawn without their
dust (issue 43, item 4).

    .venv/bin/python -m benchmarks.dust_causes --split training --pages 80 --cache CACHE

The pages of ``--condition`` (``noisy``) are generated twice from the same seed: as the
benchmark draws them, and with the scanner's specks drawn on a copy of the page (the same
random stream, so every other stroke, pen and scanner fault is the same). Both are read as
``benchmarks.bench_ocr`` reads them, with the event (``--no-event`` reads them without it),
and every written row that goes to a person only on the dusty page is broken down: its
review reasons, and which of its boxes the dust changed, against the page's truth:

- a digit box: a written digit read blank or as another digit, an empty box read as a
  digit, or a written digit still read right but less surely (by 0.1 or more);
- a mark box: its state on the dust-free page and on the dusty one, whether a player marked
  it, and which reading decided (``MarkReading.how``: fill, circle, dot, edge, ...).

A row may hold several such boxes; ``rows by cause`` counts each row once, under the digit
boxes, the mark boxes or both. ``--json`` keeps every such row with its boxes. Choices are
made on ``--split training`` only; TEST is read to say what is left.
"""

from __future__ import annotations

from pipeline.flows.prefect_env import one_maths_thread

one_maths_thread()  # one BLAS, OpenMP and OpenCV thread, as the reading processes have

import argparse  # noqa: E402
import json  # noqa: E402
import re  # noqa: E402
from collections import Counter, defaultdict  # noqa: E402
from collections.abc import Iterator, Sequence  # noqa: E402
from contextlib import contextmanager, nullcontext  # noqa: E402
from dataclasses import dataclass, field  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import numpy as np  # noqa: E402

from benchmarks import bench_pages  # noqa: E402
from benchmarks.bench_pages import (  # noqa: E402
    generate,
    movement_printed,
    movement_seats,
    read_page,
)
from benchmarks.reader_snapshot import _boxes_seen  # noqa: E402
from benchmarks.rules_seen import rules_seen  # noqa: E402
from ocr.box_crops import DIGIT_FIELDS  # noqa: E402
from ocr.digit_cells import Wide  # noqa: E402
from ocr.digits import DigitModel, load_model  # noqa: E402
from ocr.layout import load_layout  # noqa: E402
from ocr.reader import ScanReader, finish_batch  # noqa: E402
from ocr.reading import RowStatus  # noqa: E402
from ocr.training.synthetic.sources import SPLIT_NAMES  # noqa: E402
from ocr.training.synthetic.truth import PageTruth, load_truth  # noqa: E402

__all__ = [
    "PageRead",
    "condition_arguments",
    "condition_seed",
    "generate_without_dust",
    "not_the_same_page",
    "read_pages",
    "row_causes",
    "summary",
    "main",
]

LESS_SURE = 0.1
"""A written digit read right on both pages counts as changed where the dust takes this much
or more off its probability."""

Box = tuple[int, str, str]
"""(row, field, option or box position)."""


@dataclass(frozen=True)
class PageRead:
    """One page as read: per written row its status and review reasons, per digit box
    its best digit and probability (None: blank), per mark box (state, how) and, where
    asked (``read_pages``' ``by_rule``), the rule that decided it
    (``benchmarks.rules_seen``)."""

    rows: dict[int, tuple[str, tuple[str, ...]]]
    digits: dict[Box, tuple[int, float] | None]
    marks: dict[Box, tuple[str, str]]
    decided: dict[Box, str] = field(default_factory=dict)


@contextmanager
def _specks_on_a_copy() -> Iterator[None]:
    """The scanner draws its specks on a copy of the page: the same random draws, no dust."""
    import ocr.training.synthetic.scan as scan

    original = scan._speckle
    scan._speckle = lambda img, *args: original(img.copy(), *args)  # type: ignore[assignment]
    try:
        yield
    finally:
        scan._speckle = original


def generate_without_dust(
    cache: Path, condition: str, pages: int, seed: int, split: str
) -> list[Path]:
    """The benchmark's pages of ``condition`` drawn without their dust, into ``cache``."""
    with _specks_on_a_copy():
        return generate(cache, condition, pages, seed, split=split)


@dataclass(frozen=True, eq=False)
class _RecordingModel(DigitModel):
    """The shipped digit model, keeping what it read of each page's digit boxes."""

    seen: list[list[np.ndarray | None]] = field(default_factory=list)

    def read_cells(
        self, cells: list[np.ndarray], wides: list[Wide] | None = None
    ) -> list[np.ndarray | None]:
        out = super().read_cells(cells, wides)
        self.seen.append(out)
        return out


def read_pages(
    files: Sequence[Path], with_event: bool = True, by_rule: bool = False
) -> dict[str, PageRead]:
    """Read ``files`` as the benchmark does (the stack's checks included): page name ->
    what each row, digit box and mark box was read as (``by_rule``: and which rule
    decided each mark box, the rules run twice)."""
    layout = load_layout()
    where = [
        (row.number, name, str(b.option))
        for row in layout.rows
        for name in DIGIT_FIELDS
        for b in row.field(name).boxes
    ]
    truths = [load_truth(f) for f in files]
    seated = movement_seats(truths)
    current: dict[str, PageTruth] = {}
    shipped = load_model()
    model = _RecordingModel(
        shipped.weights, shipped.biases, shipped.description, shipped.members,
        shipped.temperature,
    )  # fmt: skip
    reader = ScanReader(
        model=model,
        printed_pairs=(
            (lambda b, _s: movement_printed(current["t"], seated.get(current["t"].seed, {})))
            if with_event
            else None
        ),
        read_printed=True,
    )
    batches: dict[int, list[tuple[str, Any, dict[Box, Any], dict[Box, Any], dict[Box, str]]]] = (
        defaultdict(list)
    )
    for f, truth in zip(files, truths, strict=True):
        current["t"] = truth
        boxes: list[Any] = []
        decided: dict[Box, str] = {}
        model.seen.clear()
        with _boxes_seen(boxes), rules_seen(decided) if by_rule else nullcontext():
            page = read_page(reader, f.parent / truth.image)
        digits: dict[Box, Any] = {}
        for key, p in zip(where, model.seen[0] if model.seen else [], strict=False):
            digits[key] = None if p is None else (int(np.argmax(p[:10])), float(np.max(p[:10])))
        marks = {
            (number, field, m[0]): (m[1], m[2])
            for number, fields in boxes
            for field, readings in fields.items()
            for m in readings
        }
        batches[truth.seed].append((f.name, page, digits, marks, decided))
    out = {}
    for batch in batches.values():
        for (name, _, digits, marks, decided), page in zip(
            batch, finish_batch([p for _, p, _, _, _ in batch]), strict=True
        ):
            rows = {r.row: (r.status.value, tuple(r.reasons)) for r in page.rows}
            out[name] = PageRead(rows, digits, marks, decided)
    return out


def _digit_change(
    truth: int | None, dusty: tuple[int, float] | None, clean: tuple[int, float] | None
) -> str | None:
    """How the dust changed one digit box's reading (None: not at all)."""
    first = None if dusty is None else dusty[0]
    if first == (None if clean is None else clean[0]):
        if dusty is not None and clean is not None and first == truth:
            return "written digit read less surely" if dusty[1] <= clean[1] - LESS_SURE else None
        return None
    if truth is None:
        return "empty box read as a digit" if dusty is not None else "empty box read otherwise"
    if dusty is None:
        return "written digit read blank"
    return "written digit read as another" if first != truth else "written digit read right"


def row_causes(
    rows: Sequence[int],
    written: dict[Box, int],
    intended: set[Box],
    dusty: PageRead,
    clean: PageRead,
) -> list[dict[str, Any]]:
    """Each written row (``rows``) sent to review on the dusty page and accepted on the
    dust-free one: its reasons, and the digit boxes and mark boxes the dust changed, told
    against the page's truth (``written``: digit box -> digit; ``intended``: the mark boxes
    a player marked)."""
    out = []
    for row in sorted(rows):
        status, reasons = dusty.rows.get(row, ("missing", ()))
        if status == RowStatus.ACCEPTED.value or clean.rows.get(row, ("",))[0] != "accepted":
            continue
        digits = {}
        for key, read in dusty.digits.items():
            change = key[0] == row and _digit_change(written.get(key), read, clean.digits.get(key))
            if change:
                digits["/".join(map(str, key[1:]))] = change
        marks = {}
        for key, (state, how) in dusty.marks.items():
            before = clean.marks.get(key)
            if key[0] == row and before is not None and before[0] != state:
                who = "marked" if key in intended else "unmarked"
                marks["/".join(key[1:])] = f"{who} box {before[0]} -> {state} by {how or before[1]}"
        out.append({"row": row, "reasons": list(reasons), "digits": digits, "marks": marks})
    return out


def not_the_same_page(dusty: dict[str, Any], clean: dict[str, Any]) -> str | None:
    """Why two pages' truths (their JSON) are not one page drawn with and without its dust,
    or None where they are: the same session seed, board, rows, digits and marks. A cache
    generated by other code, or by this code at another time, holds other pages."""
    for key in ("seed", "board", "rows", "digits", "marks"):
        if dusty.get(key) != clean.get(key):
            return f"not the same {key}"
    return None


def _reason(text: str) -> str:
    return re.sub(r"[-+]?\d[\d.\-]*", "#", text)


def summary(rows: list[dict[str, Any]]) -> dict[str, Counter[str]]:
    """Counts over the rows only the dust sends to review: by reason, by cause (digit boxes,
    mark boxes, both, neither), by digit change and by mark change."""
    out: dict[str, Counter[str]] = defaultdict(Counter)
    for r in rows:
        out["reasons"].update(_reason(x) for x in r["reasons"])
        parts = [name for name in ("digits", "marks") if r[name]]
        out["rows by cause"][" and ".join(f"{p[:-1]} boxes" for p in parts) or "neither"] += 1
        out["digit boxes"].update(r["digits"].values())
        out["mark boxes"].update(r["marks"].values())
        for box, change in r["marks"].items():
            out["mark boxes by field"][f"{box.split('/')[0]}: {change}"] += 1
    return out


def condition_arguments(ap: argparse.ArgumentParser) -> None:
    """The pages of one condition, as ``benchmarks.bench_ocr`` draws them (also
    ``benchmarks.posterior_causes``)."""
    ap.add_argument("--split", choices=SPLIT_NAMES, default="training")
    ap.add_argument("--condition", default="noisy")
    ap.add_argument("--pages", type=int, default=80)
    ap.add_argument("--seed", type=int, default=13)
    ap.add_argument("--cache", type=Path, default=Path("/tmp/bridgescan_bench_ocr"))


def condition_seed(a: argparse.Namespace) -> int:
    """The condition's own seed, as ``benchmarks.bench_ocr`` gives it: its pages are the
    benchmark's."""
    return bench_pages.condition_seed(a.seed, a.condition, a.split)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    condition_arguments(ap)
    ap.add_argument("--no-event", action="store_true", help="read without the event file")
    ap.add_argument("--json", type=Path, default=None, help="every row with its boxes")
    a = ap.parse_args(argv)
    seed = condition_seed(a)
    dusty_files = generate(a.cache, a.condition, a.pages, seed, split=a.split)
    clean_files = generate_without_dust(
        a.cache / "without-dust", a.condition, a.pages, seed, a.split
    )
    for f, g in zip(dusty_files, clean_files, strict=True):
        why = not_the_same_page(json.loads(f.read_text()), json.loads(g.read_text()))
        if why is not None:
            print(f"{f} and {g} are not one page with and without its dust ({why}): "
                  f"generate both with this code, into a new --cache")  # fmt: skip
            return 2
    dusty = read_pages(dusty_files, not a.no_event)
    clean = read_pages(clean_files, not a.no_event)
    rows: list[dict[str, Any]] = []
    counts: Counter[str] = Counter()
    for f in dusty_files:
        truth = load_truth(f)
        for page, name in ((dusty, "dusty"), (clean, "without dust")):
            status = [page[f.name].rows.get(r.row, ("missing",))[0] for r in truth.rows]
            counts[f"rows to review, {name}"] += sum(s != "accepted" for s in status)
        counts["written rows"] += len(truth.rows)
        written = {(d.row, d.field, str(d.position)): d.digit for d in truth.digits}
        found = row_causes(
            [r.row for r in truth.rows], written, truth.intended_marks(), dusty[f.name],
            clean[f.name],
        )  # fmt: skip
        rows += [{"page": f.name, **r} for r in found]
    counts["rows to review only dusty"] = len(rows)
    print(json.dumps(counts))
    for name, table in summary(rows).items():
        print(f"\n{name}:")
        for k, v in table.most_common():
            print(f"  {v:4d}  {k}")
    if a.json is not None:
        a.json.write_text(json.dumps({"counts": counts, "rows": rows}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
