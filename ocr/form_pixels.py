"""The renderer's own pixels that the reader compares pages with, shipped with the package.

The reader needs two rasters that depend only on the form, the resolution and the
renderer: the blank traveller at the reader's working resolution (its captions and printed
lines, ``ocr.captions``) and the renderer's Helvetica-Bold digits (the templates of
``ocr.printed.match_numbers``). Drawing them (reportlab) and rasterising them (pypdfium2)
cost every reading process and every ``scan read`` about 0.25 s of CPU before its first
page, the same pixels each time. So they ship as grey rasters in
``ocr/models/form_pixels.npz``, written by::

    .venv/bin/python -m ocr.form_pixels

and ``tests/ocr/test_form_pixels.py`` renders every one of them again and compares them
byte for byte, so the shipped copy cannot drift from the renderer (a change to the form,
the renderer, reportlab or pypdfium2 fails it until the command is run again). A form or a
resolution not shipped (a club's own form file: its ``Layout.cache_key`` differs) is
rendered as before, once per process.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

import numpy as np

from ocr.align import WORK_DPI
from ocr.layout import PAPERS, Layout, load_layout

__all__ = [
    "SHIPPED_PATH",
    "blank_form_grey",
    "digit_strip_grey",
    "render_blank_form",
    "render_digit_strip",
    "rendered_rasters",
    "write_shipped",
]

SHIPPED_PATH = Path(__file__).parent / "models" / "form_pixels.npz"

_DIGITS = "digits"
"""The shipped raster of the renderer's digits 0-9."""


def _form_name(layout: Layout, dpi: float) -> str:
    """The shipped raster's name for ``layout`` at ``dpi``: its paper, version and digest
    (``Layout.cache_key``), so a form of other geometry never finds it."""
    paper, version, digest = layout.cache_key
    return f"form-{paper}-v{version}-{digest}-{dpi:g}dpi"


def _shipped(name: str) -> np.ndarray | None:
    """The raster ``name`` from the shipped file; None where it is not there."""
    if not SHIPPED_PATH.is_file():
        return None
    with np.load(SHIPPED_PATH) as shipped:
        return shipped[name] if name in shipped.files else None


def render_blank_form(layout: Layout, dpi: float) -> np.ndarray:
    """A blank traveller of ``layout`` (board 1, as ``bridgescan forms print`` draws it)
    rendered to grey at ``dpi`` by pypdfium2, as the reader renders a PDF scan."""
    from ocr.pages import render_pdf_page
    from ocr.render import render_pdf
    from ocr.sheets import TravellerSheet

    return render_pdf_page(render_pdf([TravellerSheet(board=1)], layout=layout), 0, dpi)


def render_digit_strip() -> np.ndarray:
    """The digits 0-9 in Helvetica-Bold, as ``ocr/render.py`` prints numbers, drawn in a
    row at 36 pt and rendered to grey at 144 dpi."""
    from reportlab.pdfgen.canvas import Canvas

    from ocr.pages import render_pdf_page

    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(400, 60))
    c.setFont("Helvetica-Bold", 36)
    for d in range(10):
        c.drawString(10 + 38 * d, 15, str(d))
    c.save()
    return render_pdf_page(buf.getvalue(), 0, 144)


def blank_form_grey(layout: Layout, dpi: float) -> np.ndarray:
    """``render_blank_form(layout, dpi)``: the shipped raster where there is one."""
    shipped = _shipped(_form_name(layout, dpi))
    return shipped if shipped is not None else render_blank_form(layout, dpi)


def digit_strip_grey() -> np.ndarray:
    """``render_digit_strip()``: the shipped raster where there is one."""
    shipped = _shipped(_DIGITS)
    return shipped if shipped is not None else render_digit_strip()


def rendered_rasters() -> dict[str, np.ndarray]:
    """Every raster the package ships, rendered now: the blank form of each paper at the
    reader's working resolution (``WORK_DPI``, the one it reads captions and printed lines
    at), and the digits."""
    rasters = {_form_name(load_layout(p), WORK_DPI): render_blank_form(load_layout(p), WORK_DPI)
               for p in PAPERS}  # fmt: skip
    rasters[_DIGITS] = render_digit_strip()
    return rasters


def write_shipped(path: Path = SHIPPED_PATH) -> dict[str, np.ndarray]:
    """Render every shipped raster and write them to ``path`` (compressed); returns them."""
    rasters = rendered_rasters()
    with path.open("wb") as out:
        np.savez_compressed(out, **rasters)  # type: ignore[arg-type]
    return rasters


if __name__ == "__main__":  # python -m ocr.form_pixels [PATH]
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else SHIPPED_PATH
    written = write_shipped(target)
    for name, raster in written.items():
        print(f"{name}: {raster.shape[1]}x{raster.shape[0]} px")
    print(f"written to {target} ({target.stat().st_size:,} bytes)")
