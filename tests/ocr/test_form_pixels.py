"""The shipped rasters of the renderer (ocr/models/form_pixels.npz) are what it draws now.

The reader takes the blank form's captions and printed lines, and the printed digits'
templates, from the shipped file instead of drawing and rasterising them in every process
(ocr/form_pixels.py). These tests render every shipped raster again and compare it byte for
byte: a change to the form, the renderer, reportlab or pypdfium2 fails here until
``python -m ocr.form_pixels`` writes the file again.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from ocr import form_pixels
from ocr.align import WORK_DPI
from ocr.layout import PAPERS, Rect, load_layout


def test_every_shipped_raster_is_what_the_renderer_draws_now() -> None:
    rendered = form_pixels.rendered_rasters()
    with np.load(form_pixels.SHIPPED_PATH) as shipped:
        assert sorted(shipped.files) == sorted(rendered)
        for name, raster in rendered.items():
            assert shipped[name].dtype == np.uint8 == raster.dtype, name
            assert np.array_equal(shipped[name], raster), f"{name}: python -m ocr.form_pixels"


def test_each_paper_at_the_working_resolution_is_shipped_at_its_size() -> None:
    with np.load(form_pixels.SHIPPED_PATH) as shipped:
        for paper in PAPERS:
            layout = load_layout(paper)
            grey = shipped[form_pixels._form_name(layout, WORK_DPI)]
            width, height = layout.page_px(WORK_DPI)  # pypdfium2 may round a pixel apart
            assert abs(grey.shape[1] - width) <= 1 and abs(grey.shape[0] - height) <= 1
        assert shipped["digits"].shape == (120, 800)  # 400 x 60 pt at 144 dpi


def test_a_resolution_not_shipped_is_rendered() -> None:
    layout = load_layout("A4")  # A4 at 100 dpi: 827 x 1169 px, not the shipped 150 dpi
    grey = form_pixels.blank_form_grey(layout, 100)
    assert abs(grey.shape[1] - 827) <= 1 and abs(grey.shape[0] - 1169) <= 1
    assert np.array_equal(grey, form_pixels.render_blank_form(layout, 100))


def test_a_form_of_other_geometry_is_rendered_not_taken_from_the_shipped_file() -> None:
    shipped = load_layout("A4")  # a club's own form: the first row printed 2 mm lower
    first = shipped.rows[0]
    r = first.rect
    moved = replace(first, rect=Rect(r.x, r.y + 2.0, r.width, r.height))
    own = replace(shipped, rows=(moved, *shipped.rows[1:]))

    grey = form_pixels.blank_form_grey(own, WORK_DPI)

    assert np.array_equal(grey, form_pixels.render_blank_form(own, WORK_DPI))
    assert not np.array_equal(grey, form_pixels.blank_form_grey(shipped, WORK_DPI))
