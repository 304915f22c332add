"""The batch on reading processes (``--runner processes``, pipeline/flows/reading_processes.py).

Real processes, real Prefect (the session's API), real kills (that a batch on reading
processes publishes what one on threads publishes is test_batch_flow.py's, beside the
threads' batch it is compared with):

- a reading process (given one BLAS/OpenMP/OpenCV thread) killed while it reads a chunk
  fails that chunk only, named by file and pages, as the batch reports it (outcome
  ``reader-died``, exit code 3); a fresh process takes its place and reads the next chunk
  as this thread reads it. The process is held
  inside the chunk by a named pipe as its scan file: killed exactly there, never before
  it took the chunk nor after it answered;
- ``bridgescan batch --runner processes`` killed with SIGKILL, or stopped with Ctrl-C,
  leaves no reading process behind.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import psutil
import pytest

from pipeline.cli.batch import exit_code
from pipeline.cli.exit_codes import ExitCode
from pipeline.events.eventfile import load_event
from pipeline.flows.pages import PageChunk, event_setup, read_chunk
from pipeline.flows.prefect_env import MATHS_THREADS
from pipeline.flows.reading_processes import ReadingProcessDied, ReadingProcesses
from pipeline.flows.task_runners import runner_spec
from tests.pipeline.flows.reading_children import reading_processes
from tests.pipeline.flows.sample_events import SAMPLE
from tests.pipeline.flows.sample_run import NOW
from tests.prefect_api import command_env

ROOT = Path(__file__).parents[3]
BRIDGESCAN = str(Path(sys.executable).parent / "bridgescan")


def _the_reading_process(parent: int, timeout: float = 30) -> psutil.Process:
    """The one reading process ``parent`` runs, waited for: after a death, its replacement
    is started only once the death is seen."""
    deadline = time.monotonic() + timeout
    while len(found := reading_processes(parent)) != 1:
        assert time.monotonic() < deadline, f"reading processes: {found}"
        time.sleep(0.05)
    return found[0]


def _ended(processes: list[psutil.Process], seconds: float = 20) -> bool:
    """Whether every one of ``processes`` ended within ``seconds`` (killed if not)."""
    _, alive = psutil.wait_procs(processes, timeout=seconds)
    for process in alive:
        process.kill()
    return not alive


def test_the_runner_is_named_in_the_summary_and_checked() -> None:
    assert runner_spec("processes", 2).describe() == "2 reading processes"
    assert runner_spec("processes", 1).describe() == "1 reading process"
    assert runner_spec("processes", 2).short == "2 processes"
    with pytest.raises(ValueError, match="scheduler address needs the dask runner"):
        runner_spec("processes", address="tcp://x:8786")


def test_a_reading_process_killed_in_a_chunk_fails_that_chunk_and_is_replaced(
    tmp_path: Path,
) -> None:
    from pipeline.flows.batch_event import EventRun

    event = load_event(SAMPLE / "event.yaml")
    held = tmp_path / "evening" / "scans" / "session1.tif"
    held.parent.mkdir(parents=True)
    os.mkfifo(held)  # the reading process waits in it for a scan that never comes
    stuck = PageChunk("evening", 1, 1, held, 9, 16, event_setup(event), "d" * 64)
    good = PageChunk("evening", 1, 0, SAMPLE / "scans" / "session1.pdf", 2, 3,
                     event_setup(event), "d" * 64)  # fmt: skip
    failures: list[BaseException] = []

    def read_stuck(readers: ReadingProcesses) -> None:
        try:
            readers.read(event, stuck)
        except BaseException as error:  # noqa: BLE001 - the test looks at it
            failures.append(error)

    with ReadingProcesses(1) as readers:
        first = _the_reading_process(os.getpid())
        given = first.environ()  # one BLAS/OpenMP/OpenCV thread (explicit settings win)
        assert {name: given.get(name) for name in MATHS_THREADS} == {
            name: os.environ[name] for name in MATHS_THREADS
        }
        waiting = threading.Thread(target=read_stuck, args=(readers,))
        waiting.start()
        deadline = time.monotonic() + 120
        while True:  # until the process has opened the scan: it is inside the chunk
            try:  # held open, and nothing written: the process waits for the scan's bytes
                writer = os.open(held, os.O_WRONLY | os.O_NONBLOCK)
                break
            except OSError:
                assert time.monotonic() < deadline, "the process never opened the chunk's scan"
                time.sleep(0.05)
        first.kill()
        os.close(writer)
        waiting.join(30)
        assert not waiting.is_alive()
        (error,) = failures
        assert isinstance(error, ReadingProcessDied)
        assert str(error).startswith(f"{held}, pages 9-16: the process reading them ended "
                                     "(killed by SIGKILL) before it answered")  # fmt: skip
        second = _the_reading_process(os.getpid())
        assert second.pid != first.pid and not first.is_running()
        answer = readers.read(event, good)  # packed: unpickled when the event is scored
        assert answer.pages == () and list(answer.readings()) == read_chunk(event, good)
    assert _ended([second], 0)

    run = EventRun("evening", tmp_path / "evening", tmp_path / "out")
    outcome = run.fail(error)
    assert outcome.outcome == "reader-died"
    assert outcome.sessions[0].note.startswith("scans/session1.tif, pages 9-16: the process ")
    assert exit_code(["official", "reader-died", "provisional"]) == ExitCode.ENVIRONMENT


@pytest.mark.parametrize("stop", ["SIGKILL", "Ctrl-C"])
def test_a_batch_killed_or_interrupted_leaves_no_reading_process(tmp_path: Path, stop: str) -> None:
    env = {**command_env(tmp_path / "prefect"), "BRIDGESCAN_NOW": NOW}
    env["PREFECT_SERVER_EPHEMERAL_STARTUP_TIMEOUT_SECONDS"] = "600"  # a busy shared machine
    command = [BRIDGESCAN, "batch", str(SAMPLE), "-o", str(tmp_path / "out"), "--runner",
               "processes", "--workers", "2"]  # fmt: skip
    batch = subprocess.Popen(command, env=env, cwd=ROOT, stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE, text=True,
                             start_new_session=True)  # fmt: skip
    readers: list[psutil.Process] = []
    try:
        deadline = time.monotonic() + 300
        while len(readers) < 2 and batch.poll() is None and time.monotonic() < deadline:
            time.sleep(0.1)
            readers = reading_processes(batch.pid)
        assert len(readers) == 2, "the batch never started its reading processes"
        if stop == "SIGKILL":
            batch.kill()  # the command alone: its reading processes must see it go
        else:
            os.killpg(batch.pid, signal.SIGINT)  # as a terminal sends Ctrl-C
        _, stderr = batch.communicate(timeout=120)
        if stop == "Ctrl-C":
            assert batch.returncode == ExitCode.INTERRUPTED, stderr[-3000:]
            assert "interrupted: run the same command again" in stderr
            assert "Traceback" not in stderr
        assert _ended(readers), f"reading processes {readers} lived on"
    finally:
        if batch.poll() is None:
            batch.kill()
