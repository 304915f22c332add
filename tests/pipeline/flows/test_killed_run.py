"""A run killed with -9 leaves no Prefect API process behind (issue 40, item 5).

The real command on the sample evening (both sessions typed), its temporary Prefect API
started as Prefect starts it; once the API process is up under the command, the command is
killed with SIGKILL (no atexit hook runs). Before, the API process lived on, every time.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).parents[3]
SAMPLE = ROOT / "sample_data" / "club-evening"
API_MARK = b"prefect.server.api.server:create_app"


def _api_children(parent: int) -> list[int]:
    """Prefect API processes whose parent is ``parent`` (read from /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            cmdline = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        if int(stat.rsplit(")", 1)[1].split()[1]) == parent and API_MARK in cmdline:
            found.append(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    """Running (a zombie waiting to be reaped has ended: its state is Z, its cmdline empty)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        return state != "Z" and API_MARK in Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return False


def test_a_run_killed_with_minus_9_leaves_no_prefect_api_running(tmp_path: Path) -> None:
    folder = tmp_path / "evening"
    folder.mkdir()
    for name in ("event.yaml", "session1.xlsx", "session2.csv"):
        shutil.copy(SAMPLE / name, folder)
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
            api = _api_children(run.pid)
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
