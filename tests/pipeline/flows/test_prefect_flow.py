"""A flow of plain parameters (pipeline/flows/prefect_flow.py) is recorded in Prefect's API
with the same parameters Prefect records, and its process never imports FastAPI for them;
its parameter schema is Prefect's own, made only when asked for (defining and running the
flow import no ``pydantic.v1``); its heartbeat is sent and the run ends without waiting for
the heartbeat's thread (pipeline/flows/prefect_heartbeats.py).

In a fresh process (what was imported is the point), on the session's Prefect API. The same
process then imports what ``bridgescan batch`` imports before its flow starts
(pipeline/flows/batch.py), to show that importing the batch's flow leaves the publishing
modules for its steps, each step one import (a second test below): one fresh process for
both, not one each (Python and Prefect loaded, 3 s of CPU), the batch's imports after
everything the flow's checks look at."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

SCRIPT = textwrap.dedent(
    """
    import json, sys, threading, time
    from pathlib import Path
    from pipeline.flows.prefect_env import configure_prefect
    configure_prefect()
    from prefect.client.orchestration import get_client
    from prefect.runtime import flow_run
    from contextlib import contextmanager
    from prefect import flow_engine
    from prefect.flow_engine import FlowRunEngine
    from pipeline.flows.prefect_flow import plain_flow

    beats = []  # Prefect's own heartbeat event sent, counted on the way
    send = FlowRunEngine._emit_flow_run_heartbeat
    FlowRunEngine._emit_flow_run_heartbeat = lambda self, *a: (beats.append(1), send(self, *a))
    stopping = []  # how long each run's heartbeats took to stop once its function returned
    heartbeats = flow_engine._send_heartbeats  # what the run uses (bridgescan's, installed)

    @contextmanager
    def timed(engine, join_on_exit=True):
        with heartbeats(engine, join_on_exit):
            yield
            began = time.perf_counter()
        stopping.append(time.perf_counter() - began)

    flow_engine._send_heartbeats = timed

    @plain_flow("plain-parameters")
    def plain(folder: Path, store: "Path | str | None", name: str, count: int,
              share: float, flag: bool, options: object = None) -> str:
        return flow_run.id

    def recorded(run_id):
        with get_client(sync_client=True) as client:
            return client.read_flow_run(run_id).parameters

    first = plain(Path("/data/evening"), None, "Väst", 3, 0.5, True)
    fastapi = "fastapi" in sys.modules
    pydantic_v1 = "pydantic.v1" in sys.modules
    second = plain(Path("a") / "b", "postgresql://h/db", "", 0, 1.0, False, {"at": Path("c")})
    threads = sorted(t.name for t in threading.enumerate())
    from prefect.utilities.callables import parameter_schema
    schema = plain.parameters.model_dump()
    seen = {"first": recorded(first), "fastapi_after_first": fastapi,
            "second": recorded(second), "heartbeats": len(beats), "stopping_s": stopping,
            "threads": threads, "pydantic_v1_after_first": pydantic_v1, "schema": schema,
            "prefects_schema": parameter_schema(plain.fn).model_dump()}

    # What `bridgescan batch` imports before its flow starts, each a step of its own.
    from pipeline.flows.batch import PUBLISHING_MODULES, imports_of_publishing
    steps = list(imports_of_publishing())
    seen["batch"] = {
        "steps": len(steps), "modules": len(PUBLISHING_MODULES),
        "workbook_before_steps": "pipeline.publish.workbook" in sys.modules,
        "not_their_module": [name for name, step in zip(PUBLISHING_MODULES, steps)
                             if step() is not sys.modules[name]],
        "after_steps": sorted({"openpyxl", "jinja2", "pipeline.publish.web.site"}
                              & set(sys.modules)),
    }
    print(json.dumps(seen))
    """
)

ROOT = Path(__file__).parents[3]


@pytest.fixture(scope="module")
def seen() -> dict:  # type: ignore[type-arg]
    """What the fresh process saw (``SCRIPT``), run once for this module's two tests."""
    done = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True,
                          timeout=300, env=dict(os.environ), cwd=ROOT, check=False)  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.splitlines()[-1])  # type: ignore[no-any-return]


def test_plain_flow_runs_on_the_api(seen: dict) -> None:  # type: ignore[type-arg]
    assert seen["first"] == {
        "folder": "/data/evening", "store": None, "name": "Väst", "count": 3, "share": 0.5,
        "flag": True, "options": None,
    }  # fmt: skip
    assert seen["fastapi_after_first"] is False
    assert seen["pydantic_v1_after_first"] is False  # no schema made to define or run it
    assert seen["schema"] == seen["prefects_schema"]  # made when asked for: Prefect's own
    assert seen["schema"]["required"] == ["folder", "store", "name", "count", "share", "flag"]
    assert list(seen["schema"]["properties"]) == [
        "folder", "store", "name", "count", "share", "flag", "options"]  # fmt: skip
    # Not a plain value: encoded by Prefect's own method (FastAPI's encoder), as before.
    assert seen["second"] == {
        "folder": "a/b", "store": "postgresql://h/db", "name": "", "count": 0, "share": 1.0,
        "flag": False, "options": {"at": "c"},
    }  # fmt: skip
    # One heartbeat a run, at its start (the next would be 180 s later) ...
    assert seen["heartbeats"] == 2
    # ... and the run ends without waiting for the heartbeat's thread, which slept in steps
    # of a second: Prefect's own took 0.87-1.0 s to stop after a quick flow's function
    # returned (0.90 and 0.97 s in this test), bridgescan's a few milliseconds.
    assert len(seen["stopping_s"]) == 2 and max(seen["stopping_s"]) < 0.3
    assert "flow run heartbeats" not in seen["threads"]  # joined, not left behind


def test_the_batch_imports_its_publishing_modules_as_steps(seen: dict) -> None:  # type: ignore[type-arg]
    """What ``bridgescan batch`` imports before its flow starts (pipeline/flows/batch.py), so
    they are frozen with the batch's setup: each a step of its own, each step one import."""
    batch = seen["batch"]
    assert batch["steps"] == batch["modules"]
    assert batch["workbook_before_steps"] is False  # importing the flow left it to its step
    assert batch["not_their_module"] == []
    assert batch["after_steps"] == ["jinja2", "openpyxl", "pipeline.publish.web.site"]
