"""Where a chunk of pages is read, and how Prefect sees it: one task run per chunk.

- On threads: the task ``read_pages`` runs on a thread of the batch's own process
  (Prefect's ``ThreadPoolTaskRunner``); Prefect's cost is about 16 ms of wall time and
  0.5 ms of the flow's CPU a task, small against a chunk's second or more of reading.
- On Dask: Prefect's own Dask runner runs its task engine on the worker, so every task's
  context (settings, the flow run's) is serialised and sent and its states are reported
  from the worker: 350 to 1,125 ms a task (docs/batch.md, "Speed"), most of a chunk's
  reading. So the reading is plain Dask work (``pages.read_packed_for_store``, the reader kept
  loaded in each worker process between chunks), and the task run that stands for it,
  ``read_pages_on_dask``, runs on a thread of the batch's process that only waits for the
  worker's answer. The UI shows the same task run per chunk on every runner; the workers
  never talk to Prefect (no API address to hand them, no states to report from them).
- On reading processes (``processes``, one machine): the same as on Dask without the
  cluster. ``read_pages_in_process`` waits on a thread of the batch's process while one of
  N reading processes (pipeline/flows/reading_processes.py) reads the chunk with the reader
  it keeps loaded; each process has a core and an interpreter lock of its own. The batch's
  first chunks are given to the processes before the flow run begins
  (pipeline/flows/first_chunks.py); ``read_pages_sent_ahead`` is the task run of each,
  made when the flow comes to it, waiting for the answer under way.

Whichever runner, a chunk's answer is a ``pages.ChunkRead``: the readings, and each one already
encoded as the event store keeps it, so the worker, not the batch's one process, does that.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any
from uuid import uuid4

from prefect import task
from prefect.cache_policies import NO_CACHE
from prefect.futures import PrefectFuture
from prefect.task_runners import ThreadPoolTaskRunner

from pipeline.flows import pages as chunking
from pipeline.flows.batch_event import ByReference
from pipeline.flows.reading_processes import ReadingProcesses, take_early
from pipeline.flows.task_runners import RunnerSpec, dask_client
from scoring.event import Event

__all__ = [
    "SubmitChunk",
    "chunk_readers",
    "read_pages",
    "read_pages_in_process",
    "read_pages_on_dask",
    "read_pages_sent_ahead",
]

#: Sends one chunk of an event out to be read; the future's result is its ``ChunkRead``.
SubmitChunk = Callable[[Event, chunking.PageChunk], PrefectFuture[chunking.ChunkRead]]


@task(name="read pages", task_run_name="read {chunk.label}", cache_policy=NO_CACHE)
def read_pages(event: ByReference, chunk: chunking.PageChunk) -> chunking.ChunkRead:
    """Read one chunk of pages of ``event.value`` on this thread."""
    return chunking.read_for_store(event.value, chunk)


@task(name="read pages", task_run_name="read {chunk.label}", cache_policy=NO_CACHE)
def read_pages_on_dask(
    client: ByReference, event: ByReference, chunk: chunking.PageChunk
) -> chunking.ChunkRead:
    """Read one chunk of pages of ``event.value`` on a worker of the Dask ``client.value``
    (plain Dask work), waiting here for the answer."""
    key = f"read {chunk.label} {uuid4().hex[:8]}"  # the same chunk twice is read twice
    future = client.value.submit(chunking.read_packed_for_store, event.value, chunk, key=key,
                                 pure=False)  # fmt: skip
    result: chunking.ChunkRead = future.result()
    return result


@task(name="read pages", task_run_name="read {chunk.label}", cache_policy=NO_CACHE)
def read_pages_in_process(
    processes: ByReference, event: ByReference, chunk: chunking.PageChunk
) -> chunking.ChunkRead:
    """Read one chunk of pages of ``event.value`` in one of the reading processes
    ``processes.value``, waiting here for the answer."""
    readers: ReadingProcesses = processes.value
    return readers.read(event.value, chunk)


@task(name="read pages", task_run_name="read {chunk.label}", cache_policy=NO_CACHE)
def read_pages_sent_ahead(sent: ByReference, chunk: chunking.PageChunk) -> chunking.ChunkRead:
    """One chunk of pages a reading process was given before the flow run began
    (pipeline/flows/first_chunks.py): its answer ``sent.value``, waited for here."""
    result: chunking.ChunkRead = sent.value.result()
    return result


@contextmanager
def chunk_readers(spec: RunnerSpec, in_flight: int) -> Iterator[SubmitChunk]:
    """A ``SubmitChunk`` for ``spec``, while the threads, the reading processes or the Dask
    cluster are up; on processes and on Dask, ``in_flight`` threads of this process wait
    for the chunks the batch keeps in flight. The processes are ended before the threads
    that wait for them (an error or Ctrl-C: at once), so no wait outlasts the batch."""
    if spec.kind == "threads":
        with ThreadPoolTaskRunner(max_workers=spec.workers) as pool:

            def on_thread(event: Event, chunk: chunking.PageChunk) -> Any:
                return pool.submit(read_pages, {"event": ByReference(event), "chunk": chunk})

            yield on_thread
        return
    if spec.kind == "processes":
        with (
            ThreadPoolTaskRunner(max_workers=in_flight) as pool,
            take_early(spec.workers) as processes,
        ):
            readers = ByReference(processes)

            def in_process(event: Event, chunk: chunking.PageChunk) -> Any:
                sent = processes.sent_ahead(chunk)
                if sent is not None:  # the same pages of the same event, under way already
                    ahead = {"sent": ByReference(sent), "chunk": chunk}
                    return pool.submit(read_pages_sent_ahead, ahead)
                parameters = {"processes": readers, "event": ByReference(event), "chunk": chunk}
                return pool.submit(read_pages_in_process, parameters)

            yield in_process
        return
    with dask_client(spec) as client, ThreadPoolTaskRunner(max_workers=in_flight) as pool:
        workers = ByReference(client)

        def on_dask(event: Event, chunk: chunking.PageChunk) -> Any:
            parameters = {"client": workers, "event": ByReference(event), "chunk": chunk}
            return pool.submit(read_pages_on_dask, parameters)

        yield on_dask
