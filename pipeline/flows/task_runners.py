"""Where the batch reads its pages, by configuration: threads, reading processes, local Dask
workers, or a scheduler.

- ``processes`` (the default): that many reading processes of the command's own
  (pipeline/flows/reading_processes.py), one per core unless told: every core reads;
- ``threads``: a thread pool in the command's own process. No extra process; the reader
  spends most of its time in OpenCV and numpy, which release the interpreter lock, but not
  all of it, so two threads keep 1.3 of 2 cores busy (docs/batch.md, "Speed");
- ``dask`` with ``workers``: a Dask ``LocalCluster`` of that many worker processes, one
  thread each, started for the batch and stopped after (``dask_client``).
- ``dask`` with ``address``: an existing Dask scheduler (``tcp://host:8786``), whose workers
  may sit on other machines. They need the same bridgescan installed and the event folders
  at the same paths (a shared file system); not Prefect's API: they do plain Dask work
  (pipeline/flows/chunk_reading.py says why), and the batch's process reports to Prefect.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from distributed import Client

__all__ = ["RUNNERS", "RunnerSpec", "dask_client", "runner_spec"]

RUNNERS = ("threads", "processes", "dask")


@dataclass(frozen=True)
class RunnerSpec:
    """How the batch's page-reading tasks run."""

    kind: str = "processes"  # one of RUNNERS
    workers: int = 2  # threads in the pool, reading processes, or local Dask worker processes
    address: str | None = None  # an existing Dask scheduler (then ``workers`` is unused)

    @property
    def short(self) -> str:
        """A few words for a progress bar."""
        if self.kind == "threads":
            return f"{self.workers} threads"
        if self.kind == "processes":
            return f"{self.workers} processes"
        return "Dask cluster" if self.address else f"{self.workers} Dask workers"

    def describe(self) -> str:
        """In words, for the terminal and the batch summary."""
        if self.kind == "threads":
            return f"{self.workers} thread{'s' if self.workers != 1 else ''}"
        if self.kind == "processes":
            return f"{self.workers} reading process{'es' if self.workers != 1 else ''}"
        if self.address:
            return f"Dask scheduler at {self.address}"
        return f"Dask, {self.workers} local worker process{'es' if self.workers != 1 else ''}"


def runner_spec(kind: str = "processes", workers: int | None = None,
                address: str | None = None) -> RunnerSpec:  # fmt: skip
    """A checked runner configuration; ``ValueError`` names what does not fit."""
    if kind not in RUNNERS:
        raise ValueError(f"runner {kind!r}: one of {', '.join(RUNNERS)}")
    if address and kind != "dask":
        raise ValueError("a scheduler address needs the dask runner (--runner dask)")
    if address and not address.startswith(("tcp://", "tls://", "ws://", "wss://", "inproc://")):
        raise ValueError(f"scheduler address {address!r}: give it as tcp://host:port")
    count = workers if workers is not None else (os.cpu_count() or 2)
    if count < 1:
        raise ValueError("workers: at least 1")
    return RunnerSpec(kind, count, address or None)


#: Dask's own bookkeeping a local cluster does without: its statistical profiler (every
#: 10 ms, for a dashboard the batch does not start) and monitors polled ten and two times a
#: second. Measured on two idle workers and their scheduler at load 17 (2026-11-29): 0.13
#: CPU-seconds a second of wall time with Dask's defaults, 0.08 with these; a loaded
#: machine stretches a batch's wall time, and this cost with it.
_QUIET_WORKERS = {
    "distributed.worker.profile.enabled": False,
    "distributed.worker.memory.monitor-interval": "1s",
    "distributed.admin.system-monitor.interval": "2s",
}


def _worker_environ() -> dict[str, str]:
    """The environment a local Dask worker process starts with: Dask's own (one BLAS and
    OpenMP thread) and glibc's malloc keeping freed memory for the next page, as the reading
    processes have it (``READING_MEMORY``). Dask's own sets ``MALLOC_TRIM_THRESHOLD_`` to
    64 KiB, and a threshold set fixes glibc's mmap threshold at 128 KiB: every page image
    was mapped fresh and faulted in. 200-slip day, 2026-12-02: 2.6-3.0 million minor page
    faults a worker and 4.8-6.4 CPU-seconds of the system's; with these 43-65 thousand and
    0.3-0.6 s, as a reading process (36-42 thousand, 0.1-0.2 s; docs/batch-history.md).
    glibc reads them only as a process starts, so they go in Dask's pre-spawn environment,
    not ``env=`` (set in the worker once it runs)."""
    import dask
    import distributed  # noqa: F401 - Dask's defaults for its workers, in its config

    from pipeline.flows.prefect_env import READING_MEMORY

    environ = dict(dask.config.get("distributed.nanny.pre-spawn-environ", default={}) or {})
    return {**environ, **READING_MEMORY}


@contextmanager
def dask_client(spec: RunnerSpec) -> Iterator[Client]:
    """A Dask client for ``spec``: of the scheduler at ``spec.address``, or of a local
    cluster of ``spec.workers`` worker processes started now and stopped after."""
    import dask
    from distributed import Client, LocalCluster

    if spec.address:
        with Client(spec.address, set_as_default=False) as client:
            yield client
        return
    environ = {"distributed.nanny.pre-spawn-environ": _worker_environ()}
    with dask.config.set({**_QUIET_WORKERS, **environ}):  # the worker processes are given it
        cluster = LocalCluster(
            n_workers=spec.workers,
            threads_per_worker=1,  # reading is CPU work: one page at a time per core
            processes=True,
            dashboard_address=None,  # no web server nobody asked for (and no port clash)
            # A worker whose heartbeat meets the scheduler already closed logs an ERROR
            # with a traceback as the cluster shuts down (dask/distributed#7192, #9032):
            # noise on the director's terminal. A failed chunk reaches the batch as its error.
            silence_logs=logging.CRITICAL,
        )
    with cluster, Client(cluster, set_as_default=False) as client:
        yield client
