"""``bridgescan serve CLUB`` as a real process on a free port of 127.0.0.1, for the browser
tests of the club's console and the README's screenshots (scripts/screenshots.py).

The console is the command a director runs, its sign-in address read from what it prints;
its output goes to a file (a pipe nobody reads fills up and stops the console).
"""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from tests.prefect_api import command_env

__all__ = ["Served", "served_club"]

ROOT = Path(__file__).parents[3]


@dataclass(frozen=True)
class Served:
    folder: Path
    url: str
    sign_in: str  # the address printed at start: opening it signs the browser in


@contextmanager
def served_club(folder: Path, scratch: Path) -> Iterator[Served]:
    """The club console over ``folder`` (Prefect's home and the console's output in
    ``scratch``), stopped on leaving."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = command_env(scratch / "prefect")
    env.pop("BRIDGESCAN_DIRECTOR_PASSWORD", None)
    env["PYTHONUNBUFFERED"] = "1"  # the sign-in address is read as it is printed
    # this checkout's code: the installed script may import another checkout's
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    said = scratch / "serve.log"
    command = [str(Path(sys.executable).parent / "bridgescan"), "serve", str(folder),
               "--port", str(port)]  # fmt: skip
    with said.open("w") as log:
        server = subprocess.Popen(command, env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 60
        found = None
        while found is None:
            found = re.search(r"sign in as the director: (\S+)", said.read_text())
            if server.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"bridgescan serve did not start:\n{said.read_text()}")
            time.sleep(0.1)
        yield Served(folder, f"http://127.0.0.1:{port}", found[1])
    finally:
        server.terminate()
        server.wait(timeout=30)
