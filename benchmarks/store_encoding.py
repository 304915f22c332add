"""A page reading's encoding for the event store, in CPU: the codec's walk and canonical text
(``codec.dumps``) and the whole ``encode`` (with zlib), one tree or several side by side.

Under ``bridgescan batch --runner threads`` each page is encoded on the reading thread that
read it, holding Python's interpreter lock (docs/batch.md, "What the work is"). The pages are
the sample's (``sample_data/club-evening``, session 1), read once by this tree's reader and
pickled; each tree encodes the same readings in a process of its own (``PYTHONPATH``), the
trees in turn and their order reversed each run, since this machine's speed drifts::

    python -m benchmarks.store_encoding --tree OLD_TREE --tree NEW_TREE --runs 2

Each figure is a page's best CPU time of ``--repeat`` encodings, averaged over the pages.
"""

from __future__ import annotations

import argparse
import json
import os
import pickle
import subprocess
import sys
import tempfile
from pathlib import Path

SAMPLE = Path(__file__).parents[1] / "sample_data" / "club-evening"

_TIMED = """
import json, pickle, sys, time
from pipeline.flows.readings import encode
from pipeline.store.codec import dumps
pages = pickle.loads(open(sys.argv[1], "rb").read())
repeat = int(sys.argv[2])
def best(function):
    times = []
    for page in pages:
        runs = []
        for _ in range(repeat):
            started = time.process_time()
            function(page)
            runs.append(time.process_time() - started)
        times.append(min(runs))
    return 1000 * sum(times) / len(times)
print(json.dumps({"dumps_ms": round(best(dumps), 3), "encode_ms": round(best(encode), 3)}))
"""


def read_sample_pages(pages: int) -> bytes:
    """The sample's first ``pages`` pages of session 1 as this tree's reader reads them."""
    from ocr.reader import load_pages
    from pipeline.doors.scans.reading import scan_reader
    from pipeline.events.eventfile import load_event

    reader = scan_reader(load_event(SAMPLE / "event.yaml"), 1)
    read = [reader.read_image(image, ref)
            for ref, image in load_pages(SAMPLE / "scans" / "session1.pdf", 1, pages)]  # fmt: skip
    return pickle.dumps(read, protocol=5)


def timed(tree: Path, readings: Path, repeat: int) -> dict[str, float]:
    """The encoding's CPU a page in a process importing ``tree``."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    done = subprocess.run([sys.executable, "-c", _TIMED, str(readings), str(repeat)], env=env,
                          cwd=tree, check=True, capture_output=True, text=True)  # fmt: skip
    figures: dict[str, float] = json.loads(done.stdout)
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tree", type=Path, action="append",
                        help="a source tree (repeat for several; default: this one)")  # fmt: skip
    parser.add_argument("--pages", type=int, default=6)
    parser.add_argument("--repeat", type=int, default=30)
    parser.add_argument("--runs", type=int, default=1)
    args = parser.parse_args(argv)
    trees = [tree.resolve() for tree in args.tree or [Path(__file__).parents[1]]]
    with tempfile.TemporaryDirectory(prefix="store-encoding-") as folder:
        readings = Path(folder) / "pages.pkl"
        readings.write_bytes(read_sample_pages(args.pages))
        for run in range(args.runs):
            for tree in trees if run % 2 == 0 else trees[::-1]:
                figures = timed(tree, readings, args.repeat)
                print(f"{tree}: dumps {figures['dumps_ms']:.2f} ms, encode "
                      f"{figures['encode_ms']:.2f} ms a page", flush=True)  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
