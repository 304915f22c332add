"""Guide cards laid out and drawn: the card model and the drawing that pair and individual
cards share (seed 004 "Guidekort").

A card is a heading, a few lines under it (names, the event's title) and a table of rounds
(``Card``, ``Column``, ``Row``); ``draw_cards`` sets as many whole cards on a page as fit
(two table cards or four personal or corner cards on a portrait page, fewer when the rounds
do not fit, a table scaled down when one card does not fit a whole page) and never splits a
card over pages. Each column takes one text size, so a column reads evenly; names that would
be set too small take two lines, and what still does not fit is shortened with "…".

Names are text: drawn with ``drawString`` (no markup is interpreted) in a TrueType font that
covers the Nordic letters (DejaVu Sans when installed, else the Bitstream Vera that reportlab
ships).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

__all__ = [
    "CARD_KINDS",
    "PAPER_SIZES",
    "Card",
    "CardsPdfError",
    "Column",
    "Row",
    "clean_name",
    "draw_cards",
    "paper_size",
]

PAPER_SIZES: dict[str, tuple[float, float]] = {"A4": A4, "Letter": LETTER}  # points, portrait
CARD_KINDS = ("table", "personal", "corner")


class CardsPdfError(ValueError):
    """Cards that cannot be printed as asked (unknown paper size or kind of card)."""


# (cards across, cards down) on a portrait page when the rounds fit
_GRID = {"table": (1, 2), "personal": (2, 2), "corner": (2, 2)}

_MARGIN = 10 * mm  # inside every printer's unprintable edge
_GAP = 6 * mm  # between cards: room to cut
_PAD = 4 * mm  # inside a card
_ROW = 15.0  # row height, points
_ROW_WRAPPED = 20.0  # row height when names take two lines
_TEXT = 9.0  # cell text, points
_MIN_TEXT = 6.5  # smallest a fitted text is set before it is shortened
_WRAP_BELOW = 8.0  # names that would be set smaller than this take two lines ...
_WRAP_TEXT = 7.5  # ... at this size
_HEADING = {"table": 26.0, "personal": 18.0, "corner": 18.0}
_LINE = 12.0  # a line under the heading

# DejaVu Sans covers Latin, Greek and Cyrillic; these are its usual homes.
_FONT_DIRS = (
    Path("/usr/share/fonts/truetype/dejavu"),  # Debian, Ubuntu
    Path("/usr/share/fonts/dejavu"),  # Fedora
    Path("/usr/share/fonts/TTF"),  # Arch
    Path("/usr/local/share/fonts"),
    Path("/Library/Fonts"),
)


@dataclass(frozen=True)
class Column:
    head: str
    share: float  # of the card's inner width, before normalising
    align: str = "center"  # or "left"
    wrap: bool = False  # names: may take two lines rather than shrink out of sight


@dataclass(frozen=True)
class Row:
    """A row's cell texts. ``span``: the row is (round, text) and the text fills the rest
    of the row, greyed (an idle table, a sit-out round)."""

    cells: tuple[str, ...]
    span: bool = False


@dataclass(frozen=True)
class Card:
    kind: str
    heading: str
    lines: tuple[tuple[str, bool], ...]  # under the heading: (text, bold): names, title
    columns: tuple[Column, ...]
    rows: tuple[Row, ...]


# -- fonts ------------------------------------------------------------------------------------
@cache
def _fonts() -> tuple[str, str]:
    """(regular, bold) font names registered with reportlab."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    for folder in _FONT_DIRS:
        regular, bold = folder / "DejaVuSans.ttf", folder / "DejaVuSans-Bold.ttf"
        if regular.is_file() and bold.is_file():
            pdfmetrics.registerFont(TTFont("BridgescanCards", str(regular)))
            pdfmetrics.registerFont(TTFont("BridgescanCards-Bold", str(bold)))
            return "BridgescanCards", "BridgescanCards-Bold"
    # reportlab ships Bitstream Vera (Latin-1: å ä ö ø æ é ü, enough for Nordic names)
    pdfmetrics.registerFont(TTFont("BridgescanCardsVera", "Vera.ttf"))
    pdfmetrics.registerFont(TTFont("BridgescanCardsVera-Bold", "VeraBd.ttf"))
    return "BridgescanCardsVera", "BridgescanCardsVera-Bold"


def _fit(
    text: str, font: str, size: float, width: float, least: float = _MIN_TEXT
) -> tuple[str, float]:
    """``text`` at the largest size <= ``size`` that fits ``width``; rather than go below
    ``least`` it is shortened with an ellipsis."""
    natural = stringWidth(text, font, size)
    if natural <= width:
        return text, size
    # rounded down to a tenth of a point: a proportional size can miss by a rounding error
    smaller = max(min(least, size), math.floor(size * width / natural * 10) / 10)
    if stringWidth(text, font, smaller) <= width:
        return text, smaller
    cut = text
    while cut and stringWidth(cut + "…", font, smaller) > width:
        cut = cut[:-1]
    return (cut.rstrip() + "…" if cut else ""), smaller


def clean_name(name: str) -> str:
    return " ".join(name.split())  # a newline or tab in a name would break the row


# -- drawing ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class _Plan:
    """How a card's table is set at its width: column widths, a text size per column, and
    the row height (two lines when names must wrap to stay legible)."""

    widths: tuple[float, ...]
    sizes: tuple[float, ...]
    row: float  # height of a round's row; the column heads always take _ROW


def _plan(card: Card, inner_w: float) -> _Plan:
    regular, bold = _fonts()
    total = sum(col.share for col in card.columns)
    widths = tuple(inner_w * col.share / total for col in card.columns)
    sizes = []
    wraps = False
    for i, col in enumerate(card.columns):
        # one size per column, so a column reads evenly
        size = min(
            (
                _fit(r.cells[i], bold if i == 0 else regular, _TEXT, widths[i] - 4)[1]
                for r in card.rows
                if not r.span
            ),
            default=_TEXT,
        )
        if col.wrap and size < _WRAP_BELOW:
            size, wraps = _WRAP_TEXT, True
        sizes.append(size)
    return _Plan(widths, tuple(sizes), _ROW_WRAPPED if wraps else _ROW)


def _height(card: Card, plan: _Plan) -> float:
    return _fixed_height(card) + _ROW + plan.row * len(card.rows)


def _fixed_height(card: Card) -> float:
    """A card's height without its table (padding, heading, the lines under it)."""
    return 2 * _PAD + _HEADING[card.kind] + 4 + _LINE * len(card.lines) + 4


def _wrap(text: str, font: str, size: float, width: float) -> list[str]:
    """``text`` in at most two lines of ``width``, broken between words (the second line is
    shortened when drawn if it is still too long)."""
    if stringWidth(text, font, size) <= width:
        return [text]
    words = text.split(" ")
    k = 1
    while k < len(words) and stringWidth(" ".join(words[: k + 1]), font, size) <= width:
        k += 1
    rest = " ".join(words[k:])
    return [" ".join(words[:k]), rest] if rest else [text]


def _draw_card(
    c: Canvas,
    card: Card,
    plan: _Plan,
    scale: float,
    box: tuple[float, float, float, float],
) -> None:
    """Draw ``card`` in ``box`` (x, top, width, height), its table scaled by ``scale``."""
    regular, bold = _fonts()
    x, top, width, height = box
    c.setLineWidth(0.6)
    c.setStrokeGray(0.35)
    c.setDash(3, 2)  # a cutting line
    c.rect(x, top - height, width, height, stroke=1, fill=0)
    c.setDash()
    c.setFillGray(0)
    inner_x, inner_w = x + _PAD, width - 2 * _PAD
    y = top - _PAD - _HEADING[card.kind] * 0.8
    text, size = _fit(card.heading, bold, _HEADING[card.kind], inner_w)
    c.setFont(bold, size)
    c.drawString(inner_x, y, text)
    y -= _HEADING[card.kind] * 0.2 + 4
    for line, strong in card.lines:
        font, wanted = (bold, 10.5) if strong else (regular, 8.5)
        y -= _LINE
        text, size = _fit(line, font, wanted, inner_w)
        c.setFont(font, size)
        c.drawString(inner_x, y + 2, text)
    y -= 4
    lefts = [inner_x + sum(plan.widths[:i]) for i in range(len(plan.widths))]
    head_h, row_h = _ROW * scale, plan.row * scale

    def put(
        text: str,
        font: str,
        size: float,
        i: int,
        row_h: float,
        *,
        span: bool = False,
        least: float = _MIN_TEXT,
    ) -> None:
        """Text in column ``i`` of the row whose top is at ``y``."""
        width = inner_w - plan.widths[0] if span else plan.widths[i]
        align = "center" if span else card.columns[i].align
        wrap = card.columns[i].wrap and not span and plan.row == _ROW_WRAPPED
        lines = _wrap(text, font, size, width - 4) if wrap else [text]
        leading = size * 1.15
        first = y - row_h / 2 + (len(lines) - 1) * leading / 2 - size * 0.35
        for n, line in enumerate(lines):
            fitted, fitted_size = _fit(line, font, size, width - 4, least=min(size, least))
            c.setFont(font, fitted_size)
            if align == "left":
                c.drawString(lefts[i] + 2, first - n * leading, fitted)
            else:
                c.drawCentredString(lefts[i] + width / 2, first - n * leading, fitted)

    c.setFillGray(0.85)
    c.rect(inner_x, y - head_h, inner_w, head_h, stroke=0, fill=1)
    c.setFillGray(0)
    for i, col in enumerate(card.columns):
        put(col.head, bold, min(8.0, 5.0 + 3.0 * scale), i, head_h, least=5.0)
    y -= head_h
    c.setStrokeGray(0.5)
    c.setLineWidth(0.4)
    c.line(inner_x, y, inner_x + inner_w, y)
    for n, row in enumerate(card.rows):
        if n % 2 == 1:  # shade every other row so the eye keeps its line across the card
            c.setFillGray(0.94)
            c.rect(inner_x, y - row_h, inner_w, row_h, stroke=0, fill=1)
        c.setFillGray(0)
        put(row.cells[0], bold, plan.sizes[0] * scale, 0, row_h)
        if row.span:  # the text fills the rest of the row, grey
            c.setFillGray(0.35)
            put(row.cells[1], regular, _TEXT * scale, 1, row_h, span=True)
            c.setFillGray(0)
        else:
            for i, text in enumerate(row.cells[1:], start=1):
                put(text, regular, plan.sizes[i] * scale, i, row_h)
        y -= row_h
        c.line(inner_x, y, inner_x + inner_w, y)
    c.line(lefts[1], y, lefts[1], y + head_h + row_h * len(card.rows))  # round | the rest


def draw_cards(c: Canvas, cards: Sequence[Card], page: tuple[float, float], kind: str) -> None:
    """Lay ``cards`` out on pages, as many as fit whole, and draw them."""
    across, down = _GRID[kind]
    width = (page[0] - 2 * _MARGIN - (across - 1) * _GAP) / across
    plans = [_plan(card, width - 2 * _PAD) for card in cards]
    needed = max(_height(card, plan) for card, plan in zip(cards, plans, strict=True))
    usable = page[1] - 2 * _MARGIN
    while down > 1 and needed > (usable - (down - 1) * _GAP) / down:
        down -= 1
    height = (usable - (down - 1) * _GAP) / down
    per_page = across * down
    for start in range(0, len(cards), per_page):
        for k in range(start, min(start + per_page, len(cards))):
            card, plan = cards[k], plans[k]
            # a card taller than a whole page: its table shrinks to fit
            table = _height(card, plan) - _fixed_height(card)
            scale = min(1.0, (height - _fixed_height(card)) / table)
            # fill a page row by row: left to right, then down
            col, row = (k - start) % across, (k - start) // across
            x = _MARGIN + col * (width + _GAP)
            top = page[1] - _MARGIN - row * (height + _GAP)
            _draw_card(c, card, plan, scale, (x, top, width, height))
        c.showPage()


def paper_size(paper: str) -> tuple[float, float]:
    for name, size in PAPER_SIZES.items():
        if name.lower() == paper.strip().lower():
            return size
    raise CardsPdfError(f"paper {paper!r}: choose {' or '.join(PAPER_SIZES)}")
