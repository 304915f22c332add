"""ocr/layout_geometry.py ``Layout.cache_key``: a process's caches of pixels drawn from a form keep
two form files of the same paper and version apart (a club's own form beside the shipped
one), and read the same file's form alike."""

from __future__ import annotations

from dataclasses import replace

from ocr.layout import Rect, load_layout
from ocr.mark_geometry import row_geometry


def _moved_down(mm: float):
    """The shipped A4 form with its first row printed ``mm`` lower, same paper and version."""
    layout = load_layout("A4")
    first = layout.rows[0]
    r = first.rect
    moved = replace(first, rect=Rect(r.x, r.y + mm, r.width, r.height))
    return replace(layout, rows=(moved, *layout.rows[1:]))


def test_the_same_form_has_the_same_key() -> None:
    assert load_layout("A4").cache_key == replace(load_layout("A4")).cache_key


def test_a_form_of_the_same_version_that_differs_has_its_own_key() -> None:
    shipped, own = load_layout("A4"), _moved_down(2.0)
    assert (own.paper, own.version) == (shipped.paper, shipped.version)
    assert own.cache_key != shipped.cache_key


def test_row_geometry_of_each_form_is_its_own() -> None:
    shipped, own = load_layout("A4"), _moved_down(2.0)
    dpi = 150.0
    before = row_geometry(shipped, shipped.rows[0], dpi)
    after = row_geometry(own, own.rows[0], dpi)
    # 2 mm at 150 dpi is 11.8 pixels: the band starts 12 pixels lower.
    assert after.band[1] - before.band[1] == 12
    assert row_geometry(shipped, shipped.rows[0], dpi) is before
