"""A benchmark run on TRAINING noisy pages whose glass is at the dirty tail of TRAINING's own
load law (issue 43, item 4).

    python -m benchmarks.dirty_glass --load-from 3 benchmarks.review_causes \
        --split training --pages 80 --cache /tmp/cache-dirty3

TRAINING's dirty scanner (ocr/training/synthetic/settled_dust.py) draws how long the glass
has gone uncleaned against the average (``dust_load``: a product of two unit exponentials,
over 3 on 8% of scans), and a dirtier glass has clumps of more grains, as large as a pen
dot. On 80 TRAINING noisy pages that is a handful of very dirty pages, too few to price a
rule for a player's dot the page cannot tell from its dust. This draws every page's load
from the same law, kept only from ``--load-from`` up (the law's own tail, no new
parameter), and runs the named benchmark module with its arguments, so the rules are
priced on TRAINING's dirtiest glass, not on TEST's dust. Give the run no ``--jobs``: the
pages are drawn in this process.

The run needs a cache folder of its own (``--cache``, ``own_cache``): the benchmarks keep
pages under ``CACHE/split/condition`` whatever drew them, so in a folder that already holds
the usual pages the run would read those (and not one dirty page), and its dirty pages left
in the benchmarks' default folder would be read later as TRAINING's usual ones.
"""

from __future__ import annotations

import argparse
import runpy
import sys
from collections.abc import Callable
from pathlib import Path

import numpy as np

import ocr.training.synthetic.scan as scan
import ocr.training.synthetic.settled_dust as settled_dust
from benchmarks.marked_cache import marked_cache

__all__ = ["OWN_CACHE_MARK", "dirty_tail", "main", "own_cache"]


def dirty_tail(load_from: float) -> Callable[[np.random.Generator], float]:
    """``settled_dust.dust_load`` kept only from ``load_from`` up: the law's draws below it
    are drawn again (capped at ``MOST_LOAD`` as before)."""

    def load(rng: np.random.Generator) -> float:
        while True:
            drawn = float(rng.exponential(1.0) * rng.exponential(1.0))
            if drawn >= load_from:
                return min(settled_dust.MOST_LOAD, drawn)

    return load


OWN_CACHE_MARK = "dirty_glass.json"
"""The file in a cache folder that says its pages were drawn from the dirty tail, and from
which load (``own_cache``)."""


def own_cache(args: list[str], load_from: float) -> Path:
    """The cache folder ``--cache`` names in the benchmark's arguments ``args``, marked as
    holding pages drawn from ``load_from`` up (``OWN_CACHE_MARK``); SystemExit where there
    is none, or where the folder holds anything not so drawn (see the module docstring)."""
    return marked_cache(args, OWN_CACHE_MARK, {"load_from": load_from}, "from the dirty tail")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--load-from", type=float, default=3.0, help="the least load kept")
    ap.add_argument("module", help="the benchmark module to run, e.g. benchmarks.bench_ocr")
    ap.add_argument("args", nargs=argparse.REMAINDER, help="its own arguments")
    a = ap.parse_args(argv)
    if not 0.0 <= a.load_from <= settled_dust.MOST_LOAD:  # above it every load would be 10
        ap.error(f"--load-from {a.load_from}: the law's loads are 0 to {settled_dust.MOST_LOAD}")
    own_cache(a.args, a.load_from)
    scan.dust_load = dirty_tail(a.load_from)  # the name scan.py draws each page's load by
    sys.argv = [a.module, *a.args]
    runpy.run_module(a.module, run_name="__main__", alter_sys=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
