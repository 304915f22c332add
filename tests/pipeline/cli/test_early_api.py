"""``bridgescan run`` starts its temporary Prefect API first thing (pipeline/cli/__init__.py).

The entry point chooses the API as soon as it knows the command is ``run`` and no runner
takes it: a temporary API then boots while the command loads Typer, rich and its own
modules. A real entry point in a fresh process, with no server (``PREFECT_API_URL`` unset,
a Prefect home of its own), on a folder without ``event.yaml``: the API is started before
Typer is imported, and the command that then stops on its input stops the API too. Its
Prefect clients are told not to ask that API its version (it is this process's own
Prefect), unless the user said otherwise.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from pipeline.cli.runner.client import names_run

ROOT = Path(__file__).parents[3]

# The entry point as the console script runs it, with the temporary API's start noted: the
# modules loaded then and the API's process, printed as JSON on stdout when the command ends.
ENTRY = """
import atexit, json, os, sys
from pipeline.flows import local_api, prefect_server
started = {}
def start_local_api():
    started["typer"] = "typer" in sys.modules
    url = local_api.start_local_api()
    started["pid"] = local_api._started[0][0].pid
    started["version_check"] = os.environ.get("PREFECT_CLIENT_SERVER_VERSION_CHECK_ENABLED")
    return url
prefect_server.start_local_api = start_local_api
atexit.register(lambda: print(json.dumps(started)))  # after the API is stopped (registered later)
from pipeline.cli import main
sys.argv = ["bridgescan", "run", sys.argv[1], "--out", sys.argv[2]]
main()
"""


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["run", "EVENT", "-o", "OUT"], True),
        (["--clock-correction", "0.5", "run", "EVENT"], True),
        (["run", "EVENT", "--no-runner"], True),  # in itself, with its API chosen early
        (["run", "--help"], False),
        (["run"], False),  # prints its help: no API
        (["--clock-correction", "0.5", "run"], False),
        (["--version"], False),
        (["batch", "DAY", "-o", "OUT"], False),
        (["review", "list", "run"], False),  # "run" as an argument of another command
    ],
)
def test_which_command_lines_run_an_event(argv: list[str], expected: bool) -> None:
    assert names_run(argv) is expected


@pytest.mark.parametrize(("users", "version_check"), [(None, "false"), ("true", "true")])
def test_the_api_starts_before_typer_and_ends_with_a_command_that_stops(
    tmp_path: Path, users: str | None, version_check: str
) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PREFECT_")}
    env.update(PREFECT_HOME=str(tmp_path / "prefect"), PYTHONPATH=str(ROOT))
    if users is not None:
        env["PREFECT_CLIENT_SERVER_VERSION_CHECK_ENABLED"] = users
    folder = tmp_path / "not-an-event"
    folder.mkdir()
    done = subprocess.run(
        [sys.executable, "-c", ENTRY, str(folder), str(tmp_path / "out")],
        env=env,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 2, done.stderr  # ExitCode.BAD_INPUT
    assert "no event.yaml here" in done.stderr
    started = json.loads(done.stdout.strip().splitlines()[-1])
    assert started["typer"] is False  # started before the command line was built
    assert not Path(f"/proc/{started['pid']}").exists()  # stopped and reaped with the command
    assert started["version_check"] == version_check


def test_an_early_choice_that_fails_is_left_to_the_command(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A fault while choosing early (here: the API's process will not start) is no raw
    traceback before the command's own fault handling: the command chooses again."""
    from pipeline.cli import _run_early
    from pipeline.flows import prefect_server

    def will_not_start(say: object = None) -> str | None:
        raise OSError("no space left on device")

    monkeypatch.setenv("PREFECT_HOME", str(tmp_path / "prefect"))
    monkeypatch.setattr(prefect_server, "choose_api", will_not_start)
    _run_early(["bridgescan", "run", str(tmp_path), "--no-runner"])  # returns: no exception
