"""The shipped form's records written down (``ocr.layout.SHIPPED_LAYOUTS``), so that a
process reads them instead of the form's YAML file, its pydantic models and their checks::

    .venv/bin/python -m ocr.layout_shipped

writes ocr/models/layouts.json again: every paper of templates/forms/traveller.yaml, built
from the file as ``ocr.layout.parse_layout`` builds it, under the file's SHA-256.
``ocr.layout.load_layout`` takes a paper's records from it only when its form file's text
has that digest, and ``tests/ocr/test_layout_shipped.py`` checks that the shipped records
are the ones the file and the code build now (a change to the file or to the building
fails it until this command is run again).
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

from ocr.layout import PAPERS, SHIPPED_LAYOUTS, Layout, Rect, _default_path, parse_layout

__all__ = ["layout_data", "shipped_data", "write_shipped"]


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


def shipped_data(path: Path | None = None) -> dict[str, Any]:
    """What ``SHIPPED_LAYOUTS`` holds for the form file ``path`` (the shipped one by
    default), built from the file now."""
    path = path or _default_path()
    text = path.read_text(encoding="utf-8")
    return {
        "source_sha256": hashlib.sha256(text.encode()).hexdigest(),
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
