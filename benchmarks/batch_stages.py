"""``bridgescan batch`` by stage: the command's own CPU (not its reading processes'), each
stage on the thread it runs on (docs/batch.md, "Where the time goes").

    python -m benchmarks.batch_stages batch DAY -o OUT

``benchmarks/rerun_stages.py``'s way (the command run in this process, its modules loaded
first, each stage timed with ``time.thread_time``, Python's collections timed by generation,
Prefect's requests and events counted), with the batch's own stages added: the events
planned, their scans and each chunk's readings kept, each session's readings recorded and
remembered, the review queue's two files, the workbook's and the site's parts. A stage
called inside another (``write_sheet`` in ``write_review``, ``prepare_event`` in ``_plan``)
is counted in both; "the rest" is what no outermost stage holds (Prefect's engine and its
threads, the chunks' answers unpickled, the progress bar), less what nesting counted twice.
"""

from __future__ import annotations

import sys

from benchmarks import rerun_stages

__all__ = ["STAGES", "main"]

#: (module, function): rerun_stages' stages and the batch's own.
STAGES = (
    *rerun_stages.STAGES,
    ("pipeline.flows.batch", "_plan"),
    ("pipeline.flows.batch", "_stored_chunk"),
    ("pipeline.flows.batch", "_keep_chunk"),
    ("pipeline.flows.steps", "record_readings"),
    ("pipeline.doors.scans.reading", "readings_summary"),
    ("pipeline.flows.batch_event", "_remember_session"),
    ("pipeline.doors.scans.review_queue_file", "write_queue"),
    ("pipeline.doors.scans.review_sheet", "write_sheet"),
    ("pipeline.corrections.publication_record", "results_digest"),
    ("pipeline.flows.artifacts", "publish_event_artifacts"),
    ("pipeline.flows.batch_report", "write_summary"),
)


def main(arguments: list[str]) -> None:
    rerun_stages.STAGES = STAGES
    rerun_stages.main(arguments)


if __name__ == "__main__":
    main(sys.argv[1:])
