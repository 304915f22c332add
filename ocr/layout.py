"""The traveller form's layout: where every module gets the form's records.

The form is defined once, as data (templates/forms/traveller.yaml); the printer
(ocr/render.py), the synthetic scan generator (ocr/training/synthetic/) and the reader all
use the frozen records ``load_layout`` gives, so a box is always addressed the same way:
``layout.box(row, field, option)`` gives its rectangle in page millimetres (origin
top-left of the paper, y down).

The form's layout, a module per concept:

- ``ocr.layout_geometry``: the records (``Layout``, ``Row``, ``RowField``, ``Box``,
  ``Rect``, ``Marker``) and the field names; every name of it is importable from here;
- ``ocr.layout_build``: a layout file's YAML read, checked (``ocr.layout_file``'s models,
  errors by file, field and line) and built into records (``parse_layout``);
- ``ocr.layout_shipped``: the shipped form's records, built once and shipped as JSON under
  the digests of the form file and of the code that builds it (``python -m
  ocr.layout_shipped`` writes them again).

``load_layout`` takes a paper's records from the shipped copy when the form file's text and
the building code are the ones it was made from, and otherwise reads and checks the file
(a club's own form, the shipped file or its building code changed and the copy not written
again).
"""

from __future__ import annotations

import functools
from pathlib import Path

from ocr import layout_geometry
from ocr.layout_build import parse_layout
from ocr.layout_geometry import *  # noqa: F403 - the records and field names, given from here
from ocr.layout_geometry import Layout, LayoutError
from ocr.layout_shipped import shipped_form_path, shipped_layout

__all__ = ["load_layout"]
__all__ += layout_geometry.__all__


@functools.lru_cache(maxsize=16)
def _load_cached(paper: str, path: str) -> Layout:
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise LayoutError(f"{p}: cannot read the form layout: {exc}") from exc
    return shipped_layout(text, paper) or parse_layout(text, paper, str(p))


def load_layout(paper: str = "A4", path: str | Path | None = None) -> Layout:
    """The traveller layout for ``paper`` ("A4" or "Letter"), cached.

    ``path`` overrides the shipped templates/forms/traveller.yaml (tests, custom forms).
    """
    return _load_cached(paper, str(path or shipped_form_path()))
