"""A flow of plain parameters (pipeline/flows/prefect_flow.py) is recorded in Prefect's API
with the same parameters Prefect records, and its process never imports FastAPI for them;
its heartbeat is sent and the run ends without waiting for the heartbeat's thread
(pipeline/flows/prefect_heartbeats.py).

In a fresh process (what was imported is the point), on the session's Prefect API."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

SCRIPT = textwrap.dedent(
    """
    import json, sys, threading, time
    from pathlib import Path
    from pipeline.flows.prefect_env import configure_prefect
    configure_prefect()
    from prefect.client.orchestration import get_client
    from prefect.runtime import flow_run
    from prefect.flow_engine import FlowRunEngine
    from pipeline.flows.prefect_flow import plain_flow

    beats = []  # Prefect's own heartbeat event sent, counted on the way
    send = FlowRunEngine._emit_flow_run_heartbeat
    FlowRunEngine._emit_flow_run_heartbeat = lambda self, *a: (beats.append(1), send(self, *a))
    returned = []

    @plain_flow("plain-parameters")
    def plain(folder: Path, store: "Path | str | None", name: str, count: int,
              share: float, flag: bool, options: object = None) -> str:
        returned.append(time.perf_counter())
        return flow_run.id

    def recorded(run_id):
        with get_client(sync_client=True) as client:
            return client.read_flow_run(run_id).parameters

    first = plain(Path("/data/evening"), None, "Väst", 3, 0.5, True)
    ended = time.perf_counter() - returned[-1]
    fastapi = "fastapi" in sys.modules
    second = plain(Path("a") / "b", "postgresql://h/db", "", 0, 1.0, False, {"at": Path("c")})
    threads = sorted(t.name for t in threading.enumerate())
    print(json.dumps({"first": recorded(first), "fastapi_after_first": fastapi,
                      "second": recorded(second), "heartbeats": len(beats),
                      "ended_after_function_s": ended, "threads": threads}))
    """
)


def test_plain_flow_runs_on_the_api(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True,
                          timeout=300, env=dict(os.environ), check=False)  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    seen = json.loads(done.stdout.splitlines()[-1])
    assert seen["first"] == {
        "folder": "/data/evening", "store": None, "name": "Väst", "count": 3, "share": 0.5,
        "flag": True, "options": None,
    }  # fmt: skip
    assert seen["fastapi_after_first"] is False
    # Not a plain value: encoded by Prefect's own method (FastAPI's encoder), as before.
    assert seen["second"] == {
        "folder": "a/b", "store": "postgresql://h/db", "name": "", "count": 0, "share": 1.0,
        "flag": False, "options": {"at": "c"},
    }  # fmt: skip
    # One heartbeat a run, at its start (the next would be 180 s later) ...
    assert seen["heartbeats"] == 2
    # ... and the run ends without waiting for the heartbeat's thread, which slept in steps
    # of a second (Prefect's own: 0.87-1.0 s measured between the function's return and the
    # call's; what is left is the run's final state sent to the API).
    assert seen["ended_after_function_s"] < 0.6
    assert "flow run heartbeats" not in seen["threads"]  # joined, not left behind
