"""What a written digit's stroke is against a photo's grain: every digit box of the written
rows, as the reader hands it to the digit model, told against the page's truth (issue 43).

    .venv/bin/python -m benchmarks.digit_grain --cache CACHE --split training \\
        --conditions all --pages 40

For each condition of a benchmark cache (``benchmarks.bench_ocr --cache CACHE``; the pages
must be there already: nothing is generated), reads each page as the benchmark does and
keeps every digit box's crop (``ocr.digits.DigitModel.read_cells``'s input). Reports,
per condition:

- the written digits read as written, how many of them are faint (their darkest 1% under
  ``_GRAIN_CONTRAST`` of the paper) and the smallest largest piece of such a digit once
  lightly blurred (``ocr.digit_cells.faint_stroke``, what the rule measures), in pair
  boxes and score boxes: where ``_GRAIN_SPECK_PX`` must stay under, with a margin;
- written digits the grain rule reads blank (must be 0 on TRAINING);
- empty boxes read as ink without the rule and with it.

``--drawn`` reads boxes drawn here instead: 1,000 pair boxes (22 x 25 px) of paper 200
under Gaussian grain of σ 9.5, alone, correlated (blurred 0.5 px, the same σ) and with a
1 of 2 x 15 px at 10, 15 and 20 grey levels under the paper: how many read as written,
without the rule and with it.

The rule is chosen on ``--split training`` (and its stand-ins) only; TEST is measured.
"""

from __future__ import annotations

from pipeline.flows.prefect_env import one_maths_thread

one_maths_thread()  # one BLAS, OpenMP and OpenCV thread, as the reading processes have

import argparse  # noqa: E402
import json  # noqa: E402
from collections.abc import Iterator  # noqa: E402
from contextlib import contextmanager  # noqa: E402
from dataclasses import dataclass, field  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import cv2  # noqa: E402
import numpy as np  # noqa: E402

import ocr.digit_cells as digit_cells  # noqa: E402
from benchmarks.bench_pages import read_page  # noqa: E402
from ocr.box_crops import DIGIT_FIELDS  # noqa: E402
from ocr.digits import DigitModel, load_model  # noqa: E402
from ocr.layout import load_layout  # noqa: E402
from ocr.reader import ScanReader  # noqa: E402
from ocr.training.synthetic.sources import CONDITIONS  # noqa: E402
from ocr.training.synthetic.truth import load_truth  # noqa: E402

__all__ = [
    "DigitBox",
    "digit_boxes",
    "condition_figures",
    "drawn_figures",
    "main",
]


@dataclass(frozen=True)
class DigitBox:
    """One digit box of a written row: where it is, its truth (None: empty) and its crop."""

    page: str
    row: int
    field: str
    truth: int | None
    crop: np.ndarray


@dataclass(frozen=True, eq=False)
class _KeepingModel(DigitModel):
    """The shipped digit model, keeping the crops of each page's first read (the page's
    digit boxes; later reads are rules reading a box again)."""

    crops: list[list[np.ndarray]] = field(default_factory=list)

    def read_cells(self, cells: list[np.ndarray]) -> list[np.ndarray | None]:
        self.crops.append([c.copy() for c in cells])
        return super().read_cells(cells)


def digit_boxes(folder: Path, pages: int) -> list[DigitBox]:
    """Every digit box of the written rows of the first ``pages`` cached pages of ``folder``,
    cropped as the reader crops it (the page aligned, its dust taken out)."""
    layout = load_layout()
    where = [
        (row.number, name, b.option)
        for row in layout.rows
        for name in DIGIT_FIELDS
        for b in row.field(name).boxes
    ]
    shipped = load_model()
    model = _KeepingModel(
        shipped.weights, shipped.biases, shipped.description, shipped.members,
        shipped.temperature,
    )  # fmt: skip
    reader = ScanReader(model=model, read_printed=True)
    out = []
    for f in sorted(folder.glob("page_*.json"))[:pages]:
        truth = load_truth(f)
        model.crops.clear()
        read_page(reader, f.parent / truth.image)
        if not model.crops:
            continue  # the page was refused before its boxes were read
        written = {(d.row, d.field, str(d.position)): d.digit for d in truth.digits}
        rows = {r.row for r in truth.rows}
        for (row, name, option), crop in zip(where, model.crops[0], strict=True):
            if row in rows:
                out.append(DigitBox(f.name, row, name, written.get((row, name, str(option))), crop))
    return out


@contextmanager
def _without_the_grain_rule() -> Iterator[None]:
    """``ocr.digit_cells`` as before the rule: no crop is faint enough to be asked."""
    kept = digit_cells._GRAIN_CONTRAST
    digit_cells._GRAIN_CONTRAST = 0.0
    try:
        yield
    finally:
        digit_cells._GRAIN_CONTRAST = kept


def condition_figures(boxes: list[DigitBox]) -> dict[str, Any]:
    """The figures of one condition's boxes (see the module's docstring)."""
    with _without_the_grain_rule():
        before = [not digit_cells.is_blank(b.crop) for b in boxes]
    after = [not digit_cells.is_blank(b.crop) for b in boxes]
    out: dict[str, Any] = {
        "written digits read as written": 0,
        "of them faint": 0,
        "written digits the grain rule reads blank": 0,
        "empty boxes read as ink without the rule": 0,
        "empty boxes read as ink with it": 0,
    }
    smallest: dict[str, int | None] = {"pair": None, "score": None}
    for b, was, now in zip(boxes, before, after, strict=True):
        if b.truth is None:
            out["empty boxes read as ink without the rule"] += was
            out["empty boxes read as ink with it"] += now
            continue
        if not was:
            continue
        out["written digits read as written"] += 1
        out["written digits the grain rule reads blank"] += not now
        px = digit_cells.faint_stroke(b.crop)
        if px is not None:
            out["of them faint"] += 1
            kind = "score" if b.field == "score" else "pair"
            least = smallest[kind]
            smallest[kind] = px if least is None else min(least, px)
    out["smallest blurred piece of a faint digit (pair, score)"] = [
        smallest["pair"],
        smallest["score"],
    ]
    return out


def _drawn_box(seed: int, stroke: int | None, correlated: bool) -> np.ndarray:
    """A pair box of paper 200 under grain of σ 9.5 (``seed``), the 1 at grey ``stroke``."""
    grain = np.random.default_rng(seed).normal(0.0, 1.0, (22, 25))
    if correlated:
        grain = cv2.GaussianBlur(grain, (0, 0), 0.5)
        grain /= grain.std()
    box = np.full((22, 25), 200.0)
    if stroke is not None:
        box[4:19, 11:13] = stroke
    return np.clip(np.rint(box + 9.5 * grain), 0, 255).astype(np.uint8)


def drawn_figures(boxes: int = 1000) -> dict[str, list[int]]:
    """Of ``boxes`` drawn boxes of each kind, how many read as written: [without the rule,
    with it]."""
    kinds = {
        "grain alone": (None, False),
        "grain correlated": (None, True),
        "a 1 at 20 levels under the paper": (180, False),
        "a 1 at 15 levels": (185, False),
        "a 1 at 10 levels": (190, False),
    }
    out = {}
    for name, (stroke, correlated) in kinds.items():
        crops = [_drawn_box(seed, stroke, correlated) for seed in range(boxes)]
        with _without_the_grain_rule():
            before = sum(not digit_cells.is_blank(c) for c in crops)
        out[name] = [before, sum(not digit_cells.is_blank(c) for c in crops)]
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cache", type=Path, default=None, help="a benchmark cache folder")
    ap.add_argument("--drawn", action="store_true", help="boxes drawn here (see above)")
    ap.add_argument("--split", default="training", help="the cache's split folder")
    ap.add_argument("--conditions", default="all", help="a comma-separated list, or 'all'")
    ap.add_argument("--pages", type=int, default=40, help="pages per condition")
    a = ap.parse_args(argv)
    if a.drawn:
        print(json.dumps(drawn_figures()))
    if a.cache is None:
        return 0
    names = CONDITIONS if a.conditions == "all" else a.conditions.split(",")
    for name in names:
        folder = a.cache / a.split / name
        if not folder.is_dir():
            print(f"{name}: no cached pages in {folder}")
            continue
        print(json.dumps({name: condition_figures(digit_boxes(folder, a.pages))}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
