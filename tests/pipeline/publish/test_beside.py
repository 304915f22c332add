"""A file built in a second process comes back whole, and a failure there is not trusted."""

from __future__ import annotations

import os
import subprocess
import sys
import threading

from pipeline.publish.beside import beside

_IN_A_FRESH_PROCESS = """
import os
from pipeline.publish.beside import beside
parent = os.getpid()
made = beside(lambda: f"{os.getpid()}:".encode() + b"x" * 500_000)  # more than a pipe holds
pid, _, body = made.result().partition(b":")
print(int(pid) != parent, body == b"x" * 500_000)
"""


def test_the_bytes_come_back_from_the_child() -> None:
    """Run in a fresh interpreter: the test runner's own threads (pytest-xdist) would make
    beside() build in-process, and the child's path would go untested."""
    done = subprocess.run(
        [sys.executable, "-c", _IN_A_FRESH_PROCESS], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["True", "True"]


def test_a_failing_child_is_not_trusted(tmp_path) -> None:
    marker = tmp_path / "built-here"

    def build() -> bytes:
        if os.getpid() != parent:
            raise RuntimeError("the child fails")
        marker.write_text("yes")
        return b"built in the parent"

    parent = os.getpid()
    assert beside(build).result() == b"built in the parent"
    assert marker.read_text() == "yes"


def test_with_threads_running_it_builds_in_process() -> None:
    stop = threading.Event()
    worker = threading.Thread(target=stop.wait)
    worker.start()
    try:
        assert beside(lambda: str(os.getpid()).encode()).result() == str(os.getpid()).encode()
    finally:
        stop.set()
        worker.join()
