"""The simulated scanner and the handwriting bank (ocr/training/synthetic/scan.py and
handwriting.py)."""

from __future__ import annotations

import dataclasses

import cv2
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ocr.training.synthetic import TEST, TRAINING
from ocr.training.synthetic.handwriting import DigitBank, SourceError, Writer
from ocr.training.synthetic.scan import scan_page
from ocr.training.synthetic.sources import Distortion
from tests.hypothesis_profiles import draws

QUIET = Distortion(
    dpis=(100,),
    quarter_turns=(0,),
    max_skew_deg=4.0,
    max_perspective_mm=3.0,
    blur_sigma_px=(0.0, 0.0),
    noise_sigma=(0.0, 0.0),
    jpeg_quality=(95, 95),
    lossless_share=1.0,
    shadow_strength=(0.0, 0.0),
    greyscale_share=1.0,
    dark_background_share=0.0,
    photo_share=0.3,
    photo_perspective_mm=8.0,
)
RENDER_DPI = 50  # a small A4 raster keeps the property test fast


@settings(max_examples=draws(25), deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    turns=st.integers(0, 3),
    x_mm=st.floats(20, 190),
    y_mm=st.floats(20, 277),
)
def test_a_dot_on_the_page_lands_where_the_transform_says(seed, turns, x_mm, y_mm):
    s = RENDER_DPI / 25.4
    page = np.full((round(297 * s), round(210 * s), 3), 255, np.uint8)
    cv2.circle(page, (round(x_mm * s - 0.5), round(y_mm * s - 0.5)), 3, (0, 0, 0), -1)
    scan = scan_page(page, RENDER_DPI, QUIET, np.random.default_rng(seed), quarter_turns=turns)
    img = cv2.imdecode(np.frombuffer(scan.data, np.uint8), cv2.IMREAD_GRAYSCALE)
    assert (img.shape[1], img.shape[0]) == scan.size and scan.quarter_turns == turns
    # the dot is the largest dark blob on the paper (dust specks are 1-2 px; a phone photo's
    # table around the page is dark too, so look only inside the page)
    paper = cv2.warpPerspective(np.ones(page.shape[:2], np.uint8), scan.page_px_to_image, scan.size)
    paper = cv2.erode(paper, np.ones((7, 7), np.uint8))
    dark = ((img < 128) & (paper > 0)).astype(np.uint8)
    n, labels, stats, centroids = cv2.connectedComponentsWithStats(dark)
    assert n >= 2
    biggest = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
    cx, cy = centroids[biggest]
    page_px = np.array([x_mm * s - 0.5, y_mm * s - 0.5, 1.0])
    want = scan.page_px_to_image @ page_px
    want = want[:2] / want[2]
    # the dot's centre in the scan is where the truth transform puts it (100/50 = 2x scale)
    assert abs(cx - want[0]) < 1.5 and abs(cy - want[1]) < 1.5
    # and the whole page is inside the image
    corners = np.array([[0, 0, 1], [page.shape[1], 0, 1], [0, page.shape[0], 1.0]])
    proj = (scan.page_px_to_image @ corners.T).T
    proj = proj[:, :2] / proj[:, 2:]
    assert (proj >= 0).all() and (proj[:, 0] <= img.shape[1]).all()
    assert (proj[:, 1] <= img.shape[0]).all()


def test_scan_settings_are_drawn_from_the_split():
    page = np.full((585, 413, 3), 255, np.uint8)
    rng = np.random.default_rng(0)
    seen = [scan_page(page, RENDER_DPI, TEST.distortion, rng, dpi=60).params for _ in range(30)]
    d = TEST.distortion
    for p in seen:
        assert abs(p["skew_deg"]) <= d.max_skew_deg
        assert p["perspective_mm"] <= (
            d.photo_perspective_mm if p["photo"] else d.max_perspective_mm
        )
        assert d.blur_sigma_px[0] <= p["blur_sigma_px"] <= d.blur_sigma_px[1]
        if p["photo"]:
            assert p["dark_background"]
        if p["format"] == "jpg":
            assert d.jpeg_quality[0] <= p["jpeg_quality"] <= d.jpeg_quality[1]
    assert {p["greyscale"] for p in seen} == {True, False}


@pytest.mark.parametrize("split", [TRAINING, TEST])
def test_every_source_writes_every_digit_at_the_asked_height(split):
    bank = DigitBank(split)
    rng = np.random.default_rng(3)
    assert set(bank.real) == set(split.real_digits)
    assert len([s for s in bank.sources if s.startswith("font:")]) == len(split.available_fonts())
    writer = f"strokes:{split.skeletons}:{split.writer_ids[0] + 7}"
    for source in (*bank.real, *bank.font_sources, writer):
        w = Writer(source, slant=0.2, stroke=1, height_share=0.8, ink_darkness=0.9)
        for digit in range(10):
            glyph, tag = w.glyph(bank, digit, 40, rng)
            assert glyph.shape[0] == 40 and 2 <= glyph.shape[1] <= 80  # a slanted, wide 0
            assert glyph.dtype == np.float32 and 0.0 <= glyph.min() and glyph.max() <= 1.0
            assert glyph.max() > 0.9  # solid ink somewhere
            assert tag.split(":")[0] == source.split(":")[0]


def test_the_bank_refuses_sources_of_the_other_split():
    train, test = DigitBank(TRAINING), DigitBank(TEST)
    rng = np.random.default_rng(0)
    with pytest.raises(SourceError, match="not a test source"):
        test.shape(f"font:{TRAINING.available_fonts()[0]}", 3, rng)
    with pytest.raises(SourceError, match="not available in split 'test'"):
        test.shape("optdigits", 3, rng)
    with pytest.raises(SourceError, match="not available in split 'training'"):
        train.shape("mnist", 3, rng)
    writer = Writer(f"strokes:A:{TRAINING.writer_ids[0]}", 0.0, 0, 0.8, 0.9)
    with pytest.raises(SourceError, match="not a test source"):
        writer.glyph(test, 3, 40, rng)
    with pytest.raises(ValueError, match="digit 10 is not 0-9"):
        train.shape("optdigits", 10, rng)


def test_a_split_with_nothing_installed_says_what_to_install(tmp_path, monkeypatch):
    only_missing_font = dataclasses.replace(TEST, fonts=(tmp_path / "none.ttf",), skeletons="")
    assert "mnist" in DigitBank(only_missing_font).sources  # the missing font is skipped
    nothing = dataclasses.replace(only_missing_font, real_digits=())
    with pytest.raises(SourceError, match="split 'test': no handwriting source.*opencv-doc"):
        DigitBank(nothing)


@pytest.mark.parametrize("split", [TRAINING, TEST])
def test_a_dirty_scanner_leaves_specks_in_proportion_to_its_density(split):
    """The ``noisy`` condition's scanner: on a white page, about ``density`` specks a square
    centimetre (TRAINING toner specks one by one and a clump of settled dust for every four,
    TEST dust in clumps of 1-5 grains)."""
    page = np.full((585, 413, 3), 255, np.uint8)  # A4 at 50 dpi: 623.7 cm2
    quiet = dataclasses.replace(QUIET, photo_share=0.0, max_skew_deg=0.0, max_perspective_mm=0.0)
    kind = split.conditions["noisy"].distortion.speckle
    per_cm2 = []
    for density in (0.0, 2.0, 6.0):
        dusty = dataclasses.replace(quiet, dpis=(200,), speckle=kind,
                                    speckle_density=(density, density))  # fmt: skip
        scan = scan_page(page, RENDER_DPI, dusty, np.random.default_rng(3), quarter_turns=0)
        img = cv2.imdecode(np.frombuffer(scan.data, np.uint8), cv2.IMREAD_GRAYSCALE)
        n, *_ = cv2.connectedComponentsWithStats((img < 200).astype(np.uint8))
        cm2 = scan.size[0] * scan.size[1] / (200 / 2.54) ** 2  # the page and the bed round it
        per_cm2.append((n - 1) / cm2)
    assert per_cm2[0] < 0.01  # the old scanner's 0-5 specks only
    for density, seen in zip((2.0, 6.0), per_cm2[1:], strict=True):
        if kind == "toner-and-settled-dust":
            # a speck each (a few too small or pale to pass 200), and a clump for every
            # four, its grains apart or touching, the smallest too pale to pass
            assert 1.05 * density < seen < 1.5 * density
        else:  # a clump for every three, its grains mostly touching, and a hair or three
            assert 0.35 * density < seen < 0.6 * density


def test_a_scan_to_pdf_holds_the_jpeg_as_it_is():
    """The ``pdf150`` condition: one PDF page, the scan's own JPEG (DCTDecode) at its dpi."""
    import pypdfium2 as pdfium

    page = np.full((585, 413, 3), 255, np.uint8)
    pdf = dataclasses.replace(QUIET, dpis=(150,), lossless_share=0.0, pdf=True)
    scan = scan_page(page, RENDER_DPI, pdf, np.random.default_rng(4), quarter_turns=0)
    assert scan.extension == "pdf" and scan.data.startswith(b"%PDF-1.4")
    plain = scan_page(page, RENDER_DPI, dataclasses.replace(pdf, pdf=False),
                      np.random.default_rng(4), quarter_turns=0)  # fmt: skip
    assert plain.extension == "jpg" and plain.data in scan.data
    doc = pdfium.PdfDocument(scan.data)
    try:
        assert len(doc) == 1
        width, height = doc[0].get_size()
        assert (round(width * 150 / 72), round(height * 150 / 72)) == scan.size
    finally:
        doc.close()
