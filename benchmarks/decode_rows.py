"""A row's joint decoding timed alone, two source trees side by side (issue 42).

A cut to ``ocr.row_reader._decode_row`` and what it calls (ocr/decode.py, the field
readings, the checks) saves a few per cent of a page, lost in ``reader_ab``'s spread unless
it reads hundreds of pages. This times the decoding of recorded rows alone:

    python -m benchmarks.decode_rows record /tmp/rows.pkl --pages 8 --cache CACHE \\
        --conditions ordinary,noisy,clean,phone,pencil
    python -m benchmarks.decode_rows ab OLD_TREE NEW_TREE /tmp/rows.pkl --runs 3

``record`` reads the TEST pages of each condition (the pages ``benchmarks.bench_ocr``
generates into ``--cache``) with and without the event, as ``benchmarks.reader_snapshot``
reads them, and keeps every call of ``_decode_row`` with its arguments (a page's pixels
once; some 4 MB a page). ``ab`` runs each tree in a fresh process, the trees alternately,
``--runs`` times each: the rows of the odd pages decoded first (a batch's earlier pages,
which fill the process's caches), then the even pages' rows timed once ("rows not seen
before"), then all the rows again, best of three ("the same rows again"); CPU a row, and
whether the two trees' readings of every row are equal. Both trees must take
``_decode_row``'s arguments alike.
"""

from __future__ import annotations

import argparse
import os
import pickle
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

__all__ = ["page_number", "record", "main"]

_WORKER = """
import pickle, sys, time
from pipeline.flows.prefect_env import one_maths_thread
one_maths_thread()
from pathlib import Path
import ocr.row_reader as R
calls = pickle.loads(open(sys.argv[1], "rb").read())
def page_number(call):  # as benchmarks.decode_rows.page_number: the tree may lack it
    return int(Path(call[1].file).stem.rsplit("_", 1)[-1])
warm = [c for c in calls if page_number(c) % 2]
fresh = [c for c in calls if not page_number(c) % 2]
for args in warm:
    R._decode_row(*args)
start = time.process_time()
for args in fresh:
    R._decode_row(*args)
new = (time.process_time() - start) / len(fresh)
again, readings = float("inf"), []
for _ in range(3):
    start = time.process_time()
    readings = [R._decode_row(*args) for args in calls]
    again = min(again, (time.process_time() - start) / len(calls))
open(sys.argv[2], "wb").write(pickle.dumps(readings))
print(new, again)
"""


def page_number(call: tuple[Any, ...]) -> int:
    """The page number in the file name of a recorded call's page (``page_0007.jpg``: 7)."""
    return int(Path(call[1].file).stem.rsplit("_", 1)[-1])


def record(cache: Path, conditions: list[str], pages: int, out: Path) -> int:
    """Read the pages, keep every ``_decode_row`` call's arguments in ``out``; the count."""
    from pipeline.flows.prefect_env import one_maths_thread

    one_maths_thread()
    import ocr.row_reader as rows
    from benchmarks.bench_pages import generate
    from benchmarks.reader_snapshot import _read_set
    from ocr.training.synthetic.sources import CONDITIONS

    calls: list[tuple[Any, ...]] = []
    decode = rows._decode_row

    def recording(*args: Any) -> Any:
        calls.append(args)
        return decode(*args)

    rows._decode_row = recording  # type: ignore[assignment]
    try:
        for condition in conditions:
            own_seed = 13 * 100 + CONDITIONS.index(condition)  # as bench_ocr seeds TEST
            files = generate(cache, condition, pages, own_seed, split="test")
            for with_event in (True, False):
                _read_set(files, with_event, condition)
    finally:
        rows._decode_row = decode
    out.write_bytes(pickle.dumps(calls, protocol=5))
    return len(calls)


def _run(tree: Path, calls: Path, readings: Path) -> tuple[float, float]:
    env = dict(os.environ, PYTHONPATH=str(tree), OMP_NUM_THREADS="1",
               OPENBLAS_NUM_THREADS="1", OPENCV_FOR_THREADS_NUM="1")  # fmt: skip
    done = subprocess.run(
        [sys.executable, "-c", _WORKER, str(calls), str(readings)],
        env=env, cwd=tree, capture_output=True, text=True, check=True,
    )  # fmt: skip
    new, again = done.stdout.split()
    return float(new), float(again)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="mode", required=True)
    rec = sub.add_parser("record", help="keep the rows' decoding calls of some TEST pages")
    rec.add_argument("rows", type=Path)
    rec.add_argument("--cache", type=Path, default=Path("/tmp/bridgescan_bench_ocr"))
    rec.add_argument("--conditions", default="ordinary,noisy,clean,phone,pencil")
    rec.add_argument("--pages", type=int, default=8)
    ab = sub.add_parser("ab", help="time two trees' decoding of the recorded rows")
    ab.add_argument("old", type=Path)
    ab.add_argument("new", type=Path)
    ab.add_argument("rows", type=Path)
    ab.add_argument("--runs", type=int, default=3)
    args = ap.parse_args(argv)
    if args.mode == "record":
        n = record(args.cache, args.conditions.split(","), args.pages, args.rows)
        print(f"{n} rows' calls kept in {args.rows}")
        return 0
    times: dict[Path, list[tuple[float, float]]] = {args.old: [], args.new: []}
    with tempfile.TemporaryDirectory() as tmp:
        read = {args.old: Path(tmp, "old.pkl"), args.new: Path(tmp, "new.pkl")}
        for _ in range(args.runs):
            for tree in (args.old, args.new):
                times[tree].append(_run(tree, args.rows, read[tree]))
        same = read[args.old].read_bytes() == read[args.new].read_bytes() or (
            pickle.loads(read[args.old].read_bytes()) == pickle.loads(read[args.new].read_bytes())
        )
    for tree, runs in times.items():
        new = statistics.median(t[0] for t in runs) * 1000
        again = statistics.median(t[1] for t in runs) * 1000
        print(f"{str(tree):40s} rows not seen before {new:.3f} ms, the same rows again "
              f"{again:.3f} ms a row (medians of {len(runs)})")  # fmt: skip
    print("readings", "equal" if same else "DIFFER")
    return 0 if same else 1


if __name__ == "__main__":
    raise SystemExit(main())
