"""Rule ``clump_fills`` (ocr/dust_clumps.py): grains of dust settled together in a box,
beside the field's certain stroke, are no mark (issue 43, item 4).

Built by hand at the reader's 150 dpi (a pixel 0.169 mm across, 0.0287 mm^2) on a dusty
page whose specks are 0.35 mm^2 (``DUSTY``). A clump: five grains of 3 x 3 pixels (0.26
mm^2, 0.5 mm across, 0.34 mm at their thickest: under ``clump_core_mm``), each a pixel
from the next, inside count 13, its fill some 0.14, over ``marked_above``. The grains lie
too close together for ``dusty_fills``, which takes out only specks alone.
"""

from __future__ import annotations

import numpy as np

from ocr.layout import load_layout
from ocr.mark_rules import rules_off
from ocr.marks import MarkState
from tests.ocr.test_dust_rules import DUSTY, S, _draw, _fresh, _read_row


def _grains(page: np.ndarray, option: str) -> None:
    """Five 3 x 3 grains in a cluster inside count box ``option``, a pixel apart."""
    box = load_layout().box(1, "result_count", option)
    x0, y0 = round((box.x + 1.2) * S), round((box.y + 1.2) * S)
    for dx, dy in ((0, 0), (4, 0), (8, 1), (2, 4), (6, 5)):
        page[y0 + dy : y0 + dy + 3, x0 + dx : x0 + dx + 3] = 0.05


def _tick(page: np.ndarray, option: str) -> None:
    """A pale tick's stroke, 2 pixels wide and 3 mm long, across count box ``option``."""
    box = load_layout().box(1, "result_count", option)
    x0, y0 = round((box.x + 0.8) * S), round((box.y + 2.0) * S)
    for k in range(18):
        page[y0 + k // 3 : y0 + k // 3 + 2, x0 + k : x0 + k + 1] = 0.05


def _page(beside: str | None, in_13: str) -> dict:
    page = _fresh()
    _draw(page, "level", "3", "cross")
    _draw(page, "result_sign", "-", "cross")
    if beside is not None:
        _draw(page, "result_count", "1", beside)
    (_grains if in_13 == "grains" else _tick)(page, "13")
    return _read_row(page, DUSTY)


def test_a_clump_beside_the_fields_cross_is_read_empty() -> None:
    """Count 1 crossed, count 13 holding the clump: 13 is read empty, and only with the
    rule on (read marked or unsure by its fill without it)."""
    read = _page("cross", "grains")
    assert read[("result_count", "13")].state is MarkState.EMPTY
    assert read[("result_count", "1")].state is MarkState.MARKED
    with rules_off("clump_fills"):
        before = _page("cross", "grains")[("result_count", "13")]
    assert before.how == "fill" and before.state is not MarkState.EMPTY


def test_a_clump_alone_in_its_field_stays_as_read() -> None:
    """No other count box marked: the clump may hide the player's own faint mark, so the
    rule leaves it; a person looks."""
    with rules_off("clump_fills"):
        before = _page(None, "grains")[("result_count", "13")]
    assert _page(None, "grains")[("result_count", "13")].state is before.state


def test_a_stroke_is_no_clump() -> None:
    """A tick's stroke in 13 beside the cross in 1 runs on past a clump's 1.2 mm: the rule
    leaves it as read."""
    with rules_off("clump_fills"):
        before = _page("cross", "tick")[("result_count", "13")]
    assert before.state is not MarkState.EMPTY
    assert _page("cross", "tick")[("result_count", "13")].state is before.state
