"""The controller's compile before the workers start (tests/precompile.py)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from _pytest.assertion import rewrite

from tests.precompile import precompile


def test_packages_are_compiled_and_test_modules_rewritten_as_pytest_reads_them(
    tmp_path: Path, request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    (tmp_path / "scoring").mkdir()
    (tmp_path / "scoring" / "__init__.py").write_text("TOTAL = 2\n")
    (tmp_path / "tests").mkdir()
    test_module = tmp_path / "tests" / "test_sum.py"
    test_module.write_text("def test_sum():\n    assert 1 + 1 == 2\n")
    helper = tmp_path / "tests" / "boards.py"
    helper.write_text("BOARDS = 30\n")

    precompile(request.config, tmp_path)

    tag = sys.implementation.cache_tag
    assert (tmp_path / "scoring" / "__pycache__" / f"__init__.{tag}.pyc").is_file()
    assert (tmp_path / "tests" / "__pycache__" / f"boards.{tag}.pyc").is_file()
    pyc = tmp_path / "tests" / "__pycache__" / f"test_sum{rewrite.PYC_TAIL}"
    code = rewrite._read_pyc(test_module, pyc)  # what pytest's import finds and trusts
    assert code is not None
    assert {"@py_builtins", "@pytest_ar"} <= set(code.co_names)  # the asserts rewritten
    assert [c.co_name for c in code.co_consts if hasattr(c, "co_name")] == ["test_sum"]


def test_nothing_is_written_when_python_is_told_not_to(
    tmp_path: Path, request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_sum.py").write_text("def test_sum():\n    assert True\n")

    precompile(request.config, tmp_path)

    assert not list(tmp_path.rglob("__pycache__"))
