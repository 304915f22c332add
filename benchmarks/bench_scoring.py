"""Matchpoint + Neuberg a tournament office's batch: bulk (numpy) against pure Python.

    .venv/bin/python benchmarks/bench_scoring.py [--boards 40000] [--results 25]

Generates ``boards`` boards with up to ``results`` results each (about 1 board in 10 misses
one to three results, so Neuberg runs), scores them with the bulk path, and scores the first
``pure-boards`` boards with the pure path (scoring.board_scoring.score_board, exact
Fractions rounded to 0.1) to give a per-result figure for both; it checks the two agree.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

import numpy as np

from scoring.board_scoring import score_board
from scoring.bulk import matchpoint_arrays
from scoring.matchpoints import Scale

SCORES = np.array(
    [-1100, -800, -500, -200, -100, -50, 0, 90, 110, 140, 170, 420, 450, 620, 650, 990]
)


def make_batch(boards: int, results: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    per_board = np.full(boards, results)
    short = rng.random(boards) < 0.1
    per_board[short] -= rng.integers(1, 4, short.sum())
    keys = np.repeat(np.arange(boards), per_board)
    scores = rng.choice(SCORES, size=keys.size)
    return keys, scores


def pure(keys: np.ndarray, scores: np.ndarray, normal: int) -> list:
    """The pure path a club evening takes: ``score_board`` per board, exact Fractions."""
    out = []
    boundaries = np.flatnonzero(np.diff(keys)) + 1
    for chunk in np.split(scores, boundaries):
        board = score_board(chunk.tolist(), normal)
        out.extend((result.ns.rounded, result.ew.rounded) for result in board.results)
    return out


def best_of(repeats: int, run) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=40_000)
    parser.add_argument("--results", type=int, default=25)
    parser.add_argument("--pure-boards", type=int, default=40_000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--seed", type=int, default=20261122)
    args = parser.parse_args()

    keys, scores = make_batch(args.boards, args.results, args.seed)
    bulk_seconds = best_of(
        args.repeats, lambda: matchpoint_arrays(keys, scores, args.results, Scale.TWO_ONE_ZERO)
    )
    subset = keys < args.pure_boards
    pure_keys, pure_scores = keys[subset], scores[subset]
    pure_seconds = best_of(1, lambda: pure(pure_keys, pure_scores, args.results))

    bulk = matchpoint_arrays(pure_keys, pure_scores, args.results)
    expected = pure(pure_keys, pure_scores, args.results)
    agree = [(int(a), int(b)) for a, b in zip(bulk.ns_units, bulk.ew_units, strict=True)] == [
        (int(ns * 10), int(ew * 10)) for ns, ew in expected
    ]
    report = {
        "benchmark": "matchpoints+neuberg",
        "results": int(keys.size),
        "boards": args.boards,
        "bulk_seconds": round(bulk_seconds, 3),
        "bulk_results_per_second": round(keys.size / bulk_seconds),
        "pure_results_timed": int(pure_keys.size),
        "pure_seconds": round(pure_seconds, 3),
        "pure_seconds_extrapolated_to_all": round(pure_seconds * keys.size / pure_keys.size, 1),
        "bulk_equals_pure": agree,
        "median_results_per_board": statistics.median(np.bincount(keys).tolist()),
    }
    print(json.dumps(report, indent=2))
    if not agree:
        raise SystemExit("bulk and pure paths disagree")


if __name__ == "__main__":
    main()
