"""Synthetic filled-and-scanned travellers with ground truth (issue 5, item 5).

``generate_session`` prints a session's travellers (ocr/render.py), rasterises them,
fills them like players would (ocr/training/synthetic/fill.py) with handwriting from one side of
the TRAINING / TEST split (ocr/training/synthetic/sources.py), "scans" them
(ocr/training/synthetic/scan.py) and writes each page with a ground-truth JSON beside it
(ocr/training/synthetic/truth.py). Heavy modules load on first use of a generator function.
"""

from __future__ import annotations

from typing import Any

from .sources import TEST, TRAINING, Distortion, Split, split_named
from .truth import DigitTruth, MarkTruth, PageTruth, RowTruth, load_truth

__all__ = [
    "TRAINING",
    "TEST",
    "Distortion",
    "Split",
    "split_named",
    "RowTruth",
    "MarkTruth",
    "DigitTruth",
    "PageTruth",
    "load_truth",
    "generate_session",
    "generate_pages",
]


def __getattr__(name: str) -> Any:
    if name in ("generate_session", "generate_pages", "synth_page", "DEFECTS"):
        from . import generate

        return getattr(generate, name)
    raise AttributeError(name)
