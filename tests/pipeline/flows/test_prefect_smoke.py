"""Prefect resolves to a set that runs: one tiny flow on the local ephemeral API.

Runs in a subprocess with PREFECT_HOME in a temporary folder, as the real command does, so
a bad dependency resolution (fastapi, SQLAlchemy) fails here at once.
"""

import os
import subprocess
import sys
import textwrap

SCRIPT = textwrap.dedent(
    """
    from pipeline.flows.prefect_env import configure_prefect
    configure_prefect()
    from prefect import flow, task

    @task
    def add(a: int, b: int) -> int:
        return a + b

    @flow(name="bridgescan-smoke")
    def smoke() -> int:
        return add.submit(1, 2).result() + add(3, 4)

    print("result", smoke())
    """
)


def test_a_tiny_flow_runs_on_the_ephemeral_api(tmp_path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PREFECT_")}
    env["PREFECT_HOME"] = str(tmp_path / "prefect")
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert "result 10" in done.stdout
