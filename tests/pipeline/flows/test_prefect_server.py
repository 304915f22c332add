"""A standing local Prefect server: started once, used by every command (issue 42, item 2).

One real server (``bridgescan prefect start`` on a free port, its own PREFECT_HOME holding a
migrated, empty database: tests/pipeline/flows/conftest.py; ``start``,
``status`` and ``stop`` in the test's process, the server a process of its own, and the
bridgescan runner beside it: tests/pipeline/cli/test_runner.py), one real ``bridgescan run``
process of the sample evening's typed sessions that must use it (its flow run is on that
server, and the command starts no API process of its own), then ``stop`` (both);
the state file left behind by a server that is gone makes a command fall back to Prefect's
temporary API with one line saying so, and is forgotten.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from pipeline.flows import prefect_server
from tests.pipeline.flows.api_processes import api_children
from tests.pipeline.flows.commands import Invoke
from tests.pipeline.flows.sample_events import both_sessions_typed

ROOT = Path(__file__).parents[3]


def _post(url: str, body: dict[str, object]) -> list[dict[str, object]]:
    request = urllib.request.Request(url, json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})  # fmt: skip
    with urllib.request.urlopen(request, timeout=30) as reply:
        return json.loads(reply.read())  # type: ignore[no-any-return]


def _reaped(pid: int | None) -> None:
    """The stopped server, started by this process, waited for here: its CPU (start-up and
    serving) is then counted in this test's figure (tests/cpu_time.py), not in whichever
    test next starts a process (Python reaps an abandoned child then)."""
    try:
        if pid is not None:
            os.waitpid(pid, 0)
    except ChildProcessError:  # reaped already, as `stop` waited for it to end
        pass


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads /proc")
def test_a_started_server_serves_every_command_and_a_dead_one_is_forgotten(
    tmp_path: Path, prefect_home: Path, bridgescan: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PREFECT_")}
    env["PREFECT_HOME"] = str(prefect_home)
    env["PREFECT_SERVER_EPHEMERAL_STARTUP_TIMEOUT_SECONDS"] = "600"  # a busy shared machine
    monkeypatch.delenv("PREFECT_API_URL", raising=False)  # `prefect ...` here, as `run` there
    monkeypatch.setenv("PREFECT_HOME", env["PREFECT_HOME"])
    folder = both_sessions_typed(tmp_path / "evening")
    started = bridgescan("prefect", "start", "--port", "0", "--wait", "900")
    state_path = prefect_home / "bridgescan-server.json"
    state = json.loads(state_path.read_text()) if state_path.is_file() else {}
    runner_path = prefect_home / "bridgescan-runner.json"
    runner = json.loads(runner_path.read_text()) if runner_path.is_file() else {}
    try:
        assert started.exit_code == 0, started.stderr
        assert "Prefect server started: http://127.0.0.1:" in started.stdout
        assert f"bridgescan runner started: process {runner['pid']}" in started.stdout
        assert bridgescan("prefect", "status").exit_code == 0

        command = [sys.executable, "-c", "from pipeline.cli import main; main()", "run",
                   str(folder), "-o", str(tmp_path / "out")]  # fmt: skip
        run = subprocess.Popen(command, env=env, cwd=ROOT, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)  # fmt: skip
        own_api = []
        while run.poll() is None:
            own_api += api_children(run.pid)
            time.sleep(0.1)
        output, errors = run.communicate()
        assert run.returncode == 1, errors  # published, PROVISIONAL (the sample's findings)
        assert own_api == [], "the run started an API of its own beside the running server"
        assert "not running" not in errors
        flows = _post(f"{state['url']}/flows/filter", {})
        runs = _post(f"{state['url']}/flow_runs/filter", {})
        assert [f["name"] for f in flows] == ["bridgescan-run"]
        assert [r["state_type"] for r in runs] == ["COMPLETED"]
    finally:
        stopped = bridgescan("prefect", "stop")
        _reaped(state.get("pid"))
        _reaped(runner.get("pid"))
    assert stopped.stdout.splitlines() == [
        f"stopped the bridgescan runner (process {runner['pid']})",
        f"stopped {state['url']}",
    ]
    assert not state_path.exists()
    assert not runner_path.exists()
    assert not prefect_server.answers(state["url"], timeout=1)

    # A state file whose server is gone (a reboot, a kill): the next command says so once,
    # forgets it, and uses Prefect's temporary API.
    state_path.write_text(json.dumps(state))
    said: list[str] = []
    assert prefect_server.use_running_server(said.append) is None
    assert "PREFECT_API_URL" not in os.environ
    assert said == [f"note: the Prefect server recorded in {state_path} ({state['url']}, process "
                    f"{state['pid']}) is not running; using a temporary local API "
                    "(`bridgescan prefect start` starts a server again)\n"]  # fmt: skip
    assert not state_path.exists()
    assert bridgescan("prefect", "status").exit_code == 3
