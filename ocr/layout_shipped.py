"""The shipped form's records, built once and shipped as plain JSON, and the command that
writes them::

    .venv/bin/python -m ocr.layout_shipped

writes ocr/models/layouts.json again: every paper of templates/forms/traveller.yaml, built
from the file as ``ocr.layout_build.parse_layout`` builds it. A process whose form file is
that file reads its records from there (``shipped_layout``) and loads neither YAML, the
file's pydantic models nor pydantic's validation of it (about 45 ms of CPU of every cold
``scan read`` and reading process).

The copy is keyed by what built it: the SHA-256 of the form file's text and the SHA-256 of
the source text of every module that turns the file into records (``BUILDER_MODULES``),
written when the copy is made and compared when it is read. The form file changed, or
the code that builds it, and the copy is not used (the file is read and checked from its
YAML, as a club's own form file always is) until this command writes it again;
``tests/ocr/test_layout_shipped.py`` fails meanwhile, and checks that
``BUILDER_MODULES`` names every module of ours that building loads.
"""

from __future__ import annotations

import functools
import hashlib
import importlib.resources
import json
import sys
from pathlib import Path
from typing import Any

from ocr.field_kind import FieldKind
from ocr.layout_build import parse_layout
from ocr.layout_geometry import PAPERS, Box, Layout, Marker, Rect, Row, RowField

__all__ = [
    "BUILDER_MODULES",
    "SHIPPED_LAYOUTS",
    "builder_sha256",
    "layout_data",
    "layout_from_data",
    "shipped_data",
    "shipped_form_path",
    "shipped_layout",
    "write_shipped",
]

_OCR = Path(__file__).parent

SHIPPED_LAYOUTS = _OCR / "models" / "layouts.json"
"""The shipped form's records for every paper, as ``layout_data`` writes them, under the
digests of the form file and of the code they were built with."""

BUILDER_MODULES = (
    "field_kind.py",
    "layout_build.py",
    "layout_file.py",
    "layout_geometry.py",
    "layout_shipped.py",
    "marked_yaml.py",
)
"""The modules (in ocr/) whose source text the shipped copy is keyed by: those that read,
check and build the form file into records, and this one, which writes the records down
and reads them back."""


def shipped_form_path() -> Path:
    """The form file bridgescan ships: templates/forms/traveller.yaml."""
    return Path(str(importlib.resources.files("templates") / "forms" / "traveller.yaml"))


def _sha256(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def builder_sha256(folder: Path = _OCR) -> str | None:
    """The SHA-256 of the source text of ``BUILDER_MODULES`` in ``folder``, each named and
    in that order (read as text, so a checkout's line endings do not count); None when one
    cannot be read (an installation without the sources: the form file is then read from
    its YAML). Some 0.1 ms of CPU, once a process (``_this_builder_sha256``)."""
    digest = hashlib.sha256()
    try:
        for name in BUILDER_MODULES:
            digest.update(f"{name}\0{(folder / name).read_text(encoding='utf-8')}\0".encode())
    except (OSError, UnicodeDecodeError):
        return None
    return digest.hexdigest()


@functools.cache
def _this_builder_sha256() -> str | None:
    return builder_sha256()


def shipped_layout(text: str, paper: str, shipped: Path = SHIPPED_LAYOUTS) -> Layout | None:
    """The shipped records of ``paper`` when they were built from the form file ``text`` by
    the code as it is now; else None."""
    try:
        data = json.loads(shipped.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if data.get("form_sha256") != _sha256(text):
        return None
    built_by = data.get("builder_sha256")
    if built_by is None or built_by != _this_builder_sha256():
        return None
    records = data.get("layouts", {}).get(paper)
    return None if records is None else layout_from_data(records)


def _rect_data(rect: Rect) -> list[float]:
    return [rect.x, rect.y, rect.width, rect.height]


def layout_data(layout: Layout) -> dict[str, Any]:
    """``layout`` as plain JSON values, every number as it is (``layout_from_data`` builds
    the same records from them): what ``SHIPPED_LAYOUTS`` holds."""
    return {
        "form": layout.form,
        "version": layout.version,
        "paper": layout.paper,
        "page": [layout.page_width, layout.page_height],
        "content": _rect_data(layout.content),
        "aruco_dictionary": layout.aruco_dictionary,
        "markers": [[m.id, m.corner, _rect_data(m.rect)] for m in layout.markers],
        "qr": _rect_data(layout.qr),
        "header": {name: _rect_data(rect) for name, rect in layout.header.items()},
        "rows": [
            [
                row.number,
                _rect_data(row.rect),
                _rect_data(row.timing_mark),
                [
                    [
                        f.row,
                        f.name,
                        f.kind.value,
                        f.label,
                        f.line,
                        f.span,
                        [
                            [b.row, b.field, b.option, _rect_data(b.rect), b.caption]
                            for b in f.boxes
                        ],
                    ]
                    for f in row.fields
                ],
            ]
            for row in layout.rows
        ],  # fmt: skip
        "mark_box_size": layout.mark_box_size,
    }


def layout_from_data(data: dict[str, Any]) -> Layout:
    """The records ``layout_data`` wrote down as plain JSON values."""

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


def shipped_data(path: Path | None = None) -> dict[str, Any]:
    """What ``SHIPPED_LAYOUTS`` holds for the form file ``path`` (the shipped one by
    default), built from the file now by the code as it is now."""
    path = path or shipped_form_path()
    text = path.read_text(encoding="utf-8")
    return {
        "form_sha256": _sha256(text),
        "builder_sha256": builder_sha256(),
        "layouts": {paper: layout_data(parse_layout(text, paper, str(path))) for paper in PAPERS},
    }


def write_shipped(target: Path = SHIPPED_LAYOUTS) -> dict[str, Any]:
    """Write ``shipped_data()`` to ``target`` (one line of JSON); returns it."""
    data = shipped_data()
    target.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
    return data


if __name__ == "__main__":  # python -m ocr.layout_shipped [PATH]
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else SHIPPED_LAYOUTS
    written = write_shipped(out)
    print(f"{', '.join(written['layouts'])} written to {out} ({out.stat().st_size:,} bytes)")
