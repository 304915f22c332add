"""The digit model's training and validation sets (issues 5 and 13).

Data come only from the machine, never from the network, and only from the TRAINING
side of the source split (ocr/training/synthetic/sources.py); the benchmark's TEST
sources are never read here. ``TrainingSources`` says which sources a set is built from
(ocr/training/digit_ink.py; the real handwriting archives, ocr/training/real_digits.py);
training images (not the validation's) are also bent by an elastic distortion and their
strokes thickened or thinned (ocr/training/augment.py). Each image is put on a simulated
piece of scanned paper (ocr/training/scanned_box.py) and normalised as the reader
normalises a box (``ocr.digits.normalise_cell``). The validation set is the held-out
TRAINING-side writers (``VALIDATION_FONTS`` and ``VALIDATION_WRITER_IDS``, never trained
on) and the held-out tenth of the real sets.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ocr.digits import CANVAS, NO_DIGIT, normalise_cell
from ocr.training.augment import vary
from ocr.training.digit_ink import (
    correction_crops,
    distort,
    font_digits,
    page_digits,
    sklearn_digits,
    stroke_digits,
)
from ocr.training.real_digits import HELD_OUT_EVERY, VALIDATION_SEED, check_archives, real_digits
from ocr.training.scanned_box import no_digit_boxes, on_paper

__all__ = [
    "DUST_SHARE",
    "NO_DIGIT_BOXES",
    "TrainingSources",
    "build_dataset",
    "default_sources",
    "validation_set",
]


@dataclass(frozen=True)
class TrainingSources:
    """Where training digits come from; must not overlap the generator's TEST sources."""

    sklearn_digits: bool = True
    sklearn_augment: int = 4
    """Distorted copies per scikit-learn digit (besides the plain one)."""
    fonts: tuple[Path, ...] = ()
    font_variants: int = 60
    """Renders per font and digit."""
    writer_digits: int = 0
    """Digits drawn by the stroke writer's TRAINING writers (shapes "A")."""
    writer_ids: tuple[int, int] = (0, 900_000)
    pointed_pen_digits: int = 0
    """Digits drawn by the same writers with a pointed pen (``draw_digit``'s ``upstroke``:
    full width down the page, a hairline up it, which a scan loses)."""
    synthetic_pages: int = 0
    """TRAINING pages from the scan generator, read through the real alignment and
    cropping, each handwritten box labelled from the page's ground truth."""
    corrections: tuple[Path, ...] = ()
    """Folders of labelled review crops: ``<folder>/<digit>/<anything>.png``."""
    dust_share: float = 0.0
    """Share of the drawn training digits put on a dusty page's box (``dust_in_box``:
    TRAINING's toner specks and clumps of settled dust, in and beside the box), so the
    model learns that a speck is not a stroke."""
    no_digit_boxes: int = 0
    """Empty boxes of dusty pages whose dust the blank decision reads as ink, trained as
    the class ``NO_DIGIT`` (an eleventh output) where more than 0."""
    real_digits: Path | None = None
    """Folder of the PyPI archives holding real handwriting (ocr/training/real_digits.py):
    USPS, pendigits and mfeat-pix. Every tenth digit of each set is held out for the
    validation, never trained on. The shipped model is trained with them (``bridgescan
    model train-digits --real-digits DIR``): the archives come from PyPI, so the default
    sources, which need nothing fetched, leave them out."""


def default_sources(dust: bool = False) -> TrainingSources:
    """The TRAINING side of the generator's split, less its held-out validation writers:
    the shipped model's sources; with ``dust`` (``train-digits --dust``), ``DUST_SHARE`` of
    the digits on dusty boxes and ``NO_DIGIT_BOXES`` dusty empty boxes as ``NO_DIGIT``."""
    from ocr.training.synthetic.sources import TRAINING
    from ocr.training.synthetic.writers import TRAINING_WRITER_IDS

    return TrainingSources(
        sklearn_digits=True,
        sklearn_augment=6,
        fonts=TRAINING.available_fonts(),
        font_variants=150,
        writer_digits=30_000,
        writer_ids=TRAINING_WRITER_IDS,
        pointed_pen_digits=8_000,
        synthetic_pages=60,
        dust_share=DUST_SHARE if dust else 0.0,
        no_digit_boxes=NO_DIGIT_BOXES if dust else 0,
    )


DUST_SHARE = 0.3
"""Training digits drawn on a dusty box: TRAINING's noisy scans are one condition in eight,
and a share well above that gives the networks enough specks beside strokes to learn them
(docs/reader.md, "The digit model")."""

NO_DIGIT_BOXES = 2_000
"""Dusty empty boxes the blank decision reads, trained as ``NO_DIGIT`` (2% of the training
set): 1.4% of TRAINING's dusty empty boxes are read at all, so about 140,000 are drawn."""


def build_dataset(
    src: TrainingSources, seed: int = 20261122
) -> tuple[np.ndarray, np.ndarray, dict[str, int]]:
    """All training digits, normalised: (n, 20, 20) images, (n,) labels, counts per source."""
    if src.real_digits is not None:
        check_archives(src.real_digits)
    rng = np.random.default_rng(seed)
    images: list[np.ndarray] = []
    labels: list[int] = []
    counts: dict[str, int] = {}

    def add(name: str, ink: np.ndarray, label: int, copies: int = 0, bend: float = 0.0) -> None:
        for i in range(copies + 1):
            source = vary(distort(ink, rng), rng, bend) if i else ink
            dusty = src.dust_share > 0 and rng.random() < src.dust_share
            norm = normalise_cell(on_paper(source, rng, dusty))
            if norm is not None:
                images.append(norm)
                labels.append(label)
                counts[name] = counts.get(name, 0) + 1

    def add_crop(name: str, crop: np.ndarray, label: int, weight: int = 1) -> None:
        norm = normalise_cell(crop)
        if norm is not None:
            images.extend([norm] * weight)
            labels.extend([label] * weight)
            counts[name] = counts.get(name, 0) + 1

    if src.sklearn_digits:
        for ink, label in sklearn_digits():
            add("scikit-learn load_digits", ink, label, src.sklearn_augment, bend=0.8)
    for ink, label in font_digits(src.fonts, src.font_variants, rng):
        add("TRAINING handwriting fonts", vary(distort(ink, rng), rng, bend=0.7), label)
    for ink, label in stroke_digits(src.writer_digits, src.writer_ids, "A", rng):
        add("TRAINING stroke writers", vary(ink, rng, bend=0.4, max_bend=0.03), label)
    pointed = stroke_digits(src.pointed_pen_digits, src.writer_ids, "A", rng, pointed=True)
    for ink, label in pointed:
        add("TRAINING stroke writers, pointed pen", vary(ink, rng, bend=0.4, max_bend=0.03), label)
    for crop, label in page_digits(src.synthetic_pages, seed):
        add_crop("generated TRAINING pages", crop, label)
    if src.real_digits is not None:
        for i, (name, ink, label) in enumerate(real_digits(src.real_digits, rng)):
            if i % HELD_OUT_EVERY:
                add(f"real handwriting: {name}", vary(ink, rng, bend=0.4, max_bend=0.03), label)
    for crop, label in correction_crops(src.corrections):
        add_crop("review corrections", crop, label, weight=5)  # a club's own hands weigh more
    for norm in no_digit_boxes(src.no_digit_boxes, rng):
        images.append(norm)
        labels.append(NO_DIGIT)
        counts["dusty empty boxes (no digit)"] = counts.get("dusty empty boxes (no digit)", 0) + 1
    if not images:
        raise FileNotFoundError("no training digits: no source is installed or given")
    return np.stack(images).reshape(-1, CANVAS, CANVAS), np.array(labels), counts


def validation_set(
    per_source: int = 600,
    seed: int = VALIDATION_SEED,
    real: Path | None = None,
    dust: bool = False,
) -> tuple[np.ndarray, np.ndarray]:
    """Held-out TRAINING-side digits: the validation fonts and stroke writers, and with
    ``real`` the held-out tenth of the real handwriting sets, on paper (with ``dust``, every
    one on a dusty box: ``dust_in_box``)."""
    from ocr.training.synthetic.writers import VALIDATION_FONTS, VALIDATION_WRITER_IDS

    rng = np.random.default_rng(seed)
    fonts = tuple(f for f in VALIDATION_FONTS if f.exists())
    images, labels = [], []
    variants = max(1, per_source // 10 // max(1, len(fonts)))
    sources = [
        *((distort(ink, rng), d) for ink, d in font_digits(fonts, variants, rng)),
        *stroke_digits(per_source, VALIDATION_WRITER_IDS, "A", rng),
    ]
    if real is not None:
        held_out = [
            (ink, label)
            for i, (_, ink, label) in enumerate(real_digits(real, np.random.default_rng(seed)))
            if i % HELD_OUT_EVERY == 0
        ]
        sources += held_out
    for ink, label in sources:
        norm = normalise_cell(on_paper(ink, rng, dust))
        if norm is not None:
            images.append(norm)
            labels.append(label)
    return np.stack(images), np.array(labels)
