"""``pipeline.store``'s names, loaded when first asked for (its ``__getattr__``): each one
the package lists is there, from the module that defines it, and nothing else is."""

from __future__ import annotations

import importlib

import pytest

import pipeline.store as store


@pytest.mark.parametrize("name", store.__all__)
def test_each_name_of_the_package_is_its_module_s_own(name: str) -> None:
    home = importlib.import_module(f"pipeline.store.{store._HOMES[name]}")
    assert getattr(store, name) is getattr(home, name)


def test_the_package_lists_every_name_it_loads_and_no_other() -> None:
    assert sorted(store.__all__) == sorted(store._HOMES)
    with pytest.raises(AttributeError, match="has no attribute 'Store'"):
        store.Store  # noqa: B018 - the lookup is the test
