"""The batch as a deployment on a real Prefect server, run by a real work-pool worker.

Once, on loopback: ``prefect server start`` (PREFECT_HOME in a temporary folder, no UI to
keep it quick), ``bridgescan deploy --pool office``, ``prefect deployment run`` with a
typed event (no pages to read: this is about the server, not the reader), ``prefect worker
start --run-once``; then the server's own record is read back: the flow runs named after
the batch and the event, both completed, and the session's ranking and review summary and
the batch summary as artifacts. The server is stopped at the end.
"""

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[3]
SAMPLE = ROOT / "sample_data" / "club-evening"
BIN = Path(sys.executable).parent


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
def server(tmp_path):  # type: ignore[no-untyped-def]
    """A Prefect server on loopback; yields the environment that talks to it."""
    import httpx

    port = _free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("PREFECT_")}
    env.update(PREFECT_HOME=str(tmp_path / "server-home"), PREFECT_UI_ENABLED="false",
               PREFECT_SERVER_ANALYTICS_ENABLED="false", DO_NOT_TRACK="1")  # fmt: skip
    log = (tmp_path / "server.log").open("w")
    process = subprocess.Popen(
        [str(BIN / "prefect"), "server", "start", "--host", "127.0.0.1", "--port", str(port)],
        env=env, stdout=log, stderr=log, start_new_session=True,
    )  # fmt: skip
    api = f"http://127.0.0.1:{port}/api"
    try:
        deadline = time.monotonic() + 240
        while time.monotonic() < deadline:
            assert process.poll() is None, (tmp_path / "server.log").read_text()[-3000:]
            try:
                if httpx.get(f"{api}/health", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            time.sleep(0.5)
        else:
            pytest.fail("the Prefect server did not start in 240 s")
        client_env = dict(env, PREFECT_API_URL=api, PREFECT_HOME=str(tmp_path / "client-home"))
        yield client_env
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def _run(args: list[str], env: dict[str, str], timeout: int = 600) -> str:
    done = subprocess.run(args, env=env, capture_output=True, text=True, timeout=timeout,
                          cwd=ROOT)  # fmt: skip
    assert done.returncode == 0, f"{args}\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done.stdout


def test_a_deployed_batch_runs_on_a_prefect_server_work_pool(server, tmp_path) -> None:  # type: ignore[no-untyped-def]
    day = tmp_path / "day" / "club"
    day.mkdir(parents=True)
    shutil.copy(SAMPLE / "event.yaml", day)
    shutil.copy(SAMPLE / "session2.csv", day)
    (day / "inputs.yaml").write_text("sessions:\n  2:\n    entries: [session2.csv]\n")
    out = tmp_path / "out"

    said = _run([str(BIN / "bridgescan"), "deploy", "--pool", "office"], server)
    assert "deployed bridgescan-batch/office for work pool 'office'" in said
    folders = json.dumps([str(tmp_path / "day")])
    _run([str(BIN / "prefect"), "deployment", "run", "bridgescan-batch/office",
          "-p", f"folders={folders}", "-p", f"out_dir={out}"], server)  # fmt: skip
    _run([str(BIN / "prefect"), "worker", "start", "--pool", "office", "--run-once"], server)

    summary = json.loads((out / "batch-summary.json").read_text())
    assert [e["outcome"] for e in summary["events"]] == ["official"]
    assert (out / "club" / "results.xlsx").is_file()

    from prefect.client.orchestration import SyncPrefectClient

    with SyncPrefectClient(server["PREFECT_API_URL"]) as client:
        runs = {run.name: run for run in client.read_flow_runs()}
        artifacts = {a.key: a for a in client.read_artifacts()}
    batch = next(run for name, run in runs.items() if name.startswith("batch of 1 folder(s), "))
    assert batch.state_name == "Completed" and runs["Autumn pairs"].state_name == "Completed"
    assert runs["Autumn pairs"].parent_task_run_id is not None  # a sub-flow of the batch
    assert {"ranking-club-s2", "review-club-s2", "batch-summary"} <= set(artifacts)
    assert artifacts["ranking-club-s2"].flow_run_id == runs["Autumn pairs"].id
    ranking = json.loads(artifacts["ranking-club-s2"].data)  # type: ignore[arg-type]
    assert ranking[0]["Place"] == "1" and len(ranking) == 16
