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
priced on TRAINING's dirtiest glass, not on TEST's dust. Give the run a cache folder of
its own (its pages are not the benchmark's) and no ``--jobs``: the pages are drawn in
this process.
"""

from __future__ import annotations

import argparse
import runpy
import sys
from collections.abc import Callable

import numpy as np

import ocr.training.synthetic.scan as scan
import ocr.training.synthetic.settled_dust as settled_dust

__all__ = ["dirty_tail", "main"]


def dirty_tail(load_from: float) -> Callable[[np.random.Generator], float]:
    """``settled_dust.dust_load`` kept only from ``load_from`` up: the law's draws below it
    are drawn again (capped at ``MOST_LOAD`` as before)."""

    def load(rng: np.random.Generator) -> float:
        while True:
            drawn = float(rng.exponential(1.0) * rng.exponential(1.0))
            if drawn >= load_from:
                return min(settled_dust.MOST_LOAD, drawn)

    return load


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--load-from", type=float, default=3.0, help="the least load kept")
    ap.add_argument("module", help="the benchmark module to run, e.g. benchmarks.bench_ocr")
    ap.add_argument("args", nargs=argparse.REMAINDER, help="its own arguments")
    a = ap.parse_args(argv)
    scan.dust_load = dirty_tail(a.load_from)  # the name scan.py draws each page's load by
    sys.argv = [a.module, *a.args]
    runpy.run_module(a.module, run_name="__main__", alter_sys=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
