"""The standing runner of ``bridgescan run`` (pipeline/cli/runner/, issue 42).

One real runner (``python -m pipeline.cli.runner.standing``) beside the session's Prefect
API, in a Prefect home of this file's own, and real ``bridgescan run`` processes as a shell
starts them (the entry point, ``pipeline.cli.main``) on the sample evening's typed sessions.
The output folder is held by the test (``flock``, as a run holds it) to catch a command in
the runner mid-run: it waits there, says so, and is then let go, interrupted, or left by a
runner killed under it. The runner is stopped at the end (the last test kills it).
"""

from __future__ import annotations

import fcntl
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from pipeline.cli.runner import client, control, wire
from tests.pipeline.flows.commands import COMMAND_SETTINGS
from tests.pipeline.flows.sample_events import both_sessions_typed

ROOT = Path(__file__).parents[3]
NOW = "2026-11-30T21:40:00+01:00"
WAITING = "waiting: another bridgescan run is writing"


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The runners' Prefect home; whatever runner is left in it stopped at the end."""
    folder = tmp_path_factory.mktemp("runner") / "prefect"
    folder.mkdir()
    yield folder
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("PREFECT_HOME", str(folder))
        control.stop_runner()


@pytest.fixture
def runner(home: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, object]:
    """The runner of ``home`` (started by the first test that asks, again after a kill)."""
    monkeypatch.setenv("PREFECT_HOME", str(home))
    record, _started = control.start_runner(os.environ["PREFECT_API_URL"], 600)
    return record


def _evening(tmp_path: Path) -> Path:
    return both_sessions_typed(tmp_path / "evening")


def _env(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in COMMAND_SETTINGS}
    return {**env, "PREFECT_HOME": str(home), "BRIDGESCAN_NOW": NOW}


def _start(
    folder: Path, out: Path, home: Path, *more: str, umask: int = -1
) -> subprocess.Popen[str]:
    command = [sys.executable, "-c", "from pipeline.cli import main; main()", "run",
               str(folder), "-o", str(out), *more]  # fmt: skip
    return subprocess.Popen(command, env=_env(home), cwd=ROOT, text=True, umask=umask,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)  # fmt: skip


class _Held:
    """The output folder held as a run holds it, until ``release``."""

    def __init__(self, out: Path) -> None:
        out.mkdir(parents=True, exist_ok=True)
        self._descriptor = os.open(out, os.O_RDONLY | os.O_DIRECTORY)
        fcntl.flock(self._descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)

    def release(self) -> None:
        os.close(self._descriptor)


def _until_waiting(process: subprocess.Popen[str]) -> list[str]:
    """The lines of its stderr, read on a thread of their own, once the command says it
    waits for the folder (within 120 s)."""
    lines: list[str] = []
    reader = threading.Thread(target=lambda: lines.extend(iter(process.stderr.readline, "")))  # type: ignore[union-attr]
    reader.start()
    deadline = time.monotonic() + 120
    while not any(WAITING in line for line in lines):
        assert process.poll() is None and time.monotonic() < deadline, "".join(lines)
        time.sleep(0.05)
    process.stderr_reader = reader  # type: ignore[attr-defined]
    return lines


def _finish(process: subprocess.Popen[str], lines: list[str]) -> tuple[int, str, str]:
    stdout = process.stdout.read()  # type: ignore[union-attr]
    process.wait(300)
    process.stderr_reader.join()  # type: ignore[attr-defined]
    return process.returncode, stdout, "".join(lines)


def _commands_served(home: Path, at_least: int = 0) -> int:
    """How many commands the runner's log names (waiting up to 60 s for ``at_least``: the
    runner writes its line after it has answered)."""
    deadline = time.monotonic() + 60
    while True:
        log = (home / control.LOG_NAME).read_text("utf-8")
        served = sum(1 for line in log.splitlines() if " command " in line)
        if served >= at_least or time.monotonic() > deadline:
            return served
        time.sleep(0.1)


def _same_text(text: str, out: Path) -> list[str]:
    """The output with the folder's name and the times of the progress line taken out."""
    return [line.replace(str(out), "OUT") for line in text.splitlines() if "done in" not in line]


def test_a_run_in_the_runner_waits_its_turn_and_writes_what_a_fresh_run_writes(
    tmp_path: Path, home: Path, runner: dict[str, object]
) -> None:
    from pipeline.store.chain import seal_from_environment

    seal_from_environment()  # the user's store key made before, not by the first of the two
    folder = _evening(tmp_path)
    fresh = subprocess.run(
        [sys.executable, "-c", "from pipeline.cli import main; main()", "run", str(folder),
         "-o", str(tmp_path / "fresh"), "--no-runner"],
        env=_env(home), cwd=ROOT, text=True, capture_output=True, timeout=600,
    )  # fmt: skip
    served = _commands_served(home)
    out = tmp_path / "through the runner"
    held = _Held(out)
    process = _start(folder, out, home)
    lines = _until_waiting(process)
    time.sleep(0.3)
    assert process.poll() is None, "it did not wait for the folder"
    held.release()
    code, stdout, stderr = _finish(process, lines)

    assert fresh.returncode == code == 1, stderr  # published, PROVISIONAL (the sample)
    assert _commands_served(home, served + 1) == served + 1, "it did not run in the runner"
    assert (out / "results.json").read_bytes() == (tmp_path / "fresh/results.json").read_bytes()
    assert _same_text(stdout, out) == _same_text(fresh.stdout, tmp_path / "fresh")
    assert [line for line in stderr.splitlines() if WAITING not in line] == [
        line for line in fresh.stderr.splitlines()
    ]


def test_a_client_without_a_runner_of_its_code_runs_the_command_in_itself(
    tmp_path: Path, home: Path, runner: dict[str, object], monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = ["bridgescan", "run", str(_evening(tmp_path)), "-o", str(tmp_path / "out")]
    other = tmp_path / "other home"
    other.mkdir()
    monkeypatch.setenv("PREFECT_HOME", str(other))
    assert client.run_through_runner(argv) is None  # no runner recorded
    record = {**runner, "code": "0" * 64}  # a runner of other code (an upgrade under it)
    (other / wire.RECORD_NAME).write_text(json.dumps(record))
    os.symlink(home / wire.SOCKET_NAME, other / wire.SOCKET_NAME)
    assert client.run_through_runner(argv) is None
    (other / wire.RECORD_NAME).write_text(json.dumps({**runner, "code": wire.code_digest()}))
    (other / wire.SOCKET_NAME).unlink()  # recorded, but nobody answers
    assert client.run_through_runner(argv) is None
    assert client.run_through_runner([*argv, "--no-runner"]) is None
    assert client.run_through_runner(["bridgescan", "review", "list", "x"]) is None


def _ask(request: dict[str, object], home: Path) -> tuple[bytes, bytes] | None:
    """The runner's answer to ``request``, asked again while it is still busy with the
    request before (it lets go of a refused one on its own thread, a moment after the
    answer: a loaded machine made the next question meet "busy", which a client takes
    as "run in a fresh process")."""
    for _ in range(100):
        answer = _ask_once(request, home)
        if answer != (wire.REFUSED, b"busy with another command"):
            return answer
        time.sleep(0.1)
    return answer


def _ask_once(request: dict[str, object], home: Path) -> tuple[bytes, bytes] | None:
    connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    connection.settimeout(60)
    connection.connect(str(home / wire.SOCKET_NAME))
    frames = wire.Frames(connection)
    frames.send(wire.REQUEST, json.dumps(request).encode())
    answer = frames.receive()
    frames.close()
    return answer


def test_the_runner_refuses_other_code_another_folder_and_other_prefect_settings(
    home: Path, runner: dict[str, object]
) -> None:
    mine = {"argv": ["bridgescan", "run", "x"], "cwd": os.getcwd(), "code": wire.code_digest(),
            "env": {k: v for k, v in os.environ.items() if wire.is_forwarded(k)}}  # fmt: skip
    assert _ask({**mine, "code": "0" * 64}, home) == (wire.REFUSED, b"another code than the "
                                                      b"runner's")  # fmt: skip
    elsewhere = "/" if os.getcwd() != "/" else "/tmp"
    assert _ask({**mine, "cwd": elsewhere}, home) == (
        wire.REFUSED, b"a working folder that is not the client's")  # fmt: skip
    other = {**mine["env"], "PREFECT_LOGGING_LEVEL": "DEBUG"}  # type: ignore[dict-item]
    assert _ask({**mine, "env": other}, home) == (
        wire.REFUSED, b"other Prefect settings (PREFECT_LOGGING_LEVEL)")  # fmt: skip
    socket_mode = (home / wire.SOCKET_NAME).stat().st_mode & 0o777
    assert socket_mode == 0o600


def test_a_run_in_the_runner_writes_with_the_clients_umask(
    tmp_path: Path, home: Path, runner: dict[str, object]
) -> None:
    """A client of umask 027 gets results.json as its own process writes it: 0666 less
    027 = 0640 (pipeline/files.py), not the runner's umask's mode (0644 under 022); the
    runner's own umask is back after it."""
    served = _commands_served(home)
    out = tmp_path / "out"
    process = _start(_evening(tmp_path), out, home, umask=0o027)
    stdout, stderr = process.communicate(timeout=300)
    assert process.returncode == 1, stderr  # published, PROVISIONAL (the sample)
    assert _commands_served(home, served + 1) == served + 1, "it did not run in the runner"
    assert (out / "results.json").stat().st_mode & 0o777 == 0o640
    pid = int(runner["pid"])  # type: ignore[call-overload]
    umask_line = [line for line in Path("/proc/self/status").read_text().splitlines()
                  if line.startswith("Umask:")]  # fmt: skip
    assert umask_line[0] in Path(f"/proc/{pid}/status").read_text().splitlines()


def test_ctrl_c_in_the_client_stops_the_command_in_the_runner_as_in_a_fresh_process(
    tmp_path: Path, home: Path, runner: dict[str, object]
) -> None:
    folder = _evening(tmp_path)
    ended = {}
    for way in ("fresh", "runner"):
        out = tmp_path / way
        held = _Held(out)
        process = _start(folder, out, home, *(["--no-runner"] if way == "fresh" else []))
        lines = _until_waiting(process)
        process.send_signal(signal.SIGINT)
        code, stdout, stderr = _finish(process, lines)
        held.release()
        ended[way] = (code, stdout, stderr.replace(str(out), "OUT"))
    assert ended["runner"] == ended["fresh"]
    assert ended["runner"][0] == 130
    assert not (tmp_path / "runner" / "results.json").exists()
    assert control.runner_status().endswith("`bridgescan run` runs in it")  # it serves on


def test_a_runner_killed_mid_run_is_reported_by_its_client(
    tmp_path: Path, home: Path, runner: dict[str, object]
) -> None:
    """The last test of the file: it kills the runner."""
    out = tmp_path / "out"
    held = _Held(out)
    process = _start(_evening(tmp_path), out, home)
    lines = _until_waiting(process)
    os.kill(int(runner["pid"]), signal.SIGKILL)  # type: ignore[call-overload]
    os.waitpid(int(runner["pid"]), 0)  # type: ignore[call-overload]  # this process started it
    code, stdout, stderr = _finish(process, lines)
    held.release()
    assert code == client.RUNNER_GONE == 130
    assert stderr.splitlines()[-1] == (
        f"error: the bridgescan runner (process {runner['pid']}) ended before the command did; "
        "what it wrote is kept, as after a command stopped mid-run: run the same command again "
        "(it carries on without adding anything twice), or with --no-runner"
    )
    assert os.listdir(out) == []  # it was waiting: nothing written
