"""The form's records shipped as JSON (ocr/models/layouts.json) are the ones the form file
and the code build now, and only the text they were built from finds them.

A process reads its form's records from the shipped copy instead of the YAML file, its
pydantic models and their checks (``ocr.layout.load_layout``): these tests build every
paper from the file again and compare, so a change to the file or to the building fails
here until ``python -m ocr.layout_shipped`` writes the copy again.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ocr import layout_shipped
from ocr.layout import (
    PAPERS,
    SHIPPED_LAYOUTS,
    _default_path,
    layout_from_data,
    load_layout,
    parse_layout,
)
from tests.fresh_imports import loaded_after


def test_the_shipped_copy_is_what_the_form_file_builds_now() -> None:
    shipped = json.loads(SHIPPED_LAYOUTS.read_text(encoding="utf-8"))
    assert shipped == layout_shipped.shipped_data(), "python -m ocr.layout_shipped"


@pytest.mark.parametrize("paper", PAPERS)
def test_each_paper_s_records_read_back_as_the_file_builds_them(paper: str) -> None:
    text = _default_path().read_text(encoding="utf-8")
    built = parse_layout(text, paper, "traveller.yaml")
    again = layout_from_data(json.loads(json.dumps(layout_shipped.layout_data(built))))
    assert again == built
    assert repr(again) == repr(built)  # every float the same: the caches' key is its digest
    assert again.cache_key == built.cache_key
    assert load_layout(paper) == built


def test_a_form_file_of_other_text_is_read_from_its_yaml(tmp_path: Path) -> None:
    """A club's own form: the shipped file with the first row 2 mm lower."""
    text = _default_path().read_text(encoding="utf-8")
    assert "  top: " in text
    own = tmp_path / "own.yaml"
    top = next(line for line in text.splitlines() if line.startswith("  top: "))
    moved = f"  top: {float(top.split(':')[1].split('#')[0]) + 2}"
    own.write_text(text.replace(top, moved, 1), encoding="utf-8")

    layout = load_layout("A4", own)

    shipped = load_layout("A4")
    assert layout.rows[0].rect.y == pytest.approx(shipped.rows[0].rect.y + 2)
    assert layout.cache_key != shipped.cache_key


def test_a_process_reading_the_shipped_form_loads_neither_yaml_nor_pydantic() -> None:
    code = "from ocr.layout import load_layout\nload_layout('A4')"
    assert loaded_after(code, ("yaml", "pydantic", "ocr.layout_file", "ocr.marked_yaml")) == []
