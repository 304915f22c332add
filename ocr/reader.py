"""Read scanned travellers: one page, a file (PDF, TIFF, PNG, JPEG) or a whole batch.

Per page (issue 5, item 2): find the corner markers and warp to the template
(ocr/align.py), read the QR code (falling back to Tesseract on the large printed board
number, ocr/printed.py), read every mark box (ocr/marks.py) and handwritten digit
(ocr/digits.py, one batched classifier call per page), and decode each row jointly
against Law 77 and the movement (ocr/decode.py). What the page's type says when the QR code
and the event do not (the printed board number, the rows' printed pairs) is read in
ocr/printed_page.py. Bad pages get a reason code and are
kept (item 7); nothing is dropped and nothing is silently guessed.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path

import cv2
import numpy as np

from ocr.align import (
    WORK_DPI,
    AlignFailure,
    Alignment,
    AlignmentError,
    align_page,
    detect_markers,
    to_grey,
    warp_region,
)
from ocr.box_crops import crop_mm
from ocr.captions import printed_pixels
from ocr.decode import DEFAULT_THRESHOLD
from ocr.digits import DigitModel, load_model
from ocr.event_pairs import decoded_jointly
from ocr.illumination import flatten, remove_creases, remove_streaks, streak_columns
from ocr.ink_colour import ColourPage, marks_region
from ocr.layout import Layout, load_layout
from ocr.marker_search import FirstHalf
from ocr.page_pairs import played_once
from ocr.pages import (
    IMAGE_SUFFIXES,
    collect_inputs,
    decode_image,
    load_pages,
    page_colour,
    page_count,
)
from ocr.pair_check import check_pair_numbers
from ocr.printed_page import lightened_lines, printed_board, printed_from_page
from ocr.printed_pairs import PrintedPairs, qr_differs, qr_pairs
from ocr.qrpayload import QrPayload, QrPayloadError, parse
from ocr.reading import NOTES, Crop, PageProblem, PageReading, PageRef, RowStatus
from ocr.row_reader import PairReadings, png_bytes, read_rows
from ocr.stack import check_rounds, finish_batch, mark_duplicates
from ocr.stack import to_review as _to_review

__all__ = [
    "IMAGE_SUFFIXES",
    "ScanReader",
    "load_pages",
    "collect_inputs",
    "decode_image",
    "check_rounds",
    "finish_batch",
    "mark_duplicates",
    "page_count",
    "png_bytes",
    "read_paths",
]


def _thumbnail(image: np.ndarray, ref: PageRef) -> Crop:
    scale = min(1.0, 900 / max(image.shape[:2]))
    small = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    return Crop(ref, (0.0, 0.0, 0.0, 0.0), png_bytes(small))


# One QR detector per thread: OpenCV's detector keeps state between calls, and a batch
# reads pages on several threads at once.
_QR = threading.local()


def _decode_qr(region: np.ndarray) -> str | None:
    detector = getattr(_QR, "detector", None)
    if detector is None:
        detector = _QR.detector = cv2.QRCodeDetector()
    for img in (region, cv2.threshold(region, 0, 255, cv2.THRESH_BINARY | cv2.THRESH_OTSU)[1]):
        try:
            text, _, _ = detector.detectAndDecode(img)
        except cv2.error:
            text = ""
        if text:
            return str(text)
    return None


def _decode_qr_at(region: np.ndarray, corners: np.ndarray) -> str | None:
    """The QR code whose four corners (top-left, top-right, bottom-right, bottom-left, in
    ``region`` pixels) the alignment already gives: decoded without searching for it,
    about four times faster than ``_decode_qr``. A wrong guess decodes nothing (the
    code's error correction does not let a misplaced grid read as text), and the caller
    then searches as before."""
    detector = getattr(_QR, "placed", None)
    if detector is None:
        detector = _QR.placed = cv2.QRCodeDetector()
    try:
        text, _ = detector.decode(region, corners.reshape(1, 4, 2).astype(np.float32))
    except cv2.error:
        text = ""
    return str(text) if text else None


@dataclass
class ScanReader:
    """Reads pages with one layout, digit model and (optionally) the event's movement.

    ``printed_pairs(board, section)`` gives the rows pre-printed on that board's traveller
    (round, NS, EW) and the pairs the movement allows on the board; ``expect`` is the (event,
    session) the pages must belong to, checked against each QR code.
    """

    layout: Layout = field(default_factory=load_layout)
    model: DigitModel = field(default_factory=load_model)
    threshold: float = DEFAULT_THRESHOLD
    printed_pairs: Callable[[int, str], PrintedPairs | None] | None = None
    expect: tuple[str, str] | None = None
    # the rows' printed pairs read off the type (template matching) when no movement is given
    read_printed: bool = True

    def read_file(self, path: Path) -> list[PageReading]:
        """All pages of one file."""
        return [self.read_image(img, ref) for ref, img in load_pages(path)]

    def read_image(
        self,
        image: np.ndarray | Exception,
        ref: PageRef,
        colour: ColourPage | None = None,
    ) -> PageReading:
        """One page image (or the error that stopped it being decoded) -> a PageReading.

        ``colour``: the page's pixels in colour (B, G, R), asked for only if the page is
        dusty (ocr/ink_colour.py); by default the image itself where it is in colour, else
        the page of ``ref``'s file decoded again in colour (``page_colour``)."""
        if isinstance(image, Exception):
            return PageReading(ref, None, None, None, None, (), (PageProblem.UNREADABLE,),
                               f"{ref}: cannot decode the image: {image}")  # fmt: skip
        if colour is None:
            colour = _colour_source(image, ref)
        grey = to_grey(image)
        streaks = streak_columns(grey)
        image = remove_streaks(grey, streaks)
        half = FirstHalf(image)  # halved once for the marker search and the warp
        try:
            alignment = align_page(image, self.layout, half)
        except AlignmentError as err:
            return self._unaligned(image, ref, err)
        page = warp_region(image, alignment, 0, 0, self.layout.page_width,
                           self.layout.page_height, first=half)  # fmt: skip
        problems: list[PageProblem] = []
        messages: list[str] = []
        if alignment.rotation == 180:
            problems.append(PageProblem.UPSIDE_DOWN)
        payload, board, board_from = self._board(image, alignment, page, problems, messages)
        layout = self.layout
        if payload is not None and payload.paper != layout.paper:
            layout = load_layout(payload.paper)
            alignment = _retarget(alignment, self.layout, layout)
            page = warp_region(
                image, alignment, 0, 0, layout.page_width, layout.page_height, first=half
            )
        if payload is not None and self.expect is not None:
            if (payload.event, payload.session) != self.expect and not payload.is_blank_form:
                problems.append(PageProblem.WRONG_EVENT)
                messages.append(
                    f"QR code says event {payload.event!r} session {payload.session!r}, "
                    f"not {self.expect[0]!r} session {self.expect[1]!r}"
                )
        unfolded = flatten(page, WORK_DPI)
        flat = remove_creases(unfolded, printed_pixels(layout, WORK_DPI))
        printed = None
        if board is not None and self.printed_pairs is not None:
            printed = self.printed_pairs(board, payload.section if payload else "")
            if printed is not None and payload is not None and payload.is_blank_form:
                # a generic form: nothing is pre-printed on its rows, whatever the movement
                printed = replace(printed, rows=())
        elif payload is not None and (payload.seating or payload.meetings):
            printed = qr_pairs(payload.seating, payload.meetings)
        elif self.read_printed and (payload is None or not payload.is_blank_form):
            lines = lightened_lines(streaks, image.shape[:2], alignment, layout, unfolded, flat)
            printed = printed_from_page(flat, layout, lines)
        alone = self.printed_pairs is None  # no event file: the QR code's pairs, if any
        section_pairs = frozenset(payload.pairs) if alone and payload and payload.pairs else None
        if section_pairs is not None:
            printed = replace(printed or PrintedPairs(()), section_pairs=section_pairs)
        pairs: dict[int, PairReadings] = {}
        in_colour = _warped_colour(colour, grey.shape[:2], alignment, layout, flat.shape[:2])
        rows = read_rows(
            flat, layout, ref, self.model, board, printed, self.threshold, pairs, in_colour
        )
        one_series = printed is not None and printed.numbered_in_one_series
        first = rows
        rows = played_once(rows, self.threshold, pairs, one_series)
        if printed is not None and printed.allowed is not None:  # the event's movement
            meetings = printed.allowed if not printed.rows else ()  # a blank form's lines
            rows = decoded_jointly(first, rows, self.threshold, pairs, one_series, meetings)
        if alone:
            rows = check_pair_numbers(rows, section_pairs, lambda r: png_bytes(crop_mm(flat, r)))
        if board is None or PageProblem.WRONG_EVENT in problems:
            why = "board unknown" if board is None else "page from another event or session"
            rows = tuple(_to_review(r, why) for r in rows)
        elif not alone and printed is not None and payload is not None:
            differs = qr_differs(printed, payload.seating, payload.meetings)
            if differs is not None:
                messages.append(differs)
                rows = tuple(_to_review(r, differs) for r in rows)
        if all(r.status is RowStatus.EMPTY for r in rows):
            problems.append(PageProblem.BLANK_TRAVELLER)
            messages.append("nothing is written on this traveller")
        return PageReading(
            page=ref,
            board=board,
            board_from=board_from,
            qr=payload,
            rotation=alignment.rotation,
            rows=rows,
            problems=tuple(problems),
            message="; ".join(messages),
            thumbnail=_thumbnail(page, ref) if any(p not in NOTES for p in problems) else None,
        )

    def _unaligned(self, image: np.ndarray, ref: PageRef, err: AlignmentError) -> PageReading:
        problem = {
            AlignFailure.NO_MARKERS: PageProblem.NOT_A_TRAVELLER,
            AlignFailure.PARTIAL_PAGE: PageProblem.PARTIAL_PAGE,
            AlignFailure.BAD_GEOMETRY: PageProblem.BAD_GEOMETRY,
            AlignFailure.UNREADABLE: PageProblem.UNREADABLE,
        }[err.reason]
        payload = None
        if problem is PageProblem.NOT_A_TRAVELLER or problem is PageProblem.PARTIAL_PAGE:
            # A traveller QR code without markers still says which board the page was.
            grey = image if image.ndim == 2 else cv2.cvtColor(image[..., :3], cv2.COLOR_BGR2GRAY)
            text = self._qr_near_markers(grey) or _decode_qr(grey)
            if text:
                try:
                    payload = parse(text)
                except QrPayloadError:
                    payload = None
            if payload is not None and problem is PageProblem.NOT_A_TRAVELLER:
                problem = PageProblem.PARTIAL_PAGE
        return PageReading(
            page=ref,
            board=None if payload is None else payload.board,
            board_from=None if payload is None else "qr",
            qr=payload,
            rotation=None,
            rows=(),
            problems=(problem,),
            message=f"{ref}: {err}",
            thumbnail=_thumbnail(image, ref),
        )

    def _qr_near_markers(self, grey: np.ndarray) -> str | None:
        """The QR code of a part of a page, found from the corner markers that survived: one
        or two markers fix position, scale and rotation (a similarity), enough to cut the QR
        region out at 300 dpi, where a whole-image search often misses it."""
        found = detect_markers(grey, self.layout)
        if not found:
            return None
        template = self.layout.marker_corners()
        src = np.concatenate([found[i] for i in found]).astype(np.float32)
        dst = np.concatenate([np.array(template[i]) for i in found]).astype(np.float32)
        fit, _ = cv2.estimateAffinePartial2D(src, dst)
        if fit is None:
            return None
        h = np.vstack([fit, [0.0, 0.0, 1.0]])
        side = float(np.mean([np.linalg.norm(c[0] - c[1]) for c in found.values()]))
        dpi = side / self.layout.markers[0].rect.width * 25.4
        guess = Alignment(h, tuple(sorted(found)), 0, 0.0, dpi)
        r, margin = self.layout.qr, 4.0
        region = warp_region(grey, guess, r.x - margin, r.y - margin, r.width + 2 * margin,
                             r.height + 2 * margin, dpi=300)  # fmt: skip
        return _decode_qr(region)

    def _board(
        self,
        image: np.ndarray,
        alignment: Alignment,
        page: np.ndarray,
        problems: list[PageProblem],
        messages: list[str],
    ) -> tuple[QrPayload | None, int | None, str | None]:
        lay = self.layout
        margin = 4.0
        r = lay.qr
        s = WORK_DPI / 25.4
        x0, y0 = max(0, int((r.x - margin) * s)), max(0, int((r.y - margin) * s))
        region = page[y0 : int((r.y1 + margin) * s), x0 : int((r.x1 + margin) * s)]
        corners = np.array([(r.x, r.y), (r.x1, r.y), (r.x1, r.y1), (r.x, r.y1)]) * s - (x0, y0)
        text = _decode_qr_at(region, corners) or _decode_qr(region)
        if text is None:  # a second look at twice the resolution, from the original image
            hi = warp_region(image, alignment, r.x - margin, r.y - margin, r.width + 2 * margin,
                             r.height + 2 * margin, dpi=300)  # fmt: skip
            text = _decode_qr(hi)
        if text is not None:
            try:
                payload = parse(text)
                return payload, payload.board, "qr"
            except QrPayloadError as exc:
                messages.append(str(exc))
        problems.append(PageProblem.QR_UNREADABLE)
        number = printed_board(page, lay)
        if number is not None:
            messages.append(f"QR code unreadable; board {number} read from the printed number")
            return None, number, "printed"
        problems.append(PageProblem.BOARD_UNKNOWN)
        messages.append("QR code and printed board number both unreadable")
        return None, None, None


def _colour_source(image: np.ndarray, ref: PageRef) -> ColourPage:
    """Where a page's colour comes from when the caller does not say: the image itself in
    colour, else ``ref``'s file decoded again (a page decoded to grey, as ``load_pages``
    decodes every page: colour is wanted for dusty pages only)."""
    if image.ndim == 3 and image.shape[2] >= 3:
        return lambda: np.ascontiguousarray(image[..., :3])
    path = Path(ref.file)
    return lambda: page_colour(path, ref.page) if path.is_file() else None


def _warped_colour(
    colour: ColourPage,
    scan_shape: tuple[int, ...],
    alignment: Alignment,
    layout: Layout,
    page_shape: tuple[int, ...],
) -> ColourPage:
    """The page's colour as ``read_rows`` asks for it (ocr/ink_colour.py): the scan's colour
    pixels (``colour``, made only when asked) warped as the grey page was, at its size, in
    the marks' region only (``marks_region``; white beyond it); None where the scan has no
    colour or another size than the grey page it was read from."""

    def warped() -> np.ndarray | None:
        pixels = colour()
        if pixels is None or pixels.ndim != 3 or pixels.shape[:2] != scan_shape:
            return None
        x0, y0, x1, y1 = marks_region(layout, WORK_DPI)
        s = WORK_DPI / 25.4
        part = warp_region(pixels, alignment, x0 / s, y0 / s, (x1 - x0) / s, (y1 - y0) / s,
                           colour=True)  # fmt: skip
        out = np.full((*page_shape, 3), 255, np.uint8)
        h, w = min(part.shape[0], out.shape[0] - y0), min(part.shape[1], out.shape[1] - x0)
        out[y0 : y0 + h, x0 : x0 + w] = part[:h, :w]
        return out

    return warped


def _retarget(alignment: Alignment, src: Layout, dst: Layout) -> Alignment:
    """The same fit expressed in another paper size's page millimetres (content is centred)."""
    dx = dst.content.x - src.content.x
    dy = dst.content.y - src.content.y
    shift = np.array([[1, 0, dx], [0, 1, dy], [0, 0, 1]], np.float64)
    return replace(alignment, homography=shift @ alignment.homography)


def read_paths(reader: ScanReader, paths: Iterable[Path]) -> list[PageReading]:
    """Read every page of every file, then run the batch checks (``finish_batch``)."""
    pages: list[PageReading] = []
    for path in paths:
        pages.extend(reader.read_file(path))
    return finish_batch(pages)
