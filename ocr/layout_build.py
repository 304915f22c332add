"""The form's layout file (YAML) read, checked and built into the geometry's records.

``parse_layout`` reads the text with every value's line (ocr/marked_yaml.py), checks it
with the file's pydantic models (ocr/layout_file.py) and builds the records of one paper
(ocr/layout_geometry.py): the content block centred on the paper, every row's boxes from
the row's lines and fields. What needs several blocks at once (a field's lines inside the
row's lines, the content on the paper) is checked here, and a mistake is a
``LayoutError`` naming the file, the field and the line.

YAML and pydantic are imported only when a file is parsed: a process whose form file is the
shipped one takes its records built (``ocr.layout_shipped``) and never needs them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ocr.field_kind import FieldKind
from ocr.layout_geometry import Box, Layout, LayoutError, Marker, Rect, Row, RowField

if TYPE_CHECKING:
    from ocr.layout_file import Area, FieldEntry, LayoutFile
    from ocr.marked_yaml import LineMarks, Loc

__all__ = ["parse_layout"]


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
