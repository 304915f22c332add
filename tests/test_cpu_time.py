"""``--cpu-durations`` (tests/cpu_time.py): the CPU of the session's fixtures torn down after
the last test (a Chromium, a served console ending) is listed on its own line, not on that
test. Run on a two-test file whose session fixture ends by running a command."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).parents[1]
FILE = """
import subprocess, sys, pytest

@pytest.fixture(scope="session")
def command_at_the_end():
    yield
    subprocess.run([sys.executable, "-c", "sum(i * i for i in range(3_000_000))"], check=True)

def test_first(command_at_the_end):
    pass

def test_last(command_at_the_end):
    pass
"""


def test_the_session_teardown_is_its_own_line_not_the_last_test_s(tmp_path: Path) -> None:
    (tmp_path / "test_two.py").write_text(FILE, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "tests.cpu_time",
         "--cpu-durations=5", "test_two.py"],
        cwd=tmp_path, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    spent = {name: float(seconds) for seconds, name in
             re.findall(r"^\s+([\d.]+)s  (\S.*)$", done.stdout, re.M)}  # fmt: skip
    assert spent["(session fixtures torn down)"] >= 0.1, done.stdout  # the command's CPU
    assert spent["test_two.py::test_last"] < 0.1, done.stdout  # its own (empty) body only
