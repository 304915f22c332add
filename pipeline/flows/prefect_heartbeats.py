"""A flow run's heartbeats that stop the moment the run ends, not up to a second later.

Prefect 3.8 sends a flow run's heartbeat event (``prefect.flow-run.heartbeat``: what lets a
server's automation mark a run that died without a word as crashed) from a thread of its
own, at once and then every ``PREFECT_FLOWS_HEARTBEAT_FREQUENCY`` seconds (180 by default).
Between two heartbeats that thread sleeps in steps of one second, and the run, when its
function returns, waits for the thread to see that it is over: up to one second of wall
time at the end of every flow run, doing nothing (measured on a standing server, 2026-11-29:
0.99 s from a flow's function returning to the call returning, 0.07 s without the wait).
``bridgescan run`` is one flow run, a batch one per event and one per session.

``install`` puts in Prefect's place (``prefect.flow_engine._send_heartbeats``, looked up by
the engine each time a flow runs) the same heartbeats from a thread that waits on the
run's end instead of sleeping: the first heartbeat at once, the next every so many
seconds, none once the run's state is final, the thread joined when the run ends (at
most 2 s, as Prefect's). Every event is Prefect's own (``_build_heartbeat_event_template``
and ``_emit_flow_run_heartbeat`` of the run's engine). Prefect's version is pinned
(``prefect>=3.8,<3.9``): tests/pipeline/flows/test_prefect_flow.py checks the heartbeat is
still sent and the run no longer waits, so a Prefect that changes either is noticed.

Import this module only after :func:`pipeline.flows.prefect_env.configure_prefect`.
"""

from __future__ import annotations

import contextvars
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from prefect import flow_engine

__all__ = ["heartbeats", "install"]


@contextmanager
def heartbeats(engine: Any, join_on_exit: bool = True) -> Iterator[None]:
    """Prefect's ``_send_heartbeats``, whose thread ends as soon as the run does."""
    seconds = engine.heartbeat_seconds
    if seconds is None:  # heartbeats switched off
        yield
        return
    seconds = max(seconds, flow_engine.MINIMUM_HEARTBEAT_INTERVAL)
    resource, related = engine._build_heartbeat_event_template()
    ended = threading.Event()

    def beat() -> None:
        while not ended.is_set():
            run = engine.flow_run
            if run and run.state and run.state.is_final():
                return
            try:
                engine._emit_flow_run_heartbeat(resource, related)
            except Exception:  # noqa: BLE001 - as Prefect: a lost heartbeat stops no run
                engine.logger.debug("Failed to emit heartbeat", exc_info=True)
            ended.wait(seconds)

    # The run's context (its settings: which API) goes with the thread, as in Prefect's.
    context = contextvars.copy_context()
    thread = threading.Thread(target=context.run, args=(beat,), name="flow run heartbeats",
                              daemon=True)  # fmt: skip
    thread.start()
    try:
        yield
    finally:
        ended.set()
        if join_on_exit:
            thread.join(timeout=2)


def install() -> None:
    """Prefect's flow runs send their heartbeats with ``heartbeats`` (idempotent)."""
    flow_engine._send_heartbeats = heartbeats  # type: ignore[assignment]
