"""How often a fold's band lifted from a digit box would take a written digit away
(ocr/digit_shade.py, issue 43 item 4): the fault a wrong row through it needs.

    .venv/bin/python -m benchmarks.digit_shade_faults --split training --pages 80 \
        --cache CACHE

Every page of ``--condition`` (``damaged``) is read as the benchmark reads it, and every
digit box read as a digit is asked ``empty_when_lifted`` whatever its row's status (the
reader asks it only in rows sent to a person, of the fields a review reason may be about,
``ocr.digit_shade.fields_that_matter``): per box whether a band lies beside it and
whether it reads empty lifted, told against the page's truth (a player wrote a digit
there or not) and, where ``CACHE/without-wear`` holds the wear recorded by
``benchmarks.damage_causes``, whether a crease lies over it. Choices are made on
``--split training`` only.
"""

from __future__ import annotations

from pipeline.flows.prefect_env import one_maths_thread

one_maths_thread()  # one BLAS, OpenMP and OpenCV thread, as the reading processes have

import argparse  # noqa: E402
import json  # noqa: E402
from collections import Counter  # noqa: E402
from typing import Any  # noqa: E402

import ocr.row_reader as row_reader  # noqa: E402
from benchmarks.bench_pages import generate, read_page  # noqa: E402
from benchmarks.damage_causes import REACHES  # noqa: E402
from benchmarks.dust_causes import condition_arguments, condition_seed  # noqa: E402
from ocr.box_crops import DIGIT_INSET_MM  # noqa: E402
from ocr.digit_shade import empty_when_lifted  # noqa: E402
from ocr.mark_settings import MARK_SETTINGS  # noqa: E402
from ocr.reader import ScanReader  # noqa: E402
from ocr.training.synthetic.truth import load_truth  # noqa: E402

__all__ = ["main"]


def _crease(seen: dict[str, list[float]]) -> str:
    """What a fold leaves over a box (``benchmarks.damage_causes``'s measure)."""
    darkest, median = seen.get("fold", (1.0, 1.0))
    if darkest > 1.0 - REACHES:
        return "no fold"
    return "a crease" if median - darkest >= REACHES else "a fold's slope"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    condition_arguments(ap)
    ap.set_defaults(condition="damaged")
    a = ap.parse_args(argv)
    files = generate(a.cache, a.condition, a.pages, condition_seed(a), split=a.split)
    wear_file = a.cache / "without-wear" / a.split / a.condition / "wear.json"
    wear = json.loads(wear_file.read_text()) if wear_file.exists() else {}
    seen: list[tuple[int, str, str, bool]] = []  # row, field, option, lifted empty
    current: dict[str, Any] = {}
    # the reader's names looked up at each call (read_rows), swapped for ones that listen
    names = vars(row_reader)
    plain_marks, plain_decode = names["RowMarks"], names["_decode_row"]

    class Kept(plain_marks):  # type: ignore[misc, valid-type]
        def __init__(self, *args: Any) -> None:
            super().__init__(*args)
            current["marks"] = self

    def decode(row: Any, ref: Any, page: Any, marks: Any, boxes: Any, *rest: Any) -> Any:
        for name, read in boxes.items():
            for box, digit in zip(row.field(name).boxes, read, strict=True):
                if digit.probs is None:
                    continue
                rm = current["marks"]
                inner = rm.px(box.rect.inset(DIGIT_INSET_MM))
                t = MARK_SETTINGS
                lifted = rm.shade.lifted(
                    inner, rm.px(box.rect), t.shade_reach_mm, t.shade_band_mm, t.shade_margin,
                    t.shade_darkest,
                )  # fmt: skip
                if lifted is not None:
                    empty = empty_when_lifted(rm, inner, rm.px(box.rect))
                    seen.append((row.number, name, str(box.option), empty))
        return plain_decode(row, ref, page, marks, boxes, *rest)

    names["RowMarks"], names["_decode_row"] = Kept, decode
    counts: Counter[str] = Counter()
    reader = ScanReader(read_printed=True)
    for f in files:
        truth = load_truth(f)
        written = {(d.row, d.field, str(d.position)) for d in truth.digits}
        seen.clear()
        read_page(reader, f.parent / truth.image)
        for row, name, option, empty in seen:
            who = "written" if (row, name, option) in written else "empty"
            over = _crease(wear.get(f.stem, {}).get(f"{row}/{name}/{option}", {}))
            counts[f"{who} box read as a digit, band beside, {over}: lifted empty {empty}"] += 1
            if who == "written" and empty:
                print(f"{f.stem} row {row} {name}/{option}: a written digit lifted away")
        counts["written digit boxes"] += len(written)
    for k, v in sorted(counts.items()):
        print(f"{v:6d}  {k}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
