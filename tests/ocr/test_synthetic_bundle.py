"""Multi-page scan bundles and parallel generation of synthetic travellers."""

from __future__ import annotations

import dataclasses
import io
import json

import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageSequence

from ocr.training.synthetic import TEST, generate_session
from ocr.training.synthetic.bundle import write_bundle
from ocr.training.synthetic.generate import generate_pages


@pytest.fixture(scope="module")
def pages():
    return generate_session(None, [1, 2, 3], tables=3, split=TEST, seed=2, raster_dpi=150, dpi=150)


def test_pdf_bundle_has_a_page_per_scan_sized_by_its_dpi(pages, tmp_path):
    out = write_bundle(pages, tmp_path / "scans.pdf")
    doc = pdfium.PdfDocument(out)
    assert len(doc) == 3
    for i, p in enumerate(pages):
        w, h = Image.open(io.BytesIO(p.image)).size
        # a 150 dpi image of w pixels is w / 150 inches = w * 72 / 150 points wide
        assert doc[i].get_size() == pytest.approx((w * 72 / 150, h * 72 / 150), abs=0.05)
    truth = json.loads((tmp_path / "scans.pdf.json").read_text())
    assert [t["bundle_page"] for t in truth] == [1, 2, 3]
    assert [t["board"] for t in truth] == [1, 2, 3]


def test_pdf_bundle_holds_each_jpeg_as_it_is_and_every_pixel_of_the_others(pages, tmp_path):
    """A JPEG scan's bytes are the page image's stream (no second compression); a lossless
    scan (one page turned PNG here) is its pixels, deflated. ASCII85 is the only other
    filter, as ReportLab wrote these bundles (the reader renders them as it always has)."""
    png = io.BytesIO()
    Image.open(io.BytesIO(pages[1].image)).convert("RGB").save(png, "PNG")
    mixed = [pages[0], dataclasses.replace(pages[1], image=png.getvalue()), pages[2]]
    doc = pdfium.PdfDocument(write_bundle(mixed, tmp_path / "scans.pdf"))
    for i, p in enumerate(mixed):
        (image,) = list(doc[i].get_objects())
        source = Image.open(io.BytesIO(p.image))
        assert image.get_px_size() == source.size
        data = bytes(image.get_data(decode_simple=True))  # ASCII85 and deflate undone
        if source.format == "JPEG":
            assert image.get_filters() == ["ASCII85Decode", "DCTDecode"]
            assert data == p.image
        else:
            assert image.get_filters() == ["ASCII85Decode", "FlateDecode"]
            assert data == source.tobytes()


def test_tiff_bundle_keeps_every_pixel(pages, tmp_path):
    out = write_bundle(pages, tmp_path / "scans.tif")
    frames = [f.copy() for f in ImageSequence.Iterator(Image.open(out))]
    assert len(frames) == 3
    for frame, p in zip(frames, pages, strict=True):
        src = Image.open(io.BytesIO(p.image))
        assert frame.size == src.size
        assert frame.tobytes() == src.convert(frame.mode).tobytes()


@pytest.mark.parametrize(("name", "message"), [("scans.png", "a .pdf or .tif"), ("x.pdf", None)])
def test_bundle_refuses_other_formats_and_empty_batches(tmp_path, pages, name, message):
    if message:
        with pytest.raises(ValueError, match=message):
            write_bundle(pages, tmp_path / name)
    else:
        with pytest.raises(ValueError, match="x.pdf: no pages"):
            write_bundle([], tmp_path / name)


def test_workers_make_the_same_pages_as_one_process(tmp_path):
    kw = dict(
        split=TEST, seed=9, min_tables=1, max_tables=2, session_boards=2, raster_dpi=150, dpi=150
    )
    told: dict[int, list[int]] = {1: [], 2: []}  # each session's pages, as it is done
    one = generate_pages(None, 4, jobs=1, on_pages=told[1].append, **kw)
    two = generate_pages(tmp_path, 4, jobs=2, keep_images=False, on_pages=told[2].append, **kw)
    assert told == {1: [2, 2], 2: [2, 2]}  # `forms synth`'s progress line
    assert [p.truth for p in one] == [p.truth for p in two]
    assert [p.truth.board for p in one] == [1, 2, 3, 4]
    assert all(p.image == b"" for p in two)
    for p in one:  # the files the workers wrote are the images of the single process
        assert (tmp_path / p.truth.image).read_bytes() == p.image


def test_generate_pages_checks_its_arguments():
    with pytest.raises(ValueError, match="count must be at least 1"):
        generate_pages(None, 0)
    with pytest.raises(ValueError, match="the form has rows 1..15"):
        generate_pages(None, 1, max_tables=16)
