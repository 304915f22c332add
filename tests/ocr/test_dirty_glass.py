"""TRAINING's dirtiest glass (benchmarks/dirty_glass.py): the glass's own load law
(ocr/training/synthetic/settled_dust.py ``dust_load``) kept only from a least load up."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from benchmarks.dirty_glass import OWN_CACHE_MARK, dirty_tail, main, own_cache
from ocr.training.synthetic.settled_dust import MOST_LOAD, dust_load


def test_from_no_load_up_it_is_the_law_itself_draw_for_draw():
    """Kept from 0 up, every draw of the law is kept: the same loads from the same seed."""
    law, tail = np.random.default_rng(7), np.random.default_rng(7)
    keep_all = dirty_tail(0.0)
    assert [keep_all(tail) for _ in range(50)] == [dust_load(law) for _ in range(50)]


def test_from_three_up_every_load_is_three_or_more_and_capped():
    """Kept from 3 up (the dirtiest 8% of scans): no load under 3, none over
    ``MOST_LOAD`` (10)."""
    rng = np.random.default_rng(13)
    draw = dirty_tail(3.0)
    loads = [draw(rng) for _ in range(400)]
    assert min(loads) >= 3.0
    assert max(loads) <= MOST_LOAD


def test_a_draw_under_the_least_load_is_drawn_again_from_the_same_stream():
    """The first draw the law keeps from 3 up is the tail's: the law's draws, one pair of
    exponentials at a time, from the same seed."""
    law, tail = np.random.default_rng(5), np.random.default_rng(5)
    first = next(x for x in (dust_load(law) for _ in range(1000)) if x >= 3.0)
    assert dirty_tail(3.0)(tail) == first


def test_a_run_without_a_cache_of_its_own_is_refused():
    """No ``--cache``: the benchmark's default folder would keep the dirty pages as
    TRAINING's usual ones; the run stops before a page is drawn or a module run."""
    with pytest.raises(SystemExit, match="cache folder of its own"):
        main(["benchmarks.no_such_module", "--split", "training", "--pages", "1"])


def test_a_cache_holding_the_usual_pages_is_refused(tmp_path: Path):
    """A folder that holds pages not drawn from the tail (one usual TRAINING noisy page's
    truth): the benchmark would read those, not one dirty page."""
    (tmp_path / "training" / "noisy").mkdir(parents=True)
    (tmp_path / "training" / "noisy" / "page_0000.json").write_text("{}")
    with pytest.raises(SystemExit, match="not drawn from the dirty tail"):
        main(["benchmarks.no_such_module", "--cache", str(tmp_path)])
    assert not (tmp_path / OWN_CACHE_MARK).exists()


def test_a_new_cache_is_marked_with_its_least_load_and_kept_for_it(tmp_path: Path):
    """A new folder is marked ``{"load_from": 3.0}``; the same least load may draw there
    again, another may not."""
    cache = tmp_path / "dirty3"
    assert own_cache(["--pages", "80", f"--cache={cache}"], 3.0) == cache
    assert json.loads((cache / OWN_CACHE_MARK).read_text()) == {"load_from": 3.0}
    assert own_cache(["--cache", str(cache), "--pages", "80"], 3.0) == cache
    with pytest.raises(SystemExit, match="holds pages drawn"):
        own_cache(["--cache", str(cache)], 5.0)


def test_a_least_load_over_the_laws_cap_is_refused(tmp_path: Path):
    """``MOST_LOAD`` (10) caps every draw: kept from 12 up, every page would be drawn at 10,
    under the least load asked, so the run stops before it marks or draws anything."""
    with pytest.raises(SystemExit):
        main(["--load-from", "12", "benchmarks.no_such_module", "--cache", str(tmp_path)])
    assert not (tmp_path / OWN_CACHE_MARK).exists()
