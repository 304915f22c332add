"""Bundle generated scans into one multi-page PDF or TIFF, as a scanner's batch would be.

The reader must take a whole stack in one file (issue 5, item 2). Page i of the bundle is
the i-th page given, at its own resolution (a PDF page is sized from the image's dpi;
JPEG scans are embedded as they are, without a second compression).
"""

from __future__ import annotations

import io
import json
from collections.abc import Sequence
from pathlib import Path

from .generate import SyntheticPage

__all__ = ["write_bundle"]


def write_bundle(pages: Sequence[SyntheticPage], path: str | Path) -> Path:
    """Write ``pages`` to ``path`` (.pdf, .tif or .tiff) and their truth to ``<path>.json``.

    The JSON lists each page's ground truth in bundle order (page 1 first).
    """
    out = Path(path)
    if not pages:
        raise ValueError(f"{out.name}: no pages to bundle")
    suffix = out.suffix.lower()
    if suffix == ".pdf":
        _pdf(pages, out)
    elif suffix in (".tif", ".tiff"):
        _tiff(pages, out)
    else:
        raise ValueError(f"{out.name}: a bundle is a .pdf or .tif/.tiff file")
    truth = [dict(p.truth.to_json(), bundle_page=i) for i, p in enumerate(pages, start=1)]
    out.with_name(out.name + ".json").write_text(json.dumps(truth, indent=1), "utf-8")
    return out


def _pdf(pages: Sequence[SyntheticPage], out: Path) -> None:
    from reportlab.lib.utils import ImageReader
    from reportlab.pdfgen.canvas import Canvas

    c = Canvas(str(out), invariant=True)
    for p in pages:
        img = ImageReader(io.BytesIO(p.image))
        w, h = img.getSize()
        pw, ph = w * 72.0 / p.truth.dpi, h * 72.0 / p.truth.dpi
        c.setPageSize((pw, ph))
        c.drawImage(img, 0, 0, pw, ph)
        c.showPage()
    c.save()


def _tiff(pages: Sequence[SyntheticPage], out: Path) -> None:
    from PIL import Image

    images = [Image.open(io.BytesIO(p.image)) for p in pages]
    for im, p in zip(images, pages, strict=True):
        im.info["dpi"] = (p.truth.dpi, p.truth.dpi)
    first, rest = images[0], images[1:]
    first.save(
        out,
        format="TIFF",
        save_all=True,
        append_images=rest,
        compression="tiff_lzw",
        dpi=(pages[0].truth.dpi, pages[0].truth.dpi),
    )
