"""The form's records shipped as JSON (ocr/models/layouts.json) are the ones the form file
and the code build now, and only the text and the code they were built from find them.

A process reads its form's records from the shipped copy instead of the YAML file, its
pydantic models and their checks (``ocr.layout.load_layout``): these tests build every
paper from the file again and compare, so a change to the file or to the building fails
here until ``python -m ocr.layout_shipped`` writes the copy again; meanwhile the copy's
key (the digests of the form file and of ``BUILDER_MODULES``' source) keeps a process from
using it.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ocr import layout_shipped
from ocr.layout import PAPERS, load_layout
from ocr.layout_build import parse_layout
from ocr.layout_shipped import (
    BUILDER_MODULES,
    SHIPPED_LAYOUTS,
    builder_sha256,
    layout_from_data,
    shipped_form_path,
    shipped_layout,
)
from tests.fresh_imports import loaded_after


def test_the_shipped_copy_is_what_the_form_file_builds_now() -> None:
    shipped = json.loads(SHIPPED_LAYOUTS.read_text(encoding="utf-8"))
    assert shipped == layout_shipped.shipped_data(), "python -m ocr.layout_shipped"


@pytest.mark.parametrize("paper", PAPERS)
def test_each_paper_s_records_read_back_as_the_file_builds_them(paper: str) -> None:
    text = shipped_form_path().read_text(encoding="utf-8")
    built = parse_layout(text, paper, "traveller.yaml")
    again = layout_from_data(json.loads(json.dumps(layout_shipped.layout_data(built))))
    assert again == built
    assert repr(again) == repr(built)  # every float the same: the caches' key is its digest
    assert again.cache_key == built.cache_key
    assert load_layout(paper) == built


def test_a_form_file_of_other_text_is_read_from_its_yaml(tmp_path: Path) -> None:
    """A club's own form: the shipped file with the first row 2 mm lower."""
    text = shipped_form_path().read_text(encoding="utf-8")
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


def _copy_with(tmp_path: Path, **changed: object) -> Path:
    """The shipped copy written to ``tmp_path`` with ``changed`` keys."""
    data = json.loads(SHIPPED_LAYOUTS.read_text(encoding="utf-8"))
    copy = tmp_path / "layouts.json"
    copy.write_text(json.dumps({**data, **changed}), encoding="utf-8")
    return copy


def test_the_copy_is_used_only_when_built_by_the_code_as_it_is_now(tmp_path: Path) -> None:
    """Same form text: the copy as shipped is read; the same copy under another builder
    digest, or none (a copy written before the key covered the code), is not."""
    text = shipped_form_path().read_text(encoding="utf-8")
    assert shipped_layout(text, "A4", _copy_with(tmp_path)) == parse_layout(text, "A4", "t")
    assert shipped_layout(text, "A4", _copy_with(tmp_path, builder_sha256="0" * 64)) is None
    assert shipped_layout(text, "A4", _copy_with(tmp_path, builder_sha256=None)) is None
    assert shipped_layout(text + "\n", "A4", _copy_with(tmp_path)) is None


@pytest.mark.parametrize("module", BUILDER_MODULES)
def test_a_change_to_any_building_module_changes_the_builder_digest(
    tmp_path: Path, module: str
) -> None:
    ocr_folder = SHIPPED_LAYOUTS.parent.parent
    for name in BUILDER_MODULES:
        (tmp_path / name).write_text((ocr_folder / name).read_text(encoding="utf-8"), "utf-8")
    assert builder_sha256(tmp_path) == builder_sha256()
    with (tmp_path / module).open("a", encoding="utf-8") as source:
        source.write("# one more line\n")
    assert builder_sha256(tmp_path) != builder_sha256()
    (tmp_path / module).unlink()
    assert builder_sha256(tmp_path) is None  # no sources: the YAML is read


def test_the_builder_digest_covers_every_module_of_ours_that_building_loads() -> None:
    """Building every paper and writing its records down, in a fresh process: each
    ``ocr`` module it loads is one of ``BUILDER_MODULES`` (a new one must be added there)."""
    loaded = loaded_after("from ocr.layout_shipped import shipped_data\nshipped_data()", ("ocr.",))
    assert loaded == sorted(f"ocr.{name.removesuffix('.py')}" for name in BUILDER_MODULES)
