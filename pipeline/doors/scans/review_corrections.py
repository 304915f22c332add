"""Digits a person confirmed in review, kept as labelled crops for retraining the reader.

When a decision gives the written score or pair numbers of a row, the handwritten boxes of
that row are cut out of its crop and filed under their digit
(``corrections/<digit>/<item>_<field>_<box>.png``), so the digit model can be retrained on a
club's own handwriting (``bridgescan model train-digits --corrections``).
"""

from __future__ import annotations

from pathlib import Path

from ocr.reading import RowResult
from pipeline.doors.scans.review import ReviewItem

__all__ = ["store_corrections"]


def _crop_name(item: ReviewItem) -> str:
    return item.id.replace("#", "_")


def store_corrections(item: ReviewItem, value: RowResult, out_dir: Path) -> int:
    """Cut the handwritten boxes out of the row crop and file them under their digit."""
    if item.row is None or item.crop_png is None:
        return 0
    import cv2
    import numpy as np

    from ocr.align import WORK_DPI
    from ocr.box_crops import DIGIT_INSET_MM
    from ocr.layout import EW_PAIR_WRITTEN, NS_PAIR_WRITTEN, SCORE, load_layout

    img = cv2.imdecode(np.frombuffer(item.crop_png, np.uint8), cv2.IMREAD_GRAYSCALE)
    if img is None:
        return 0
    layout = load_layout()
    row = layout.row(item.row)
    s = WORK_DPI / 25.4
    texts = {
        SCORE: None if value.score_ns is None else str(abs(value.score_ns)),
        NS_PAIR_WRITTEN: None if value.ns_pair is None else str(value.ns_pair),
        EW_PAIR_WRITTEN: None if value.ew_pair is None else str(value.ew_pair),
    }
    stored = 0
    for name, text in texts.items():
        boxes = row.field(name).boxes
        if text is None or len(text) > len(boxes):
            continue
        for box, digit in zip(boxes[len(boxes) - len(text) :], text, strict=True):
            r = box.rect.inset(DIGIT_INSET_MM)
            x0, y0 = round((r.x - row.rect.x) * s), round((r.y - row.rect.y) * s)
            x1, y1 = round((r.x1 - row.rect.x) * s), round((r.y1 - row.rect.y) * s)
            cell = img[max(0, y0) : y1, max(0, x0) : x1]
            from ocr.digits import is_blank

            if cell.size == 0 or is_blank(cell):
                continue
            folder = out_dir / "corrections" / digit
            folder.mkdir(parents=True, exist_ok=True)
            cv2.imwrite(str(folder / f"{_crop_name(item)}_{name}_{box.option}.png"), cell)
            stored += 1
    return stored
