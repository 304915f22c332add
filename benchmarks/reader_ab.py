"""Two versions of the scan reader timed against each other, page by page, alternately.

A change to the reader that costs or saves a few per cent is lost in the machine's own
drift between two benchmark runs (10-20% from run to run here). This reads the same
cached benchmark pages with two source trees in two worker processes, one page at a
time, alternating which goes first (ABBA), and counts each page's best CPU time of
``--reps`` reads, so that both see the same machine at the same moments.

    python -m benchmarks.reader_ab OLD_TREE NEW_TREE --pages 40 \
        --conditions clean,ordinary,damaged,pencil --cache /tmp/bridgescan_bench_ocr

Each tree is a checkout of this repository (``git worktree add /tmp/old <commit>``); the
pages come from the cache ``benchmarks.bench_ocr`` fills (its TEST split). It takes two
trees, so ``make bench`` (every ``bench_*.py``) does not run it.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

_WORKER = """
import sys, time
from pathlib import Path
import ocr.pages as P
import ocr.reader as R
from ocr.reading import PageRef
from ocr.training.synthetic.truth import load_truth
reader = R.ScanReader(read_printed=True)
print("ready", flush=True)
for line in sys.stdin:
    path, reps = line.split()
    truth = load_truth(Path(path))
    file = Path(path).parent / truth.image
    raw = file.read_bytes()
    best = float("inf")
    for _ in range(int(reps)):
        start = time.process_time()
        if file.suffix == ".pdf":  # a scan to PDF: as the tree's scan read opens it
            image = next(P.load_pages(file))[1]
        else:
            image = R.decode_image(raw, truth.image)
        if hasattr(P, "page_colour"):  # its colour asked for on a dusty page
            reader.read_image(image, PageRef(truth.image), lambda: P.page_colour(file))
        else:  # a tree from before ocr/ink_colour.py
            reader.read_image(image, PageRef(truth.image))
        best = min(best, time.process_time() - start)
    print(best, flush=True)
"""


class _Worker:
    """A reader of one source tree in its own process, reading the pages it is sent."""

    def __init__(self, tree: Path) -> None:
        env = dict(os.environ, PYTHONPATH=str(tree), OMP_NUM_THREADS="1",
                   OPENBLAS_NUM_THREADS="1", OPENCV_FOR_THREADS_NUM="1")  # fmt: skip
        self.process = subprocess.Popen(
            [sys.executable, "-c", _WORKER], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            text=True, env=env, cwd=tree,
        )  # fmt: skip
        assert self.process.stdin and self.process.stdout
        if not self.process.stdout.readline().startswith("ready"):
            raise SystemExit(f"the reader of {tree} did not start")

    def read(self, page: Path, reps: int) -> float:
        assert self.process.stdin and self.process.stdout
        self.process.stdin.write(f"{page} {reps}\n")
        self.process.stdin.flush()
        return float(self.process.stdout.readline())

    def close(self) -> None:
        assert self.process.stdin
        self.process.stdin.close()
        self.process.wait()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("old", type=Path, help="source tree A (the reader before)")
    ap.add_argument("new", type=Path, help="source tree B (the reader after)")
    ap.add_argument("--pages", type=int, default=40, help="pages per condition")
    ap.add_argument("--conditions", default="clean,ordinary,damaged,pencil")
    ap.add_argument("--reps", type=int, default=2, help="reads per page; the best counts")
    ap.add_argument("--cache", type=Path, default=Path("/tmp/bridgescan_bench_ocr"))
    args = ap.parse_args(argv)
    a, b = _Worker(args.old.resolve()), _Worker(args.new.resolve())
    total = {"A": 0.0, "B": 0.0}
    count = 0
    try:
        for condition in args.conditions.split(","):
            pages = sorted((args.cache / "test" / condition).glob("page_*.json"))[: args.pages]
            if not pages:
                raise SystemExit(f"no cached pages in {args.cache / 'test' / condition}")
            cpu = {"A": 0.0, "B": 0.0}
            for i, page in enumerate(pages):
                order = [("A", a), ("B", b)] if i % 2 == 0 else [("B", b), ("A", a)]
                for name, worker in order:
                    cpu[name] += worker.read(page, args.reps)
            n = len(pages)
            print(f"{condition:9s} A {n / cpu['A']:6.3f}  B {n / cpu['B']:6.3f} pages/s"
                  f"  B/A CPU {cpu['B'] / cpu['A']:.4f}", flush=True)  # fmt: skip
            total["A"] += cpu["A"]
            total["B"] += cpu["B"]
            count += n
    finally:
        a.close()
        b.close()
    print(f"all       A {1000 * total['A'] / count:6.1f}  B {1000 * total['B'] / count:6.1f} "
          f"ms/page  B/A CPU {total['B'] / total['A']:.4f}")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
