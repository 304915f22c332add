"""The ``scoring`` package's everyday names: each the object its module defines, imported
from that module only when first asked for.

A command that needs one law (``scan read`` reads Law 77 scores through
``scoring.law77``) imports that module, and the package's ``__init__`` with it: the
package must not bring in every other law, the movements' tables and the event's types
too (some 30 ms of CPU of a cold ``scan read``, issue 43). A fresh interpreter shows
which modules one import loads.
"""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

import scoring
from tests.fresh_imports import loaded_after


@pytest.mark.parametrize("name", scoring.__all__)
def test_every_everyday_name_is_its_module_s_own(name: str) -> None:
    value = getattr(scoring, name)
    module = importlib.import_module(value.__module__)
    assert getattr(module, name) is value
    assert name in dir(scoring)


def test_a_name_the_package_does_not_give_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no attribute 'score_everything'"):
        scoring.score_everything  # noqa: B018


def test_dir_lists_the_everyday_api_not_the_package_s_machinery() -> None:
    assert dir(scoring) == sorted(scoring.__all__)
    assert "Contract" in dir(scoring) and "import_module" not in dir(scoring)


def test_one_module_of_the_package_loads_only_what_it_imports() -> None:
    assert loaded_after("import scoring.law77", ("scoring", "scoring.")) == [
        "scoring", "scoring.board", "scoring.contract", "scoring.errors", "scoring.law77"
    ]  # fmt: skip


def test_a_function_named_like_its_module_keeps_the_name_once_the_module_is_imported() -> None:
    """``scoring.imps`` is the function, as the package gives it, even when its module was
    imported first (Python sets a module on its package as it imports it)."""
    probe = (
        "import scoring.imps, scoring.matchpoints, scoring.neuberg\n"
        "from scoring import imps, matchpoints, neuberg\n"
        "print(imps(20), scoring.matchpoints.__module__, neuberg.__name__)"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          check=True, timeout=60)  # fmt: skip
    assert done.stdout.split() == ["1", "scoring.matchpoints", "neuberg"]
