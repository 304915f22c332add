"""The batch as a deployment on a real Prefect server, run by a real work-pool worker.

On the test session's Prefect API (tests/prefect_api.py: the server app ``prefect server
start`` serves, on loopback, started once for every test): ``bridgescan deploy --pool
office`` and ``prefect deployment run`` with a typed event (no pages to read: this is about
the server, not the reader), both in the test's process (Prefect's own CLI through the
runner Prefect tests it with), then ``prefect worker start --run-once`` as a process of its
own (which starts the flow run's process, as an office's worker does); then the server's own
record is read back: the deployment's flow run, named after the batch, and the event's sub-flow run
named after the event, both completed, and the session's ranking and review summary and the
batch summary as artifacts of those runs. The server holds other tests' runs too: what is
read is what this deployment ran.
"""

import json
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from contextvars import copy_context
from pathlib import Path

import pytest

from tests.pipeline.flows.commands import Invoke
from tests.pipeline.flows.sample_events import typed_event
from tests.prefect_api import command_env

ROOT = Path(__file__).parents[3]
BIN = Path(sys.executable).parent


def _run(args: list[str], env: dict[str, str], timeout: int = 600) -> str:
    done = subprocess.run(args, env=env, capture_output=True, text=True, timeout=timeout,
                          cwd=ROOT)  # fmt: skip
    assert done.returncode == 0, f"{args}\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done.stdout


def test_a_deployed_batch_runs_on_a_prefect_server_work_pool(
    tmp_path: Path, bridgescan: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    from prefect.testing.cli import CycloptsCliRunner

    monkeypatch.chdir(ROOT)  # where the worker's flow run starts, as an office deploys from

    server = command_env(tmp_path / "client-home")
    assert server.get("PREFECT_API_URL"), "the test session's Prefect API"
    typed_event(tmp_path / "day" / "club")
    out = tmp_path / "out"

    folders = json.dumps([str(tmp_path / "day")])
    run = ["deployment", "run", "bridgescan-batch/office", "-p", f"folders={folders}",
           "-p", f"out_dir={out}"]  # fmt: skip

    def deploy_and_ask() -> None:
        deployed = bridgescan("deploy", "--pool", "office")
        assert deployed.exit_code == 0, deployed.stdout + deployed.stderr
        assert "deployed bridgescan-batch/office for work pool 'office'" in deployed.stdout
        asked = CycloptsCliRunner().invoke(run)  # `prefect deployment run ...`
        assert asked.exit_code == 0, asked.output

    # The director's two commands in a thread of their own (in this thread's context, where
    # Prefect keeps its settings), as in a process of their own: a pytest worker that ran a
    # browser test before this file holds Playwright's event loop running in its main
    # thread (the session's Chromium, tests/pipeline/web/conftest.py), where Prefect's
    # deploy would hand back a coroutine nobody awaits and `deployment run` refuses to start.
    with ThreadPoolExecutor(max_workers=1) as thread:
        thread.submit(copy_context().run, deploy_and_ask).result()
    _run([str(BIN / "prefect"), "worker", "start", "--pool", "office", "--run-once"], server)

    summary = json.loads((out / "batch-summary.json").read_text())
    assert [e["outcome"] for e in summary["events"]] == ["official"]
    assert (out / "club" / "results.xlsx").is_file()

    from prefect.client.orchestration import SyncPrefectClient
    from prefect.client.schemas.filters import (
        ArtifactFilter,
        ArtifactFilterFlowRunId,
        FlowRunFilter,
        FlowRunFilterDeploymentId,
        FlowRunFilterParentFlowRunId,
    )

    with SyncPrefectClient(server["PREFECT_API_URL"]) as client:
        deployment = client.read_deployment_by_name("bridgescan-batch/office")
        (batch,) = client.read_flow_runs(flow_run_filter=FlowRunFilter(
            deployment_id=FlowRunFilterDeploymentId(any_=[deployment.id])))  # fmt: skip
        runs = {run.name: run for run in client.read_flow_runs(flow_run_filter=FlowRunFilter(
            parent_flow_run_id=FlowRunFilterParentFlowRunId(any_=[batch.id])))}  # fmt: skip
        ran = [batch.id, *(run.id for run in runs.values())]
        artifacts = {a.key: a for a in client.read_artifacts(artifact_filter=ArtifactFilter(
            flow_run_id=ArtifactFilterFlowRunId(any_=ran)))}  # fmt: skip
    assert batch.name.startswith("batch of 1 folder(s), ")
    assert batch.state_name == "Completed" and runs["Autumn pairs"].state_name == "Completed"
    assert runs["Autumn pairs"].parent_task_run_id is not None  # a sub-flow of the batch
    assert {"ranking-club-s2", "review-club-s2", "batch-summary"} <= set(artifacts)
    assert artifacts["ranking-club-s2"].flow_run_id == runs["Autumn pairs"].id
    assert artifacts["batch-summary"].flow_run_id == batch.id
    ranking = json.loads(artifacts["ranking-club-s2"].data)  # type: ignore[arg-type]
    assert ranking[0]["Place"] == "1" and len(ranking) == 16
