"""The standing runner started and stopped with the Prefect server (``bridgescan prefect``).

``start_runner`` starts it beside the server ``bridgescan prefect start`` started or found
(``python -m pipeline.cli.runner.standing``, in a session of its own, its log in Prefect's home:
``bridgescan-runner.log``) and waits until it has recorded itself; one of the same code
already running is kept, one of other code (bridgescan or Prefect upgraded under it) is
stopped and replaced. ``stop_runner`` ends it (``bridgescan prefect stop``, before the
server). ``runner_status`` says whether there is one, and whether ``bridgescan run`` uses it.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from pipeline.cli.runner import wire
from pipeline.cli.runner.standing import MARK
from pipeline.flows.prefect_server import end_process, has_mark

__all__ = ["start_runner", "stop_runner", "runner_status", "LOG_NAME"]

LOG_NAME = "bridgescan-runner.log"
_CODE_ROOT = Path(__file__).resolve().parents[3]  # the folder that holds pipeline/


def _record() -> dict[str, Any] | None:
    try:
        record = json.loads(wire.record_path().read_text("utf-8"))
    except (OSError, ValueError):
        return None
    return record if isinstance(record, dict) else None


def _running() -> dict[str, Any] | None:
    """The recorded runner when its process is one and it accepts a connection."""
    record = _record()
    if record is None or not has_mark(int(record.get("pid", 0)), MARK):
        return None
    probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    probe.settimeout(5.0)
    try:
        probe.connect(str(wire.socket_path()))
    except OSError:
        return None
    finally:
        probe.close()
    return record


def start_runner(server_url: str, timeout: float) -> tuple[dict[str, Any], bool]:
    """The runner for ``server_url`` (started now, or the one running of this code);
    returns its record and whether it was started now. Raises ``RuntimeError`` with the
    end of its log when it is not ready within ``timeout`` seconds (it is then stopped)."""
    running = _running()
    if running is not None:
        if running.get("code") == wire.code_digest() and running.get("server") == server_url:
            return running, False
        stop_runner()
    home = wire.prefect_home()
    log = home / LOG_NAME
    env = {**os.environ, "PREFECT_API_URL": server_url, "PREFECT_HOME": str(home)}
    # The code of the command that starts it, wherever the interpreter would look first.
    env["PYTHONPATH"] = os.pathsep.join(filter(None, (str(_CODE_ROOT), env.get("PYTHONPATH"))))
    with open(log, "ab") as sink:
        # -P: never the folder it was started in (a file there named like a module).
        process = subprocess.Popen([sys.executable, "-P", "-m", MARK], env=env,
                                   stdin=subprocess.DEVNULL, stdout=sink, stderr=sink,
                                   start_new_session=True)  # fmt: skip
    deadline = time.monotonic() + timeout
    while True:
        record = _record()
        if record is not None and record.get("pid") == process.pid:
            return record, True
        if process.poll() is not None or time.monotonic() > deadline:
            end_process(process.pid, mark=MARK)
            tail = log.read_text("utf-8", errors="replace")[-1500:]
            raise RuntimeError(f"the bridgescan runner was not ready; its log {log}:\n{tail}")
        time.sleep(0.2)


def stop_runner() -> dict[str, Any] | None:
    """Stop the recorded runner and forget it; returns its record (None: none recorded)."""
    record = _record()
    if record is None:
        return None
    end_process(int(record.get("pid", 0)), mark=MARK)
    wire.record_path().unlink(missing_ok=True)
    wire.socket_path().unlink(missing_ok=True)
    return record


def runner_status() -> str:
    """One line: the runner, and whether ``bridgescan run`` uses it."""
    record = _running()
    if record is None:
        return "no bridgescan runner: each `bridgescan run` loads Prefect itself"
    same = record.get("code") == wire.code_digest()
    use = "`bridgescan run` runs in it" if same else (
        "of other code than this bridgescan's: `bridgescan run` runs in itself "
        "(`bridgescan prefect stop` and `start` replace it)")  # fmt: skip
    return (f"bridgescan runner: process {record['pid']} (bridgescan {record.get('bridgescan')}, "
            f"Prefect {record.get('prefect')}, {wire.socket_path()}): {use}")  # fmt: skip
