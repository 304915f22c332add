"""The batch's first chunks, read while the command still loads Prefect.

The command starts its reading processes first thing (``start_early``,
pipeline/flows/reading_processes.py); then it spends some 3 s of one core importing Prefect,
starting the flow run and planning the first event before the flow sends a chunk, and the
processes, booted in a second, waited for it with the other core idle (docs/batch.md,
"Where a core waits"). ``send_first_chunks`` plans the first event without Prefect (its
event file, its session files, its scans in chunks: the same functions the flow's planning
calls) and sends as many chunks as the flow keeps in flight to the processes at once. The
flow plans the event again as ever; a chunk it sends that was sent ahead (the same pages of
the same scan content, for the same event as read: ``PageChunk`` holds both digests) is not
sent again: its task run, made then, waits for the answer already under way
(``read_pages_sent_ahead``, pipeline/flows/chunk_reading.py), so the UI shows the same task
run for every chunk. Anything else is left to the flow as before: an event folder it
cannot plan or an output folder it cannot look into (the flow reports why), an event whose
store exists (pages kept before are taken from it, not read again), a PostgreSQL store
(its schema may hold them).

Plain functions, no Prefect: the command calls this before it imports Prefect.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

__all__ = ["send_first_chunks"]


def send_first_chunks(
    folders: Sequence[Path], out_dir: Path, store: str | None, chunk_pages: int, workers: int
) -> int:
    """The first event's first chunks (as many as the batch keeps in flight for ``workers``)
    sent to the ``workers`` reading processes ``start_early`` started; how many were sent
    (0: none to send)."""
    from pipeline.doors.inputs import session_files
    from pipeline.events.eventfile import load_event
    from pipeline.flows.batch_plan import chunks_in_flight, output_names
    from pipeline.flows.pages import event_chunks
    from pipeline.flows.reading_processes import early
    from pipeline.results.names import check_names
    from pipeline.store import DEFAULT_NAME

    processes = early()
    if processes is None or store is not None or not folders:
        return 0
    try:  # an output folder it may not look into too (EACCES): the flow reports that
        folder, name = folders[0], output_names(folders)[0]
        if (out_dir / name / DEFAULT_NAME).exists():  # the flow takes what it keeps
            return 0
        event = load_event(folder / "event.yaml")
        check_names(event, "event.yaml")
        chunks = event_chunks(name, event, session_files(folder, event), chunk_pages)
    except Exception:  # noqa: BLE001 - the flow plans it again and reports what is wrong
        return 0
    first = [chunk for session in sorted(chunks) for chunk in chunks[session]]
    first = first[: chunks_in_flight(workers)]
    processes.send_ahead(event, first)
    return len(first)
