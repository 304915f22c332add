"""The benchmark's pages (benchmarks/bench_ocr.py): generated once into a cache, and what the
reader gets with each, as ``scan read`` gets it: the page's image, and the event's
movement (what the traveller printed, the pairs each round seats), built from its truth.

Kept apart from the reading because every tool that reads the benchmark's pages again
(benchmarks/reader_snapshot.py, reader_stages.py, dust_causes.py, rule_prices.py) needs
the same pages and the same event.
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

import numpy as np

from ocr.pages import load_pages, page_colour
from ocr.printed_pairs import PrintedPairs
from ocr.reader import ScanReader, decode_image
from ocr.reading import PageReading, PageRef
from ocr.training.synthetic.truth import PageTruth

__all__ = [
    "BLANK_FORM_SHARE",
    "BLANK_MOVEMENT_SHARE",
    "MIN_TABLES",
    "condition_seed",
    "generate",
    "movement_printed",
    "movement_seats",
    "page_image",
]

MIN_TABLES = 8
"""Pages have 8-15 tables: about 11 written rows a page, so 300 pages give the 3,000 rows a
condition needs for a 95% bound under 0.1% with no false accept."""

BLANK_FORM_SHARE = 0.06
"""The share of the sessions written on blank forms (pairs handwritten). ``--blank-form-share``
raises it to read many blank forms on a fresh seed: the sessions' seeds and every other
draw are the same whatever the share, so the printed sessions left are the same pages."""

BLANK_MOVEMENT_SHARE = 0.5
"""Of the blank forms, the share printed for the movement (``forms blank --movement``: the
board's meetings in the QR code); the others are generic (``BSC`` or ``BSC2``)."""


def condition_seed(seed: int, condition: str, split: str) -> int:
    """The generator's seed for one condition's pages: the condition's own (a condition
    reads the same pages whichever others are run with it), the TRAINING side's 50 above
    TEST's. The held-out splits (``held-out``, ``held-out-real``: TRAINING written by hands
    the digit model never trained on) draw with TRAINING's seed: TRAINING's sessions."""
    from ocr.training.synthetic.sources import CONDITIONS

    return seed * 100 + CONDITIONS.index(condition) + (0 if split == "test" else 50)


def generate(
    cache: Path,
    condition: str,
    pages: int,
    seed: int,
    jobs: int = 1,
    split: str = "test",
    blank_movement_share: float = BLANK_MOVEMENT_SHARE,
    blank_form_share: float = BLANK_FORM_SHARE,
    off_line_share: float = 0.0,
) -> list[Path]:
    """Generate (or reuse) ``pages`` pages of ``condition`` on one side of the split (TEST
    for the benchmark; TRAINING for the validation that choices are made on, or
    ``held-out`` and ``held-out-real``, TRAINING in handwriting the digit model never
    trained on). A cache
    folder holds one ``blank_movement_share``, one ``blank_form_share`` and one
    ``off_line_share`` (the share of blank travellers filled off their line order,
    ``generate_session``): pages already there are not drawn again."""
    from ocr.training.synthetic.generate import generate_pages
    from ocr.training.synthetic.sources import split_named

    folder = cache / split / condition
    have = sorted(folder.glob("page_*.json"))
    if len(have) < pages:
        folder.mkdir(parents=True, exist_ok=True)
        generate_pages(
            folder,
            pages,
            split=split_named(split),
            seed=seed,
            condition=condition,
            unused_row_rate=0.05,
            score_omitted_rate=0.03,
            score_error_rate=0.01,
            blank_form_share=blank_form_share,
            blank_movement_share=blank_movement_share,
            off_line_share=off_line_share,
            min_tables=MIN_TABLES,
            jobs=jobs,
            keep_images=False,
            resume=True,
        )
        have = sorted(folder.glob("page_*.json"))
    return have[:pages]


def movement_printed(truth: PageTruth, seated: dict[int, frozenset[int]]) -> PrintedPairs | None:
    """What the event's movement printed on this board's traveller, which pairs it sends
    to the board and seats in each round (the reader's event)."""
    in_rounds = sorted(truth.rows, key=lambda r: r.round or 0)  # a blank form's lines: any order
    allowed = tuple((ns, ew) for _, _, ns, ew in truth.printed) or tuple(
        (r.printed_ns or r.ns_pair, r.printed_ew or r.ew_pair) for r in in_rounds
    )
    if truth.blank_form:  # nothing printed on its rows; the event still seats its pairs
        return PrintedPairs((), allowed, seated)
    rows: list[tuple[int | None, int, int] | None] = [None] * 15
    for row, rnd, ns, ew in truth.printed:
        rows[row - 1] = (rnd, ns, ew)
    return PrintedPairs(tuple(rows), allowed, seated)


def movement_seats(truths: list[PageTruth]) -> dict[int, dict[int, frozenset[int]]]:
    """Per session (seed): the pairs its movement seats in each round (from what its
    travellers print; a blank form prints nothing, and its rows' pairs are the movement's:
    the generator changes pairs only on printed rows)."""
    out: dict[int, dict[int, set[int]]] = defaultdict(lambda: defaultdict(set))
    for t in truths:
        seats = (
            [(r.row, r.round, r.ns_pair, r.ew_pair) for r in t.rows] if t.blank_form else t.printed
        )
        for _, rnd, ns, ew in seats:
            if rnd is not None:
                out[t.seed][rnd].update((ns, ew))
    return {k: {r: frozenset(p) for r, p in v.items()} for k, v in out.items()}


def page_image(path: Path) -> np.ndarray | Exception:
    """The page as ``scan read`` gets it: a PDF's first page through ocr/pages.py, an image
    file decoded to grey."""
    if path.suffix.lower() == ".pdf":
        return next(load_pages(path))[1]
    return decode_image(path.read_bytes(), path.name)


def read_page(reader: ScanReader, path: Path) -> PageReading:
    """The page at ``path`` read as ``scan read`` reads it: decoded to grey, its colour
    decoded again if the reader asks for it (a dusty page: ocr/ink_colour.py), named by
    its file's name as the truth names it."""
    return reader.read_image(page_image(path), PageRef(path.name), lambda: page_colour(path))
