"""Reading processes ready before the batch's first chunk (pipeline/flows/reading_processes.py).

The command starts its reading processes before it imports Prefect (``start_early``), and
each process loads the reader's modules and the digit model as it starts, not when its
first chunk comes: both boot on the other core while the command starts its flow run.
The flow takes those processes (``take_early``); the ones no batch took are ended
(``close_early``), so none outlives the command. Real processes, real chunks of the
sample's scan.
"""

from __future__ import annotations

import os
import resource
import threading
import time

import psutil
import pytest

from pipeline.events.eventfile import load_event
from pipeline.flows.pages import PageChunk, event_setup, read_chunk
from pipeline.flows.reading_processes import (
    ReadingProcesses,
    close_early,
    start_early,
    take_early,
)
from tests.pipeline.flows.reading_children import imported, reading_processes
from tests.pipeline.flows.sample_events import SAMPLE

#: What a reading process loads for its reader (ocr/pages.py loads OpenCV and the PDF
#: renderer only as a page is decoded).
READER_MODULES = {"cv2", "pypdfium2", "ocr.reader", "ocr.digits", "pipeline.doors.scans.reading"}


def _chunk() -> tuple[object, PageChunk]:
    event = load_event(SAMPLE / "event.yaml")
    chunk = PageChunk("evening", 1, 0, SAMPLE / "scans" / "session1.pdf", 1, 1,
                      event_setup(event), "d" * 64)  # fmt: skip
    return event, chunk


def _gone(processes: list[psutil.Process], seconds: float = 20) -> bool:
    _, alive = psutil.wait_procs(processes, timeout=seconds)
    return not alive


def test_a_reading_process_loads_its_reader_before_its_first_chunk(
    monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    event, chunk = _chunk()
    monkeypatch.setenv("PYTHONPROFILEIMPORTTIME", "1")  # inherited by the process it starts
    capfd.readouterr()
    loaded: set[str] = set()
    with ReadingProcesses(1) as readers:
        deadline = time.monotonic() + 120
        while not READER_MODULES <= loaded:  # no chunk sent yet
            assert time.monotonic() < deadline, f"not loaded: {READER_MODULES - loaded}"
            time.sleep(0.2)
            loaded |= imported(capfd.readouterr().err)
        answer = readers.read(event, chunk)  # type: ignore[arg-type]
    assert list(answer.readings()) == read_chunk(event, chunk)  # type: ignore[arg-type]


def test_processes_started_early_are_the_batchs_or_are_ended() -> None:
    event, chunk = _chunk()
    try:
        start_early(1)
        (early,) = reading_processes(psutil.Process().pid)
        with take_early(1) as readers:  # the same process, now the batch's
            assert [p.pid for p in reading_processes(psutil.Process().pid)] == [early.pid]
            assert len(readers.read(event, chunk).readings()) == 1  # type: ignore[arg-type]
        assert _gone([early])

        start_early(2)  # another number than the batch asks for: ended, fresh ones started
        two = reading_processes(psutil.Process().pid)
        assert len(two) == 2
        with take_early(1):
            assert _gone(two)
            (fresh,) = reading_processes(psutil.Process().pid)
            assert fresh.pid not in {p.pid for p in two}
        assert _gone([fresh])

        start_early(1)  # no batch took it (the command stopped before its flow): ended
        (left,) = reading_processes(psutil.Process().pid)
        close_early()
        assert _gone([left]) and reading_processes(psutil.Process().pid) == []
        close_early()  # nothing started: nothing to do
    finally:  # a failed check leaves no process to the tests after it
        close_early()


def test_a_reading_process_never_imports_from_the_folder_it_was_started_in(
    tmp_path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A director's folder of scans may hold anything; a file there named like a module the
    # reader loads must not replace it (python -c puts the working folder first on the path
    # unless told -P).
    (tmp_path / "cv2.py").write_text("raise ImportError('the folder was imported from')\n")
    (tmp_path / "json.py").write_text("raise ImportError('the folder was imported from')\n")
    monkeypatch.chdir(tmp_path)
    event, chunk = _chunk()
    with ReadingProcesses(1) as readers:
        answer = readers.read(event, chunk)  # type: ignore[arg-type]
    assert list(answer.readings()) == read_chunk(event, chunk)  # type: ignore[arg-type]


def test_processes_started_before_a_start_fails_are_ended(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A process that cannot be started (here: no file descriptor left for its pipe, as on
    a machine out of them or of processes) ends the ones started before it, and their
    lifeline: none is left running beside a command that reports the failure. The first
    process starts for real; before the second, this process is left no descriptor to
    spare, so the second's real start fails as it would on such a machine."""
    me = psutil.Process()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    real_start = ReadingProcesses._start
    started: list[psutil.Process] = []
    fillers: list[int] = []

    def start_then_run_out(self: ReadingProcesses):  # type: ignore[no-untyped-def]
        if started:
            fillers.extend(_no_descriptor_to_spare(hard))
        reader = real_start(self)
        started.append(psutil.Process(reader.process.pid))
        return reader

    monkeypatch.setattr(ReadingProcesses, "_start", start_then_run_out)
    try:
        with pytest.raises(OSError) as failed:
            ReadingProcesses(3)
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
        for fd in fillers:
            os.close(fd)
    assert len(started) == 1
    # While the failure is still held (its traceback keeps the half-made object, as a
    # command reporting it does), the first process is already ended, not left to the
    # collector closing its lifeline.
    assert _gone(started, seconds=10)
    assert reading_processes(me.pid) == []
    del failed


def test_close_waits_for_a_message_being_sent_to_end() -> None:
    """``close`` tells each process to stop down the pipe a read-ahead thread may still be
    sending a chunk down (the first event failed, so the flow never took its chunks): its
    word must wait until the chunk is written whole, or the two writes interleave and the
    process reads neither. Here the chunk's sending is held half-way, as a thread writing a
    large chunk holds it."""
    readers = ReadingProcesses(1)
    (reader,) = readers._readers
    process = psutil.Process(reader.process.pid)
    reader.sending.acquire()  # a read-ahead thread in the middle of a chunk's message
    closing = threading.Thread(target=readers.close)
    closing.start()
    closing.join(0.5)
    assert closing.is_alive()  # close waits for the message to be whole
    assert process.is_running() and process.status() != psutil.STATUS_ZOMBIE
    reader.sending.release()
    closing.join(20)
    assert not closing.is_alive() and _gone([process])


def test_a_process_replaced_while_the_batch_closes_is_not_left_running(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A process that died mid-chunk is replaced by the thread that sent it the chunk; when
    ``close`` runs meanwhile (the batch stopping), the fresh one must be among those it
    ends, not started after it took its list and closed the lifeline (then it ran on, or
    was started with a descriptor already closed). The fresh start is held here until
    ``close`` has been called."""
    me = psutil.Process()
    readers = ReadingProcesses(1)
    (dead,) = readers._readers
    real_start = ReadingProcesses._start
    starting = threading.Event()

    def slow_start(self: ReadingProcesses):  # type: ignore[no-untyped-def]
        starting.set()
        time.sleep(0.5)  # the batch is closed meanwhile
        return real_start(self)

    dead.process.kill()
    monkeypatch.setattr(ReadingProcesses, "_start", slow_start)
    failed: list[BaseException] = []

    def replace() -> None:
        try:
            readers._replace(dead)
        except BaseException as error:  # noqa: BLE001 - the test's to report
            failed.append(error)

    replacing = threading.Thread(target=replace)
    replacing.start()
    assert starting.wait(10)
    readers.close()
    replacing.join(20)
    assert not replacing.is_alive() and failed == []
    deadline = time.monotonic() + 10
    while reading_processes(me.pid) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert reading_processes(me.pid) == []


def test_ctrl_c_while_the_batch_closes_leaves_no_descriptor_and_no_process(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ctrl-C while ``close`` waits for its processes (here: as it waits for the first)
    still closes the lifeline: the standing runner runs command after command in one
    process, so its descriptors must not pile up, and the processes not waited for read
    end-of-file on it and exit by themselves."""
    from pipeline.flows import reading_processes as module

    me = psutil.Process()
    readers = ReadingProcesses(2)
    children = [psutil.Process(r.process.pid) for r in readers._readers]
    lifeline = (readers._lifeline, readers._lifeline_end)

    def ctrl_c(process):  # type: ignore[no-untyped-def]
        raise KeyboardInterrupt

    monkeypatch.setattr(module, "_wait_or_kill", ctrl_c)
    with pytest.raises(KeyboardInterrupt):
        readers.close()
    for fd in lifeline:
        with pytest.raises(OSError):
            os.fstat(fd)
    assert _gone(children)
    assert reading_processes(me.pid) == []


def _no_descriptor_to_spare(hard: int) -> list[int]:
    """Leave this process no file descriptor to open: every free number below the highest
    one open is filled (with /dev/null), then the limit is set just above it. The limit
    caps a descriptor's number, not how many are open, so a hole left by a descriptor an
    earlier test closed would otherwise let the next one open (seen under ``-n 2``).
    Gives the fillers, for the caller to close."""
    highest = max(int(name) for name in os.listdir("/proc/self/fd"))
    fillers = []
    while (fd := os.open(os.devnull, os.O_RDONLY)) <= highest:
        fillers.append(fd)
    os.close(fd)
    resource.setrlimit(resource.RLIMIT_NOFILE, (highest + 1, hard))
    return fillers
