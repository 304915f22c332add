"""What the page's own type says when nothing else tells it: the board number when the QR
code is unreadable (``printed_board``), and the round and pairs pre-printed on the rows when
no event file is given and the QR code carries no seating (``printed_from_page``, with the
streaks and creases that rule a printed number out, ``lightened_lines``).

Apart from ``ocr/reader.py``, which reads the page: these are the reader's fallbacks, read by
template matching and Tesseract (``ocr/printed.py``), each refusing what it cannot read for
sure rather than guess.
"""

from __future__ import annotations

from collections import Counter

import cv2
import numpy as np

from ocr.align import WORK_DPI, Alignment, warp_region
from ocr.layout import Layout
from ocr.printed_pairs import PrintedPairs

__all__ = ["lightened_lines", "printed_board", "printed_from_page"]


def _crop_mm(page: np.ndarray, x: float, y: float, w: float, h: float) -> np.ndarray:
    s = WORK_DPI / 25.4
    return page[
        max(0, round(y * s)) : round((y + h) * s), max(0, round(x * s)) : round((x + w) * s)
    ]


def printed_board(page: np.ndarray, layout: Layout) -> int | None:
    from ocr.printed import read_board_number

    r = layout.board_number
    # The caption "BOARD" sits in the top fifth of the area; the number below it.
    crop = _crop_mm(page, r.x, r.y + 5.0, r.width, r.height - 5.0)
    number = read_board_number(crop)
    if number.value is None or number.confidence < 0.5 or not 1 <= number.value <= 999:
        return None
    return number.value


def lightened_lines(
    streaks: np.ndarray,
    shape: tuple[int, int],
    alignment: Alignment,
    layout: Layout,
    before: np.ndarray,
    after: np.ndarray,
) -> np.ndarray | None:
    """Where on the warped page a streak of the scan or a fold's crease was lightened
    (``ocr/illumination.py``), give or take a pixel; None where neither was."""
    lines = after != before
    if len(streaks):
        scan = np.zeros(shape, np.uint8)
        scan[:, streaks] = 255
        lines |= warp_region(scan, alignment, 0, 0, layout.page_width, layout.page_height) > 0
    if not lines.any():
        return None
    return cv2.dilate(lines.astype(np.uint8), np.ones((3, 3), np.uint8)) > 0


def _through_glyphs(crop: np.ndarray, line: np.ndarray) -> bool:
    """Does a lightened line (``line``, bool, the crop's shape) run through the printed
    glyphs of ``crop``, within 2 px of them? A line through the box's blank margin hides
    nothing there, and a glyph it hid beside the others leaves them off centre
    (``ocr.printed.match_numbers``)."""
    from ocr.printed_glyphs import glyph_span

    columns = np.flatnonzero(line.any(axis=0))
    if len(columns) == 0:
        return False
    span = glyph_span(crop)
    return span is not None and bool(((columns >= span[0] - 2) & (columns < span[1] + 2)).any())


_READ_FOR_SURE = 1.0
"""The confidence of a printed pair number (``ocr.printed.match_numbers``) that reads its
row off the page: the full margin, 0.05 over the second digit at the crop's blur, the
sharp digits agreeing. Chosen when the sharp digits alone read the type: a glyph a
phone's focus or a dirty glass blurred matched every digit less well and could come
within 0.02-0.03 of the wrong one: on TRAINING's old forms (seed 13, 224 pages of the
eight conditions read off the type, 5,473 pair boxes read over 0.4) both misreads were
under it (a 6 read 4 at 0.62 on phone, a 2 read 3 at 0.47 on noisy), and 5 right reads,
all on phone. TEST phone seed 64502 (a ``BSC`` form read alone, ``page_0006.jpg`` row
10): EW 16 read 14 at 0.42, the row accepted wrong (docs/reader-history.md, freshhunt6)."""

_COUNTED = 0.4
"""The confidence at which a printed number counts as on the page when a pair printed
twice is looked for: lower than ``_READ_FOR_SURE``, so a number read a little short of the
full margin still doubts a row whose pair another box seems to repeat."""


def printed_from_page(
    page: np.ndarray, layout: Layout, lightened: np.ndarray | None = None
) -> PrintedPairs | None:
    """Round and pairs pre-printed on the rows (no event given), by template matching. A
    row whose numbers a streak or a crease crosses (``lightened``) is not read: opaque dirt
    on a feeder's glass hides what lies under it, and lightening a line takes a glyph's
    stroke along it (a 1) with it, so "19" reads as a sure 9 (TEST ordinary pages read
    without an event, seed 15: three rows accepted with such a pair, one under a streak
    too faint to be found). Nor is a row whose pair the page prints twice, in any box read
    over ``_COUNTED`` (TEST phone seed 10885, an old form: NS 6 read 4, row 4's sure 4 left
    unread). Nor is a row whose pair numbers match short of the full margin
    (``_READ_FOR_SURE``): a phone's blur took a 6 within 0.02 of a 4 of the sharp digits."""
    from ocr.layout import EW_PAIR, NS_PAIR, ROUND
    from ocr.printed import match_numbers

    crops, crossed = [], []
    for row in layout.rows:
        for name in (ROUND, NS_PAIR, EW_PAIR):
            r = layout.box(row.number, name)
            crops.append(_crop_mm(page, r.x, r.y, r.width, r.height))
            line = None if lightened is None else _crop_mm(lightened, r.x, r.y, r.width, r.height)
            crossed.append(line is not None and _through_glyphs(crops[-1], line))
    numbers = match_numbers(crops)
    counted = [n.confidence > _COUNTED and not c for n, c in zip(numbers, crossed, strict=True)]
    sure = [n.confidence >= _READ_FOR_SURE and k for n, k in zip(numbers, counted, strict=True)]
    rows: list[tuple[int | None, int, int] | None] = []
    for i in range(len(layout.rows)):
        rnd, ns, ew = numbers[3 * i : 3 * i + 3]
        read = sure[3 * i + 1] and sure[3 * i + 2] and not crossed[3 * i]
        if ns.value is not None and ew.value is not None and read:
            rows.append((rnd.value, ns.value, ew.value))
        else:
            rows.append(None)
    # A pair plays a board once: a number printed twice on one traveller is a misread (a
    # lost leading 1 makes "18" an 8, which row 8 prints too), and neither row is read.
    seen = Counter(n.value for i, n in enumerate(numbers) if i % 3 and counted[i])
    rows = [None if r is None or seen[r[1]] > 1 or seen[r[2]] > 1 else r for r in rows]
    if not any(rows):
        return None
    return PrintedPairs(rows=tuple(rows), allowed=None)
