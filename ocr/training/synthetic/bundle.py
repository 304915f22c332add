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
    """One page per scan, the image over the whole page, written directly.

    The file holds what ReportLab's ``drawImage`` wrote for these pages, object for object
    as the reader sees it (the same filters, image dictionaries and page sizes, so every
    page renders to the same pixels): a JPEG's own bytes under ``ASCII85Decode`` and
    ``DCTDecode``, any other image's pixels (grey or RGB) deflated under ``ASCII85Decode``
    and ``FlateDecode``. ReportLab decoded every JPEG again only to name it by a digest
    and encoded each stream a character at a time on saving, and deflated at its slowest
    level, where the fastest gives the same pixels: a page took 0.40 s of CPU, now 0.08 s
    (the 26 pages of the sample's first session; tests/ocr/test_synthetic_bundle.py)."""
    from reportlab.lib.rl_accel import asciiBase85Encode, fp_str

    objects: list[bytes] = []  # object n is objects[n - 1]

    def add(body: bytes) -> int:
        objects.append(body)
        return len(objects)

    def stream(entries: str, data: bytes) -> bytes:
        return b"<< %s /Length %d >>\nstream\n%s\nendstream" % (entries.encode(), len(data),
                                                                 data)  # fmt: skip

    kids: list[int] = []
    add(b"")  # 1: the catalog, written last
    add(b"")  # 2: the page tree
    for p in pages:
        width, height, entries, data = _image_stream(p.image)
        image = add(stream(f"/Type /XObject /Subtype /Image /Width {width} /Height {height} "
                           f"/BitsPerComponent 8 {entries}",
                           asciiBase85Encode(data).encode("latin-1")))  # fmt: skip
        size = f"{fp_str(width * 72.0 / p.truth.dpi)} {fp_str(height * 72.0 / p.truth.dpi)}"
        drawn = f"q\n{size.replace(' ', ' 0 0 ')} 0 0 cm\n/Im0 Do\nQ\n".encode()
        contents = add(stream("", drawn))
        kids.append(add(b"<< /Type /Page /Parent 2 0 R /MediaBox [ 0 0 %s ] /Resources << "
                        b"/XObject << /Im0 %d 0 R >> >> /Contents %d 0 R >>"
                        % (size.encode(), image, contents)))  # fmt: skip
    objects[0] = b"<< /Type /Catalog /Pages 2 0 R >>"
    objects[1] = b"<< /Type /Pages /Kids [ %s ] /Count %d >>" % (
        " ".join(f"{kid} 0 R" for kid in kids).encode(),
        len(kids),
    )
    with out.open("wb") as file:
        file.write(b"%PDF-1.3\n%\x93\x8c\x8b\x9e\n")
        offsets = []
        for number, body in enumerate(objects, start=1):
            offsets.append(file.tell())
            file.write(b"%d 0 obj\n%s\nendobj\n" % (number, body))
        xref = file.tell()
        file.write(b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1))
        file.write(b"".join(b"%010d 00000 n \n" % offset for offset in offsets))
        file.write(b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n"
                   % (len(objects) + 1, xref))  # fmt: skip


def _image_stream(image: bytes) -> tuple[int, int, str, bytes]:
    """A page image's size, its stream's filters and colour space, and the stream's data
    before ASCII85: a JPEG as it is, anything else as its grey or RGB pixels deflated."""
    import zlib

    from PIL import Image

    with Image.open(io.BytesIO(image)) as opened:
        width, height = opened.size
        if opened.format == "JPEG" and opened.mode in ("L", "RGB", "CMYK"):
            space = {"L": "/DeviceGray", "RGB": "/DeviceRGB", "CMYK": "/DeviceCMYK"}[opened.mode]
            decode = " /Decode [ 1 0 1 0 1 0 1 0 ]" if opened.mode == "CMYK" else ""
            return width, height, f"/ColorSpace {space}{decode} " \
                "/Filter [ /ASCII85Decode /DCTDecode ]", image  # fmt: skip
        pixels = opened if opened.mode in ("L", "RGB") else opened.convert("RGB")
        space = "/DeviceGray" if pixels.mode == "L" else "/DeviceRGB"
        data = zlib.compress(pixels.tobytes(), 1)  # the fastest level: the same pixels
    return width, height, f"/ColorSpace {space} /Filter [ /ASCII85Decode /FlateDecode ]", data


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
