"""A batch's time by stage, from a py-spy profile (docs/batch.md, "Where the time goes").

    py-spy record -s -r 50 -f raw -o batch.prof -- bridgescan batch DAY -o OUT
    python -m benchmarks.batch_profile batch.prof

py-spy samples every thread of the command and of its subprocesses (``-s``: Dask's worker
processes too); ``-f raw`` writes one line per stack, frames from the root, ``;``-separated,
with its count. A thread that only waits (a select, a lock, a sleep) is dropped: on a loaded
machine py-spy counts some waits as busy. Each stack goes to the first stage (in the table's
order) one of whose frames it holds, so the reader's own work is not counted as the flow's
that called it. The shares are of the busy samples, not of CPU seconds: a thread that is
ready to run but waits for a core counts too, so on a loaded machine they are shares of the
work, and the CPU seconds come from the benchmark (benchmarks/bench_batch.py).
"""

from __future__ import annotations

import argparse
from collections import Counter
from pathlib import Path

__all__ = ["STAGES", "WAITS", "stages"]

#: Frames a thread sits in while it waits, not works (the stack's innermost frame).
WAITS = ("EpollSelector.select", "Condition.wait", "Queue.get", "Event.wait", "Thread.join",
         "sleep", "heartbeat_loop", "Connection._recv", "Popen.poll", "Popen.wait")  # fmt: skip

#: (stage, a frame that marks it), in the order that decides.
STAGES = (
    ("reading: the reader", "read_image ("),
    ("reading: the pages decoded from the PDF", "load_pages ("),
    ("reading: each reading encoded for the store (worker)", "encode (pipeline/flows/readings.py"),
    ("Dask: results unpickled in the batch's process", "pickle_loads"),
    ("Dask: scheduler, client, nannies, workers' event loops", "distributed/"),
    ("imports", "_find_and_load"),
    ("keeping each chunk's readings in the store", "_keep_chunk ("),
    ("a chunk looked up in the store (read before?)", "_stored_chunk ("),
    ("events planned (checked, store opened, pages counted)", "_plan ("),
    ("scans kept in the store", "keep_scans ("),
    ("readings recorded (record_readings)", "record_readings ("),
    ("rows recorded (record_rows, record_input)", "session_rows ("),
    ("review queue: review.json", "write_queue ("),
    ("review queue: review.xlsx", "write_sheet ("),
    ("publishing: the workbook", "workbook_bytes"),
    ("publishing: the web site", "build_site"),
    ("publishing: scoring, results, JSON, CSV, records", "publish ("),
    ("review rows and the rest of settling a session", "settle_session ("),
    ("the batch summary and artifacts", "write_summary ("),
    ("Prefect: engine, client, events (in the command)", "prefect/"),
    ("the progress bar", "rich/"),
)


def stages(profile: Path) -> tuple[Counter[str], int]:
    """Busy samples by stage (``other`` for the rest), and the number of busy samples."""
    counts: Counter[str] = Counter()
    for line in profile.read_text().splitlines():
        stack, _, count = line.rpartition(" ")
        frames = stack.split(";")
        if len(frames) < 2 or any(wait in frames[-1] for wait in WAITS):
            continue
        stage = next((name for name, mark in STAGES if mark in stack), "other")
        counts[stage] += int(count)
    return counts, sum(counts.values())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("profile", type=Path, help="py-spy record -f raw output")
    args = parser.parse_args(argv)
    counts, busy = stages(args.profile)
    print("| stage | share of the busy samples |\n|---|---|")
    for name, count in counts.most_common():
        print(f"| {name} | {100 * count / busy:.1f}% |")
    print(f"\n{busy} busy samples")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
