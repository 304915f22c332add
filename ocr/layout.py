"""The traveller form's geometry, loaded from templates/forms/traveller.yaml.

The form is defined once, as data; the printer (ocr/render.py), the synthetic scan
generator (ocr/training/synthetic/) and the reader all use the frozen records built here, so a
box is always addressed the same way: ``layout.box(row, field, option)`` gives its
rectangle in page millimetres (origin top-left of the paper, y down).

The records built from the shipped file also ship, as plain JSON (``SHIPPED_LAYOUTS``,
written by ``python -m ocr.layout_shipped``), under the SHA-256 of the file they were built
from: a process whose form file is that file takes them from there, and loads neither
YAML, the file's pydantic models nor pydantic's validation of it (about 45 ms of CPU of
every cold ``scan read`` and reading process). Any other text (a club's own form, the
shipped file changed and the copy not written again) is read and checked as before;
``tests/ocr/test_layout_shipped.py`` compares the shipped records with the file's.

Rows are numbered from 1 (the first printed row). Options are strings: the option
labels of a mark field ("1".."7", "C".."NT", "=", "+", "-", ...) or, for a digit comb,
the box position ("0" = leftmost). Printed fields have the single option "".
"""

from __future__ import annotations

import functools
import hashlib
import importlib.resources
import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ocr.field_kind import FieldKind

if TYPE_CHECKING:
    from ocr.layout_file import Area, FieldEntry, LayoutFile
    from ocr.marked_yaml import LineMarks, Loc

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
    "SHIPPED_LAYOUTS",
    "layout_from_data",
    "load_layout",
    "parse_layout",
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


def _build(data: LayoutFile, paper: str, place: _Place) -> Layout:
    """The layout's records in page millimetres: the content block centred on ``paper``."""
    if paper not in data.papers:
        raise LayoutError(
            f"{place.source}: no paper size {paper!r} (have: {', '.join(data.papers)})"
        )
    pw, ph = data.papers[paper].width, data.papers[paper].height
    cw, ch = data.content.width, data.content.height
    if cw > pw or ch > ph:
        raise place.error(("content",), f"content {cw}x{ch} mm does not fit {paper} {pw}x{ph} mm")
    dx, dy = (pw - cw) / 2, (ph - ch) / 2

    def rect(area: Area) -> Rect:
        return Rect(area.x + dx, area.y + dy, area.width, area.height)

    size = data.aruco.size
    markers = tuple(
        Marker(m.id, m.corner, Rect(m.x + dx, m.y + dy, size, size)) for m in data.aruco.markers
    )
    rs = data.rows
    lines = [(ln.dy, ln.height) for ln in rs.lines]
    for i, spec in enumerate(rs.fields):
        if spec.line not in range(len(lines)) or spec.line + spec.span > len(lines):
            raise place.error(
                ("rows", "fields", i), f"line {spec.line} span {spec.span} outside the row's lines"
            )
    if rs.timing_mark.line not in range(len(lines)):
        raise place.error(("rows", "timing_mark", "line"), "not one of the row's lines")
    rows = []
    for n in range(1, rs.count + 1):
        ry = rs.top + (n - 1) * rs.pitch + dy
        line_y = [ry + ldy for ldy, _ in lines]
        fields = tuple(
            _row_field(spec, n, dx, line_y, lines, rs.mark_box.size) for spec in rs.fields
        )
        tm = rs.timing_mark
        timing = Rect(tm.x + dx, line_y[tm.line], tm.width, tm.height)
        rows.append(Row(n, Rect(dx, ry, cw, rs.height), timing, fields))

    return Layout(
        form=data.form,
        version=data.version,
        paper=paper,
        page_width=pw,
        page_height=ph,
        content=Rect(dx, dy, cw, ch),
        aruco_dictionary=data.aruco.dictionary,
        markers=markers,
        qr=rect(data.qr),
        header={name: rect(area) for name, area in data.header.items()},
        rows=tuple(rows),
        mark_box_size=rs.mark_box.size,
    )


def _row_field(
    spec: FieldEntry,
    row: int,
    dx: float,
    line_y: list[float],
    lines: list[tuple[float, float]],
    box_size: float,
) -> RowField:
    y = line_y[spec.line]
    # A spanning field covers from its first line's top to its last line's bottom.
    last = spec.line + spec.span - 1
    h = line_y[last] + lines[last][1] - y
    x = spec.x + dx
    boxes: list[Box] = []
    name = spec.name
    if spec.kind is FieldKind.PRINTED:
        assert spec.width is not None  # FieldEntry requires it of a printed field
        boxes.append(Box(row, name, "", Rect(x, y, spec.width, h)))
    elif spec.kind is FieldKind.DIGITS:
        assert spec.width is not None and spec.count is not None
        w = spec.width
        boxes.extend(Box(row, name, str(i), Rect(x + i * w, y, w, h)) for i in range(spec.count))
    else:
        assert spec.options is not None and spec.pitch is not None
        captions = spec.captions if spec.captions is not None else spec.options
        # Mark boxes are square and centred vertically on their line(s).
        by = y + (h - box_size) / 2
        for i, (opt, cap) in enumerate(zip(spec.options, captions, strict=True)):
            boxes.append(Box(row, name, opt, Rect(x + i * spec.pitch, by, box_size, box_size), cap))
    label = spec.label if spec.label is not None else name
    return RowField(row, name, spec.kind, label, spec.line, spec.span, tuple(boxes))


@dataclass(frozen=True)
class _Place:
    """The layout file's name and the line of every value in it."""

    source: str
    marks: LineMarks

    def error(self, loc: Loc, message: str, line: int | None = None) -> LayoutError:
        from ocr.marked_yaml import dotted

        at = line if line is not None else self.marks.line(loc)
        where = f"{self.source}: {dotted(loc)}: " if loc else f"{self.source}: "
        return LayoutError(f"{where}{message}" + (f" (line {at})" if at is not None else ""))


def _default_path() -> Path:
    return Path(str(importlib.resources.files("templates") / "forms" / "traveller.yaml"))


SHIPPED_LAYOUTS = Path(__file__).parent / "models" / "layouts.json"
"""The shipped form's records for every paper, as ``ocr.layout_shipped.layout_data``
writes them, under the SHA-256 of the text they were built from."""


def parse_layout(text: str, paper: str, source: str) -> Layout:
    """The records of layout file ``text`` (named ``source`` in errors) on ``paper``: the
    YAML read with every value's line, checked by the file's models, then built."""
    from pydantic import ValidationError

    from ocr.layout_file import LayoutFile
    from ocr.marked_yaml import LineMarks, MarkedYamlError, load_marked, problems

    try:
        data, marks = load_marked(text)
    except MarkedYamlError as exc:
        place = _Place(source, LineMarks({}, {}))
        raise place.error(exc.loc, f"cannot read the form layout: {exc.detail}", exc.line) from exc
    place = _Place(source, marks)
    try:
        model = LayoutFile.model_validate(data)
    except ValidationError as exc:
        first = problems(exc, marks, missing=lambda names: f"missing key {names[0]!r}")[0]
        raise place.error(first.loc, first.message, first.line) from None
    return _build(model, paper, place)


def _shipped(text: str, paper: str) -> Layout | None:
    """The shipped records of ``paper`` when they were built from ``text``; else None."""
    try:
        shipped = json.loads(SHIPPED_LAYOUTS.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if shipped.get("source_sha256") != hashlib.sha256(text.encode()).hexdigest():
        return None
    data = shipped.get("layouts", {}).get(paper)
    return None if data is None else layout_from_data(data)


@functools.lru_cache(maxsize=16)
def _load_cached(paper: str, path: str) -> Layout:
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise LayoutError(f"{p}: cannot read the form layout: {exc}") from exc
    return _shipped(text, paper) or parse_layout(text, paper, str(p))


def load_layout(paper: str = "A4", path: str | Path | None = None) -> Layout:
    """The traveller layout for ``paper`` ("A4" or "Letter"), cached.

    ``path`` overrides the shipped templates/forms/traveller.yaml (tests, custom forms).
    """
    return _load_cached(paper, str(path or _default_path()))


def layout_from_data(data: dict[str, Any]) -> Layout:
    """The records ``ocr.layout_shipped.layout_data`` wrote down as plain JSON values."""

    def field(row: int, name: str, kind: str, label: str, line: int, span: int,
              boxes: list[list[Any]]) -> RowField:  # fmt: skip
        made = tuple(Box(r, f, o, Rect(*rect), c) for r, f, o, rect, c in boxes)
        return RowField(row, name, FieldKind(kind), label, line, span, made)

    return Layout(
        form=data["form"],
        version=data["version"],
        paper=data["paper"],
        page_width=data["page"][0],
        page_height=data["page"][1],
        content=Rect(*data["content"]),
        aruco_dictionary=data["aruco_dictionary"],
        markers=tuple(Marker(i, corner, Rect(*rect)) for i, corner, rect in data["markers"]),
        qr=Rect(*data["qr"]),
        header={name: Rect(*rect) for name, rect in data["header"].items()},
        rows=tuple(
            Row(number, Rect(*rect), Rect(*timing), tuple(field(*f) for f in fields))
            for number, rect, timing, fields in data["rows"]
        ),
        mark_box_size=data["mark_box_size"],
    )
