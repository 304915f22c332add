"""The traveller form's geometry as frozen records, in page millimetres.

A box is always addressed the same way: ``layout.box(row, field, option)`` gives its
rectangle (origin top-left of the paper, y down). The records are built from the form's
YAML by ``ocr.layout_build`` or read from the copy that ships built (``ocr.layout_shipped``);
``ocr.layout.load_layout`` chooses, and is where every other module gets them.

Rows are numbered from 1 (the first printed row). Options are strings: the option
labels of a mark field ("1".."7", "C".."NT", "=", "+", "-", ...) or, for a digit comb,
the box position ("0" = leftmost). Printed fields have the single option "".
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from ocr.field_kind import FieldKind

__all__ = [
    "FORM_VERSION",
    "PAPERS",
    "Box",
    "FieldKind",
    "Layout",
    "LayoutError",
    "Marker",
    "Rect",
    "Row",
    "RowField",
    "MM_PER_INCH",
    "mm_to_px",
    # Field names, so callers need no string literals.
    "ROUND",
    "NS_PAIR",
    "EW_PAIR",
    "NS_PAIR_WRITTEN",
    "EW_PAIR_WRITTEN",
    "PAIRS_CHANGED",
    "PASSED_OUT",
    "LEVEL",
    "STRAIN",
    "DOUBLING",
    "DECLARER",
    "RESULT_SIGN",
    "RESULT_COUNT",
    "SCORE_SIDE",
    "SCORE",
]

MM_PER_INCH = 25.4
FORM_VERSION = 1
PAPERS = ("A4", "Letter")

ROUND = "round"
NS_PAIR = "ns_pair"
EW_PAIR = "ew_pair"
NS_PAIR_WRITTEN = "ns_pair_written"
EW_PAIR_WRITTEN = "ew_pair_written"
PAIRS_CHANGED = "pairs_changed"
PASSED_OUT = "passed_out"
LEVEL = "level"
STRAIN = "strain"
DOUBLING = "doubling"
DECLARER = "declarer"
RESULT_SIGN = "result_sign"
RESULT_COUNT = "result_count"
SCORE_SIDE = "score_side"
SCORE = "score"


class LayoutError(ValueError):
    """The layout file is malformed, or a box was asked for that the form does not have."""


def mm_to_px(mm: float, dpi: float) -> float:
    """Millimetres on paper to pixels at ``dpi``."""
    return mm * dpi / MM_PER_INCH


@dataclass(frozen=True)
class Rect:
    """An axis-aligned rectangle in page millimetres (top-left origin, y down)."""

    x: float
    y: float
    width: float
    height: float

    @property
    def x1(self) -> float:
        return self.x + self.width

    @property
    def y1(self) -> float:
        return self.y + self.height

    @property
    def center(self) -> tuple[float, float]:
        return (self.x + self.width / 2, self.y + self.height / 2)

    def inset(self, mm: float) -> Rect:
        """The rectangle shrunk by ``mm`` on every side (e.g. to skip a printed border)."""
        return Rect(self.x + mm, self.y + mm, self.width - 2 * mm, self.height - 2 * mm)

    def translate(self, dx: float, dy: float) -> Rect:
        return Rect(self.x + dx, self.y + dy, self.width, self.height)

    def to_px(self, dpi: float) -> tuple[int, int, int, int]:
        """Pixel bounds ``(x0, y0, x1, y1)`` (x1/y1 exclusive) on an upright page raster."""
        return (
            round(mm_to_px(self.x, dpi)),
            round(mm_to_px(self.y, dpi)),
            round(mm_to_px(self.x1, dpi)),
            round(mm_to_px(self.y1, dpi)),
        )

    def contains(self, other: Rect) -> bool:
        eps = 1e-9
        return (
            self.x - eps <= other.x
            and self.y - eps <= other.y
            and other.x1 <= self.x1 + eps
            and other.y1 <= self.y1 + eps
        )

    def overlaps(self, other: Rect) -> bool:
        """True when the interiors intersect (touching edges do not count)."""
        return self.x < other.x1 and other.x < self.x1 and self.y < other.y1 and other.y < self.y1


@dataclass(frozen=True)
class Box:
    """One addressable box: (row, field, option) and its rectangle."""

    row: int
    field: str
    option: str
    rect: Rect
    caption: str = ""  # printed in dropout colour inside a mark box to guide the player


@dataclass(frozen=True)
class RowField:
    """A field of one row with its boxes in option order."""

    row: int
    name: str
    kind: FieldKind
    label: str
    line: int
    span: int
    boxes: tuple[Box, ...]

    @property
    def options(self) -> tuple[str, ...]:
        return tuple(b.option for b in self.boxes)

    @functools.cached_property
    def rect(self) -> Rect:
        """The bounding rectangle of all boxes of the field (asked for on every row read)."""
        x0 = min(b.rect.x for b in self.boxes)
        y0 = min(b.rect.y for b in self.boxes)
        x1 = max(b.rect.x1 for b in self.boxes)
        y1 = max(b.rect.y1 for b in self.boxes)
        return Rect(x0, y0, x1 - x0, y1 - y0)

    def box(self, option: str) -> Box:
        for b in self.boxes:
            if b.option == option:
                return b
        raise LayoutError(
            f"row {self.row} field {self.name!r} has no option {option!r} "
            f"(options: {', '.join(self.options)})"
        )


@dataclass(frozen=True)
class Row:
    """One printed row (one table's result), numbered from 1."""

    number: int
    rect: Rect
    timing_mark: Rect
    fields: tuple[RowField, ...]

    def field(self, name: str) -> RowField:
        found = self._fields_by_name.get(name)
        if found is None:
            raise LayoutError(f"row {self.number} has no field {name!r}")
        return found

    @functools.cached_property
    def _fields_by_name(self) -> dict[str, RowField]:
        """The fields by name (the first of a name), looked up for every box of every page."""
        by_name: dict[str, RowField] = {}
        for f in self.fields:
            by_name.setdefault(f.name, f)
        return by_name


@dataclass(frozen=True)
class Marker:
    """An ArUco marker: its dictionary id, the content corner it marks, its square."""

    id: int
    corner: str
    rect: Rect


@dataclass(frozen=True)
class Layout:
    """The whole form on one paper size; every rectangle in page millimetres."""

    form: str
    version: int
    paper: str
    page_width: float
    page_height: float
    content: Rect
    aruco_dictionary: str  # name of the cv2.aruco predefined dictionary
    markers: tuple[Marker, ...]
    qr: Rect
    header: Mapping[str, Rect]  # board_number, dealer, vulnerability, event, ...
    rows: tuple[Row, ...]
    mark_box_size: float

    @property
    def board_number(self) -> Rect:
        return self.header["board_number"]

    @functools.cached_property
    def cache_key(self) -> tuple[str, int, str]:
        """What keeps the pixels drawn from this form apart in a process's caches (the
        printed lines, captions, rows' geometry): its paper and version and a digest of
        every rectangle, so that a club's own form file of the same version never reads
        with the shipped form's geometry."""
        digest = hashlib.blake2b(repr(self).encode(), digest_size=8).hexdigest()
        return (self.paper, self.version, digest)

    @property
    def field_names(self) -> tuple[str, ...]:
        return tuple(f.name for f in self.rows[0].fields)

    def row(self, number: int) -> Row:
        if not 1 <= number <= len(self.rows):
            raise LayoutError(f"form has rows 1..{len(self.rows)}, not row {number}")
        return self.rows[number - 1]

    def field(self, row: int, name: str) -> RowField:
        return self.row(row).field(name)

    def box(self, row: int, field: str, option: str = "") -> Rect:
        """The rectangle of box (row, field, option) in page millimetres."""
        return self.field(row, field).box(option).rect

    def boxes(self, kind: FieldKind | None = None) -> Iterator[Box]:
        """Every row box, row by row, optionally only of one kind."""
        for r in self.rows:
            for f in r.fields:
                if kind is None or f.kind is kind:
                    yield from f.boxes

    def marker(self, marker_id: int) -> Marker:
        for m in self.markers:
            if m.id == marker_id:
                return m
        raise LayoutError(f"form has no ArUco marker id {marker_id}")

    def marker_corners(self) -> dict[int, tuple[tuple[float, float], ...]]:
        """Each marker's four corners in mm, in ArUco order (TL, TR, BR, BL of the marker)."""
        out: dict[int, tuple[tuple[float, float], ...]] = {}
        for m in self.markers:
            r = m.rect
            out[m.id] = ((r.x, r.y), (r.x1, r.y), (r.x1, r.y1), (r.x, r.y1))
        return out

    def page_px(self, dpi: float) -> tuple[int, int]:
        """Upright page raster size (width, height) at ``dpi``."""
        return (round(mm_to_px(self.page_width, dpi)), round(mm_to_px(self.page_height, dpi)))
