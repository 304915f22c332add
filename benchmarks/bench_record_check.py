"""What verifying the record costs every command that reads or extends it.

    .venv/bin/python benchmarks/bench_record_check.py [--corrections 10]

Publishes the hand-worked two-session event of the correction tests
(tests/pipeline/correction_event.py) into a temporary output folder and corrects one line
``--corrections`` times (each a new version), then times, in one process (best of 5):

- ``store``: ``EventStore.check`` against the newest published head (every record's digest
  and link, the seal, every blob);
- ``record``: ``check_record`` (pipeline/corrections/record_check.py), what every command
  runs once before anything else: the same, plus every version's files and manifest against
  the store's record of them.

Prints the figures as JSON with the sizes and the machine's load average.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import tempfile
import time
from datetime import timedelta
from pathlib import Path


def _best(work: object, repeats: int = 5) -> float:
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        work()  # type: ignore[operator]
        times.append(time.perf_counter() - started)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corrections", type=int, default=10)
    options = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="bench-record-"))
    os.environ["XDG_CONFIG_HOME"] = str(folder / "config")  # its own store key, not the user's

    from pipeline.corrections import LineCorrection, Role, Signature, correct
    from pipeline.corrections.record_check import check_record, newest_published_head
    from pipeline.flows.score_files import score_files
    from pipeline.store import EventStore
    from tests.pipeline.correction_event import PUBLISHED, iso, write_event

    os.environ["BRIDGESCAN_NOW"] = iso(PUBLISHED)
    event, files = write_event(folder / "event")
    out = folder / "out"
    score_files(event, files, out, "silver")
    signature = Signature("Eva Berg", Role.SCORER, "benchmark")
    with EventStore(out / "bridgescan.sqlite") as store:
        for k in range(options.corrections):  # +450 and back to +420, a minute apart
            line = LineCorrection(session=2, board=1, ns_pair=4, ew_pair=1,
                                  result="+1" if k % 2 == 0 else "=",
                                  score=450 if k % 2 == 0 else 420)  # fmt: skip
            at = PUBLISHED + timedelta(minutes=1 + k)
            correct(store, out, line, signature, clock=lambda at=at: at)
        head = newest_published_head(out, store.location)
        chain = _best(lambda: store.check(head))
        record = _best(lambda: check_record(store, out))
        records = store.head().records
    published = [p for p in (out / "versions").rglob("*") if p.is_file()]
    print(json.dumps({
        "records": records, "versions": options.corrections + 1, "files": len(published),
        "published_bytes": sum(p.stat().st_size for p in published),
        "store_check_ms": round(chain * 1000, 1), "record_check_ms": round(record * 1000, 1),
        "load_average": [round(x, 2) for x in os.getloadavg()],
    }, indent=1))  # fmt: skip
    shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
