"""Where the digit model's training digits come from, as ink images (0..1, ink bright on
black, any size), and the affine variety every source gets (issues 5 and 13).

Each source yields ``(ink, digit)``: scikit-learn's ``load_digits`` (UCI optdigits), renders
of handwriting fonts, the stroke writer's digits (ocr/training/synthetic/strokes.py), and
crops already cut from a page, which are grey scans rather than ink: the generated
TRAINING pages' handwritten boxes, through the reader's own alignment and cropping, and a
club's review corrections (``pipeline.doors.scans.review`` stores each resolved digit as a
labelled PNG crop, ``<folder>/<digit>/<anything>.png``), so a club can retrain on its own
players' handwriting. ``ocr.training.digit_dataset`` chooses the sources (only the TRAINING side
of the split) and puts the ink on paper (ocr/training/scanned_box.py).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path

import cv2
import numpy as np

__all__ = [
    "correction_crops",
    "distort",
    "font_digits",
    "page_digits",
    "sklearn_digits",
    "stroke_digits",
]


def sklearn_digits() -> Iterable[tuple[np.ndarray, int]]:
    from sklearn.datasets import load_digits

    data = load_digits()
    for img, label in zip(data.images, data.target, strict=True):
        ink = cv2.resize((img / 16.0).astype(np.float32), (24, 24), interpolation=cv2.INTER_CUBIC)
        yield np.clip(ink, 0, 1), int(label)


def font_digits(
    fonts: Sequence[Path], variants: int, rng: np.random.Generator
) -> Iterable[tuple[np.ndarray, int]]:
    from PIL import Image, ImageDraw, ImageFont

    for font_path in fonts:
        for digit in range(10):
            for _ in range(variants):
                size = int(rng.integers(36, 60))
                font = ImageFont.truetype(str(font_path), size)
                canvas = Image.new("L", (size * 2, size * 2), 0)
                stroke = int(rng.integers(0, 3))
                ImageDraw.Draw(canvas).text(
                    (size // 2, size // 4),
                    str(digit),
                    fill=255,
                    font=font,
                    stroke_width=stroke,
                    stroke_fill=255,
                )
                yield np.asarray(canvas, np.float32) / 255.0, digit


def stroke_digits(
    count: int,
    ids: tuple[int, int],
    skeletons: str,
    rng: np.random.Generator,
    pointed: bool = False,
) -> Iterable[tuple[np.ndarray, int]]:
    """``count`` digits by stroke writers with ids in ``ids`` (a few digits each); with
    ``pointed``, each writer's pen draws upstrokes 5-40% of its width."""
    from ocr.training.synthetic.strokes import draw_digit, stroke_style

    upstroke = None
    for i in range(count):
        if i % 10 == 0:
            style = stroke_style(int(rng.integers(*ids)), skeletons)
            upstroke = float(rng.uniform(0.05, 0.4)) if pointed else None
        digit = int(rng.integers(10))
        height = float(rng.uniform(20, 44))
        pen = float(rng.uniform(0.06, 0.16)) * height
        yield draw_digit(style, digit, height, pen, rng, upstroke), digit


def page_digits(pages: int, seed: int) -> Iterable[tuple[np.ndarray, int]]:
    """Handwritten box crops from generated TRAINING pages, exactly as the reader cuts them."""
    if pages < 1:
        return
    from ocr.align import align_page, warp_region
    from ocr.box_crops import DIGIT_INSET_MM, crop_mm
    from ocr.illumination import flatten
    from ocr.layout import load_layout
    from ocr.training.synthetic.generate import generate_pages
    from ocr.training.synthetic.sources import TRAINING

    layout = load_layout()
    for page in generate_pages(None, pages, split=TRAINING, seed=seed):
        image = cv2.imdecode(np.frombuffer(page.image, np.uint8), cv2.IMREAD_GRAYSCALE)
        try:
            fit = align_page(image, layout)
        except ValueError:
            continue
        upright = warp_region(image, fit, 0, 0, layout.page_width, layout.page_height)
        flat = flatten(upright, 150.0)
        for d in page.truth.digits:
            rect = layout.box(d.row, d.field, str(d.position)).inset(DIGIT_INSET_MM)
            yield crop_mm(flat, rect), d.digit


def correction_crops(folders: Sequence[Path]) -> Iterable[tuple[np.ndarray, int]]:
    for folder in folders:
        for png in sorted(folder.glob("[0-9]/*.png")):
            crop = cv2.imread(str(png), cv2.IMREAD_GRAYSCALE)
            if crop is not None:
                yield crop, int(png.parent.name)


def distort(ink: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Random slant, rotation, scale, width and stroke width on an ink image.

    Writers differ from fonts mostly in slant, width and stroke: the affine map draws a
    rotation, a shear and a separate horizontal scale (narrow to wide digits); the stroke
    is thinned or thickened by up to two pixels at the working size.
    """
    h, w = ink.shape
    pad = max(h, w) // 2
    ink = cv2.copyMakeBorder(ink, pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=0)
    h, w = ink.shape
    angle = rng.uniform(-12, 12)
    scale = rng.uniform(0.85, 1.1)
    m = cv2.getRotationMatrix2D((w / 2, h / 2), angle, scale)
    m[0, 1] += rng.uniform(-0.35, 0.35)
    widen = rng.uniform(0.7, 1.3)  # narrow or wide handwriting, about the centre
    m[0, :] *= widen
    m[0, 2] += (1 - widen) * w / 2
    ink = cv2.warpAffine(ink, m, (w, h), flags=cv2.INTER_LINEAR)
    k = rng.integers(0, 6)
    if k == 1 or (k == 2 and ink.shape[0] > 80):
        size = int(k) + 1
        ink = cv2.dilate(ink, np.ones((size, size), np.uint8))
    elif k == 3 and ink.shape[0] > 40:
        ink = cv2.erode(ink, np.ones((2, 2), np.uint8))
    return ink
