"""A page's colour, decoded again for the reader's look at a pen's hue on a dusty page
(``ocr.pages.page_colour``), and warped as the grey page is (``ocr.align.warp_region``
with ``colour=True``)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from ocr.align import Alignment, warp_region
from ocr.pages import decode_image, page_colour
from ocr.training.synthetic.scan import pdf_of_jpeg


def _scan(seed: int = 0) -> np.ndarray:
    """A colour 'scan' 300 x 240: paper, a grey bar and a blue one."""
    img = np.full((300, 240, 3), (225, 238, 245), np.uint8)
    img[40:60, 20:200] = (90, 90, 90)
    img[120:130, 30:210] = (160, 46, 26)  # B, G, R: a blue ballpoint's stroke
    rng = np.random.default_rng(seed)
    return cv2.add(img, rng.integers(0, 6, img.shape, dtype=np.uint8))


def test_a_colour_png_and_jpeg_are_given_in_colour(tmp_path):
    for suffix in (".png", ".jpg"):
        path = tmp_path / f"page{suffix}"
        cv2.imwrite(str(path), _scan())
        colour = page_colour(path)
        assert colour is not None and colour.shape == (300, 240, 3)
        assert colour.shape[:2] == decode_image(path.read_bytes()).shape
        if suffix == ".png":
            assert np.array_equal(colour, _scan())
        else:  # the blue stroke stays blue through JPEG
            b, g, r = colour[125, 100].astype(int)
            assert b > r + 80


def test_grey_pages_have_no_colour(tmp_path):
    grey = tmp_path / "grey.jpg"
    cv2.imwrite(str(grey), cv2.cvtColor(_scan(), cv2.COLOR_BGR2GRAY))
    assert page_colour(grey) is None
    stored = tmp_path / "grey-in-colour.png"  # three equal channels
    cv2.imwrite(
        str(stored), cv2.cvtColor(cv2.cvtColor(_scan(), cv2.COLOR_BGR2GRAY), cv2.COLOR_GRAY2BGR)
    )
    assert page_colour(stored) is None
    assert page_colour(tmp_path / "missing.png") is None
    assert page_colour(grey, 2) is None  # an image file has one page


def test_a_grey_scanned_pdf_page_has_no_colour(tmp_path):
    grey = cv2.cvtColor(_scan(), cv2.COLOR_BGR2GRAY)
    ok, jpeg = cv2.imencode(".jpg", grey, [cv2.IMWRITE_JPEG_QUALITY, 90])
    path = tmp_path / "grey.pdf"
    path.write_bytes(pdf_of_jpeg(jpeg.tobytes(), (240, 300), False, 150))
    assert ok and page_colour(path) is None


def test_a_scanned_pdf_page_is_given_in_colour(tmp_path):
    ok, jpeg = cv2.imencode(".jpg", _scan(), [cv2.IMWRITE_JPEG_QUALITY, 90])
    assert ok
    path = tmp_path / "scan.pdf"
    path.write_bytes(pdf_of_jpeg(jpeg.tobytes(), (240, 300), True, 150))
    colour = page_colour(path)
    assert colour is not None and colour.shape == (300, 240, 3)
    assert np.array_equal(colour, cv2.imdecode(jpeg, cv2.IMREAD_COLOR))


@pytest.mark.parametrize(
    ("image_dpi", "degrees", "size_mm"),
    [(150.0, 1.5, 30), (300.0, 1.5, 30), (250.0, 1.5, 30), (200.0, 91.0, 150)],
)
def test_a_colour_page_warps_as_each_of_its_channels(image_dpi, degrees, size_mm):
    """The channels warped as one are each channel warped alone, as the grey page is: the
    colour lies under the same pixels as the grey page's ink. A region of a page's size
    (150 mm square at 150 dpi: 0.78 million pixels) is warped from the grid, and a scan fed
    sideways turned upright first (``ocr.grid_warp.warp_scan``)."""
    scan = cv2.resize(_scan(), None, fx=size_mm / 30 * 1.3, fy=size_mm / 30 * 1.3)
    s = image_dpi / 25.4
    turn = np.deg2rad(degrees)
    h = np.array(
        [
            [s * np.cos(turn), -s * np.sin(turn), 5.0],
            [s * np.sin(turn), s * np.cos(turn), 3.0],
            [0, 0, 1],
        ]
    )
    alignment = Alignment(np.linalg.inv(h), (0, 1, 2, 3), 0, 0.0, image_dpi)
    warped = warp_region(scan, alignment, 0, 0, size_mm, size_mm, colour=True)
    assert warped.ndim == 3
    for c in range(3):
        alone = warp_region(scan[..., c], alignment, 0, 0, size_mm, size_mm)
        assert np.array_equal(warped[..., c], alone)
