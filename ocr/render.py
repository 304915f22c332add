"""Print travellers to PDF from the form layout (one traveller per page).

Everything is drawn as vectors from ocr/layout.py, so printed and read geometry agree to
the printer's accuracy. Captions inside mark boxes are printed in a light "dropout"
grey, as on commercial mark-sense forms: they guide the player but lie far above the
reader's ink threshold. Board facts (dealer, vulnerability) follow Law 2 via
scoring.board.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from ocr.layout import (
    ROUND,
    FieldKind,
    Layout,
    Rect,
    RowField,
    load_layout,
)
from ocr.qrpayload import QrPayload, Seating, make_qr
from ocr.sheets import PrintedRow, TravellerSheet
from scoring.board import dealer_of, vulnerability_of

__all__ = [
    "DROPOUT_GREY",
    "RenderError",
    "aruco_bits",
    "render_pdf",
    "draw_traveller",
    "blank_sheets",
]

DROPOUT_GREY = 0.78  # 78% white: captions vanish under any sensible ink threshold
_SEAT_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}
_VUL_NAMES = {"None": "None", "NS": "N-S", "EW": "E-W", "All": "All"}


class RenderError(ValueError):
    """A traveller that cannot be printed on the form (too many rows, bad numbers)."""


def aruco_bits(dictionary: str, marker_id: int) -> list[list[bool]]:
    """The marker's cells including its one-cell black border; True = black."""
    import cv2

    d = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, dictionary))
    cells = int(d.markerSize) + 2
    img = cv2.aruco.generateImageMarker(d, marker_id, cells, borderBits=1)
    return [[bool(img[r, c] < 128) for c in range(cells)] for r in range(cells)]


class _Page:
    """Helpers that take layout millimetres (top-left origin) to reportlab points."""

    def __init__(self, canvas: Canvas, layout: Layout) -> None:
        self.c = canvas
        self.h = layout.page_height

    def rect(self, r: Rect, *, fill: bool = False, stroke: bool = True) -> None:
        self.c.rect(
            r.x * mm,
            (self.h - r.y1) * mm,
            r.width * mm,
            r.height * mm,
            stroke=int(stroke),
            fill=int(fill),
        )

    def text(
        self,
        x: float,
        y: float,
        s: str,
        size: float,
        *,
        font: str = "Helvetica",
        align: str = "left",
    ) -> None:
        """Text whose baseline is at page mm (x, y)."""
        self.c.setFont(font, size)
        if align == "center":
            self.c.drawCentredString(x * mm, (self.h - y) * mm, s)
        elif align == "right":
            self.c.drawRightString(x * mm, (self.h - y) * mm, s)
        else:
            self.c.drawString(x * mm, (self.h - y) * mm, s)

    def centred(self, r: Rect, s: str, size: float, font: str = "Helvetica") -> None:
        """Text centred in ``r`` (cap height ~0.7 of the point size)."""
        cap_mm = size * 0.7 * 25.4 / 72
        cx, cy = r.center
        self.text(cx, cy + cap_mm / 2, s, size, font=font, align="center")


def _draw_marker(p: _Page, layout: Layout, marker_id: int, r: Rect) -> None:
    bits = aruco_bits(layout.aruco_dictionary, marker_id)
    n = len(bits)
    cell = r.width / n
    p.c.setFillGray(0)
    for i, line in enumerate(bits):
        for j, black in enumerate(line):
            if black:
                p.rect(Rect(r.x + j * cell, r.y + i * cell, cell, cell), fill=True, stroke=False)


def _draw_qr(p: _Page, payload: QrPayload, r: Rect) -> None:
    matrix = make_qr(payload).matrix
    n = len(matrix)
    cell = r.width / n
    p.c.setFillGray(0)
    for i, line in enumerate(matrix):
        j = 0
        while j < n:  # draw runs of dark modules as one rectangle
            if line[j] & 1:
                k = j
                while k < n and line[k] & 1:
                    k += 1
                p.rect(
                    Rect(r.x + j * cell, r.y + i * cell, (k - j) * cell, cell),
                    fill=True,
                    stroke=False,
                )
                j = k
            else:
                j += 1


def _draw_header(p: _Page, layout: Layout, sheet: TravellerSheet) -> None:
    h = layout.header
    bn = h["board_number"]
    p.c.setFillGray(0)
    p.text(bn.x + 1, bn.y + 4.5, "BOARD", 11, font="Helvetica-Bold")
    p.centred(
        Rect(bn.x, bn.y + 5, bn.width, bn.height - 5), str(sheet.board), 44, font="Helvetica-Bold"
    )
    dealer = str(dealer_of(sheet.board))
    vul = str(vulnerability_of(sheet.board))
    d, v, e = h["dealer"], h["vulnerability"], h["event"]
    p.text(d.x, d.y + 6, f"Dealer: {_SEAT_NAMES[dealer]}", 15, font="Helvetica-Bold")
    p.text(v.x, v.y + 6, f"Vulnerable: {_VUL_NAMES[vul]}", 15, font="Helvetica-Bold")
    where = " · ".join(
        s
        for s in (
            sheet.title or sheet.event,
            f"Session {sheet.session}" if sheet.session else "",
            f"Section {sheet.section}" if sheet.section else "",
        )
        if s
    )
    line = where or "Event: ____________________  Session: ____"
    # shrink a long title to the header box rather than run into the marker's quiet zone
    size = min(9.0, 9.0 * e.width * mm / max(stringWidth(line, "Helvetica", 9.0), 1.0))
    p.text(e.x, e.y + 4, line, size)
    p.text(e.x, e.y + 8, f"Traveller form v{layout.version} · {layout.paper}", 7)


def _draw_column_heads(p: _Page, layout: Layout) -> None:
    ch = layout.header["column_heads"]
    row = layout.rows[0]
    half = ch.height / 2
    for f in row.fields:
        r = f.rect
        y = ch.y + (half - 1.5 if f.line == 0 and f.span == 1 else ch.height - 1.5)
        p.text(r.x, y, f.label, 7 if f.kind is FieldKind.MARKS else 8, font="Helvetica-Bold")
    p.c.setLineWidth(0.6)
    p.c.line(ch.x * mm, (p.h - ch.y1) * mm, ch.x1 * mm, (p.h - ch.y1) * mm)


def _draw_field(p: _Page, f: RowField, printed: PrintedRow | None) -> None:
    if f.kind is FieldKind.PRINTED:
        value = None if printed is None else printed.printed(f.name)
        if value is not None:
            p.c.setFillGray(0)
            size: float = 13 if f.name == ROUND else 12
            room = f.boxes[0].rect.width * mm * 0.92  # "13-16" of an individual must fit
            size = min(size, size * room / max(stringWidth(value, "Helvetica-Bold", size), 1.0))
            p.centred(f.boxes[0].rect, value, size, font="Helvetica-Bold")
        return
    p.c.setStrokeGray(0)
    p.c.setLineWidth(0.7)
    if f.kind is FieldKind.DIGITS:
        for b in f.boxes:
            p.rect(b.rect)
        return
    for b in f.boxes:
        p.rect(b.rect)
        p.c.setFillGray(DROPOUT_GREY)
        size = 6.0 if len(b.caption) <= 1 else 5.0 if len(b.caption) == 2 else 4.2
        p.centred(b.rect, b.caption, size, font="Helvetica-Bold")
        p.c.setFillGray(0)


def draw_traveller(canvas: Canvas, layout: Layout, sheet: TravellerSheet) -> None:
    """Draw one traveller page on ``canvas`` (the caller calls showPage)."""
    if len(sheet.rows) > len(layout.rows):
        raise RenderError(
            f"board {sheet.board}: {len(sheet.rows)} rows do not fit the form's "
            f"{len(layout.rows)} rows"
        )
    p = _Page(canvas, layout)
    for m in layout.markers:
        _draw_marker(p, layout, m.id, m.rect)
    _draw_qr(p, sheet.payload(layout), layout.qr)
    _draw_header(p, layout, sheet)
    _draw_column_heads(p, layout)
    gap = layout.rows[1].rect.y - layout.rows[0].rect.y1 if len(layout.rows) > 1 else 0.6
    for i, row in enumerate(layout.rows):
        printed = sheet.rows[i] if i < len(sheet.rows) else None
        p.c.setFillGray(0)
        p.rect(row.timing_mark, fill=True, stroke=False)
        for f in row.fields:
            _draw_field(p, f, printed)
        # a hairline between rows, in the gap that no box uses
        y = row.rect.y1 + gap / 2
        p.c.setStrokeGray(0.6)
        p.c.setLineWidth(0.3)
        p.c.line((row.rect.x + 5) * mm, (p.h - y) * mm, row.rect.x1 * mm, (p.h - y) * mm)
    ft = layout.header["footer"]
    p.c.setFillGray(0)
    p.text(
        ft.x,
        ft.y + 3,
        "Mark one box per group with a cross or fill it. Result: = or + / - and "
        "the number of tricks over or under. Passed out: mark P only.",
        6.5,
    )
    p.text(
        ft.x,
        ft.y + 6.5,
        "Score: one digit per box, right-aligned, and mark whom it is for "
        "(NS or EW). Other pairs played: mark * and write their numbers.",
        6.5,
    )


def render_pdf(
    sheets: Iterable[TravellerSheet],
    out: str | Path | None = None,
    *,
    paper: str = "A4",
    layout: Layout | None = None,
) -> bytes:
    """Render ``sheets`` as one PDF (one traveller per page); write it to ``out`` if given.

    Returns the PDF bytes. Raises RenderError for a sheet that does not fit the form.
    """
    lay = layout or load_layout(paper)
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(lay.page_width * mm, lay.page_height * mm), invariant=True)
    c.setTitle("bridgescan travellers")
    c.setCreator("bridgescan")
    pages = 0
    for sheet in sheets:
        draw_traveller(c, lay, sheet)
        c.showPage()
        pages += 1
    if pages == 0:
        raise RenderError("no travellers to print")
    c.save()
    data = buf.getvalue()
    if out is not None:
        Path(out).write_bytes(data)
    return data


def blank_sheets(
    boards: Sequence[int],
    title: str = "",
    pairs: Sequence[int] | None = None,
    meetings: Mapping[int, Seating] | None = None,
) -> list[TravellerSheet]:
    """Generic travellers for clubs without an event file: board facts, no pairs printed.

    The rows are left empty; players write the pair numbers in the NS/EW digit boxes.
    ``pairs``, the club's pair numbers when it knows them, go into the QR code only, so
    the reader can tell a handwritten 12 from a 72 the club does not have. ``meetings``,
    per board the (round, NS, EW) of the movement the club plays every week, go into the
    QR code too (``BSC4``): the reader then knows which pairs may play the board.
    """
    numbers = tuple(pairs) if pairs else None
    met = meetings or {}
    return [TravellerSheet(b, title=title, pairs=numbers, meetings=met.get(b)) for b in boards]
