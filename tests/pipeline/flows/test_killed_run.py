"""A run killed with -9 leaves no Prefect API process behind (issue 40, item 5).

The real command on the sample evening (both sessions typed), its temporary Prefect API
started as Prefect starts it; once the API process is up under the command, the command is
killed with SIGKILL (no atexit hook runs). Before, the API process lived on, every time.
And a run refused before its flow starts ends the API it started first thing (issue 42).
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

from tests.pipeline.flows.api_processes import SERVES, api_children
from tests.pipeline.flows.sample_events import both_sessions_typed

ROOT = Path(__file__).parents[3]
SAMPLE = ROOT / "sample_data" / "club-evening"


def _alive(pid: int) -> bool:
    """A running API (a zombie waiting to be reaped has ended: its state is Z, its cmdline
    empty; the API's watcher, which names the app among its arguments and ends a moment after
    the command, serves nothing)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        return state != "Z" and SERVES in Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return False


def test_a_run_killed_with_minus_9_leaves_no_prefect_api_running(tmp_path: Path) -> None:
    folder = both_sessions_typed(tmp_path / "evening")
    env = {k: v for k, v in os.environ.items() if not k.startswith("PREFECT_")}
    env["PREFECT_HOME"] = str(tmp_path / "prefect")
    command = [sys.executable, "-c", "from pipeline.cli import main; main()", "run",
               str(folder), "-o", str(tmp_path / "out")]  # fmt: skip
    run = subprocess.Popen(command, env=env, cwd=ROOT, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)  # fmt: skip
    api: list[int] = []
    try:
        deadline = time.monotonic() + 180
        while not api and run.poll() is None and time.monotonic() < deadline:
            time.sleep(0.2)
            api = api_children(run.pid)
        assert api, "the run never started Prefect's API"
        run.send_signal(signal.SIGKILL)
        run.wait()
        deadline = time.monotonic() + 20
        while any(_alive(pid) for pid in api) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert not any(_alive(pid) for pid in api), f"Prefect's API {api} outlived the run"
    finally:
        if run.poll() is None:
            run.kill()
        for pid in api:
            if _alive(pid):
                os.kill(pid, signal.SIGKILL)


def _api_processes_of(home: Path) -> list[int]:
    """Running Prefect API processes whose Prefect home is ``home`` (whatever their parent:
    one left behind is re-parented when its command ends)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            environ = (entry / "environ").read_bytes().split(b"\0")
        except OSError:
            continue
        if f"PREFECT_HOME={home}".encode() in environ and _alive(int(entry.name)):
            found.append(int(entry.name))
    return found


def test_a_run_refused_before_its_flow_ends_the_api_it_started(tmp_path: Path) -> None:
    """`run` starts its temporary API first thing, so it boots while the command checks its
    inputs; a run refused then (an inputs.yaml naming a file outside the event folder: exit
    2) ends that API before it exits, not some seconds later through the watcher."""
    folder = tmp_path / "evening"
    folder.mkdir()
    shutil.copy(SAMPLE / "event.yaml", folder)
    (folder / "inputs.yaml").write_text(
        f"sessions:\n  1:\n    entries: [{SAMPLE / 'session2.csv'}]\n", encoding="utf-8"
    )
    home = tmp_path / "prefect"
    env = {k: v for k, v in os.environ.items() if not k.startswith("PREFECT_")}
    env["PREFECT_HOME"] = str(home)
    command = [sys.executable, "-c", "from pipeline.cli import main; main()", "run",
               str(folder), "-o", str(tmp_path / "out")]  # fmt: skip
    run = subprocess.Popen(command, env=env, cwd=ROOT, stdout=subprocess.DEVNULL,
                           stderr=subprocess.PIPE, text=True)  # fmt: skip
    seen: set[int] = set()
    try:
        while run.poll() is None:
            seen |= set(api_children(run.pid))
            time.sleep(0.05)
        said = run.stderr.read() if run.stderr else ""
        assert run.returncode == 2, said
        assert "outside" in said or "inputs.yaml" in said, said
        left = _api_processes_of(home)
        assert not left, f"Prefect's API {left} outlived the refused run (seen: {seen})"
    finally:
        if run.poll() is None:
            run.kill()
        for pid in seen | set(_api_processes_of(home)):
            if _alive(pid):
                os.kill(pid, signal.SIGKILL)
