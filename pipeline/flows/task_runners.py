"""Where the batch's tasks run, by configuration: threads, local Dask workers, or a scheduler.

- ``threads`` (the default): a thread pool in the command's own process. No extra process,
  nothing to set up; the reader spends most of its time in OpenCV and numpy, which release
  the GIL, but not all of it (README, "Speed", has the measured figures).
- ``dask`` with ``workers``: a Dask ``LocalCluster`` of that many worker processes, one
  thread each (prefect-dask's ``DaskTaskRunner``), started for the batch and stopped after.
- ``dask`` with ``address``: an existing Dask scheduler (``tcp://host:8786``), whose workers
  may sit on other machines. They need the same bridgescan installed, the event folders at
  the same paths (a shared file system) and, for the Prefect UI, the same
  ``PREFECT_API_URL`` (a Prefect server; README, "The tournament office").

Dask workers are other processes: without a Prefect server each would start its own
temporary API (left running when the worker is stopped) and the runs would be scattered.
``share_api_with_workers`` starts this process's temporary API first and hands its address
to every worker it starts, and, through the settings Prefect sends with each task, to the
workers of a scheduler on this machine; the command line calls it before the flow starts,
so the flow's settings carry the address.
"""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from prefect.task_runners import TaskRunner

__all__ = [
    "RUNNERS",
    "RunnerSpec",
    "on_this_machine",
    "runner_spec",
    "share_api_with_workers",
    "task_runner",
]

RUNNERS = ("threads", "dask")


@dataclass(frozen=True)
class RunnerSpec:
    """How the batch's page-reading tasks run."""

    kind: str = "threads"  # one of RUNNERS
    workers: int = 2  # threads in the pool, or local Dask worker processes
    address: str | None = None  # an existing Dask scheduler (then ``workers`` is unused)

    @property
    def short(self) -> str:
        """A few words for a progress bar."""
        if self.kind == "threads":
            return f"{self.workers} threads"
        return "Dask cluster" if self.address else f"{self.workers} Dask workers"

    def describe(self) -> str:
        """In words, for the terminal and the batch summary."""
        if self.kind == "threads":
            return f"{self.workers} thread{'s' if self.workers != 1 else ''}"
        if self.address:
            return f"Dask scheduler at {self.address}"
        return f"Dask, {self.workers} local worker process{'es' if self.workers != 1 else ''}"


def runner_spec(kind: str = "threads", workers: int | None = None,
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


def on_this_machine(address: str) -> bool:
    """Whether a scheduler's address is on loopback: its workers then run on this machine
    (they reach the scheduler through loopback) and can report to this process's API."""
    host = address.split("://", 1)[-1].rsplit(":", 1)[0].strip("[]")
    return host in ("localhost", "::1") or host.startswith("127.")


def share_api_with_workers() -> str | None:
    """Make Dask worker processes report to this process's Prefect API; returns its address
    when it is this process's temporary API (None with a Prefect server).

    With a Prefect server (``PREFECT_API_URL`` set) there is nothing to do. Otherwise start
    the temporary API now (Prefect would start it anyway, once) and put its address in the
    environment that worker processes inherit. Prefect's settings were read when it was
    imported: run the flow under ``temporary_settings`` with the address (as the command
    line does) so the settings it sends with each task carry it too.
    """
    from prefect.settings import PREFECT_API_URL

    if os.environ.get("PREFECT_API_URL") or PREFECT_API_URL.value():
        return None
    from prefect.server.api.server import SubprocessASGIServer

    server = SubprocessASGIServer()  # the same instance Prefect's own client uses
    server.start()
    os.environ["PREFECT_API_URL"] = server.api_url
    return str(server.api_url)


def task_runner(spec: RunnerSpec) -> TaskRunner:  # type: ignore[type-arg]
    """The Prefect task runner for ``spec`` (not yet started: use it as a context manager)."""
    if spec.kind == "threads":
        from prefect.task_runners import ThreadPoolTaskRunner

        return ThreadPoolTaskRunner(max_workers=spec.workers)
    from prefect_dask import DaskTaskRunner

    if spec.address:
        if on_this_machine(spec.address):
            share_api_with_workers()
        return DaskTaskRunner(address=spec.address)
    share_api_with_workers()
    return DaskTaskRunner(
        cluster_class="distributed.LocalCluster",
        cluster_kwargs={
            "n_workers": spec.workers,
            "threads_per_worker": 1,  # reading is CPU work: one page at a time per core
            "processes": True,
            "dashboard_address": None,  # no web server nobody asked for (and no port clash)
            # A worker whose heartbeat meets the scheduler already closed logs an ERROR
            # with a traceback as the cluster shuts down (dask/distributed#7192, #9032):
            # noise on the director's terminal. Task failures reach Prefect as states.
            "silence_logs": logging.CRITICAL,
        },
    )
