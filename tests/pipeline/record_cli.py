"""``bridgescan`` as its own process, for the tests of the record (clock, verification,
trail): the command line exactly as a director runs it, with the clock set by
``BRIDGESCAN_NOW`` and the store key in the test's own folder."""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import datetime
from pathlib import Path

__all__ = ["ROOT", "bridgescan", "environment"]

ROOT = Path(__file__).parents[2]
_MAIN = "import sys; sys.argv[0] = 'bridgescan'; from pipeline.cli import main; main()"


def environment(home: Path, at: datetime | None = None, **extra: str) -> dict[str, str]:
    """A clean environment: this checkout's code, HOME (and the store key made on first
    use) in ``home``, wide output, and the clock at ``at``."""
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "PYTHONPATH": str(ROOT),
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(home / ".config"),
        "COLUMNS": "200",
        "PREFECT_HOME": str(home / ".prefect"),
        "DO_NOT_TRACK": "1",
    }
    if at is not None:
        env["BRIDGESCAN_NOW"] = at.isoformat()
    env.update(extra)
    return env


def bridgescan(
    *args: str, env: dict[str, str], timeout: float = 120
) -> subprocess.CompletedProcess[str]:
    """Run ``bridgescan ARGS``; stdout and stderr together in ``.stdout``."""
    return subprocess.run(
        [sys.executable, "-c", _MAIN, *args], cwd=ROOT, env=env, text=True,
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=timeout, check=False,
    )  # fmt: skip
