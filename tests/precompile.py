"""Compile the project once, in the controlling process, before the pytest-xdist workers start.

On a fresh clone there is no ``__pycache__``: each worker compiles every module it imports
and rewrites every test module's asserts (pytest's assertion rewriting, the better part of a
first collection), at the same moment, so both do the same work and neither finds the
other's files in time. The controller does it once first (``compileall`` for the packages,
pytest's own rewriting for the test modules and conftests, into the same cache files pytest
writes), and the workers then read what it wrote. Nothing is done when Python is told not to
write bytecode (``PYTHONDONTWRITEBYTECODE``), or for what is already compiled; pytest checks
each cached file against its source as always, so a stale one is never used.

The rewriting goes through pytest's ``_pytest.assertion.rewrite`` helpers, which are not a
public API: if a pytest release changes them, this step is skipped (the workers rewrite as
before) and nothing else changes.
"""

from __future__ import annotations

import compileall
import sys
from pathlib import Path

import pytest

__all__ = ["PACKAGES", "precompile"]

#: The project's packages that the tests import (folders under the repository's root).
PACKAGES = ("scoring", "ocr", "pipeline", "templates", "benchmarks", "tests")


def precompile(config: pytest.Config, root: Path | None = None) -> None:
    """Bytecode for the packages under ``root`` (the repository's root by default) and their
    test modules rewritten, where none is cached yet."""
    if sys.dont_write_bytecode:
        return
    root = root or config.rootpath
    for package in PACKAGES:
        if (root / package).is_dir():
            compileall.compile_dir(root / package, quiet=1, workers=1)
    _rewrite_test_modules(config, root / "tests")


def _rewrite_test_modules(config: pytest.Config, tests: Path) -> None:
    try:
        from _pytest.assertion import rewrite
        from _pytest.assertion.rewrite import assertstate_key

        state = config.stash[assertstate_key]
    except (ImportError, KeyError):  # another pytest, or assertion rewriting switched off
        return
    modules = [*tests.rglob("test_*.py"), *tests.rglob("conftest.py")]
    for module in modules:
        cache_dir = rewrite.get_cache_dir(module)
        pyc = cache_dir / (module.name[:-3] + rewrite.PYC_TAIL)
        try:
            if rewrite._read_pyc(module, pyc, state.trace) is not None:
                continue
            if not rewrite.try_makedirs(cache_dir):
                return
            source_hash, code = rewrite._rewrite_test(module, config)
            rewrite._write_pyc(state, code, source_hash, pyc)
        except (AttributeError, TypeError):  # pytest's helpers changed: the workers rewrite
            return
        except SyntaxError:  # the worker that imports it reports it, as pytest does
            continue
