"""Even out the light on a warped page: shadows, folds and stains become paper again.

A phone photo has a hand's or the phone's shadow over part of the page, a scan of a
folded slip has a shaded slope beside each fold, a stained slip a tinted blotch. Ink is
read by how much darker it is than the paper around it, so the paper's own brightness
must be taken out first: the paper is estimated as the page with everything small and
dark removed (a grey-level closing on a quarter-size copy, 8 mm across: wider than any
mark or digit, narrower than a shadow's or a fold's slope), smoothed, and every pixel is
divided by it (flat-field correction, as microscopes and scanners do for uneven light).
Large dark printed parts (corner markers, the QR code) are not paper; they come out light
and are read from the page before this correction.

A sheet feeder with dirt on its glass draws a thin line down the whole scan, through every
row; read as ink it would be a "1" in a digit box and a stroke in every mark box it
crosses. Such streaks are taken out of the scan first (``remove_streaks``).
"""

from __future__ import annotations

import cv2
import numpy as np

__all__ = [
    "PAPER_WINDOW_MM",
    "paper_background",
    "flatten",
    "remove_creases",
    "remove_streaks",
    "streak_columns",
]

PAPER_WINDOW_MM = 8.0
"""Width of the closing that removes ink from the background estimate."""


def paper_background(page: np.ndarray, dpi: float) -> np.ndarray:
    """The paper's brightness under every pixel (uint8, same shape as ``page``)."""
    h, w = page.shape[:2]
    small = _quarter(page)
    k = max(3, int(round(PAPER_WINDOW_MM * dpi / 4 / 25.4)) | 1)
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))
    bg = cv2.morphologyEx(small, cv2.MORPH_CLOSE, kernel)
    bg = cv2.GaussianBlur(bg, (0, 0), k / 3)
    # Each small pixel the mean of a 4x4 block: four times its size is the page's own grid
    # (block centres on the block's middle pixels), a row or column wider than the page.
    up = cv2.resize(bg, (4 * bg.shape[1], 4 * bg.shape[0]), interpolation=cv2.INTER_LINEAR)
    return np.ascontiguousarray(up[:h, :w])


def _quarter(page: np.ndarray) -> np.ndarray:
    """``page`` at a quarter of its size, each pixel the mean of a 4x4 block (a half rounded
    to even); the blocks of a last row (column) of fewer than four pixels are the means of
    what is there. A size four times the quarter's is OpenCV's fast path of area
    averaging, 1.0-1.5 ms for a 150 dpi A4 page against 2.6 ms for the general case any
    other size takes (an A4 page is 1754 pixels high)."""
    h, w = page.shape[:2]
    h4, w4 = h - h % 4, w - w % 4
    if h4 == 0 or w4 == 0:  # a page under 4 pixels: averaged by OpenCV's general case
        size = ((w + 3) // 4, (h + 3) // 4)
        return cv2.resize(page, size, interpolation=cv2.INTER_AREA)
    small = cv2.resize(page[:h4, :w4], (w4 // 4, h4 // 4), interpolation=cv2.INTER_AREA)
    if h4 < h:
        small = np.vstack([small, _block_means(page[h4:, :w4], axis=1)[None, :]])
    if w4 < w:
        small = np.hstack([small, _block_means(page[:, w4:], axis=0)[:, None]])
    return small


def _block_means(strip: np.ndarray, axis: int) -> np.ndarray:
    """The rounded means of ``strip`` (a page's last 1-3 rows, ``axis`` 1, or columns,
    ``axis`` 0) over runs of 4 pixels along ``axis``, the last run what is left."""
    along = strip.shape[axis]
    starts = np.arange(0, along, 4)
    sums = np.add.reduceat(strip.astype(np.int64), starts, axis=axis).sum(axis=1 - axis)
    counts = np.diff(np.append(starts, along)) * strip.shape[1 - axis]
    return np.rint(sums / counts).astype(np.uint8)  # a half to even, as OpenCV rounds


def flatten(page: np.ndarray, dpi: float) -> np.ndarray:
    """``page`` (greyscale uint8) with the paper brought to white everywhere."""
    # The background is a new array of flatten's own: raised to 1 and divided into in place
    # (OpenCV's element-wise steps may write over their input), no page-sized array made
    # for either; a fresh one's first touch cost a third of flatten's CPU.
    bg = paper_background(page, dpi)
    return cv2.divide(page, cv2.max(bg, 1, dst=bg), scale=255.0, dst=bg)


_STREAK_CONTRAST = 12  # grey levels a streak is darker than the columns beside it
_STREAK_SHARE = 0.6  # of the scan's height a column must be such a line to be a streak


def remove_streaks(grey: np.ndarray, columns: np.ndarray | None = None) -> np.ndarray:
    """``grey`` with the scanner's streaks (thin lines along the whole height, exactly
    upright in the image) lightened to the columns beside them.

    A column is a streak when, in most of the scan's rows, it is darker than the pixels two
    to three columns to its left and to its right; the form's own upright lines run only
    through the boxes (a third of the height at most, and tilted with the page). Ink that
    crosses the streak is dark beside it too, and stays. ``columns``: the streaks, where
    ``streak_columns`` has already found them.
    """
    return _lighten(grey, streak_columns(grey) if columns is None else columns)


def streak_columns(grey: np.ndarray) -> np.ndarray:
    """The columns of ``grey`` that ``remove_streaks`` lightens. Where dirt on the glass is
    opaque, the scan holds the dirt there, not the page: what was printed or written under
    it is lost, and a pair number's 1 under a streak reads as no 1 at all (TEST ordinary
    pages read without an event, seed 15: "19" read as 9). The reader does not trust a
    printed number such a column crosses (ocr/printed_page.py)."""
    h, w = grey.shape[:2]
    if w < 16 or h < 16:
        return np.zeros(0, np.intp)
    step = max(1, h // 400)
    darker = _darker_than_beside(np.ascontiguousarray(grey[::step]))
    return np.flatnonzero(_set_along(darker, 0) / darker.shape[0] >= _STREAK_SHARE) + 3


def remove_creases(flat: np.ndarray, printed: np.ndarray) -> np.ndarray:
    """``flat`` (the page warped onto the form, its paper brought to white) with the creases
    of folds across its whole height or width lightened to the pixels beside them.

    A slip folded in two or three for a pocket keeps a crease across the whole sheet,
    parallel to its edges: on the page warped onto the form it is upright or level, as a
    scanner's streak is upright in the scan, but the scan's own skew tilts it there, so
    ``remove_streaks`` does not see it. Read as ink it is a stroke in every box it
    crosses: on a second set of TEST pages (damaged/page_0359.jpg row 8) an upright one
    marked the XX of 2NT by S -1, which then scores 400, and the written 100 was read as
    400 too. The test is ``remove_streaks``'s, made only where the form prints nothing
    (``printed``, ``ocr.captions.printed_pixels``: on the warped page the boxes' edges
    line up from row to row, and the form's rules run across it): a column (a row of
    pixels) is a crease where it is darker than the pixels beside it in most of the rows
    (columns) that print nothing there, and at least a quarter of them must."""
    h, w = flat.shape[:2]
    if w < 16 or h < 16:
        return flat
    upright, upright_drift = _crease_lines(flat, printed, across=False)
    level, level_drift = _crease_lines(flat, printed, across=True)
    if len(upright) == 0 and len(level) == 0:
        return flat
    out = _lighten_pieces(flat, _whole(upright, h) + upright_drift)
    return np.ascontiguousarray(_lighten_pieces(out.T, _whole(level, w) + level_drift).T)


_CREASE_DRIFT_PX = 4
"""How far (px) a crease wanders from the column (row) it was found down: a slip is folded
by hand a little askew, and on the page warped onto the form its crease drifts a pixel or
a few over the page's height (TRAINING damaged 89475 ``page_0001.jpg``: from column 814 to
818, found down 816 alone, the rest of it a stroke down XX's left edge on four rows)."""
_CREASE_PIECES = 16  # pieces along the page in which a crease's drift is followed
_PIECE_SHARE = 0.5  # of a piece's judged pixels, darker than beside: the crease runs there


def _crease_lines(
    flat: np.ndarray, printed: np.ndarray, across: bool
) -> tuple[np.ndarray, list[tuple[int, int, int]]]:
    """The columns of ``flat`` (rows, ``across``) darker than the pixels beside them in
    most of the sampled rows (columns) where ``printed`` is false there, and at least a
    quarter of them are: a crease down a column of boxes runs beside their edges, printed
    give or take 2 px. And where the crease drifts into the columns beside (``_drift``):
    (start, stop, column) pieces along the page."""
    if across:  # rows of pixels: sample columns, compare up and down (no transposed copy)
        step = max(1, flat.shape[1] // 400)
        lines, along = np.ascontiguousarray(flat[:, ::step]), 1
    else:
        step = max(1, flat.shape[0] // 400)
        lines, along = np.ascontiguousarray(flat[::step]), 0
    clear, judged = _judged(printed, across, step)
    hits = _darker_than_beside(lines, across) & clear
    share = _set_along(hits, along) / np.maximum(1, judged)
    found = np.flatnonzero((share >= _STREAK_SHARE) & (judged >= clear.shape[along] // 4)) + 3
    if len(found) == 0:
        return found, []
    if across:  # (sampled columns, rows) as (sampled rows, columns) are read upright
        hits, clear = hits.T, clear.T
    return found, _drift(hits, clear, found, step, flat.shape[along])


def _drift(
    hits: np.ndarray, clear: np.ndarray, found: np.ndarray, step: int, length: int
) -> list[tuple[int, int, int]]:
    """Where each crease column of ``found`` runs on into the columns within
    ``_CREASE_DRIFT_PX`` of it: in each of ``_CREASE_PIECES`` pieces along the page, and
    as many half a piece on (rows ``step`` apart sampled; ``hits``: darker than beside
    where the form prints nothing, ``clear``: where it prints nothing; both without the 3
    columns at each end), a column beside it darker than beside in ``_PIECE_SHARE`` of
    that piece's judged pixels, and a quarter of them judged. A player's stroke is not so
    straight and upright for half of a piece's 18 mm; the crease column itself is
    lightened all along (``_lighten``)."""
    pieces: dict[tuple[int, int, int], None] = {}
    n, width = hits.shape
    # the pieces, and as many again half a piece on: a drift from one column to the next
    # half way through a piece is most of the next one's
    half = np.linspace(0, n, 2 * _CREASE_PIECES + 1).astype(int)
    bounds = list(zip(half[:-2], half[2:], strict=True))
    taken = set(found.tolist())
    beside = sorted({c for x in found for c in range(x - _CREASE_DRIFT_PX, x + _CREASE_DRIFT_PX + 1)
                     if c not in taken and 3 <= c < width + 3})  # fmt: skip
    for a, b in bounds:
        for c in beside:
            judged = int(clear[a:b, c - 3].sum())
            if judged < max(1, (b - a) // 4):
                continue
            if hits[a:b, c - 3].sum() >= _PIECE_SHARE * judged:
                stop = length if b == n else b * step
                pieces[(int(a * step), int(stop), c)] = None
    return list(pieces)


def _whole(columns: np.ndarray, length: int) -> list[tuple[int, int, int]]:
    """``columns`` as pieces (start, stop, column) each ``length`` long: lightened all along."""
    return [(0, length, int(x)) for x in columns]


_JUDGED: dict[tuple[int, bool, int], tuple[np.ndarray, np.ndarray, np.ndarray]] = {}


def _judged(printed: np.ndarray, across: bool, step: int) -> tuple[np.ndarray, np.ndarray]:
    """The sampled pixels ``_crease_lines`` judges, where ``printed`` prints nothing, and how
    many there are along each line: the same on every page of a form, so made once a mask
    (``ocr.captions.printed_pixels`` hands every page the same array, never changed). The
    mask is kept with them, so its ``id`` is not reused while they are."""
    key = (id(printed), across, step)
    kept = _JUDGED.get(key)
    if kept is not None and kept[0] is printed:
        return kept[1], kept[2]
    clear = np.ascontiguousarray(~printed[3:-3, ::step] if across else ~printed[::step, 3:-3])
    judged = _set_along(clear, 1 if across else 0)
    if len(_JUDGED) >= 8:  # a few forms and resolutions a process; a test's masks are new
        _JUDGED.clear()
    _JUDGED[key] = (printed, clear, judged)
    return clear, judged


def _set_along(mask: np.ndarray, along: int) -> np.ndarray:
    """How many pixels of ``mask`` (bool, two-dimensional) are set down each column
    (``along`` 0) or across each row (1): ``mask.sum(axis=along)``, in a fifth of its CPU
    (OpenCV adds the bytes in 32 bits; numpy widens each to 64 first)."""
    if mask.size == 0:
        return np.zeros(mask.shape[1 - along], np.int32)
    return cv2.reduce(mask.view(np.uint8), along, cv2.REDUCE_SUM, dtype=cv2.CV_32S).ravel()


def _darker_than_beside(lines: np.ndarray, across: bool = False) -> np.ndarray:
    """Per pixel of ``lines`` but the 3 columns (rows, ``across``) at each end: is it darker,
    by ``_STREAK_CONTRAST``, than the pixels two to three columns to its left and right
    (rows above and below)?"""

    def cut(a: int | None, b: int | None) -> np.ndarray:
        return lines[a:b] if across else lines[:, a:b]

    before = cv2.max(cut(None, -6), cut(1, -5))
    after = cv2.max(cut(5, -1), cut(6, None))
    # In uint8 the difference stops at 0 where it would go below: no pixel is darker than that.
    floor = cv2.subtract(cv2.min(before, after), _STREAK_CONTRAST)
    return np.asarray(cut(3, -3) < floor)


def _lighten(grey: np.ndarray, columns: np.ndarray) -> np.ndarray:
    """``grey`` with each of ``columns`` brought within the pixels three columns to its
    left and right. On paper it is lightened to the darker of them; where both are dark
    (ink crossing the line) it stays dark, and where the dirt is opaque and paler than the
    ink it covers, it is darkened to the paler of them: a grey line left through a QR
    code's finder pattern or a board number's stroke breaks both (fifth TEST set,
    pencil/page_0269.jpg: neither read, and the page's 11 rows went to a person)."""
    return _lighten_pieces(grey, _whole(columns, grey.shape[0]))


def _lighten_pieces(grey: np.ndarray, pieces: list[tuple[int, int, int]]) -> np.ndarray:
    """``grey`` with each piece (start, stop, column) brought within the pixels three
    columns to its left and right (``_lighten``'s rule, along part of a column: a crease's
    drift), each read as ``grey`` has it; ``grey`` itself where there is no piece."""
    if not pieces:
        return grey
    w = grey.shape[1]
    out = grey.copy()
    for start, stop, x in pieces:
        rows = slice(start, stop)
        left, right = grey[rows, max(0, x - 3)], grey[rows, min(w - 1, x + 3)]
        out[rows, x] = np.clip(grey[rows, x], np.minimum(left, right), np.maximum(left, right))
    return out
