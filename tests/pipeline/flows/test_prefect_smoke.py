"""Prefect resolves to a set that runs: one tiny flow on the temporary local API.

Runs in a subprocess with PREFECT_HOME in a new temporary folder and no server, the way
``run``, ``batch`` and ``web`` start their temporary API when no server is running
(``pipeline.flows.local_api``: started before Prefect is imported, waited for before the
flow), so a bad dependency resolution (fastapi, SQLAlchemy, alembic, uvicorn) fails here at
once. The new home holds the test session's Prefect database as it stood before any test
ran (the ``prefect_home`` fixture): the same API command (``local_api.api_command``) created
and migrated that one from nothing when the session's API started (tests/prefect_api.py),
and every test waits for it, so migrating a second one from nothing here would prove nothing
more for 11 s of CPU. With an API from outside the session there is no such copy, and this
test's API migrates its database from nothing itself.
"""

import os
import subprocess
import sys
import textwrap
from pathlib import Path

SCRIPT = textwrap.dedent(
    """
    from pipeline.flows.prefect_env import configure_prefect
    configure_prefect()
    from pipeline.flows.local_api import start_local_api, tie_local_api_to_this_process
    print("api", start_local_api())
    from prefect import flow, task
    tie_local_api_to_this_process()

    @task
    def add(a: int, b: int) -> int:
        return a + b

    @flow(name="bridgescan-smoke")
    def smoke() -> int:
        return add.submit(1, 2).result() + add(3, 4)

    print("result", smoke())
    """
)


def test_a_tiny_flow_runs_on_the_temporary_local_api(prefect_home: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PREFECT_")}
    env["PREFECT_HOME"] = str(prefect_home)
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert "api http://127.0.0.1:" in done.stdout  # its own API, started before Prefect loaded
    assert "result 10" in done.stdout
