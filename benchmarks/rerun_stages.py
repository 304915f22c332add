"""A re-run of ``bridgescan run`` by stage: each stage's CPU on its own thread, the imports,
the collector, and Prefect's requests and events (docs/batch.md, "A re-run of `run`").

    python -m benchmarks.rerun_stages run sample_data -o OUT

(the event folder named as the first run named it: a session's scans are recognised by
their paths and contents, pipeline/flows/session_readings.py).

Runs the command in this process as ``bridgescan`` would, with the Prefect API chosen
first (a running server, else the command's temporary API), every module the command and
its flow's steps import loaded first (their CPU is "imports", with the collector paused
and frozen as the command does), then each stage timed with the CPU of the thread it runs
on (``time.thread_time``: a Prefect worker thread's wait for the API is not counted; a
stage called twice is summed). Also counted: Python's collections (their CPU, by
generation), every HTTP request to Prefect's API and every event Prefect sends. Prints the
table on stderr when the command ends. py-spy (``py-spy record -s -r 100 -f raw``) gives
the shares of the same run without touching it; this gives CPU seconds by stage.
"""

from __future__ import annotations

import atexit
import gc
import importlib
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from typing import Any

__all__ = ["STAGES", "main"]

#: (module, function): the stages of a re-run, in the order they run.
STAGES = (
    ("pipeline.flows.store_checks", "check_store"),
    ("pipeline.flows.run_event", "prepare_event"),
    ("pipeline.flows.steps", "keep_scans"),
    ("pipeline.flows.session_readings", "stored_pages"),
    ("pipeline.doors.scans.reviewed_rows", "review_rows"),
    ("pipeline.flows.steps", "session_input"),
    ("pipeline.flows.steps", "record_rows"),
    ("pipeline.flows.steps", "record_input"),
    ("pipeline.flows.steps", "write_review"),
    ("pipeline.corrections.publication", "load_state"),
    ("pipeline.corrections.publication", "score_state"),
    ("pipeline.corrections.publication", "previous_results"),
    ("pipeline.corrections.version_commit", "verify_before_publishing"),
    ("pipeline.publish.workbook", "build_workbook"),
    ("pipeline.publish.web", "build_site"),
    ("pipeline.publish.results_json", "results_to_json"),
    ("pipeline.publish.results_json", "results_schema_json"),
    ("pipeline.corrections.version_commit", "write_version"),
    ("pipeline.cli.run", "_report"),
)

_cpu: defaultdict[str, float] = defaultdict(float)
_calls: Counter[str] = Counter()
_requests: Counter[str] = Counter()
_events: Counter[str] = Counter()
_collections: defaultdict[int, list[float]] = defaultdict(lambda: [0, 0.0])


def _timed(label: str, function: Callable[..., Any]) -> Callable[..., Any]:
    def stage(*args: Any, **kwargs: Any) -> Any:
        began = time.thread_time()
        try:
            return function(*args, **kwargs)
        finally:
            _cpu[label] += time.thread_time() - began
            _calls[label] += 1

    return stage


def _time_stages() -> None:
    """Each stage replaced by its timed self where it is defined and where it is called
    from (a module that imported the name)."""
    for module_name, name in STAGES:
        function = getattr(importlib.import_module(module_name), name)
        timed = _timed(name, function)
        for loaded in list(sys.modules.values()):
            if getattr(loaded, name, None) is function:
                setattr(loaded, name, timed)
    from openpyxl.workbook.workbook import Workbook  # both workbooks: results, review sheet

    Workbook.save = _timed("workbook saved (both)", Workbook.save)  # type: ignore[method-assign]


def _count_prefect() -> None:
    import httpx
    from prefect.events.clients import PrefectEventsClient

    send, sync_send, emit = httpx.AsyncClient.send, httpx.Client.send, PrefectEventsClient._emit

    async def counted(self: Any, request: Any, *args: Any, **kwargs: Any) -> Any:
        _requests[f"{request.method} {request.url.path}"] += 1
        return await send(self, request, *args, **kwargs)

    def sync_counted(self: Any, request: Any, *args: Any, **kwargs: Any) -> Any:
        _requests[f"{request.method} {request.url.path}"] += 1
        return sync_send(self, request, *args, **kwargs)

    async def emitted(self: Any, event: Any) -> Any:
        _events[event.event] += 1
        return await emit(self, event)

    httpx.AsyncClient.send = counted  # type: ignore[method-assign]
    httpx.Client.send = sync_counted  # type: ignore[method-assign]
    PrefectEventsClient._emit = emitted  # type: ignore[method-assign]


def _collected(phase: str, info: dict[str, int]) -> None:
    if phase == "start":
        _collections[-1][1] = time.thread_time()
    else:
        spent = _collections[info["generation"]]
        spent[0] += 1
        spent[1] += time.thread_time() - _collections[-1][1]


def _report(began: float, imported: float) -> None:
    total = time.process_time() - began
    staged = sum(_cpu.values())
    lines = [f"the process, from the command's start: {total:.3f} s of CPU",
             f"  imports (the command's and its steps'): {imported:.3f} s"]  # fmt: skip
    lines += [f"  {label}: {cpu:.3f} s" + (f" ({_calls[label]} calls)" if _calls[label] > 1 else "")
              for label, cpu in sorted(_cpu.items(), key=lambda item: -item[1])]  # fmt: skip
    lines.append(f"  the rest (Prefect's engine and threads, the collector, Python): "
                 f"{total - imported - staged:.3f} s")  # fmt: skip
    collected = sorted((g, c) for g, c in _collections.items() if g >= 0)
    lines.append("collections: " + ", ".join(
        f"generation {g}: {int(n)} in {cpu:.3f} s" for g, (n, cpu) in collected))  # fmt: skip
    lines.append(f"requests to Prefect's API: {sum(_requests.values())}")
    lines += [f"  {count} {request}" for request, count in sorted(_requests.items())]
    lines.append(f"events: {sum(_events.values())}")
    lines += [f"  {count} {event}" for event, count in sorted(_events.items())]
    print("\n".join(lines), file=sys.stderr)


def main(arguments: list[str]) -> None:
    began = time.process_time()
    from pipeline.flows.prefect_server import choose_api

    choose_api(lambda line: print(line, end="", file=sys.stderr))  # before Prefect loads
    gc.disable()
    import pipeline.cli
    import pipeline.cli.run
    import pipeline.flows.run_event as flows

    for name in flows.STEP_MODULES:
        importlib.import_module(name)
    for module_name, _name in STAGES:
        importlib.import_module(module_name)
    gc.enable()
    gc.freeze()
    imported = time.process_time() - began
    _time_stages()
    _count_prefect()
    gc.callbacks.append(_collected)
    atexit.register(_report, began, imported)
    sys.argv = ["bridgescan", *arguments]
    pipeline.cli.main()


if __name__ == "__main__":
    main(sys.argv[1:])
